import Foundation
import RadialCore

/// What a vector backend draws with: filled paths, the two smooth fills a frame has (a rounded
/// rectangle's soft shadow, the scan's angular gradient), glyphs, and named groups. cairo
/// (PDF, PNG) and the SVG writer each implement it; `FramePainter` says what to draw.
protocol VectorCanvas: AnyObject {
    /// Fills `path` in `color` (straight alpha), nonzero or even-odd.
    func fill(_ path: VectorPath, color: RGBA, evenOdd: Bool)
    /// Strokes `path` `width` pixels wide with butt ends and `join` (miters limited to 4 widths,
    /// beveled past that, as the tessellator joins them), dashed by `dash` (on and off lengths in
    /// pixels from the path's first point; empty: solid).
    func stroke(_ path: VectorPath, width: Double, join: StrokeJoin, color: RGBA, dash: [Double])
    /// Fills `path` (nonzero) in `color` with `pattern`'s ink over it (a mark's pattern, issue
    /// #37; an SVG `<pattern>` or a PDF tiling pattern of one `PatternTile`), the two mixed first
    /// and then laid down through the path's one coverage, as the shaders do: the ink never
    /// reaches past the fill's anti-aliased edge.
    func fill(_ path: VectorPath, color: RGBA, pattern: PatternFill)
    /// The soft shadow `rrect.frag` draws under a rounded rectangle.
    func shadow(rect: Rect, radius: Double, shadowRadius: Double, color: RGBA)
    /// The scan's beam over its arc.
    func beam(_ scan: AngularGradientInstance)
    /// Black inside `area` at `opacity` × (1 − t)² with t the distance from `center` past `radius`
    /// over `reach` (1 at `radius` and inside it): a capped arc's end shadow (`arc.frag`).
    func radialShadow(center: Vec2, radius: Double, reach: Double, opacity: Double, within area: VectorPath)
    func glyphs(_ run: GlyphRun)
    /// A group of what follows, named (an SVG `<g id>` with a `<title>`, a PDF structure element).
    func beginGroup(_ group: FrameGroup)
    func endGroup()
}

/// Walks a `Frame` in painter's order and draws every element on a `VectorCanvas`, as the GL
/// renderer would: the background (its color, then its opaque fills), then each command.
struct FramePainter {
    /// Glyph origins rounded to whole pixels as the GL renderer places its bitmaps (for PNGs
    /// compared with GL's); vector files keep HarfBuzz's exact positions.
    var snapGlyphs = false

    func paint(_ frame: Frame, on canvas: VectorCanvas) {
        paintBackground(frame, on: canvas)
        paintCommands(frame, on: canvas)
    }

