import Foundation
import Testing
@testable import RadialCore

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

    @Test("corners: one per axis, missing values at the center")
    func corners() {
        let c = Vec2(200, 150), r = 80.0
        let corners = RadarMath.corners(values: [100, 50], axes: 5, maximum: 100, center: c, radius: r)
        #expect(corners.count == 5)
        #expect(close(corners[0], Vec2(200, 70), 1e-9))
        #expect(close(corners[1], c + clockHand(1, of: 5) * 40, 1e-9))
        for i in 2..<5 { #expect(close(corners[i], c, 1e-12)) }
        // Extra values beyond the axes are ignored.
        #expect(RadarMath.corners(values: [1, 2, 3, 4], axes: 3, maximum: 4, center: c, radius: r).count == 3)
        #expect(RadarMath.corners(values: [1], axes: 0, maximum: 4, center: c, radius: r).isEmpty)
        #expect(RadarMath.corners(values: [1], axes: -2, maximum: 4, center: c, radius: r).isEmpty)
    }

    @Test("the e-bike corners lie on the clock hands at value / 100 of the radius")
    func ebikeCorners() {
        let values = [55.0, 40, 62, 90, 85, 70]
        let corners = RadarMath.corners(values: values, axes: 6, maximum: 100, center: Vec2(400, 300), radius: 200)
        for (i, v) in values.enumerated() {
            #expect(close(corners[i], Vec2(400, 300) + clockHand(i, of: 6) * (200 * v / 100), 1e-9))
        }
    }

    @Test("the label room is the seed's 34 pt")
    func labelRoom() { #expect(RadarMath.labelRoom == 34) }
}
