import CCairo
import Foundation
import RadialCore

/// Writes the frame as SVG itself rather than through cairo's SVG surface, which in cairo 1.16
/// writes no ids or titles, turns arcs into Béziers, and rasterizes the whole page into one
/// image as soon as a mesh pattern (the beam, the shadows) is drawn. Here every path keeps its
/// arcs (`A`), each group is a `<g id>` with a `<title>`, a shadow is the rounded rectangle
/// under an SVG Gaussian blur (exactly the shader's erf profile along the edges), glyphs are
/// their outlines (taken from cairo, unhinted) in `<symbol>`s placed by `<use>`, and the beam
/// is thin wedges one color level apart, drawn without anti-aliasing under a clip of the exact
/// arc (anti-aliased), so no band or seam shows however far it is zoomed.
final class SVGCanvas: VectorCanvas {
    private var body = ""
    private var defs = ""
    private let fonts: CairoFonts
    private let width: Int, height: Int, size: Size, title: String?
    private var nextID = 0
    /// Glyph symbols already in `defs`, by face, glyph and size.
    private var symbols: [GlyphKey: String] = [:]
    private var faceNumbers: [FontFaceDescriptor: Int] = [:]
    private struct GlyphKey: Hashable { var face: FontFaceDescriptor; var glyph: UInt32; var size: Double }
    private var depth = 1
    /// How often each group id was used so far.
    private var groupIDs: [String: Int] = [:]

    init(fonts: CairoFonts, width: Int, height: Int, size: Size, title: String?) {
        self.fonts = fonts; self.width = width; self.height = height; self.size = size; self.title = title
        body.reserveCapacity(1 << 16)
    }

