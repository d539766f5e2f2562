import Foundation
import RadialCore

/// The outline of one `SectorInstance` as exact arcs and lines: the shape `sector.frag` shades
/// as a signed distance, built as a path.
///
/// The shape is the ring `inner ≤ |p| ≤ outer` cut by the two edges of the wedge, each moved in
/// parallel by the half inset (so the gap between neighbours is as wide at the rim as at the
/// center): under half a turn both half-planes bound it; over half a turn either does (the gap
/// is what both leave out); a whole turn has no edges. Where an edge meets a circle the corner
/// is filleted with an arc of the corner radius tangent to both (the shader's rounded
/// intersection, which is that arc where the two meet at a right angle, as they nearly do).
/// Where the edges meet each other (a pie's apex) the corner stays sharp, as in the shader.
/// When a sector is too narrow for two fillets they meet on its bisector, as the two rounded
/// distance fields do; when even that does not fit (a sliver narrower than its inset's
/// neighbourhood), smaller radii are tried, then sharp corners.
package enum SectorPath {
    /// Angles are the frame's: radians clockwise from 12 o'clock.
    package static func path(_ s: SectorInstance) -> VectorPath {
        if s.roundCaps { return cappedArc(center: s.center, inner: s.innerRadius, outer: s.outerRadius, start: s.startAngle, end: s.endAngle) }
        return path(center: s.center, inner: s.innerRadius, outer: s.outerRadius, start: s.startAngle, end: s.endAngle,
                    halfInset: s.halfInset, cornerRadius: s.cornerRadius)
    }

    /// A capped arc (`arc.frag`): along the rim from the start to the end angle, round the end
    /// cap (a half-disc of half the ring's width on the ring's middle, clockwise, ahead), back
    /// along the hole, round the start cap. Caps that overlap (an arc of nearly a turn) wind the
    /// same way, so a nonzero fill covers their union once.
    package static func cappedArc(center: Vec2, inner ri0: Double, outer ro: Double, start a0: Double, end a1: Double) -> VectorPath {
        let ri = max(ri0, 0)
        guard ro > ri, a1 >= a0 else { return VectorPath() }
        let rm = (ri + ro) / 2, hw = (ro - ri) / 2
        let t0 = a0 - .pi / 2, t1 = min(a1, a0 + 2 * .pi) - .pi / 2
        var p = VectorPath()
        p.move(to: center + Vec2(cos(t0), sin(t0)) * ro)
        if t1 > t0 { p.arc(center: center, radius: ro, from: t0, to: t1) }
        p.arc(center: center + Vec2(cos(t1), sin(t1)) * rm, radius: hw, from: t1, to: t1 + .pi)
        if t1 > t0 && ri > 0 { p.arc(center: center, radius: ri, from: t1, to: t0, clockwise: false) }
        p.arc(center: center + Vec2(cos(t0), sin(t0)) * rm, radius: hw, from: t0 + .pi, to: t0 + 2 * .pi)
        p.close()
        return p
    }

    /// The band `s.outline` pixels wide inside the sector's edge, for an even-odd fill: its
    /// outline and the same shape inset by the band's width (a ring's and a capped arc's radii
    /// move in; a wedge's edges move in parallel too, its corners rounded less).
    public static func outline(_ s: SectorInstance) -> VectorPath {
        var inner = s
        let w = s.outline
        inner.innerRadius = s.innerRadius > 0 || s.roundCaps ? s.innerRadius + w : 0
        inner.outerRadius = s.outerRadius - w
        if !s.roundCaps && s.shape == .wedge { inner.halfInset += w; inner.cornerRadius = max(s.cornerRadius - w, 0) }
        var p = path(s)
        if inner.outerRadius > inner.innerRadius { p.append(path(inner)) }
        return p
    }

    /// Where a capped arc's end shadow falls: the ring ahead of the end cap, within its reach
    /// (the ring cut by the half-plane ahead of the end, as `arc.frag` masks it).
    package static func endShadowArea(_ s: SectorInstance) -> VectorPath {
        let ri = max(s.innerRadius, 0), ro = s.outerRadius
        guard s.roundCaps, s.endShadow > 0, ro > ri else { return VectorPath() }
        let rm = (ri + ro) / 2, hw = (ro - ri) / 2
        // Ahead of the end: from the end angle on, as far round as the shadow reaches (plus the
        // cap), at most half a turn, where the half-plane and the ring part ways.
        let t1 = s.endAngle - .pi / 2
        let span = min((hw + s.endShadow + 2) / max(rm, 1), .pi)
        var p = VectorPath()
        p.move(to: s.center + Vec2(cos(t1), sin(t1)) * ro)
        p.arc(center: s.center, radius: ro, from: t1, to: t1 + span)
        if ri > 0 { p.arc(center: s.center, radius: ri, from: t1 + span, to: t1, clockwise: false) } else { p.line(to: s.center) }
        p.close()
        return p
    }

    /// The center of a capped arc's end cap.
    package static func endCapCenter(_ s: SectorInstance) -> Vec2 {
        s.center + dir(s.endAngle) * ((max(s.innerRadius, 0) + s.outerRadius) / 2)
    }

    package static func path(center: Vec2, inner ri0: Double, outer ro: Double, start a0: Double, end a1: Double,
                            halfInset h0: Double, cornerRadius cr0: Double) -> VectorPath {
        let span = a1 - a0
        let ri = max(ri0, 0), h = max(h0, 0)
        guard span > 0, ro > ri, ro > 0, span.isFinite else { return VectorPath() }
        if span >= 2 * .pi - 1e-4 { return .ring(center: center, inner: ri, outer: ro) }
        let shape = Shape(ri: ri, ro: ro, a0: a0, a1: a1, h: h)
        guard shape.nonEmpty else { return VectorPath() }
        // The corner radius: no more than half the ring's width and the room left beside the inset.
        var cr = min(max(cr0, 0), (ro - h) / 2)
        if shape.middle == .innerArc { cr = min(cr, (ro - ri) / 2) }
        for k in [1.0, 0.5, 0.25, 0] {
            if let p = shape.build(center: center, cr: cr * k) { return p }
        }
        return VectorPath()
    }

    /// The sector in coordinates about its center, and which way its middle goes.
    struct Shape {
        let ri: Double, ro: Double, h: Double, span: Double
        let edges: [Edge]
        let apex: Vec2
        let middleAngle: Double
        enum Middle { case innerArc, apex, notch }
        let middle: Middle
        let nonEmpty: Bool

        init(ri: Double, ro: Double, a0: Double, a1: Double, h: Double) {
            self.ri = ri; self.ro = ro; self.h = h
            span = a1 - a0
            let apexDistance = h > 0 ? h / sin(span / 2) : 0
            edges = [Edge(angle: a0, normalSign: 1, h: h), Edge(angle: a1, normalSign: -1, h: h)]
            apex = SectorPath.dir((a0 + a1) / 2) * apexDistance
            middleAngle = SectorPath.theta(SectorPath.dir((a0 + a1) / 2))
            // Under half a turn the wedge's nearest point to the center is the apex: a ring inside
            // it is cut away entirely. Over half a turn, a hole that reaches past the edges but
            // not the apex behind the center leaves a notch around the apex.
            if span <= .pi {
                nonEmpty = ro > apexDistance
                middle = ri > apexDistance ? .innerArc : .apex
            } else {
                nonEmpty = ro > h
                middle = ri <= h ? .apex : (ri >= apexDistance ? .innerArc : .notch)
            }
        }

        /// An angle relative to the sector's middle, in (−π, π]: inside the sector from about
        /// −span/2 (the start edge) to span/2 (the end edge), whatever the turn.
        func rel(_ theta: Double) -> Double { remainder(theta - middleAngle, 2 * .pi) }

        /// The outline with corner radius `cr`, or nil when its pieces do not fit together.
        func build(center: Vec2, cr: Double) -> VectorPath? {
            var p = VectorPath()
            // The outer side: edge 0 outward, around the rim clockwise, edge 1 inward.
            let outer = Side(circle: ro, convex: true, cr: cr, edges: edges)
            p.move(to: center + outer.lineEnd(0))
            guard outer.draw(into: &p, center: center, from: 0, shape: self) else { return nil }
            switch middle {
            case .apex:
                // Each edge must reach the apex before its fillet begins.
                for i in 0..<2 where outer.lineEnd(i).dot(edges[i].direction) < apex.dot(edges[i].direction) - 1e-9 { return nil }
                p.line(to: center + apex)
            case .innerArc:
                let inside = Side(circle: ri, convex: false, cr: ri > h ? cr : 0, edges: edges)
                for i in 0..<2 where outer.lineEnd(i).dot(edges[i].direction) < inside.lineEnd(i).dot(edges[i].direction) - 1e-9 { return nil }
                p.line(to: center + inside.lineEnd(1))
                guard inside.draw(into: &p, center: center, from: 1, shape: self) else { return nil }
            case .notch:
                // Edge 1 re-crosses the hole behind the center: around it, to the apex, and back.
                let t = (ri * ri - h * h).squareRoot()
                let q1 = edges[1].point(t), q1b = edges[1].point(-t), q0b = edges[0].point(-t), q0 = edges[0].point(t)
                p.line(to: center + q1)
                p.arc(center: center, radius: ri, from: theta(q1), to: decreasing(from: theta(q1), to: theta(q1b)), clockwise: false)
                p.line(to: center + apex)
                p.line(to: center + q0b)
                p.arc(center: center, radius: ri, from: theta(q0b), to: decreasing(from: theta(q0b), to: theta(q0)), clockwise: false)
            }
            p.close()
            return p
        }
    }

    // MARK: - Pieces

    /// The direction of frame angle `a` (clockwise from 12 o'clock, y down).
    static func dir(_ a: Double) -> Vec2 { Vec2(sin(a), -cos(a)) }
    /// cairo's angle of a point relative to the center.
    static func theta(_ p: Vec2) -> Double { atan2(p.y, p.x) }
    /// `to`, moved by whole turns to be above `from` by less than a turn.
    static func increasing(from: Double, to: Double) -> Double {
        var t = to
        while t <= from { t += 2 * .pi }
        while t - from > 2 * .pi { t -= 2 * .pi }
        return t
    }
    /// `to`, moved by whole turns to be below `from` by less than a turn.
    static func decreasing(from: Double, to: Double) -> Double {
        var t = to
        while t >= from { t -= 2 * .pi }
        while from - t > 2 * .pi { t += 2 * .pi }
        return t
    }

    /// One edge of the wedge: the line `p · normal = h`, points on it `normal·h + direction·t`.
    struct Edge {
        var direction: Vec2, normal: Vec2, h: Double
        init(angle: Double, normalSign: Double, h: Double) {
            direction = SectorPath.dir(angle)
            // The start edge's inside is toward increasing angle (clockwise), the end edge's toward decreasing.
            normal = Vec2(cos(angle), sin(angle)) * normalSign
            self.h = h
        }
        func point(_ t: Double) -> Vec2 { normal * h + direction * t }
    }

    /// Where the edges meet one circle (the rim, convex; or the hole, concave), with a fillet
    /// of radius `cr` at each corner.
    struct Side {
        var circle: Double, convex: Bool, cr: Double
        var edges: [Edge]
        /// Each edge's fillet: its center, the tangent point on the edge and on the circle.
        var fillets: [(center: Vec2, onLine: Vec2, onCircle: Vec2)?] = []

        init(circle: Double, convex: Bool, cr: Double, edges: [Edge]) {
            self.circle = circle; self.convex = convex; self.cr = cr; self.edges = edges
            fillets = edges.map { e in
                guard cr > 0 else { return nil }
                // The fillet's center: cr inside the edge, and cr inside the rim (outside the hole).
                let dc = convex ? circle - cr : circle + cr
                let t2 = dc * dc - (e.h + cr) * (e.h + cr)
                guard t2 > 0 else { return nil }
                let t = t2.squareRoot()
                let c = e.normal * (e.h + cr) + e.direction * t
                return (c, e.point(t), c * (circle / dc))
            }
        }

        /// Where the edge's straight part ends at this circle (the fillet's start, or the corner).
        func lineEnd(_ i: Int) -> Vec2 {
            if let f = fillets[i] { return f.onLine }
            let t = max(circle * circle - edges[i].h * edges[i].h, 0).squareRoot()
            return edges[i].point(t)
        }

        /// From edge `first`'s line end around this circle to the other edge's: clockwise around
        /// the rim from edge 0, counter-clockwise around the hole from edge 1. False when the
        /// pieces cross (a fillet that would turn more than half a turn, a circle arc backwards).
        func draw(into p: inout VectorPath, center: Vec2, from first: Int, shape: Shape) -> Bool {
            let second = 1 - first
            let a = lineEnd(first), b = lineEnd(second)
            // Angles along the circle from edge 0's side (−span/2) to edge 1's (+span/2).
            func arc(_ x: Vec2, _ y: Vec2) -> Bool {
                let sweep = shape.rel(theta(y)) - shape.rel(theta(x))
                guard convex ? sweep >= -1e-9 : sweep <= 1e-9 else { return false }
                p.arc(center: center, radius: circle, from: theta(x), to: theta(x) + sweep, clockwise: convex)
                return true
            }
            guard cr > 0 else { return arc(a, b) }
            guard let f0 = fillets[first], let f1 = fillets[second] else { return false }
            // Do the fillets leave some of the circle between them?
            let room = shape.rel(theta(f1.onCircle)) - shape.rel(theta(f0.onCircle))
            if convex ? room >= 0 : room <= 0 {
                return fillet(&p, center: center, f0.center, from: a, to: f0.onCircle) && arc(f0.onCircle, f1.onCircle)
                    && fillet(&p, center: center, f1.center, from: f1.onCircle, to: b)
            }
            // Too narrow for both: the two fillets meet on the bisector.
            guard let x = meeting(f0.center, f1.center) else { return false }
            return fillet(&p, center: center, f0.center, from: a, to: x) && fillet(&p, center: center, f1.center, from: x, to: b)
        }

        /// A fillet arc (turning clockwise: every corner here is convex) from `a` to `b`, which
        /// turns less than half a turn.
        private func fillet(_ p: inout VectorPath, center: Vec2, _ c: Vec2, from a: Vec2, to b: Vec2) -> Bool {
            let s = theta(a - c), e = increasing(from: s, to: theta(b - c))
            guard e - s <= .pi + 1e-9 else { return false }
            p.arc(center: center + c, radius: cr, from: s, to: e)
            return true
        }

        /// Where two fillet circles of radius `cr` meet: of their two crossings, the one nearer
        /// the rim (or nearer the hole).
        private func meeting(_ c0: Vec2, _ c1: Vec2) -> Vec2? {
            let m = (c0 + c1) * 0.5, d = c1 - c0, half = d.length / 2
            guard half < cr, half > 0 else { return nil }
            let off = (cr * cr - half * half).squareRoot()
            let n = Vec2(-d.y, d.x).normalized
            let x1 = m + n * off, x2 = m - n * off
            return (x1.length > x2.length) == convex ? x1 : x2
        }
    }
}
