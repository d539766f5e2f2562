import Foundation

/// Font weights the charts use.
package enum FontWeight: Int, Hashable, Sendable, CaseIterable {
    /// The CSS weights 400, 500, 600 and 700.
    case regular = 400, medium = 500, semibold = 600, bold = 700
}

/// A font request: size in points and weight. The family is the UI font fontconfig picks.
package struct TextStyle: Hashable, Sendable {
    /// The font size in points, at the default ("Large") text size.
    package var size: Double
    /// The weight (default regular).
    package var weight: FontWeight
    /// A style of `size` points in `weight`.
    package init(size: Double, weight: FontWeight = .regular) { self.size = size; self.weight = weight }

    // SwiftUI's Dynamic Type sizes at the default ("Large") setting.
    /// 34 pt regular.
    package static let largeTitle = TextStyle(size: 34)
    /// 28 pt regular.
    package static let title = TextStyle(size: 28)
    /// 22 pt regular.
    package static let title2 = TextStyle(size: 22)
    /// 20 pt regular.
    package static let title3 = TextStyle(size: 20)
    /// 17 pt semibold.
    package static let headline = TextStyle(size: 17, weight: .semibold)
    /// 17 pt regular.
    package static let body = TextStyle(size: 17)
    /// 16 pt regular.
    package static let callout = TextStyle(size: 16)
    /// 15 pt regular.
    package static let subheadline = TextStyle(size: 15)
    /// 13 pt regular.
    package static let footnote = TextStyle(size: 13)
    /// 12 pt regular.
    package static let caption = TextStyle(size: 12)
    /// 11 pt regular.
    package static let caption2 = TextStyle(size: 11)

    /// The style at the same size in weight `w`.
    package func weight(_ w: FontWeight) -> TextStyle { TextStyle(size: size, weight: w) }
    /// The style at the same size in bold.
    package var bold: TextStyle { weight(.bold) }
}

/// How big a line of text is, in points.
package struct TextMetrics: Hashable, Sendable {
    /// Advance width of the shaped line.
    package var width: Double
    /// Distance from the baseline up to the top of the line box.
    package var ascent: Double
    /// Distance from the baseline down to the bottom of the line box (positive).
    package var descent: Double
    /// Metrics of a line `width` wide, `ascent` up and `descent` down from the baseline.
    package init(width: Double, ascent: Double, descent: Double) { self.width = width; self.ascent = ascent; self.descent = descent }
    /// The line box's height: ascent plus descent.
    package var height: Double { ascent + descent }
}

/// A font file a shaped glyph comes from: what a second backend (cairo, a PDF) loads to draw the
/// same glyph ids.
package struct FontFaceDescriptor: Hashable, Sendable {
    /// The font file's path on disk.
    package var path: String
    /// The face's index within the file (a TrueType collection holds several).
    package var index: Int
    /// Face `index` of the file at `path`.
    package init(path: String, index: Int) { self.path = path; self.index = index }
}

/// One glyph of a shaped line, in visual order.
package struct ShapedGlyph: Equatable, Sendable {
    /// The face that draws it (an index into the shaper's `faces`).
    package var face: Int32
    /// The glyph id within that face.
    package var glyph: UInt32
    /// Where the glyph's origin sits, in ems from the left end of the line's baseline (x right,
    /// y up, as HarfBuzz gives offsets): the pen position plus the glyph's offset.
    package var x: Float, y: Float
    /// The UTF-8 byte offset in the line's text of the first character this glyph draws
    /// (HarfBuzz's cluster), so a PDF can map glyphs back to text.
    package var cluster: UInt32
    /// A glyph of `face` at (`x`, `y`) ems, drawing from byte `cluster` of the text.
    package init(face: Int32, glyph: UInt32, x: Float, y: Float, cluster: UInt32) {
        self.face = face; self.glyph = glyph; self.x = x; self.y = y; self.cluster = cluster
    }
}

