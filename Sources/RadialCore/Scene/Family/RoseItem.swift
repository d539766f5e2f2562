import Foundation

/// A rose (polar area) chart: equal wedges around the center, the first centered on 12 o'clock
/// (a compass's north), each wedge's radius by its value — or, with `"scale": "area"`, by the
/// square root of it, so that its area goes as the value. Circular grid rings mark the scale
/// (at equal values, so they crowd outwards under `area`); the names sit around the rim. It
/// grows from the center on the seeds' spring, as the radar does.
final class RoseItem: FamilyItem {
    let chart: RoseChart
    let colors: [ChartColor]
    private let valueTexts: [String]

    init(chart: RoseChart, measurer: TextShaping, formatting: Formatting) {
        self.chart = chart
        colors = chart.color.map { c in chart.sectors.map { $0.color ?? c } } ?? chart.sectors.resolvedColors()
        valueTexts = chart.sectors.map { formatting.format($0.value, chart.format) }
        super.init(measurer: measurer, formatting: formatting, data: chart.sectors.count)
    }

    override var chartTitle: String? { chart.title }
    override var chartSubtitle: String? { chart.subtitle }
    override var showsLegend: Bool { chart.legend && !chart.sectors.isEmpty }
    override var legendNames: [String] { chart.sectors.map(\.name) }
    override func legendColor(_ i: Int, _ theme: Theme) -> RGBA { colors[i].resolved(theme) }
    override func legendValue(_ i: Int) -> String { Descriptions.roseValue(chart, sector: i, formatting: formatting, hidden: hidden) }

    // MARK: - Geometry

    /// Degrees per wedge.
    var step: Double { 360 / Double(max(chart.sectors.count, 1)) }
    /// Wedge i's angles: centered on `startAngle + i × step`.
    func angles(_ i: Int) -> (Double, Double) {
        let mid = chart.startAngle + Double(i) * step
        return (mid - step / 2, mid + step / 2)
    }
    /// Wedge i's outer radius at `moment` (points): the scale's share × growth × presence.
    func outer(_ i: Int, _ moment: Moment) -> Double {
        radius * chart.radiusShare(i) * growth(moment) * presence(i, moment)
    }
    static let gapPoints = 2.0
    static let liftPoints = 5.0

    // MARK: - Layout: names around the rim

    static let labelStyle = TextStyle.caption.weight(.medium)
    /// The widest a name may be around the rim: it wraps onto two lines, then is shortened.
    private var labelRoom: Double { 80 }
    private var labels: [(sector: Int, block: TextBlock, origin: Vec2)] = []

    override func labelInsets() -> (top: Double, left: Double, bottom: Double, right: Double) {
        guard !chart.sectors.isEmpty else { return (0, 0, 0, 0) }
        // Asked many times per layout (every column count a page's grid tries): the names are
        // wrapped once per text size.
        if let (size, insets) = insetsAtSize, size == measurer.textSize { return insets }
        let blocks = chart.sectors.map { TextBlock($0.name, style: Self.labelStyle, width: labelRoom, maxLines: 2, measurer) }
        let h = (blocks.map(\.size.height).max() ?? 0) + 6
        let w = (blocks.map(\.size.width).max() ?? 0) + 6
        insetsAtSize = (measurer.textSize, (h, w, h, w))
        return (h, w, h, w)
    }
    private var insetsAtSize: (TextSize, (top: Double, left: Double, bottom: Double, right: Double))?

    /// Each name just outside the rim along its wedge's middle (on two lines if it needs them);
    /// the collision pass leaves out a name that would overlap one already placed (it stays in
    /// the element and tooltip).
    override func layoutChart() {
        labels = []
        var placer = LabelPlacer(bounds: plot.insetBy(-2))
        placer.padding = 2
        for (i, s) in chart.sectors.enumerated() {
            let block = TextBlock(s.name, style: Self.labelStyle, width: labelRoom, maxLines: 2, measurer)
            let w = block.size.width, h = block.size.height
            let (a0, a1) = angles(i)
            let d = Self.direction((a0 + a1) / 2)
            // Far enough out that the box clears the rim by 4 points.
            let reach = radius + 4 + abs(d.x) * w / 2 + abs(d.y) * h / 2
            let c = center + d * reach
            let box = Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
            if placer.place([box]) != nil { labels.append((i, block, Vec2(box.minX, box.minY))) }
        }
    }

