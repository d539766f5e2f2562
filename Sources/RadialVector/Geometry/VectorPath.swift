import Foundation
import RadialCore

/// A path in output pixels (y down) made of lines, circular arcs and cubic curves: what both
/// cairo (PDF, PNG) and the SVG writer are given, so every backend draws the same exact curves.
///
/// Angles are cairo's: radians from +x toward +y, so on a y-down page an increasing angle turns
/// clockwise (the frame's angles, clockwise from 12 o'clock, are `a − π/2`).
package struct VectorPath: Equatable, Sendable {
    package enum Element: Equatable, Sendable {
        case move(Vec2)
        case line(Vec2)
        /// From the current point (which must be on the circle at `start`) around to `end`:
        /// with `clockwise` the angle increases (cairo_arc), else it decreases (cairo_arc_negative).
        case arc(center: Vec2, radius: Double, start: Double, end: Double, clockwise: Bool)
        case curve(Vec2, Vec2, Vec2)
        case close
    }
    package private(set) var elements: [Element] = []
    /// Where the pen is (for arcs that must start somewhere else: a line joins them).
    package private(set) var current: Vec2?
    private var subpathStart: Vec2?

    package init() {}

    package var isEmpty: Bool { elements.isEmpty }

    package mutating func move(to p: Vec2) { elements.append(.move(p)); current = p; subpathStart = p }
    package mutating func line(to p: Vec2) {
        if current == nil { move(to: p); return }
        elements.append(.line(p)); current = p
    }
    package mutating func curve(_ c1: Vec2, _ c2: Vec2, _ p: Vec2) {
        if current == nil { move(to: c1) }
        elements.append(.curve(c1, c2, p)); current = p
    }
    /// An arc, joined to the current point by a line when it starts elsewhere (as cairo_arc does).
    package mutating func arc(center: Vec2, radius: Double, from start: Double, to end: Double, clockwise: Bool = true) {
        let p0 = center + Vec2(cos(start), sin(start)) * radius
        if let c = current { if (c - p0).length > 1e-9 { line(to: p0) } } else { move(to: p0) }
        guard radius > 0, start != end else { return }
        elements.append(.arc(center: center, radius: radius, start: start, end: end, clockwise: clockwise))
        current = center + Vec2(cos(end), sin(end)) * radius
    }
    package mutating func close() {
        guard current != nil else { return }
        elements.append(.close); current = subpathStart
    }
    package mutating func append(_ other: VectorPath) {
        elements += other.elements; current = other.current; subpathStart = other.subpathStart
    }

    // MARK: - Shapes

    /// A rectangle, clockwise from its top-left corner.
    package static func rect(_ r: Rect) -> VectorPath {
        var p = VectorPath()
        p.move(to: Vec2(r.minX, r.minY)); p.line(to: Vec2(r.maxX, r.minY)); p.line(to: Vec2(r.maxX, r.maxY)); p.line(to: Vec2(r.minX, r.maxY))
        p.close()
        return p
    }

    /// A rounded rectangle (radius clamped to half the shorter side, as the GL shader clamps
    /// it), clockwise; a circle when the radius is half of a square's side.
    package static func roundedRect(_ r: Rect, radius: Double) -> VectorPath {
        let k = max(min(radius, r.width / 2, r.height / 2), 0)
        guard k > 0 else { return rect(r) }
        var p = VectorPath()
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        p.arc(center: Vec2(x1 - k, y0 + k), radius: k, from: -.pi / 2, to: 0)
        p.arc(center: Vec2(x1 - k, y1 - k), radius: k, from: 0, to: .pi / 2)
        p.arc(center: Vec2(x0 + k, y1 - k), radius: k, from: .pi / 2, to: .pi)
        p.arc(center: Vec2(x0 + k, y0 + k), radius: k, from: .pi, to: 3 * .pi / 2)
        p.close()
        return p
    }

    /// A whole circle, clockwise from 3 o'clock.
    package static func circle(center: Vec2, radius: Double) -> VectorPath {
        var p = VectorPath()
        p.arc(center: center, radius: radius, from: 0, to: 2 * .pi)
        p.close()
        return p
    }

    /// A ring between two circles: the outer one clockwise, the inner one counter-clockwise, so
    /// it is a ring under either fill rule.
    package static func ring(center: Vec2, inner: Double, outer: Double) -> VectorPath {
        var p = circle(center: center, radius: outer)
        guard inner > 0 else { return p }
        p.move(to: center + Vec2(inner, 0))
        p.arc(center: center, radius: inner, from: 0, to: -2 * .pi, clockwise: false)
        p.close()
        return p
    }

    /// A polygon through `points`, closed.
    package static func polygon(_ points: [Vec2]) -> VectorPath {
        var p = VectorPath()
        for (i, q) in points.enumerated() { if i == 0 { p.move(to: q) } else { p.line(to: q) } }
        if !points.isEmpty { p.close() }
        return p
    }

    /// A straight line with butt ends as the rectangle it covers.
    package static func line(from a: Vec2, to b: Vec2, width: Double) -> VectorPath {
        let d = b - a, len = d.length
        guard len > 0, width > 0 else { return VectorPath() }
        let n = Vec2(-d.y, d.x) * (width / 2 / len)
        return polygon([a + n, b + n, b - n, a - n])
    }

    // MARK: - Transforming and measuring

    /// The path scaled by `s` and moved by `o` (arcs stay arcs).
    package func mapped(scale s: Double, offset o: Vec2) -> VectorPath {
        var out = VectorPath()
        for e in elements {
            switch e {
            case .move(let p): out.move(to: p * s + o)
            case .line(let p): out.line(to: p * s + o)
            case .curve(let a, let b, let c): out.curve(a * s + o, b * s + o, c * s + o)
            case .arc(let c, let r, let a0, let a1, let cw):
                out.elements.append(.arc(center: c * s + o, radius: r * s, start: a0, end: a1, clockwise: cw))
                out.current = c * s + o + Vec2(cos(a1), sin(a1)) * (r * s)
            case .close: out.close()
            }
        }
        return out
    }

    /// The path as polygons (arcs and curves subdivided finely), for tests and hit testing.
    package func flattened(tolerance: Double = 0.05) -> [[Vec2]] {
        var polys: [[Vec2]] = [], poly: [Vec2] = [], pen = Vec2.zero
        for e in elements {
            switch e {
            case .move(let p):
                if poly.count > 1 { polys.append(poly) }
                poly = [p]; pen = p
            case .line(let p): poly.append(p); pen = p
            case .curve(let c1, let c2, let p):
                let n = 16
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = pen * (u * u * u), b = c1 * (3 * u * u * t), c = c2 * (3 * u * t * t), d = p * (t * t * t)
                    poly.append(a + b + c + d)
                }
                pen = p
            case .arc(let c, let r, let a0, let a1, let cw):
                // cairo's rule: the end moves by whole turns past the start, in the arc's direction.
                var sweep = a1 - a0
                if cw { while sweep < 0 { sweep += 2 * .pi } } else { while sweep > 0 { sweep -= 2 * .pi } }
                let step = 2 * acos(max(1 - tolerance / max(r, tolerance), -1))
                let n = max(Int(checked: abs(sweep) / max(step, 1e-3), rounding: .up), 1)
                for i in 1...n { let a = a0 + sweep * Double(i) / Double(n); poly.append(c + Vec2(cos(a), sin(a)) * r) }
                pen = poly.last ?? pen
            case .close:
                if poly.count > 1 { polys.append(poly) }
                if let f = poly.first { poly = [f]; pen = f } else { poly = [] }
            }
        }
        if poly.count > 1 { polys.append(poly) }
        return polys
    }

    /// The box round the path (its arcs flattened within half a pixel, so a hair inside at most).
    var bounds: Rect { Rect.bounding(flattened(tolerance: 0.5).flatMap { $0 }) }

    /// Whether `p` is inside under the nonzero winding rule (tests and hit testing).
    package func contains(_ p: Vec2) -> Bool {
        var winding = 0
        for poly in flattened() {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if a.y <= p.y {
                    if b.y > p.y && (b - a).cross(p - a) > 0 { winding += 1 }
                } else if b.y <= p.y && (b - a).cross(p - a) < 0 {
                    winding -= 1
                }
            }
        }
        return winding != 0
    }
}