/// A line of text shaped once (fonts chosen per character, bidirectional runs ordered, HarfBuzz
/// positions), shared without copying by the shaper's cache, the layout and the frames that draw
/// it. Sizes are in ems: multiply by a style's size for points.
package final class ShapedLine: Sendable, CustomStringConvertible {
    /// The text as given, before shaping.
    package let text: String
    /// The weight it was shaped in.
    package let weight: FontWeight
    /// The glyphs left to right.
    package let glyphs: [ShapedGlyph]
    /// The pen's advance over the whole line.
    package let advance: Double
    /// The UI font's ascent and descent (positive), so every line of a style is as tall.
    package let ascent: Double, descent: Double
    /// Characters no installed font has (drawn as hollow boxes), in order of appearance.
    package let missing: [Unicode.Scalar]
    /// Where each run shaped on its own (one face, one bidi level: one direction) starts, as
    /// glyph indexes after the first run's (empty: one run, or not known). A PDF's text maps
    /// each run's glyphs to its own bytes: a number inside right-to-left text is a run of its own.
    package let runStarts: [Int]

    /// A line as the shaper made it; sizes in ems.
    package init(text: String, weight: FontWeight, glyphs: [ShapedGlyph], advance: Double, ascent: Double, descent: Double,
                 missing: [Unicode.Scalar] = [], runStarts: [Int] = []) {
        self.text = text; self.weight = weight; self.glyphs = glyphs; self.advance = advance
        self.ascent = ascent; self.descent = descent; self.missing = missing; self.runStarts = runStarts
    }

    /// The line's size in `style`, in points.
    package func metrics(_ style: TextStyle) -> TextMetrics {
        TextMetrics(width: advance * style.size, ascent: ascent * style.size, descent: descent * style.size)
    }

    package var description: String { "ShapedLine(\(text.debugDescription), \(glyphs.count) glyphs)" }
}

/// Shapes text. The real one is RadialText's `FontSystem` (fontconfig, FriBidi and HarfBuzz over
/// FreeType); layout only ever sees this protocol, so RadialCore stays free of C.
package protocol TextShaping: AnyObject {
    /// `text` set on one line in `weight`. Implementations cache per string: asking again for a
    /// string shaped before returns the same line without shaping.
    func shape(_ text: String, weight: FontWeight) -> ShapedLine
    /// Every face a shaped glyph may name, indexed by `ShapedGlyph.face`. Only ever grows.
    var faces: [FontFaceDescriptor] { get }
    /// The Dynamic Type size styles are set at when measured through this shaper (`large`, the
    /// styles' own sizes, unless a `Typesetter` says otherwise).
    var textSize: TextSize { get }
}

extension TextShaping {
    package var textSize: TextSize { .large }

    /// The metrics of `text` set on one line in `style` (at `textSize`).
    package func measure(_ text: String, style: TextStyle) -> TextMetrics {
        shape(text, weight: style.weight).metrics(textSize.resolve(style))
    }
    /// The height of a line box in `style`, in points (that of "Ag").
    package func lineHeight(_ style: TextStyle) -> Double { measure("Ag", style: style).height }
    /// The width of `s` on one line in `style`, in points.
    package func width(_ s: String, _ style: TextStyle) -> Double { measure(s, style: style).width }
}

/// What a piece of text is on the page, for `--geometry`'s `texts`, the layout's overlap checks,
/// and the vector backends' groups.
package enum TextRole: String, Sendable, CaseIterable {
    /// The page's title; a chart's or the page's subtitle.
    case title, subtitle
    /// A radar's axis name; the scale's value at a grid ring; a value written beside a corner.
    case axisLabel = "axis-label", ringLabel = "ring-label", valueLabel = "value-label"
    /// A legend entry; a line of a card; a note; a total; a line of a tooltip.
    case legend, card, note, total, tooltip
    /// A button's title (the radar's Replay).
    case button
    /// A chart's caption under it (the scan's "One turn every 3 seconds").
    case caption
    /// A scan contact's label.
    case contact
    /// The page's "Make the window larger" request, a chart's "No data".
    case message
    /// What the window draws over a page: error banner, key help, toasts, frame times.
    case overlay

    /// The text a chart's kind draws around and on its marks (names at the rim, ticks, values,
    /// labels on arcs, a total, a note), which fades in while a chart morphs into that kind;
    /// its title, subtitle and legend belong to the card, which both kinds share.
    package static let kindLabels: Set<TextRole> = [.axisLabel, .ringLabel, .valueLabel, .card, .total, .note]
}

