import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialTestSupport
import RadialGL
import Testing

@Suite("Render goldens on a real GL context", .serialized)
struct RenderGoldenTests {
    @Test("The e-bike radar at t = 0, mid-spring and settled, light and dark, scale 1 and 2",
          arguments: [(0.0, Theme.light, 1.0), (0.45, .light, 1.0), (5.0, .light, 1.0), (5.0, .dark, 1.0), (0.45, .dark, 2.0), (0.68, .dark, 2.0)])
    func ebike(time: Double, theme: Theme, scale: Double) throws {
        let size = scale == 1 ? Size(800, 800) : Size(420, 460)
        let (image, _) = try GLTestContext.render(Demo.ebike.page, size: size, scale: scale, at: time, theme: theme)
        #expect(image.width == Int(size.width * scale))
        try Goldens.check(image, named: "ebike-\(time)-\(theme.rawValue)-\(Int(scale))x")
    }

    @Test("The scan sweep at several times", arguments: [(0.0, Theme.light), (0.75, .light), (2.2, .dark), (4.4, .light)])
    func scan(time: Double, theme: Theme) throws {
        let (image, _) = try GLTestContext.render(Demo.scan.page, size: Size(640, 720), at: time, theme: theme)
        try Goldens.check(image, named: "scan-\(time)-\(theme.rawValue)")
    }

    @Test("The pies page mid-arrival and settled", arguments: [(1.9, Theme.light), (4.3, .light), (6.0, .light), (6.0, .dark)])
    func pies(time: Double, theme: Theme) throws {
        let (image, _) = try GLTestContext.render(Demo.pies.page, size: Size(600, 900), at: time, theme: theme)
        try Goldens.check(image, named: "pies-\(time)-\(theme.rawValue)")
    }

    /// examples/budget.json: its grouped 2 % "Other" labeled outside the ring with a leader at
    /// 900 × 700; ungrouped at 420 × 360, small slices outside where they fit and the legend's
    /// "… small slices unlabeled" note for the rest (issue #17).
    @Test("budget.json's small slices: outside with leaders, and the legend's note", arguments: [(true, Size(900, 700)), (false, Size(420, 360))])
    func budget(grouped: Bool, size: Size) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/budget.json")
        var text = try String(contentsOf: file, encoding: .utf8)
        if !grouped { text = text.replacingOccurrences(of: #""group": {"below": 0.02, "label": "Other"},"#, with: "") }
        let (image, g) = try GLTestContext.render(try Spec.decode(text), size: size, at: 5)
        let chart = try #require(g[key: "charts"]?[index: 0])
        let leaders = (chart[key: "annotations"]?.items ?? []).filter { $0[key: "leader"] != nil }.count
        let unlabeled = chart[key: "unlabeled"]?.items.count ?? -1
        #expect(grouped ? leaders == 1 && unlabeled == 0 : leaders >= 1 && unlabeled >= 1)
        try Goldens.check(image, named: grouped ? "budget-900x700" : "budget-ungrouped-420x360")
    }

    @Test("Reduce motion shows the settled radar from the first frame")
    func reduceMotion() throws {
        let (still, _) = try GLTestContext.render(Demo.ebike.page, at: 0, reduceMotion: true)
        let (settled, _) = try GLTestContext.render(Demo.ebike.page, at: 5)
        let c = try #require(ImageComparison.compare(still, settled, threshold: 2, radius: 0))
        #expect(c.differingPixels == 0)
    }
}

@Suite("What is drawn matches the math", .serialized)
struct RenderGeometryTests {
    @Test("Radar corners in --geometry equal the seed's math, and the stroke is drawn there")
    func radarCorners() throws {
        let (image, g) = try GLTestContext.render(Demo.ebike.page, at: 5)
        let chart = try #require(g[key: "charts"]?[index: 0])
        let cx = try #require(chart[key: "center"]?[index: 0]?.number), cy = try #require(chart[key: "center"]?[index: 1]?.number)
        let r = try #require(chart[key: "radius"]?.number)
        let frameW = try #require(chart[key: "frame"]?[index: 2]?.number)
        #expect(abs(r - (frameW / 2 - 34)) < 1e-6)
        let city = try #require(chart[key: "series"]?[index: 0]?[key: "points"])
        let values = [55.0, 40, 62, 90, 85, 70]
        for (i, v) in values.enumerated() {
            let a = Double(i) / 6 * 2 * .pi - .pi / 2
            let x = cx + cos(a) * r * v / 100, y = cy + sin(a) * r * v / 100
            #expect(abs((city[index: i]?[index: 0]?.number ?? 0) - x) < 0.01)
            #expect(abs((city[index: i]?[index: 1]?.number ?? 0) - y) < 0.01)
            // The teal stroke passes through the corner (under Trail's translucent fill where
            // Trail reaches further): within a pixel of it, blue clearly beats red.
            var best = Int.min
            for dy in -1...1 { for dx in -1...1 {
                let p = image.pixel(Int(x.rounded()) + dx, Int(y.rounded()) + dy)
                best = max(best, Int(p.b) - Int(p.r))
            } }
            #expect(best > 50, "corner \(i) at (\(x), \(y)): blue − red is only \(best)")
        }
    }

