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

    func stroke(_ path: VectorPath, width: Double, join: StrokeJoin, color: RGBA) {
        guard color.a > 0, width > 0, !path.isEmpty else { return }
        set(path)
        cairo_set_source_rgba(cr, Double(color.r), Double(color.g), Double(color.b), Double(color.a))
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, 4)
        cairo_stroke(cr)
    }

    private func set(_ path: VectorPath) {
        cairo_new_path(cr)
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let a, let b, let c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
            case .arc(let c, let r, let a0, let a1, let cw):
                if cw { cairo_arc(cr, c.x, c.y, r, a0, a1) } else { cairo_arc_negative(cr, c.x, c.y, r, a0, a1) }
            case .close: cairo_close_path(cr)
            }
        }
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

    func beam(_ s: ScanInstance) {
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
