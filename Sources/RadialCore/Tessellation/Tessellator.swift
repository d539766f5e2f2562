import Foundation

/// One vertex of a tessellated shape: what the tessellator knows, in no GPU layout (the mesh
/// batch packs it into its own vertex record).
package struct MeshVertex: Equatable, Sendable {
    /// The path point, relative to the shape's center at unit scale.
    package var point: Vec2
    /// The direction a stroke's vertex is pushed out, in units of the stroke's half-width (zero for fills).
    package var extrude: Vec2
    /// Signed coverage coordinate across a stroke, −1...1 (0 at its middle and in fills).
    package var distance: Double
    /// What the vertex is part of (fill, outline or grid), which sets its color and width.
    package var role: MeshRole
    /// Which series' color it takes.
    package var series: Int
    /// How far along its stroke's path the vertex is, at unit scale from the path's first point
    /// (0 in fills): where a dashed outline's dashes fall.
    package var along: Double
    /// A vertex at `point`; a fill's unless `extrude` and `distance` are given.
    package init(point: Vec2, extrude: Vec2 = .zero, distance: Double = 0, role: MeshRole, series: Int, along: Double = 0) {
        self.point = point; self.extrude = extrude; self.distance = distance; self.role = role; self.series = series; self.along = along
    }
}

/// How a stroke turns a corner.
package enum StrokeJoin: Sendable {
    /// A round join (a fan of `joinSegments` steps per half turn); a miter, falling back to a
    /// bevel past a miter limit of 4.
    case round, miter
}

/// A path a tessellation was made from, kept for backends that draw curves and polygons
/// themselves (cairo, SVG, PDF) instead of triangles.
package struct MeshPath: Equatable, Sendable {
    /// Whether the path is filled or stroked.
    package enum Kind: Equatable, Sendable {
        /// The polygon's interior.
        case fill
        /// Its outline, with corners joined so.
        case stroke(StrokeJoin)
    }
    /// The path's points, relative to the shape's center at unit scale (as `MeshVertex.point`).
    package var points: [Vec2]
    /// Whether the last point joins back to the first.
    package var closed: Bool
    /// Whether the path is filled or stroked.
    package var kind: Kind
    /// What the path is part of (fill, outline or grid).
    package var role: MeshRole
    /// Which series' color it takes.
    package var series: Int
    /// Where the path's triangles start in the mesh's indices (set as the builder keeps it): a
    /// draw of part of a mesh (`MeshDraw.indexRange`) draws the paths whose triangles it covers.
    package var firstIndex = 0
}

/// Where a tessellator's output goes (lyon's `GeometryBuilder`): the builder decides what a
/// vertex becomes. `MeshGeometry` keeps typed vertices and the paths for a `Mesh`.
package protocol MeshBuilder {
    /// Adds a vertex and returns its index.
    mutating func add(_ vertex: MeshVertex) -> UInt32
    /// Adds a triangle of three vertex indices that `add(_:)` returned, wound clockwise on screen.
    mutating func addTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32)
    /// The path the triangles that follow come from.
    mutating func addPath(_ path: MeshPath)
}

extension MeshBuilder {
    package mutating func addPath(_ path: MeshPath) {}
}

/// Triangles, their vertices and the paths they were made from: what a `Mesh` holds.
package struct MeshGeometry: MeshBuilder, Sendable {
    /// The vertices, in the order they were added.
    package private(set) var vertices: [MeshVertex] = []
    /// The triangles, three vertex indices each.
    package private(set) var indices: [UInt32] = []
    /// The paths the triangles came from, in order.
    package private(set) var paths: [MeshPath] = []
    /// An empty geometry.
    package init() {}
    package mutating func add(_ vertex: MeshVertex) -> UInt32 {
        vertices.append(vertex)
        return UInt32(vertices.count - 1)
    }
    /// Appends the triangle's three indices.
    package mutating func addTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        indices.append(a); indices.append(b); indices.append(c)
    }
    package mutating func addPath(_ path: MeshPath) {
        var p = path
        p.firstIndex = indices.count
        paths.append(p)
    }
}

