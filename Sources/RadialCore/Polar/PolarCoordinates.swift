import Foundation

/// A polar coordinate system laid on a card: where an angle and a radius land, in points.
///
/// One convention everywhere: angles in degrees clockwise from 12 o'clock (the radar's first axis
/// points up, a compass's north), y down. The angle axis runs from `start` over `sweep` degrees
/// (negative: counterclockwise); the radius axis from the hole (`inner`) to the rim (`outer`).
struct PolarCoordinates: Sendable, Equatable {
    /// The center, in points.
    var center: Vec2
    /// The radius of the hole (0: none) and of the rim, in points.
    var inner: Double
    var outer: Double
    /// Where the angle axis starts, degrees clockwise from 12 o'clock.
    var start: Double
    /// How far it goes, in degrees: 360 a whole turn, negative counterclockwise.
    var sweep: Double

    init(center: Vec2, inner: Double = 0, outer: Double, start: Double = 0, sweep: Double = 360) {
        self.center = center; self.inner = inner; self.outer = outer; self.start = start; self.sweep = sweep
    }

    /// The angle (degrees clockwise from 12 o'clock) of a place along the angle axis, 0…1.
    func angle(atShare t: Double) -> Double { start + sweep * t }
    /// The distance from the center of a place along the radius axis, 0 (the hole) … 1 (the rim).
    func radius(atShare s: Double) -> Double { inner + (outer - inner) * s }

    /// The point at `angle` degrees and `radius` points from the center.
    func point(angle: Double, radius: Double) -> Vec2 { center + Self.direction(angle) * radius }

    /// The unit direction of `degrees` clockwise from 12 o'clock (y down).
    static func direction(_ degrees: Double) -> Vec2 {
        let a = degrees * .pi / 180
        return Vec2(sin(a), -cos(a))
    }

    /// The angle of `v` from the center, 0 ≤ angle < 360.
    static func angle(of v: Vec2) -> Double {
        var a = atan2(v.x, -v.y) * 180 / .pi
        if a < 0 { a += 360 }
        return a
    }

    /// Whether angle `a` lies between `a0` and `a1` (a0 ≤ a1, a1 − a0 ≤ 360), whole turns aside.
    static func angle(_ a: Double, isBetween a0: Double, and a1: Double) -> Bool {
        if a1 - a0 >= 360 { return true }
        var t = (a - a0).truncatingRemainder(dividingBy: 360)
        if t < 0 { t += 360 }
        return t <= a1 - a0
    }

    /// The bounding box of the ring part from `ri` to `ro` between two angles (a0 ≤ a1), and with
    /// `caps` its round end caps (an arc's caps are centered on its end angles).
    static func arcBounds(center c: Vec2, inner ri: Double, outer ro: Double, from a0: Double, to a1: Double, caps: Bool = false) -> Rect {
        var pts: [Vec2] = []
        for a in [a0, a1] { pts.append(c + direction(a) * ro); pts.append(c + direction(a) * ri) }
        if a1 - a0 >= 360 {
            pts += [0.0, 90, 180, 270].map { c + direction($0) * ro }
        } else {
            var q = (a0 / 90).rounded(.up) * 90
            while q < a1 { pts.append(c + direction(q) * ro); q += 90 }
        }
        var box = Rect.bounding(pts)
        if caps {
            let rm = (ri + ro) / 2, hw = (ro - ri) / 2
            for a in [a0, a1] {
                let p = c + direction(a) * rm
                box = box.union(Rect(x: p.x - hw, y: p.y - hw, width: 2 * hw, height: 2 * hw))
            }
        }
        return box
    }
}

/// The angle axis of a polar chart: categories in equal bands, numbers over a range (0–360°,
/// 0–24 h, 1–12) or instants of time, laid along the coordinate system's sweep.
struct AngleScale: Sendable, Equatable {
    enum Domain: Sendable, Equatable {
        /// `count` equal bands, the first centered on the axis' start (a compass's north) or
        /// starting there (`centered` false).
        case categories(count: Int, centered: Bool)
        /// Numbers (or seconds since 1970 for time) from `minimum` at the start to `maximum`
        /// after the whole sweep (a clock's 24 h lands back on 0).
        case numbers(minimum: Double, maximum: Double)
    }
    var domain: Domain

    /// The share of the sweep where `value` lies (numbers; clamped to the domain).
    func share(_ value: Double) -> Double {
        guard case .numbers(let lo, let hi) = domain, value.isFinite else { return 0 }
        return min(max(ValueScale.fraction(value, lo, hi), 0), 1)
    }

    /// Category `i`'s band as shares of the sweep: (start, middle, end).
    func band(_ i: Int) -> (start: Double, middle: Double, end: Double) {
        guard case .categories(let n, let centered) = domain, n > 0 else { return (0, 0, 0) }
        let step = 1 / Double(n)
        let mid = centered ? Double(i) * step : (Double(i) + 0.5) * step
        return (mid - step / 2, mid, mid + step / 2)
    }
}
