import Foundation

/// Radial bars: a track per category, outermost first, from 12 o'clock clockwise over the
/// sweep (270° by default); each bar's angle is its value's share of the shared maximum, with
/// round caps. The names sit at the tracks' starts, right-aligned in the quarter the sweep
/// leaves open, and toggle their bar as a legend entry does (a separate legend when the sweep
/// leaves no room, or on request). Bars grow on the seeds' spring.
final class RadialBarItem: FamilyItem {
    let chart: RadialBarChart
    let colors: [ChartColor]
    private let valueTexts: [String]

    init(chart: RadialBarChart, measurer: TextShaping, formatting: Formatting) {
        self.chart = chart
        colors = chart.bars.resolvedColors()
        valueTexts = chart.bars.indices.map { Descriptions.barValue(chart, bar: $0, formatting: formatting) }
        super.init(measurer: measurer, formatting: formatting, data: chart.bars.count)
    }

    override var chartTitle: String? { chart.title }
    override var chartSubtitle: String? { chart.subtitle }
    /// The names at the tracks need the quarter a sweep of 270° or less leaves open.
    private var namesAtTracks: Bool { chart.sweep <= 270 && chart.bars.count <= 10 }
    override var showsLegend: Bool { (chart.legend || !namesAtTracks) && !chart.bars.isEmpty }
    override var legendNames: [String] { chart.bars.map(\.name) }
    override func legendColor(_ i: Int, _ theme: Theme) -> RGBA { colors[i].resolved(theme) }
    override func legendValue(_ i: Int) -> String { hidden.contains(i) ? valueTexts[i] + ", hidden" : valueTexts[i] }

    // MARK: - Geometry

    private var thickness: Double { min(0.14, 0.8 / (Double(max(chart.bars.count, 1)) * 1.3)) }
    private var gap: Double { thickness * 0.3 }
    /// Track i's radii (points).
    func radii(_ i: Int) -> (inner: Double, outer: Double) {
        let ro = radius * (1 - Double(i) * (thickness + gap))
        return (max(ro - radius * thickness, 0), max(ro, 0))
    }
    /// Bar i's end angle at `moment`.
    func end(_ i: Int, _ moment: Moment) -> Double { chart.share(i) * chart.sweep * growth(moment) * presence(i, moment) }

    // MARK: - Names at the tracks' starts

    static let nameStyle = TextStyle.footnote.weight(.medium)
    /// Each shown name: its bar, its text, its line box (points).
    private(set) var names: [(bar: Int, text: String, box: Rect)] = []

    override func layoutChart() {
        names = []
        guard namesAtTracks else { return }
        let h = measurer.lineHeight(Self.nameStyle)
        for (i, bar) in chart.bars.enumerated() {
            let (ri, ro) = radii(i)
            let rm = (ri + ro) / 2
            // Right-aligned to just before the cap at 12 o'clock, as wide as the open quarter
            // allows at that height; a track thinner than the line leaves it to the legend.
            guard radius * (thickness + gap) >= h + 1 else { names = []; return }
            let right = center.x - (ro - ri) / 2 - 6
            let room = right - (contentRect.minX)
            guard room > 24 else { names = []; return }
            let text = measurer.truncated(bar.name, Self.nameStyle, toWidth: min(room, rm))
            let w = measurer.width(text, Self.nameStyle)
            names.append((i, text, Rect(x: right - w, y: center.y - rm - h / 2, width: w, height: h)))
        }
    }

    // MARK: - Drawing

    override func drawChart(_ ctx: DrawContext) {
        let pal = ctx.palette
        switch ctx.phase {
        case .main:
            var arcs: [JSONOut] = []
            for (i, bar) in chart.bars.enumerated() {
                let (ri, ro) = radii(i)
                guard ro > ri else { continue }
                let color = colors[i].resolved(ctx.theme)
                let a1 = end(i, ctx.moment)
                let emphasized = highlight == .bar(i) || highlight == .legend(i)
                ctx.group(.bar(i), name: bar.name) {
                    ctx.frame.add(sector(ctx, inner: ri, outer: ro, from: 0, to: chart.sweep, color: Self.trackColor(color, ctx), caps: true))
                    if a1 > 0 {
                        ctx.frame.add(sector(ctx, inner: emphasized ? ri - 1.5 : ri, outer: emphasized ? ro + 1.5 : ro, from: 0, to: a1, color: color, caps: true))
                    }
                }
                if ctx.records {
                    arcs.append(arcRecord(ctx, name: bar.name, value: bar.value, from: 0, to: a1, inner: ri, outer: ro,
                                          extra: [("color", .string(color.hexString))]))
                }
            }
            if ctx.records {
                ctx.record(type: "radialBar", [("frame", ctx.px(plot)), ("center", ctx.px(center)), ("radius", ctx.px(radius)),
                                               ("maximum", .number(chart.scaleMaximum)), ("sweep", .number(chart.sweep)), ("bars", .array(arcs))])
            }
        case .text:
            for n in names {
                ctx.group(.legend(n.bar), part: "label", name: chart.bars[n.bar].name) {
                    ctx.text(n.text, style: Self.nameStyle, leading: Vec2(n.box.minX, n.box.midY),
                             color: hidden.contains(n.bar) ? pal.secondaryLabel : pal.label, role: .legend, whole: chart.bars[n.bar].name)
                }
            }
        default:
            break
        }
    }

    // MARK: - Elements

    override func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    override func chartValue(formatting: Formatting) -> String { Descriptions.summary(of: chart, formatting: formatting, hidden: hidden) }

    override func chartElements(chart index: Int, moment: Moment) -> [ChartElement] {
        var out = chart.bars.indices.filter { !hidden.contains($0) }.map { i in
            let (ri, ro) = radii(i)
            return ChartElement(key: .bar(i), chart: index, name: chart.bars[i].name, value: valueTexts[i],
                                frame: Self.arcBounds(center: center, inner: ri, outer: ro, from: 0, to: max(chart.share(i) * chart.sweep, 1), caps: true))
        }
        // The names at the tracks are the legend's entries when the legend does not show.
        if !showsLegend {
            for n in names {
                out.append(ChartElement(key: .legend(n.bar), chart: index, name: chart.bars[n.bar].name, value: legendValue(n.bar),
                                        frame: n.box.insetBy(-3), actions: [.toggle], checked: !hidden.contains(n.bar)))
            }
        }
        return out
    }

    override func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? {
        if !showsLegend, let n = names.first(where: { $0.box.insetBy(-3).contains(p) }) { return .legend(n.bar) }
        let v = p - center, r = v.length, a = Self.angle(of: v)
        for i in chart.bars.indices where !hidden.contains(i) {
            let (ri, ro) = radii(i)
            let pad = radius * gap / 2
            if r >= ri - pad && r <= ro + pad && Self.angle(a, isBetween: 0, and: chart.sweep) { return .bar(i) }
        }
        return nil
    }

    override func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? {
        switch key {
        case .bar(let i) where i < chart.bars.count:
            return Tooltip(title: chart.bars[i].name, rows: [Tooltip.Row(dot: colors[i].resolved(theme), text: valueTexts[i])])
        case .legend(let i) where i < chart.bars.count && !showsLegend:
            return Tooltip(title: chart.bars[i].name, rows: [Tooltip.Row(dot: colors[i].resolved(theme), text: legendValue(i)),
                                                             Tooltip.Row(text: hidden.contains(i) ? "Click to show" : "Click to hide")])
        default:
            return nil
        }
    }
}
