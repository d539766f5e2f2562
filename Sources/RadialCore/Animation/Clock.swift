/// Where time comes from: the wall clock in the window, a fixed step in `render`, `bench` and tests.
public protocol Clock: AnyObject {
    /// Seconds on this clock.
    var now: Double { get }
}

/// A clock that moves only when told to: frame n of a fixed-step run is at exactly n × step.
public final class FixedStepClock: Clock {
    public private(set) var now: Double
    public let step: Double
    public init(start: Double = 0, step: Double = 1.0 / 60) { now = start; self.step = step }
    public func advance() { now += step }
    public func advance(by seconds: Double) { now += seconds }
    public func set(_ t: Double) { now = t }
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
