/// A card's title block: a title2 over a secondary subheadline, 4 pt apart, centered (the radar
/// seed's header). Shared by the radar, scan and radial family's cards. One rule for every kind: a
/// chart's own title is regular, as the pie seed's titles are; the page's title shown in its only
/// card (the e-bike seed) is bold.
///
/// Each line is set for the card's width (#32): whole on one line when it fits (every layout that
/// fitted before is unchanged), else on two balanced lines, else those shrunk a little (no less
/// than `TextBlock.leastShrink`, never below 9 px), and only then cut with "…". The header's height
/// is therefore a function of the width it is given.
///
/// A second line costs the chart its height in a card whose chart is as tall as the card lets it
/// be. One rule for every kind (`fitted(width:cardHeight:marks:)`), like the page title's: a text
/// takes a second line only while the chart's marks keep at least `keptShare` of the size they have
/// under a one-line header, or half the card's height; otherwise it stays on one line, shrunk, then
/// cut. The title takes its second line before the subtitle does.
struct CardHeader {
    var title: String?
    var subtitle: String?
    /// Whether `title` is the page's, shown in its only card.
    var pageTitle = false
    /// The lines as set for the width (`fitted`); nil before that, or with no such line.
    private(set) var titleLines: FittedText?
    private(set) var subtitleLines: FittedText?

    static let pageTitleStyle = TextStyle.title2.bold
    static let chartTitleStyle = TextStyle.title2
    var titleStyle: TextStyle { pageTitle ? Self.pageTitleStyle : Self.chartTitleStyle }
    static let spacing = 4.0
    /// The gap between the title and the subtitle (the pie's card has 2 points).
    var gap = CardHeader.spacing
    /// The least share of its one-line-header size a chart keeps when its header takes more lines
    /// (unless it keeps half the card's height).
    static let keptShare = 0.75

    init(title: String? = nil, subtitle: String? = nil, pageTitle: Bool = false, gap: Double = CardHeader.spacing) {
        self.title = title
        self.subtitle = subtitle
        self.pageTitle = pageTitle
        self.gap = gap
    }

    /// The header's height set within `width` points.
    func height(width: Double, _ measurer: TextShaping) -> Double { fitted(width: width, measurer).shownHeight }

    /// The most lines a title and a subtitle take, in the order the header tries them.
    private static let lineChoices = [(2, 2), (2, 1)]

    /// The header for a card of content `cardHeight` whose chart's marks measure `marks(h)` under a
    /// header `h` tall: the first of two lines each, the title's second line only, the subtitle's
    /// only, that is no taller than one line each or keeps the marks at least `keptShare` of their
    /// size under the one-line header, or half of `cardHeight`; else one line each, shrunk or cut.
    func fitted(width: Double, cardHeight: Double, marks: (Double) -> Double, _ measurer: TextShaping) -> CardHeader {
        let one = fitted(width: width, titleLines: 1, subtitleLines: 1, measurer)
        let least = min(Self.keptShare * marks(one.shownHeight), cardHeight / 2)
        for (t, s) in Self.lineChoices {
            let o = fitted(width: width, titleLines: t, subtitleLines: s, measurer)
            if o.shownHeight <= one.shownHeight + 1e-9 || marks(o.shownHeight) + 1e-9 >= least { return o }
        }
        return one
    }

    /// The header as a card already sized places it: the most lines (in the same order) whose
    /// height is at most `room` (what the card has above its chart), else one line each.
    func fitted(width: Double, room: Double, _ measurer: TextShaping) -> CardHeader {
        let one = fitted(width: width, titleLines: 1, subtitleLines: 1, measurer)
        for (t, s) in Self.lineChoices {
            let o = fitted(width: width, titleLines: t, subtitleLines: s, measurer)
            if o.shownHeight <= max(room, one.shownHeight) + 1e-6 { return o }
        }
        return one
    }

    /// How many lines the title is set on (0 without one), once fitted.
    var titleLineCount: Int { titleLines?.block.lines.count ?? 0 }

    /// The height of the lines as set (`fitted`).
    var shownHeight: Double {
        var h = 0.0
        if let t = titleLines { h += t.height }
        if let s = subtitleLines { h += (h > 0 ? gap : 0) + s.height }
        return h
    }

    /// The widest line on one line at full size (what a card hugging its header would take).
    func width(_ measurer: TextShaping) -> Double {
        max(title.map { measurer.width($0, titleStyle) } ?? 0, subtitle.map { measurer.width($0, .subheadline) } ?? 0)
    }

    /// The header set within `width`: each line whole on one line, on two balanced lines, shrunk a
    /// little, or cut with "…" at the end of its second line.
    func fitted(width: Double, _ measurer: TextShaping) -> CardHeader { fitted(width: width, titleLines: 2, subtitleLines: 2, measurer) }

