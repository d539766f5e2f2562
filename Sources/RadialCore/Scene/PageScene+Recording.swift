import Foundation

/// What `radial record` needs to know about a page's timeline: when it comes to rest, and how
/// long its scans take to come back to where they started (so a recording can loop seamlessly).
extension PageScene {
    /// When every chart other than the scans has come to rest (0 for a page of scans only).
    package func settleTimeIgnoringScans(reduceMotion: Bool) -> Double {
        items.reduce(0) { $1 is ScanItem ? $0 : max($0, $1.settleTime(reduceMotion: reduceMotion)) }
    }

    /// The seconds after which every turning scan on the page shows the same picture again:
    /// the shortest common multiple of their turn durations. Nil when nothing turns (no scan,
    /// or reduce motion), and nil too when scans of unrelated speeds never line up within
    /// `maximumTurns` turns of the slowest.
    package func loopPeriod(reduceMotion: Bool, maximumTurns: Int = 64) -> Double? {
        guard !reduceMotion else { return nil }
        let durations = items.compactMap { ($0 as? ScanItem)?.chart.duration }.filter { $0 > 0 }
        guard let longest = durations.max() else { return nil }
        for k in 1...maximumTurns {
            let candidate = longest * Double(k)
            let fits = durations.allSatisfy { d in
                let turns = candidate / d
                return abs(turns - turns.rounded()) < 1e-9 * max(1, turns)
            }
            if fits { return candidate }
        }
        return nil
    }

    /// Whether the page has a scan at all (reduce motion or not).
    package var hasScan: Bool { items.contains { $0 is ScanItem } }
}
