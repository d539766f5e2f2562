import Foundation
import RadialCore
import RadialRender
import RadialGL
import Testing

/// The element model in the real window: a pointer on a radar axis shows its tooltip, and the
/// keyboard alone reaches a legend entry and hides its series. In the window suite, which runs
/// one window at a time (two windows at the screen's top left would cover each other). Each test
/// ends its window by killing it: a Q pressed at the end can stay down on the X server and
/// auto-repeat into the next test's window, which then quits at once.
extension WindowTests {
    enum Elements {
    static let (w, h) = (760, 740)

    /// The e-bike page's elements at the window's size, from `radial render --geometry`.
    static func elements() throws -> [String: (box: Rect, value: String)] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-elements-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try WindowTests.run(BinaryTests.binary.path, ["render", "--demo", "ebike", "--size", "\(w)x\(h)", "--at", "5", "--controls",
                                                             "--out", dir.appendingPathComponent("e.png").path,
                                                             "--geometry", dir.appendingPathComponent("e.json").path])
        try #require(r.code == 0, "render failed: \(r.err)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("e.json"))) as? [String: Any]
        var out: [String: (Rect, String)] = [:]
        for e in json?["elements"] as? [[String: Any]] ?? [] {
            guard let path = e["path"] as? String, let b = e["box"] as? [Double], b.count == 4 else { continue }
            out[path] = (Rect(x: b[0], y: b[1], width: b[2], height: b[3]), e["value"] as? String ?? "")
        }
        return out
    }

    /// Pixels within `tolerance` of `color` (per channel) inside `r`.
    static func count(_ image: RGBAImage, near color: RGBA, in r: Rect, tolerance: Int = 40) -> Int {
        let c = [color.r, color.g, color.b].map { Int(($0 * 255).rounded()) }
        var n = 0
        for y in max(Int(r.minY), 0)..<min(Int(r.maxY), image.height) {
            for x in max(Int(r.minX), 0)..<min(Int(r.maxX), image.width) {
                let p = image.pixel(x, y)
                if abs(Int(p.r) - c[0]) <= tolerance && abs(Int(p.g) - c[1]) <= tolerance && abs(Int(p.b) - c[2]) <= tolerance { n += 1 }
            }
        }
        return n
    }

    /// Grabs until the window shows its settled page (the page color in its corner and the radar
    /// drawn in its middle): a first window compiles its shaders and may take seconds under load.
    static func settled(_ importTool: String, _ shot: String) throws -> RGBAImage? {
        let shown = try grabUntil(importTool, shot) { image in
            let p = image.pixel(2, 2), q = image.pixel(w / 2, h / 2)
            return p.r == 0xF2 && p.g == 0xF2 && p.b == 0xF7 && !(q.r == 0xF2 && q.g == 0xF2 && q.b == 0xF7)
        }
        Thread.sleep(forTimeInterval: 1.5)   // the radar finishes growing
        return shown == nil ? nil : try WindowTests.grab(importTool, width: w, height: h, into: shot).image
    }

