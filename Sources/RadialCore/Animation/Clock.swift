/// Where time comes from: the wall clock in the window (render, bench and tests give times directly).
package protocol Clock: AnyObject {
    /// Seconds on this clock.
    var now: Double { get }
}

/// The animation time of a page: a source clock scaled by a speed, paused and stepped by the user,
/// and restarted by Replay.
package final class Timeline {
    package let source: Clock
    package private(set) var speed: Double = 1
    package private(set) var isPaused = false
    private var origin: Double        // source time at animation time `base`
    private var base: Double = 0      // animation time at `origin`

    package init(source: Clock) { self.source = source; origin = source.now }

    /// Animation seconds since the page appeared (or was replayed).
    package var time: Double { isPaused ? base : base + (source.now - origin) * speed }

    package func replay() { origin = source.now; base = 0 }
    package func setPaused(_ paused: Bool) { rebase(); isPaused = paused }
    package func togglePause() { setPaused(!isPaused) }
    package func setSpeed(_ s: Double) { rebase(); speed = min(max(s, 0.125), 8) }
    /// Moves the animation time by `seconds` (← → while paused); never before 0.
    package func step(by seconds: Double) { rebase(); base = max(base + seconds, 0) }
    package func seek(to t: Double) { rebase(); base = max(t, 0) }

    private func rebase() { base = time; origin = source.now }
}
