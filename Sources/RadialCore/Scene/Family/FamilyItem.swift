import Foundation

/// What the radial family's cards share (gauge, activity rings, rose, radial bars, sunburst,
/// nested pies): the radar card's header, a chart area fitted to the kind's extent (a 240° gauge
/// or a half donut is wider than tall), the wrapped legend below with its toggles, hit testing
/// of arcs, and the appear spring. Each kind is a subclass that lays out, animates and draws
/// its arcs — all `SectorInstance`s, capped or not — and names its elements.
class FamilyItem: ChartItem, ChartMorphing {
    let measurer: TextShaping
    let formatting: Formatting
    let card = CardStyle.radar
    var embeddedTitle: (String, String?)? { didSet { headerCache = nil } }
    var replayButton: Rect? { nil }
    var fillsCard: Bool { false }
    /// How many of the chart's labels found no place; each kind counts its own.
    var labelsHidden: Int { 0 }
    var highlight: ElementKey?
    /// Page time the chart appears (and starts growing) at.
    var appearTime = 0.0
    /// Legend toggles: the data hidden, and each datum's presence (1 shown, 0 hidden) on the
    /// seeds' spring.
    var hidden: Set<Int> = []
    var visibility: [AnimatedValue]
    /// The pattern of each datum the legend stands for (issue #37), resolved with its color.
    var patterns = PatternAssignment.empty

    static let stackSpacing = 16.0
    static let spring = Spring.radarGrowth

    init(measurer: TextShaping, formatting: Formatting, data count: Int) {
        self.measurer = measurer
        self.formatting = formatting
        visibility = Array(repeating: AnimatedValue(1, spring: Self.spring), count: count)
    }

    // MARK: - What a kind says about itself (overridden)

    var chartTitle: String? { nil }
    var chartSubtitle: String? { nil }
    /// Whether the legend shows, and its entries' names (one per datum, in order).
    var showsLegend: Bool { false }
    var legendNames: [String] { [] }
    /// The chart's extent in units of its outer radius about its center (x right, y down).
    func unitBounds() -> Rect { Rect(x: -1, y: -1, width: 2, height: 2) }
    /// Points the chart needs around that extent for labels outside it.
    func labelInsets() -> (top: Double, left: Double, bottom: Double, right: Double) { (0, 0, 0, 0) }
    /// Lays out what is inside the chart area, once `plot`, `center` and `radius` are set.
    func layoutChart() {}
    /// The chart's own shapes and texts for `ctx.phase` (the header and legend are drawn here).
    func drawChart(_ ctx: DrawContext) {}
    /// The legend entry's color for datum `i` in `theme`.
    func legendColor(_ i: Int, _ theme: Theme) -> RGBA { .clear }
    /// The legend entry's pattern for datum `i` as drawn in `ctx`.
    func legendPattern(_ i: Int, _ ctx: DrawContext) -> FillPattern { patterns.drawn(i, on: ctx.patterns) }
    /// A datum's value as its legend entry and tooltip say it.
    func legendValue(_ i: Int) -> String { "" }
    /// A sequential color scale (`"colorScale": "value"`): the data's lowest and highest value,
    /// how a value is written and its color in a theme. With one, the legend is a gradient bar
    /// (`GradientLegend`) instead of entries.
    func colorScale() -> (minimum: Double, maximum: Double, label: (Double) -> String, color: (Double, Theme) -> RGBA)? { nil }
    func chartElements(chart: Int, moment: Moment) -> [ChartElement] { [] }
    func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? { nil }
    func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? { nil }
    func chartName(formatting: Formatting) -> String { "" }
    func chartValue(formatting: Formatting) -> String { "" }
    /// The marks at rest for a morph into another kind (none: the chart appears afresh).
    func morphMarks() -> [MorphMark] { [] }

    // MARK: - Layout

