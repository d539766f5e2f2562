import Foundation
import RadialCore

/// A radar mesh draw as filled paths: each run of triangles with one role and series becomes one
/// path of those triangles, all turned the same way, so filling it (nonzero) covers their union
/// once — no seams between triangles and no double blending where they overlap. Strokes take
/// their edge where the shader's coverage is one half: at the half-width, without the shader's
/// anti-aliasing pad.
///
/// A stand-in until the frame carries the radar's polygons themselves (issue #23's vector
/// records): the union of the tessellation is the same area, drawn as many small straight pieces.
public enum MeshOutline {
    public struct Piece {
        public var path: VectorPath
        /// Straight alpha.
        public var color: RGBA
    }

    public static func pieces(_ m: MeshDraw) -> [Piece] {
        guard case .radar(let colors, let fillOpacity, let strokeHalfWidth, let gridColor, let gridHalfWidth) = m.style else { return [] }
        let v = m.mesh.vertices, idx = m.mesh.indices
        let count = m.mesh.vertexCount
        func key(_ i: Int) -> (role: Int, series: Int) { (v[i].role.rawValue, v[i].series) }
        func position(_ i: Int) -> Vec2 {
            let (role, _) = key(i)
            let base = v[i].point, extrude = v[i].extrude
            let growth = role == MeshRole.grid.rawValue ? 1 : m.growth
            let hw = role == MeshRole.fill.rawValue ? 0 : (role == MeshRole.stroke.rawValue ? strokeHalfWidth : gridHalfWidth)
            return m.center + base * (m.pointScale * growth) + extrude * hw
        }
        func color(_ k: (role: Int, series: Int)) -> RGBA {
            let c = k.series >= 0 && k.series < colors.colors.count ? colors.colors[k.series] : .clear
            switch k.role {
            case MeshRole.fill.rawValue: return c.opacity(Float(fillOpacity))
            case MeshRole.stroke.rawValue: return c
            default: return gridColor
            }
        }
        var out: [Piece] = []
        var runKey: (role: Int, series: Int)?
        var path = VectorPath()
        var t = m.indexRange.lowerBound
        let end = min(m.indexRange.upperBound, idx.count)
        while t + 2 < end {
            let a = Int(idx[t]), b = Int(idx[t + 1]), c = Int(idx[t + 2])
            t += 3
            guard a < count, b < count, c < count else { continue }
            let k = key(a)
            if let r = runKey, r != k {
                if !path.isEmpty { out.append(Piece(path: path, color: color(r))) }
                path = VectorPath()
            }
            runKey = k
            let pa = position(a), pb = position(b), pc = position(c)
            let area = (pb - pa).cross(pc - pa)
            guard abs(area) > 1e-9 else { continue }
            // All clockwise on screen (positive cross product, y down), so nonzero is the union.
            path.append(.polygon(area > 0 ? [pa, pb, pc] : [pa, pc, pb]))
        }
        if let r = runKey, !path.isEmpty { out.append(Piece(path: path, color: color(r))) }
        return out
    }
}
