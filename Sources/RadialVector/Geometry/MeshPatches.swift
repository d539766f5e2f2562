import Foundation
import RadialCore

/// A Coons patch (cairo's mesh patterns, PDF shading type 6): four cubic sides, corner k at
/// `points[3k]`, side k's controls at `points[3k + 1]`, `points[3k + 2]`, and a color at each corner
/// (premultiplied), blended across the patch.
package struct MeshPatch: Equatable, Sendable {
    package var points: [Vec2]
    package var colors: [RGBA]

    /// A patch of four straight sides through corners `a, b, c, d`.
    static func quad(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ d: Vec2, colors: [RGBA]) -> MeshPatch {
        var pts: [Vec2] = []
        for (p, q) in [(a, b), (b, c), (c, d), (d, a)] { pts += [p, p + (q - p) * (1.0 / 3), p + (q - p) * (2.0 / 3)] }
        return MeshPatch(points: pts, colors: colors)
    }

    /// A patch over part of an annulus around `center`: angles (cairo's) `a0` to `a1` (at most a
    /// quarter turn, so one cubic follows each arc to within 3e-4 of its radius), radii `r0`
    /// (corners 3 and 0 … the inner side) to `r1`. Colors: at (r1, a0), (r1, a1), (r0, a1), (r0, a0).
    static func annular(center: Vec2, r0: Double, r1: Double, a0: Double, a1: Double, colors: [RGBA]) -> MeshPatch {
        func at(_ r: Double, _ a: Double) -> Vec2 { center + Vec2(cos(a), sin(a)) * r }
        let k = 4.0 / 3 * tan((a1 - a0) / 4)
        func arc(_ r: Double, _ from: Double, _ to: Double) -> [Vec2] {
            let p = at(r, from), q = at(r, to), s = to > from ? 1.0 : -1.0
            let tp = Vec2(-sin(from), cos(from)) * (r * abs(k) * s), tq = Vec2(-sin(to), cos(to)) * (r * abs(k) * s)
            return [p, p + tp, q - tq]
        }
        func straight(_ p: Vec2, _ q: Vec2) -> [Vec2] { [p, p + (q - p) * (1.0 / 3), p + (q - p) * (2.0 / 3)] }
        let pts = arc(r1, a0, a1) + straight(at(r1, a1), at(r0, a1)) + arc(r0, a1, a0) + straight(at(r0, a0), at(r1, a0))
        return MeshPatch(points: pts, colors: colors)
    }
}

