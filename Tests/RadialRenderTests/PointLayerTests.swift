import Foundation
import RadialCore
import RadialRender
import RadialTestSupport
import Testing

/// Issue 31: a settled polar scatter's points are made once into a layer, which the renderer
/// keeps as a picture and lays down each frame. The picture must give the pixels the points
/// drawn one by one give (a recording frame still draws them one by one: vector backends keep
/// them as shapes, and GL ignores the groups), and must be made again when they change.
@Suite("A settled scatter drawn from its layer", .serialized)
struct PointLayerTests {
    /// Two scatters on one chart (3,000 and 400 points, so dots of 1.5 px at 80 % opacity that
    /// overlap), angles and radii from a fixed sequence.
    static var page: Page {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        func points(_ n: Int, spread: Double) -> [PolarPoint] {
            (0..<n).map { _ in PolarPoint(angle: next() * 360, radius: next().squareRoot() * spread) }
        }
        return Page(charts: [.polar(PolarChart(title: "Two scatters", radiusAxis: PolarRadiusAxis(maximum: 100),
                                               series: [PolarSeries(name: "Near", points: points(3000, spread: 70), mark: .point),
                                                        PolarSeries(name: "Far", points: points(400, spread: 100), mark: .point)]))])
    }
    static let size = Size(560, 600)

    /// The largest channel difference allowed between the picture laid down and the points drawn
    /// directly: the picture rounds each pixel to 8 bits once more.
    static let rounding = 2

    /// Draws `scene` at each of `states` (time, theme, whether the frame records, an action
    /// first) in one renderer, as a window's frames follow one another, and returns the pictures
    /// with the number of layer commands and rebuilt pictures of each frame.
    static func frames(_ scene: PageScene, _ h: GraphicsSession, _ states: [(time: Double, theme: Theme, records: Bool, before: ((PageScene) -> Void)?)])
        throws -> [(image: RGBAImage, layers: Int, rebuilt: Int)] {
        var out: [(image: RGBAImage, layers: Int, rebuilt: Int)] = []
        var layers = 0
        defer { h.frame.records = false }
        try h.renderFrames(count: states.count, width: Int(size.width), height: Int(size.height), redraw: .whole,
                           before: { i in states[i].before?(scene) },
                           draw: { i, frame in
                               frame.records = states[i].records
                               scene.draw(into: frame, FrameRequest(size: size, time: states[i].time, theme: states[i].theme))
                               layers = frame.commands.count { if case .layer = $0 { true } else { false } }
                           }, each: { _, image in out.append((image, layers, h.renderer.stats.layersRebuilt)) })
        return out
    }

