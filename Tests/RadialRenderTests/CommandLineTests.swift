import Foundation
import RadialApp
import RadialCore
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
            RadialCommand.run(["bench", "--demo", "ebike", "--frames", "30", "--warmup", "5", "--size", "320x240",
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
        #expect((object["drawCallsPerFrame"] as? Int ?? 0) > 5)
        #expect((object["width"] as? Int) == 320)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 31)
    }

    @Test("describe prints the seed's VoiceOver text")
    func describe() throws {
        let page = Demo.ebike.page
        let text = Descriptions.describe(page, formatting: Formatting(localeIdentifier: "en_US"))
        #expect(text.contains("Radar chart\nSpeed: City 55, Trail 80\nPower: City 40, Trail 92"))
    }
}
