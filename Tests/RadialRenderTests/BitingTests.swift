import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialTestSupport
import RadialGL
import Testing

/// Checks that fail when the animation or the beam drifts from the reference: each compares
/// what was drawn with a formula written from SwiftUI's documented behaviour, not with the code
/// under test.
@Suite("Drawn as the reference says", .serialized)
struct ReferenceRenderTests {
    /// t = 0.68 s is inside the radar's overshoot: spring(0.9, 0.25) peaks near 1.028 there.
    @Test("Inside the radar's overshoot, growth and every corner follow the analytic spring")
    func overshoot() throws {
        let t = 0.68
        let expected = AnalyticSpring.value(at: t, duration: 0.9, bounce: 0.25)
        #expect(expected > 1.02, "the oracle itself overshoots: \(expected)")
        let (image, g) = try GLTestContext.render(Demo.ebike.page, at: t)
        let chart = try #require(g[key: "charts"]?[index: 0])
        let growth = try #require(chart[key: "growth"]?.number)
        #expect(abs(growth - expected) < 1e-6, "growth \(growth), the spring says \(expected)")
        let cx = try #require(chart[key: "center"]?[index: 0]?.number), cy = try #require(chart[key: "center"]?[index: 1]?.number)
        let r = try #require(chart[key: "radius"]?.number)
        let city = try #require(chart[key: "series"]?[index: 0]?[key: "points"])
        for (i, v) in [55.0, 40, 62, 90, 85, 70].enumerated() {
            let a = Double(i) / 6 * 2 * .pi - .pi / 2
            let x = cx + cos(a) * r * v / 100 * expected, y = cy + sin(a) * r * v / 100 * expected
            #expect(abs((city[index: i]?[index: 0]?.number ?? 0) - x) < 0.01 && abs((city[index: i]?[index: 1]?.number ?? 0) - y) < 0.01,
                    "corner \(i)")
            // The teal stroke is drawn there: within a pixel, blue clearly beats red.
            var best = Int.min
            for dy in -1...1 { for dx in -1...1 {
                let p = image.pixel(Int(x.rounded()) + dx, Int(y.rounded()) + dy)
                best = max(best, Int(p.b) - Int(p.r))
            } }
            #expect(best > 50, "corner \(i) at (\(x), \(y)): blue − red is only \(best)")
        }
        try Goldens.check(image, named: "ebike-0.68-light-1x")
    }

    /// A blue beam over the white card: red = 255 × (1 − alpha). Measured along an arc at 0.6 of
    /// the radius at 36 angles around the turn (away from the seam), against SwiftUI's
    /// AngularGradient([clear, clear, blue]) whose seam is the reported leading edge.
    @Test("The beam's alpha along an arc is SwiftUI's angular gradient, ±2 levels", arguments: [true, false])
    func beamAlpha(clockwise: Bool) throws {
        let blue = RGBA(0, 0, 1)
        let page = Page(charts: [.scan(ScanChart(title: "Beam", color: .fixed(blue), duration: 4, clockwise: clockwise,
                                                 gradient: [.system(.clear), .system(.clear), .fixed(blue)], borderWidth: 2))])
        for t in [0.7, 2.3] {
            let (image, g) = try GLTestContext.render(page, size: Size(500, 600), at: t)
            let chart = try #require(g[key: "charts"]?[index: 0])
            let cx = try #require(chart[key: "center"]?[index: 0]?.number), cy = try #require(chart[key: "center"]?[index: 1]?.number)
            let r = try #require(chart[key: "radius"]?.number)
            let lead = try #require(chart[key: "leadingAngle"]?.number)
            let leadPhi = (lead - 90) * .pi / 180           // radians clockwise from 3 o'clock
            let dir = clockwise ? 1.0 : -1.0
            let stops = [RGBA.clear, .clear, blue]
            var measured = 0
            for k in 0..<36 {
                let phi = leadPhi + Double(k) * 10 * .pi / 180 + 5 * .pi / 180   // 5°, 15°, … 355° past the seam
                let x = cx + cos(phi) * r * 0.6, y = cy + sin(phi) * r * 0.6
                // Pixel centers: sample the pixel whose center is nearest, and evaluate the oracle there.
                let px = Int(x.rounded(.down)), py = Int(y.rounded(.down))
                let phiAt = atan2(Double(py) + 0.5 - cy, Double(px) + 0.5 - cx)
                let u = SwiftUIAngularGradient.parameter(phi: phiAt, start: leadPhi, direction: dir)
                let alpha = Double(SwiftUIAngularGradient.color(at: u, stops: stops).a)
                let expectedRed = 255 * (1 - alpha)
                let red = Double(image.pixel(px, py).r)
                #expect(abs(red - expectedRed) <= 2, "t \(t), \(k * 10 + 5)° from the seam: red \(red), SwiftUI \(expectedRed.rounded())")
                measured += 1
            }
            #expect(measured >= 16)
        }
    }
}
