/// A moment on a page's clock: seconds since the page appeared, and whether motion is reduced.
///
/// With reduce motion every animation shows its final state whatever the time says (the sweep
/// stands still at its start), so code that evaluates springs asks `animationTime`, never
/// `reduceMotion ? .infinity : time` of its own.
package struct Moment: Hashable, Sendable {
    /// Seconds on the page's clock (0: the first frame).
    package var time: Double
    /// Whether every animation shows its final state (default false).
    package var reduceMotion: Bool
    /// Whether this moment is a still picture of the page at rest (`render` without `--at`)
    /// rather than one frame of its animation: a scan then shows every contact, not only those its
    /// beam lit in the last `fade` seconds (default false).
    package var still: Bool
    /// The moment `time` seconds in, with or without reduce motion; `still` for a page's picture at rest.
    package init(time: Double, reduceMotion: Bool = false, still: Bool = false) {
        self.time = time; self.reduceMotion = reduceMotion; self.still = still
    }

    /// The time springs and arrivals are evaluated at: `time`, or past every animation's end.
    package var animationTime: Double { reduceMotion ? .infinity : time }

    /// Long after everything has come to rest, with reduce motion: the final state, for what
    /// does not depend on time (element ids, hit targets of a settled page).
    package static let atRest = Moment(time: .infinity, reduceMotion: true)
}

extension Spring {
    /// How long after a change this spring is treated as at rest: then the value is exactly its
    /// target and its velocity 0 (the same rule `AnimatedValue` applies).
    package var restTime: Double { duration * AnimatedValue.restAfterDurations }

    /// The spring's state `t` seconds after leaving 0 for 1 from rest, exactly 1 once at rest.
    package func growth(at t: Double) -> (value: Double, velocity: Double) {
        t >= restTime ? (1, 0) : state(at: t, from: 0, velocity: 0, to: 1)
    }
}