    private var header: CardHeader {
        CardHeader(title: chartTitle ?? embeddedTitle?.0, subtitle: chartSubtitle ?? embeddedTitle?.1, pageTitle: chartTitle == nil)
    }
    /// The header set for a card of content `content` by CardHeader's rule (a second line only
    /// while the chart keeps its size), made once per size and text size.
    private func fittedHeader(in content: Size) -> CardHeader {
        if let c = headerCache, c.size == content, c.textSize == measurer.textSize { return c.header }
        let b = unitBounds(), i = labelInsets(), legend = legendBlock(width: content.width)
        let marks = { (h: Double) -> Double in
            let room = content.height - (h > 0 ? h + Self.stackSpacing : 0) - legend - i.top - i.bottom
            let r = max(min((content.width - i.left - i.right) / max(b.width, 1e-9), room / max(b.height, 1e-9)), 0)
            return r * max(b.width, b.height)
        }
        let h = header.fitted(width: content.width, cardHeight: content.height, marks: marks, measurer)
        headerCache = (content, measurer.textSize, h)
        return h
    }
    private var headerCache: (size: Size, textSize: TextSize, header: CardHeader)?
    private func headerBlock(_ header: CardHeader) -> Double {
        let h = header.shownHeight
        return h > 0 ? h + Self.stackSpacing : 0
    }
    private func legendBlock(width: Double) -> Double {
        guard showsLegend else { return 0 }
        if colorScale() != nil { return Self.stackSpacing + GradientLegend.height(measurer) }
        let h = FamilyLegend.height(legendNames, width: width, measurer)
        return h > 0 ? Self.stackSpacing + h : 0
    }

    /// The chart area's height for a chart area `side` wide.
    func plotHeight(side: Double) -> Double {
        let b = unitBounds(), i = labelInsets()
        let r = max((side - i.left - i.right) / max(b.width, 1e-9), 0)
        return r * b.height + i.top + i.bottom
    }

    func chromeHeight(width: Double) -> Double { chromeHeight(in: Size(width, .infinity)) }
    /// The header (as CardHeader's rule sets it for `content`) and the legend.
    private func chromeHeight(in content: Size) -> Double { headerBlock(fittedHeader(in: content)) + legendBlock(width: content.width) }

    func minimumContentWidth() -> Double {
        let legend = !showsLegend ? 0 : colorScale().map { s in GradientLegend.narrowest([s.label(s.minimum), s.label(s.maximum)], measurer) }
            ?? FamilyLegend.widest(legendNames, measurer)
        return max(header.width(measurer), legend, minimumChartSide)
    }

    /// With a legend the card takes the width it is given, the width the legend's rows were
    /// measured for; without one it hugs the chart.
    func contentWidth(chartSide: Double, in content: Size) -> Double {
        showsLegend ? content.width : max(chartSide, minimumContentWidth())
    }

    var minimumChartSide: Double {
        let i = labelInsets()
        return 96 + i.left + i.right
    }

    func largestChartSide(in content: Size) -> Double {
        let b = unitBounds(), i = labelInsets()
        let room = content.height - chromeHeight(in: content) - i.top - i.bottom
        let byHeight = room / max(b.height, 1e-9) * b.width + i.left + i.right
        return max(min(content.width, byHeight), 0)
    }

    func contentHeight(chartSide: Double, in content: Size) -> Double {
        plotHeight(side: chartSide) + chromeHeight(in: content)
    }

    /// The chart's extent at its outer radius (the words outside it left out).
    var marksFrame: Rect? {
        let b = unitBounds()
        return Rect(x: center.x + b.minX * radius, y: center.y + b.minY * radius, width: b.width * radius, height: b.height * radius)
    }
    private(set) var shownHeader = CardHeader()
    private(set) var headerTop = 0.0
    private(set) var contentRect = Rect.zero
    /// The chart area, its center and its outer radius (points). A kind whose words go around
    /// the rim may make the radius smaller in `layoutChart` (the radius gives way to its names).
    private(set) var plot = Rect.zero
    private(set) var center = Vec2.zero
    var radius = 0.0
    var legend = FamilyLegend()
    /// The gradient bar that stands for the legend of a color scale by value.
    private(set) var gradient: GradientLegend?
    var sharesPlotSize = false
    var legendHidden: Int { showsLegend ? legend.legend.summary?.count ?? 0 : 0 }

