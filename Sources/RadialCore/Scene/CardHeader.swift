/// A card's title block: a title2 over a secondary subheadline, 4 pt apart, centered (the radar
/// seed's header). Shared by the radar, scan and radial family's cards. One rule for every kind: a
/// chart's own title is regular, as the pie seed's titles are; the page's title shown in its only
/// card (the e-bike seed) is bold.
///
/// Each line is set for the card's width (#32): whole on one line when it fits (every layout that
/// fitted before is unchanged), else on two balanced lines, else those shrunk a little (no less
/// than `TextBlock.leastShrink`, never below 9 px), and only then cut with "…". The header's height
/// is therefore a function of the width it is given.
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

    init(title: String? = nil, subtitle: String? = nil, pageTitle: Bool = false) {
        self.title = title
        self.subtitle = subtitle
        self.pageTitle = pageTitle
    }

    /// The header's height set within `width` points.
    func height(width: Double, _ measurer: TextShaping) -> Double { fitted(width: width, measurer).shownHeight }

    /// The height of the lines as set (`fitted`).
    var shownHeight: Double {
        var h = 0.0
        if let t = titleLines { h += t.height }
        if let s = subtitleLines { h += (h > 0 ? Self.spacing : 0) + s.height }
        return h
    }

    /// The widest line on one line at full size (what a card hugging its header would take).
    func width(_ measurer: TextShaping) -> Double {
        max(title.map { measurer.width($0, titleStyle) } ?? 0, subtitle.map { measurer.width($0, .subheadline) } ?? 0)
    }

    /// The header set within `width`: each line whole on one line, on two balanced lines, shrunk a
    /// little, or cut with "…" at the end of its second line.
    func fitted(width: Double, _ measurer: TextShaping) -> CardHeader {
        var out = self
        out.titleLines = title.map { FittedText($0, style: titleStyle, width: width, measurer) }
        out.subtitleLines = subtitle.map { FittedText($0, style: .subheadline, width: width, measurer) }
        return out
    }

    func draw(_ ctx: DrawContext, top: Double, centerX: Double) {
        var y = top
        if let t = titleLines {
            t.draw(ctx, top: y, centerX: centerX, color: ctx.palette.label, role: .title)
            y += t.height + Self.spacing
        }
        if let s = subtitleLines {
            s.draw(ctx, top: y, centerX: centerX, color: ctx.palette.secondaryLabel, role: .subtitle)
        }
    }
}

/// A short text (a card's title, an axis name) set for the room it has in #32's order: whole on
/// one line, whole on two balanced lines, whole shrunk a little (to `TextBlock.leastShrink` of its
/// size, never below 9 px), else cut with "…" on two lines at full size.
struct FittedText {
    let block: TextBlock
    /// The factor the block is drawn at (1, or down to the least shrink).
    let shrink: Double

    init(_ text: String, style: TextStyle, width: Double, _ shaper: TextShaping) {
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
        block = TextBlock(balanced: text, style: style, width: width, shaper)
        shrink = 1
    }

    var height: Double { block.size.height * shrink }
    var width: Double { block.size.width * shrink }

    /// Draws the lines centered on `centerX` from `top`, as one label of `role`. A single line
    /// goes through the centered-line path the headers always drew with.
    func draw(_ ctx: DrawContext, top: Double, centerX: Double, color: RGBA, role: TextRole) {
        if block.lines.count == 1 {
            ctx.text(block.lines[0], style: block.style, center: Vec2(centerX, top + block.lineHeight * shrink / 2), color: color, role: role,
                     shrink: shrink, whole: block.text)
        } else {
            ctx.text(block, at: Vec2(centerX - width / 2, top), color: color, role: role, shrink: shrink)
        }
    }
}
