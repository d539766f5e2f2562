/// How several series share a category on a polar chart (ggplot2's positions, Vega-Lite's stack).
public enum PolarStack: String, Sendable, CaseIterable, Codable {
    /// Each series from the axis' origin, overlaid, the largest behind (Nightingale's diagram).
    case none
    /// Stacked outward along the radius, first series innermost (a wind rose).
    case radius
    /// Stacked along the angle, first series first (radial bars: segments along each track).
    case angle
    /// Side by side: each category's band split among the series (radial bars: thin tracks).
    case group
}

/// One stacking rule for every polar mark: where each datum's span starts and ends along the value
/// axis, in value units.
enum Stacking {
    /// `values[series][category]` stacked per category. `presence[series]` (0…1, a legend toggle
    /// springing) scales each series' values, so a hidden series shrinks away and the others close
    /// the gap. Values that are not finite, or below 0, count as 0; sums saturate at the largest
    /// double. The result is written into `spans` (reused: no allocation once it has its size).
    static func spans(_ values: [[Double]], presence: [Double], mode: PolarStack, into spans: inout [[Span]]) {
        if spans.count != values.count { spans = values.map { Array(repeating: Span(), count: $0.count) } }
        let categories = values.reduce(0) { max($0, $1.count) }
        for c in 0..<categories {
            var base = 0.0
            for s in values.indices where c < values[s].count {
                if spans[s].count != values[s].count { spans[s] = Array(repeating: Span(), count: values[s].count) }
                let v = clean(values[s][c]) * (s < presence.count ? min(max(presence[s], 0), 1) : 1)
                switch mode {
                case .radius, .angle:
                    let top = min(base + v, .greatestFiniteMagnitude)
                    spans[s][c] = Span(lo: base, hi: top)
                    base = top
                case .none, .group:
                    spans[s][c] = Span(lo: 0, hi: v)
                }
            }
        }
    }

    /// A datum's span along the value axis.
    struct Span: Sendable, Equatable {
        var lo = 0.0, hi = 0.0
    }

    /// The largest value the axis must reach: the tallest stack, or the largest single value.
    static func extent(_ values: [[Double]], mode: PolarStack) -> Double {
        let categories = values.reduce(0) { max($0, $1.count) }
        var largest = 0.0
        for c in 0..<categories {
            var sum = 0.0
            for s in values.indices where c < values[s].count {
                let v = clean(values[s][c])
                switch mode {
                case .radius, .angle: sum = min(sum + v, .greatestFiniteMagnitude)
                case .none, .group: sum = max(sum, v)
                }
            }
            largest = max(largest, sum)
        }
        return largest
    }

    /// The order series are drawn in within category `c`: for overlaid marks the largest first
    /// (behind), so every one shows; otherwise the series' order.
    static func drawOrder(_ values: [[Double]], category c: Int, mode: PolarStack, into order: inout [Int]) {
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: values.indices)
        guard mode == .none else { return }
        order.sort { a, b in
            let va = c < values[a].count ? clean(values[a][c]) : 0, vb = c < values[b].count ? clean(values[b][c]) : 0
            return va != vb ? va > vb : a < b
        }
    }

    static func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
}