    /// Laid out for a thumbnail (`layoutMarks`): a kind may leave its words' search out.
    private(set) var marksOnly = false

    func layoutMarks(content: Rect, chartSide: Double) {
        marksOnly = true
        lay(content: content, chartSide: chartSide)
    }

    func layout(content: Rect, chartSide: Double) {
        marksOnly = false
        lay(content: content, chartSide: chartSide)
    }

    private func lay(content: Rect, chartSide: Double) {
        contentRect = content
        // The header takes the lines the card has room for over the chart it was sized for.
        let below = plotHeight(side: chartSide) + legendBlock(width: content.width)
        shownHeader = header.fitted(width: content.width, room: content.height - below - Self.stackSpacing, measurer)
        let stack = headerBlock(shownHeader) + below
        var y = content.minY + (sharesPlotSize ? 0 : max((content.height - stack) / 2, 0))
        headerTop = y
        y += headerBlock(shownHeader)
        let b = unitBounds(), i = labelInsets()
        let side = chartSide, h = plotHeight(side: side)
        plot = Rect(x: content.midX - side / 2, y: y, width: side, height: h)
        radius = max((side - i.left - i.right) / max(b.width, 1e-9), 0)
        center = Vec2(plot.minX + i.left - b.minX * radius, plot.minY + i.top - b.minY * radius)
        y += h
        gradient = nil
        if showsLegend, let s = colorScale() {
            legend = FamilyLegend()
            gradient = GradientLegend(minimum: s.minimum, maximum: s.maximum, label: s.label, top: y + Self.stackSpacing, centerX: content.midX,
                                      width: content.width, measurer)
        } else if showsLegend {
            legend.layout(legendNames, indexes: Array(legendNames.indices), top: y + Self.stackSpacing, centerX: content.midX, width: content.width, measurer)
        } else {
            legend = FamilyLegend()
        }
        layoutChart()
    }

    // MARK: - Animation

    func scheduleArrivals(clock: inout Double) {}
    func continueFrom(_ old: ChartItem?, at time: Double) { appearTime = time }
    func update(moment: Moment) {}

    /// How far the chart has grown in (0 → 1 on the seeds' spring from `appearTime`; 1 with reduce motion).
    func growth(_ moment: Moment) -> Double {
        moment.reduceMotion ? 1 : Self.spring.growth(at: moment.animationTime - appearTime).value
    }
    /// Datum `i`'s presence (legend toggles), 0…1 (final with reduce motion).
    func presence(_ i: Int, _ moment: Moment) -> Double {
        guard i < visibility.count else { return 1 }
        return moment.reduceMotion ? visibility[i].target : max(visibility[i].value(at: moment.animationTime), 0)
    }

    /// When the appear spring, and every toggle, has come to rest.
    func baseSettleTime(reduceMotion: Bool) -> Double {
        if reduceMotion { return 0 }
        return visibility.reduce(appearTime + Self.spring.restTime) { max($0, $1.settleTime) }
    }
    func settleTime(reduceMotion: Bool) -> Double { baseSettleTime(reduceMotion: reduceMotion) }

    // MARK: - Drawing

    func draw(_ ctx: DrawContext) {
        if ctx.phase == .text { shownHeader.draw(ctx, top: headerTop, centerX: contentRect.midX) }
        if let gradient, let s = colorScale(), ctx.phase == .shapes || ctx.phase == .text {
            ctx.group(.colorScale, part: ctx.phase == .text ? "label" : nil, name: Self.colorScaleName) { gradient.draw(ctx) { s.color($0, ctx.theme) } }
        } else if showsLegend && (ctx.phase == .shapes || ctx.phase == .text) {
            legend.draw(ctx, color: { self.legendColor($0, ctx.theme) }, pattern: { self.legendPattern($0, ctx) }, hidden: { self.hidden.contains($0) },
                        key: { .legend($0) })
        }
        drawChart(ctx)
    }

