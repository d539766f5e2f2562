import Foundation
import Testing
import RadialCore

/// Radial as a stranger's package uses it (Tests/LibraryConsumer, depending on Radial by path and
/// seeing only the products' public API), and the code the DocC articles and the README show,
/// compiled as they are written.
@Suite("Radial as a stranger's library", .serialized)
struct LibraryConsumerTests {
    static let root = LibraryExampleTests.root
    static let package = root.appendingPathComponent("Tests/LibraryConsumer").path
    // The example package's build folder: the same dependency built the same way is reused, so
    // the second package costs only its own sources.
    static let scratch = root.appendingPathComponent(".build/example-package").path

    /// Builds the consumer package (once per run), or says why it did not build.
    static let built: Result<String, BuildFailure> = {
        let result: (code: Int32, out: String, err: String)
        do {
            result = try Tool.run("/bin/sh", ["-c", "swift build --package-path '\(package)' --scratch-path '\(scratch)' 2>&1"])
        } catch {
            return .failure(BuildFailure(log: "\(error)"))
        }
        return result.code == 0 ? .success(scratch + "/debug/consumer") : .failure(BuildFailure(log: String(result.out.suffix(4000))))
    }()

    struct BuildFailure: Error { let log: String }

    /// A fresh empty folder, removed afterwards.
    static func folder(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-consumer-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test("A package of its own builds against the products: the seeds' data as written and the Swift Charts habits compile; bad values in Swift are refused with typed errors, never a crash; pictures come back as Data; an odd-sized MP4 is an error with nothing left behind")
    func checks() throws {
        let binary = try Self.built.get()
        try Self.folder { dir in
            let run = try Tool.run(binary, ["checks", dir])
            #expect(run.code == 0, "\(run.out)\n\(run.err)")
            #expect(!run.out.contains("FAIL"), "\(run.out)")
            #expect(run.out.split(separator: "\n").filter { $0.hasPrefix("ok") }.count >= 30, "\(run.out)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        }
    }

    @Test("An ffmpeg that stops reading and fails is reported as RenderError.encoderFailed in its words; the host process is not killed by SIGPIPE and nothing is left behind")
    func brokenEncoder() throws {
        let binary = try Self.built.get()
        try Self.folder { bin in
            // Reads a little of the first frame, says why it gives up, and exits 1: the next
            // write to its pipe finds no reader.
            let fake = bin + "/ffmpeg"
            try "#!/bin/sh\nhead -c 65536 > /dev/null\necho 'simulated encoder failure' >&2\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
            chmod(fake, 0o755)
            try Self.folder { dir in
                var environment = ProcessInfo.processInfo.environment
                environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
                let run = try Tool.run(binary, ["broken-encoder", dir], environment: environment)
                #expect(run.code == 0, "exit \(run.code) (141 is SIGPIPE): \(run.out)\n\(run.err)")
                #expect(!run.out.contains("FAIL") && run.out.contains("simulated encoder failure"), "\(run.out)")
            }
        }
    }

    @Test("The window runs from async code on the main actor while a plain Task updates it, refuses an invalid update and any after close, and closes from code",
          .enabled(if: !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty))
    func window() throws {
        let binary = try Self.built.get()
        // On an X server of its own, away from the window tests' shared display (their grabs read
        // the screen's top left, where a stranger's window would also open).
        let run = try Tool.run("/usr/bin/xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24", binary, "window"],
                               environment: ProcessInfo.processInfo.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 })
        #expect(run.code == 0, "\(run.out)\n\(run.err)")
        #expect(!run.out.contains("FAIL") && run.out.contains("five times"), "\(run.out)")
    }

    /// Every ```swift block of the products' DocC articles and the README's library section.
    static func snippets() throws -> [(name: String, code: String)] {
        var files = ["README.md"]
        for product in ["RadialCore", "RadialRender", "RadialWindow"] {
            let dir = "Sources/\(product)/\(product).docc"
            files += try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)
                .filter { $0.hasSuffix(".md") }.sorted().map { dir + "/" + $0 }
        }
        var out: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var block: [Substring]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if block == nil, line == "```swift" { block = []; continue }
                if block != nil, line == "```" {
                    // A package manifest compiles against PackageDescription, which SwiftPM checks itself.
                    let code = block!.joined(separator: "\n")
                    if !code.contains("PackageDescription") { out.append(("\(file) #\(out.count + 1)", code)) }
                    block = nil; continue
                }
                block?.append(line)
            }
        }
        return out
    }

    @Test("Every Swift example in the DocC articles and the README compiles against the products' public API")
    func articles() throws {
        _ = try Self.built.get()   // the products' modules, built as a dependency
        let snippets = try Self.snippets()
        #expect(snippets.count >= 8)
        let modules = Self.scratch + "/debug/Modules"
        // The module maps and headers under the products' C targets, as scripts/api finds them.
        let flags = """
            flags=""; for m in '\(Self.root.path)'/Sources/C*/module.modulemap '\(Self.scratch)'/debug/*.build/module.modulemap; do \
              [ -f "$m" ] && flags="$flags -Xcc -fmodule-map-file=$m"; done; \
            for d in '\(Self.root.path)'/Sources/C*/include; do flags="$flags -Xcc -I$d"; done; \
            for f in $(pkg-config --cflags-only-I freetype2 harfbuzz fribidi fontconfig cairo atk libpng glfw3 epoxy); do flags="$flags -Xcc $f"; done
            """
        try Self.folder { dir in
            for (i, snippet) in snippets.enumerated() {
                let file = dir + "/snippet\(i).swift"
                // Top-level code with a README's or an article's imports; `import Testing` where it tests.
                let imports = ["Foundation", "RadialCore", "RadialRender", "RadialWindow"].map { "import \($0)\n" }.joined()
                try (imports + snippet.code + "\n").write(toFile: file, atomically: true, encoding: .utf8)
                let r = try Tool.run("/bin/sh", ["-c", flags + "; swiftc -typecheck -swift-version 6 -I '\(modules)' $flags '\(file)' 2>&1"])
                #expect(r.code == 0, "\(snippet.name) does not compile:\n\(snippet.code)\n\(r.out.suffix(3000))")
            }
        }
    }
}