    @Test("Behind the scan's leading edge the beam gets fainter, monotonically")
    func beamFades() throws {
        let (image, g) = try GLTestContext.render(Demo.scan.page, size: Size(640, 720), at: 1.0)
        let chart = try #require(g[key: "charts"]?[index: 0])
        let cx = try #require(chart[key: "center"]?[index: 0]?.number), cy = try #require(chart[key: "center"]?[index: 1]?.number)
        let r = try #require(chart[key: "radius"]?.number)
        let lead = try #require(chart[key: "leadingAngle"]?.number)
        #expect(abs(lead - (90 + 120)) < 1e-9)
        // Beam strength over the white card: how far red has dropped from white (green has r 52).
        var last = 255
        var strengths: [Int] = []
        // Sample at 0.83 r (between range rings) from 3° to 177° behind the leading edge.
        for k in stride(from: 3.0, through: 177.0, by: 6.0) {
            let a = (lead - k) * .pi / 180 - .pi / 2
            let p = image.pixel(Int((cx + cos(a) * r * 0.83).rounded()), Int((cy + sin(a) * r * 0.83).rounded()))
            let v = 255 - Int(p.r)
            strengths.append(v)
            #expect(v <= last + 1, "at \(k)° behind: strength \(v) after \(last)")
            last = min(last, v)
        }
        #expect(strengths.first! > 180, "the leading edge is bright: \(strengths)")
        #expect(strengths.last! < 12, "half a turn behind it has faded: \(strengths)")
        // Ahead of the edge the gradient is clear: the card shows through.
        let a = (lead + 40) * .pi / 180 - .pi / 2
        let ahead = image.pixel(Int(cx + cos(a) * r * 0.83), Int(cy + sin(a) * r * 0.83))
        #expect(ahead.r > 240 && ahead.g > 240 && ahead.b > 240)
    }

    @Test("Pie sector angles in --geometry are the animated ones and cover the circle when settled")
    func pieAngles() throws {
        let (_, g) = try GLTestContext.render(Demo.pies.page, size: Size(600, 900), at: 8)
        let earnings = try #require(g[key: "charts"]?[index: 0]?[key: "sectors"])
        #expect(earnings.items.count == 3)
        #expect(abs((earnings[index: 2]?[key: "endAngle"]?.number ?? 0) - 360) < 1e-6)
        #expect(abs((earnings[index: 0]?[key: "endAngle"]?.number ?? 0) - 360 * 50 / 1120) < 1e-6)
        let (_, mid) = try GLTestContext.render(Demo.pies.page, size: Size(600, 900), at: 1.2)
        #expect(mid[key: "charts"]?[index: 0]?[key: "sectors"]?.items.count == 1)
        #expect(mid[key: "charts"]?[index: 1]?[key: "sectors"]?.items.count == 0)
    }

