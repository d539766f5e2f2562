import Testing
import RadialCore
import RadialRender
import RadialTestSupport
@testable import RadialText

/// CPU side of the text system: fontconfig, HarfBuzz shaping, FreeType rasterizing, the atlas.
/// Needs the fonts the project installs (fonts-inter; fonts-noto-cjk for the CJK test).
@Suite("Text")
struct TextTests {
    let fonts: FontSystem

    init() throws {
        fonts = try FontSystem()
    }

    /// Sum of atlas coverage under a quad's texture rectangle.
    private func coverage(_ q: GlyphQuad, in atlas: GlyphAtlas) -> Int {
        let x0 = Int((q.u0 * Float(atlas.width)).rounded()), x1 = Int((q.u1 * Float(atlas.width)).rounded())
        let y0 = Int((q.v0 * Float(atlas.height)).rounded()), y1 = Int((q.v1 * Float(atlas.height)).rounded())
        var sum = 0
        for y in y0..<y1 { for x in x0..<x1 { sum += Int(atlas.pixels[y * atlas.width + x]) } }
        return sum
    }

    private func quads(_ text: String, _ style: TextStyle = .caption, scale: Double = 1, at origin: Vec2 = Vec2(10, 40)) -> [GlyphQuad] {
        var out: [GlyphQuad] = []
        fonts.layout(TextRun(line: fonts.shape(text, weight: style.weight), style: style, origin: origin, scale: scale, color: .black), into: &out)
        return out
    }

    @Test func measuresPlausiblyAndLinearly() {
        let m = fonts.measure("Speed", style: .caption)
        // "Speed" in a 12 pt UI font is roughly 30 pt wide.
        #expect(m.width > 20 && m.width < 45)
        #expect(m.ascent > 8 && m.ascent < 15)
        #expect(m.descent > 1 && m.descent < 6)
        let big = fonts.measure("Speed", style: TextStyle(size: 24))
        #expect(abs(big.width - 2 * m.width) < 1e-9)
        #expect(abs(big.ascent - 2 * m.ascent) < 1e-9)
        #expect(fonts.measure("", style: .caption).width == 0)
    }

