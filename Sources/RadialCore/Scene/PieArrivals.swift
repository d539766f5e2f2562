/// The shares of a pie whose sectors arrive one by one, in memory linear in the sectors.
///
/// At each arrival every sector already there heads for its new share `value / arrived total` on
/// a spring, keeping its value and velocity. Kept as one `AnimatedValue` per sector, that is a
/// segment per sector per later arrival: n²/2 segments, 8.4 million for 4096 sectors. But every
/// sector heads for the same `1 / total` per unit of value, and springs are linear, so sector i's
/// share per unit of value is the newest sector's (`fresh`) plus the differences between each
/// neighbouring pair of sectors, and the difference born at arrival j (`gaps[j]`) is a spring
/// released at that arrival towards 0 whatever comes after. One value per sector describes the
/// whole animation; a frame sums the differences from the newest sector back, in one pass.
final class PieArrivals {
    let spring: Spring
    let times: [Double]
    private let values: [Double]
    /// The total of the sectors arrived after each arrival (the sum of values `0...k`).
    private let totals: [Double]
    /// Arrivals that place every share at once: the first with anything to show, and sectors
    /// arriving together.
    private let placed: [Bool]
    /// The last arrival at or before each one from which all earlier sectors move as one: a
    /// placed arrival, or one after a pause long enough for everything to have come to rest.
    private let resetAt: [Int]
    /// Per arrival j ≥ 1: the difference between sector j − 1 and sector j (value, velocity) at
    /// the moment j arrives, per unit of value; it springs to 0 from there.
    private let gaps: [(value: Double, velocity: Double)]

    /// The last frame's states (a frame asks for every sector several times at one time).
    private var cachedTime = Double.nan
    private var cache: [(value: Double, velocity: Double)]

    /// After this long a spring is at rest exactly (as `AnimatedValue` snaps).
    private var rest: Double { spring.restTime }

    init(times: [Double], values: [Double], spring: Spring) {
        precondition(times.count == values.count)
        self.spring = spring
        self.times = times
        // Shares are ratios, so values are taken relative to the largest; a sector under 1e-300
        // of it (a subnormal value, found by the fuzzer) counts as 0, since per unit of value
        // the shares go as 1 / total, which overflowed to infinity for a total of 1e-322.
        let largest = values.reduce(0.0) { max($0, $1) }
        let values = largest > 0 ? values.map { $0 / largest < 1e-300 ? 0 : $0 / largest } : values
        self.values = values
        let n = times.count
        var totals: [Double] = [], sum = 0.0
        totals.reserveCapacity(n)
        for v in values { sum += v; totals.append(sum) }
        self.totals = totals
        var placed: [Bool] = [], resetAt: [Int] = []
        placed.reserveCapacity(n); resetAt.reserveCapacity(n)
        for k in 0..<n {
            let before = k > 0 ? totals[k - 1] : 0
            let p = before <= 0 || (k + 1 < n && times[k + 1] == times[k]) || (k > 0 && times[k - 1] == times[k])
            placed.append(p)
            resetAt.append(p || k == 0 || times[k] - times[k - 1] >= spring.restTime ? k : resetAt[k - 1])
        }
        self.placed = placed
        self.resetAt = resetAt
        cache = Array(repeating: (0, 0), count: n)
        var gaps: [(value: Double, velocity: Double)] = [(0, 0)]
        gaps.reserveCapacity(n)
        for j in 1..<max(n, 1) {
            gaps.append(placed[j] ? (0, 0)
                : Self.fresh(j - 1, at: times[j], times: times, totals: totals, placed: placed, spring: spring))
        }
        self.gaps = gaps
    }

    /// Sector k's share per unit of value from its arrival until the next one.
    private static func fresh(_ k: Int, at t: Double, times: [Double], totals: [Double], placed: [Bool], spring: Spring) -> (value: Double, velocity: Double) {
        let target = 1 / totals[k]
        if placed[k] || t - times[k] >= spring.restTime { return (target, 0) }
        return spring.state(at: t - times[k], from: 0, velocity: 0, to: target)
    }

    /// Numbers kept for the whole animation: a handful per sector, never per pair.
    var storedValues: Int { 6 * times.count }

    /// How many sectors have arrived at `time`.
    func arrivedCount(time: Double) -> Int {
        // Binary search: arrivals never decrease.
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Sector i's share and its velocity at `time` (0 before it arrives).
    func state(_ i: Int, at time: Double) -> (value: Double, velocity: Double) {
        if time != cachedTime || cachedTime.isNaN { fill(time) }
        return cache[i]
    }

    private func fill(_ t: Double) {
        cachedTime = t
        let count = arrivedCount(time: t)
        for i in count..<cache.count { cache[i] = (0, 0) }
        guard count > 0 else { return }
        let k = count - 1
        let total = totals[k]
        // Nothing to share yet: the first sector is the whole circle (an empty pie shows nothing).
        guard total > 0 else {
            for i in 0...k { cache[i] = (i == 0 ? 1 : 0, 0) }
            return
        }
        if placed[k] || t - times[k] >= rest {
            for i in 0...k { cache[i] = (values[i] / total, 0) }
            return
        }
        let newest = Self.fresh(k, at: t, times: times, totals: totals, placed: placed, spring: spring)
        let r = resetAt[k]
        var gap = (value: 0.0, velocity: 0.0)
        var i = k
        while i >= 0 {
            cache[i] = (values[i] * (newest.value + gap.value), values[i] * (newest.velocity + gap.velocity))
            if i >= r && i >= 1 && !placed[i] {
                let g = spring.state(at: t - times[i], from: gaps[i].value, velocity: gaps[i].velocity, to: 0)
                gap.value += g.value; gap.velocity += g.velocity
            }
            i -= 1
        }
    }
}