    /// Sectors with a corner radius use the sector shader's rounded variant, the others the plain
    /// one: 3 px inside the sharp outer corner where two halves of a donut meet at 12 o'clock,
    /// a 16 pt radius leaves the card showing; without one the sector is there.
    @Test("Rounded sector corners are cut round; without a corner radius they stay sharp", arguments: [0.0, 16.0])
    func roundedCorners(cornerRadius: Double) throws {
        let pie = PieChart(sectors: [PieSector(name: "A", value: 1, color: .system(.blue)), PieSector(name: "B", value: 1, color: .system(.green))],
                           innerRadius: 0.5, cornerRadius: cornerRadius, appear: .all, legend: false)
        let (image, g) = try GLTestContext.render(Page(charts: [.pie(pie)]), size: Size(500, 500), at: 0, reduceMotion: true)
        let c = try #require(g[key: "charts"]?[index: 0]?[key: "center"]), ro = try #require(g[key: "charts"]?[index: 0]?[key: "outerRadius"]?.number)
        let cx = try #require(c[index: 0]?.number), cy = try #require(c[index: 1]?.number)
        let corner = image.pixel(Int((cx + 3).rounded(.down)), Int((cy - ro + 3).rounded(.down)))
        let inside = image.pixel(Int((cx + 12).rounded(.down)), Int((cy - ro + 12).rounded(.down)))
        #expect(inside.b > 200 && inside.r < 60, "the blue sector's inside is \(inside)")
        if cornerRadius > 0 {
            #expect(corner.r > 240 && corner.g > 240 && corner.b > 240, "the rounded-off corner shows \(corner), not the card")
        } else {
            #expect(corner.b > 200 && corner.r < 60, "the sharp corner shows \(corner), not the sector")
        }
    }
}

@Suite("Shaders")
struct ShaderValidationTests {
    static let shaderDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Shaders")

    @Test("Every shader passes glslangValidator, as the renderer compiles it")
    func glslang() throws {
        // The sources with their generated inputs and #defines: the files alone are not complete.
        let sources = try ShaderCatalog.compiledSources()
        #expect(sources.count >= 20)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-shaders-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, source) in sources {
            let file = dir.appendingPathComponent(name.replacingOccurrences(of: "+", with: "-"))
            try source.write(to: file, atomically: true, encoding: .utf8)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/glslangValidator")
            p.arguments = [file.path]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = out
            try p.run()
            p.waitUntilExit()
            let log = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(p.terminationStatus == 0, "\(name): \(log)")
        }
    }
}

@Suite("Reload transitions, rendered", .serialized)
struct TransitionRenderTests {
    /// The e-bike after an edit at t = 5: City's Speed goes to 100, Trail leaves, Cargo arrives.
    static var editedEbike: Page {
        var page = Demo.ebike.page
        guard case .radar(var r) = page.charts[0] else { return page }
        r.series[0].values[0] = 100
        r.series.remove(at: 1)
        r.series.append(RadarSeries(name: "Cargo", values: [30, 85, 70, 75, 60, 40], color: .system(.indigo)))
        page.charts[0] = .radar(r)
        return page
    }

    /// The pies after an edit at t = 8: Interest leaves the earnings, Bonus arrives, Groceries doubles.
    static var editedPies: Page {
        var page = Demo.pies.page
        guard case .pie(var earnings) = page.charts[0], case .pie(var expenses) = page.charts[1] else { return page }
        earnings.sectors.remove(at: 1)
        earnings.sectors.append(PieSector(name: "Bonus", value: 400))
        expenses.sectors[0].value = 160
        page.charts[0] = .pie(earnings); page.charts[1] = .pie(expenses)
        return page
    }

    func render(from old: Page, to new: Page, editAt t: Double, at time: Double, size: Size) throws -> RGBAImage {
        try GLTestContext.with { h in
            let fmt = Formatting(localeIdentifier: "en_US")
            let before = h.scene(for: old, formatting: fmt)
            let after = PageScene(page: new, measurer: h.fonts, formatting: fmt, continuing: before, at: t)
            return try h.image(of: after, FrameRequest(size: size, scale: 1, time: time, theme: .light, reduceMotion: false))
        }
    }

    @Test("The radar mid-transition: corners on their way, the new series growing, the old one shrinking")
    func radar() throws {
        let image = try render(from: Demo.ebike.page, to: Self.editedEbike, editAt: 5, at: 5.3, size: Size(600, 680))
        try Goldens.check(image, named: "transition-ebike-5.3")
    }

    @Test("The pies mid-transition")
    func pies() throws {
        let image = try render(from: Demo.pies.page, to: Self.editedPies, editAt: 8, at: 8.25, size: Size(600, 900))
        try Goldens.check(image, named: "transition-pies-8.25")
    }
}