    @Test func widerStringsAndWeightsMeasureWider() {
        #expect(fonts.measure("Comfort", style: .caption).width > fonts.measure("Speed", style: .caption).width)
        #expect(fonts.measure("Speed", style: TextStyle.caption.bold).width > fonts.measure("Speed", style: .caption).width)
        #expect(fonts.measure("Speed", style: TextStyle.caption.weight(.semibold)).width
            > fonts.measure("Speed", style: TextStyle.caption.weight(.medium)).width)
        #expect(fonts.measure("Speed", style: .caption) == fonts.measure("Speed", style: .caption))
    }

    @Test func layoutMakesOneQuadPerVisibleGlyphInsideTheAtlas() {
        let text = "Which e-bike? Speed"
        for scale in [1.0, 2.0] {
            let qs = quads(text, .body, scale: scale)
            #expect(qs.count == text.filter { $0 != " " }.count)
            for q in qs {
                #expect(q.u0 >= 0 && q.u1 <= 1 && q.v0 >= 0 && q.v1 <= 1)
                #expect(q.u1 > q.u0 && q.v1 > q.v0)
                // Bitmaps map 1:1 onto whole pixels.
                #expect(q.x0 == q.x0.rounded() && q.y0 == q.y0.rounded())
                #expect(q.x1 - q.x0 == (q.u1 - q.u0) * Float(fonts.atlas.width))
                #expect(coverage(q, in: fonts.atlas) > 0)
                #expect(q.color == .black)
            }
            // Left to right, starting near the origin, spanning about the measured width.
            let width = fonts.measure(text, style: .body).width * scale
            #expect(qs.first!.x0 >= 10 - 2 * Float(scale) && qs.first!.x0 < 10 + 3 * Float(scale))
            #expect(abs(Double(qs.last!.x1 - 10) - width) < 3 * scale)
            #expect(zip(qs, qs.dropFirst()).allSatisfy { $0.x0 < $1.x0 })
        }
    }

    @Test func cjkFallsBackToAFontThatHasIt() {
        let qs = quads("速度", .title2, scale: 2)
        #expect(qs.count == 2)
        for q in qs {
            #expect(coverage(q, in: fonts.atlas) > 255 * 20)
            // A real ideograph, not a thin box: roughly an em wide.
            #expect(q.x1 - q.x0 > 22 * 2 * 0.6)
        }
        #expect(fonts.measure("速度", style: .title2).width > 22 * 1.8)
    }

    @Test func missingCharactersDrawAVisibleBox() {
        let qs = quads("\u{10FFFD}", .body)
        #expect(qs.count == 1)
        if let q = qs.first {
            #expect(q.x1 > q.x0 && q.y1 > q.y0)
            #expect(coverage(q, in: fonts.atlas) > 0)
        }
        #expect(fonts.measure("a\u{10FFFD}b", style: .body).width > fonts.measure("ab", style: .body).width)
    }

    @Test func accentsShape() {
        #expect(quads("Ünïcödé", .body).count == 7)
        #expect(fonts.measure("Ünïcödé", style: .body).width > fonts.measure("Unicode", style: .body).width * 0.9)
    }

    @Test func cachedLayoutAppendsIdenticalQuads() {
        let run = TextRun(line: fonts.shape("Range 速度", weight: .regular), style: .footnote, origin: Vec2(3.3, 17.6), scale: 2, color: RGBA(hex: 0x3366CC))
        var first: [GlyphQuad] = []
        fonts.layout(run, into: &first)
        let glyphs = fonts.atlas.glyphCount
        var both = first
        both.reserveCapacity(2 * first.count)
        fonts.layout(run, into: &both)
        #expect(!first.isEmpty)
        #expect(Array(both[first.count...]) == first)
        #expect(fonts.atlas.glyphCount == glyphs)
        // Moving the run moves every quad by the (rounded) offset and nothing else.
        var moved: [GlyphQuad] = []
        fonts.layout(TextRun(line: run.line, style: run.style, origin: Vec2(13.3, 27.6), scale: 2, color: run.color), into: &moved)
        #expect(zip(first, moved).allSatisfy { $1.x0 - $0.x0 == 10 && $1.y0 - $0.y0 == 10 && $1.u0 == $0.u0 })
    }

    @Test func atlasGrowsKeepingGlyphs() {
        let atlas = GlyphAtlas(size: 64)
        var bitmap = [UInt8](repeating: 200, count: 30 * 30)
        bitmap[0] = 7
        var slots: [Int32] = []
        for i in 0..<12 {
            slots.append(bitmap.withUnsafeBufferPointer {
                atlas.insert(GlyphAtlasKey(face: 0, glyph: UInt32(i), sizeQ: 48), w: 30, h: 30, left: 0, top: 30, bitmap: $0.baseAddress, pitch: 30)
            })
        }
        #expect(atlas.width == 128 && atlas.height == 128) // 64 holds 4, 128 holds 16
        #expect(atlas.dirty)
        atlas.markClean()
        #expect(!atlas.dirty)
        for s in slots.map(atlas.slot) {
            #expect(atlas.pixels[Int(s.y) * atlas.width + Int(s.x)] == 7)
            #expect(s.x >= 1 && s.y >= 1)
        }
        // No two glyphs touch (1 px padding).
        let rects = slots.map(atlas.slot)
        for (i, a) in rects.enumerated() {
            for b in rects[(i + 1)...] {
                let apart = a.x + a.w + 1 <= b.x || b.x + b.w + 1 <= a.x || a.y + a.h + 1 <= b.y || b.y + b.h + 1 <= a.y
                #expect(apart)
            }
        }
    }

    /// The atlas pixels under each quad, to tell later whether a glyph is still where its quad says.
    private func fingerprint(_ qs: [GlyphQuad], _ atlas: GlyphAtlas) -> [Int] { qs.map { coverage($0, in: atlas) } }

    @Test("a stream of ever-new CJK glyphs stays in a small atlas: idle shelves are evicted, the frame's own never are")
    func atlasEvictsIdleGlyphs() {
        let atlas = fonts.atlas
        var k = 0
        for frame in 0..<3000 {
            atlas.beginFrame()
            // Each frame: one label of 8 glyphs never seen before (20,000 CJK ideographs, cycled),
            // and one label every frame draws.
            let fresh = String(String.UnicodeScalarView((0..<8).map { Unicode.Scalar(0x4E00 + (k + $0) % 20_000)! }))
            k += 8
            let q1 = quads(fresh, .body), q2 = quads("Speed 速度", .caption)
            let prints = fingerprint(q1 + q2, atlas)
            if frame % 97 == 0 {
                // Everything drawn in this frame is still in place at its end.
                let more = quads(String(String.UnicodeScalarView((0..<8).map { Unicode.Scalar(0x9000 + (k + $0) % 500)! })), .title2)
                #expect(fingerprint(q1 + q2, atlas) == prints && prints.allSatisfy { $0 > 0 })
                #expect(!more.isEmpty)
            }
        }
        // 24,000 glyphs came and went; without eviction they fill 4096 × 4096 (16 MiB).
        #expect(atlas.width == GlyphAtlas.initialSize, "the atlas grew to \(atlas.width)")
        #expect(atlas.evictions > 15_000)
        #expect(fonts.retainedBytes < GlyphAtlas.initialSize * GlyphAtlas.initialSize + FontSystem.cacheByteLimit + (2 << 20),
                "the text system holds \(fonts.retainedBytes) bytes")
    }

    @Test("glyphs one frame needs are never evicted to make room in that frame: the atlas grows instead")
    func atlasGrowsForOneFrame() {
        let atlas = GlyphAtlas(size: 64)
        let bitmap = [UInt8](repeating: 9, count: 30 * 30)
        func add(_ i: Int) -> Int32 {
            bitmap.withUnsafeBufferPointer {
                atlas.insert(GlyphAtlasKey(face: 0, glyph: UInt32(i), sizeQ: 48), w: 30, h: 30, left: 0, top: 30, bitmap: $0.baseAddress, pitch: 30)
            }
        }
        for i in 0..<4 { _ = add(i) }          // 64 × 64 holds four
        for _ in 0..<GlyphAtlas.idleFrames { atlas.beginFrame() }
        let kept = add(0)                        // used again in this frame
        _ = add(100)                             // room comes from the idle ones, not from glyph 0
        // Glyphs 2 and 3 shared the idle shelf and went; 0 and 1 share the used one and stay.
        #expect(atlas.width == 64 && atlas.glyphCount == 3 && atlas.slotIndex(for: GlyphAtlasKey(face: 0, glyph: 2, sizeQ: 48)) == nil)
        #expect(atlas.slotIndex(for: GlyphAtlasKey(face: 0, glyph: 0, sizeQ: 48)) == kept)
        for i in 200..<220 { _ = add(i) }       // more than fits: grows, glyph 0 stays
        #expect(atlas.width > 64 && atlas.slotIndex(for: GlyphAtlasKey(face: 0, glyph: 0, sizeQ: 48)) == kept)
        let s = atlas.slot(kept)
        #expect(atlas.pixels[Int(s.y) * atlas.width + Int(s.x)] == 9)
    }

    @Test("a frame whose glyphs make the atlas grow part-way has every quad pointing at its glyph at the new size")
    func growingMidFrame() {
        // Enough large CJK glyphs to outgrow 1024 × 1024 within one frame.
        let runs = (0..<40).map { r in
            TextRun(line: fonts.shape(String(String.UnicodeScalarView((0..<30).map { Unicode.Scalar(0x4E00 + r * 30 + $0)! })), weight: .regular),
                    style: TextStyle(size: 30), origin: Vec2(10, 40), scale: 1, color: .black)
        }
        var quads: [GlyphQuad] = [], starts: [Int] = []
        fonts.layoutFrame(runs, into: &quads, runStarts: &starts)
        #expect(fonts.atlas.width > GlyphAtlas.initialSize, "did not grow: \(fonts.atlas.width)")
        #expect(starts.count == runs.count + 1 && quads.count > 1000)
        #expect(quads.allSatisfy { abs(($0.u1 - $0.u0) * Float(fonts.atlas.width) - ($0.x1 - $0.x0)) < 1e-3 })
        #expect(quads.allSatisfy { coverage($0, in: fonts.atlas) > 0 })
    }
}