    /// Grabs until `done` holds for the window's pixels (it redraws at its own pace), for 10 s.
    static func grabUntil(_ importTool: String, _ shot: String, _ done: (RGBAImage) -> Bool) throws -> RGBAImage? {
        var last: RGBAImage?
        let deadline = Date().addingTimeInterval(10)
        repeat {
            Thread.sleep(forTimeInterval: 0.3)
            last = try WindowTests.grab(importTool, width: w, height: h, into: shot).image
            if let l = last, done(l) { return l }
        } while Date() < deadline
        return last
    }

    }

    @Test("The pointer on the Power axis shows a card with each series' value on it")
    func hoverAxis() throws {
        let (xdotool, importTool) = try Self.requireTools()
        let elements = try Elements.elements()
        let power = try #require(elements["charts[0].axes[1]"])
        #expect(power.value == "City 40, Trail 92, of 100")
        let (app, window, _) = try Self.launchGallery(xdotool)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        try Self.place(window, width: Elements.w, height: Elements.h, xdotool)
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("radial-hover-\(app.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        // The card goes right of the label, or left of it where the window ends: look around it.
        let around = power.box.insetBy(dx: -170, dy: -50)
        let teal = SystemColor.teal.resolved(.light)
        let before = try #require(try Elements.settled(importTool, shot), "the window never showed its page")
        try Self.run(xdotool, ["mousemove", "--window", window, String(Int(power.box.midX)), String(Int(power.box.midY))])
        // The card's teal dot for City and its black text appear beside the label.
        let after = try Elements.grabUntil(importTool, shot) { Elements.count($0, near: teal, in: around, tolerance: 24) > Elements.count(before, near: teal, in: around, tolerance: 24) + 20 }
        let image = try #require(after)
        #expect(Elements.count(image, near: teal, in: around, tolerance: 24) > Elements.count(before, near: teal, in: around, tolerance: 24) + 20,
                "no tooltip dot appeared near the Power label")
        #expect(Elements.count(image, near: .black, in: around, tolerance: 60) > Elements.count(before, near: .black, in: around, tolerance: 60) + 40,
                "no tooltip text appeared near the Power label")
        // The spoke turns the accent color.
        #expect(Elements.count(image, near: Palette.of(.light).accent, in: power.box.insetBy(dx: -200, dy: -200), tolerance: 30) > 40)
    }

    @Test("Tab, then the arrows, reach Trail's legend entry; Enter hides the Trail series")
    func keyboardToggle() throws {
        let (xdotool, importTool) = try Self.requireTools()
        let elements = try Elements.elements()
        let trail = try #require(elements["charts[0].legend[1]"])
        let chart = try #require(elements["charts[0]"]).box
        let plot = Rect(x: chart.minX, y: chart.minY + 60, width: chart.width, height: trail.box.minY - chart.minY - 70)
        let (app, window, _) = try Self.launchGallery(xdotool)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        try Self.place(window, width: Elements.w, height: Elements.h, xdotool)
        // The pointer away from the charts, so only the keyboard acts.
        try Self.run(xdotool, ["mousemove", "--window", window, "2", "2"])
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("radial-toggle-\(app.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let orange = SystemColor.orange.resolved(.light)
        let before = try #require(try Elements.settled(importTool, shot), "the window never showed its page")
        let orangeBefore = Elements.count(before, near: orange, in: plot)
        #expect(orangeBefore > 500, "Trail's outline should be drawn before it is hidden")
        // Tab focuses the chart; six axes and City's entry come before Trail's.
        for key in ["Tab"] + Array(repeating: "Right", count: 8) {
            try Self.run(xdotool, ["key", "--window", window, key])
            Thread.sleep(forTimeInterval: 0.1)
        }
        // The focus ring (accent) is around Trail's entry.
        let ring = try Elements.grabUntil(importTool, shot) { Elements.count($0, near: Palette.of(.light).accent, in: trail.box.insetBy(dx: -6, dy: -6), tolerance: 30) > 20 }
        #expect(ring.map { Elements.count($0, near: Palette.of(.light).accent, in: trail.box.insetBy(dx: -6, dy: -6), tolerance: 30) > 20 } == true,
                "no focus ring around Trail's legend entry")
        try Self.run(xdotool, ["key", "--window", window, "Return"])
        let after = try Elements.grabUntil(importTool, shot) { Elements.count($0, near: orange, in: plot) < orangeBefore / 20 }
        #expect(after.map { Elements.count($0, near: orange, in: plot) < orangeBefore / 20 } == true,
                "Trail's pixels are still there after Enter on its legend entry")
    }
}

