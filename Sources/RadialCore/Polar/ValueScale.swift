import Foundation

/// How values are laid along an axis (a radius, an angle): the radius axis of a polar chart, a
/// rose's rings, a gauge's arc, a radial bar's sweep.
public enum ScaleType: String, Sendable, CaseIterable, Codable {
    /// Distance proportional to the value.
    case linear
    /// Distance proportional to the value's square root: on a radius, the area of a wedge goes as
    /// the value (a rose by area, ECharts' `roseType: 'area'`).
    case sqrt
    /// Distance proportional to the value's logarithm (values above 0 only).
    case log
}

/// A continuous scale: a domain of values mapped onto 0…1 along an axis, with nice ticks.
///
/// Finite by construction: a domain whose span overflows a double (−1e308…1e308) is measured as
/// two halves, so every share is finite; values outside the domain clamp; a value that is not a
/// number sits at 0.
struct ValueScale: Sendable, Equatable {
    var type: ScaleType
    /// The value at share 0 and at share 1 (`minimum` < `maximum`; both above 0 for `log`).
    var minimum: Double
    var maximum: Double

    init(_ type: ScaleType = .linear, minimum: Double = 0, maximum: Double) {
        self.type = type
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Where `v` lies, 0 at `minimum` to 1 at `maximum`, clamped.
    func share(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        let t: Double
        switch type {
        case .linear: t = Self.fraction(v, minimum, maximum)
        case .sqrt:
            // The root of the distance from the minimum (0 for a rose): the area goes as the value.
            t = Self.fraction(v, minimum, maximum).squareRoot()
        case .log:
            let lo = Foundation.log10(max(minimum, .leastNormalMagnitude)), hi = Foundation.log10(max(maximum, .leastNormalMagnitude))
            t = v > 0 ? Self.fraction(Foundation.log10(v), lo, hi) : 0
        }
        return t.isFinite ? min(max(t, 0), 1) : 0
    }

    /// The value at share `s` (the inverse of `share`).
    func value(atShare s: Double) -> Double {
        switch type {
        case .linear: return Self.lerp(minimum, maximum, s)
        case .sqrt: return Self.lerp(minimum, maximum, s * s)
        case .log:
            let lo = Foundation.log10(max(minimum, .leastNormalMagnitude)), hi = Foundation.log10(max(maximum, .leastNormalMagnitude))
            return pow(10, lo + (hi - lo) * s)
        }
    }

    /// (v − a) / (b − a) without overflow when b − a is past the largest double.
    static func fraction(_ v: Double, _ a: Double, _ b: Double) -> Double {
        let span = b - a
        if span.isFinite { return span > 0 ? (v - a) / span : 0 }
        // Halve everything: the ratio is the same and every difference is finite.
        return (v / 2 - a / 2) / (b / 2 - a / 2)
    }

    /// a + (b − a) s, finite for any finite a and b and s in 0…1.
    static func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double {
        a * (1 - s) + b * s
    }

    // MARK: - Ticks

    /// The values to mark along the axis: about `count` of them at 1, 2 or 5 × 10ⁿ steps inside
    /// the domain (both ends included when they are on a step), or the powers of ten of a log scale.
    func ticks(count: Int) -> [Double] {
        switch type {
        case .linear, .sqrt: return Self.linearTicks(minimum, maximum, count: count)
        case .log: return Self.logTicks(minimum, maximum, count: count)
        }
    }

    /// d3's `ticks`: multiples of a 1, 2 or 5 × 10ⁿ step between `a` and `b`.
    static func linearTicks(_ a: Double, _ b: Double, count: Int) -> [Double] {
        guard a.isFinite, b.isFinite, b > a, count > 0 else { return a.isFinite ? [a] : [] }
        let step = tickStep(a, b, count: count)
        guard step > 0, step.isFinite else { return [a, b] }
        let first = (a / step).rounded(.up), last = (b / step).rounded(.down)
        guard last >= first, last - first < 1000 else { return [a, b] }
        return stride(from: first, through: last, by: 1).map { k in
            // k × step, written as k ÷ (1/step) when the step is a fraction: 0.3 and not 0.30000000000000004.
            step < 1 ? k / (1 / step).rounded() : k * step
        }
    }

    /// The 1, 2 or 5 × 10ⁿ step that gives about `count` intervals between `a` and `b`.
    static func tickStep(_ a: Double, _ b: Double, count: Int) -> Double {
        let raw = (b / 2 - a / 2) / Double(max(count, 1)) * 2
        guard raw > 0, raw.isFinite else { return 0 }
        let power = Foundation.floor(Foundation.log10(raw))
        let unit = pow(10, power)
        let error = raw / unit
        let factor: Double = error >= 50.0.squareRoot() ? 10 : error >= 10.0.squareRoot() ? 5 : error >= 2.0.squareRoot() ? 2 : 1
        return factor * unit
    }

    /// Powers of ten inside the domain (with 2 and 5 times them when there are fewer than `count`).
    static func logTicks(_ a: Double, _ b: Double, count: Int) -> [Double] {
        guard a > 0, b > a, a.isFinite, b.isFinite else { return [] }
        let lo = Int(Foundation.floor(Foundation.log10(a))), hi = Int(Foundation.ceil(Foundation.log10(b)))
        var out: [Double] = []
        let steps: [Double] = hi - lo + 1 < count ? [1, 2, 5] : [1]
        for p in lo...hi {
            for m in steps {
                let v = m * pow(10, Double(p))
                if v.isFinite && v >= a * (1 - 1e-12) && v <= b * (1 + 1e-12) { out.append(v) }
            }
        }
        return out
    }

    /// The smallest 1, 2 or 5 × 10ⁿ at or above `largest` (the rim of a scale that starts at 0):
    /// 7 gives 10, 11 gives 20, 95 gives 100, 0 gives 1.
    static func niceMaximum(_ largest: Double) -> Double {
        guard largest > 0, largest.isFinite else { return 1 }
        let unit = pow(10, Foundation.floor(Foundation.log10(largest)))
        for m in [1.0, 2, 5, 10] where m * unit >= largest * (1 - 1e-12) {
            let v = m * unit
            return v.isFinite ? v : largest
        }
        return largest
    }

    /// The domain widened to whole steps of its ticks (d3's `nice`): 0…87 becomes 0…100.
    func niced(count: Int) -> ValueScale {
        guard type != .log else {
            let lo = pow(10, Foundation.floor(Foundation.log10(minimum))), hi = pow(10, Foundation.ceil(Foundation.log10(maximum)))
            return lo.isFinite && hi.isFinite && lo > 0 ? ValueScale(.log, minimum: lo, maximum: hi) : self
        }
        let step = Self.tickStep(minimum, maximum, count: count)
        guard step > 0 else { return self }
        let lo = Foundation.floor(minimum / step) * step, hi = Foundation.ceil(maximum / step) * step
        guard lo.isFinite, hi.isFinite, hi > lo else { return self }
        return ValueScale(type, minimum: lo, maximum: hi)
    }
}
