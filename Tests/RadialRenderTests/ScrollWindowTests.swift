import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import RadialCore
import RadialRender
import RadialText
import Testing

extension WindowTests {
    /// Issue #32: "in the window a page taller than the window scrolls (wheel, Page keys in the
    /// page, and focus moves bring a chart into view)". A four-chart page in a 420×480 window
    /// would stand as thumbnails; the window lays it out as tall as its charts need to read and
    /// shows a band of it: each band is the matching rows of `render` at the page's full height.
    @Test("a page taller than the window scrolls: End, Home, the wheel and Tab show bands of render at the page's height")
    func scrollsATallPage() throws {
        let (xdotool, importTool) = try Self.requireTools()
        let (w, h) = (420, 480)
        let file = LibraryExampleTests.root.appendingPathComponent("examples/dashboard.json").path
        // The page's height as the window lays it out (same fonts, locale and text size).
        let fonts = try FontSystem()
        let scene = PageScene(page: try Page(contentsOf: URL(fileURLWithPath: file)), measurer: fonts, formatting: .fromEnvironment())
        let tall = scene.scrollHeight(for: Size(Double(w), Double(h)))
        fonts.shutdown()
        #expect(tall > Double(h) * 2, "the page does not scroll: \(tall)")
        let H = Int(tall)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-scroll-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rendered = dir + "/page.png", shot = dir + "/shot.png"
        let r = try Self.run(BinaryTests.binary.path, ["render", file, "--size", "\(w)x\(H)", "--controls", "--reduce-motion", "--theme", "light", "--out", rendered])
        try #require(r.code == 0, "render failed: \(r.err)")
        let page = try PNGFile.read(rendered)
        // The page's rows from `top` down, a window tall.
        func band(_ top: Int) -> RGBAImage {
            RGBAImage(width: w, height: h, pixels: Array(page.pixels[(top * w * 4)..<((top + h) * w * 4)]))
        }
        let app = try Self.launchShow([file, "--reduce-motion", "--theme", "light"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        let window = try Self.window(of: app, xdotool)
        try Self.place(window, width: w, height: h, xdotool)
        // The pointer in a corner of the window's page padding: it hovers nothing.
        try Self.run(xdotool, ["mousemove", "--window", window, "2", "2"])

        /// Pixels of the settled window unlike the page's band from `top`.
        func differing(from top: Int) throws -> Int { try Self.settledDifference(from: band(top), app: app, importTool, into: shot) }
        #expect(try differing(from: 0) == 0, "the window does not open at the page's top")
        try Self.run(xdotool, ["key", "--window", window, "End"])
        #expect(try differing(from: H - h) == 0, "End does not show the page's bottom")
        try Self.run(xdotool, ["key", "--window", window, "Home"])
        #expect(try differing(from: 0) == 0, "Home does not go back to the top")
        // Three wheel steps down (button 5), 48 points each.
        for _ in 0..<3 { try Self.run(xdotool, ["click", "--window", window, "5"]) }
        #expect(try differing(from: 3 * 48) == 0, "three wheel steps do not scroll 144 points")
        try Self.run(xdotool, ["key", "--window", window, "Home"])
        // Tab to the last chart: its card comes into view (the window is no longer at the top).
        for _ in 0..<4 { try Self.run(xdotool, ["key", "--window", window, "Tab"]) }
        Thread.sleep(forTimeInterval: 0.5)
        let grabbed = try #require(try Self.stableGrab(importTool, width: w, height: h, into: shot))
        #expect((ImageComparison.compare(grabbed, band(0), threshold: 16, radius: 0)?.differingPixels ?? 0) > 1000,
                "focusing the last chart left the window at the page's top")
        try Self.quit(app, window: window, xdotool)
    }
}
