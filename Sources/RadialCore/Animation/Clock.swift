/// Where time comes from: the wall clock in the window (render, bench and tests give times directly).
public protocol Clock: AnyObject {
    /// Seconds on this clock.
    var now: Double { get }
}

/// The animation time of a page: a source clock scaled by a speed, paused and stepped by the user,
/// and restarted by Replay.
public final class Timeline {
    public let source: Clock
    public private(set) var speed: Double = 1
    public private(set) var isPaused = false
    private var origin: Double        // source time at animation time `base`
    private var base: Double = 0      // animation time at `origin`

    public init(source: Clock) { self.source = source; origin = source.now }

    /// Animation seconds since the page appeared (or was replayed).
    public var time: Double { isPaused ? base : base + (source.now - origin) * speed }

    public func replay() { origin = source.now; base = 0 }
    public func setPaused(_ paused: Bool) { rebase(); isPaused = paused }
    public func togglePause() { setPaused(!isPaused) }
    public func setSpeed(_ s: Double) { rebase(); speed = min(max(s, 0.125), 8) }
    /// Moves the animation time by `seconds` (← → while paused); never before 0.
    public func step(by seconds: Double) { rebase(); base = max(base + seconds, 0) }
    public func seek(to t: Double) { rebase(); base = max(t, 0) }

    private func rebase() { base = time; origin = source.now }
}