/// A run of text on one line, shaped: where its line box starts and how it is drawn. Position
/// is the left end of the baseline, in pixels; a run at an `angle` is turned about that point.
package struct TextRun: Equatable, Sendable {
    /// The shaped line drawn.
    package var line: ShapedLine
    /// The style it is drawn in (size in points, weight).
    package var style: TextStyle
    /// The left end of the baseline, in output pixels.
    package var origin: Vec2
    /// Pixels per point (content scale × any shrink-to-fit factor).
    package var scale: Double
    /// The glyphs' color, straight alpha.
    package var color: RGBA
    /// How far the run is turned about `origin`, in radians clockwise on the screen (y down, as
    /// cairo's and SVG's `rotate`); 0, the common case, is horizontal text.
    package var angle: Double
    /// A run of `line` in `style` with its baseline starting at `origin` (pixels), turned `angle`
    /// radians clockwise about it.
    package init(line: ShapedLine, style: TextStyle, origin: Vec2, scale: Double, color: RGBA, angle: Double = 0) {
        self.line = line; self.style = style; self.origin = origin; self.scale = scale; self.color = color; self.angle = angle
    }
    /// The line's text.
    package var text: String { line.text }
    /// The size the glyphs are drawn at, in pixels.
    package var pixelSize: Double { style.size * scale }

    package static func == (a: TextRun, b: TextRun) -> Bool {
        (a.line === b.line || (a.line.text == b.line.text && a.line.weight == b.line.weight))
            && a.style == b.style && a.origin == b.origin && a.scale == b.scale && a.color == b.color && a.angle == b.angle
    }
}

/// One piece of text as the reader sees it: a label, a title, a card's line, possibly wrapped onto
/// several runs or shortened with "…". What `--geometry` lists as `texts` and what overlap checks
/// read. Boxes are line boxes (advance × ascent + descent) in output pixels.
package struct TextLabel: Equatable, Sendable {
    /// The whole text, as the data has it (before wrapping or shortening).
    package var text: String
    /// What the text is on the page.
    package var role: TextRole
    /// Its line boxes' bounds, in output pixels (a turned label's: the bounds of its turned box).
    package var box: Rect
    /// The glyphs' size in pixels (after `--scale` and any shrink).
    package var fontSize: Double
    /// How many lines it was set on.
    package var lines: Int
    /// Whether some of `text` was left out ("…").
    package var shortened: Bool
    /// The chart it belongs to (its index on the page), or nil for the page's own text.
    package var chart: Int?
    /// Its runs in `Frame.texts`.
    package var runs: Range<Int>
    /// How strongly it is drawn beyond its color's own alpha: below 1 while it fades in (the
    /// labels of a kind a chart morphs into).
    package var opacity: Double
    /// How far it is turned, in radians clockwise on the screen (0: horizontal, the common case).
    package var angle: Double
    /// A turned label's line box as drawn: its four corners in output pixels, clockwise from the
    /// start of its top edge (what an honest overlap check of turned text reads); empty when
    /// horizontal (`box` is then exact).
    package var corners: [Vec2]
    /// A label with every field given.
    package init(text: String, role: TextRole, box: Rect, fontSize: Double, lines: Int, shortened: Bool, chart: Int?, runs: Range<Int>,
                 opacity: Double = 1, angle: Double = 0, corners: [Vec2] = []) {
        self.text = text; self.role = role; self.box = box; self.fontSize = fontSize; self.lines = lines
        self.shortened = shortened; self.chart = chart; self.runs = runs; self.opacity = opacity
        self.angle = angle; self.corners = corners
    }

    /// The corners of `box` turned `angle` radians clockwise about `pivot`, clockwise from the
    /// top left (as `corners` holds them).
    package static func corners(of box: Rect, turned angle: Double, about pivot: Vec2) -> [Vec2] {
        let c = cos(angle), s = sin(angle)
        return [Vec2(box.minX, box.minY), Vec2(box.maxX, box.minY), Vec2(box.maxX, box.maxY), Vec2(box.minX, box.maxY)].map { p in
            let d = p - pivot
            return Vec2(pivot.x + c * d.x - s * d.y, pivot.y + s * d.x + c * d.y)
        }
    }

    /// Whether this label's drawn box and `other`'s share any area (by their corners where
    /// turned: separating axes; by `box` where both are horizontal), `slack` pixels allowed.
    package func overlaps(_ other: TextLabel, slack: Double = 0) -> Bool {
        let a = corners.isEmpty ? Self.corners(of: box, turned: 0, about: .zero) : corners
        let b = other.corners.isEmpty ? Self.corners(of: other.box, turned: 0, about: .zero) : other.corners
        for poly in [a, b] {
            for k in 0..<4 {
                let e = poly[(k + 1) % 4] - poly[k]
                let axis = Vec2(-e.y, e.x)
                let len = axis.length
                guard len > 0 else { continue }
                let pa = a.map { ($0.x * axis.x + $0.y * axis.y) / len }, pb = b.map { ($0.x * axis.x + $0.y * axis.y) / len }
                if pa.max()! <= pb.min()! + slack || pb.max()! <= pa.min()! + slack { return false }
            }
        }
        return true
    }
}

