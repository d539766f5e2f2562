import Foundation
import RadialCore
import RadialRender
import RadialGL
import RadialTestSupport
import Testing

extension WindowTests {
    /// Two grabs in a row that agree and are not blank: the window has finished presenting.
    static func stableGrab(_ importTool: String, width: Int, height: Int, into path: String, seconds: Double = 10) throws -> RGBAImage? {
        var last: RGBAImage?
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            Thread.sleep(forTimeInterval: 0.3)
            guard let image = try grab(importTool, width: width, height: height, into: path).image else { continue }
            let first = image.pixel(0, 0)
            let blank = !(0..<(width * height)).contains { i in image.pixel(i % width, i / width) != first }
            if !blank, let l = last, l.pixels == image.pixels { return image }
            last = blank ? nil : image
        } while Date() < deadline
        return nil
    }

    /// Under Xvfb (llvmpipe) the window presents by copying only the changed box of its back
    /// buffer, which keeps the previous frame. After many such frames of the turning scan, a
    /// pause and the pause toast coming and going (all partial redraws copied to the window), the
    /// window must hold exactly what a whole redraw of the same paused frame gives (forced by
    /// resizing away and back: a new size is drawn and swapped whole).
    @Test("Partial redraws copied to the window add up to a whole redraw of the same frame")
    func copiedPartialRedraws() throws {
        let (xdotool, importTool) = try Self.requireTools()
        let (app, window, _) = try Self.launchGallery(xdotool)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        let (w, h) = (640, 480)
        try Self.place(window, width: w, height: h, xdotool)
        try Self.run(xdotool, ["mousemove", "--window", window, "2", "2"])
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("radial-copy-\(app.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        try Self.run(xdotool, ["key", "--window", window, "2"])   // the scan: it never rests
        Thread.sleep(forTimeInterval: 2)
        try Self.run(xdotool, ["key", "--window", window, "space"])
        Thread.sleep(forTimeInterval: 2.5)   // the "Paused" toast shows for 1.6 s, then is drawn away
        let partial = try #require(try Self.stableGrab(importTool, width: w, height: h, into: shot), "the paused window never settled")
        // The beam is drawn (green), so the comparison is about the scan, not an empty page.
        let green = SystemColor.green.resolved(.light)
        let target = (r: Int(green.r * 255), g: Int(green.g * 255), b: Int(green.b * 255))
        let beam = (0..<(w * h)).filter { i in
            let p = partial.pixel(i % w, i / w)
            return abs(Int(p.r) - target.r) < 40 && abs(Int(p.g) - target.g) < 40 && abs(Int(p.b) - target.b) < 40
        }.count
        #expect(beam > 2000, "only \(beam) pixels of the beam's green")
        try Self.place(window, width: w + 60, height: h + 40, xdotool)
        _ = try Self.stableGrab(importTool, width: w + 60, height: h + 40, into: shot)
        try Self.place(window, width: w, height: h, xdotool)
        let whole = try #require(try Self.stableGrab(importTool, width: w, height: h, into: shot), "the window never settled after resizing back")
        let differing = (0..<(w * h)).filter { i in partial.pixel(i % w, i / w) != whole.pixel(i % w, i / w) }.count
        if differing > 0, let dir = ProcessInfo.processInfo.environment["RADIAL_KEEP_GRABS"] {
            try PNGFile.write(partial, to: dir + "/copy-partial.png"); try PNGFile.write(whole, to: dir + "/copy-whole.png")
        }
        #expect(differing == 0, "\(differing) pixels differ between the copied partial redraws and a whole redraw")
    }
}
