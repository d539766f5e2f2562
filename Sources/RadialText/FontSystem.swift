// One type of ~470 lines on purpose: the fontconfig, FreeType and HarfBuzz state and the three
// caches over it (shaping, measuring, placing) must change together and stay private to it;
// GlyphQuad and FontFace, the values it hands out and holds, have their own files.
import CFontconfig
import Foundation
import CFreeType
import CFriBidi
import CHarfBuzz
import RadialCore

/// Why the font system could not start.
package enum FontSystemError: Error, CustomStringConvertible, Sendable {
    case fontconfigFailed
    case freetypeFailed(code: Int32)
    case noFont

    package var description: String {
        switch self {
        case .fontconfigFailed:
            "Fontconfig could not load its configuration, so no font can be found."
        case .freetypeFailed(let code):
            "FreeType failed to start (error \(code))."
        case .noFont:
            "No usable font was found: install the Inter font (Debian package fonts-inter) or any sans-serif font fontconfig can see."
        }
    }
}

/// Fontconfig + FreeType + HarfBuzz: finds the UI font (Inter, else fontconfig's sans-serif),
/// measures shaped text in points for layout, and turns `TextRun`s into textured quads over
/// `atlas` for the GL side. Fallback fonts cover characters the UI font lacks (CJK, …); emoji
/// are set in a color font (Noto Color Emoji) whose bitmaps go, scaled to the run's size, into
/// the RGBA `colorAtlas`; a character no font has draws as a hollow box (and is listed in its
/// line's `missing`).
///
/// Everything is cached: measuring or laying out a string seen before does no shaping, no
/// rasterization and no allocation. Not thread safe; use it from the render thread.
package final class FontSystem: TextShaping {
    package let atlas = GlyphAtlas()
    /// Premultiplied RGBA glyphs of color fonts (emoji): small until a page has some, at most
    /// 2048² × 4 bytes (16 MiB).
    package let colorAtlas = GlyphAtlas(size: 256, maximum: 2048, bytesPerPixel: 4)

    // MARK: C state
    private var library: FT_Library?
    private var config: OpaquePointer?
    private var buffer: OpaquePointer?
    private(set) var openFaces: [FontFace] = []
    /// What each open face is, by id (`ShapedGlyph.face`), for frames and other backends.
    package private(set) var faces: [FontFaceDescriptor] = []
    private var faceIDsByFile: [String: Int32] = [:]

    /// Per weight (index `FontSystem.slot(of:)`): the primary face, the fontconfig fallback list
    /// and a codepoint → face cache for characters the primary face lacks (-1: no font has it).
    private struct WeightFonts {
        var primary: Int32
        /// Sorted the first time a character needs a fallback (most pages never do).
        var fallbacks: UnsafeMutablePointer<FcFontSet>?
        var fallbacksSorted = false
        var coverage: [UInt32: Int32] = [:]
    }
    private var weights: [WeightFonts] = []
    /// The color emoji face (nil: none installed), looked up the first time an emoji needs it.
    private var emojiFace: Int32?
    private var emojiFaceLooked = false

    // MARK: Caches
    private struct ShapeKey: Hashable { var text: String; var weight: FontWeight }
    private struct LayoutKey: Hashable { var text: String; var weight: FontWeight; var pixelSize: Double }
    private struct PlacedGlyph {
        var slot: Int32
        /// Whether `slot` is in `colorAtlas` (else `atlas`).
        var color: Bool
        /// Pen position plus glyph offset in pixels from the run origin (y down), unrounded.
        var dx: Float, dy: Float
    }

    private var shapeCache: [ShapeKey: ShapedLine] = [:]
    private var layoutCache: [LayoutKey: [PlacedGlyph]] = [:]
    private var layoutGeneration = (0, 0)
    /// Caches are dropped wholesale past this many entries (e.g. ever-changing number labels),
    /// or when together they hold more than `cacheByteLimit` (200-character labels).
    private let cacheLimit = 8192
    package static let cacheByteLimit = 8 << 20
    /// What the two caches hold, estimated: keys, glyphs and dictionary slots.
    private var cacheBytes = 0
    /// Codepoints whose fallback face each weight remembers, at most (then forgotten).
    private static let coverageLimit = 65536

    /// Bytes the font system holds for the text it has seen: the atlas and the caches, bounded
    /// by `GlyphAtlas.maximumSize`² and `cacheByteLimit` however much new text arrives. (Open
    /// faces, one per font file a fallback needed, are bounded by the fonts installed.)
    package var retainedBytes: Int {
        atlas.retainedBytes + colorAtlas.retainedBytes + cacheBytes + weights.reduce(0) { $0 + $1.coverage.capacity * 16 }
    }

    /// Counts an entry of `textBytes` and `payload` bytes into the caches, dropping them all first
    /// when that would pass the byte limit.
    private func account(textBytes: Int, payload: Int) {
        let cost = textBytes + payload + 64
        if cacheBytes + cost > Self.cacheByteLimit {
            shapeCache.removeAll(keepingCapacity: false)
            layoutCache.removeAll(keepingCapacity: false)
            cacheBytes = 0
        }
        cacheBytes += cost
    }

    /// FreeType load flags: light (vertical-only) hinting keeps advances linear, so glyphs placed
    /// by unhinted HarfBuzz positions stay evenly spaced while stems and x-height snap to rows.
    private static let loadFlags: Int32 = (1 << 16) /* FT_LOAD_TARGET_LIGHT */ | (1 << 3) /* FT_LOAD_NO_BITMAP */
    /// The weights with a face each, in slot order (`slot(of:)`).
    private static let weights: [FontWeight] = [.regular, .medium, .semibold, .bold]
    /// The UI font family looked for first.
    package static let preferredFamily = "Inter"

    package init() throws {
        guard let config = FcInitLoadConfigAndFonts() else { throw FontSystemError.fontconfigFailed }
        self.config = config
        var lib: FT_Library?
        let err = FT_Init_FreeType(&lib)
        guard err == 0, let lib else {
            FcConfigDestroy(config)
            self.config = nil
            throw FontSystemError.freetypeFailed(code: err)
        }
        library = lib
        buffer = hb_buffer_create()

        for weight in Self.weights {
            var primary: Int32? = nil
            if let match = match(family: Self.preferredFamily, weight: weight), familyMatches(match, Self.preferredFamily) {
                primary = openFace(pattern: match)
                FcPatternDestroy(match)
            }
            if primary == nil, let match = match(family: "sans-serif", weight: weight) {
                primary = openFace(pattern: match)
                FcPatternDestroy(match)
            }
            // Reuse another weight's face before giving up (a lone regular face still renders bold text).
            if primary == nil { primary = weights.last?.primary }
            guard let primary else {
                shutdown()
                throw FontSystemError.noFont
            }
            weights.append(WeightFonts(primary: primary, fallbacks: nil))
        }
    }

    deinit { shutdown() }

    /// Frees every FreeType, HarfBuzz and fontconfig object. Further calls do nothing; measuring or
    /// laying out afterwards is a programming error.
    package func shutdown() {
        for face in openFaces {
            hb_font_destroy(face.hb)
            FT_Done_Face(face.ft)
        }
        openFaces.removeAll()
        faces.removeAll()
        faceIDsByFile.removeAll()
        for w in weights { if let set = w.fallbacks { FcFontSetDestroy(set) } }
        weights.removeAll()
        if let buffer { hb_buffer_destroy(buffer) }
        buffer = nil
        if let library { FT_Done_FreeType(library) }
        library = nil
        if let config { FcConfigDestroy(config) }
        config = nil
        shapeCache.removeAll()
        layoutCache.removeAll()
        cacheBytes = 0
    }

    // MARK: - Public API

    /// `text` on one line in `weight`: fonts chosen per character, shaped by HarfBuzz, in ems.
    /// Ascent and descent are the UI font's, so every line of a style has the same height.
    package func shape(_ text: String, weight: FontWeight) -> ShapedLine {
        let key = ShapeKey(text: text, weight: weight)
        if let hit = shapeCache[key] { return hit }
        guard !weights.isEmpty else { return ShapedLine(text: text, weight: weight, glyphs: [], advance: 0, ascent: 0, descent: 0) }  // after shutdown()
        let line = shapeLine(text, weight: weight)
        if shapeCache.count >= cacheLimit { shapeCache.removeAll(keepingCapacity: true) }
        account(textBytes: text.utf8.count, payload: line.glyphs.count * MemoryLayout<ShapedGlyph>.stride)
        shapeCache[key] = line
        return line
    }

    /// Appends one quad per visible glyph of `run` to `quads`, in output pixels. The pen starts
    /// at `run.origin` (left end of the baseline); the baseline and each glyph's left edge are
    /// rounded to whole pixels so glyph bitmaps map 1:1 onto screen pixels. Spaces add nothing.
    package func layout(_ run: TextRun, into quads: inout [GlyphQuad]) {
        let pixelSize = run.style.size * run.scale
        guard !run.line.glyphs.isEmpty, pixelSize > 0, pixelSize.isFinite, !weights.isEmpty else { return }
        if run.angle != 0 { return layoutTurned(run, pixelSize: pixelSize, into: &quads) }
        let key = LayoutKey(text: run.text, weight: run.style.weight, pixelSize: pixelSize)
        if layoutGeneration != (atlas.generation, colorAtlas.generation) {
            layoutCache.removeAll(keepingCapacity: true)
            layoutGeneration = (atlas.generation, colorAtlas.generation)
        }
        let placed: [PlacedGlyph]
        if let hit = layoutCache[key] {
            placed = hit
        } else {
            placed = place(run.line, pixelSize: pixelSize)
            if layoutCache.count >= cacheLimit { layoutCache.removeAll(keepingCapacity: true) }
            account(textBytes: run.text.utf8.count, payload: placed.count * MemoryLayout<PlacedGlyph>.stride)
            layoutCache[key] = placed
        }

        let invW = 1 / Float(atlas.width), invH = 1 / Float(atlas.height)
        let colorInvW = 1 / Float(colorAtlas.width), colorInvH = 1 / Float(colorAtlas.height)
        let originX = run.origin.x
        let baseline = run.origin.y.rounded()
        let color = run.color
        for g in placed {
            let a = g.color ? colorAtlas : atlas
            a.use(g.slot)   // kept while this frame draws it
            let s = a.slot(g.slot)
            let iw = g.color ? colorInvW : invW, ih = g.color ? colorInvH : invH
            let x0 = Float((originX + Double(g.dx)).rounded()) + Float(s.left)
            let y0 = Float(baseline + Double(g.dy.rounded())) - Float(s.top)
            quads.append(GlyphQuad(
                x0: x0, y0: y0, x1: x0 + Float(s.w), y1: y0 + Float(s.h),
                u0: Float(s.x) * iw, v0: Float(s.y) * ih,
                u1: Float(s.x + s.w) * iw, v1: Float(s.y + s.h) * ih,
                color: color, colored: g.color
            ))
        }
    }

    /// A turned run (`run.angle` not 0), as cairo draws it: each glyph's pen position turned
    /// about the run's origin and rounded to whole pixels, its outline turned by FreeType and
    /// rasterized so (an atlas slot per glyph, size and angle). A color glyph (a bitmap, which
    /// FreeType cannot turn) or a missing one's box is drawn upright in the atlas and its quad
    /// turned by the shader about its center.
    private func layoutTurned(_ run: TextRun, pixelSize: Double, into quads: inout [GlyphQuad]) {
        let sizeQ = Int32(max(1, (pixelSize * 4).rounded()))
        var turns = (run.angle / (2 * .pi)).truncatingRemainder(dividingBy: 1)
        if turns < 0 { turns += 1 }
        let turn = Int32((turns * 65536).rounded()) % 65536
        let c = cos(run.angle), s = sin(run.angle)
        let first = quads.count
        while true {
            let generation = (atlas.generation, colorAtlas.generation)
            quads.removeSubrange(first...)
            let invW = 1 / Float(atlas.width), invH = 1 / Float(atlas.height)
            let colorInvW = 1 / Float(colorAtlas.width), colorInvH = 1 / Float(colorAtlas.height)
            for g in run.line.glyphs {
                let dx = Double(g.x) * pixelSize, dy = -Double(g.y) * pixelSize
                let pen = Vec2(run.origin.x + c * dx - s * dy, run.origin.y + s * dx + c * dy)
                let colorSlot = openFaces[Int(g.face)].color ? colorGlyphSlot(face: g.face, glyph: g.glyph, sizeQ: sizeQ) : nil
                let turnedSlot = colorSlot == nil ? turnedGlyphSlot(face: g.face, glyph: g.glyph, sizeQ: sizeQ, turn: turn) : nil
                if let slot = turnedSlot {
                    atlas.use(slot)
                    let t = atlas.slot(slot)
                    guard t.w > 0 && t.h > 0 else { continue }
                    let x0 = Float(pen.x.rounded()) + Float(t.left), y0 = Float(pen.y.rounded()) - Float(t.top)
                    quads.append(GlyphQuad(x0: x0, y0: y0, x1: x0 + Float(t.w), y1: y0 + Float(t.h),
                                           u0: Float(t.x) * invW, v0: Float(t.y) * invH, u1: Float(t.x + t.w) * invW, v1: Float(t.y + t.h) * invH,
                                           color: run.color))
                    continue
                }
                // Upright in its atlas: the quad turns about its center, which turns about the origin.
                let colored = colorSlot != nil
                let a = colored ? colorAtlas : atlas
                let slot = colorSlot ?? glyphSlot(face: g.face, glyph: g.glyph, sizeQ: sizeQ)
                a.use(slot)
                let t = a.slot(slot)
                guard t.w > 0 && t.h > 0 else { continue }
                let iw = colored ? colorInvW : invW, ih = colored ? colorInvH : invH
                let lx = Double(t.left) + Double(t.w) / 2, ly = -Double(t.top) + Double(t.h) / 2
                let mid = Vec2(pen.x + c * lx - s * ly, pen.y + s * lx + c * ly)
                let hw = Float(t.w) / 2, hh = Float(t.h) / 2
                quads.append(GlyphQuad(x0: Float(mid.x) - hw, y0: Float(mid.y) - hh, x1: Float(mid.x) + hw, y1: Float(mid.y) + hh,
                                       u0: Float(t.x) * iw, v0: Float(t.y) * ih, u1: Float(t.x + t.w) * iw, v1: Float(t.y + t.h) * ih,
                                       color: run.color, colored: colored, angle: Float(run.angle)))
            }
            // An atlas evicted or was wiped part-way through: earlier slots are void, so place again.
            if (atlas.generation, colorAtlas.generation) == generation { return }
        }
    }

    /// The atlas slot of one glyph's outline turned `turn` 65536ths of a turn clockwise, as cairo
    /// rasterizes a turned glyph (the same load flags: light hinting, then the turn); nil when it
    /// has no outline to turn (a missing glyph's box is drawn upright and turned as a quad).
    private func turnedGlyphSlot(face faceID: Int32, glyph: UInt32, sizeQ: Int32, turn: Int32) -> Int32? {
        let key = GlyphAtlasKey(face: faceID, glyph: glyph, sizeQ: sizeQ, turn: turn)
        if let slot = atlas.slotIndex(for: key) { return slot }
        guard glyph != 0 else { return nil }
        let face = openFaces[Int(faceID)]
        if face.rasterSizeQ != sizeQ {
            _ = FT_Set_Char_Size(face.ft, 0, FT_F26Dot6(sizeQ) * 16, 72, 72)
            face.rasterSizeQ = sizeQ
        }
        // FreeType's y goes up: a turn clockwise on the screen is counterclockwise there.
        let angle = Double(turn) / 65536 * 2 * .pi
        let one = 65536.0
        var matrix = FT_Matrix(xx: FT_Fixed((cos(angle) * one).rounded()), xy: FT_Fixed((sin(angle) * one).rounded()),
                               yx: FT_Fixed((-sin(angle) * one).rounded()), yy: FT_Fixed((cos(angle) * one).rounded()))
        FT_Set_Transform(face.ft, &matrix, nil)
        defer { FT_Set_Transform(face.ft, nil, nil) }
        guard FT_Load_Glyph(face.ft, glyph, Self.loadFlags) == 0, let slot = face.ft.pointee.glyph else { return nil }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP, FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) != 0 { return nil }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows)
        guard w > 0, h > 0, let buffer = bitmap.buffer, bitmap.pitch > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
            return w == 0 || h == 0 ? atlas.insert(key, w: 0, h: 0, left: 0, top: 0, bitmap: nil, pitch: 0) : nil
        }
        return atlas.insert(key, w: w, h: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                            bitmap: UnsafePointer(buffer), pitch: Int(bitmap.pitch))
    }

    /// Lays out a whole frame's runs: starts a frame in the atlas (its glyphs are kept while it
    /// draws), appends every run's quads to `quads` and where each run's start to `runStarts`
    /// (plus one past the last). When the atlas grew (or was wiped) part-way, the quads made
    /// before that point at the old size (or at glyphs gone), so the frame is laid out again.
    package func layoutFrame(_ runs: [TextRun], into quads: inout [GlyphQuad], runStarts: inout [Int]) {
        atlas.beginFrame()
        colorAtlas.beginFrame()
        for attempt in 0..<2 {
            let size = (atlas.width, atlas.height, colorAtlas.width), wipes = (atlas.wipes, colorAtlas.wipes)
            quads.removeAll(keepingCapacity: true)
            runStarts.removeAll(keepingCapacity: true)
            for run in runs {
                runStarts.append(quads.count)
                layout(run, into: &quads)
            }
            runStarts.append(quads.count)
            if attempt == 1 || (size == (atlas.width, atlas.height, colorAtlas.width) && wipes == (atlas.wipes, colorAtlas.wipes)) { return }
        }
    }

    // MARK: - Fontconfig

    private static func slot(of weight: FontWeight) -> Int {
        switch weight {
        case .regular: 0
        case .medium: 1
        case .semibold: 2
        case .bold: 3
        }
    }

    /// A configured, substituted pattern asking for `family` at `weight`, upright.
    private func pattern(family: String, weight: FontWeight) -> OpaquePointer? {
        guard let p = FcPatternCreate() else { return nil }
        _ = family.withCString { s in
            s.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(p, FC_FAMILY, $0) }
        }
        _ = FcPatternAddInteger(p, FC_WEIGHT, FcWeightFromOpenType(Int32(weight.rawValue)))
        _ = FcPatternAddInteger(p, FC_SLANT, FC_SLANT_ROMAN)
        _ = FcPatternAddBool(p, FC_SCALABLE, FcBool(FcTrue))
        _ = FcConfigSubstitute(config, p, FcMatchPattern)
        FcDefaultSubstitute(p)
        return p
    }

    private func match(family: String, weight: FontWeight) -> OpaquePointer? {
        guard let p = pattern(family: family, weight: weight) else { return nil }
        defer { FcPatternDestroy(p) }
        var result = FcResultNoMatch
        let m = FcFontMatch(config, p, &result)
        return result == FcResultMatch ? m : { if let m { FcPatternDestroy(m) }; return nil }()
    }

    private func familyMatches(_ pattern: OpaquePointer, _ family: String) -> Bool {
        var i: Int32 = 0
        while true {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FAMILY, i, &value) == FcResultMatch, let value else { return false }
            if String(cString: value).lowercased() == family.lowercased() { return true }
            i += 1
        }
    }

    /// Fonts to try, best first, for characters the primary face lacks.
    private func sortedFallbacks(weight: FontWeight) -> UnsafeMutablePointer<FcFontSet>? {
        guard let p = pattern(family: "sans-serif", weight: weight) else { return nil }
        defer { FcPatternDestroy(p) }
        var result = FcResultNoMatch
        return FcFontSort(config, p, FcBool(FcTrue), nil, &result)
    }

    /// The color emoji face: fontconfig's best match for a color font, "Noto Color Emoji" first.
    /// Nil when no color font is installed (emoji then fall back like any other character).
    private func colorEmojiFace() -> Int32? {
        if emojiFaceLooked { return emojiFace }
        emojiFaceLooked = true
        guard let p = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(p) }
        let family = "Noto Color Emoji"
        _ = family.withCString { s in
            s.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(p, FC_FAMILY, $0) }
        }
        _ = FcPatternAddBool(p, FC_COLOR, FcBool(FcTrue))
        _ = FcConfigSubstitute(config, p, FcMatchPattern)
        FcDefaultSubstitute(p)
        var result = FcResultNoMatch
        guard let m = FcFontMatch(config, p, &result) else { return nil }
        defer { FcPatternDestroy(m) }
        var isColor: FcBool = 0
        guard result == FcResultMatch, FcPatternGetBool(m, FC_COLOR, 0, &isColor) == FcResultMatch, isColor != 0,
              let id = openFace(pattern: m), openFaces[Int(id)].color else { return nil }
        emojiFace = id
        return id
    }

    /// Whether `scalar` (followed by `next`) is an emoji to draw in color: emoji presentation by
    /// default (🚀, regional indicators), or any emoji asking for it with U+FE0F (❤️, 1️⃣).
    private static func wantsColorEmoji(_ scalar: Unicode.Scalar, next: Unicode.Scalar?) -> Bool {
        let p = scalar.properties
        return p.isEmojiPresentation || (p.isEmoji && next?.value == 0xFE0F)
    }

    /// Opens (or finds already open) the face a fontconfig pattern names.
    private func openFace(pattern: OpaquePointer) -> Int32? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = String(cString: file)
        let fileKey = "\(path)#\(index)"
        if let id = faceIDsByFile[fileKey] { return id }
        var ft: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &ft) == 0, let ft else { return nil }
        // A face with only bitmaps (Noto Color Emoji's CBDT) has no units per em in FreeType
        // (scalable faces only); HarfBuzz reads them from the head table.
        guard let hbFace = hb_ft_face_create_referenced(ft) else {
            FT_Done_Face(ft)
            return nil
        }
        let upem = Int32(hb_face_get_upem(hbFace))
        guard upem > 0 else {
            hb_face_destroy(hbFace)
            FT_Done_Face(ft)
            return nil
        }
        // hb_font_create uses HarfBuzz's own OpenType font functions, which read unhinted metrics
        // straight from the font tables; scaled to units-per-em they give exact design-unit
        // positions that scale linearly to any size (and don't depend on the FreeType face's
        // current raster size, which the rasterizer changes).
        guard let hb = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            FT_Done_Face(ft)
            return nil
        }
        hb_face_destroy(hbFace)
        hb_font_set_scale(hb, upem, upem)
        let id = Int32(openFaces.count)
        openFaces.append(FontFace(id: id, path: path, faceIndex: Int(index), ft: ft, hb: hb, unitsPerEm: Double(upem)))
        faces.append(FontFaceDescriptor(path: path, index: Int(index)))
        faceIDsByFile[fileKey] = id
        return id
    }

    /// The face to shape `codepoint` with at weight slot `w`: the primary face when it has the
    /// character, else the first fallback that has it, else -1: no font has it (the caller sets it
    /// in the primary face, whose .notdef glyph then draws as a box, and lists it as missing).
    private func face(for codepoint: UInt32, weightSlot w: Int) -> Int32 {
        let primary = weights[w].primary
        if openFaces[Int(primary)].covers(codepoint) { return primary }
        if let cached = weights[w].coverage[codepoint] { return cached }
        var found: Int32 = -1
        if !weights[w].fallbacksSorted {
            weights[w].fallbacks = sortedFallbacks(weight: Self.weights[w])
            weights[w].fallbacksSorted = true
        }
        if let set = weights[w].fallbacks {
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                      FcCharSetHasChar(charset, codepoint) != 0 else { continue }
                if let id = openFace(pattern: font), openFaces[Int(id)].covers(codepoint) {
                    found = id
                    break
                }
            }
        }
        if weights[w].coverage.count >= Self.coverageLimit { weights[w].coverage.removeAll(keepingCapacity: false) }
        weights[w].coverage[codepoint] = found
        return found
    }

    // MARK: - Shaping

    /// `text` shaped with HarfBuzz in ems: split into runs by the face covering each character
    /// and by bidirectional level (the Unicode bidirectional algorithm, through FriBidi), each run
    /// shaped in its direction (HarfBuzz mirrors brackets in right-to-left runs), and the runs
    /// set in visual order (rule L2), so Arabic and Hebrew read right to left and numbers in them
    /// left to right. Glyphs come out left to right; clusters stay UTF-8 offsets into `text`.
    private func shapeLine(_ text: String, weight: FontWeight) -> ShapedLine {
        let w = Self.slot(of: weight)
        let primary = weights[w].primary
        let primaryFace = openFaces[Int(primary)]
        guard let buffer, !text.isEmpty else {
            return ShapedLine(text: text, weight: weight, glyphs: [], advance: 0, ascent: primaryFace.ascent, descent: primaryFace.descent)
        }
        let levels = Self.bidiLevels(text)

        // Runs of UTF-8 bytes set in one face at one bidi level. Marks, joiners, variation
        // selectors, emoji modifiers (skin tones), tags and a flag's second regional indicator stay
        // with the character before them; emoji go to the color emoji face; spaces and controls
        // stay in the current face (but not in the emoji face, whose space is as wide as an emoji).
        var runs: [(face: Int32, level: UInt8, start: Int, end: Int)] = []
        var missing: [Unicode.Scalar] = []
        var offset = 0
        let scalars = Array(text.unicodeScalars)
        var openFlag = false   // the previous scalar was a regional indicator starting a pair
        for (i, scalar) in scalars.enumerated() {
            let length = UTF8.width(scalar)
            let cp = scalar.value
            let level = levels.map { $0[i] } ?? 0
            let regional = (0x1F1E6...0x1F1FF).contains(cp)
            let attached = Self.attaches(scalar) || (regional && openFlag)
            openFlag = regional && !openFlag
            let face: Int32
            if let last = runs.last, attached {
                face = last.face
            } else if cp < 0x20 || scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint {
                // Invisible formatting (bidi isolates and marks, U+061C, U+180E, joiners): FriBidi
                // consumes them and HarfBuzz hides them; they draw nothing in any face, so they
                // neither split the run nor count as missing.
                face = runs.last.map { openFaces[Int($0.face)].color ? primary : $0.face } ?? primary
            } else if Self.wantsColorEmoji(scalar, next: i + 1 < scalars.count ? scalars[i + 1] : nil),
                      let emoji = colorEmojiFace(), openFaces[Int(emoji)].covers(cp) {
                face = emoji
            } else {
                let found = self.face(for: cp, weightSlot: w)
                if found < 0 && !missing.contains(scalar) { missing.append(scalar) }
                face = found >= 0 ? found : primary
            }
            if let last = runs.last, last.face == face, last.level == level || attached {
                runs[runs.count - 1].end = offset + length
            } else {
                runs.append((face, level, offset, offset + length))
            }
            offset += length
        }
        let order = Self.visualOrder(runs.map(\.level))

        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(text.utf8.count)
        var runStarts: [Int] = []
        var pen = 0.0
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                for r in order {
                    let run = runs[r]
                    let face = openFaces[Int(run.face)]
                    hb_buffer_clear_contents(buffer)
                    hb_buffer_add_utf8(buffer, chars, Int32(bytes.count), UInt32(run.start), Int32(run.end - run.start))
                    hb_buffer_set_direction(buffer, run.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
                    hb_buffer_guess_segment_properties(buffer)
                    hb_shape(face.hb, buffer, nil, 0)
                    var count: UInt32 = 0
                    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                          let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
                    let perUnit = 1 / face.unitsPerEm
                    if !glyphs.isEmpty && count > 0 { runStarts.append(glyphs.count) }
                    for i in 0..<Int(count) {
                        var advance = Double(positions[i].x_advance) * perUnit
                        // A missing glyph must take room so its box doesn't overlap its neighbours.
                        if infos[i].codepoint == 0 && advance <= 0 { advance = 0.6 }
                        glyphs.append(ShapedGlyph(
                            face: run.face, glyph: infos[i].codepoint,
                            x: Float(pen + Double(positions[i].x_offset) * perUnit),
                            y: Float(Double(positions[i].y_offset) * perUnit),
                            cluster: infos[i].cluster
                        ))
                        pen += advance
                    }
                }
            }
        }
        return ShapedLine(text: text, weight: weight, glyphs: glyphs, advance: pen, ascent: primaryFace.ascent,
                          descent: primaryFace.descent, missing: missing, runStarts: runStarts)
    }

    /// Whether `scalar` may make text right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and
    /// the other right-to-left blocks, their presentation forms, and the explicit bidi controls.
    static func mayBeRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
             0x200F, 0x202B, 0x202E, 0x2067, 0x061C: true
        default: false
        }
    }

    /// The embedding level of each scalar of `text` as one paragraph whose direction is its
    /// first strong character's (left to right when it has none), or nil when nothing in it can
    /// be right to left (every level 0: the common case costs one scan).
    static func bidiLevels(_ text: String) -> [UInt8]? {
        guard text.unicodeScalars.contains(where: mayBeRightToLeft) else { return nil }
        let chars = text.unicodeScalars.map { FriBidiChar($0.value) }
        let n = chars.count
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var direction: FriBidiParType = FRIBIDI_PAR_ON
        let ok = chars.withUnsafeBufferPointer { c in
            types.withUnsafeMutableBufferPointer { t in
                brackets.withUnsafeMutableBufferPointer { b in
                    levels.withUnsafeMutableBufferPointer { l -> Bool in
                        fribidi_get_bidi_types(c.baseAddress, FriBidiStrIndex(n), t.baseAddress)
                        fribidi_get_bracket_types(c.baseAddress, FriBidiStrIndex(n), t.baseAddress, b.baseAddress)
                        return fribidi_get_par_embedding_levels_ex(t.baseAddress, b.baseAddress, FriBidiStrIndex(n), &direction, l.baseAddress) != 0
                    }
                }
            }
        }
        guard ok else { return nil }
        return levels.map { UInt8(bitPattern: $0) }
    }

    /// The order to set runs at `levels` in, left to right (rule L2 of the bidirectional
    /// algorithm): from the highest level down to the lowest odd one, every sequence of runs at
    /// that level or higher is reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? highest
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// Whether `scalar` belongs with the character before it (combining marks, ZWJ, selectors,
    /// emoji skin-tone modifiers, the tags of subdivision flags).
    private static func attaches(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: break
        }
        let v = scalar.value
        return v == 0x200D || v == 0x200C || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v)
            || (0x1F3FB...0x1F3FF).contains(v) || (0xE0020...0xE007F).contains(v)
    }

    // MARK: - Rasterizing

    /// The glyphs of `line` at `pixelSize`, rasterized into the atlas, with their offsets.
    private func place(_ line: ShapedLine, pixelSize: Double) -> [PlacedGlyph] {
        // Rasterize at quarter-pixel steps so a continuously changing scale can't fill the atlas.
        let sizeQ = Int32(max(1, (pixelSize * 4).rounded()))
        while true {
            let generation = (atlas.generation, colorAtlas.generation)
            var placed: [PlacedGlyph] = []
            placed.reserveCapacity(line.glyphs.count)
            for g in line.glyphs {
                let colorSlot = openFaces[Int(g.face)].color ? colorGlyphSlot(face: g.face, glyph: g.glyph, sizeQ: sizeQ) : nil
                let slot = colorSlot ?? glyphSlot(face: g.face, glyph: g.glyph, sizeQ: sizeQ)
                let s = colorSlot != nil ? colorAtlas.slot(slot) : atlas.slot(slot)
                if s.w > 0 && s.h > 0 {
                    placed.append(PlacedGlyph(slot: slot, color: colorSlot != nil,
                                              dx: Float(Double(g.x) * pixelSize), dy: Float(-Double(g.y) * pixelSize)))
                }
            }
            // An atlas evicted or was wiped part-way through: earlier slots are void, so place again.
            if (atlas.generation, colorAtlas.generation) == generation { return placed }
        }
    }

    /// The atlas slot of one glyph, rasterizing it on first use.
    private func glyphSlot(face faceID: Int32, glyph: UInt32, sizeQ: Int32) -> Int32 {
        let key = GlyphAtlasKey(face: faceID, glyph: glyph, sizeQ: sizeQ)
        if let slot = atlas.slotIndex(for: key) { return slot }
        let face = openFaces[Int(faceID)]
        if face.rasterSizeQ != sizeQ {
            _ = FT_Set_Char_Size(face.ft, 0, FT_F26Dot6(sizeQ) * 16, 72, 72)
            face.rasterSizeQ = sizeQ
        }
        var error = FT_Load_Glyph(face.ft, glyph, Self.loadFlags)
        let slot = face.ft.pointee.glyph!
        if error == 0 && slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows)
        if error == 0, w > 0, h > 0, let buffer = bitmap.buffer, bitmap.pitch > 0,
           bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            return atlas.insert(key, w: w, h: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                                bitmap: UnsafePointer(buffer), pitch: Int(bitmap.pitch))
        }
        if error == 0, w > 0, h > 0, let buffer = bitmap.buffer, bitmap.pitch > 0,
           bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue) {
            // 1-bit bitmaps (rare with outlines) expand to full coverage.
            var gray = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w where buffer[y * Int(bitmap.pitch) + x / 8] & (0x80 >> UInt8(x % 8)) != 0 {
                    gray[y * w + x] = 255
                }
            }
            return gray.withUnsafeBufferPointer {
                atlas.insert(key, w: w, h: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                             bitmap: $0.baseAddress, pitch: w)
            }
        }
        // Nothing drawable: fine for spaces, but a missing glyph (.notdef) or a glyph that failed
        // to load must still show, so draw a hollow box.
        if glyph == 0 || error != 0 {
            return hollowBox(key, pixelSize: Double(sizeQ) / 4, ascent: face.ascent)
        }
        return atlas.insert(key, w: 0, h: 0, left: 0, top: 0, bitmap: nil, pitch: 0)
    }

    /// The color-atlas slot of one glyph of a color face, loading it on first use: the BGRA bitmap
    /// of the strike nearest above the size (Noto Color Emoji has one, 136 ppem), scaled to the
    /// size by area averaging. Nil when the glyph has no color bitmap (.notdef): the coverage
    /// path then draws it (as a box).
    private func colorGlyphSlot(face faceID: Int32, glyph: UInt32, sizeQ: Int32) -> Int32? {
        let key = GlyphAtlasKey(face: faceID, glyph: glyph, sizeQ: sizeQ)
        if let slot = colorAtlas.slotIndex(for: key) { return slot }
        guard glyph != 0 else { return nil }
        let face = openFaces[Int(faceID)], ft = face.ft
        let pixelSize = Double(sizeQ) / 4
        var strikePixels = pixelSize
        // Marked negative: the coverage path sets the char size of the same face (for its box).
        if face.rasterSizeQ != -sizeQ {
            if ft.pointee.num_fixed_sizes > 0, let sizes = ft.pointee.available_sizes {
                // The smallest strike at least as large (downscaling keeps detail), else the largest.
                var best = 0
                for i in 0..<Int(ft.pointee.num_fixed_sizes) {
                    let ppem = Double(sizes[i].y_ppem) / 64, bestPPEM = Double(sizes[best].y_ppem) / 64
                    if (ppem >= pixelSize && (bestPPEM < pixelSize || ppem < bestPPEM)) || (bestPPEM < pixelSize && ppem > bestPPEM) { best = i }
                }
                guard FT_Select_Size(ft, Int32(best)) == 0 else { return nil }
            } else {
                guard FT_Set_Char_Size(ft, 0, FT_F26Dot6(sizeQ) * 16, 72, 72) == 0 else { return nil }
            }
            face.rasterSizeQ = -sizeQ
        }
        if let size = ft.pointee.size, size.pointee.metrics.y_ppem > 0 { strikePixels = Double(size.pointee.metrics.y_ppem) }
        guard FT_Load_Glyph(ft, glyph, 1 << 20 /* FT_LOAD_COLOR */) == 0, let slot = ft.pointee.glyph else { return nil }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP, FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) != 0 { return nil }
        let bitmap = slot.pointee.bitmap
        let sw = Int(bitmap.width), sh = Int(bitmap.rows)
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), sw > 0, sh > 0, let src = bitmap.buffer, bitmap.pitch >= sw * 4 else {
            return nil
        }
        let scale = pixelSize / strikePixels
        let dw = max(1, Int((Double(sw) * scale).rounded())), dh = max(1, Int((Double(sh) * scale).rounded()))
        let rgba = Self.resampleBGRA(src, pitch: Int(bitmap.pitch), width: sw, height: sh, toWidth: dw, height: dh)
        let left = Int((Double(slot.pointee.bitmap_left) * scale).rounded())
        let top = Int((Double(slot.pointee.bitmap_top) * scale).rounded())
        return rgba.withUnsafeBufferPointer {
            colorAtlas.insert(key, w: dw, h: dh, left: left, top: top, bitmap: $0.baseAddress, pitch: dw * 4)
        }
    }

    /// A premultiplied BGRA bitmap scaled to `dw` × `dh` by area averaging (each output pixel the
    /// mean of the source area under it, separably), as premultiplied RGBA.
    static func resampleBGRA(_ src: UnsafePointer<UInt8>, pitch: Int, width sw: Int, height sh: Int,
                             toWidth dw: Int, height dh: Int) -> [UInt8] {
        // For each output index, the source pixels under it and their weights (summing to 1).
        func taps(_ n: Int, _ m: Int) -> [[(Int, Float)]] {
            let ratio = Double(n) / Double(m)
            return (0..<m).map { i in
                let a = Double(i) * ratio, b = Double(i + 1) * ratio
                var out: [(Int, Float)] = []
                var j = Int(a.rounded(.down))
                while Double(j) < b && j < n {
                    let w = min(b, Double(j + 1)) - max(a, Double(j))
                    if w > 0 { out.append((j, Float(w / ratio))) }
                    j += 1
                }
                return out
            }
        }
        let tx = taps(sw, dw), ty = taps(sh, dh)
        // Horizontal pass into floats (RGBA order), then vertical into bytes.
        var rows = [Float](repeating: 0, count: dw * sh * 4)
        for y in 0..<sh {
            let line = src + y * pitch
            for x in 0..<dw {
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                for (j, w) in tx[x] {
                    let p = line + j * 4
                    b += Float(p[0]) * w; g += Float(p[1]) * w; r += Float(p[2]) * w; a += Float(p[3]) * w
                }
                let o = (y * dw + x) * 4
                rows[o] = r; rows[o + 1] = g; rows[o + 2] = b; rows[o + 3] = a
            }
        }
        var out = [UInt8](repeating: 0, count: dw * dh * 4)
        for y in 0..<dh {
            for x in 0..<dw {
                var c: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (j, w) in ty[y] {
                    let o = (j * dw + x) * 4
                    c.0 += rows[o] * w; c.1 += rows[o + 1] * w; c.2 += rows[o + 2] * w; c.3 += rows[o + 3] * w
                }
                let o = (y * dw + x) * 4
                let alpha = min(max(c.3, 0), 255)
                // Premultiplied: no channel above alpha.
                out[o] = UInt8(min(max(c.0, 0), alpha).rounded()); out[o + 1] = UInt8(min(max(c.1, 0), alpha).rounded())
                out[o + 2] = UInt8(min(max(c.2, 0), alpha).rounded()); out[o + 3] = UInt8(alpha.rounded())
            }
        }
        return out
    }

    /// A rectangle outline about the size of a capital letter.
    private func hollowBox(_ key: GlyphAtlasKey, pixelSize: Double, ascent: Double) -> Int32 {
        let w = max(3, Int((pixelSize * 0.5).rounded()))
        let h = max(4, Int((pixelSize * 0.7).rounded()))
        let stroke = max(1, Int((pixelSize / 14).rounded()))
        var box = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w where x < stroke || x >= w - stroke || y < stroke || y >= h - stroke {
                box[y * w + x] = 255
            }
        }
        let left = max(0, Int((pixelSize * 0.05).rounded()))
        return box.withUnsafeBufferPointer {
            atlas.insert(key, w: w, h: h, left: left, top: h, bitmap: $0.baseAddress, pitch: w)
        }
    }
}