    // MARK: - Drawing

    override func drawChart(_ ctx: DrawContext) {
        let pal = ctx.palette
        switch ctx.phase {
        case .shapes:
            // Grid rings at equal steps of value (the rim is the last), under the wedges: a
            // command of their own (the renderer draws a command's whole rings after its wedges).
            let grid = ctx.flattened(pal.quaternaryLabel, over: pal.cardBackground)
            let hw = pal.hairlineHalfWidth
            if chart.rings > 0 {
                for k in 1...chart.rings {
                    let r = radius * chart.radiusShare(value: chart.rimValue * Double(k) / Double(chart.rings))
                    ctx.frame.add(sector(ctx, inner: r - hw, outer: r + hw, from: 0, to: 360, color: grid))
                }
                ctx.frame.endBatch()
            }
        case .main:
            var arcs: [JSONOut] = []
            for (i, s) in chart.sectors.enumerated() {
                let (a0, a1) = angles(i)
                let ro = outer(i, ctx.moment)
                let lifted = highlight == .sector(i) || highlight == .legend(i)
                let c = lifted ? center + Self.direction((a0 + a1) / 2) * Self.liftPoints : center
                if ro > 0 {
                    ctx.group(.sector(i), name: s.name) {
                        ctx.frame.add(sector(ctx, center: c, inner: 0, outer: ro, from: a0, to: a1, color: colors[i].resolved(ctx.theme),
                                             halfInset: chart.sectors.count > 1 ? Self.gapPoints / 2 : 0))
                    }
                }
                if ctx.records {
                    arcs.append(arcRecord(ctx, name: s.name, value: s.value, from: a0, to: a1, inner: 0, outer: ro, offset: lifted ? Self.liftPoints : 0,
                                          extra: [("color", .string(colors[i].resolved(ctx.theme).hexString))]))
                }
            }
            if ctx.records {
                ctx.record(type: "rose", [("frame", ctx.px(plot)), ("center", ctx.px(center)), ("radius", ctx.px(radius)),
                                          ("scale", .string(chart.scale.rawValue)), ("rim", .number(chart.rimValue)),
                                          ("growth", .number(growth(ctx.moment))), ("sectors", .array(arcs))])
            }
        case .text:
            for l in labels {
                ctx.group(.sector(l.sector), part: "label", name: chart.sectors[l.sector].name) {
                    ctx.text(l.block, at: l.origin, color: hidden.contains(l.sector) ? pal.tertiaryLabel : pal.secondaryLabel, role: .axisLabel)
                }
            }
            if chart.sectors.isEmpty { ctx.text("No data", style: .subheadline, center: center, color: pal.secondaryLabel, role: .message) }
        default:
            break
        }
    }

    // MARK: - Elements

    override func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    override func chartValue(formatting: Formatting) -> String { Descriptions.summary(of: chart, formatting: formatting, hidden: hidden) }

    override func chartElements(chart index: Int, moment: Moment) -> [ChartElement] {
        chart.sectors.indices.filter { !hidden.contains($0) }.map { i in
            let (a0, a1) = angles(i)
            let ro = max(radius * chart.radiusShare(i), 4)
            return ChartElement(key: .sector(i), chart: index, name: chart.sectors[i].name,
                                value: Descriptions.roseValue(chart, sector: i, formatting: formatting, hidden: hidden),
                                frame: Self.arcBounds(center: center, inner: 0, outer: ro, from: a0, to: a1))
        }
    }

    override func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? {
        let v = p - center, r = v.length, a = Self.angle(of: v)
        guard r <= radius + Self.liftPoints else { return nil }
        for i in chart.sectors.indices where !hidden.contains(i) {
            let (a0, a1) = angles(i)
            // The wedge, or the empty part of its angle under the rim (a small value is still easy to point at).
            if Self.angle(a, isBetween: a0, and: a1) { return r <= max(outer(i, moment), radius * 0.25) + Self.liftPoints ? .sector(i) : nil }
        }
        return nil
    }

    override func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? {
        guard case .sector(let i) = key, i < chart.sectors.count else { return nil }
        return Tooltip(title: chart.sectors[i].name, rows: [Tooltip.Row(dot: colors[i].resolved(theme),
                                                                        text: Descriptions.roseValue(chart, sector: i, formatting: formatting, hidden: hidden))])
    }
}
