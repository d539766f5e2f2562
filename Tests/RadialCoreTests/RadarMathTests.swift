import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

/// Where an axis points, worked out as a clock hand: θ degrees clockwise from 12 o'clock is
/// (sin θ, −cos θ) on a y-down screen.
func clockHand(_ axis: Int, of count: Int) -> Vec2 {
    let theta = 360.0 * Double(axis) / Double(count) * .pi / 180
    return Vec2(sin(theta), -cos(theta))
}

@Suite("Radar math")
struct RadarMathTests {
    @Test("the first axis points up")
    func firstAxisUp() {
        for n in [3, 4, 5, 6, 12] {
            #expect(close(RadarMath.angle(of: 0, count: n), -.pi / 2))
            let p = RadarMath.point(axis: 0, count: n, share: 1, center: Vec2(100, 100), radius: 50)
            #expect(close(p, Vec2(100, 50), 1e-9))
        }
    }

    @Test("the axes go clockwise on a y-down screen: axis 1 of 4 points right")
    func clockwise() {
        let c = Vec2(10, 20)
        #expect(close(RadarMath.point(axis: 1, count: 4, share: 1, center: c, radius: 5), Vec2(15, 20), 1e-12))
        #expect(close(RadarMath.point(axis: 2, count: 4, share: 1, center: c, radius: 5), Vec2(10, 25), 1e-12))
        #expect(close(RadarMath.point(axis: 3, count: 4, share: 1, center: c, radius: 5), Vec2(5, 20), 1e-12))
        for n in [3, 5, 6, 7] {
            for axis in 0..<n {
                let p = RadarMath.point(axis: axis, count: n, share: 0.5, center: .zero, radius: 2)
                #expect(close(p, clockHand(axis, of: n), 1e-12), "axis \(axis) of \(n)")
            }
        }
    }

    @Test("a share is value / maximum, clamped to 0…1")
    func share() {
        #expect(RadarMath.share(of: 50, maximum: 100) == 0.5)
        #expect(RadarMath.share(of: 100, maximum: 100) == 1)
        #expect(RadarMath.share(of: 150, maximum: 100) == 1)
        #expect(RadarMath.share(of: -5, maximum: 100) == 0)
        #expect(RadarMath.share(of: 3, maximum: 4) == 0.75)
    }

    @Test("non-finite values and a maximum ≤ 0 give 0")
    func degenerateShares() {
        #expect(RadarMath.share(of: .nan, maximum: 100) == 0)
        #expect(RadarMath.share(of: .infinity, maximum: 100) == 0)
        #expect(RadarMath.share(of: -.infinity, maximum: 100) == 0)
        #expect(RadarMath.share(of: 50, maximum: 0) == 0)
        #expect(RadarMath.share(of: 50, maximum: -10) == 0)
        #expect(RadarMath.share(of: 50, maximum: .nan) == 0)
    }

    @Test("the label room is the seed's 34 pt")
    func labelRoom() { #expect(RadarMath.labelRoom == 34) }
}
