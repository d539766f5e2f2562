import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

/// One vertex of a tessellator's output.
private struct V {
    var p: Vec2, e: Vec2, d: Double
}

private typealias Tess = Tessellator<MeshGeometry>

private func vertices(_ t: Tess) -> [V] {
    t.builder.vertices.map { V(p: $0.point, e: $0.extrude, d: $0.distance) }
}

private func triangles(_ t: Tess) -> [(UInt32, UInt32, UInt32)] {
    let i = t.builder.indices
    return stride(from: 0, to: i.count, by: 3).map { (i[$0], i[$0 + 1], i[$0 + 2]) }
}

/// Twice the signed area of a triangle; positive is clockwise on a y-down screen.
private func signedArea(_ a: Vec2, _ b: Vec2, _ c: Vec2) -> Double {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// The signed area of every triangle the tessellator made, in order.
private func triangleAreas(_ t: Tess) -> [Double] {
    let v = vertices(t)
    return triangles(t).map { signedArea(v[Int($0.0)].p, v[Int($0.1)].p, v[Int($0.2)].p) }
}

private func hexagon(_ values: [Double]) -> [Vec2] {
    values.enumerated().map { i, v in clockHand(i, of: values.count) * (v / 100) }
}

@Suite("Tessellator")
struct TessellatorTests {
    @Test("a fill fan's triangles all turn the same way and have area")
    func fanWinding() {
        var t = Tess(into: MeshGeometry())
        t.fillFan(center: .zero, polygon: hexagon([55, 40, 62, 90, 85, 70]))
        let v = vertices(t), areas = triangleAreas(t)
        #expect(v.count == 7)
        #expect(areas.count == 6)
        #expect(areas.allSatisfy { $0 > 1e-6 } || areas.allSatisfy { $0 < -1e-6 }, "areas \(areas)")
        // The fan covers the hexagon exactly: its area is the sum of its triangles.
        var shoelace = 0.0
        let poly = hexagon([55, 40, 62, 90, 85, 70])
        for i in poly.indices { shoelace += poly[i].cross(poly[(i + 1) % poly.count]) }
        #expect(close(abs(areas.reduce(0, +)), abs(shoelace), 1e-5))
        // Fills have no extrusion and no coverage coordinate.
        #expect(v.allSatisfy { $0.e == .zero && $0.d == 0 })
    }

    @Test("a polygon given counter-clockwise gets the same winding as a clockwise one")
    func fanWindingEitherWay() {
        var cw = Tess(into: MeshGeometry()), ccw = Tess(into: MeshGeometry())
        let poly = hexagon([55, 40, 62, 90, 85, 70])
        cw.fillFan(center: .zero, polygon: poly)
        ccw.fillFan(center: .zero, polygon: poly.reversed())
        let s1 = triangleAreas(cw), s2 = triangleAreas(ccw)
        #expect(s1.allSatisfy { $0 > 0 })
        #expect(s2.allSatisfy { $0 > 0 })
    }

    @Test("value 0 on two neighbouring axes makes no zero-area triangles")
    func degenerateCorners() {
        var t = Tess(into: MeshGeometry())
        t.fillFan(center: .zero, polygon: hexagon([50, 0, 0, 70, 80, 60]))
        let areas = triangleAreas(t)
        // Edges 0–1, 1–2 and 2–3 touch the center: only 3–4, 4–5 and 5–0 remain.
        #expect(areas.count == 3)
        for area in areas { #expect(abs(area) > 1e-6) }
        // All at the center: nothing.
        var empty = Tess(into: MeshGeometry())
        empty.fillFan(center: .zero, polygon: hexagon([0, 0, 0, 0, 0, 0]))
        #expect(empty.builder.indices.isEmpty)
        // Fewer than three corners: nothing at all.
        var two = Tess(into: MeshGeometry())
        two.fillFan(center: .zero, polygon: [Vec2(1, 0), Vec2(0, 1)])
        #expect(two.builder.vertices.isEmpty && two.builder.indices.isEmpty)
    }

    @Test("stroke extrusions are unit length on segments and round joins, 0 at join centers",
          arguments: [[55.0, 40, 62, 90, 85, 70], [50, 0, 0, 70, 80, 60], [100, 10, 100, 10, 100, 10]])
    func roundJoinExtrusion(values: [Double]) {
        var t = Tess(into: MeshGeometry())
        t.stroke(hexagon(values), closed: true, join: .round)
        let v = vertices(t)
        #expect(!v.isEmpty)
        for x in v {
            if x.d == 0 {
                #expect(x.e == .zero, "a join center has no extrusion")
            } else {
                #expect(close(x.e.length, 1, 1e-6), "extrusion \(x.e.length)")
            }
            #expect(x.d >= -1 && x.d <= 1)
            #expect(x.d == 0 || abs(x.d) == 1)
        }
    }

    @Test("miter vertices are at most 4 half-widths out; sharp corners fall back to bevels")
    func miterExtrusion() {
        for values in [[55.0, 40, 62, 90, 85, 70], [100, 5, 100, 5, 100, 5], [100, 100, 100, 100, 100, 100]] {
            var t = Tess(into: MeshGeometry())
            t.stroke(hexagon(values), closed: true, join: .miter)
            for x in vertices(t) {
                #expect(x.e.length <= 4 + 1e-6)
                #expect(x.d == 0 ? x.e == .zero : x.e.length >= 1 - 1e-6)
                #expect(x.d >= -1 && x.d <= 1)
            }
        }
        // A regular hexagon's miter: 1 / cos 30°.
        var t = Tess(into: MeshGeometry())
        t.stroke(hexagon([100, 100, 100, 100, 100, 100]), closed: true, join: .miter)
        let longest = vertices(t).map { $0.e.length }.max() ?? 0
        #expect(close(longest, 1 / cos(Double.pi / 6), 1e-5))
        // A needle: the miter would be far past 4, so none of its vertices are.
        var needle = Tess(into: MeshGeometry())
        needle.stroke([Vec2(0, 0), Vec2(10, 0.2), Vec2(0, 0.4)], closed: false, join: .miter)
        #expect(vertices(needle).allSatisfy { $0.e.length <= 1 + 1e-6 })
    }

    @Test("the join fills the outer side of a corner")
    func joinOnOuterSide() {
        // Right, then down: a clockwise turn on screen; the outside is up and to the right.
        var t = Tess(into: MeshGeometry())
        t.stroke([Vec2(0, 0), Vec2(10, 0), Vec2(10, 10)], closed: false, join: .round)
        let joinVertices = vertices(t).dropFirst(8)   // after the two quads
        #expect(!joinVertices.isEmpty)
        for x in joinVertices where x.d != 0 {
            #expect(x.e.x >= -1e-6 && x.e.y <= 1e-6, "extrusion \(x.e) points inside the corner")
        }
    }

    @Test("each edge's quad spans exactly the edge, extruded along its normal")
    func quadsSpanEdges() {
        let poly = hexagon([55, 40, 62, 90, 85, 70])
        var t = Tess(into: MeshGeometry())
        t.stroke(poly, closed: true, join: .round)
        let v = vertices(t)
        for e in 0..<poly.count {
            let a = poly[e], b = poly[(e + 1) % poly.count]
            let q = Array(v[(4 * e)..<(4 * e + 4)])
            #expect(close(q[0].p, a, 1e-6) && close(q[1].p, a, 1e-6), "edge \(e) starts at its corner")
            #expect(close(q[2].p, b, 1e-6) && close(q[3].p, b, 1e-6), "edge \(e) ends at its corner")
            let dir = (b - a).normalized
            for x in q {
                #expect(abs(x.e.dot(dir)) < 1e-6, "extrusion is perpendicular to the edge")
                // d says which side of the edge the vertex is on.
                #expect(close(x.e.dot(dir.perpendicular), x.d, 1e-6))
            }
            #expect(q[0].d == -q[1].d && q[2].d == -q[3].d)
        }
        // Two triangles per edge come first, covering the quad.
        let tris = triangles(t)
        for e in 0..<poly.count {
            let used = Set([tris[2 * e].0, tris[2 * e].1, tris[2 * e].2, tris[2 * e + 1].0, tris[2 * e + 1].1, tris[2 * e + 1].2])
            #expect(used == Set((0..<4).map { UInt32(4 * e + $0) }))
        }
    }

    @Test("indices are in range and come in triangles")
    func indicesInRange() {
        var t = Tess(into: MeshGeometry())
        t.fillFan(center: .zero, polygon: hexagon([55, 40, 62, 90, 85, 70]))
        t.stroke(hexagon([55, 40, 62, 90, 85, 70]), closed: true, join: .round)
        t.stroke(hexagon([50, 0, 0, 70, 80, 60]), closed: true, join: .miter)
        t.stroke([Vec2(0, 0), Vec2(1, 0), Vec2(0, 0)], closed: false, join: .round)
        #expect(t.builder.indices.count % 3 == 0)
        #expect(t.builder.indices.allSatisfy { Int($0) < t.builder.vertices.count })
        #expect(t.builder.vertices.allSatisfy { [$0.point.x, $0.point.y, $0.extrude.x, $0.extrude.y, $0.distance].allSatisfy(\.isFinite) })
    }

    @Test("repeated points are dropped; a straight run has no join; an open line has n − 1 edges")
    func strokeShapes() {
        var straight = Tess(into: MeshGeometry())
        straight.stroke([Vec2(0, 0), Vec2(1, 0), Vec2(2, 0)], closed: false, join: .round)
        #expect(straight.builder.vertices.count == 8)
        #expect(straight.builder.indices.count == 12)

        var repeated = Tess(into: MeshGeometry())
        repeated.stroke([Vec2(0, 0), Vec2(0, 0), Vec2(4, 0), Vec2(4, 3), Vec2(0, 0)], closed: true, join: .miter)
        // A triangle: 3 edges (the closing repeat removed) and 3 miter joins.
        #expect(triangles(repeated).count >= 3 * 2 + 3)
        #expect(vertices(repeated).prefix(12).allSatisfy { $0.e.length > 0.99 })

        var point = Tess(into: MeshGeometry())
        point.stroke([Vec2(1, 1), Vec2(1, 1)], closed: true, join: .round)
        #expect(point.builder.vertices.isEmpty)
    }
}
