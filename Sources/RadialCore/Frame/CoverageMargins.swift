import Foundation

/// How far past its shape each kind of primitive may change pixels, as its shader draws it.
///
/// RadialCore does not know the shaders: the renderer's batches fill this in (each batch owns
/// its shader's quad margin and hands the same number to the GLSL), and `DamageTracker` and
/// `RedrawPlan` bound what a primitive touches with it. Every box also gets `slack` pixels for
/// rounding to whole pixels, except opaque solids, which are whole pixels already.
package struct CoverageMargins: Equatable, Sendable {
    /// Rounded rectangles: `fixed` pixels plus `perShadowRadius` × the shadow radius on every side.
    package var roundedRect: (fixed: Double, perShadowRadius: Double)
    /// Lines: `fixed` pixels past each end and past half the width on each side.
    package var line: Double
    /// Sectors: a square about the center of half-side `radiusScale` × outer radius + `fixed`.
    package var sector: (radiusScale: Double, fixed: Double)
    /// The scan beam: its arc out to `radiusScale` × radius + `fixed`.
    package var scan: (radiusScale: Double, fixed: Double)
    /// Meshes: extrusions reach `extrusionPad` pixels past their half-width.
    package var meshExtrusionPad: Double
    /// Pixels added to every box but solids'.
    package var slack: Double

    package init(roundedRect: (fixed: Double, perShadowRadius: Double), line: Double, sector: (radiusScale: Double, fixed: Double),
                scan: (radiusScale: Double, fixed: Double), meshExtrusionPad: Double, slack: Double = 1) {
        self.roundedRect = roundedRect; self.line = line; self.sector = sector; self.scan = scan
        self.meshExtrusionPad = meshExtrusionPad; self.slack = slack
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.roundedRect == b.roundedRect && a.line == b.line && a.sector == b.sector && a.scan == b.scan
            && a.meshExtrusionPad == b.meshExtrusionPad && a.slack == b.slack
    }

    // MARK: - Bounds (pixels each primitive may touch)

    package func bounds(_ r: RoundedRectInstance) -> PixelBox {
        PixelBox(minX: r.rect.minX, minY: r.rect.minY, maxX: r.rect.maxX, maxY: r.rect.maxY,
                 margin: roundedRect.fixed + r.shadowRadius * roundedRect.perShadowRadius + slack)
    }
    /// Every rectangle of a layer, as each alone would be bounded (empty for an empty layer).
    package func bounds(_ layer: RoundedRectLayer) -> PixelBox {
        guard let e = layer.extent else { return .empty }
        return PixelBox(minX: e.minX, minY: e.minY, maxX: e.maxX, maxY: e.maxY,
                        margin: roundedRect.fixed + layer.shadowRadius * roundedRect.perShadowRadius + slack)
    }
    package func bounds(_ l: LineInstance) -> PixelBox {
        PixelBox(minX: min(l.from.x, l.to.x), minY: min(l.from.y, l.to.y), maxX: max(l.from.x, l.to.x), maxY: max(l.from.y, l.to.y),
                 margin: l.width / 2 + line + slack)
    }
    package func bounds(_ s: SectorInstance) -> PixelBox {
        let r = s.outerRadius * sector.radiusScale + sector.fixed
        return PixelBox(minX: s.center.x - r, minY: s.center.y - r, maxX: s.center.x + r, maxY: s.center.y + r, margin: slack)
    }
    /// The beam's wedge (its arc, out to the circumscribing polygon) and the center.
    package func bounds(_ s: AngularGradientInstance) -> PixelBox {
        let r = s.radius * scan.radiusScale + scan.fixed
        let (a0, a1) = (min(s.screenArc.0, s.screenArc.1), max(s.screenArc.0, s.screenArc.1))
        guard a1 - a0 < 2 * .pi, a0.isFinite, a1.isFinite else {
            return PixelBox(minX: s.center.x - r, minY: s.center.y - r, maxX: s.center.x + r, maxY: s.center.y + r, margin: slack)
        }
        var minX = s.center.x, maxX = minX, minY = s.center.y, maxY = minY
        func include(_ a: Double) {
            let x = s.center.x + r * cos(a), y = s.center.y + r * sin(a)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        include(a0); include(a1)
        // Where the arc passes 3, 6, 9 or 12 o'clock it reaches that side of the circle.
        var q = (a0 / (.pi / 2)).rounded(.up) * (.pi / 2)
        while q < a1 { include(q); q += .pi / 2 }
        return PixelBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY, margin: slack)
    }
    package func bounds(_ s: SolidRect) -> PixelBox {
        PixelBox(minX: s.rect.minX, minY: s.rect.minY, maxX: s.rect.maxX, maxY: s.rect.maxY, margin: 0)
    }
    /// A mesh whose points reach `point` (× scale × growth) from the center and whose
    /// extrusions reach `extrude` half-widths of `halfWidth` pixels.
    package func meshBounds(center: Vec2, point: Double, extrude: Double, halfWidth: Double) -> PixelBox {
        let reach = point + extrude * (halfWidth + meshExtrusionPad)
        return PixelBox(minX: center.x - reach, minY: center.y - reach, maxX: center.x + reach, maxY: center.y + reach, margin: 1 + slack)
    }
}
