import Foundation
import RadialCore

// What both test targets share: oracles written from the reference (SwiftUI's formulas, not the
// code under test), a clock the test moves, and reading `--geometry` output.

/// Reading `--geometry` output in tests.
/// Reading `--geometry` output in tests.
extension JSONOut {
    package subscript(key key: String) -> JSONOut? {
        if case .object(let fields) = self { return fields.first { $0.0 == key }?.1 }
        return nil
    }
    package subscript(index index: Int) -> JSONOut? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }
    package var number: Double? {
        switch self {
        case .number(let v): return v
        case .int(let v): return Double(v)
        default: return nil
        }
    }
    package var text: String? { if case .string(let s) = self { return s }; return nil }
    package var items: [JSONOut] { if case .array(let a) = self { return a }; return [] }
    /// A `[x, y]` point.
    package var point: Vec2? {
        guard let x = self[index: 0]?.number, let y = self[index: 1]?.number else { return nil }
        return Vec2(x, y)
    }
    /// A `[x, y, w, h]` rectangle.
    package var rect: Rect? {
        guard let x = self[index: 0]?.number, let y = self[index: 1]?.number,
              let w = self[index: 2]?.number, let h = self[index: 3]?.number else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}


/// A clock that moves only when told to.
package final class ManualClock: Clock {
    package private(set) var now: Double
    package init(start: Double = 0) { now = start }
    package func advance(by seconds: Double) { now += seconds }
    package func set(_ t: Double) { now = t }
}

/// SwiftUI's `AngularGradient`, written from its documented behaviour as an oracle for the
/// beam: n stops at i/(n−1) of a full turn from the start angle, linear in between.
package enum SwiftUIAngularGradient {
    /// The gradient parameter (0...1) at screen angle `phi` (radians clockwise from 3 o'clock)
    /// for a gradient starting at `start`, turning in `direction` (+1 clockwise, −1 counter).
    package static func parameter(phi: Double, start: Double, direction: Double = 1) -> Double {
        let u = direction * (phi - start) / (2 * .pi)
        return u - u.rounded(.down)
    }

    /// The color at parameter `u` of `stops` (mixed component-wise, premultiplied in, premultiplied out).
    package static func color(at u: Double, stops: [RGBA]) -> RGBA {
        guard stops.count > 1 else { return stops.first ?? .clear }
        let seg = min(max(u, 0), 1) * Double(stops.count - 1)
        let i = min(Int(seg.rounded(.down)), stops.count - 2)
        let t = Float(seg - Double(i))
        let a = stops[i], b = stops[i + 1]
        return RGBA(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t)
    }
}

/// SwiftUI's `spring(duration:bounce:)` from rest 0 → 1, in closed form (DESIGN.md): the oracle
/// for the radar's growth.
package enum AnalyticSpring {
    package static func value(at t: Double, duration d: Double, bounce b: Double) -> Double {
        guard t > 0 else { return 0 }
        let omega = 2 * Double.pi / d
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        if zeta >= 1 {
            return 1 - exp(-omega * t) * (1 + omega * t)
        }
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
    }
}