    static func expectSame(_ layered: RGBAImage, _ direct: RGBAImage, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let c = try #require(ImageComparison.compare(layered, direct, threshold: rounding, radius: 0))
        if c.differingPixels > 0 {
            let dir = FileManager.default.temporaryDirectory.path
            try PNGFile.write(layered, to: "\(dir)/point-layer-\(what).png")
            try PNGFile.write(direct, to: "\(dir)/point-layer-\(what).direct.png")
            try PNGFile.write(c.diff, to: "\(dir)/point-layer-\(what).diff.png")
        }
        #expect(c.differingPixels == 0, "\(what): \(c.differingPixels) pixels differ by more than \(rounding) (largest \(c.maxChannelDelta)) from the points drawn one by one",
                sourceLocation: sourceLocation)
    }

    @Test("Settled, the points are one layer whose picture gives the pixels of the points drawn one by one")
    func sameAsDirect() throws {
        try GLTestContext.with { h in
            let scene = h.scene(for: Self.page, formatting: Formatting(localeIdentifier: "en_US"))
            let f = try Self.frames(scene, h, [(5, .light, false, nil), (5, .light, true, nil), (0.3, .light, false, nil)])
            #expect(f[0].layers == 1 && f[0].rebuilt == 1, "settled: one layer, its picture made")
            #expect(f[1].layers == 0, "a recording frame draws the points one by one")
            #expect(f[2].layers == 0, "growing, the points are drawn one by one")
            try Self.expectSame(f[0].image, f[1].image, "settled")
            // The points are there to compare: the picture without them differs by far more.
            let empty = try #require(ImageComparison.compare(f[0].image, f[2].image, threshold: 24, radius: 1))
            #expect(empty.differingPixels > 1000)
        }
    }

    @Test("A toggle, a theme change and a highlight each make the picture again, and it follows them")
    func rebuilt() throws {
        try GLTestContext.with { h in
            let f = Formatting(localeIdentifier: "en_US")
            let toggle: (PageScene) -> Void = { $0.perform(.toggle, on: ElementRef(chart: 0, key: .legend(0)), moment: Moment(time: 5)) }
            let highlight: (PageScene) -> Void = { $0.setFocus(ElementRef(chart: 0, key: .legend(1))) }
            // One renderer through every change, as a window's frames follow one another (a
            // recording frame in between would let the picture go, and hide a stale one) …
            let layered = try Self.frames(h.scene(for: Self.page, formatting: f), h, [
                (5, .light, false, nil), (5.1, .light, false, nil),
                (8, .light, false, toggle), (8.1, .light, false, nil),
                (8, .dark, false, nil), (8, .dark, false, highlight),
            ])
            // … and the same states with the points drawn one by one.
            let direct = try Self.frames(h.scene(for: Self.page, formatting: f), h, [
                (5, .light, true, nil), (8, .light, true, toggle), (8, .dark, true, nil), (8, .dark, true, highlight),
            ])
            #expect(layered.map(\.layers) == [1, 1, 1, 1, 1, 1] && direct.map(\.layers) == [0, 0, 0, 0])
            #expect(layered.map(\.rebuilt) == [1, 0, 1, 0, 1, 1], "made when the points change, kept while they do not")
            try Self.expectSame(layered[1].image, direct[0].image, "settled")
            try Self.expectSame(layered[2].image, direct[1].image, "toggled")
            try Self.expectSame(layered[3].image, direct[1].image, "toggled-kept")
            try Self.expectSame(layered[4].image, direct[2].image, "dark")
            try Self.expectSame(layered[5].image, direct[3].image, "highlighted")
            // Each change shows: the toggle hid the near scatter, the highlight enlarged the far one.
            for (a, b) in [(1, 2), (4, 5)] {
                let changed = try #require(ImageComparison.compare(layered[a].image, layered[b].image, threshold: 24, radius: 1))
                #expect(changed.differingPixels > 500, "frames \(a) and \(b) differ in \(changed.differingPixels) pixels")
            }
        }
    }
}

extension PartialRedrawTests {
    @Test("A settled scatter's layer through a toggle, a focus and back, buffer ages 1 and 2")
    func scatterLayer() throws {
        let times = Self.times(from: 4.9, to: 9.5)
        try check(PointLayerTests.page, size: Size(420, 460), times: times, age: { 1 + $0 % 2 }, before: { scene, i in
            // A toggle springs and settles (the layer made again); a focus on the other legend
            // entry then remakes it at once, settled to settled (only its version tells); and back.
            if i == 6 || i == 170 { scene.perform(.toggle, on: ElementRef(chart: 0, key: .legend(1)), moment: Moment(time: times[i])) }
            if i == 140 { scene.setFocus(ElementRef(chart: 0, key: .legend(0))) }
            if i == 155 { scene.setFocus(nil) }
        })
    }

    @Test("With reduce motion a toggle remakes the layer from one settled frame to the next, and only its version tells")
    func scatterLayerReduceMotion() throws {
        // The near scatter lies inside the far one's box: hiding it changes the layer, not its
        // box, and the command list stays the same, so the redraw is a box (the plot) that must
        // include the layer, made again.
        let times = Self.times(from: 5, to: 5.5)
        try check(PointLayerTests.page, size: Size(900, 420), reduceMotion: true, times: times, age: { 1 + $0 % 2 }, before: { scene, i in
            if i == 5 || i == 15 { scene.perform(.toggle, on: ElementRef(chart: 0, key: .legend(0)), moment: Moment(time: times[i], reduceMotion: true)) }
        })
    }
}