/// The soft shadow under a rounded rectangle, as `rrect.frag` shades it: the shadow color times
/// `0.5 − 0.5·erf(d / (σ√2))`, d the signed distance to the rounded box, σ half the shadow radius
/// (SwiftUI's `shadow(radius:)`). Its levels of d are rounded rectangles (outside, and inside down
/// to the corner radius) and sharp ones (deeper inside), so the shadow is bands between levels:
/// straight patches along the edges, annular ones at the corners, trapezoids deeper in, each
/// blending the profile's value linearly across the band. Twelve bands, denser where the
/// profile bends, keep the blend within 1/100 of the erf: on the lightest theme's shadow that
/// is under one level of 255. One mesh is one smooth shading in a PDF, with no seams.
package enum ShadowMesh {
    /// The profile at distance `d` (positive outside) for blur `sigma`.
    package static func coverage(_ d: Double, sigma: Double) -> Double { 0.5 - 0.5 * erf(d / (sigma * 2.0.squareRoot())) }

    /// σ for a rounded rectangle's shadow radius, as the shader takes it.
    package static func sigma(shadowRadius: Double) -> Double { max(shadowRadius * 0.5, 0.5) }

    /// Levels of d (in σ) between bands: the profile is nearly straight around 0 and flat past ±3.5.
    static let levels: [Double] = [-3.5, -2.6, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.6, 3.5]

    /// How far the shadow reaches past the rectangle (it is 3e-5 of its color there).
    package static func reach(sigma: Double) -> Double { 4 * sigma }

    package static func patches(rect: Rect, radius: Double, shadowRadius: Double, color: RGBA) -> [MeshPatch] {
        let sigma = sigma(shadowRadius: shadowRadius)
        let bx = rect.width / 2, by = rect.height / 2
        guard bx > 0, by > 0 else { return [] }
        let c = rect.center
        let r = max(min(radius, bx, by), 0)
        let deepest = -min(bx, by)
        var ds = levels.map { $0 * sigma }.filter { $0 > deepest }
        ds.append(reach(sigma: sigma))
        ds.insert(deepest, at: 0)
        let premultiplied = color.premultiplied
        func tint(_ d: Double) -> RGBA {
            let k = Float(coverage(max(d, ds[1]), sigma: sigma))   // constant in the core
            return RGBA(premultiplied.r * k, premultiplied.g * k, premultiplied.b * k, premultiplied.a * k)
        }
        var out: [MeshPatch] = []
        for i in 0..<(ds.count - 1) {
            let lo = ds[i], hi = ds[i + 1]
            let inner = tint(lo), outer = tint(hi)
            if hi <= -r {
                sharpBand(&out, c, bx, by, lo, hi, inner, outer)
            } else if lo >= -r {
                roundBand(&out, c, bx, by, r, lo, hi, inner, outer)
            } else {
                // A band that straddles the corner radius splits there: sharp levels inside, round outside.
                let mid = tint(-r)
                sharpBand(&out, c, bx, by, lo, -r, inner, mid)
                roundBand(&out, c, bx, by, r, -r, hi, mid, outer)
            }
        }
        return out
    }

    /// Between two rounded levels: four edge strips and four corner quarter-annuli.
    private static func roundBand(_ out: inout [MeshPatch], _ c: Vec2, _ bx: Double, _ by: Double, _ r: Double,
                                  _ d0: Double, _ d1: Double, _ inner: RGBA, _ outer: RGBA) {
        let ex = bx - r, ey = by - r
        if ex > 0 {
            // Top and bottom.
            for s in [-1.0, 1.0] {
                let yo = c.y + s * (by + d1), yi = c.y + s * (by + d0)
                out.append(.quad(Vec2(c.x - ex, yo), Vec2(c.x + ex, yo), Vec2(c.x + ex, yi), Vec2(c.x - ex, yi), colors: [outer, outer, inner, inner]))
            }
        }
        if ey > 0 {
            for s in [-1.0, 1.0] {
                let xo = c.x + s * (bx + d1), xi = c.x + s * (bx + d0)
                out.append(.quad(Vec2(xo, c.y - ey), Vec2(xo, c.y + ey), Vec2(xi, c.y + ey), Vec2(xi, c.y - ey), colors: [outer, outer, inner, inner]))
            }
        }
        for (sx, sy, a) in [(1.0, -1.0, -Double.pi / 2), (1.0, 1.0, 0.0), (-1.0, 1.0, Double.pi / 2), (-1.0, -1.0, Double.pi)] {
            out.append(.annular(center: Vec2(c.x + sx * ex, c.y + sy * ey), r0: max(r + d0, 0), r1: r + d1, a0: a, a1: a + .pi / 2,
                                colors: [outer, outer, inner, inner]))
        }
    }

    /// Between two sharp levels (deeper inside than the corner radius): four trapezoids.
    private static func sharpBand(_ out: inout [MeshPatch], _ c: Vec2, _ bx: Double, _ by: Double,
                                  _ d0: Double, _ d1: Double, _ inner: RGBA, _ outer: RGBA) {
        let ox = bx + d1, oy = by + d1, ix = max(bx + d0, 0), iy = max(by + d0, 0)
        let o = [Vec2(c.x - ox, c.y - oy), Vec2(c.x + ox, c.y - oy), Vec2(c.x + ox, c.y + oy), Vec2(c.x - ox, c.y + oy)]
        let n = [Vec2(c.x - ix, c.y - iy), Vec2(c.x + ix, c.y - iy), Vec2(c.x + ix, c.y + iy), Vec2(c.x - ix, c.y + iy)]
        for k in 0..<4 {
            let j = (k + 1) % 4
            out.append(.quad(o[k], o[j], n[j], n[k], colors: [outer, outer, inner, inner]))
        }
    }

    /// The box the shadow covers.
    package static func bounds(rect: Rect, shadowRadius: Double) -> Rect {
        let e = reach(sigma: sigma(shadowRadius: shadowRadius))
        return Rect(x: rect.minX - e, y: rect.minY - e, width: rect.width + 2 * e, height: rect.height + 2 * e)
    }
}