    // MARK: - Elements

    func elements(chart index: Int, moment: Moment, formatting: Formatting) -> [ChartElement] {
        var out = chartElements(chart: index, moment: moment)
        for item in legend.items {
            out.append(ChartElement(key: .legend(item.index), chart: index, name: item.whole, value: legendValue(item.index),
                                    frame: legend.box(item, measurer), actions: [.toggle], checked: !hidden.contains(item.index)))
        }
        if let gradient, let s = colorScale() {
            out.append(ChartElement(key: .colorScale, chart: index, name: Self.colorScaleName, value: Self.colorScaleValue(s), frame: gradient.box))
        }
        return out
    }

    /// The gradient legend's accessible name, and its words: "3 to 48 deaths".
    static let colorScaleName = "Color scale"
    static func colorScaleValue(_ s: (minimum: Double, maximum: Double, label: (Double) -> String, color: (Double, Theme) -> RGBA)) -> String {
        s.maximum > s.minimum ? s.label(s.minimum) + " to " + s.label(s.maximum) : s.label(s.minimum)
    }

    func element(at p: Vec2, moment: Moment) -> ElementKey? {
        if let item = legend.items.first(where: { legend.box($0, measurer).contains(p) }) { return .legend(item.index) }
        if let gradient, gradient.box.contains(p) { return .colorScale }
        return hitChart(p, moment: moment)
    }

    func focusRing(for key: ElementKey) -> Rect? { nil }

    func tooltip(for key: ElementKey, moment: Moment, theme: Theme, formatting: Formatting) -> Tooltip? {
        if case .legend(let i) = key, let item = legend.item(i) {
            return Tooltip(title: item.whole, rows: [Tooltip.Row(dot: legendColor(i, theme), text: legendValue(i)),
                                                     Tooltip.Row(text: hidden.contains(i) ? "Click to show" : "Click to hide")])
        }
        if key == .colorScale, let s = colorScale() {
            return Tooltip(title: Self.colorScaleName, rows: [Tooltip.Row(dot: s.color(s.minimum, theme), text: s.label(s.minimum) + ", the lowest"),
                                                            Tooltip.Row(dot: s.color(s.maximum, theme), text: s.label(s.maximum) + ", the highest")])
        }
        return chartTooltip(key, moment: moment, theme: theme)
    }

    func defaultAction(for key: ElementKey) -> [ChartElement.Action]? {
        if key == .chart { return [.replay] }
        return nil
    }
    var focusAfterMove: ElementKey? { nil }

    func perform(_ action: ChartElement.Action, on key: ElementKey, at moment: Moment) -> Bool {
        switch (action, key) {
        case (.toggle, .legend(let i)) where i < visibility.count:
            if hidden.contains(i) { hidden.remove(i) } else { hidden.insert(i) }
            visibility[i].redirect(to: hidden.contains(i) ? 0 : 1, at: moment.time, animated: !moment.reduceMotion)
            toggled()
            return true
        case (.replay, _):
            replay(at: moment.time)
            return true
        default:
            return false
        }
    }

    /// After a legend toggle (kinds whose words or layout depend on what is shown).
    func toggled() {}
    /// The chart's own animation again from `time`.
    func replay(at time: Double) { appearTime = time }

    // MARK: - Geometry helpers (angles in degrees clockwise from 12 o'clock, y down)
    // The polar engine's own (`PolarCoordinates`), under the names the family's kinds use.

    /// The unit direction of angle `degrees`.
    static func direction(_ degrees: Double) -> Vec2 { PolarCoordinates.direction(degrees) }

    /// The angle of `v` (from the center), 0 ≤ angle < 360.
    static func angle(of v: Vec2) -> Double { PolarCoordinates.angle(of: v) }

    /// Whether angle `a` lies between `a0` and `a1` (a1 − a0 ≤ 360), whole turns aside.
    static func angle(_ a: Double, isBetween a0: Double, and a1: Double) -> Bool { PolarCoordinates.angle(a, isBetween: a0, and: a1) }

