import Foundation
import Testing
import RadialCore
import RadialRender
import RadialVector
import RadialTestSupport
@testable import RadialText

/// Emoji drawn in color (Noto Color Emoji's CBDT bitmaps through the RGBA atlas on GL, cairo's
/// color glyphs in its PNG), and the one warning for a character no installed font has.
/// Needs fonts-noto-color-emoji (scripts/setup).
@Suite("Emoji and missing glyphs", .serialized)
struct EmojiTests {
    static let page = Page(title: "Trip 🚀🎶 🇩🇪", subtitle: "Packing ❤️ 👍🏽 and 📚", charts: [
        .radar(RadarChart(axes: ["Speed 🚲", "Food 🍜", "Sleep", "Views 🏔️", "Price"],
                          series: [RadarSeries(name: "Alps", values: [55, 70, 62, 95, 40], color: .system(.teal)),
                                   RadarSeries(name: "Coast 🌊", values: [80, 85, 78, 60, 65], color: .system(.orange))]))
    ])

    /// The title's line box in output pixels, from the geometry.
    static func titleBox(_ g: JSONOut) throws -> Rect {
        let title = try #require((g[key: "texts"]?.items ?? []).first { $0[key: "role"]?.text == "title" })
        return try #require(title[key: "box"]?.rect)
    }

    /// Pixels of `image` in `box` (straight alpha) whose channels are far apart (a color, not a
    /// gray of text on the page), and the rows they span.
    static func colorful(_ image: RGBAImage, in box: Rect) -> (count: Int, reddish: Int, rows: ClosedRange<Int>?) {
        let img = image.straightened()
        var count = 0, reddish = 0, top = Int.max, bottom = Int.min
        for y in max(0, Int(box.minY))..<min(img.height, Int(box.maxY.rounded(.up))) {
            for x in max(0, Int(box.minX))..<min(img.width, Int(box.maxX.rounded(.up))) {
                let p = img.pixel(x, y)
                let r = Int(p.r), g = Int(p.g), b = Int(p.b)
                guard max(r, g, b) - min(r, g, b) > 80 else { continue }
                count += 1
                if r - b > 80 { reddish += 1 }
                top = min(top, y); bottom = max(bottom, y)
            }
        }
        return (count, reddish, count > 0 ? top...bottom : nil)
    }

    @Test("Emoji in the title are drawn in color, about the title's height, within its line; the text beside them stays gray")
    func emojiInColorOnGL() throws {
        let scale = 2.0
        let (image, g) = try GLTestContext.render(Self.page, size: Size(420, 420), scale: scale, at: 5)
        let box = try Self.titleBox(g)
        let c = Self.colorful(image, in: box)
        // Three emoji, each about 45 px wide at 2x: well over a thousand strongly colored pixels (1765 on GL), a good share
        // of them red or orange (the rocket's flame, the flag's red and gold).
        #expect(c.count > 1000, "colored pixels in the title: \(c.count)")
        #expect(c.reddish > 600, "reddish pixels in the title: \(c.reddish)")
        let rows = try #require(c.rows)
        // About the line's height, not a thin box or a blown-up bitmap; on the line, not clipped.
        #expect(Double(rows.count) > 0.6 * box.height && Double(rows.count) <= box.height + 2, "emoji rows \(rows) in title box \(box)")
        #expect(Double(rows.lowerBound) >= box.minY - 2 && Double(rows.upperBound) <= box.maxY + 2)
        // "Trip" (left of the first emoji) has no color at all.
        let trip = Self.colorful(image, in: Rect(x: box.minX, y: box.minY, width: box.width * 0.2, height: box.height))
        #expect(trip.count == 0)
    }