/// The scan's beam: SwiftUI's angular gradient over the arc where it is not clear, as `scan.vert`
/// works it out (premultiplied stops evenly over a turn from `gradientStart`, linear between).
package enum BeamGradient {
    /// The gradient's color (premultiplied) at cairo angle `theta`.
    package static func color(_ s: AngularGradientInstance, at theta: Double) -> RGBA {
        var u = s.direction * (theta - s.screenGradientStart) / (2 * .pi)
        u -= floor(u)
        return color(s, u: u)
    }

    /// At gradient parameter `u` in 0...1 (not wrapped: 1 is the last stop).
    package static func color(_ s: AngularGradientInstance, u: Double) -> RGBA {
        let stops = withUnsafeBytes(of: s.stops) { Array($0.bindMemory(to: RGBA.self)) }
        let n = min(max(s.stopCount, 0), AngularGradientInstance.maxStops)
        if n == 0 { return .clear }
        if n == 1 { return stops[0] }
        let seg = min(max(u, 0), 1) * Double(n - 1)
        let i = min(Int(checked: seg, rounding: .down), n - 2)
        let f = Float(seg - Double(i))
        let a = stops[i], b = stops[i + 1]
        return RGBA(a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f, a.a + (b.a - a.a) * f)
    }

    /// The arc to shade, in cairo angles, increasing.
    package static func arc(_ s: AngularGradientInstance) -> (Double, Double) { (min(s.screenArc.0, s.screenArc.1), max(s.screenArc.0, s.screenArc.1)) }

    /// The arc split where the gradient jumps (its seam, where the last stop meets the first),
    /// so that each piece is one continuous blend: drawn as separate fills, the seam's edge is
    /// anti-aliased as geometry, like the rim, rather than sampled inside one pattern.
    package static func pieces(_ s: AngularGradientInstance) -> [(Double, Double)] {
        let (a0, a1) = arc(s)
        guard a1 > a0 else { return [] }
        var cuts: [Double] = [a0]
        var t = s.screenGradientStart - 2 * .pi * floor((s.screenGradientStart - a0) / (2 * .pi))
        while t < a1 { if t > a0 + 1e-9 && t < a1 - 1e-9 { cuts.append(t) }; t += 2 * .pi }
        cuts.append(a1)
        return zip(cuts, cuts.dropFirst()).map { ($0, $1) }
    }

    /// The piece `from`...`to` cut into segments at most `step` radians wide, breaking at every
    /// stop (where the gradient's slope changes).
    package static func segments(_ s: AngularGradientInstance, from a0: Double, to a1: Double, step: Double) -> [(Double, Double)] {
        guard a1 > a0 else { return [] }
        var breaks: [Double] = [a0, a1]
        let n = max(min(s.stopCount, AngularGradientInstance.maxStops), 1)
        if n > 1 {
            for i in 0..<n {
                // Stop i sits at theta = start + direction · i/(n−1) · 2π, plus whole turns.
                let base = s.screenGradientStart + s.direction * Double(i) / Double(n - 1) * 2 * .pi
                var t = base - 2 * .pi * floor((base - a0) / (2 * .pi))
                while t < a1 { if t > a0 { breaks.append(t) }; t += 2 * .pi }
            }
        }
        breaks.sort()
        var out: [(Double, Double)] = []
        for (x, y) in zip(breaks, breaks.dropFirst()) where y - x > 1e-9 {
            let k = max(Int(checked: (y - x) / step, rounding: .up), 1)
            for j in 0..<k { out.append((x + (y - x) * Double(j) / Double(k), x + (y - x) * Double(j + 1) / Double(k))) }
        }
        return out
    }

    /// One piece of the beam as mesh patches (for cairo: PDF and PNG): annular patches from the
    /// center out past the rim, one a segment (5° or less, breaking at every stop), so the blend
    /// between corners is the gradient's own linear blend; the first and last reach a little past
    /// the piece (in its end colors) so the anti-aliased edges of its fill have color under them.
    package static func patches(_ s: AngularGradientInstance, from a0: Double, to a1: Double, step: Double = 5 * .pi / 180) -> [MeshPatch] {
        guard s.radius > 0 else { return [] }
        let segs = segments(s, from: a0, to: a1, step: step)
        let rim = s.radius + 1.5
        let pad = min(1.5 / max(s.radius, 1), 0.05)
        var out: [MeshPatch] = []
        for (i, (x, y)) in segs.enumerated() {
            // Colors just inside the segment: at a stop the blend turns, at the piece's ends it may jump.
            let cx = color(s, atInside: x, toward: y), cy = color(s, atInside: y, toward: x)
            let from = i == 0 ? x - pad : x, to = i == segs.count - 1 ? y + pad : y
            out.append(.annular(center: s.center, r0: 0, r1: rim, a0: from, a1: to, colors: [cx, cy, cy, cx]))
        }
        return out
    }

    /// Whether the piece is clear all along (nothing to draw).
    package static func isClear(_ s: AngularGradientInstance, from a0: Double, to a1: Double) -> Bool {
        segments(s, from: a0, to: a1, step: .pi).allSatisfy { color(s, atInside: $0.0, toward: $0.1).a <= 0 && color(s, atInside: $0.1, toward: $0.0).a <= 0 }
    }

    /// The color at `theta`, approached from the side of `other` (the gradient jumps at the seam).
    static func color(_ s: AngularGradientInstance, atInside theta: Double, toward other: Double) -> RGBA {
        color(s, at: theta + (other - theta) * 1e-7)
    }
}
