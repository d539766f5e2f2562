import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialTestSupport
import RadialGL
import Testing

/// A window redraws only what changed since the frame its back buffer holds. Whatever the
/// damage tracking misses stays stale on screen, so EVERY frame of a partially redrawn sequence
/// must equal the same frame drawn whole: with buffer ages 1 (an offscreen target, the window's
/// copy presentation), 2 and 3 (swap chains), in both themes, at scale 1 and 2, through a
/// reload transition and a hover.
@Suite("Partial redraws equal whole redraws", .serialized)
struct PartialRedrawTests {
    /// Draws frames `times` whole and partially (frame i against a buffer `age(i)` frames old)
    /// and compares every frame exactly. `sceneAt(i)` may change the scene (a reload).
    func check(_ page: Page, size: Size, scale: Double = 1, theme: Theme = .light, reduceMotion: Bool = false, times: [Double], age: @escaping @Sendable (Int) -> Int = { _ in 1 },
               reload: (at: Int, to: Page)? = nil, before: @escaping (PageScene, Int) -> Void = { _, _ in },
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        try GLTestContext.with { h in
            let f = Formatting(localeIdentifier: "en_US")
            // Two identical sequences of scenes, one per run.
            func scenes() -> (Int) -> PageScene {
                var scene = h.scene(for: page, formatting: f)
                return { i in
                    if let reload, i == reload.at {
                        scene = PageScene(page: reload.to, measurer: h.fonts, formatting: f, continuing: scene, at: times[i])
                    }
                    return scene
                }
            }
            var whole: [Int: Int] = [:]
            let wholeScenes = scenes()
            var current: PageScene?
            let request = FrameRequest(size: size, scale: scale, theme: theme, reduceMotion: reduceMotion)
            // `before` picks frame i's scene (once: a reload makes a new one) and moves the pointer.
            func draw(_ i: Int, _ frame: Frame) {
                var r = request
                r.time = times[i]
                current!.draw(into: frame, r)
            }
            try h.renderFrames(count: times.count, width: request.pixelWidth, height: request.pixelHeight, redraw: .whole,
                               before: { current = wholeScenes($0); before(current!, $0) },
                               draw: draw) { i, image in whole[i] = image.pixels.hashValue }
            let partialScenes = scenes()
            current = nil
            var failures: [Int] = []
            var firstFailure: RGBAImage?
            try h.renderFrames(count: times.count, width: request.pixelWidth, height: request.pixelHeight, redraw: .bufferAge(age),
                               before: { current = partialScenes($0); before(current!, $0) },
                               draw: draw) { i, image in
                if image.pixels.hashValue != whole[i] {
                    failures.append(i)
                    if firstFailure == nil { firstFailure = image }
                }
            }
            if let image = firstFailure {
                let path = FileManager.default.temporaryDirectory.path + "/partial-\(failures[0]).png"
                try PNGFile.write(image, to: path)
                Issue.record("\(failures.count) of \(times.count) frames differ from a whole redraw, first frame \(failures[0]) (t = \(times[failures[0]])), written to \(path)",
                             sourceLocation: sourceLocation)
            }
        }
    }

    static func times(from t0: Double, to t1: Double) -> [Double] {
        stride(from: t0, through: t1, by: 1.0 / 60).map { $0 }
    }

    @Test("The e-bike radar growing and settling, buffer ages 1, 2 and 3")
    func radar() throws {
        try check(Demo.ebike.page, size: Size(480, 560), times: Self.times(from: 0, to: 1.6), age: { 1 + $0 % 3 })
    }

    @Test("The radar in the dark at scale 2")
    func radarDarkScale2() throws {
        try check(Demo.ebike.page, size: Size(320, 380), scale: 2, theme: .dark, times: Self.times(from: 0.3, to: 1.2), age: { $0 % 2 == 0 ? 1 : 3 })
    }

    @Test("The scan turning, contacts lighting and fading, ages 1-3")
    func scan() throws {
        try check(Demo.scan.page, size: Size(480, 560), times: Self.times(from: 0, to: 3.2), age: { 1 + ($0 / 5) % 3 })
    }

    @Test("Pie sectors arriving one by one, dark")
    func pies() throws {
        try check(Demo.pies.page, size: Size(600, 400), theme: .dark, times: Self.times(from: 0, to: 6.5), age: { $0 % 7 == 0 ? 2 : 1 })
    }

    @Test("A reload transition: the e-bike edited at 2 s morphs to the new data")
    func reload() throws {
        try check(Demo.ebike.page, size: Size(480, 560), times: Self.times(from: 1.5, to: 3.2), age: { 1 + $0 % 3 },
                  reload: (at: 30, to: TransitionRenderTests.editedEbike))
    }

    @Test("A hovered sector lifting and dropping back")
    func hover() throws {
        // Settled pies; the pointer moves onto the donut's ring (not its hole), along it and away.
        let size = Size(720, 480)
        let (_, geometry) = try GLTestContext.render(Demo.pies.page, size: size, at: 8)
        var points: [Vec2?] = [nil]
        for chart in 0..<2 {
            guard let c = geometry[key: "charts"]?[index: chart], let cx = c[key: "center"]?[index: 0]?.number, let cy = c[key: "center"]?[index: 1]?.number,
                  let ro = c[key: "outerRadius"]?.number, let ri = c[key: "innerRadius"]?.number else { continue }
            let r = (ro + ri) / 2
            for a in [0.3, 1.2, 2.5] { points.append(Vec2(cx + r * sin(a), cy - r * cos(a))) }
        }
        points.append(nil)
        #expect(points.count == 8)
        try check(Demo.pies.page, size: size, times: Self.times(from: 8, to: 9.3), age: { 1 + $0 % 2 }) { scene, i in
            if i % 10 == 0 { scene.setPointer(points[min(i / 10, points.count - 1)]) }
        }
        // The hover happened: with the pointer on a sector the page looks different than without.
        let images = try GLTestContext.with { h in
            try [nil, points[1]].map { point -> RGBAImage in
                let scene = h.scene(for: Demo.pies.page, formatting: Formatting(localeIdentifier: "en_US"))
                let times = Self.times(from: 8, to: 8.6)
                var last: RGBAImage?
                try h.renderFrames(count: times.count, width: Int(size.width), height: Int(size.height), redraw: .whole,
                                   before: { i in if i == 1 { scene.setPointer(point) } },
                                   draw: { i, frame in scene.draw(into: frame, FrameRequest(size: size, time: times[i])) },
                                   each: { i, image in if i == times.count - 1 { last = image } })
                return try #require(last)
            }
        }
        let c = try #require(ImageComparison.compare(images[0], images[1], threshold: 8, radius: 0))
        #expect(c.differingPixels > 300, "hovering a sector changed only \(c.differingPixels) pixels")
    }
}
