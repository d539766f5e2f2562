import CCairo
import Foundation
import RadialCore

/// Draws on a cairo context (a PDF page or an image surface). Paths go in as they are (arcs as
/// cairo arcs); the shadow and the beam are mesh patterns (a PDF smooth shading each, no seams,
/// no bands); glyphs go through `cairo_show_text_glyphs` with their cluster map, so a PDF keeps
/// the text as text in subset-embedded fonts.
final class CairoCanvas: VectorCanvas {
    let cr: OpaquePointer
    private let fonts: CairoFonts
    private let options: OpaquePointer?
    /// Whether groups become tagged PDF structure (only on a PDF surface).
    private let tags: Bool
    private var openTags: [String] = []

    init(_ cr: OpaquePointer, fonts: CairoFonts, tags: Bool) {
        self.cr = cr; self.fonts = fonts; self.tags = tags
        // What the GL side rasterizes text with: gray anti-aliasing, light hinting, unhinted advances.
        options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    }

    deinit { cairo_font_options_destroy(options) }

    // MARK: - Paths

    func fill(_ path: VectorPath, color: RGBA, evenOdd: Bool) {
        guard color.a > 0, !path.isEmpty else { return }
        set(path)
        cairo_set_source_rgba(cr, Double(color.r), Double(color.g), Double(color.b), Double(color.a))
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
    }