    /// The background's color over the whole page, then its opaque fills. (On a PDF this goes
    /// before any structure tag: cairo 1.16 drops what was recorded before a fill that covers
    /// the page, a tag's start with it, and then fails the document with a tag error.)
    func paintBackground(_ frame: Frame, on canvas: VectorCanvas) {
        let bg = frame.background
        if bg.color.a > 0 {
            canvas.fill(.rect(Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))), color: bg.color, evenOdd: false)
        }
        for i in bg.fills { solid(frame.solids[i], canvas) }
    }

    func paintCommands(_ frame: Frame, on canvas: VectorCanvas) {
        for command in frame.commands {
            switch command {
            case .roundedRects(let r): for i in r { roundedRect(frame.roundedRects[i], canvas) }
            case .lines(let r):
                for i in r {
                    let l = frame.lines[i]
                    canvas.fill(.line(from: l.from, to: l.to, width: l.width), color: l.color, evenOdd: false)
                }
            case .sectors(let r):
                // In the frame's order (a command holds sectors of one shape).
                for i in r { sector(frame.sectors[i], canvas) }
            case .scan(let i): canvas.beam(frame.scans[i])
            case .text(let r):
                for i in r {
                    for run in GlyphRun.runs(of: frame.texts[i], faces: frame.fontFaces) { canvas.glyphs(snapGlyphs ? Self.snapped(run) : run) }
                }
            case .mesh(let m): mesh(m, canvas)
            case .layer(let l): for r in l.rects { roundedRect(r, canvas) }
            case .solids(let r): for i in r { solid(frame.solids[i], canvas) }
            case .group(let i): canvas.beginGroup(frame.groups[i])
            case .endGroup: canvas.endGroup()
            }
        }
    }

    /// A sector as the sector batch draws it: an outline's band (no pattern), or the shape and
    /// then its pattern's ink over it.
    private func sector(_ s: SectorInstance, _ canvas: VectorCanvas) {
        if s.outline > 0 {
            canvas.fill(SectorPath.outline(s), color: s.color, evenOdd: true)
            return
        }
        if s.roundCaps { cappedArc(s, canvas) } else { fill(SectorPath.path(s), s.color, s.pattern, canvas) }
    }

    /// A fill, with its pattern when it has one.
    private func fill(_ path: VectorPath, _ color: RGBA, _ pattern: PatternFill?, _ canvas: VectorCanvas) {
        if let pattern, pattern.pattern != .solid { canvas.fill(path, color: color, pattern: pattern) }
        else { canvas.fill(path, color: color, evenOdd: false) }
    }

    /// A capped arc: its end shadow on what is under it, then the arc (which covers the shadow's
    /// part under itself, as the shader leaves it out there).
    private func cappedArc(_ s: SectorInstance, _ canvas: VectorCanvas) {
        if s.endShadow > 0 && s.endShadowOpacity > 0 {
            canvas.radialShadow(center: SectorPath.endCapCenter(s), radius: (s.outerRadius - max(s.innerRadius, 0)) / 2, reach: s.endShadow,
                                opacity: s.endShadowOpacity, within: SectorPath.endShadowArea(s))
        }
        fill(SectorPath.path(s), s.color, s.pattern, canvas)
    }

    /// The (1 − t)² fall-off of a radial shadow as gradient stops: (t, opacity), t from 0 to 1.
    static func radialShadowStops(opacity: Double) -> [(Double, Double)] {
        (0...8).map { k in let t = Double(k) / 8; return (t, opacity * (1 - t) * (1 - t)) }
    }

    /// A radar's polygons, each run of one group (the grid, a series) in that group.
    private func mesh(_ m: MeshDraw, _ canvas: VectorCanvas) {
        var open: FrameGroup?
        for piece in MeshPaths.pieces(m) {
            if piece.group != open {
                if open != nil { canvas.endGroup() }
                if let g = piece.group { canvas.beginGroup(g) }
                open = piece.group
            }
            if let s = piece.stroke { canvas.stroke(piece.path, width: s.width, join: s.join, color: piece.color, dash: piece.dash) }
            else { fill(piece.path, piece.color, piece.pattern, canvas) }
        }
        if open != nil { canvas.endGroup() }
    }

    /// Opaque, as the GL solid batch draws it (its alpha is ignored).
    private func solid(_ s: SolidRect, _ canvas: VectorCanvas) {
        var c = s.color
        c.a = 1
        canvas.fill(.rect(s.rect), color: c, evenOdd: false)
    }

    /// The shadow (when there is one) under the shape: `rrect.frag` adds it under the fill in
    /// the same pixel, which is the same as drawing it first. A border is the ring between the
    /// rounded box and its level `borderWidth` inside (rounded while the radius lasts, then sharp).
    private func roundedRect(_ r: RoundedRectInstance, _ canvas: VectorCanvas) {
        let radius = max(min(r.radius, r.rect.width / 2, r.rect.height / 2), 0)
        if r.shadowRadius > 0 && r.shadowColor.a > 0 {
            canvas.shadow(rect: r.rect, radius: radius, shadowRadius: r.shadowRadius, color: r.shadowColor)
        }
        guard r.color.a > 0 else { return }
        var path = VectorPath.roundedRect(r.rect, radius: radius)
        if r.borderWidth > 0 {
            let bw = r.borderWidth
            if bw * 2 < r.rect.width && bw * 2 < r.rect.height {
                path.append(.roundedRect(r.rect.insetBy(bw), radius: max(radius - bw, 0)))
            }
            canvas.fill(path, color: r.color, evenOdd: true)
        } else {
            canvas.fill(path, color: r.color, evenOdd: false)
        }
    }

    /// `run` with each glyph's origin on whole pixels (FontSystem's placement rounds the baseline
    /// and each glyph's pen position); a turned run as it is (cairo rounds each turned glyph's
    /// origin on the device, as FontSystem does).
    static func snapped(_ run: GlyphRun) -> GlyphRun {
        guard run.angle == 0 else { return run }
        var r = run
        for i in r.glyphs.indices {
            r.glyphs[i].position = Vec2(r.glyphs[i].position.x.rounded(), r.glyphs[i].position.y.rounded())
        }
        return r
    }
}