/// Turns polygons into triangles for the mesh renderer, emitting into a `MeshBuilder` it does
/// not know the layout of.
///
/// A vertex carries its path point, its extrusion in units of the stroke's half-width, a signed
/// coverage coordinate across the stroke, and the current `role` and `series`; the vertex
/// shader places it at `center + point × growth × scale + extrusion × (halfWidth + ½ px)`, and
/// the fragment shader turns |d| into a 1 px anti-aliased edge. Fills have no extrusion.
package struct Tessellator<Builder: MeshBuilder> {
    /// Where the vertices and triangles go.
    package var builder: Builder
    /// Written into every vertex from now on: what the shader should do with it (see
    /// `MeshRole`) and which series' color it takes.
    package var role: MeshRole = .fill
    /// Written into every vertex from now on: which series' color it takes (default 0).
    package var series = 0
    /// A tessellator emitting into `builder`, starting with fills of series 0.
    package init(into builder: Builder) { self.builder = builder }

    @discardableResult
    private mutating func vertex(_ p: Vec2, _ e: Vec2 = .zero, _ d: Double = 0, along: Double = 0) -> UInt32 {
        builder.add(MeshVertex(point: p, extrude: e, distance: d, role: role, series: series, along: along))
    }

    private mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        builder.addTriangle(a, b, c)
    }

    /// A fan from `center` over a closed polygon that is star-shaped around it (a radar shape
    /// always is). Degenerate triangles (two corners at the center) are skipped.
    package mutating func fillFan(center: Vec2, polygon: [Vec2]) {
        guard polygon.count >= 3 else { return }
        builder.addPath(MeshPath(points: polygon, closed: true, kind: .fill, role: role, series: series))
        let c = vertex(center)
        var first: UInt32 = 0
        for (i, p) in polygon.enumerated() {
            let v = vertex(p)
            if i == 0 { first = v }
        }
        let n = UInt32(polygon.count)
        for i in 0..<n {
            let j = (i + 1) % n
            let a = polygon[Int(i)] - center, b = polygon[Int(j)] - center
            if abs(a.cross(b)) < 1e-9 { continue }
            // Clockwise on screen is positive cross in y-down coordinates; keep one winding.
            if a.cross(b) > 0 { triangle(c, first + i, first + j) } else { triangle(c, first + j, first + i) }
        }
    }

    /// The area between two closed polygons of as many points, `inner` inside `outer` (a radar
    /// grid's band): a quad between each pair of edges. A nil `inner` is the center: a fan. Its
    /// path for vector backends is one polygon round the outside and back round the inside.
    package mutating func fillBand(inner: [Vec2]?, outer: [Vec2]) {
        guard let inner, inner.count == outer.count, outer.count >= 3 else {
            if inner == nil { fillFan(center: .zero, polygon: outer) }
            return
        }
        builder.addPath(MeshPath(points: outer + [outer[0]] + [inner[0]] + inner.reversed(), closed: true, kind: .fill, role: role, series: series))
        let n = outer.count
        let o = outer.map { vertex($0) }, i = inner.map { vertex($0) }
        for k in 0..<n {
            let j = (k + 1) % n
            let a = outer[k], b = outer[j], c = inner[j]
            // One winding for every triangle (clockwise on screen).
            if (b - a).cross(c - a) > 0 { triangle(o[k], o[j], i[j]); triangle(o[k], i[j], i[k]) } else { triangle(o[k], i[j], o[j]); triangle(o[k], i[k], i[j]) }
        }
    }

    /// How the stroke turns a corner.
    package typealias Join = StrokeJoin

    /// The outline of a closed polygon (or an open polyline), as quads per edge and joins at
    /// the corners. Round joins are fans of `joinSegments` steps per half turn; miter joins fall
    /// back to bevels past a miter limit of 4.
    package mutating func stroke(_ points: [Vec2], closed: Bool, join: Join, joinSegments: Int = 8) {
        // Drop repeated points: a zero-length edge has no direction.
        var pts: [Vec2] = []
        pts.reserveCapacity(points.count)
        for p in points where pts.last.map({ ($0 - p).length > 1e-9 }) ?? true { pts.append(p) }
        if closed, pts.count > 1, (pts[0] - pts[pts.count - 1]).length <= 1e-9 { pts.removeLast() }
        guard pts.count >= 2 else { return }
        builder.addPath(MeshPath(points: pts, closed: closed, kind: .stroke(join), role: role, series: series))
        let n = pts.count
        let edgeCount = closed ? n : n - 1
        // Each corner's distance along the path (a dashed outline's dashes follow it; the joins
        // take their corner's).
        var along = [Double](repeating: 0, count: n)
        for e in 1..<n { along[e] = along[e - 1] + (pts[e] - pts[e - 1]).length }
        for e in 0..<edgeCount {
            let a = pts[e], b = pts[(e + 1) % n]
            let normal = (b - a).normalized.perpendicular
            let sa = along[e], sb = along[e] + (b - a).length
            let a0 = vertex(a, normal, 1, along: sa), a1 = vertex(a, -normal, -1, along: sa)
            let b0 = vertex(b, normal, 1, along: sb), b1 = vertex(b, -normal, -1, along: sb)
            triangle(a0, b0, b1); triangle(a0, b1, a1)
        }
        let joinRange = closed ? 0..<n : 1..<(n - 1)
        for i in joinRange {
            let prev = pts[(i + n - 1) % n], p = pts[i], next = pts[(i + 1) % n]
            let d0 = (p - prev).normalized, d1 = (next - p).normalized
            let turn = d0.cross(d1)
            if abs(turn) < 1e-9 && d0.dot(d1) > 0 { continue }   // straight on: the quads meet
            // The outer side of the corner is where the offset edges leave a gap.
            let side: Double = turn > 0 ? -1 : 1
            let n0 = d0.perpendicular * side, n1 = d1.perpendicular * side
            switch join {
            case .round:
                let a0 = atan2(n0.y, n0.x)
                var sweep = atan2(n1.y, n1.x) - a0
                while sweep > .pi { sweep -= 2 * .pi }
                while sweep < -.pi { sweep += 2 * .pi }
                let steps = min(max(1, Int(checked: abs(sweep) / .pi * Double(joinSegments), rounding: .up)), 4 * joinSegments)
                let c = vertex(p, .zero, 0, along: along[i])
                var last = vertex(p, n0, side, along: along[i])
                for s in 1...steps {
                    let a = a0 + sweep * Double(s) / Double(steps)
                    let v = vertex(p, Vec2(cos(a), sin(a)), side, along: along[i])
                    triangle(c, last, v)
                    last = v
                }
            case .miter:
                let mid = (n0 + n1).normalized
                let cosHalf = mid.dot(n0)
                let c = vertex(p, .zero, 0, along: along[i])
                let v0 = vertex(p, n0, side, along: along[i]), v1 = vertex(p, n1, side, along: along[i])
                if cosHalf > 0.25 {
                    let m = vertex(p, mid * (1 / cosHalf), side, along: along[i])
                    triangle(c, v0, m); triangle(c, m, v1)
                } else {
                    triangle(c, v0, v1)
                }
            }
        }
    }
}
