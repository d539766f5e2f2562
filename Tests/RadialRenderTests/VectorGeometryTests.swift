import Foundation
import RadialCore
import RadialVector
import Testing

/// The vector backends' shapes against the GL shaders' signed distances, point by point: the
/// sector outline (insets, corner radii, the apex, over half a turn), the shadow's mesh against
/// the erf profile, the beam's blend against the gradient.
@Suite("Vector shapes match the shaders' distance fields")
struct VectorGeometryTests {
    /// `sector.frag` (with ROUNDED) in Swift: positive inside.
    static func sectorDistance(_ s: SectorInstance, _ q: Vec2) -> Double {
        let p = q - s.center
        let ri = s.innerRadius, ro = s.outerRadius, h = s.halfInset, cr = s.cornerRadius
        let span = s.endAngle - s.startAngle
        let full = span >= 2 * .pi - 1e-4
        let r = p.length
        let ring = min(ro - r, r - ri + (ri <= 0 ? 1e6 : 0))
        let n0 = Vec2(cos(s.startAngle), sin(s.startAngle)), n1 = Vec2(-cos(s.endAngle), -sin(s.endAngle))
        let s0 = p.dot(n0) - h, s1 = p.dot(n1) - h
        let wedge = (span <= .pi ? min(s0, s1) : max(s0, s1)) + (full ? 1e6 : 0)
        let u = Vec2(max(cr - wedge, 0), max(cr - ring, 0))
        let d = min(-cr, max(-wedge, -ring)) + u.length
        return -d
    }

    struct SectorCase: CustomStringConvertible, Sendable {
        var inner: Double, outer: Double, start: Double, end: Double, halfInset: Double, corner: Double
        var description: String { "ri \(inner) ro \(outer) \(start)…\(end) h \(halfInset) cr \(corner)" }
    }

    static let sectors: [SectorCase] = [
        .init(inner: 0, outer: 120, start: 0.3, end: 1.4, halfInset: 0, corner: 0),         // a plain pie slice
        .init(inner: 0, outer: 120, start: 0.3, end: 1.4, halfInset: 3, corner: 0),         // its apex moves out
        .init(inner: 60, outer: 120, start: 0.3, end: 1.4, halfInset: 2, corner: 0),        // a donut sector
        .init(inner: 60, outer: 120, start: 0.3, end: 1.4, halfInset: 2, corner: 8),        // with rounded corners
        .init(inner: 0, outer: 120, start: 0.3, end: 1.4, halfInset: 2, corner: 10),        // a rounded pie slice
        .init(inner: 60, outer: 120, start: 0.5, end: 5.6, halfInset: 3, corner: 6),        // over half a turn
        .init(inner: 0, outer: 120, start: 0.5, end: 5.6, halfInset: 3, corner: 0),         // a pie over half a turn
        .init(inner: 8, outer: 120, start: 0.2, end: 6.0, halfInset: 3, corner: 0),         // a hole smaller than the notch behind it
        .init(inner: 70, outer: 120, start: 1.0, end: 1.12, halfInset: 1, corner: 6),       // too narrow for two fillets
        .init(inner: 69, outer: 125, start: 2.0, end: 2.0127, halfInset: 0.75, corner: 5),  // a sliver narrower than its inset's reach
        .init(inner: 0, outer: 120, start: 1.0, end: 1.05, halfInset: 1, corner: 8),        // a narrow pie slice with big fillets
        .init(inner: 40, outer: 120, start: -0.4, end: 5.9, halfInset: 2, corner: 10),      // nearly whole, across 12 o'clock
        .init(inner: 50, outer: 100, start: 0, end: 2 * .pi, halfInset: 0, corner: 0),      // a whole ring
        .init(inner: 0, outer: 100, start: 0, end: 2 * .pi, halfInset: 2, corner: 4),       // a whole disk
    ]

    @Test("Sector outlines: inside exactly where the shader's distance is inside", arguments: sectors)
    func sectorOutline(_ c: SectorCase) {
        let s = SectorInstance(center: Vec2(150, 150), innerRadius: c.inner, outerRadius: c.outer, startAngle: c.start, endAngle: c.end,
                               halfInset: c.halfInset, cornerRadius: c.corner, color: .black)
        let path = SectorPath.path(s)
        var checked = 0, wrong: [String] = []
        // Where the shader's rounding is not a circle (edges meeting the rim off a right angle)
        // the two differ by a fraction of a pixel: points within 0.6 px of the edge are not judged.
        for y in stride(from: 20.0, through: 280, by: 1.7) {
            for x in stride(from: 20.0, through: 280, by: 1.7) {
                let d = Self.sectorDistance(s, Vec2(x, y))
                guard abs(d) > 0.6 else { continue }
                checked += 1
                if path.contains(Vec2(x, y)) != (d > 0) { wrong.append("(\(x), \(y)) d \(String(format: "%.2f", d))") }
            }
        }
        #expect(checked > 10_000)
        #expect(wrong.isEmpty, "\(wrong.count) points disagree, e.g. \(wrong.prefix(5))")
    }