/// A shaper seen at a text size: what a page lays out and draws with, so every style a chart asks
/// for (`.caption`, `.title2`) is measured and drawn at the page's Dynamic Type size.
package final class Typesetter: TextShaping {
    /// The shaper that shapes the lines (never itself a typesetter).
    package let shaper: TextShaping
    /// The Dynamic Type size every style is set at.
    package var textSize: TextSize
    /// `shaper` seen at `textSize` (default `.large`: the styles' own sizes).
    package init(_ shaper: TextShaping, textSize: TextSize = .large) {
        // Wrapping a typesetter would set styles twice.
        self.shaper = (shaper as? Typesetter)?.shaper ?? shaper
        self.textSize = textSize
    }
    package func shape(_ text: String, weight: FontWeight) -> ShapedLine { shaper.shape(text, weight: weight) }
    package var faces: [FontFaceDescriptor] { shaper.faces }

    private struct TruncationKey: Hashable {
        var text: String, style: TextStyle, width: Double, size: TextSize
    }
    /// Texts shortened to a width, by text, style, width and text size (at most `truncationLimit`
    /// of them: past it the memory starts afresh).
    private var truncations: [TruncationKey: String] = [:]
    private static let truncationLimit = 4096

    private struct WrapKey: Hashable {
        var text: String, style: TextStyle, width: Double, maxLines: Int, size: TextSize
    }
    private var wraps: [WrapKey: ([String], Bool)] = [:]

    /// `text` wrapped to `width` in at most `maxLines` lines of `style` at this text size, worked
    /// out by `make` the first time (bounded as `truncation` is).
    func wrapping(_ text: String, _ style: TextStyle, _ width: Double, _ maxLines: Int, _ make: () -> ([String], Bool)) -> ([String], Bool) {
        let key = WrapKey(text: text, style: style, width: width, maxLines: maxLines, size: textSize)
        if let known = wraps[key] { return known }
        if wraps.count >= Self.truncationLimit { wraps.removeAll(keepingCapacity: true) }
        let made = make()
        wraps[key] = made
        return made
    }

    private struct BreaksKey: Hashable {
        var text: String, style: TextStyle, size: TextSize
    }
    private var breaks: [BreaksKey: (pieces: [String], widest: Double)] = [:]

    /// `text`'s break pieces and its widest piece's width in `style` at this text size, worked out
    /// by `make` the first time (bounded as `truncation` is).
    func breaking(_ text: String, _ style: TextStyle, _ make: () -> (pieces: [String], widest: Double)) -> (pieces: [String], widest: Double) {
        let key = BreaksKey(text: text, style: style, size: textSize)
        if let known = breaks[key] { return known }
        if breaks.count >= Self.truncationLimit { breaks.removeAll(keepingCapacity: true) }
        let made = make()
        breaks[key] = made
        return made
    }

    /// `text` shortened to `width` in `style` at this text size, worked out by `make` the first time.
    func truncation(_ text: String, _ style: TextStyle, _ width: Double, _ make: () -> String) -> String {
        let key = TruncationKey(text: text, style: style, width: width, size: textSize)
        if let known = truncations[key] { return known }
        if truncations.count >= Self.truncationLimit { truncations.removeAll(keepingCapacity: true) }
        let made = make()
        truncations[key] = made
        return made
    }
}
