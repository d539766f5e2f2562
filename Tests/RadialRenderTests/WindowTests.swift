import Foundation
import RadialCore
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
    static func run(_ tool: String, _ args: [String]) throws -> (code: Int32, out: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self))
    }

    @Test("Resizing redraws the whole window at each new size, and Q quits cleanly")
    func resize() throws {
        try #require(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs a display (make test starts Xvfb)")
        let xdotool = try #require(Self.tool("xdotool"), "xdotool is installed by scripts/setup")
        let importTool = try #require(Self.tool("import"), "ImageMagick is installed by scripts/setup")
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary.path))

        let app = Process()
        app.executableURL = BinaryTests.binary
        app.arguments = []
        let err = Pipe()
        app.standardError = err
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { app.terminate(); app.waitUntilExit() } }

        // Wait for the window (up to 10 s).
        var window = ""
        for _ in 0..<100 where window.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            window = try Self.run(xdotool, ["search", "--pid", String(app.processIdentifier), "--name", "Radial"]).out
                .split(separator: "\n").first.map(String.init) ?? ""
        }
        try #require(!window.isEmpty, "the gallery window did not appear")
        Thread.sleep(forTimeInterval: 1.5)   // the radar settles

        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("radial-window-\(app.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        for (w, h) in [(520, 420), (900, 700), (300, 220), (1000, 800)] {
            try Self.run(xdotool, ["windowsize", window, String(w), String(h)])
            // On screen and on top: import grabs what the screen shows in the window's place.
            try Self.run(xdotool, ["windowmove", window, "0", "0"])
            try Self.run(xdotool, ["windowraise", window])
            Thread.sleep(forTimeInterval: 0.8)
            try #require(app.isRunning, "the window died after resizing to \(w)×\(h): \(String(decoding: err.fileHandleForReading.availableData, as: UTF8.self))")
            // 8-bit RGBA, never a palette; a grab can race the window's own redraw, so try again.
            var grabbed: RGBAImage?
            for _ in 0..<5 where grabbed == nil {
                try? FileManager.default.removeItem(atPath: shot)
                if try Self.run(importTool, ["-window", window, "PNG32:" + shot]).code == 0 { grabbed = try? PNGFile.read(shot) }
                if grabbed == nil { Thread.sleep(forTimeInterval: 0.3) }
            }
            let image = try #require(grabbed, "could not grab the window at \(w)×\(h)")
            #expect(image.width == w && image.height == h, "grabbed \(image.width)×\(image.height), asked \(w)×\(h)")
            // The page background reaches every corner of the new size (not black, not the old frame).
            for (x, y) in [(2, 2), (image.width - 3, 2), (2, image.height - 3), (image.width - 3, image.height - 3)] {
                let p = image.pixel(x, y)
                #expect(p.r == 0xF2 && p.g == 0xF2 && p.b == 0xF7, "pixel (\(x), \(y)) at \(w)×\(h) is \(p), not the page background")
            }
        }
        try Self.run(xdotool, ["windowfocus", "--sync", window])
        try Self.run(xdotool, ["key", "--window", window, "q"])
        for _ in 0..<50 where app.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }
}