extension WindowTests {
    /// A tiling window manager resizes a window as soon as it maps, before its first frame: on
    /// llvmpipe the first copies then race the resize and X refuses them (BadValue), which Xlib's
    /// default handler turns into an exit. The window must survive and draw at its new size.
    @Test("A window resized as soon as it maps survives and draws its page")
    func resizedAtOnce() throws {
        let (xdotool, importTool) = try Self.requireTools()
        let app = Process()
        app.executableURL = BinaryTests.binary
        let err = Pipe()
        app.standardError = err
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        // Resize the moment the window exists (polling as fast as xdotool answers), before the
        // gallery has presented a frame at its first size.
        var window = ""
        let found = Date().addingTimeInterval(20)
        while window.isEmpty && Date() < found && app.isRunning {
            window = try Self.run(xdotool, ["search", "--pid", String(app.processIdentifier), "--name", "Radial"]).out
                .split(separator: "\n").first.map(String.init) ?? ""
        }
        try #require(!window.isEmpty, "the gallery window did not appear")
        try Self.run(xdotool, ["windowsize", window, "700", "560"])
        try Self.run(xdotool, ["windowmove", window, "0", "0"])
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("radial-atonce-\(app.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        var drawn = false
        let deadline = Date().addingTimeInterval(10)
        repeat {
            Thread.sleep(forTimeInterval: 0.3)
            guard app.isRunning else { break }
            if let image = try Self.grab(importTool, width: 700, height: 560, into: shot).image {
                let corner = image.pixel(2, 2), far = image.pixel(697, 557)
                drawn = corner.r == 0xF2 && corner.g == 0xF2 && corner.b == 0xF7 && far.r == 0xF2 && far.g == 0xF2 && far.b == 0xF7
            }
        } while !drawn && Date() < deadline
        #expect(app.isRunning, "the window died: \(String(decoding: err.fileHandleForReading.availableData, as: UTF8.self))")
        #expect(drawn, "the window never showed its page at 700×560")
    }
}

extension WindowTests {
    /// The sunburst's drill-down by keys alone in the real window: Tab to the chart, → to its
    /// first node (Europe), Enter opens it (Europe's countries and cities fill the circle: the
    /// other regions' green and orange leave the plot), Backspace goes back up (they return).
    @Test("A sunburst opened with Enter and closed with Backspace in the window")
    func sunburstDrill() throws {
        let (xdotool, importTool) = try Self.requireTools()
        let (w, h) = (Elements.w, Elements.h)
        let file = GoldenPages.examples.appendingPathComponent("sunburst.json").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-sunburst-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try WindowTests.run(BinaryTests.binary.path, ["render", file, "--size", "\(w)x\(h)", "--at", "5", "--out", dir.appendingPathComponent("s.png").path,
                                                             "--geometry", dir.appendingPathComponent("s.json").path])
        try #require(r.code == 0, "render failed: \(r.err)")
        let g = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("s.json"))) as? [String: Any]
        let chart = try #require((g?["charts"] as? [[String: Any]])?.first)
        let f = try #require(chart["frame"] as? [Double])
        let plot = Rect(x: f[0], y: f[1], width: f[2], height: f[3])
        let app = try Self.launchShow([file])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL); app.waitUntilExit() } }
        let window = try Self.window(of: app, xdotool)
        try Self.place(window, width: w, height: h, xdotool)
        try Self.run(xdotool, ["mousemove", "--window", window, "2", "2"])
        let shot = dir.appendingPathComponent("shot.png").path
        // The other regions' colors in the plot (Americas green, Asia orange, and their shades).
        func others(_ image: RGBAImage) -> Int {
            Elements.count(image, near: SystemColor.green.resolved(.light), in: plot, tolerance: 60)
                + Elements.count(image, near: SystemColor.orange.resolved(.light), in: plot, tolerance: 60)
        }
        let before = try #require(try Elements.grabUntil(importTool, shot) { others($0) > 5000 }, "the window never showed the sunburst")
        let shown = others(before)
        #expect(shown > 5000, "Americas and Asia should be drawn at first: \(shown)")
        for key in ["Tab", "Right", "Return"] {
            try Self.run(xdotool, ["key", "--window", window, key])
            Thread.sleep(forTimeInterval: 0.15)
        }
        let opened = try Elements.grabUntil(importTool, shot) { others($0) < shown / 50 }
        #expect(opened.map { others($0) < shown / 50 } == true, "Enter on Europe did not open it: \(opened.map(others) ?? -1) of \(shown) pixels of the other regions left")
        // Up, then Esc: the focus (back on Europe, which dims the other regions) cleared.
        try Self.run(xdotool, ["key", "--window", window, "BackSpace"])
        Thread.sleep(forTimeInterval: 0.15)
        try Self.run(xdotool, ["key", "--window", window, "Escape"])
        let closed = try Elements.grabUntil(importTool, shot) { others($0) > shown * 9 / 10 }
        #expect(closed.map { others($0) > shown * 9 / 10 } == true, "Backspace did not go back up: \(closed.map(others) ?? -1) of \(shown)")
    }
}
