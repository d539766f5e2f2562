import Foundation
import RadialCore
import RadialRender
import RadialTestSupport
import RadialVector
import Testing

/// `radial render --out x.svg | x.pdf` as a user runs it: the built binary, its exit codes and
/// messages, the files other programs make of them (pdfinfo, pdftotext, pdffonts, xmllint).
@Suite("render to SVG and PDF from the command line", .serialized)
struct VectorCommandTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-vector-cli-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()
    static var examples: String { GoldenPages.examples.path }

    func tool(_ name: String, _ args: [String]) throws -> String {
        let r = try Tool.run("/usr/bin/" + name, args)
        try #require(r.code == 0, "\(name) \(args): \(r.err)")
        return r.out
    }

    @Test("Several inputs make one PDF, a page each, titled by the first, fonts embedded as subsets")
    func multiPagePDF() throws {
        let out = dir + "/report.pdf"
        let r = try Tool.radial(["render", "--demo", "ebike", Self.examples + "/pies.json", Self.examples + "/repairs.tsv", "--type", "pie",
                                 "--value", "Jobs", "--demo", "scan", "--out", out, "--size", "600x700"])
        #expect(r.code == 0, "\(r.err)")
        let info = try tool("pdfinfo", [out])
        #expect(info.contains("Pages:           4"), "\(info)")
        #expect(info.contains("Title:           Which e-bike?"), "\(info)")
        #expect(info.contains("Creator:         Radial"), "\(info)")
        #expect(info.contains("Tagged:          yes"), "\(info)")
        #expect(info.contains("Page size:       600 x 700 pts"), "\(info)")
        // Every page's text, in page order.
        let text = try tool("pdftotext", [out, "-"])
        for word in ["Speed", "Comfort", "Groceries", "$100.00", "Brakes", "Scanning for devices"] {
            #expect(text.contains(word), "\(word) is not in the PDF's text")
        }
        let pages = text.split(separator: "\u{0C}").map(String.init)
        #expect(pages.count >= 4 && pages[0].contains("Speed") && pages[3].contains("Scanning"), "pages out of order")
        // Each font is embedded and subset (pdffonts: emb yes, sub yes).
        let fonts = try tool("pdffonts", [out]).split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        for line in fonts { #expect(line.contains(" yes yes "), "not an embedded subset: \(line)") }
    }

    /// Every run of text drawn on the demo pages, every axis label and sector name, and the
    /// values shown: all in pdftotext's reading of the PDF (whitespace aside).
    @Test("pdftotext finds every axis label, sector name and value the demo pages show", arguments: Demo.allCases)
    func textIsText(_ demo: Demo) throws {
        let out = dir + "/\(demo.rawValue).pdf"
        let r = try Tool.radial(["render", "--demo", demo.rawValue, "--out", out, "--locale", "en_US"])
        #expect(r.code == 0, "\(r.err)")
        let text = try tool("pdftotext", [out, "-"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // What the page draws, by the same drawing: the frame's runs.
        let session = try VectorSession()
        defer { session.close() }
        let scene = session.scene(for: demo.page, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let frame = session.draw(scene, FrameRequest(size: Size(800, 800), time: scene.restingTime, theme: demo.page.theme ?? .light))
        // A turned run (a sunburst's name along the radius) in content-stream order: pdftotext's
        // layout cannot join a slanted line's glyphs into one word ("lle Li" for "Lille").
        var raw: String?
        for run in frame.texts {
            let shown = run.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if run.angle != 0 {
                if raw == nil { raw = try tool("pdftotext", ["-raw", out, "-"]).split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                #expect(raw!.contains(shown), "\(demo): turned \"\(shown)\" is not in the PDF's text")
                continue
            }
            #expect(text.contains(shown), "\(demo): \"\(shown)\" is not in the PDF's text")
        }
        // And by the data: the radar's axes, the pies' sectors (in their legends).
        for chart in demo.page.charts {
            switch chart {
            case .radar(let c): for a in c.axes { #expect(text.contains(a), "axis \(a)") }
            case .pie(let c): for s in c.sectors { #expect(text.contains(s.name), "sector \(s.name)") }
            default: break
            }
        }
        #expect(frame.texts.count >= 3, "\(demo) draws too little text")
    }

    @Test("--format svg|pdf with --out-dir: a file each, xmllint and pdfinfo read them")
    func batch() throws {
        for format in ["svg", "pdf"] {
            let d = dir + "/batch-\(format)"
            let r = try Tool.radial(["render", "--demo", "ebike", "--demo", "pies", Self.examples + "/dashboard.json", "--out-dir", d, "--format", format])
            #expect(r.code == 0, "\(r.err)")
            for name in ["ebike", "pies", "dashboard"] {
                let f = "\(d)/\(name).\(format)"
                if format == "svg" { _ = try tool("xmllint", ["--noout", f]) } else { #expect(try tool("pdfinfo", [f]).contains("Pages:           1")) }
            }
        }
    }

    @Test("An SVG names each chart, series, sector and label by its element path, with its accessible name as title")
    func svgGroups() throws {
        let out = dir + "/dash.svg"
        #expect(try Tool.radial(["render", Self.examples + "/dashboard.json", "--out", out, "--size", "900x800"]).code == 0)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        for (id, title) in [("charts[0]", nil), ("charts[0].axes[2]", "Range"), ("charts[0].series[1]", "Trail"),
                            ("charts[1].sectors[0]", "Parts"), ("charts[1].sectors[0].label", "Parts"), ("charts[1].legend[3].label", "Coffee")] as [(String, String?)] {
            #expect(svg.contains("<g id=\"\(id)\""), "no group \(id)")
            if let title {
                let pattern = "<g id=\"" + NSRegularExpression.escapedPattern(for: id) + "\" class=\"[^\"]*\"><title>" + NSRegularExpression.escapedPattern(for: title) + "</title>"
                #expect(svg.range(of: pattern, options: .regularExpression) != nil, "\(id) is not titled \(title)")
            }
        }
        // Arcs stay arcs: sectors are drawn with A, not with polygons of many points.
        #expect(svg.contains(" 0 0 1 "))
        #expect(try Tool.run("/usr/bin/xmllint", ["--noout", out]).code == 0)
    }

    /// Mistakes get one line, exit 2, and leave what was there.
    @Test("Bad combinations: one clear line, exit 2, nothing written or replaced", arguments: [
        (["render", "--demo", "scan", "--fps", "30"], "x.svg", "it is an option of `radial record`"),
        (["render", "--demo", "ebike", "--background", "transparent"], "x.jpg", "A JPEG has no transparency"),
        (["render", "--demo", "ebike", "--scale", "2"], "x.pdf", "has no pixels"),
        (["render", "--demo", "ebike", "--quality", "80"], "x.svg", "--quality 80 is for jpg and webp"),
        (["render", "--demo", "ebike", "--renderer", "gl"], "x.pdf", "always drawn as cairo's paths"),
        (["render", "--demo", "ebike", "--demo", "pies"], "x.svg", "give --out REPORT.pdf"),
        (["render", "--demo", "ebike", "--background", "see-through"], "x.png", "--background expects opaque, transparent or none"),
        (["record", "--demo", "scan", "--background", "transparent"], "x.mp4", "An MP4 (H.264) has no transparency"),
        (["record", "--demo", "scan", "--background", "none"], "x.gif", "A GIF's transparency is all or nothing"),
        (["record", "--demo", "scan"], "x.pdf", "holds one still, not an animation"),
    ])
    func badCombinations(args: [String], file: String, message: String) throws {
        let out = dir + "/" + file
        try "keep".write(toFile: out, atomically: false, encoding: .utf8)
        let r = try Tool.radial(args + ["--out", out])
        #expect(r.code == 2, "\(args): exit \(r.code)")
        #expect(r.err.hasPrefix("radial: ") && r.err.contains(message) && r.err.filter { $0 == "\n" }.count == 1, "\(args): \(r.err)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".radial-") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test("A signal while an SVG or a multi-page PDF is being written leaves neither it nor its temporary", arguments: ["svg", "pdf"])
    func signalWhileWriting(_ ext: String) throws {
        let out = dir + "/signal.\(ext)"
        var env = ProcessInfo.processInfo.environment
        env["RADIAL_TEST_SIGNAL_WHILE_WRITING"] = String(SIGTERM)
        let inputs = ext == "pdf" ? ["--demo", "ebike", "--demo", "pies"] : ["--demo", "ebike"]
        let r = try Tool.radial(["render"] + inputs + ["--out", out], environment: env)
        #expect(r.code != 0 && r.code != 2, "exit \(r.code): \(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".radial-") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// With no display and GL forced onto a window system (RADIAL_CONTEXT=glx), GL cannot start:
    /// `--renderer cairo`, SVG and PDF need none, and cairo's PNG is GL's picture.
    @Test("--renderer cairo, SVG and PDF need no GL context; cairo's PNG is within the oracle's tolerance of GL's")
    func withoutGL() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["RADIAL_CONTEXT"] = "glx"
        let noGL = try Tool.radial(["render", "--demo", "pies", "--out", dir + "/gl.png"], environment: env)
        #expect(noGL.code != 0, "GL started without a display")
        for out in ["cairo.png", "cairo.webp", "cairo.svg", "cairo.pdf"] {
            let r = try Tool.radial(["render", "--demo", "pies", "--out", dir + "/" + out] + (out.hasSuffix(".png") || out.hasSuffix(".webp") ? ["--renderer", "cairo"] : []),
                                    environment: env)
            #expect(r.code == 0, "\(out): \(r.err)")
        }
        #expect(try Tool.radial(["render", "--demo", "pies", "--out", dir + "/gl.png"]).code == 0)
        let gl = try PNGFile.read(dir + "/gl.png"), cairo = try PNGFile.read(dir + "/cairo.png")
        let c = try #require(ImageComparison.compare(cairo, gl, threshold: VectorOracleTests.threshold, radius: 1))
        #expect(c.differingPixels <= Int(Double(gl.width * gl.height) * VectorOracleTests.allowedShare), "\(c.differingPixels) pixels differ")
    }

    @Test("A folder that takes no files: exit 2 for SVG and PDF, as for PNG, before anything is drawn")
    func unwritableFolder() throws {
        for ext in ["svg", "pdf"] {
            let r = try Tool.radial(["render", "--demo", "ebike", "--out", "/proc/radial-test.\(ext)"])
            #expect(r.code == 2 && r.err.contains("does not take new files"), "\(r.err)")
        }
    }

    @Test("A page's own \"background\": transparent in PNG and SVG, refused for JPEG, --background opaque wins")
    func backgroundInTheFile() throws {
        let spec = dir + "/clear.json"
        try #"{"title": "Clear", "background": "transparent", "charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1}, {"name": "B", "value": 2}]}]}"#
            .write(toFile: spec, atomically: false, encoding: .utf8)
        #expect(try Tool.radial(["render", spec, "--out", dir + "/clear.png"]).code == 0)
        let png = try PNGFile.read(dir + "/clear.png")
        #expect(png.pixel(1, 1).a == 0, "the page is \(png.pixel(1, 1))")
        let jpg = try Tool.radial(["render", spec, "--out", dir + "/clear.jpg"])
        #expect(jpg.code == 2 && jpg.err.contains("\"background\": \"transparent\"") && jpg.err.contains("--background opaque"), "\(jpg.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/clear.jpg"))
        #expect(try Tool.radial(["render", spec, "--out", dir + "/clear.jpg", "--background", "opaque"]).code == 0)
        #expect(try Tool.radial(["render", spec, "--out", dir + "/clear.svg"]).code == 0)
        let svg = try String(contentsOfFile: dir + "/clear.svg", encoding: .utf8)
        // No page color: the first thing drawn is a card, not a rectangle over the whole page.
        #expect(!svg.contains("d=\"M0 0L800 0L800 800L0 800Z\""))
        // A bad value is named by its path.
        try #"{"background": "clearish", "charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1}]}]}"#
            .write(toFile: spec, atomically: false, encoding: .utf8)
        let bad = try Tool.radial(["render", spec, "--out", dir + "/bad.png"])
        #expect(bad.code == 2 && bad.err.contains("background") && bad.err.contains("transparent"), "\(bad.err)")
    }

    @Test("Transparent animations keep their alpha: APNG frames and WebM (VP9) decode with a clear page")
    func transparentRecordings() throws {
        for ext in ["apng", "webm", "webp"] {
            let out = dir + "/scan.\(ext)"
            let r = try Tool.radial(["record", "--demo", "scan", "--size", "240x280", "--from", "0", "--to", "0.2", "--fps", "10",
                                     "--background", "transparent", "--out", out])
            #expect(r.code == 0, "\(ext): \(r.err)")
        }
        // ffmpeg decodes the first frame to a PNG with its alpha (VP9's alpha needs libvpx's decoder).
        for (ext, decoder) in [("apng", [String]()), ("webm", ["-c:v", "libvpx-vp9"])] {
            let png = dir + "/first-\(ext).png"
            let d = try Tool.run("/usr/bin/ffmpeg", ["-v", "error"] + decoder + ["-i", dir + "/scan.\(ext)", "-frames:v", "1", "-pix_fmt", "rgba", "-y", png])
            #expect(d.code == 0, "\(d.err)")
            let image = try PNGFile.read(png)
            #expect(image.pixel(1, 1).a < 8, "\(ext): the page corner is \(image.pixel(1, 1))")
            #expect(image.pixel(image.width / 2, image.height / 2).a > 240, "\(ext): the card is \(image.pixel(image.width / 2, image.height / 2))")
        }
    }
}