    func document() -> String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\""
        s += " width=\"\(Self.n(size.width))\" height=\"\(Self.n(size.height))\" viewBox=\"0 0 \(width) \(height)\""
        if title != nil { s += " role=\"img\" aria-labelledby=\"page-title\"" }
        s += ">\n"
        if let title { s += "<title id=\"page-title\">\(Self.escape(title))</title>\n" }
        s += "<desc>Made by Radial</desc>\n"
        if !defs.isEmpty { s += "<defs>\n" + defs + "</defs>\n" }
        return s + body + "</svg>\n"
    }

    private func id(_ prefix: String) -> String { nextID += 1; return "\(prefix)\(nextID)" }
    private var indent: String { String(repeating: " ", count: depth) }

    // MARK: - Drawing

    func fill(_ path: VectorPath, color: RGBA, evenOdd: Bool) {
        guard color.a > 0, !path.isEmpty else { return }
        body += indent + "<path d=\"\(Self.data(path))\"\(Self.paint(color))\(evenOdd ? " fill-rule=\"evenodd\"" : "")/>\n"
    }

    func stroke(_ path: VectorPath, width: Double, join: StrokeJoin, color: RGBA, dash: [Double]) {
        guard color.a > 0, width > 0, !path.isEmpty else { return }
        var paint = Self.paint(color).replacingOccurrences(of: " fill=", with: " stroke=").replacingOccurrences(of: " fill-opacity=", with: " stroke-opacity=")
        paint += " fill=\"none\" stroke-width=\"\(Self.n(width))\"" + (join == .round ? " stroke-linejoin=\"round\"" : " stroke-miterlimit=\"4\"")
        if !dash.isEmpty { paint += " stroke-dasharray=\"\(dash.map { Self.n($0) }.joined(separator: " "))\"" }
        body += indent + "<path d=\"\(Self.data(path))\"\(paint)/>\n"
    }

    /// Patterns already in `defs`, by pattern, fill and ink colors, scale and origin.
    private var patternIDs: [String: String] = [:]

    /// An SVG `<pattern>` of one tile from the pattern's origin (user space units): a rectangle
    /// of the fill's color and over it the tile's lines in one stroked path, at the ink's
    /// opacity; the path filled with it once. One anti-aliased coverage for the fill and its
    /// ink, as the shaders have it (a tiled layer clipped over a separately filled one lets the
    /// background through twice along the mark's edge, where a line of the pattern meets it).
    func fill(_ path: VectorPath, color: RGBA, pattern: PatternFill) {
        guard !path.isEmpty else { return }
        var ink = pattern.ink
        ink.a = 1
        let key = "\(pattern.pattern.rawValue) \(Self.paint(color)) \(Self.paint(ink)) \(Self.n(pattern.scale, digits: 4)) \(Self.n(pattern.origin.x)) \(Self.n(pattern.origin.y))"
        let pid: String
        if let known = patternIDs[key] {
            pid = known
        } else {
            pid = id("pattern-\(pattern.pattern.rawValue)-")
            patternIDs[key] = pid
            let tile = PatternTile(pattern.pattern, scale: pattern.scale)
            var content = ""
            for (width, paths) in Dictionary(grouping: tile.strokes, by: \.width).sorted(by: { $0.key < $1.key }) {
                var d = VectorPath()
                for p in paths { d.append(p.path) }
                content += "<path d=\"\(Self.data(d))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(Self.n(width))\" stroke-miterlimit=\"4\"/>"
            }
            if !tile.dots.isEmpty { content += "<path d=\"\(Self.data(tile.dotPath))\" fill=\"currentColor\"/>" }
            for r in tile.rings {
                content += "<circle cx=\"\(Self.n(r.center.x))\" cy=\"\(Self.n(r.center.y))\" r=\"\(Self.n(r.radius))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(Self.n(r.width))\"/>"
            }
            let inkColor = Self.paint(ink).replacingOccurrences(of: " fill=", with: " color=")
            let opacity = pattern.ink.a < 1 ? " opacity=\"\(Self.n(Double(pattern.ink.a), digits: 4))\"" : ""
            let size = "width=\"\(Self.n(tile.size.width))\" height=\"\(Self.n(tile.size.height))\""
            let background = color.a > 0 ? "<rect \(size)\(Self.paint(color))/>" : ""
            defs += " <pattern id=\"\(pid)\" patternUnits=\"userSpaceOnUse\" x=\"\(Self.n(pattern.origin.x))\" y=\"\(Self.n(pattern.origin.y))\" \(size)>"
                + "\(background)<g\(inkColor)\(opacity)>\(content)</g></pattern>\n"
        }
        body += indent + "<path d=\"\(Self.data(path))\" fill=\"url(#\(pid))\"/>\n"
    }

    func shadow(rect: Rect, radius: Double, shadowRadius: Double, color: RGBA) {
        let sigma = ShadowMesh.sigma(shadowRadius: shadowRadius)
        let b = ShadowMesh.bounds(rect: rect, shadowRadius: shadowRadius)
        let f = id("shadow")
        defs += " <filter id=\"\(f)\" filterUnits=\"userSpaceOnUse\" x=\"\(Self.n(b.minX))\" y=\"\(Self.n(b.minY))\" width=\"\(Self.n(b.width))\" height=\"\(Self.n(b.height))\" color-interpolation-filters=\"sRGB\">"
            + "<feGaussianBlur stdDeviation=\"\(Self.n(sigma))\"/></filter>\n"
        body += indent + "<path d=\"\(Self.data(.roundedRect(rect, radius: radius)))\"\(Self.paint(color)) filter=\"url(#\(f))\"/>\n"
    }

    func radialShadow(center: Vec2, radius: Double, reach: Double, opacity: Double, within area: VectorPath) {
        guard reach > 0, opacity > 0, !area.isEmpty else { return }
        // SVG's radial gradient starts at its focal circle (fr, SVG 2) or the center: from the
        // center, with the cap's part at full opacity.
        let g = id("capshadow"), outer = radius + reach
        defs += " <radialGradient id=\"\(g)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(Self.n(center.x))\" cy=\"\(Self.n(center.y))\" r=\"\(Self.n(outer))\">"
        defs += "<stop offset=\"0\" stop-color=\"#000\" stop-opacity=\"\(Self.n(opacity))\"/>"
        for (t, a) in FramePainter.radialShadowStops(opacity: opacity) {
            defs += "<stop offset=\"\(Self.n((radius + t * reach) / outer))\" stop-color=\"#000\" stop-opacity=\"\(Self.n(a))\"/>"
        }
        defs += "</radialGradient>\n"
        body += indent + "<path d=\"\(Self.data(area))\" fill=\"url(#\(g))\"/>\n"
    }

    func beam(_ s: AngularGradientInstance) {
        guard s.radius > 0 else { return }
        for (a0, a1) in BeamGradient.pieces(s) where !BeamGradient.isClear(s, from: a0, to: a1) {
            var clip = VectorPath()
            clip.move(to: s.center)
            clip.arc(center: s.center, radius: s.radius, from: a0, to: a1)
            clip.close()
            let c = id("beam")
            defs += " <clipPath id=\"\(c)\"><path d=\"\(Self.data(clip))\"/></clipPath>\n"
            body += indent + "<g clip-path=\"url(#\(c))\"><g shape-rendering=\"crispEdges\">\n"
            let reach = s.radius + 2
            let wedges = Self.wedges(s, from: a0, to: a1)
            for (i, (x, y, color)) in wedges.enumerated() where color.a > 0 {
                // Wedges meet edge to edge: drawn without anti-aliasing, each pixel belongs to
                // the one wedge over its center (an overlap would blend a translucent color
                // twice). The first and last reach past the clip, whose edges are anti-aliased.
                let lo = i == 0 ? x - 2 / reach : x, hi = i == wedges.count - 1 ? y + 2 / reach : y
                let p0 = s.center + Vec2(cos(lo), sin(lo)) * reach, p1 = s.center + Vec2(cos(hi), sin(hi)) * reach
                body += indent + " <path d=\"M\(Self.n(s.center.x)) \(Self.n(s.center.y))L\(Self.n(p0.x)) \(Self.n(p0.y))A\(Self.n(reach)) \(Self.n(reach)) 0 0 1 \(Self.n(p1.x)) \(Self.n(p1.y))Z\"\(Self.paint(CairoCanvas.straight(color, hue: nil)))/>\n"
            }
            body += indent + "</g></g>\n"
        }
    }

    /// A piece of the beam cut into wedges of one color each (its middle's), so fine that
    /// neighbours differ by at most one level of 255 in any channel (and are no wider than a degree).
    static func wedges(_ s: AngularGradientInstance, from a0: Double, to a1: Double) -> [(Double, Double, RGBA)] {
        var out: [(Double, Double, RGBA)] = []
        for (lo, hi) in BeamGradient.segments(s, from: a0, to: a1, step: .pi / 180) {
            let c0 = BeamGradient.color(s, atInside: lo, toward: hi), c1 = BeamGradient.color(s, atInside: hi, toward: lo)
            let delta = max(abs(c1.r - c0.r), abs(c1.g - c0.g), abs(c1.b - c0.b), abs(c1.a - c0.a)) * 255
            let k = min(max(Int(checked: Double(delta), rounding: .up), 1), 64)
            for j in 0..<k {
                let x = lo + (hi - lo) * Double(j) / Double(k), y = lo + (hi - lo) * Double(j + 1) / Double(k)
                out.append((x, y, BeamGradient.color(s, atInside: (x + y) / 2, toward: x)))
            }
        }
        return out
    }

    func glyphs(_ run: GlyphRun) {
        guard !run.glyphs.isEmpty, run.color.a > 0, run.pixelSize > 0, let face = fonts.face(run.face) else { return }
        // Color glyphs (emoji) have no outlines: each is a PNG of its color bitmap, at the run's
        // opacity and never in the text color.
        let color = fonts.colorFaces.contains(run.face)
        // A turned run: its upright glyphs in a group turned about its origin.
        let turn = run.angle == 0 ? "" : " transform=\"rotate(\(Self.n(run.angle * 180 / .pi, digits: 4)) \(Self.n(run.pivot.x)) \(Self.n(run.pivot.y)))\""
        body += indent + (color ? (run.color.a < 1 ? "<g opacity=\"\(Self.n(Double(run.color.a), digits: 4))\"\(turn)>\n" : "<g\(turn)>\n")
                                : "<g\(Self.paint(run.color))\(turn)>\n")
        for g in run.glyphs {
            let key = GlyphKey(face: run.face, glyph: g.id, size: run.pixelSize)
            let symbol: String
            if let s = symbols[key] {
                symbol = s
            } else {
                let faceNumber = faceNumbers[run.face] ?? { let n = faceNumbers.count; faceNumbers[run.face] = n; return n }()
                let content = color ? Self.colorImage(face: face, glyph: g.id, size: run.pixelSize)
                    : { let o = Self.outline(face: face, glyph: g.id, size: run.pixelSize); return o.isEmpty ? nil : "<path d=\"\(Self.data(o))\"/>" }()
                // A glyph with no outline (a space) gets no symbol and no use.
                symbol = content == nil ? "" : "glyph\(faceNumber)-\(g.id)-\(symbols.count)"
                if let content { defs += " <symbol id=\"\(symbol)\" overflow=\"visible\">\(content)</symbol>\n" }
                symbols[key] = symbol
            }
            guard !symbol.isEmpty else { continue }
            body += indent + " <use xlink:href=\"#\(symbol)\" x=\"\(Self.n(g.position.x))\" y=\"\(Self.n(g.position.y))\"/>\n"
        }
        body += indent + "</g>\n"
    }

    /// A color glyph at `size` pixels as an `<image>` of a PNG drawn by cairo at twice that (so
    /// it stays sharp zoomed in), placed with its pen position at the origin; nil when it draws nothing.
    static func colorImage(face: OpaquePointer, glyph: UInt32, size: Double) -> String? {
        let oversample = 2.0
        guard let probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(probe) }
        guard let measure = cairo_create(probe) else { return nil }
        defer { cairo_destroy(measure) }
        cairo_set_font_face(measure, face)
        cairo_set_font_size(measure, size * oversample)
        var g = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_glyph_extents(measure, &g, 1, &extents)
        let x0 = extents.x_bearing.rounded(.down), y0 = extents.y_bearing.rounded(.down)
        let w = Int((extents.x_bearing + extents.width - x0).rounded(.up)), h = Int((extents.y_bearing + extents.height - y0).rounded(.up))
        guard w > 0, h > 0, w < 8192, h < 8192, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, size * oversample)
        g.x = -x0; g.y = -y0
        cairo_show_glyphs(cr, &g, 1)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { return nil }
        return "<image x=\"\(n(x0 / oversample))\" y=\"\(n(y0 / oversample))\" width=\"\(n(Double(w) / oversample))\" height=\"\(n(Double(h) / oversample))\""
            + " xlink:href=\"data:image/png;base64,\(sink.data.base64EncodedString())\"/>"
    }

    /// A glyph's outline at `size` pixels, origin at its pen position, from cairo (unhinted).
    static func outline(face: OpaquePointer, glyph: UInt32, size: Double) -> VectorPath {
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else { return VectorPath() }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return VectorPath() }
        defer { cairo_destroy(cr) }
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, size)
        var g = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(cr, &g, 1)
        guard let copied = cairo_copy_path(cr) else { return VectorPath() }
        defer { cairo_path_destroy(copied) }
        var path = VectorPath()
        guard copied.pointee.status == CAIRO_STATUS_SUCCESS, let data = copied.pointee.data else { return path }   // a space: no outline
        var i = 0
        while i < Int(copied.pointee.num_data) {
            let header = data[i].header
            let pt = { (k: Int) -> Vec2 in Vec2(data[i + k].point.x, data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: path.move(to: pt(1))
            case CAIRO_PATH_LINE_TO: path.line(to: pt(1))
            case CAIRO_PATH_CURVE_TO: path.curve(pt(1), pt(2), pt(3))
            case CAIRO_PATH_CLOSE_PATH: path.close()
            default: break
            }
            i += Int(header.length)
        }
        return path
    }

    // MARK: - Groups

    func beginGroup(_ group: FrameGroup) {
        // An element drawn in several groups (a sunburst's center label, once per layer) gets
        // its path as the first group's id and `-2`, `-3`… after it on the others: ids are unique.
        let uses = (groupIDs[group.id] ?? 0) + 1
        groupIDs[group.id] = uses
        let id = uses == 1 ? group.id : group.id + "-\(uses)"
        body += indent + "<g id=\"\(Self.escape(id))\" class=\"\(Self.escape(group.role))\">"
        if !group.name.isEmpty { body += "<title>\(Self.escape(group.name))</title>" }
        body += "\n"
        depth += 1
    }

    func endGroup() {
        depth = max(depth - 1, 1)
        body += indent + "</g>\n"
    }

    // MARK: - Serializing

    /// ` fill="#rrggbb"` and, when translucent, ` fill-opacity`.
    static func paint(_ c: RGBA) -> String {
        func h(_ v: Float) -> String {
            let n = Int(checked: Double(min(max(v, 0), 1)) * 255, rounding: .toNearestOrAwayFromZero)
            return n < 16 ? "0" + String(n, radix: 16) : String(n, radix: 16)
        }
        var s = " fill=\"#\(h(c.r))\(h(c.g))\(h(c.b))\""
        if c.a < 1 { s += " fill-opacity=\"\(n(Double(c.a), digits: 4))\"" }
        return s
    }

    /// Path data: arcs as `A` (split in halves past half a turn, which one `A` cannot say).
    static func data(_ path: VectorPath) -> String {
        var s = ""
        for e in path.elements {
            switch e {
            case .move(let p): s += "M\(n(p.x)) \(n(p.y))"
            case .line(let p): s += "L\(n(p.x)) \(n(p.y))"
            case .curve(let a, let b, let c): s += "C\(n(a.x)) \(n(a.y)) \(n(b.x)) \(n(b.y)) \(n(c.x)) \(n(c.y))"
            case .arc(let c, let r, let a0, let a1, let cw):
                // cairo's rule: the end moves by whole turns past the start, in the arc's direction.
                var sweep = a1 - a0
                if cw { while sweep < 0 { sweep += 2 * .pi } } else { while sweep > 0 { sweep -= 2 * .pi } }
                guard sweep != 0 else { continue }
                let pieces = abs(sweep) > .pi * 0.999 ? Int(checked: abs(sweep) / (.pi * 0.5), rounding: .up) : 1
                for k in 1...pieces {
                    let a = a0 + sweep * Double(k) / Double(pieces)
                    let p = c + Vec2(cos(a), sin(a)) * r
                    s += "A\(n(r)) \(n(r)) 0 0 \(cw ? 1 : 0) \(n(p.x)) \(n(p.y))"
                }
            case .close: s += "Z"
            }
        }
        return s
    }

    /// A number with up to `digits` decimals and no trailing zeros.
    static func n(_ v: Double, digits: Int = 3) -> String {
        guard v.isFinite else { return "0" }
        var s = String(format: "%.\(digits)f", v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 allows no control character but tab, newline and return, and no U+FFFE
                // or U+FFFF; the other noncharacters go too (`CarriableText`).
                if !CarriableText.carries(ch) { continue }
                out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