    func stroke(_ path: VectorPath, width: Double, join: StrokeJoin, color: RGBA, dash: [Double]) {
        guard color.a > 0, width > 0, !path.isEmpty else { return }
        set(path)
        cairo_set_source_rgba(cr, Double(color.r), Double(color.g), Double(color.b), Double(color.a))
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, 4)
        cairo_set_dash(cr, dash, Int32(dash.count), 0)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// In an image: the fill color and the pattern's lines and dots over it, mixed in a group
    /// over the path's extents (whole pixels), then filled through the path, one anti-aliased
    /// coverage for both as in the shaders (a repeated tile, of a size that is not whole pixels
    /// in a legend swatch, would be resampled). In a PDF, `fillClipped`.
    func fill(_ path: VectorPath, color: RGBA, pattern: PatternFill) {
        guard !path.isEmpty else { return }
        if tags { return fillClipped(path, color: color, pattern: pattern) }
        cairo_save(cr)
        set(path)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_path_extents(cr, &x0, &y0, &x1, &y1)
        x0 = x0.rounded(.down) - 1; y0 = y0.rounded(.down) - 1; x1 = x1.rounded(.up) + 1; y1 = y1.rounded(.up) + 1
        cairo_new_path(cr)
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
        cairo_clip(cr)
        cairo_push_group(cr)
        cairo_set_source_rgba(cr, Double(color.r), Double(color.g), Double(color.b), Double(color.a))
        cairo_paint(cr)
        let ink = pattern.ink, o = pattern.origin
        let area = PatternTile(pattern.pattern, scale: pattern.scale, area: Rect(x: x0 - o.x, y: y0 - o.y, width: x1 - x0, height: y1 - y0))
        cairo_translate(cr, o.x, o.y)
        cairo_set_source_rgba(cr, Double(ink.r), Double(ink.g), Double(ink.b), Double(ink.a))
        Self.draw(area, on: cr)
        cairo_pop_group_to_source(cr)
        set(path)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// In a PDF: the path filled once with a tiling pattern whose cell is the fill's color and
    /// the pattern's ink over it at the ink's opacity: one anti-aliased coverage for both, as
    /// the shaders have it. (The fill and then the ink painted clipped by the path let the
    /// background through twice along the mark's edge where a line of the pattern meets it:
    /// 1 pixel in 213 past the PDF oracle's 24 levels on the patterned sunburst.)
    private func fillClipped(_ path: VectorPath, color: RGBA, pattern: PatternFill) {
        guard pattern.ink.a > 0, let tiled = Self.tiledPattern(pattern, over: color) else { return fill(path, color: color, evenOdd: false) }
        defer { cairo_pattern_destroy(tiled) }
        cairo_save(cr)
        set(path)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_set_source(cr, tiled)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The pattern's tile on a recording surface, repeated from the pattern's origin: `fill`
    /// (straight alpha) and over it the ink's color at the ink's opacity.
    private static func tiledPattern(_ pattern: PatternFill, over fill: RGBA) -> OpaquePointer? {
        let tile = PatternTile(pattern.pattern, scale: pattern.scale)
        var extents = cairo_rectangle_t(x: 0, y: 0, width: tile.size.width, height: tile.size.height)
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let t = cairo_create(surface) else { return nil }
        if fill.a > 0 {
            cairo_set_source_rgba(t, Double(fill.r), Double(fill.g), Double(fill.b), Double(fill.a))
            cairo_paint(t)
        }
        let ink = pattern.ink
        cairo_push_group(t)
        cairo_set_source_rgb(t, Double(ink.r), Double(ink.g), Double(ink.b))
        draw(tile, on: t)
        cairo_pop_group_to_source(t)
        cairo_paint_with_alpha(t, Double(ink.a))
        cairo_destroy(t)
        guard let source = cairo_pattern_create_for_surface(surface) else { return nil }
        cairo_pattern_set_extend(source, CAIRO_EXTEND_REPEAT)
        var m = cairo_matrix_t()
        cairo_matrix_init_translate(&m, -pattern.origin.x, -pattern.origin.y)
        cairo_pattern_set_matrix(source, &m)
        return source
    }

    /// A tile's lines (one stroke, so where two cross they are covered once), dots and rings.
    static func draw(_ tile: PatternTile, on t: OpaquePointer) {
        cairo_set_line_cap(t, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(t, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(t, 4)
        for (width, paths) in Dictionary(grouping: tile.strokes, by: \.width).sorted(by: { $0.key < $1.key }) {
            cairo_new_path(t)
            for p in paths { add(p.path, to: t) }
            cairo_set_line_width(t, width)
            cairo_stroke(t)
        }
        if !tile.dots.isEmpty {
            cairo_new_path(t)
            add(tile.dotPath, to: t)
            cairo_fill(t)
        }
        for r in tile.rings {
            cairo_new_path(t)
            cairo_arc(t, r.center.x, r.center.y, r.radius, 0, 2 * .pi)
            cairo_close_path(t)
            cairo_set_line_width(t, r.width)
            cairo_stroke(t)
        }
    }

    private static func add(_ path: VectorPath, to c: OpaquePointer) {
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(c, p.x, p.y)
            case .line(let p): cairo_line_to(c, p.x, p.y)
            case .curve(let a, let b, let p): cairo_curve_to(c, a.x, a.y, b.x, b.y, p.x, p.y)
            case .arc(let ce, let r, let a0, let a1, let cw):
                if cw { cairo_arc(c, ce.x, ce.y, r, a0, a1) } else { cairo_arc_negative(c, ce.x, ce.y, r, a0, a1) }
            case .close: cairo_close_path(c)
            }
        }
    }

    private func set(_ path: VectorPath) {
        cairo_new_path(cr)
        Self.add(path, to: cr)
    }

    /// Fills `path` with a mesh pattern of `patches` (premultiplied corner colors).
    func fill(_ path: VectorPath, mesh patches: [MeshPatch]) {
        guard !patches.isEmpty, !path.isEmpty, let pattern = cairo_pattern_create_mesh() else { return }
        defer { cairo_pattern_destroy(pattern) }
        for patch in patches {
            let p = patch.points
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, p[0].x, p[0].y)
            for k in 0..<4 {
                let c1 = p[3 * k + 1], c2 = p[3 * k + 2], end = p[(3 * k + 3) % 12]
                cairo_mesh_pattern_curve_to(pattern, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
            }
            // Straight colors; a clear corner takes its patch's hue so the blend stays that hue
            // (premultiplied blending, as the GL shaders do, whichever way a viewer interpolates).
            let hue = patch.colors.first { $0.a > 0 }
            for (k, c) in patch.colors.enumerated() {
                let s = Self.straight(c, hue: hue)
                cairo_mesh_pattern_set_corner_color_rgba(pattern, UInt32(k), Double(s.r), Double(s.g), Double(s.b), Double(s.a))
            }
            cairo_mesh_pattern_end_patch(pattern)
        }
        set(path)
        cairo_set_source(cr, pattern)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
    }

    static func straight(_ c: RGBA, hue: RGBA?) -> RGBA {
        if c.a > 0 { return RGBA(min(c.r / c.a, 1), min(c.g / c.a, 1), min(c.b / c.a, 1), c.a) }
        guard let h = hue, h.a > 0 else { return .clear }
        return RGBA(min(h.r / h.a, 1), min(h.g / h.a, 1), min(h.b / h.a, 1), 0)
    }

    func shadow(rect: Rect, radius: Double, shadowRadius: Double, color: RGBA) {
        let patches = ShadowMesh.patches(rect: rect, radius: radius, shadowRadius: shadowRadius, color: color)
        fill(.rect(ShadowMesh.bounds(rect: rect, shadowRadius: shadowRadius)), mesh: patches)
    }

    func beam(_ s: AngularGradientInstance) {
        for (a0, a1) in BeamGradient.pieces(s) where !BeamGradient.isClear(s, from: a0, to: a1) {
            var path = VectorPath()
            path.move(to: s.center)
            path.arc(center: s.center, radius: s.radius, from: a0, to: a1)
            path.close()
            fill(path, mesh: BeamGradient.patches(s, from: a0, to: a1))
        }
    }

    func radialShadow(center: Vec2, radius: Double, reach: Double, opacity: Double, within area: VectorPath) {
        guard reach > 0, opacity > 0, !area.isEmpty, let pattern = cairo_pattern_create_radial(center.x, center.y, radius, center.x, center.y, radius + reach)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        for (t, a) in FramePainter.radialShadowStops(opacity: opacity) { cairo_pattern_add_color_stop_rgba(pattern, t, 0, 0, 0, a) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        set(area)
        cairo_set_source(cr, pattern)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
    }

    // MARK: - Text

    func glyphs(_ whole: GlyphRun) {
        guard !whole.glyphs.isEmpty, whole.color.a > 0, whole.pixelSize > 0, let face = fonts.face(whole.face) else { return }
        // cairo refuses noncharacters as invalid UTF-8 (and the context with them): the text
        // leaves them out, their glyphs stay.
        let run = whole.carriable()
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, run.pixelSize)
        cairo_set_font_options(cr, options)
        cairo_set_source_rgba(cr, Double(run.color.r), Double(run.color.g), Double(run.color.b), Double(run.color.a))
        // A turned run: its upright glyphs drawn in a space turned about its origin.
        if run.angle != 0 {
            cairo_save(cr)
            cairo_translate(cr, run.pivot.x, run.pivot.y)
            cairo_rotate(cr, run.angle)
            cairo_translate(cr, -run.pivot.x, -run.pivot.y)
        }
        defer { if run.angle != 0 { cairo_restore(cr) } }
        var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.id), x: $0.position.x, y: $0.position.y) }
        var clusters = run.clusters.map { cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs)) }
        let utf8 = Array(run.text.utf8CString)
        let valid = clusters.reduce(0) { $0 + Int($1.num_bytes) } == utf8.count - 1
            && clusters.reduce(0) { $0 + Int($1.num_glyphs) } == glyphs.count
        utf8.withUnsafeBufferPointer { text in
            if valid {
                cairo_show_text_glyphs(cr, text.baseAddress, Int32(utf8.count - 1), &glyphs, Int32(glyphs.count),
                                       &clusters, Int32(clusters.count), run.backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(rawValue: 0))
            } else {
                cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            }
        }
        if tags && valid && fonts.colorFaces.contains(run.face) { textLayer(run) }
    }

    /// Color glyphs (emoji) reach a PDF as images, which carry no text: each cluster's text goes
    /// beside them into the text layer as a glyph that draws nothing (a space of a sans face) at
    /// the cluster's place, mapped to the cluster's text (cairo writes it as the glyph's Unicode
    /// or as ActualText), so copying, searching and `pdftotext` read "I ❤️ you 🚀" whole.
    private func textLayer(_ run: GlyphRun) {
        // The color glyph's advance (the run's face is still set): each space is made as wide,
        // so a text extractor sees the characters where the pictures are, with no gap to split
        // the line at.
        var probe = cairo_glyph_t(index: UInt(run.glyphs[0].id), x: 0, y: 0)
        var drawn = cairo_text_extents_t()
        cairo_glyph_extents(cr, &probe, 1, &drawn)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, run.pixelSize)
        guard let font = cairo_get_scaled_font(cr) else { return }
        var found: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        guard cairo_scaled_font_text_to_glyphs(font, 0, 0, " ", 1, &found, &count, nil, nil, nil) == CAIRO_STATUS_SUCCESS,
              let found, count == 1 else { return }
        let space = found[0].index
        cairo_glyph_free(found)
        var spaceExtents = cairo_text_extents_t()
        var probeSpace = cairo_glyph_t(index: space, x: 0, y: 0)
        cairo_glyph_extents(cr, &probeSpace, 1, &spaceExtents)
        if spaceExtents.x_advance > 0, drawn.x_advance > 0 {
            var m = cairo_matrix_t()
            cairo_matrix_init_scale(&m, run.pixelSize * drawn.x_advance / spaceExtents.x_advance, run.pixelSize)
            cairo_set_font_matrix(cr, &m)
        }
        // One space per cluster, where the cluster's first glyph is (clusters run backward
        // through the glyphs of right-to-left text).
        var glyphs: [cairo_glyph_t] = [], clusters: [cairo_text_cluster_t] = []
        var next = 0
        for c in run.clusters {
            let first = run.backward ? run.glyphs.count - next - c.glyphs : next
            next += c.glyphs
            let at = first >= 0 && first < run.glyphs.count ? run.glyphs[first].position : run.glyphs[0].position
            glyphs.append(cairo_glyph_t(index: space, x: at.x, y: at.y))
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(c.bytes), num_glyphs: 1))
        }
        let utf8 = Array(run.text.utf8CString)
        utf8.withUnsafeBufferPointer { text in
            cairo_show_text_glyphs(cr, text.baseAddress, Int32(utf8.count - 1), &glyphs, Int32(glyphs.count),
                                   &clusters, Int32(clusters.count), cairo_text_cluster_flags_t(rawValue: 0))
        }
    }

    // MARK: - Groups

    /// On a PDF surface a group is a structure element (cairo 1.16 writes `Sect`, `Figure`, `P`
    /// and the like, but no alternate text): charts are `Sect`, text (labels, axes) `P`, shapes
    /// (sectors, series, legend dots, contacts) `Figure`.
    func beginGroup(_ group: FrameGroup) {
        guard tags else { return }
        let tag = Self.structureTag(role: group.role)
        cairo_tag_begin(cr, tag, "")
        openTags.append(tag)
    }

    func endGroup() {
        guard tags, let tag = openTags.popLast() else { return }
        cairo_tag_end(cr, tag)
    }

    static func structureTag(role: String) -> String {
        switch role {
        case "page": "Part"
        case "chart": "Sect"
        case "label", "axis", "title": "P"
        default: "Figure"
        }
    }
}
