import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RadialCore
import RadialRender
import Testing

extension WindowTests {
    /// Issue #36: T turns the focused chart (else the first) into the next kind its data fits,
    /// Shift+T back. Each press, at rest, is the picture `render --as KIND` draws of the file; with
    /// reduce motion the new kind is there at once (the toast that says it goes after 1.6 s).
    @Test("T walks a donut through the kinds its data fits, each at rest as render --as KIND draws it; Shift+T goes back")
    func kindKey() throws {
        let (xdotool, importTool) = try Self.requireTools()
        let (w, h) = (560, 560)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-kinds-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/donut.json"
        let page = #"{"title": "Spending", "charts": [{"type": "donut", "title": "March", "sectors": [{"name": "Rent", "value": 1150}, "#
            + #"{"name": "Food", "value": 420}, {"name": "Transport", "value": 180}, {"name": "Fun", "value": 240}]}]}"#
        try page.write(toFile: file, atomically: true, encoding: .utf8)
        let app = try Self.launchShow([file, "--reduce-motion", "--theme", "light"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        let window = try Self.window(of: app, xdotool)
        try Self.place(window, width: w, height: h, xdotool)
        try Self.run(xdotool, ["mousemove", "--window", window, "2", "2"])

        /// The window at rest against `render --as kind` of the file.
        func matches(_ kind: String) throws -> Int {
            let rendered = dir + "/\(kind).png", shot = dir + "/shot.png"
            let r = try Self.run(BinaryTests.binary.path, ["render", file, "--as", kind, "--size", "\(w)x\(h)", "--controls", "--reduce-motion",
                                                           "--theme", "light", "--out", rendered])
            try #require(r.code == 0, "render --as \(kind) failed: \(r.err)")
            return try Self.settledDifference(from: try PNGFile.read(rendered), app: app, importTool, into: shot)
        }
        #expect(try matches("donut") == 0)
        for kind in ["rose", "radialBar", "sunburst"] {
            try Self.run(xdotool, ["key", "--window", window, "t"])
            #expect(try matches(kind) == 0, "after T the window is not render --as \(kind)")
        }
        try Self.run(xdotool, ["key", "--window", window, "shift+t"])
        #expect(try matches("radialBar") == 0, "after Shift+T the window is not render --as radialBar")
        try Self.quit(app, window: window, xdotool)
    }
}
