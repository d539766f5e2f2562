import Foundation
@testable import RadialCLI
import RadialCore
import RadialRender
import RadialTestSupport
import RadialVector
import Testing

/// Issue #34 through the built binary: text every format can carry, files whole together, the
/// messages and exit codes of the odd corners (zero-frame recordings, too-small vector pages,
/// locales, help), and the race between a signal and a failing ffmpeg.
@Suite("Hardening, round three: the command line", .serialized)
struct RoundThreeTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-round3-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    /// `s` as a JSON string literal.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value < 0x20: out += String(format: "\\u%04X", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    func write(_ json: String, _ name: String = "page.json") throws -> String {
        let path = dir + "/" + name
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func tool(_ name: String, _ args: [String]) throws -> (code: Int32, out: String, err: String) {
        try Tool.run("/usr/bin/" + name, args)
    }

    // MARK: - Text every format can carry

    static let noncharacters = #"{"title": "Plan \uFFFE A", "charts": [{"type": "pie", "title": "Costs \uFFFF", "sectors": [{"name": "Rent \uFDD0 x", "value": 3}, {"name": "Food \uDBFF\uDFFE", "value": 2}]}]}"#

    @Test("noncharacters in labels: the SVG is well-formed (xmllint, librsvg), the PDF is written, their text leaves them out, one warning each")
    func noncharacters() throws {
        let page = try write(Self.noncharacters)
        for format in ["svg", "pdf"] {
            let out = dir + "/nc." + format
            let r = try Tool.radial(["render", page, "--out", out, "--size", "500x500"])
            #expect(r.code == 0, "\(format): \(r.err)")
            let warnings = r.err.split(separator: "\n").filter { $0.contains("an SVG or PDF can hold") }
            #expect(warnings.count == 4, "\(format): \(r.err)")
            #expect(warnings.contains { $0.contains("U+FFFE is not a character an SVG or PDF can hold (in page title") }, "\(r.err)")
            if format == "svg" {
                #expect(try tool("xmllint", ["--noout", out]).code == 0)
                #expect(try tool("rsvg-convert", [out, "-o", dir + "/nc.png"]).code == 0)
                let text = try String(contentsOfFile: out, encoding: .utf8)
                #expect(text.contains("<title id=\"page-title\">Plan  A</title>") && !text.unicodeScalars.contains { $0.properties.isNoncharacterCodePoint })
            } else {
                let text = try tool("pdftotext", [out, "-"]).out
                #expect(text.contains("Plan") && text.contains("Costs") && text.contains("Rent") && text.contains("Food"), "\(text)")
                #expect(!text.unicodeScalars.contains { $0.properties.isNoncharacterCodePoint }, "\(text)")
                #expect(try tool("pdfinfo", [out]).out.contains("Title:           Plan  A"))
            }
        }
    }

    @Test("every code point the spec reader accepts in a label makes a well-formed SVG and a PDF")
    func everyAcceptedCodePoint() throws {
        // One label per stretch of the code space, each stretch's edges and middle.
        var labels: [String] = []
        for (lo, hi) in [(0x20, 0x7E), (0xA0, 0xD7FF), (0xE000, 0xFFFF), (0x10000, 0x10FFFF)] {
            let picks = [lo, lo + 1, (lo + hi) / 2, hi - 1, hi] + (0xFDCF...0xFDF0).map { $0 } + [0xFFFD, 0xFFFE, 0xFFFF, 0x1FFFE, 0x1FFFF, 0x10FFFE]
            labels.append(String(String.UnicodeScalarView(picks.compactMap { (lo...hi).contains($0) ? Unicode.Scalar($0) : nil }.prefix(60))))
        }
        let sectors = labels.enumerated().map { i, l in #"{"name": \#(Self.quoted("\(i) " + l)), "value": 1}"# }.joined(separator: ", ")
        let page = try write(#"{"charts": [{"type": "pie", "sectors": [\#(sectors)]}]}"#)
        let svg = dir + "/all.svg", pdf = dir + "/all.pdf"
        #expect(try Tool.radial(["render", page, "--out", svg]).code == 0)
        #expect(try tool("xmllint", ["--noout", svg]).code == 0)
        let r = try Tool.radial(["render", page, "--out", pdf])
        #expect(r.code == 0, "\(r.err)")
    }

    @Test("invisible formatting that the bidi pass consumes raises no missing-glyph warning")
    func invisibleFormatting() throws {
        let page = try write(#"{"title": "\u2067שלום\u2069 \u2066abc\u2069 \u061C\u180E x \u2068y\u2069", "charts": [{"type": "radar", "axes": ["A\u2066", "B", "C"], "series": []}]}"#)
        for renderer in ["gl", "cairo"] {
            let r = try Tool.radial(["render", page, "--out", dir + "/bidi.png", "--renderer", renderer, "--size", "400x400"])
            #expect(r.code == 0 && !r.err.contains("no installed font"), "\(renderer): \(r.err)")
        }
    }

    @Test("pdftotext of mixed-direction labels is the label: each run's characters once, in the label's order", arguments: [
        "מחיר 120 שקל", "סה״כ 2025 הכנסות", "שכר 45 אלף", "abc 12 אבג", "מחיר 120", "٢٠٢٥ مبيعات",
    ])
    func mixedDirectionText(label: String) throws {
        let page = try write(#"{"charts": [{"type": "radar", "title": \#(Self.quoted(label)), "axes": ["A", "B", "C"], "series": []}]}"#)
        let out = dir + "/bidi.pdf"
        #expect(try Tool.radial(["render", page, "--out", out, "--size", "600x400"]).code == 0)
        // pdftotext writes a right-to-left line between bidi embedding marks and sets the spaces
        // at a change of direction by its own rule (both around a number on one side of it), so
        // the marks and spaces are left out of the comparison; every other character must be the
        // label's, once each, in its order (a number in Hebrew was once read "12020" for "120").
        func bare(_ s: some StringProtocol) -> String {
            String(String.UnicodeScalarView(s.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value) && !$0.properties.isWhitespace }))
        }
        let lines = try tool("pdftotext", [out, "-"]).out.split(separator: "\n").map(bare)
        #expect(lines.contains(bare(label)), "pdftotext: \(lines)")
    }

    @Test("an SVG's ids are unique: every demo, drilled, hovered and focused")
    func uniqueIDs() throws {
        for demo in Demo.allCases {
            let out = dir + "/\(demo.rawValue).svg"
            var args = ["render", "--demo", demo.rawValue, "--out", out, "--size", "640x720"]
            if demo == .sunburst { args += ["--drill", "Europe/France"] }
            let r = try Tool.radial(args)
            #expect(r.code == 0, "\(demo): \(r.err)")
            let svg = try String(contentsOfFile: out, encoding: .utf8)
            let ids = svg.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $1.count > 1 }.keys
            #expect(repeated.isEmpty, "\(demo): \(repeated.sorted())")
            #expect(try tool("xmllint", ["--noout", out]).code == 0)
        }
    }

    // MARK: - Messages and exit codes

    @Test("a page too small for SVG or PDF asks for a larger --size, as a PNG's does; none mentions a window", arguments: ["svg", "pdf", "png"])
    func tooSmallAdvice(format: String) throws {
        let out = dir + "/small." + format
        let r = try Tool.radial(["render", "--demo", "ebike", "--out", out, "--size", "120x120", "--geometry", dir + "/small.json"])
        #expect(r.code == 0, "\(r.err)")
        let g = try String(contentsOfFile: dir + "/small.json", encoding: .utf8)
        // (The message is wrapped to the page: "Too small", "to show", "the chart", "use a larger", …)
        #expect(g.contains("\"Too small\"") && g.contains("\"use a larger\"") && !g.contains("window") && !g.contains("Make the"), "\(g)")
        if format == "pdf" {
            let text = try tool("pdftotext", [out, "-"]).out
            #expect(text.contains("Too small") && !text.contains("window"), "\(text)")
        }
    }

    @Test("a recording of no frames (--to a hair after --from) is refused as usage, exit 2, and writes nothing", arguments: ["frames", "x.gif", "x.mp4", "x.apng"])
    func zeroFrames(out: String) throws {
        let r = try Tool.radial(["record", "--demo", "pies", "--from", "1", "--to", "1.000000000001", "--out", dir + "/" + out, "--size", "200x200"])
        #expect(r.code == 2, "\(r.code): \(r.err)")
        #expect(r.err.contains("less than one frame after --from"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + out) && Tool.leftovers(in: dir).isEmpty)
    }

    @Test("POSIX locale names are accepted and format as Foundation's scripted locales", arguments: ["zh_CN", "zh_TW", "sr_RS", "pa_IN", "az_AZ", "uz_UZ", "bs_BA", "zh_CN.UTF-8"])
    func posixLocales(name: String) throws {
        let r = try Tool.radial(["describe", "--demo", "pies", "--locale", name])
        #expect(r.code == 0 && !r.out.isEmpty, "\(name): \(r.err)")
    }

    @Test("help, --help and the man page name every demo, every chart type, and render's vector formats")
    func helpFromTheEnums() throws {
        let general = try Tool.radial(["help"]), dashdash = try Tool.radial(["--help"]), man = try Tool.radial(["manpage"])
        let render = try Tool.radial(["help", "render"]), gallery = try Tool.radial(["help", "gallery"])
        for text in [general.out, dashdash.out, man.out] {
            for demo in Demo.allCases { #expect(text.contains(demo.rawValue), "\(demo) is not named") }
            for type in Spec.chartTypes { #expect(text.contains(type), "\(type) is not named") }
            #expect(text.replacingOccurrences(of: "\\-", with: "-").contains("render (FILE | - | --demo NAME) --out OUT.png|.jpg|.webp|.svg|.pdf"))
        }
        #expect(gallery.out.contains("1-\(Demo.allCases.count), Page Up"), "\(gallery.out)")
        #expect(render.out.contains("--demo " + Demo.allCases.map(\.rawValue).joined(separator: "|")) || render.out.contains(Demo.allCases.map(\.rawValue).dropLast().joined(separator: ", ")), "\(render.out)")
        #expect(!man.out.contains("1-3") && !general.out.contains("(ebike, scan, pies)"))
        let table = try Tool.radial(["render", dir + "/t.csv", "--out", dir + "/t.png"])
        #expect(table.code == 2 && CSV.Options.ChartType.allCases.allSatisfy { table.err.contains($0.rawValue) }, "\(table.err)")
        let none = try Tool.radial(["describe"])
        #expect(none.code == 2 && none.err.contains("--demo " + Demo.allCases.map(\.rawValue).joined(separator: "|")), "\(none.err)")
    }

    @Test("the table lists of formats are RadialRender's enums")
    func formatListsAreTheEnums() {
        #expect(OptionTable.stillFormats == StillFormat.allCases.map(\.rawValue))
        #expect(OptionTable.videoFormats == RecordFormat.allCases.filter { $0 != .folder }.map(\.rawValue))
    }

    // MARK: - Races and measurements

    @Test("SIGTERM while ffmpeg encodes a listen's sound: the signal always wins (143), never \"ffmpeg wrote an empty file\" (exit 1)")
    func listenSignalWins() throws {
        let bin = dir + "/stalled", pidFile = dir + "/ffmpeg.pid"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // A stand-in ffmpeg that stops: it never reads its input nor writes its output.
        try "#!/bin/sh\necho $$ > \"\(pidFile)\"\nexec sleep 600\n".write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = bin + ":" + (env["PATH"] ?? "")
        for round in 0..<30 {
            unlink(pidFile)
            let p = Process()
            p.executableURL = Tool.binary
            p.arguments = ["listen", "--demo", "gauge", "--out", dir + "/x.ogg"]
            p.environment = env
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            var started = false
            for _ in 0..<1200 where !started { usleep(10_000); started = FileManager.default.fileExists(atPath: pidFile) }
            try #require(started, "round \(round): the stand-in ffmpeg never started")
            kill(p.processIdentifier, SIGTERM)
            p.waitUntilExit()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM, "round \(round): \(p.terminationStatus) \(message)")
            #expect(!message.contains("empty file"), "round \(round): \(message)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.ogg") && Tool.leftovers(in: dir).isEmpty)
        }
    }

    @Test("bench reports no GPU time it did not measure: with no warm-up the first frame's is not the driver's start-up", arguments: [0, 60])
    func benchGPUTimes(warmup: Int) throws {
        let csv = dir + "/bench-\(warmup).csv"
        let r = try Tool.radial(["bench", "--demo", "ebike", "--warmup", String(warmup), "--frames", "24", "--offscreen", "--size", "200x200", "--csv", csv])
        #expect(r.code == 0, "\(r.err)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let wall = rows.compactMap { Double($0[2]) }.reduce(0, +)
        let gpu = rows.compactMap { Double($0[6]) }
        #expect(!gpu.isEmpty, "no GPU time at all")
        #expect(gpu.allSatisfy { $0 >= 0 && $0 <= wall }, "GPU times past the run's whole wall time \(wall) ms: \(gpu.filter { $0 > wall })")
        let median = try #require(r.out.split(separator: "\n").first { $0.hasPrefix("GPU median ms") })
        let value = Double(median.split(separator: " ").last ?? "") ?? .infinity
        #expect(value <= wall, "\(median)")
    }
}