    @Test("A shadow's mesh blends within 1/100 of the shader's erf profile")
    func shadowProfile() {
        let rect = Rect(x: 40, y: 30, width: 120, height: 60), radius = 8.0, shadow = 12.0
        let patches = ShadowMesh.patches(rect: rect, radius: radius, shadowRadius: shadow, color: RGBA(0, 0, 0, 1))
        let sigma = ShadowMesh.sigma(shadowRadius: shadow)
        // Along the top edge's normal and through a corner's diagonal, the patch holding each
        // point, interpolated bilinearly (straight sides) or radially (annular), against erf.
        var worst = 0.0
        for k in 0...80 {
            let d = -3.5 * sigma + Double(k) / 80 * 7.5 * sigma
            let expected = ShadowMesh.coverage(d, sigma: sigma)
            // Top edge, middle: level d is the line y = top − d.
            let q = Vec2(rect.midX, rect.minY - d)
            guard let got = Self.meshAlpha(patches, at: q) else { Issue.record("no patch covers \(q)"); continue }
            worst = max(worst, abs(got - expected))
        }
        #expect(worst < 0.01, "largest difference \(worst)")
        #expect(patches.count < 200)
    }

    /// The blended alpha of the patch containing `q` (for quads: bilinear over its corners; the
    /// patches here are rectangles or annular pieces, where that is linear across the band).
    static func meshAlpha(_ patches: [MeshPatch], at q: Vec2) -> Double? {
        for p in patches {
            let corners = [p.points[0], p.points[3], p.points[6], p.points[9]]
            guard VectorPath.polygon(corners).contains(q) else { continue }
            // How far across the band: distances to the outer side (corners 0, 1) and the inner (2, 3).
            func distance(_ a: Vec2, _ b: Vec2) -> Double { abs((b - a).cross(q - a)) / max((b - a).length, 1e-12) }
            let toOuter = distance(corners[0], corners[1]), toInner = distance(corners[2], corners[3])
            let t = toOuter / max(toOuter + toInner, 1e-12)
            return Double(p.colors[0].a) * (1 - t) + Double(p.colors[3].a) * t
        }
        return nil
    }

    @Test("The beam's pieces break at the seam and its blend is the gradient's")
    func beamGradient() {
        let green = RGBA(0.2, 0.78, 0.35, 1)
        // Given from 12 o'clock; the pieces and colors are in screen angles (from 3 o'clock), a
        // quarter turn less: the seam at screen angle 1.0.
        let q = Double.pi / 2
        let scan = AngularGradientInstance(center: Vec2(100, 100), radius: 80, arc: (0.4 + q, 0.4 + 2 * .pi - 0.3 + q), gradientStart: 1.0 + q, direction: 1,
                                stops: AngularGradientInstance.stops([.clear, .clear, green]), stopCount: 3)
        let pieces = BeamGradient.pieces(scan)
        #expect(pieces.count == 2)
        #expect(abs(pieces[0].1 - 1.0) < 1e-9)
        // Just behind the seam the beam is the full color; just ahead of it, clear.
        let behind = BeamGradient.color(scan, at: 1.0 - 1e-6), ahead = BeamGradient.color(scan, at: 1.0 + 1e-6)
        #expect(abs(behind.a - 1) < 1e-4 && ahead.a < 1e-4)
        // Half a turn behind the seam it is still clear; a quarter turn behind, half strength.
        #expect(BeamGradient.color(scan, at: 1.0 - .pi + 0.01).a < 0.01)
        #expect(abs(BeamGradient.color(scan, at: 1.0 - .pi / 2).a - 0.5) < 1e-3)
        // Every patch's corners are the gradient at its sides.
        for (a0, a1) in pieces {
            for p in BeamGradient.patches(scan, from: a0, to: a1) {
                #expect(p.colors.allSatisfy { $0.a >= 0 && $0.a <= 1 })
            }
        }
    }
}
