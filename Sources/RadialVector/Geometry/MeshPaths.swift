import Foundation
import RadialCore

/// A mesh draw (a radar, a polar chart's lines and areas) as the polygons it was tessellated
/// from (`Mesh.paths`), not its triangles: fills as polygons, outlines and the grid as strokes
/// with their joins, scaled about the chart center by the growth (the grid does not grow), in the
/// widths and colors the mesh shader uses. A draw of part of a mesh (its `indexRange`) is the
/// paths whose triangles that part holds, as the GL batch draws only those triangles.
package enum MeshPaths {
    package struct Piece {
        package var path: VectorPath
        /// Straight alpha.
        package var color: RGBA
        /// nil: a fill; else a stroke of this width (pixels) and join.
        package var stroke: (width: Double, join: StrokeJoin)?
        /// The element group it belongs to (the grid, a series), in recording frames.
        package var group: FrameGroup?
        /// A fill's pattern, drawn over it in the series' color (nil: none).
        package var pattern: PatternFill? = nil
        /// A stroke's dash, on and off lengths in pixels from the path's first point (empty: solid).
        package var dash: [Double] = []
    }

    package static func pieces(_ m: MeshDraw) -> [Piece] {
        guard case .roles(let colors, let fillOpacity, let strokeHalfWidth, let gridColor, let gridHalfWidth) = m.style else { return [] }
        var out: [Piece] = []
        for p in m.mesh.paths where p.points.count >= 2 && m.indexRange.contains(p.firstIndex) {
            let grid = p.role == .grid
            let s = m.pointScale * (grid ? 1 : m.growth)
            let points = p.points.map { m.center + $0 * s }
            var path = VectorPath.polygon(points)
            if !p.closed {
                path = VectorPath()
                for (i, q) in points.enumerated() { if i == 0 { path.move(to: q) } else { path.line(to: q) } }
            }
            let c = p.series >= 0 && p.series < colors.colors.count ? colors.colors[p.series] : .clear
            let group = grid ? m.gridGroup : (p.series >= 0 && p.series < m.seriesGroups.count ? m.seriesGroups[p.series] : nil)
            // The series' pattern (the mesh shader's): its fill's, in the series color; its outline's dash.
            let pattern = grid ? .solid : (m.patterns?.pattern(p.series) ?? .solid)
            switch (p.kind, p.role) {
            case (.fill, _):
                out.append(Piece(path: path, color: grid ? gridColor : c.opacity(Float(fillOpacity)), stroke: nil, group: group,
                                 pattern: pattern == .solid ? nil : PatternFill(pattern: pattern, ink: c.opacity(Float(SeriesPatterns.inkOpacity)),
                                                                                scale: m.patternScale, origin: patternOrigin(m))))
            case (.stroke(let join), .grid):
                out.append(Piece(path: path, color: gridColor, stroke: (2 * gridHalfWidth, join), group: group))
            case (.stroke(let join), _):
                out.append(Piece(path: path, color: c, stroke: (2 * strokeHalfWidth, join), group: group, dash: pattern.dash.map { $0 * m.patternScale }))
            }
        }
        return out
    }

    /// Where a mesh draw's patterns start: its center's nearest whole point (as `MeshBatch` has it).
    static func patternOrigin(_ m: MeshDraw) -> Vec2 {
        PatternFill.origin(center: m.center * (1 / m.patternScale), scale: m.patternScale)
    }
}
