import Foundation
import Testing
import RadialCore

/// examples/RadialExample: a package of its own that depends on Radial by path and uses only
/// its products (RadialCore and RadialRender), built and run as a developer would.
@Suite("Radial as a library")
struct LibraryExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The example package builds against the products, writes the e-bike byte for byte as radial render does, records a pie, and links neither GLFW nor ATK")
    func example() throws {
        let package = Self.root.appendingPathComponent("examples/RadialExample").path
        // Its own build folder under ours, kept between runs so a rebuild is incremental.
        let scratch = Self.root.appendingPathComponent(".build/example-package").path
        let build = try Tool.run("/bin/sh", ["-c", "swift build --package-path '\(package)' --scratch-path '\(scratch)' 2>&1"])
        try #require(build.code == 0, "swift build failed:\n\(build.out.suffix(3000))")
        let binary = scratch + "/debug/radial-example"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-example-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Tool.run("/bin/sh", ["-c", "cd '\(dir)' && '\(binary)'"])
        #expect(run.code == 0, "\(run.err)")
        let cli = try Tool.radial(["render", "--demo", "ebike", "--out", dir + "/cli.png"])
        #expect(cli.code == 0, "\(cli.err)")
        let mine = try Data(contentsOf: URL(fileURLWithPath: dir + "/ebike.png")), theirs = try Data(contentsOf: URL(fileURLWithPath: dir + "/cli.png"))
        #expect(mine == theirs, "the library's PNG differs from radial render --demo ebike")
        let probe = try Tool.run("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                                    "stream=nb_read_frames,width,height", "-of", "csv=p=0", dir + "/expenses.mp4"])
        let fields = probe.out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        #expect(fields.count == 3 && fields[0] == 800 && fields[1] == 800 && fields[2] > 60, "ffprobe: \(probe.out) \(probe.err)")
        // RadialRender is headless: nothing of the window's libraries comes along.
        let ldd = try Tool.run("/usr/bin/ldd", [binary])
        #expect(ldd.code == 0)
        #expect(!ldd.out.contains("libglfw") && !ldd.out.contains("libatk"), "\(ldd.out)")
        // And the example's source is short: the seed's chart to a PNG and a pie to an MP4.
        let source = try String(contentsOfFile: package + "/Sources/radial-example/main.swift", encoding: .utf8)
        #expect(source.split(separator: "\n").count < 15)
    }

    @Test("The command line imports only the products (RadialCore, RadialRender, RadialWindow); only the frame-time benchmark, in Bench/, reaches the GL and text targets under them")
    func commandLineUsesTheProducts() throws {
        let products: Set<String> = ["Foundation", "RadialCore", "RadialRender", "RadialWindow"]
        let cli = Self.root.appendingPathComponent("Sources/RadialCLI")
        let files = try #require(FileManager.default.enumerator(atPath: cli.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 15)
        var benchImports: Set<String> = []
        for file in files {
            let text = try String(contentsOf: cli.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
                .map { String($0.split(separator: " ").last!) }
            if file.hasPrefix("Bench/") { benchImports.formUnion(imports); continue }
            let others = Set(imports).subtracting(products)
            #expect(others.isEmpty, "\(file) imports \(others.sorted())")
            #expect(!text.contains("@testable"), "\(file)")
        }
        // The benchmark times GL itself (timer queries, the floor scene, the allocation counter).
        #expect(benchImports.contains("RadialGL"))
    }
}
