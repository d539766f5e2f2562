import Foundation
import RadialCore
import RadialRender
import RadialTestSupport
import RadialGL
import Testing

/// The gallery window driven as a person would: xdotool resizes it and presses keys, ImageMagick
/// grabs what it shows. Guards the window's presentation, which on llvmpipe copies the back
/// buffer and must be swapped once at each new size (a copy larger than the old buffer is an X
/// error that ends the program).
@Suite("The gallery window", .serialized)
struct WindowTests {
    static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @discardableResult
    static func run(_ tool: String, _ args: [String]) throws -> (code: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// The gallery (the e-bike radar first) in a window, and the window's id once it shows.
    static func launchGallery(_ xdotool: String) throws -> (app: Process, window: String, stderr: Pipe) {
        let app = Process()
        app.executableURL = BinaryTests.binary
        app.arguments = []
        let err = Pipe()
        app.standardError = err
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        // Wait for the window (up to 20 s: the rest of the suite runs alongside).
        var window = ""
        for _ in 0..<200 where window.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            window = try run(xdotool, ["search", "--onlyvisible", "--pid", String(app.processIdentifier), "--name", "Radial"]).out
                .split(separator: "\n").first.map(String.init) ?? ""
        }
        if window.isEmpty {
            let running = app.isRunning
            if running { kill(app.processIdentifier, SIGKILL) }
            app.waitUntilExit()
            let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try #require(!window.isEmpty, "the gallery window did not appear (\(running ? "still running" : "exited \(app.terminationStatus)")): \(log)")
        }
        return (app, window, err)
    }

    /// `radial show ARGS` started, its output thrown away; the caller kills it if it outlives the test.
    static func launchShow(_ args: [String]) throws -> Process {
        let app = Process()
        app.executableURL = BinaryTests.binary
        app.arguments = ["show"] + args
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        return app
    }

    /// How many pixels of `app`'s settled window (its top-left `expected.width`×`expected.height`)
    /// differ from `expected` by more than 16 levels: grabbed until they are none, for up to 20 s
    /// while it runs (a key's effect may take a few frames).
    static func settledDifference(from expected: RGBAImage, app: Process, _ importTool: String, into path: String) throws -> Int {
        let (w, h) = (expected.width, expected.height)
        var differing = w * h
        let deadline = Date().addingTimeInterval(20)
        repeat {
            guard let grabbed = try stableGrab(importTool, width: w, height: h, into: path) else { continue }
            differing = ImageComparison.compare(grabbed, expected, threshold: 16, radius: 0)?.differingPixels ?? w * h
        } while differing != 0 && Date() < deadline && app.isRunning
        return differing
    }

