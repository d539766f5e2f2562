import Foundation

/// Arithmetic on finite numbers that cannot overflow into a drawing (issue #34).
///
/// Every number a file, a table, a stream or a Swift caller gives may be finite while what is
/// computed from it is not: `max − min` of −1e308…1e308, the sum of two values of 1.7e308. Two
/// layers keep such results out of frames, geometry, descriptions and sound:
///
/// - **The rule of what is computed** (`Chart.arithmeticProblems(at:)`): a scale whose span, or a
///   ring, rose or sunburst whose total, is past the largest double is refused, by the spec
///   reader (files, tables and streams) and by `Page.arithmeticProblems()` (the Swift API).
/// - **Finite by construction**: shares, interpolations and springs are computed so that any
///   finite inputs give finite results (on halves, or scaled by a power of two), so a page that
///   skipped the rule still draws nothing non-finite.
package enum Arithmetic {
    /// Where `v` sits on `lo`…`hi`: 0 at `lo`, 1 at `hi`, clamped; 0 for a NaN `v` or an empty
    /// range. Computed on halves, so `hi − lo` of any finite ends is finite.
    package static func share(_ v: Double, from lo: Double, to hi: Double) -> Double {
        guard !v.isNaN, hi > lo else { return 0 }
        if v <= lo { return 0 }
        if v >= hi { return 1 }
        let t = (v / 2 - lo / 2) / (hi / 2 - lo / 2)
        return t.isFinite ? min(max(t, 0), 1) : 0
    }

    /// `lo + t·(hi − lo)` for `t` in 0…1, never past either end and finite for any finite ends.
    package static func lerp(from lo: Double, to hi: Double, _ t: Double) -> Double {
        guard t.isFinite else { return lo }
        if t <= 0 { return lo }
        if t >= 1 { return hi }
        let v = lo * (1 - t) + hi * t
        return min(max(v, Swift.min(lo, hi)), Swift.max(lo, hi))
    }

    /// Whether `hi − lo` is a finite number.
    package static func spanFits(_ lo: Double, _ hi: Double) -> Bool { (hi - lo).isFinite }

    /// Whether the sum of `values` (finite, ≥ 0) is a finite number; summed in units of the
    /// largest, so the check itself cannot overflow.
    package static func sumFits(_ values: some Sequence<Double>) -> Bool {
        let largest = values.reduce(0.0) { Swift.max($0, $1) }
        guard largest.isFinite else { return false }
        guard largest > 0 else { return true }
        return values.reduce(0.0) { $0 + $1 / largest } * (largest / Double.greatestFiniteMagnitude) <= 1
    }

    /// The sum of `values` (≥ 0), at most the largest finite number: what a total is shown as
    /// when a page skipped the rule.
    package static func total(_ values: some Sequence<Double>) -> Double {
        Swift.min(values.reduce(0.0) { $0 + ($1.isFinite ? Swift.max($1, 0) : 0) }, .greatestFiniteMagnitude)
    }

    /// `v` clamped to the finite numbers (NaN: 0).
    package static func finite(_ v: Double) -> Double {
        v.isNaN ? 0 : Swift.min(Swift.max(v, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    /// The largest finite double, as messages write it.
    static let largest = "1.7976931348623157e+308"

    /// Why `min`…`max` cannot be a scale (its span is not a finite number); nil when it can.
    package static func spanProblem(min lo: Double, max hi: Double) -> String? {
        spanFits(lo, hi) ? nil
            : "max − min is more than \(largest), the largest number a span can be (min \(SpecReader.format(lo)), max \(SpecReader.format(hi))); "
            + "narrow the scale"
    }

    /// Why `values` cannot be one total (their sum is not a finite number); nil when they can.
    package static func sumProblem(_ values: some Sequence<Double>) -> String? {
        sumFits(values) ? nil : "the values add up to more than \(largest), the largest number a total can be"
    }
}

// MARK: - The rule

extension Chart {
    /// What this chart computes that is past the largest double: a scale's `max − min`, the total
    /// of a pie's ring, a rose or a sunburst (or a parent's children). Each is a JSON path under
    /// `path` (`charts[0]`) and a message; empty when everything it computes is finite.
    package func arithmeticProblems(at path: String) -> [(path: String, message: String)] {
        var out: [(path: String, message: String)] = []
        switch self {
        case .radar(let r):
            for (a, s) in r.scales.enumerated() {
                if let m = Arithmetic.spanProblem(min: s.minimum, max: s.maximum) { out.append((path + ".axes[\(a)].max", m)) }
            }
        case .gauge(let g):
            if let m = Arithmetic.spanProblem(min: g.minimum, max: g.maximum) { out.append((path + ".max", m)) }
        case .pie(let p):
            if p.layers.isEmpty {
                if let m = Arithmetic.sumProblem(p.sectors.map(\.value)) { out.append((path + ".sectors", m)) }
            } else {
                for (k, layer) in p.layers.enumerated() {
                    if let m = Arithmetic.sumProblem(layer.map(\.value)) { out.append((path + ".layers[\(k)]", m)) }
                }
            }
        case .rose(let r):
            // Said "in all" and stacked outward: every value of every series is one total.
            if r.series.isEmpty {
                if let m = Arithmetic.sumProblem(r.sectors.map(\.value)) { out.append((path + ".sectors", m)) }
            } else if let m = Arithmetic.sumProblem(r.series.flatMap(\.values).map(Stacking.clean)) {
                out.append((path + ".series", m))
            }
        case .radialBar(let b):
            // Stacked per track, said "in all" per series and per track.
            if let m = Arithmetic.sumProblem(b.series.flatMap(\.values).map(Stacking.clean)) { out.append((path + ".series", m)) }
        case .sunburst(let s):
            func walk(_ nodes: [SunburstNode], _ at: String) {
                for (i, n) in nodes.enumerated() where !n.children.isEmpty {
                    let p = at + "[\(i)]"
                    if let m = Arithmetic.sumProblem(n.children.map { $0.value ?? $0.total }) {
                        out.append((p + ".children", m))
                    } else {
                        walk(n.children, p + ".children")
                    }
                }
            }
            walk(s.children, path + ".children")
            if out.isEmpty, let m = Arithmetic.sumProblem(s.children.map(\.total)) { out.append((path + ".children", m)) }
        case .scan, .rings:
            break
        case .polar:
            // Its scales are finite by construction (ValueScale measures a span past the largest
            // double on halves); it says no totals.
            break
        }
        return out
    }
}

extension Page {
    /// Every number this page computes that is past the largest double (a scale's span, a
    /// total), by JSON path: the rule the spec reader applies to files, tables and streams, for
    /// pages made in Swift. Empty when the page may be drawn, described and played.
    package func arithmeticProblems() -> [SpecError.Problem] {
        charts.enumerated().flatMap { i, chart in
            chart.arithmeticProblems(at: "charts[\(i)]").map { SpecError.Problem(path: $0.path, message: $0.message) }
        }
    }
}
