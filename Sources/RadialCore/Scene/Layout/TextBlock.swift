/// A piece of text set for the room it has: on one line if it fits, else wrapped at word
/// boundaries (between any two characters of a script without spaces) onto at most `maxLines`
/// lines, the last one shortened with "…" if the text still does not fit. A word is never
/// broken: one wider than the room is shortened with "…". The whole text stays
/// in `text` (for the element, the tooltip and the label record).
///
/// Sizes are in points at the shaper's text size; lines are measured once, when the block is made.
struct TextBlock {
    enum Alignment { case leading, center, trailing }

    let text: String
    let style: TextStyle
    let lines: [ShapedLine]
    /// The widest line's width and the lines' total height.
    let size: Size
    let lineHeight: Double
    let shortened: Bool
    var alignment: Alignment = .center

    /// `text` set within `width` points on at most `maxLines` lines.
    init(_ text: String, style: TextStyle, width: Double, maxLines: Int = 1, alignment: Alignment = .center, _ shaper: TextShaping) {
        self.text = text
        self.style = style
        self.alignment = alignment
        lineHeight = shaper.lineHeight(style)
        let (strings, shortened) = Self.wrap(text, style: style, width: max(width, 0), maxLines: max(maxLines, 1), shaper)
        self.shortened = shortened
        lines = strings.map { shaper.shape($0, weight: style.weight) }
        let w = strings.map { shaper.width($0, style) }.max() ?? 0
        size = Size(w, Double(lines.count) * lineHeight)
    }

    /// Whether the text is shown whole on one line.
    var isSingleLine: Bool { lines.count == 1 && !shortened }

    /// The lines `text` breaks into within `width` (greedy, by words; a word longer than a line
    /// is broken between characters), at most `maxLines`, and whether some was left out.
    static func wrap(_ text: String, style: TextStyle, width: Double, maxLines: Int, _ shaper: TextShaping) -> ([String], Bool) {
        // The same names at the same widths come back in every layout a page tries: remembered.
        if let typesetter = shaper as? Typesetter {
            return typesetter.wrapping(text, style, width, maxLines) { wrapped(text, style: style, width: width, maxLines: maxLines, shaper) }
        }
        return wrapped(text, style: style, width: width, maxLines: maxLines, shaper)
    }

    private static func wrapped(_ text: String, style: TextStyle, width: Double, maxLines: Int, _ shaper: TextShaping) -> ([String], Bool) {
        if shaper.width(text, style) <= width { return ([text], false) }
        var lines: [String] = []
        var current = ""
        func fits(_ s: String) -> Bool { shaper.width(s, style) <= width }
        var cutWord = false
        for word in breaks(text, style: style, shaper).pieces {
            let candidate = current + word
            if fits(candidate.trimmingTrailingSpaces) || current.isEmpty {
                if !fits(candidate.trimmingTrailingSpaces) {
                    // A single word wider than the line: shortened, never broken.
                    current = shaper.truncated(candidate.trimmingTrailingSpaces, style, toWidth: width) + " "
                    cutWord = true
                } else {
                    current = candidate
                }
            } else {
                lines.append(current.trimmingTrailingSpaces)
                current = String(word.drop { $0 == " " })
                if !fits(current.trimmingTrailingSpaces) {
                    // A word wider than the line that starts a line is shortened too (it was
                    // kept whole, wider than the room, and the block said nothing was cut).
                    current = shaper.truncated(current.trimmingTrailingSpaces, style, toWidth: width) + " "
                    cutWord = true
                }
            }
        }
        if !current.isEmpty { lines.append(current.trimmingTrailingSpaces) }
        if lines.count <= maxLines { return (lines, cutWord) }
        var kept = Array(lines.prefix(maxLines - 1))
        let rest = lines[(maxLines - 1)...].joined(separator: " ")
        kept.append(shaper.truncated(rest, style, toWidth: width))
        return (kept, true)
    }

    /// `text`'s `breakOpportunities` and the width of its widest piece (without its spaces) in
    /// `style`, worked out once per text, style and text size by a typesetter (a layout's search
    /// wraps the same names at many widths).
    static func breaks(_ text: String, style: TextStyle, _ shaper: TextShaping) -> (pieces: [String], widest: Double) {
        func make() -> (pieces: [String], widest: Double) {
            let pieces = breakOpportunities(text)
            return (pieces, pieces.map { shaper.width(String($0.drop { $0 == " " }).trimmingTrailingSpaces, style) }.max() ?? 0)
        }
        if let typesetter = shaper as? Typesetter { return typesetter.breaking(text, style, make) }
        return make()
    }

    /// `text` cut into pieces that a line may end after: each word with the spaces after it, and
    /// each character of CJK and similar scripts on its own.
    static func breakOpportunities(_ text: String) -> [String] {
        // Each piece is a run of the text from `start` to the character being read: slices,
        // never built a character at a time.
        var out: [String] = []
        var start = text.startIndex, endsInSpace = false
        var i = text.startIndex
        while i < text.endIndex {
            let ch = text[i], next = text.index(after: i)
            if isIdeographic(ch) {
                if start < i { out.append(String(text[start..<i])) }
                out.append(String(ch))
                start = next; endsInSpace = false
            } else if ch == " " {
                endsInSpace = true
            } else {
                if endsInSpace { out.append(String(text[start..<i])); start = i; endsInSpace = false }
                // A line may break after a slash or a hyphen.
                if ch == "/" || ch == "-" { out.append(String(text[start..<next])); start = next }
            }
            i = next
        }
        if start < text.endIndex { out.append(String(text[start...])) }
        return out
    }

