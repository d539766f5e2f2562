import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

/// x'' = −k(x − target) − c·x' integrated with classic Runge–Kutta in steps of `dt`, with the
/// constants taken from DESIGN.md, not from `Spring`: k = (2π/d)², c = 4πζ/d,
/// ζ = 1 − b for b ≥ 0 and 1/(1 + b) for b < 0.
private struct Reference {
    let k: Double, c: Double
    init(duration d: Double, bounce b: Double) {
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        k = pow(2 * Double.pi / d, 2)
        c = 4 * Double.pi * zeta / d
    }

    /// (value, velocity) at each of `times` (ascending), starting at x0, v0.
    func run(x0: Double, v0: Double, target: Double, times: [Double], dt: Double = 1e-5) -> [(Double, Double)] {
        var x = x0, v = v0, t = 0.0
        var out: [(Double, Double)] = []
        func acc(_ x: Double, _ v: Double) -> Double { -k * (x - target) - c * v }
        for goal in times {
            while t < goal - 1e-12 {
                let h = min(dt, goal - t)
                let k1x = v, k1v = acc(x, v)
                let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            out.append((x, v))
        }
        return out
    }
}

private let sampleTimes = (1...120).map { Double($0) * 0.025 }   // 0.025 … 3 s

@Suite("Spring")
struct SpringTests {
    @Test("the closed form matches a numerical integration of the oscillator",
          arguments: [(0.9, 0.25), (0.8, 0.3), (0.5, 0.0), (0.7, -0.5), (1.2, -0.2), (0.6, 0.7)])
    func closedFormMatchesIntegration(duration: Double, bounce: Double) {
        let spring = Spring(duration: duration, bounce: bounce)
        let reference = Reference(duration: duration, bounce: bounce).run(x0: 0, v0: 0, target: 1, times: sampleTimes)
        for (t, (x, v)) in zip(sampleTimes, reference) {
            let s = spring.state(at: t, from: 0, velocity: 0, to: 1)
            #expect(close(s.value, x, 1e-7), "value at \(t): \(s.value) vs \(x)")
            #expect(close(s.velocity, v, 1e-5), "velocity at \(t): \(s.velocity) vs \(v)")
            #expect(close(spring.value(at: t), x, 1e-7))
        }
    }

    @Test("the closed form matches the integration from a moving start to any target",
          arguments: [(0.9, 0.25), (0.8, 0.3), (0.5, 0.0), (0.7, -0.5)])
    func closedFormFromMotion(duration: Double, bounce: Double) {
        let spring = Spring(duration: duration, bounce: bounce)
        let reference = Reference(duration: duration, bounce: bounce).run(x0: 2.5, v0: -4, target: -1, times: sampleTimes)
        for (t, (x, v)) in zip(sampleTimes, reference) {
            let s = spring.state(at: t, from: 2.5, velocity: -4, to: -1)
            #expect(close(s.value, x, 1e-6), "value at \(t): \(s.value) vs \(x)")
            #expect(close(s.velocity, v, 1e-5), "velocity at \(t): \(s.velocity) vs \(v)")
        }
    }

    @Test("its constants are those of SwiftUI's spring(duration:bounce:)")
    func constants() {
        let s = Spring(duration: 0.9, bounce: 0.25)
        #expect(close(s.omega, 2 * .pi / 0.9))
        #expect(close(s.dampingRatio, 0.75))
        #expect(close(s.stiffness, pow(2 * .pi / 0.9, 2)))
        #expect(close(s.damping, 4 * .pi * 0.75 / 0.9))
        #expect(Spring(duration: 1, bounce: 0).dampingRatio == 1)
        #expect(close(Spring(duration: 1, bounce: -0.5).dampingRatio, 2))
        #expect(Spring.radarGrowth == Spring(duration: 0.9, bounce: 0.25))
        #expect(Spring.pieArrival == Spring(duration: 0.8, bounce: 0.3))
    }

    @Test("spring(0.9, 0.25) overshoots by about 2.8 % at its peak")
    func overshoot() {
        let times = (1...3000).map { Double($0) * 0.001 }
        let reference = Reference(duration: 0.9, bounce: 0.25).run(x0: 0, v0: 0, target: 1, times: times)
        let (peakIndex, peak) = reference.enumerated().max { $0.element.0 < $1.element.0 }.map { ($0.offset, $0.element.0) }!
        #expect(peak - 1 > 0.027 && peak - 1 < 0.029, "numerical overshoot \(peak - 1)")
        // Analytic check: exp(−πζ/√(1−ζ²)) for ζ = 0.75.
        #expect(close(peak - 1, exp(-Double.pi * 0.75 / (1 - 0.5625).squareRoot()), 1e-5))
        let spring = Spring.radarGrowth
        let springPeak = times.map { spring.value(at: $0) }.max()!
        #expect(close(springPeak, peak, 1e-6))
        // The peak is at half a damped period, π/ω_d.
        let wd = 2 * Double.pi / 0.9 * (1 - 0.5625).squareRoot()
        #expect(close(times[peakIndex], Double.pi / wd, 0.0015))
    }

