import Foundation
import RadialCore

/// One tile of a fill pattern in pixels, from `FillPattern.geometry`: what an SVG `<pattern>`
/// and a PDF tiling pattern repeat (or the pattern over a whole area, for cairo's images). Lines
/// are drawn past the tile's edges (each tile clips its own), so neighbouring tiles join without
/// a seam; a zigzag is a miter-joined polyline, which is the band of constant vertical
/// thickness the shader measures.
struct PatternTile {
    /// The tile's size in pixels (whole pixels where the pattern's scale is whole).
    var size: Size
    /// The area drawn, in pixels from the pattern's origin (the tile: from 0, 0).
    var area: Rect
    /// Stroked paths (butt ends, miter joins) and their widths, in tile pixels.
    var strokes: [(path: VectorPath, width: Double)] = []
    /// Filled discs: center and radius, in tile pixels.
    var dots: [(center: Vec2, radius: Double)] = []
    /// Stroked circles: center, radius to the line's middle, and the line's width.
    var rings: [(center: Vec2, radius: Double, width: Double)] = []

    /// The pattern's tile at `scale` pixels a point.
    init(_ pattern: FillPattern, scale: Double) {
        let tile = pattern.geometry.tile
        self.init(pattern, scale: scale, area: Rect(x: 0, y: 0, width: tile.width * scale, height: tile.height * scale))
    }

    /// Everything of the pattern that reaches into `area` (pixels from its origin).
    init(_ pattern: FillPattern, scale: Double, area: Rect) {
        let g = pattern.geometry
        size = Size(g.tile.width * scale, g.tile.height * scale)
        self.area = area
        let x0 = area.minX, y0 = area.minY, x1 = area.maxX, y1 = area.maxY
        for l in g.lines {
            let period = l.period * scale, width = l.width * scale
            let pad = width + 2 * l.amplitude * scale
            // The lines a·x + b·y = period·(k + phase) that reach into the area and its margin.
            let values = [(x0 - pad, y0 - pad), (x1 + pad, y0 - pad), (x0 - pad, y1 + pad), (x1 + pad, y1 + pad)].map { l.a * $0.0 + l.b * $0.1 }
            let lo = Int(checked: (values.min()! / period - l.phase).rounded(.down)), hi = Int(checked: (values.max()! / period - l.phase).rounded(.up))
            for k in lo...hi {
                let c = period * (Double(k) + l.phase)
                var path = VectorPath()
                if l.amplitude > 0 {
                    // Horizontal zigzags: y = c + amplitude·tri(x / wavelength), tri 1 at whole wavelengths.
                    let half = l.wavelength * scale / 2, a = l.amplitude * scale
                    let first = Int(checked: ((x0 - pad) / half / 2).rounded(.down)) * 2, last = Int(checked: ((x1 + pad) / half).rounded(.up))
                    for j in first...last {
                        let p = Vec2(Double(j) * half, c + (j % 2 == 0 ? a : -a))
                        if j == first { path.move(to: p) } else { path.line(to: p) }
                    }
                } else if l.b != 0 {
                    path.move(to: Vec2(x0 - pad, (c - l.a * (x0 - pad)) / l.b))
                    path.line(to: Vec2(x1 + pad, (c - l.a * (x1 + pad)) / l.b))
                } else {
                    path.move(to: Vec2(c / l.a, y0 - pad))
                    path.line(to: Vec2(c / l.a, y1 + pad))
                }
                strokes.append((path, width))
            }
        }
        if let d = g.dots {
            let s = d.spacing * scale, r = d.radius * scale, rw = d.ringWidth * scale
            let reach = r + rw
            for i in Int(checked: ((x0 - reach) / s - d.phase).rounded(.down))...Int(checked: ((x1 + reach) / s - d.phase).rounded(.up)) {
                for j in Int(checked: ((y0 - reach) / s - d.phase).rounded(.down))...Int(checked: ((y1 + reach) / s - d.phase).rounded(.up)) {
                    let c = Vec2((Double(i) + d.phase) * s, (Double(j) + d.phase) * s)
                    guard c.x + reach > x0, c.x - reach < x1, c.y + reach > y0, c.y - reach < y1 else { continue }
                    if rw > 0 { rings.append((c, r, rw)) } else { dots.append((c, r)) }
                }
            }
        }
    }

    /// The dots as one path (full circles, clockwise).
    var dotPath: VectorPath {
        var p = VectorPath()
        for d in dots {
            p.move(to: d.center + Vec2(d.radius, 0))
            p.arc(center: d.center, radius: d.radius, from: 0, to: 2 * .pi)
            p.close()
        }
        return p
    }
}
