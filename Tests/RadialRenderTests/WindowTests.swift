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
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }

        // Wait for the window (up to 10 s).
        var window = ""
        for _ in 0..<100 where window.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            window = try Self.run(xdotool, ["search", "--onlyvisible", "--pid", String(app.processIdentifier), "--name", "Radial"]).out
                .split(separator: "\n").first.map(String.init) ?? ""
        }
        try #require(!window.isEmpty, "the gallery window did not appear")
        Thread.sleep(forTimeInterval: 1.5)   // the radar settles

        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("radial-window-\(app.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        for (w, h) in [(520, 420), (900, 700), (300, 220), (1000, 800)] {
            try Self.run(xdotool, ["windowsize", window, String(w), String(h)])
            // On screen and on top: the grab reads what the screen shows at the window's place.
            try Self.run(xdotool, ["windowmove", window, "0", "0"])
            try Self.run(xdotool, ["windowraise", window])
            // Grab until the page background reaches every corner of the new size (the window
            // redraws at its own pace; under a loaded test run that takes a while), for 10 s.
            var corners: [String] = []
            let deadline = Date().addingTimeInterval(10)
            repeat {
                Thread.sleep(forTimeInterval: 0.3)
                try #require(app.isRunning, "the window died after resizing to \(w)×\(h): \(String(decoding: err.fileHandleForReading.availableData, as: UTF8.self))")
                try? FileManager.default.removeItem(atPath: shot)
                // The root window's pixels where the window sits: reading the window itself
                // straight after a resize can fail. 8-bit RGBA, never a palette.
                let r = try Self.run(importTool, ["-window", "root", "-crop", "\(w)x\(h)+0+0", "+repage", "PNG32:" + shot])
                guard r.code == 0, let image = try? PNGFile.read(shot) else { corners = ["grab failed: \(r.err)"]; continue }
                corners = [(2, 2), (w - 3, 2), (2, h - 3), (w - 3, h - 3)].compactMap { x, y in
                    let p = image.pixel(x, y)
                    return p.r == 0xF2 && p.g == 0xF2 && p.b == 0xF7 ? nil : "(\(x), \(y)) is \(p)"
                }
            } while !corners.isEmpty && Date() < deadline
            #expect(corners.isEmpty, "at \(w)×\(h) the page background does not reach the corners: \(corners)")
        }
        try Self.run(xdotool, ["windowfocus", window])
        Thread.sleep(forTimeInterval: 0.2)
        try Self.run(xdotool, ["key", "--window", window, "q"])
        for _ in 0..<50 where app.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }
}
