import Foundation
import Testing
@testable import RadialCore
@testable import RadialRender
import RadialTestSupport

/// Issue #32: "the README's images are re-rendered from the commands printed under them". One
/// table, `scripts/readme-images --list`, names each picture and its command; the README must
/// show the picture and print the command, and the command must draw the picture (within the
/// goldens' tolerance), so a change that moves a pixel the README shows fails here until
/// `scripts/readme-images` has drawn them again and someone has looked.
@Suite("The README's pictures are what their printed commands draw", .serialized)
struct ReadmeImageTests {
    static let root = LibraryExampleTests.root

    static func table() throws -> [(name: String, command: String)] {
        let r = try Tool.run(root.appendingPathComponent("scripts/readme-images").path, ["--list"])
        try #require(r.code == 0, "\(r.err)")
        return r.out.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    @Test("every picture in docs/images is in the table, shown by the README with its command printed")
    func readmeShowsEachCommand() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        // The README wraps its prose: a command may break across a line.
        let flat = readme.replacingOccurrences(of: "\n", with: " ")
        let rows = try Self.table()
        #expect(rows.count >= 10)
        for (name, command) in rows {
            #expect(readme.contains("](docs/images/\(name))"), "the README does not show \(name)")
            #expect(flat.contains("`\(command)`"), "the README does not print `\(command)` for \(name)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs/images").path).filter { $0.hasSuffix(".png") }
        #expect(Set(files) == Set(rows.map(\.name)), "pictures without a command, or commands without a picture")
    }

    @Test("each command draws its picture again, within the goldens' tolerance")
    func picturesMatchCommands() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, command) in try Self.table() {
            // The words after "radial", a file named from the package's root.
            let args = command.split(separator: " ").dropFirst().map { word in
                word.hasPrefix("examples/") ? Self.root.appendingPathComponent(String(word)).path : String(word)
            }
            let out = dir + "/" + name
            let r = try Tool.radial(args + ["--out", out])
            try #require(r.code == 0, "\(command): \(r.err)")
            let drawn = try PNGFile.read(out)
            let shown = try PNGFile.read(Self.root.appendingPathComponent("docs/images/\(name)").path)
            guard let c = ImageComparison.compare(drawn, shown, threshold: 3, radius: 1) else {
                Issue.record("\(name): \(drawn.width)×\(drawn.height) drawn, \(shown.width)×\(shown.height) shown; run scripts/readme-images")
                continue
            }
            #expect(c.differingPixels <= 12, "\(name): \(c.differingPixels) pixels differ from `\(command)`; run scripts/readme-images and look")
        }
    }
}
