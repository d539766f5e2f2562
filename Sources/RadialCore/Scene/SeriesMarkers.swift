import Foundation

/// In high contrast, series are told apart by shape as well as color: every corner of a radar
/// series' outline and its legend entry carry the series' marker (a filled circle, square,
/// diamond, a cross, a plus, a ring, a hollow square, then round again), each on a halo of the
/// card's color so it stands clear of the outlines and fills beneath it. Drawn with the plain
/// primitives (rounded rectangles and lines); in the other themes nothing changes.
enum SeriesMarkers {
    enum Shape: CaseIterable {
        case circle, square, diamond, cross, plus, ring, hollowSquare
    }

    /// The marker of series `index`.
    static func shape(_ index: Int) -> Shape { Shape.allCases[index % Shape.allCases.count] }

    /// Half the size of a corner marker, in points.
    static let cornerRadius = 4.5
    /// The halo around a marker, in points.
    static let halo = 1.5

    /// Whether markers are drawn in this context: in high contrast, and wherever patterns are on.
    static func active(_ ctx: DrawContext) -> Bool { ctx.theme == .highContrast || ctx.patterns }

    /// A legend entry's symbol: the series' marker in high contrast, the usual dot otherwise.
    /// A hidden series' symbol is a hollow ring in every theme: shown and hidden differ by shape.
    static func legendSymbol(_ ctx: DrawContext, series index: Int, center: Vec2, radius: Double, color: RGBA, hidden: Bool = false) {
        if hidden {
            ctx.circle(center: center, radius: radius, color: color, border: 1.5)
        } else if active(ctx) {
            draw(ctx, shape(index), center: center, radius: radius + 1, color: color, halo: 0)
        } else {
            ctx.circle(center: center, radius: radius, color: color)
        }
    }

    /// Each shown series' marker on each of its corners (high contrast only). `shapes` are the
    /// displayed shares as `RadarItem.displayedShares` gives them; leaving series (no name) get none.
    static func radarCorners(_ ctx: DrawContext, shapes: [(name: String?, color: ChartColor, shares: [(value: Double, velocity: Double)])],
                             center: Vec2, radius: Double) {
        guard active(ctx) else { return }
        for (i, s) in shapes.enumerated() where s.name != nil && s.shares.count > 2 {
            let color = s.color.resolved(ctx.theme)
            let n = s.shares.count
            for a in 0..<n {
                let p = RadarMath.point(axis: a, count: n, share: max(s.shares[a].value, 0), center: center, radius: radius)
                draw(ctx, shape(i), center: p, radius: cornerRadius, color: color, halo: halo)
            }
        }
    }

    /// One marker centered on `center`, `radius` from its center to its sides (points), over a
    /// halo `halo` points wide in the card's color.
    static func draw(_ ctx: DrawContext, _ shape: Shape, center c: Vec2, radius r: Double, color: RGBA, halo h: Double) {
        let card = ctx.palette.cardBackground
        func square(_ half: Double, _ color: RGBA, border: Double = 0) {
            ctx.rect(Rect(x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half), radius: min(1, half), color: color, border: border)
        }
        /// A square turned 45°: a line as long as it is wide, along the diagonal.
        func diamond(_ half: Double, _ color: RGBA) {
            let d = half / 2.0.squareRoot()
            ctx.line(c - Vec2(d, d), c + Vec2(d, d), width: half * 2.0.squareRoot(), color: color)
        }
        /// Two bars through the center, at `angle` and a right angle to it.
        func bars(_ half: Double, width: Double, angle: Double, _ color: RGBA) {
            for a in [angle, angle + .pi / 2] {
                let v = Vec2(cos(a), sin(a)) * half
                ctx.line(c - v, c + v, width: width, color: color)
            }
        }
        switch shape {
        case .circle:
            if h > 0 { ctx.circle(center: c, radius: r + h, color: card) }
            ctx.circle(center: c, radius: r, color: color)
        case .square:
            if h > 0 { square(r * 0.9 + h, card) }
            square(r * 0.9, color)
        case .diamond:
            // A diamond as wide as the circle looks smaller: a little larger, corner to center.
            if h > 0 { diamond(r * 1.25 + h * 1.4, card) }
            diamond(r * 1.25, color)
        case .cross, .plus:
            let angle = shape == .cross ? Double.pi / 4 : 0
            let w = max(r * 0.55, 2)
            if h > 0 { bars(r * 1.1 + h, width: w + 2 * h, angle: angle, card) }
            bars(r * 1.1, width: w, angle: angle, color)
        case .ring:
            if h > 0 { ctx.circle(center: c, radius: r + h, color: card) }
            ctx.circle(center: c, radius: r, color: color, border: max(r * 0.45, 1.5))
        case .hollowSquare:
            if h > 0 { square(r * 0.9 + h, card) }
            square(r * 0.9, color, border: max(r * 0.45, 1.5))
        }
    }
}