@Suite("Text in charts", .serialized)
struct TextRenderTests {
    @Test("Accents, CJK from a fallback font and a visible box for a character no font has; a long label wraps at full size")
    func internationalLabels() throws {
        let page = Page(title: "Vélos électriques", subtitle: "速度と航続距離 · Größe", charts: [
            .radar(RadarChart(axes: ["Vitesse", "速度", "Autonomie très longue", "Größe", "Prix \u{10FFFD}", "Ästhetik"],
                              series: [RadarSeries(name: "Ville", values: [55, 40, 62, 90, 85, 70], color: .system(.teal)),
                                       RadarSeries(name: "越野", values: [80, 92, 78, 50, 45, 82], color: .system(.orange))]))
        ])
        for scale in [1.0, 2.0] {
            let (image, _) = try GLTestContext.render(page, size: Size(420, 480), scale: scale, at: 5)
            try Goldens.check(image, named: "text-international-\(Int(scale))x")
        }
    }
}

/// The beam's seam, where its segments are split between two passes, on grids of 64 and 66
/// segments a turn (three and four stops), turning either way: right behind the leading edge
/// the beam is at its brightest, with no segment missing. (With four stops and a
/// counter-clockwise turn, a negative GLSL `%` once dropped the segment behind the seam.)
@Suite("The scan beam's leading edge")
struct ScanSeamTests {
    @Test("Right behind the leading edge the beam is bright", arguments: [
        (true, 3), (false, 3), (true, 4), (false, 4),
    ])
    func seam(clockwise: Bool, stops: Int) throws {
        let gradient: [ChartColor] = stops == 3 ? [.system(.clear), .system(.clear), .fixed(RGBA(0, 0, 1))]
            : [.system(.clear), .system(.clear), .fixed(RGBA(0, 0, 1, 0.5)), .fixed(RGBA(0, 0, 1))]
        let page = Page(charts: [.scan(ScanChart(title: "Seam", color: .fixed(RGBA(0, 0, 1)), duration: 4, clockwise: clockwise,
                                                 gradient: gradient, borderWidth: 2))])
        for t in [0.3, 1.0, 1.7, 2.0, 2.9, 3.6] {
            let (image, g) = try GLTestContext.render(page, size: Size(500, 600), at: t)
            let chart = try #require(g[key: "charts"]?[index: 0])
            let cx = try #require(chart[key: "center"]?[index: 0]?.number), cy = try #require(chart[key: "center"]?[index: 1]?.number)
            let r = try #require(chart[key: "radius"]?.number)
            let lead = try #require(chart[key: "leadingAngle"]?.number)
            // Behind the edge is where the beam came from: clockwise beams came from smaller angles.
            let behind = clockwise ? -1.0 : 1.0
            for radius in [0.35, 0.6, 0.9] {
                for k in stride(from: 1.5, through: 12.0, by: 1.5) {
                    let a = (lead + behind * k) * .pi / 180 - .pi / 2
                    let p = image.pixel(Int((cx + cos(a) * r * radius).rounded()), Int((cy + sin(a) * r * radius).rounded()))
                    // Blue over the white card: red drops with the beam's strength (about 255 at the edge).
                    #expect(p.r < 90, "t \(t), \(k)° behind at \(radius) r: \(p) is not the beam")
                }
            }
        }
    }
}

@Suite("Context sources", .serialized)
struct ContextSourceTests {
    @Test("The headless session needs no display: EGL surfaceless")
    func surfaceless() throws {
        let session = try GraphicsSession(.surfaceless, command: "test")
        defer { session.close() }
        #expect(session.rendererName.isEmpty == false)
        let scene = session.scene(for: Demo.ebike.page, formatting: Formatting(localeIdentifier: "en_US"))
        let image = try session.image(of: scene, FrameRequest(size: Size(200, 240), scale: 1, time: 5, theme: .light, reduceMotion: false))
        #expect(image.width == 200 && image.height == 240)
    }

    @Test("EGL and a GLX window give the same pixels", arguments: [("ebike", 0.45), ("scan", 0.75), ("pies", 4.3)])
    func sameAsGLX(demo: String, time: Double) throws {
        guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else { return }   // no X server: nothing to compare with
        let page = try #require(Demo(rawValue: demo)).page
        func render(_ source: ContextSource) throws -> RGBAImage {
            let session = try GraphicsSession(source, command: "test")
            defer { session.close() }
            let scene = session.scene(for: page, formatting: Formatting(localeIdentifier: "en_US"))
            return try session.image(of: scene, FrameRequest(size: Size(480, 560), scale: 1, time: time, theme: .light, reduceMotion: false))
        }
        let egl = try render(.surfaceless), glx = try render(.hiddenWindow)
        #expect(egl.pixels == glx.pixels, "\(demo) at \(time) s differs between EGL and GLX")
    }
}