    private static func isIdeographic(_ ch: Character) -> Bool {
        guard let v = ch.unicodeScalars.first?.value else { return false }
        return (0x3040...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v)
    }

    /// The block's box with its top-left corner at `origin`.
    func box(at origin: Vec2) -> Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }

    /// Draws the block with its box's top-left corner at `origin`, each line aligned in the box,
    /// as one label of `role`.
    func draw(_ ctx: DrawContext, at origin: Vec2, color: RGBA, role: TextRole, shrink: Double = 1) {
        ctx.text(self, at: origin, color: color, role: role, shrink: shrink)
    }
}

extension DrawContext {
    /// A text block with its box's top-left corner at `origin` (points): its runs and one label.
    func text(_ block: TextBlock, at origin: Vec2, color: RGBA, role: TextRole, shrink: Double = 1) {
        let style = measurer.textSize.resolve(block.style)
        let first = frame.texts.count
        let o = opacity(of: role), color = color.opacity(Float(o))
        var y = origin.y
        let lineH = block.lineHeight * shrink
        for line in block.lines {
            let m = line.metrics(style)
            let w = m.width * shrink
            let x: Double
            switch block.alignment {
            case .leading: x = origin.x
            case .center: x = origin.x + (block.size.width * shrink - w) / 2
            case .trailing: x = origin.x + block.size.width * shrink - w
            }
            frame.add(TextRun(line: line, style: style, origin: Vec2(x, y + m.ascent * shrink) * scale, scale: scale * shrink, color: color))
            y += lineH
        }
        let box = Rect(x: origin.x * scale, y: origin.y * scale, width: block.size.width * shrink * scale, height: block.size.height * shrink * scale)
        frame.add(TextLabel(text: block.text, role: role, box: box, fontSize: style.size * shrink * scale, lines: block.lines.count,
                            shortened: block.shortened, chart: chart, runs: first..<frame.texts.count, opacity: o))
    }
}

extension TextBlock {
    /// `text` on one line if it fits `width`; else on two lines as even as its breaks allow (CSS's
    /// `text-wrap: balance`), before any "…"; else wrapped greedily onto two lines, the second
    /// shortened with "…". Made at layout.
    init(balanced text: String, style: TextStyle, width: Double, alignment: Alignment = .center, _ shaper: TextShaping) {
        let strings: [String], shortened: Bool
        if let two = Self.balancedLines(text, style: style, width: width, shaper) {
            (strings, shortened) = (two, false)
        } else {
            let (wrapped, cut) = Self.wrap(text, style: style, width: max(width, 0), maxLines: 2, shaper)
            // (A word that starts a line and is wider than it is cut too, not only the first.)
            let fitted = wrapped.map { shaper.width($0, style) > width ? shaper.truncated($0, style, toWidth: max(width, 0)) : $0 }
            (strings, shortened) = (fitted, cut || fitted != wrapped)
        }
        self.init(lines: strings, of: text, style: style, shortened: shortened, alignment: alignment, shaper)
    }

    /// `lines` (set beforehand) standing for `text`.
    init(lines strings: [String], of text: String, style: TextStyle, shortened: Bool, alignment: Alignment = .center, _ shaper: TextShaping) {
        self.text = text
        self.style = style
        self.alignment = alignment
        lineHeight = shaper.lineHeight(style)
        self.shortened = shortened
        lines = strings.map { shaper.shape($0, weight: style.weight) }
        size = Size(strings.map { shaper.width($0, style) }.max() ?? 0, Double(strings.count) * lineHeight)
    }

    /// Whether every line this block cuts keeps three characters or more before its "…" (#32: a
    /// text is never shortened to fewer; shorter, it is left out). A whole block does; a
    /// direction mark is not a character.
    var keepsThreeCharacters: Bool {
        !shortened || lines.allSatisfy { Self.keepsThreeCharacters($0.text) }
    }

    /// Whether `line` keeps three characters or more before its "…" (a line without one does).
    static func keepsThreeCharacters(_ line: String) -> Bool {
        guard line.hasSuffix("…") else { return true }
        var kept = 0
        for ch in line.dropLast() where ch != " " && ch.unicodeScalars.first?.properties.generalCategory != .format {
            kept += 1
            if kept == 3 { return true }
        }
        return false
    }

    /// The least a text is shrunk before it is cut or hidden (#32): to 85 % of its size.
    static let leastShrink = 0.85
    /// The least `style` is shrunk to: `leastShrink`, and never below 9 points.
    static func leastShrink(_ style: TextStyle, _ shaper: TextShaping) -> Double {
        let size = shaper.textSize.resolve(style).size
        return min(max(leastShrink, 9 / max(size, 1e-9)), 1)
    }

    /// `text` whole on one line, or on the two lines within `width` whose wider is narrowest; nil
    /// when it needs more than two lines.
    static func balancedLines(_ text: String, style: TextStyle, width: Double, _ shaper: TextShaping) -> [String]? {
        if shaper.width(text, style) <= width { return [text] }
        let pieces = breaks(text, style: style, shaper).pieces
        var best: (lines: [String], widest: Double)?
        for i in pieces.indices.dropFirst() {
            let a = pieces[..<i].joined().trimmingTrailingSpaces, b = String(pieces[i...].joined().drop { $0 == " " })
            let widest = max(shaper.width(a, style), shaper.width(b, style))
            if widest <= width && widest < (best?.widest ?? .infinity) { best = ([a, b], widest) }
        }
        return best?.lines
    }
}
