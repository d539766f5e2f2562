/// SwiftUI's `AngularGradient` on the CPU, the same function `scan.frag` computes per pixel:
/// n stops at i/(n−1) of a full turn from the start angle, mixed in premultiplied alpha.
public enum AngularGradientMath {
    /// The gradient parameter (0...1) at screen angle `phi` (radians clockwise from 3 o'clock)
    /// for a gradient starting at `start`, turning in `direction` (+1 clockwise, −1 counter).
    public static func parameter(phi: Double, start: Double, direction: Double = 1) -> Double {
        let u = direction * (phi - start) / (2 * .pi)
        return u - u.rounded(.down)
    }

    /// The premultiplied color at parameter `u` of premultiplied `stops`.
    public static func color(at u: Double, stops: [RGBA]) -> RGBA {
        guard stops.count > 1 else { return stops.first ?? .clear }
        let seg = min(max(u, 0), 1) * Double(stops.count - 1)
        let i = max(min(Int(checked: seg, rounding: .down), stops.count - 2), 0)
        let t = Float(seg - Double(i))
        let a = stops[i], b = stops[i + 1]
        return RGBA(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t)
    }
}
