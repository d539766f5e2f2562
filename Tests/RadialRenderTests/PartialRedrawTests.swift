import Foundation
import RadialApp
import RadialCore
import RadialGL
import Testing

/// A window redraws only what changed since the frame its back buffer holds. Whatever the
/// damage tracking misses stays stale on screen, so every checked frame of a partially redrawn
/// sequence must equal the same frame drawn whole.
@Suite("Partial redraws equal whole redraws", .serialized)
struct PartialRedrawTests {
    /// Draws `times` both ways and compares the frames at every `every`-th index (and the last).
    func check(_ page: Page, size: Size, times: [Double], every: Int, before: @escaping (PageScene, Int) -> Void = { _, _ in },
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let keep = Set(stride(from: 0, to: times.count, by: every)).union([times.count - 1])
        let (partial, whole) = try GLTestContext.with { h in
            let f = Formatting(localeIdentifier: "en_US")
            let a = h.scene(for: page, formatting: f), b = h.scene(for: page, formatting: f)
            let partial = try h.frames(of: a, size: size, times: times, keep: keep, partial: true) { before(a, $0) }
            let whole = try h.frames(of: b, size: size, times: times, keep: keep, partial: false) { before(b, $0) }
            return (partial, whole)
        }
        for i in keep.sorted() {
            let p = try #require(partial[i]), w = try #require(whole[i])
            let c = try #require(ImageComparison.compare(p, w, threshold: 2, radius: 0))
            if c.differingPixels > 0 {
                let dir = FileManager.default.temporaryDirectory.path
                try PNGFile.write(p, to: "\(dir)/partial-\(i).png")
                try PNGFile.write(c.diff, to: "\(dir)/partial-\(i)-diff.png")
            }
            #expect(c.differingPixels == 0, "frame \(i) (t = \(times[i])): \(c.differingPixels) pixels differ from a whole redraw",
                    sourceLocation: sourceLocation)
        }
    }

    static func times(from t0: Double, to t1: Double) -> [Double] {
        stride(from: t0, through: t1, by: 1.0 / 60).map { $0 }
    }

    @Test("The e-bike radar growing and settling")
    func radar() throws {
        try check(Demo.ebike.page, size: Size(640, 720), times: Self.times(from: 0, to: 2.2), every: 9)
    }

    @Test("The scan turning, contacts lighting and fading")
    func scan() throws {
        try check(Demo.scan.page, size: Size(640, 720), times: Self.times(from: 0, to: 3.5), every: 11)
    }

    @Test("Pie sectors arriving one by one")
    func pies() throws {
        try check(Demo.pies.page, size: Size(900, 600), times: Self.times(from: 0, to: 7), every: 13)
    }

    @Test("A hovered sector lifting and dropping back")
    func hover() throws {
        // Settled pies; the pointer moves onto the donut, across it and away.
        let points: [Vec2?] = [nil, Vec2(650, 250), Vec2(700, 300), Vec2(760, 420), nil]
        try check(Demo.pies.page, size: Size(900, 600), times: Self.times(from: 8, to: 9), every: 5) { scene, i in
            scene.setPointer(points[min(i / 12, points.count - 1)])
        }
    }
}