    /// The bounding box of the ring part from `ri` to `ro` between two angles (unit coordinates
    /// or points alike), and with `caps` its round end caps.
    static func arcBounds(center c: Vec2, inner ri: Double, outer ro: Double, from a0: Double, to a1: Double, caps: Bool = false) -> Rect {
        PolarCoordinates.arcBounds(center: c, inner: ri, outer: ro, from: a0, to: a1, caps: caps)
    }

    /// A sector instance in pixels for a ring part given in points and degrees, with `pattern`
    /// (as drawn: `PatternAssignment.drawn`) in its ink over `color`, its tiles from the chart's center.
    func sector(_ ctx: DrawContext, center c: Vec2? = nil, inner ri: Double, outer ro: Double, from a0: Double, to a1: Double,
                color: RGBA, caps: Bool = false, halfInset: Double = 0, shadow: Double = 0, shadowOpacity: Double = 0,
                pattern: FillPattern = .solid) -> SectorInstance {
        let s = ctx.scale, rad = Double.pi / 180
        return SectorInstance(center: (c ?? center) * s, innerRadius: max(ri, 0) * s, outerRadius: max(ro, 0) * s,
                              startAngle: a0 * rad, endAngle: a1 * rad, halfInset: halfInset * s, cornerRadius: 0, color: color,
                              roundCaps: caps, endShadow: shadow * s, endShadowOpacity: shadowOpacity,
                              pattern: ctx.patternFill(pattern, over: color, center: c ?? center))
    }

    /// An empty track under a ring's arcs (`trackColor`): in high contrast a thin outline of the
    /// track in the grid's gray, 2 pt at 4.6:1, rather than a solid gray as heavy as the bars.
    func track(_ ctx: DrawContext, inner ri: Double, outer ro: Double, from a0: Double, to a1: Double, color: RGBA, caps: Bool = false) -> SectorInstance {
        var t = sector(ctx, inner: ri, outer: ro, from: a0, to: a1, color: Self.trackColor(color, ctx), caps: caps)
        if ctx.theme == .highContrast {
            t.color = ctx.palette.quaternaryLabel
            t.outline = min(2 * ctx.palette.hairlineHalfWidth, (ro - ri) / 2) * ctx.scale
        }
        return t
    }

    /// An arc as `--geometry` lists it: name, value, angles (not wrapped), radii and offset in pixels.
    func arcRecord(_ ctx: DrawContext, name: String, value: Double, from a0: Double, to a1: Double, inner ri: Double, outer ro: Double,
                   offset: Double = 0, extra: [(String, JSONOut)] = []) -> JSONOut {
        .object([("name", .string(name)), ("value", .number(value)), ("startAngle", .number(a0)), ("endAngle", .number(a1)),
                 ("innerRadius", ctx.px(ri)), ("outerRadius", ctx.px(ro)), ("offset", ctx.px(offset))] + extra)
    }

    /// A faint track under a ring's arcs: `color` at 18 % over the card (opaque, so nothing
    /// under it shows through); in high contrast the tertiary label gray, a visible groove.
    static func trackColor(_ color: RGBA, _ ctx: DrawContext) -> RGBA {
        if ctx.theme == .highContrast { return ctx.flattened(ctx.palette.quaternaryLabel, over: ctx.palette.cardBackground) }
        return ctx.flattened(color.opacity(0.2), over: ctx.palette.cardBackground)
    }

    /// Black or white, whichever reads better on `fill`, and whether it reaches `needed`.
    static func ink(on fill: RGBA, needed: Double) -> (color: RGBA, ok: Bool) {
        let lf = fill.luminance
        let black = Contrast.ratio(lf, 0), white = Contrast.ratio(lf, 1)
        return black >= white ? (RGBA(0, 0, 0, 1), black >= needed) : (RGBA(1, 1, 1, 1), white >= needed)
    }
}
