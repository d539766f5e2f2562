import Foundation

/// The seed's radar math: first axis up, the rest clockwise (like the hours of a clock) in
/// every language; y grows downwards.
package enum RadarMath {
    /// The direction of an axis in radians, screen convention (0 = 3 o'clock, clockwise positive).
    package static func angle(of axis: Int, count: Int) -> Double {
        guard count > 0 else { return -.pi / 2 }
        return Double(axis) / Double(count) * 2 * .pi - .pi / 2
    }

    /// How far along its axis a value is, from 0 at the center to 1 at the edge.
    package static func share(of value: Double, maximum: Double) -> Double {
        guard maximum > 0, value.isFinite else { return 0 }
        return min(max(value / maximum, 0), 1)
    }

    /// The point `share` of the way along an axis, in a circle of `radius` around `center`.
    package static func point(axis: Int, count: Int, share: Double, center: Vec2, radius: Double) -> Vec2 {
        let a = angle(of: axis, count: count)
        return Vec2(center.x + cos(a) * radius * share, center.y + sin(a) * radius * share)
    }

    /// Room between the outer ring and the edge of the chart for the axis labels (the seed's 34 pt).
    package static let labelRoom = 34.0
}