    /// The id of `app`'s window once it shows (up to 20 s: the rest of the suite runs alongside).
    static func window(of app: Process, _ xdotool: String) throws -> String {
        var window = ""
        for _ in 0..<200 where window.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            window = try run(xdotool, ["search", "--onlyvisible", "--pid", String(app.processIdentifier)]).out
                .split(separator: "\n").first.map(String.init) ?? ""
        }
        try #require(!window.isEmpty, "the window did not appear")
        return window
    }

    /// A display, xdotool and ImageMagick's import (scripts/setup installs them), and the binary.
    static func requireTools() throws -> (xdotool: String, importTool: String) {
        try #require(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs a display (make test starts Xvfb)")
        let xdotool = try #require(tool("xdotool"), "xdotool is installed by scripts/setup")
        let importTool = try #require(tool("import"), "ImageMagick is installed by scripts/setup")
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary.path))
        return (xdotool, importTool)
    }

    /// Sizes the window and puts it at the screen's top left, on top: a grab of the screen there
    /// then reads the window.
    static func place(_ window: String, width: Int, height: Int, _ xdotool: String) throws {
        try run(xdotool, ["windowsize", window, String(width), String(height)])
        try run(xdotool, ["windowmove", window, "0", "0"])
        try run(xdotool, ["windowraise", window])
    }

    /// What the screen shows in the top-left `width`×`height` (where the tests put the window):
    /// the root window's pixels, since reading the window itself straight after a resize can
    /// fail. 8-bit RGBA, never a palette.
    static func grab(_ importTool: String, width: Int, height: Int, into path: String) throws -> (image: RGBAImage?, error: String) {
        try? FileManager.default.removeItem(atPath: path)
        let r = try run(importTool, ["-window", "root", "-crop", "\(width)x\(height)+0+0", "+repage", "PNG32:" + path])
        return (r.code == 0 ? try? PNGFile.read(path) : nil, r.err)
    }

    @Test("Resizing redraws the whole window at each new size, and Q quits cleanly")
    func resize() throws {
        let (xdotool, importTool) = try Self.requireTools()

        let (app, window, err) = try Self.launchGallery(xdotool)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        Thread.sleep(forTimeInterval: 1.5)   // the radar settles

        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("radial-window-\(app.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        for (w, h) in [(520, 420), (900, 700), (300, 220), (1000, 800)] {
            try Self.place(window, width: w, height: h, xdotool)
            // Grab until the page background reaches every corner of the new size (the window
            // redraws at its own pace; under a loaded test run that takes a while), for 10 s.
            var corners: [String] = []
            let deadline = Date().addingTimeInterval(10)
            repeat {
                Thread.sleep(forTimeInterval: 0.3)
                try #require(app.isRunning, "the window died after resizing to \(w)×\(h): \(String(decoding: err.fileHandleForReading.availableData, as: UTF8.self))")
                let (grabbed, error) = try Self.grab(importTool, width: w, height: h, into: shot)
                guard let image = grabbed else { corners = ["grab failed: \(error)"]; continue }
                corners = [(2, 2), (w - 3, 2), (2, h - 3), (w - 3, h - 3)].compactMap { x, y in
                    let p = image.pixel(x, y)
                    return p.r == 0xF2 && p.g == 0xF2 && p.b == 0xF7 ? nil : "(\(x), \(y)) is \(p)"
                }
            } while !corners.isEmpty && Date() < deadline
            #expect(corners.isEmpty, "at \(w)×\(h) the page background does not reach the corners: \(corners)")
        }
        try Self.run(xdotool, ["windowfocus", window])
        Thread.sleep(forTimeInterval: 0.2)
        try Self.quit(app, window: window, xdotool)
        #expect(!app.isRunning && app.terminationStatus == 0)
    }

    /// Presses Q in `window`, waits up to 5 s for `app` to end, and releases the key. The window
    /// goes on the press; X may then never see the release reach it and keep the key down,
    /// auto-repeating into the next test's window (the stream burst test's window, opened next,
    /// once quit with exit 0 before its first grab).
    static func quit(_ app: Process, window: String, _ xdotool: String) throws {
        try run(xdotool, ["key", "--window", window, "q"])
        for _ in 0..<50 where app.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        try run(xdotool, ["keyup", "q"])
    }

    /// A settled chart presents nothing (only what changed is copied to the window), so when X
    /// loses the window's pixels (unmapped and mapped again: an expose) the whole frame must be
    /// presented again. Without that the window would keep showing whatever was under it.
    @Test("A window shown again after being hidden shows its whole settled chart")
    func expose() throws {
        let (xdotool, importTool) = try Self.requireTools()

        let (app, window, _) = try Self.launchGallery(xdotool)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        let (w, h) = (640, 480)
        try Self.place(window, width: w, height: h, xdotool)
        Thread.sleep(forTimeInterval: 3)   // the radar settles: nothing more is drawn or presented
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("radial-expose-\(app.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let before = try #require(Self.grab(importTool, width: w, height: h, into: shot).image, "grab failed")
        // The radar's middle is drawn, not page background: the comparison below means something.
        let middle = before.pixel(w / 2, h / 2)
        #expect(!(middle.r == 0xF2 && middle.g == 0xF2 && middle.b == 0xF7))

        try Self.run(xdotool, ["windowunmap", "--sync", window])
        Thread.sleep(forTimeInterval: 0.5)
        try Self.run(xdotool, ["windowmap", "--sync", window])
        var differing = -1
        let deadline = Date().addingTimeInterval(10)
        repeat {
            Thread.sleep(forTimeInterval: 0.3)
            guard let after = try Self.grab(importTool, width: w, height: h, into: shot).image else { continue }
            differing = zip(before.pixels, after.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
        } while differing != 0 && Date() < deadline
        #expect(differing == 0, "\(differing) bytes of the window differ from before it was hidden")
    }
}