    /// The header set within `width`, the title on at most `titleLines` lines and the subtitle on
    /// at most `subtitleLines` (one: whole, shrunk a little, or cut with "…").
    func fitted(width: Double, titleLines: Int, subtitleLines: Int, _ measurer: TextShaping) -> CardHeader {
        var out = self
        out.titleLines = title.map { FittedText($0, style: titleStyle, width: width, maxLines: titleLines, measurer) }
        out.subtitleLines = subtitle.map { FittedText($0, style: .subheadline, width: width, maxLines: subtitleLines, measurer) }
        return out
    }

    func draw(_ ctx: DrawContext, top: Double, centerX: Double) {
        var y = top
        if let t = titleLines {
            t.draw(ctx, top: y, centerX: centerX, color: ctx.palette.label, role: .title)
            y += t.height + gap
        }
        if let s = subtitleLines {
            s.draw(ctx, top: y, centerX: centerX, color: ctx.palette.secondaryLabel, role: .subtitle)
        }
    }
}

/// A short text (a card's title, an axis name) set for the room it has in #32's order: whole on
/// one line, whole on two balanced lines, whole shrunk a little (to `TextBlock.leastShrink` of its
/// size, never below 9 px), else cut with "…" on two lines at full size. With `maxLines` 1, as
/// `init(oneLine:)` sets it.
struct FittedText {
    let block: TextBlock
    /// The factor the block is drawn at (1, or down to the least shrink).
    let shrink: Double

    init(_ text: String, style: TextStyle, width: Double, maxLines: Int = 2, _ shaper: TextShaping) {
        if maxLines < 2 {
            self = FittedText(oneLine: text, style: style, width: width, shaper)
            return
        }
        if let lines = TextBlock.balancedLines(text, style: style, width: width, shaper) {
            block = TextBlock(lines: lines, of: text, style: style, shortened: false, shaper)
            shrink = 1
            return
        }
        let least = TextBlock.leastShrink(style, shaper)
        if least < 1, let lines = TextBlock.balancedLines(text, style: style, width: width / least, shaper) {
            let widest = lines.map { shaper.width($0, style) }.max() ?? 0
            block = TextBlock(lines: lines, of: text, style: style, shortened: false, shaper)
            shrink = min(max(width / max(widest, 1e-9), least), 1)
            return
        }
        let cut = TextBlock(balanced: text, style: style, width: width, shaper)
        if cut.keepsThreeCharacters {
            (block, shrink) = (cut, 1)
            return
        }
        // Cut to under three characters at full size ("Te…"): cut at the least shrink if that
        // keeps three, else left out (#32: never shortened to fewer).
        let small = TextBlock(balanced: text, style: style, width: width / least, shaper)
        if least < 1, small.keepsThreeCharacters {
            (block, shrink) = (small, least)
        } else {
            (block, shrink) = (TextBlock(lines: [], of: text, style: style, shortened: true, shaper), 1)
        }
    }

    /// Whether the text is left out: no placement keeps three characters before its "…".
    var isHidden: Bool { block.lines.isEmpty }

    var height: Double { block.size.height * shrink }
    var width: Double { block.size.width * shrink }

    /// Draws the lines centered on `centerX` from `top`, as one label of `role`. A single line
    /// goes through the centered-line path the headers always drew with.
    func draw(_ ctx: DrawContext, top: Double, centerX: Double, color: RGBA, role: TextRole) {
        if isHidden { return }
        if block.lines.count == 1 {
            ctx.text(block.lines[0], style: block.style, center: Vec2(centerX, top + block.lineHeight * shrink / 2), color: color, role: role,
                     shrink: shrink, whole: block.text)
        } else {
            ctx.text(block, at: Vec2(centerX - width / 2, top), color: color, role: role, shrink: shrink)
        }
    }
}

extension FittedText {
    /// `text` on one line: whole, shrunk a little (to `TextBlock.leastShrink`), else cut with "…"
    /// at full size (a thumbnail's title where two lines would take the chart's room).
    init(oneLine text: String, style: TextStyle, width: Double, _ shaper: TextShaping) {
        let full = shaper.width(text, style), least = TextBlock.leastShrink(style, shaper)
        if full > width, full * least <= width {
            block = TextBlock(lines: [text], of: text, style: style, shortened: false, shaper)
            shrink = max(width / full, least)
        } else {
            let cut = TextBlock(text, style: style, width: width, maxLines: 1, shaper)
            let small = TextBlock(text, style: style, width: width / least, maxLines: 1, shaper)
            // Cut at full size, unless that leaves under three characters and the least shrink more;
            // else left out (#32: never shortened to fewer than three).
            if cut.keepsThreeCharacters {
                (block, shrink) = (cut, 1)
            } else if least < 1, small.keepsThreeCharacters {
                (block, shrink) = (small, least)
            } else {
                (block, shrink) = (TextBlock(lines: [], of: text, style: style, shortened: true, shaper), 1)
            }
        }
    }

    /// `block` drawn at `shrink`.
    init(block: TextBlock, shrink: Double) { self.block = block; self.shrink = shrink }
}
