import Foundation

/// SwiftUI's `spring(duration:bounce:)`: a damped harmonic oscillator of mass 1.
///
/// Stiffness is (2π/d)², the damping ratio ζ = 1 − bounce (for bounce < 0, ζ = 1/(1 + bounce)),
/// so `spring(duration: 0.9, bounce: 0.25)` overshoots by about 2.8 % and has settled after `d`.
package struct Spring: Hashable, Sendable {
    /// The time to settle, in seconds (> 0).
    package var duration: Double
    /// How much it overshoots: 0 none (critically damped), up to 1; negative values are overdamped.
    package var bounce: Double

    /// A spring settling in `duration` seconds with `bounce`; `duration` must be positive.
    package init(duration: Double, bounce: Double) {
        precondition(duration > 0, "a spring needs a positive duration")
        self.duration = duration
        self.bounce = bounce
    }

    /// The radar's growth spring.
    package static let radarGrowth = Spring(duration: 0.9, bounce: 0.25)
    /// The pie's arrival spring.
    package static let pieArrival = Spring(duration: 0.8, bounce: 0.3)

    /// Undamped angular frequency ω = 2π/d.
    package var omega: Double { 2 * .pi / duration }
    /// Damping ratio ζ.
    package var dampingRatio: Double { bounce >= 0 ? 1 - bounce : 1 / (1 + bounce) }
    /// Stiffness k = ω² (mass 1).
    package var stiffness: Double { omega * omega }
    /// Damping coefficient c = 2ζω (mass 1).
    package var damping: Double { 2 * dampingRatio * omega }

    /// Position and velocity `t` seconds after starting at `x0` with velocity `v0`, heading for `target`.
    /// Finite for any finite start, velocity and target: past 2¹⁰⁰⁰ the motion is worked out
    /// in units of 2¹⁰ (exactly, a power of two), so neither `x0 − target` nor its products
    /// overflow, and the result is clamped to the finite numbers.
    package func state(at t: Double, from x0: Double, velocity v0: Double, to target: Double) -> (value: Double, velocity: Double) {
        if t <= 0 { return (x0, v0) }
        let big = 0x1p1000
        if abs(x0) > big || abs(target) > big || abs(v0) > big {
            let k = 0x1p10
            let s = state(at: t, from: x0 / k, velocity: v0 / k, to: target / k)
            return (Arithmetic.finite(s.value * k), Arithmetic.finite(s.velocity * k))
        }
        let w = omega, z = dampingRatio
        let a = x0 - target
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (v0 + z * w * a) / wd
            let e = exp(-z * w * t), c = cos(wd * t), s = sin(wd * t)
            let x = e * (a * c + b * s)
            let v = e * ((b * wd - z * w * a) * c - (a * wd + z * w * b) * s)
            return (target + x, v)
        } else if z == 1 {
            let b = v0 + w * a
            let e = exp(-w * t)
            return (target + (a + b * t) * e, (b - w * (a + b * t)) * e)
        } else {
            let r = w * (z * z - 1).squareRoot()
            let r1 = -z * w + r, r2 = -z * w - r
            let c2 = (v0 - r1 * a) / (r2 - r1), c1 = a - c2
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (target + c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// The value of a spring from rest at 0 heading for 1, `t` seconds in.
    package func value(at t: Double) -> Double { state(at: t, from: 0, velocity: 0, to: 1).value }
}

/// One value driven by a spring that can be retargeted mid-flight, keeping value and velocity.
///
/// It is a list of segments, each starting at a time with a value and a velocity; evaluating at
/// `t` looks up the segment in force, so any time can be asked in any order (the fixed-step
/// clock, the benchmark, scrubbing backwards with ← →).
package struct AnimatedValue: Sendable {
    /// One stretch of the value's path: from `start` on, a spring from `from` at `velocity` toward `target`.
    package struct Segment: Sendable {
        /// The page time it starts at, in seconds (−∞ for the first, at rest).
        package var start: Double
        /// The value at `start`.
        package var from: Double
        /// The velocity at `start`, in units per second.
        package var velocity: Double
        /// Where the value is heading.
        package var target: Double
    }
    /// The stretches in time order, the first from −∞.
    package private(set) var segments: [Segment]
    /// The spring every segment follows.
    package var spring: Spring

    /// A value resting at `value` since the beginning of time.
    package init(_ value: Double, spring: Spring) {
        self.spring = spring
        segments = [Segment(start: -.infinity, from: value, velocity: 0, target: value)]
    }

    /// A value moving with `velocity` through `value` at time `t`, heading for `target` (a
    /// reload's transition picks up where the old chart was).
    package init(_ value: Double, velocity: Double, at t: Double, to target: Double, spring: Spring) {
        self.spring = spring
        segments = [Segment(start: -.infinity, from: value, velocity: 0, target: value),
                    Segment(start: t, from: value, velocity: velocity, target: target)]
    }

    /// From time `t` on, head for `target` starting from wherever the value is at `t`.
    /// Retargets must come in time order.
    package mutating func retarget(to target: Double, at t: Double) {
        precondition(t >= segments[segments.count - 1].start, "retargets must be added in time order")
        let now = state(at: t)
        segments.append(Segment(start: t, from: now.value, velocity: now.velocity, target: target))
    }

    /// What a user's action does at page time `t` (a legend toggle): heads for `target` from
    /// wherever the value is at `t`, forgetting anything planned after `t`. Page time can go
    /// back (stepping with `,` while paused), so an action may come before an earlier one's
    /// segments; `retarget` would trap on that.
    package mutating func redirect(to target: Double, at t: Double, animated: Bool = true) {
        let now = state(at: t)
        while segments.count > 1 && segments[segments.count - 1].start > t { segments.removeLast() }
        segments.append(animated ? Segment(start: t, from: now.value, velocity: now.velocity, target: target)
                                 : Segment(start: t, from: target, velocity: 0, target: target))
    }

    /// Jump to `value` at `t`, at rest (reduce motion, "appear": "all").
    package mutating func set(_ value: Double, at t: Double) {
        segments.append(Segment(start: t, from: value, velocity: 0, target: value))
    }

    /// The value and its velocity (units per second) at page time `t`, in seconds.
    package func state(at t: Double) -> (value: Double, velocity: Double) {
        var i = segments.count - 1
        while i > 0 && segments[i].start > t { i -= 1 }
        let s = segments[i]
        if s.start == -.infinity || s.from == s.target && s.velocity == 0 { return (s.target, 0) }
        // After twice its duration a spring is within ~1e-4 of its target (far under a pixel):
        // it snaps there, so a settled chart's draw data stops changing and nothing is uploaded.
        if t - s.start >= spring.restTime { return (s.target, 0) }
        return spring.state(at: t - s.start, from: s.from, velocity: s.velocity, to: s.target)
    }

    /// The value at page time `t`, in seconds.
    package func value(at t: Double) -> Double { state(at: t).value }
    /// The final target.
    package var target: Double { segments[segments.count - 1].target }
    /// Durations after which a segment is at rest exactly.
    package static let restAfterDurations = 2.0
    /// When the last segment is at rest.
    package var settleTime: Double { max(segments[segments.count - 1].start, 0) + spring.restTime }
}
