/// Summary statistics of frame times, as `radial bench` reports them.
package struct FrameStatistics: Sendable, Equatable {
    package var count: Int
    /// Frames per second over the whole run: frames / total time (the harmonic mean of per-frame FPS).
    package var meanFPS: Double
    package var min: Double
    package var p50: Double
    package var p90: Double
    package var p99: Double
    package var p999: Double
    package var max: Double
    /// FPS of the average frame time of the slowest 1 % of frames.
    package var low1: Double
    /// FPS of the average frame time of the slowest 0.1 % of frames.
    package var low01: Double

    package static let lowDefinition = "1 % low = frames per second of the mean frame time of the slowest 1 % of frames (0.1 % low likewise)"

    /// Times in milliseconds.
    package init?(milliseconds times: [Double]) {
        guard !times.isEmpty else { return nil }
        let sorted = times.sorted()
        count = sorted.count
        let total = sorted.reduce(0, +)
        meanFPS = total > 0 ? Double(count) * 1000 / total : 0
        min = sorted[0]
        max = sorted[sorted.count - 1]
        p50 = Self.percentile(sorted, 50)
        p90 = Self.percentile(sorted, 90)
        p99 = Self.percentile(sorted, 99)
        p999 = Self.percentile(sorted, 99.9)
        low1 = Self.low(sorted, fraction: 0.01)
        low01 = Self.low(sorted, fraction: 0.001)
    }

    /// Linear interpolation between closest ranks (the usual "type 7" percentile).
    package static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let rank = p / 100 * Double(sorted.count - 1)
        let lo = Int(checked: rank, rounding: .down), hi = Swift.min(lo + 1, sorted.count - 1)
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - Double(lo))
    }

    /// FPS of the mean of the slowest `fraction` of frames (at least one frame).
    package static func low(_ sorted: [Double], fraction: Double) -> Double {
        let n = Swift.max(1, Int(checked: Double(sorted.count) * fraction, rounding: .down))
        let slowest = sorted.suffix(n)
        let mean = slowest.reduce(0, +) / Double(n)
        return mean > 0 ? 1000 / mean : 0
    }

    /// The median of any list.
    package static func median(_ values: [Double]) -> Double {
        percentile(values.sorted(), 50)
    }
}

/// A least-squares line through (x, y) points: the fitted cost per item of a load ramp.
package struct LinearFit: Sendable, Equatable {
    package var slope: Double
    package var intercept: Double
    /// Coefficient of determination: 1 means perfectly linear.
    package var r2: Double

    package init?(x: [Double], y: [Double]) {
        guard x.count == y.count, x.count >= 2 else { return nil }
        let n = Double(x.count)
        let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for i in x.indices {
            sxx += (x[i] - mx) * (x[i] - mx); sxy += (x[i] - mx) * (y[i] - my); syy += (y[i] - my) * (y[i] - my)
        }
        guard sxx > 0 else { return nil }
        slope = sxy / sxx
        intercept = my - slope * mx
        r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1
    }
}
