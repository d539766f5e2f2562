import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialTestSupport
import RadialGL
import Testing

/// The command line as a user meets it, run in-process: exit codes, messages, files.
@Suite("Command line", .serialized)
struct CommandLineTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-cli-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    @Test("Bad arguments exit 2 and write nothing",
          arguments: [["render", "--demo", "nope", "--out", "x.png"], ["render", "--demo", "ebike"], ["render", "--demo", "ebike", "--out", "x.png", "--size", "12x800"],
                      ["render", "--demo", "ebike", "--out", "x.png", "--at", "soon"], ["render", "--demo", "ebike", "--out", "x.png", "--bogus"],
                      ["frobnicate"], ["describe"], ["bench", "--demo", "ebike", "--frames", "0"]])
    func badArguments(args: [String]) throws {
        let out = dir + "/x.png"
        let args = args.map { $0 == "x.png" ? out : $0 }
        #expect(RadialCommand.run(args) == 2)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("A bad spec file is refused with exit 2 and an existing PNG is left untouched")
    func badFileKeepsOutput() throws {
        let spec = dir + "/bad.json", out = dir + "/keep.png"
        try #"{"charts": [{"type": "pie", "sectors": [{"name": "A", "value": -5}]}]}"#.write(toFile: spec, atomically: true, encoding: .utf8)
        try "precious".write(toFile: out, atomically: true, encoding: .utf8)
        #expect(RadialCommand.run(["render", spec, "--out", out]) == 2)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "precious")
    }

    @Test("render writes a PNG of the asked size and the geometry JSON")
    func renderWritesFiles() throws {
        let out = dir + "/ebike.png", geo = dir + "/ebike.json"
        let code = try GLTestContext.with { _ in
            RadialCommand.run(["render", "--demo", "ebike", "--out", out, "--size", "300x320", "--scale", "2", "--at", "5", "--geometry", geo])
        }
        #expect(code == 0)
        let image = try PNGFile.read(out)
        #expect(image.width == 600 && image.height == 640)
        let json = try String(contentsOfFile: geo, encoding: .utf8)
        #expect(json.contains("\"type\": \"radar\"") && json.contains("\"growth\": 1.0"))
    }

    @Test("A short bench run reports every field, sanely")
    func benchReport() throws {
        let json = dir + "/bench.json", csv = dir + "/bench.csv"
        let code = try GLTestContext.with { _ in
            RadialCommand.run(["bench", "--demo", "ebike", "--frames", "30", "--warmup", "5", "--size", "400x520",
                               "--offscreen", "--against", "floor", "--json", json, "--csv", csv])
        }
        #expect(code == 0)
        let text = try String(contentsOfFile: json, encoding: .utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        for key in ["name", "width", "height", "renderer", "lpNumThreads", "frameTime", "cpuMedianMs", "gpuMedianMs",
                    "allocationsPerSteadyFrame", "bytesUploadedPerSteadyFrame", "drawCallsPerFrame", "floor", "ratioP50", "ratioP99", "lowDefinition"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let ft = try #require(object["frameTime"] as? [String: Double])
        #expect(ft["frames"] == 30)
        #expect((ft["minMs"] ?? -1) > 0 && (ft["minMs"] ?? 0) <= (ft["p50Ms"] ?? 0) && (ft["p50Ms"] ?? 0) <= (ft["p99Ms"] ?? 0) && (ft["p99Ms"] ?? 0) <= (ft["maxMs"] ?? 0))
        #expect((object["drawCallsPerFrame"] as? Int ?? 0) >= 3)   // shapes, the radar, text
        #expect((object["width"] as? Int) == 400)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 31)
    }

    @Test("bench --startup compares render with both bare programs, without a display")
    func startupBench() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ""
        let r = try Tool.radial(["bench", "--startup", "--rounds", "1"], environment: env)
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        for name in ["bare EGL (context, clear, glReadPixels)", "bare EGL + one shaded draw", "render --demo ebike 800x800, EGL"] {
            #expect(lines.contains { $0.contains(name) }, "\(name) missing from \(r.out)")
        }
        // Each comparison ends in "N.NN× the time, +M.M MB"; no window lines without a display.
        #expect(lines.filter { $0.contains("× the time") }.count == 2)
        #expect(!r.out.contains("GLFW"))
    }

    @Test("describe prints the seed's VoiceOver text")
    func describe() throws {
        let page = Demo.ebike.page
        let text = Descriptions.describe(page, formatting: Formatting(localeIdentifier: "en_US"))
        #expect(text.contains("Radar chart: City and Trail on 6 axes, each of 100\nSpeed: City 55, Trail 80, of 100\nPower: City 40, Trail 92, of 100"))
    }
}

/// The built `radial` binary, run as a user runs it: standard input, exit codes, stderr.
@Suite("The radial binary")
struct BinaryTests {
    /// `radial` sits beside the test bundle in the build folder (`swift build --build-tests` builds both).
    static var binary: URL {
        let here = Bundle.main.bundleURL
        return (here.pathExtension == "xctest" ? here.deletingLastPathComponent() : here).appendingPathComponent("radial")
    }

    func run(_ args: [String], stdin: String) throws -> (code: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = args
        let input = Pipe(), out = Pipe(), err = Pipe()
        p.standardInput = input; p.standardOutput = out; p.standardError = err
        try p.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test("describe - reads a chart file from standard input")
    func describeStdin() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "no radial binary at \(Self.binary.path)")
        let json = #"{"charts": [{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [1, 2, 3]}]}]}"#
        let r = try run(["describe", "-", "--locale", "en_US"], stdin: json)
        #expect(r.code == 0)
        #expect(r.out == "Radar chart: S on 3 axes, each of 100\nA: S 1, of 100\nB: S 2, of 100\nC: S 3, of 100\n")
    }

    @Test("a bad file on standard input: exit 2, every problem by path on stderr, nothing on stdout")
    func badStdin() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path))
        let json = "{\"charts\": [{\"type\": \"radr\"}, {\"type\": \"pie\", \"sectors\": [{\"name\": \"x\", \"value\": -1}]}]}"
        let r = try run(["describe", "-"], stdin: json)
        #expect(r.code == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("standard input is not a valid chart file"))
        #expect(r.err.contains("charts[0].type"))
        #expect(r.err.contains("charts[1].sectors[0].value"))
    }

    @Test("no display: the window says so, points to render and xvfb-run, and exits 1")
    func noDisplay() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path))
        let p = Process()
        p.executableURL = Self.binary
        p.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" && $0.key != "WAYLAND_DISPLAY" }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(e.contains("radial render") && e.contains("xvfb-run"))
    }
}