    @Test("the critically damped and overdamped springs never overshoot", arguments: [0.0, -0.3, -0.6])
    func noOvershoot(bounce: Double) {
        let spring = Spring(duration: 0.8, bounce: bounce)
        var last = 0.0
        for i in 1...4000 {
            let x = spring.value(at: Double(i) * 0.001)
            #expect(x <= 1 + 1e-12 && x >= last - 1e-12, "t = \(Double(i) * 0.001): \(x)")
            last = x
        }
    }

    /// What is asserted: from 1.5 × duration on, the value stays within 1 % of the target
    /// (checked every millisecond up to 6 × duration).
    @Test("the springs have settled within 1 % from 1.5 × duration on",
          arguments: [(0.9, 0.25), (0.8, 0.3), (0.5, 0.0)])
    func settles(duration: Double, bounce: Double) {
        let spring = Spring(duration: duration, bounce: bounce)
        var t = duration * 1.5
        while t < duration * 6 {
            #expect(abs(spring.value(at: t) - 1) < 0.01, "t = \(t): \(spring.value(at: t))")
            t += 0.001
        }
        // …and not long before: at half the duration the growth spring is still well short.
        #expect(abs(Spring.radarGrowth.value(at: 0.25) - 1) > 0.1)
    }

    @Test("it starts where it is and holds still before its start")
    func start() {
        let s = Spring.radarGrowth
        #expect(s.value(at: 0) == 0)
        #expect(s.value(at: -1) == 0)
        let before = s.state(at: -0.5, from: 0.3, velocity: 2, to: 1)
        #expect(before.value == 0.3 && before.velocity == 2)
    }
}

@Suite("Animated value")
struct AnimatedValueTests {
    @Test("retargeting mid-flight keeps the value and the velocity continuous")
    func retargetContinuity() {
        var v = AnimatedValue(0, spring: .radarGrowth)
        v.retarget(to: 1, at: 0)
        v.retarget(to: 0.3, at: 0.4)
        v.retarget(to: 2, at: 0.55)
        for t in [0.4, 0.55] {
            let a = v.state(at: t - 1e-8), b = v.state(at: t + 1e-8)
            #expect(close(a.value, b.value, 1e-6), "value jumps at \(t)")
            #expect(close(a.velocity, b.velocity, 1e-4), "velocity jumps at \(t)")
        }
        // It was really moving when retargeted, and now heads for the new target.
        #expect(abs(v.state(at: 0.4).velocity) > 0.5)
        #expect(close(v.value(at: 20), 2, 1e-9))
        #expect(v.target == 2)
    }

    @Test("a retargeted value follows the integrated trajectory with the target switched")
    func retargetMatchesIntegration() {
        var v = AnimatedValue(0, spring: .radarGrowth)
        v.retarget(to: 1, at: 1)
        v.retarget(to: 0.3, at: 1.4)
        let ref = Reference(duration: 0.9, bounce: 0.25)
        let first = ref.run(x0: 0, v0: 0, target: 1, times: [0.4])[0]
        let times = (1...40).map { Double($0) * 0.05 }
        let second = ref.run(x0: first.0, v0: first.1, target: 0.3, times: times)
        for (dt, (x, _)) in zip(times, second) {
            // Until it comes to rest (2 × duration) it follows the integration; then it is at
            // the target exactly, within the 1e-4 the spring has left by then.
            let tolerance = dt < 0.9 * AnimatedValue.restAfterDurations ? 1e-6 : 2e-4
            #expect(close(v.value(at: 1.4 + dt), x, tolerance), "t = \(1.4 + dt)")
        }
        #expect(v.value(at: 1.4 + 1.8) == 0.3)
        // Before the first retarget it rests at its start.
        #expect(v.value(at: 0.5) == 0)
        #expect(v.state(at: -100).velocity == 0)
    }

    @Test("it can be evaluated at any time in any order")
    func anyOrder() {
        var v = AnimatedValue(5, spring: .pieArrival)
        v.retarget(to: 1, at: 0.8)
        v.retarget(to: 3, at: 1.6)
        v.set(7, at: 3)
        let times = (0..<400).map { Double($0) * 0.01 }
        let forward = times.map { v.value(at: $0) }
        var rng = SystemRandomNumberGenerator()
        let shuffled = times.indices.shuffled(using: &rng)
        for i in shuffled { #expect(v.value(at: times[i]) == forward[i]) }
        for i in times.indices.reversed() { #expect(v.value(at: times[i]) == forward[i]) }
        #expect(v.value(at: 0.5) == 5)
        #expect(v.value(at: 3.5) == 7)
        #expect(v.state(at: 3.5).velocity == 0)
    }

    @Test("it comes to rest, exactly at its target, twice its duration after the last start")
    func settleTime() {
        var v = AnimatedValue(0, spring: .pieArrival)
        #expect(close(v.settleTime, 1.6))
        v.retarget(to: 1, at: 2)
        #expect(close(v.settleTime, 3.6))
        #expect(v.value(at: 3.6) == 1 && v.state(at: 3.6).velocity == 0)
        #expect(v.value(at: 3.59) != 1)
    }
}
