import Foundation

/// Turns polygons into triangles for the mesh renderer, without knowing anything about GL.
///
/// Vertices are written in `Mesh`'s layout: path point (x, y), extrusion (x, y) in units of the
/// stroke's half-width, a signed coverage coordinate `d` in −1...1 across the stroke, and the
/// current `role` and `series` tag; the
/// vertex shader places a vertex at `center + point × growth × scale + extrusion × (halfWidth + ½ px)`,
/// and the fragment shader turns |d| into a 1 px anti-aliased edge. Fills have no extrusion.
public struct Tessellator {
    public var vertices: [Float] = []
    public var indices: [UInt32] = []
    /// Written into every vertex from now on: what the shader should do with it (see
    /// `MeshRole`) and which series' color it takes.
    public var role: MeshRole = .fill
    public var series = 0
    public init() {}

    public var vertexCount: UInt32 { UInt32(vertices.count / Mesh.floatsPerVertex) }

    @discardableResult
    private mutating func vertex(_ p: Vec2, _ e: Vec2 = .zero, _ d: Double = 0) -> UInt32 {
        let i = vertexCount
        vertices.append(Float(p.x)); vertices.append(Float(p.y))
        vertices.append(Float(e.x)); vertices.append(Float(e.y)); vertices.append(Float(d))
        vertices.append(Float(role.rawValue)); vertices.append(Float(series))
        return i
    }

    private mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        indices.append(a); indices.append(b); indices.append(c)
    }

    /// A fan from `center` over a closed polygon that is star-shaped around it (a radar shape
    /// always is). Degenerate triangles (two corners at the center) are skipped.
    public mutating func fillFan(center: Vec2, polygon: [Vec2]) {
        guard polygon.count >= 3 else { return }
        let c = vertex(center)
        let first = vertexCount
        for p in polygon { vertex(p) }
        let n = UInt32(polygon.count)
        for i in 0..<n {
            let j = (i + 1) % n
            let a = polygon[Int(i)] - center, b = polygon[Int(j)] - center
            if abs(a.cross(b)) < 1e-9 { continue }
            // Clockwise on screen is positive cross in y-down coordinates; keep one winding.
            if a.cross(b) > 0 { triangle(c, first + i, first + j) } else { triangle(c, first + j, first + i) }
        }
    }

    public enum Join { case round, miter }

    /// The outline of a closed polygon (or an open polyline), as quads per edge and joins at
    /// the corners. Round joins are fans of `joinSegments` steps per half turn; miter joins fall
    /// back to bevels past a miter limit of 4.
    public mutating func stroke(_ points: [Vec2], closed: Bool, join: Join, joinSegments: Int = 8) {
        // Drop repeated points: a zero-length edge has no direction.
        var pts: [Vec2] = []
        pts.reserveCapacity(points.count)
        for p in points where pts.last.map({ ($0 - p).length > 1e-9 }) ?? true { pts.append(p) }
        if closed, pts.count > 1, (pts[0] - pts[pts.count - 1]).length <= 1e-9 { pts.removeLast() }
        guard pts.count >= 2 else { return }
        let n = pts.count
        let edgeCount = closed ? n : n - 1
        for e in 0..<edgeCount {
            let a = pts[e], b = pts[(e + 1) % n]
            let normal = (b - a).normalized.perpendicular
            let a0 = vertex(a, normal, 1), a1 = vertex(a, -normal, -1)
            let b0 = vertex(b, normal, 1), b1 = vertex(b, -normal, -1)
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
                let c = vertex(p, .zero, 0)
                var last = vertex(p, n0, side)
                for s in 1...steps {
                    let a = a0 + sweep * Double(s) / Double(steps)
                    let v = vertex(p, Vec2(cos(a), sin(a)), side)
                    triangle(c, last, v)
                    last = v
                }
            case .miter:
                let mid = (n0 + n1).normalized
                let cosHalf = mid.dot(n0)
                let c = vertex(p, .zero, 0)
                let v0 = vertex(p, n0, side), v1 = vertex(p, n1, side)
                if cosHalf > 0.25 {
                    let m = vertex(p, mid * (1 / cosHalf), side)
                    triangle(c, v0, m); triangle(c, m, v1)
                } else {
                    triangle(c, v0, v1)
                }
            }
        }
    }
}