    @Test("cairo's PNG of the same frame draws the emoji in color too")
    func emojiInColorOnCairo() throws {
        let scale = 2.0
        let (cairo, g) = try GLTestContext.with { h in
            let scene = h.scene(for: Self.page, formatting: Formatting(localeIdentifier: "en_US"))
            let request = FrameRequest(size: Size(420, 420), scale: scale, time: 5, theme: .light, reduceMotion: false, textSize: .large)
            _ = try h.image(of: scene, request)
            return (try VectorRenderer().image(h.frame), scene.geometry(request))
        }
        let c = Self.colorful(cairo, in: try Self.titleBox(g))
        #expect(c.count > 1000, "colored pixels in the title: \(c.count)")
        #expect(c.reddish > 600, "reddish pixels in the title: \(c.reddish)")
    }

    @Test("Golden: the emoji page")
    func golden() throws {
        let (image, _) = try GLTestContext.render(Self.page, size: Size(420, 420), scale: 2, at: 5)
        try Goldens.check(image, named: "emoji-title")
    }

    @Test("Shaping: a flag, a skin tone and a ZWJ family are one color glyph each; the space after an emoji is the UI font's")
    func sequences() throws {
        let fonts = try FontSystem()
        for text in ["🇩🇪", "👍🏽", "👩‍👩‍👧", "❤️"] {
            var quads: [GlyphQuad] = []
            let line = fonts.shape(text, weight: .regular)
            fonts.layout(TextRun(line: line, style: TextStyle(size: 20), origin: Vec2(10, 40), scale: 1, color: .black), into: &quads)
            #expect(quads.count == 1 && quads.filter(\.colored).count == 1, "\(text): \(quads.count) quads")
            #expect(line.missing.isEmpty)
        }
        // An emoji is about an em and a quarter wide (Noto's advance), and a space after it as wide as Inter's.
        let emoji = fonts.measure("🚀", style: TextStyle(size: 20)).width
        #expect(emoji > 20 && emoji < 30)
        let space = fonts.measure("a b", style: TextStyle(size: 20)).width - fonts.measure("ab", style: TextStyle(size: 20)).width
        let afterEmoji = fonts.measure("🚀 b", style: TextStyle(size: 20)).width - fonts.measure("🚀b", style: TextStyle(size: 20)).width
        #expect(abs(afterEmoji - space) < 0.5)
        // Plain text never goes near the color atlas.
        var quads: [GlyphQuad] = []
        fonts.layout(TextRun(line: fonts.shape("Speed 1 # ©", weight: .regular), style: .body, origin: Vec2(0, 20), scale: 1, color: .black), into: &quads)
        #expect(quads.filter(\.colored).isEmpty)
    }

    @Test("A character no installed font has: one warning naming it and where, however often it is drawn", arguments: ["gl", "cairo"])
    func missingGlyphWarning(renderer: String) throws {
        // U+10FFFD: private use, in no font the project installs (fc-list ':charset=10fffd' is empty).
        let json = #"{"title": "Plan \#u{10FFFD}", "charts": [{"type": "radar", "axes": ["A \#u{10FFFD}", "B \#u{10FFFD}", "C"], "series": [{"name": "S", "values": [1, 2, 3]}]}]}"#
        let dir = NSTemporaryDirectory() + "emoji-warning-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/page.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Tool.radial(["render", file, "--out", dir + "/out.png", "--renderer", renderer, "--size", "400x400"])
        #expect(r.code == 0, "\(r.err)")
        let warnings = r.err.split(separator: "\n").filter { $0.contains("no installed font has") }
        #expect(warnings.count == 1, "stderr: \(r.err)")
        #expect(warnings.first == "warning: \(file): no installed font has U+10FFFD (in charts[0] title \"Plan \u{10FFFD}\"); it is drawn as a box")
        // Emoji are not missing: no warning for a page of them.
        let emoji = dir + "/emoji.json"
        try #"{"title": "Trip 🚀🎶 🇩🇪", "charts": [{"type": "radar", "axes": ["A 🚲", "B", "C"], "series": [{"name": "S", "values": [1, 2, 3]}]}]}"#.write(toFile: emoji, atomically: true, encoding: .utf8)
        let e = try Tool.radial(["render", emoji, "--out", dir + "/emoji.png", "--renderer", renderer, "--size", "400x400"])
        #expect(e.code == 0 && !e.err.contains("no installed font"), "stderr: \(e.err)")
    }
}
