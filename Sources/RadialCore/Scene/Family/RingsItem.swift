import Foundation

/// Activity rings: concentric rings, outermost first, each its value against its goal on a faint
/// track, from 12 o'clock clockwise with round caps. A ring past its goal keeps going round: a
/// whole ring for the laps done, then the last lap's arc over it with a shadow ahead of its end
/// cap, so the overlap reads (Apple's activity rings). Each ring springs on its own.
final class RingsItem: FamilyItem {
    let chart: RingsChart
    let colors: [ChartColor]
    /// Each ring's laps drawn (value / goal), on the seeds' spring.
    private var laps: [AnimatedValue]

    init(chart: RingsChart, measurer: TextShaping, formatting: Formatting) {
        self.chart = chart
        colors = chart.rings.resolvedColors()
        laps = chart.rings.map { AnimatedValue(0, velocity: 0, at: 0, to: $0.progress, spring: FamilyItem.spring) }
        super.init(measurer: measurer, formatting: formatting, data: chart.rings.count)
        patterns = PatternAssignment(chart.rings.map(\.pattern))
        valueTexts = chart.rings.map { Descriptions.ringValue($0, formatting: formatting) }
    }

    private var valueTexts: [String] = []
    override var chartTitle: String? { chart.title }
    override var chartSubtitle: String? { chart.subtitle }
    override var showsLegend: Bool { chart.legend && !chart.rings.isEmpty }
    /// "Move 650/500 kcal": the legend says each ring's numbers, as the watch's summary does.
    override var legendNames: [String] {
        chart.rings.map { $0.name + "  " + formatting.number($0.value, decimals: $0.format?.decimals) + "/" + formatting.format($0.goal, $0.format) }
    }
    override func legendColor(_ i: Int, _ theme: Theme) -> RGBA { colors[i].resolved(theme) }
    override func legendValue(_ i: Int) -> String { hidden.contains(i) ? valueTexts[i] + ", hidden" : valueTexts[i] }

    // MARK: - Animation

    override func continueFrom(_ old: ChartItem?, at time: Double) {
        guard let old = old as? RingsItem else { return replay(at: time) }
        appearTime = old.appearTime
        laps = chart.rings.enumerated().map { i, ring in
            let prior: (value: Double, velocity: Double) = old.chart.rings.firstIndex { $0.name == ring.name }.map { old.laps[$0].state(at: time) } ?? (0, 0)
            return AnimatedValue(prior.value, velocity: prior.velocity, at: time, to: ring.progress, spring: Self.spring)
        }
        for (i, ring) in chart.rings.enumerated() where old.chart.rings.firstIndex(where: { $0.name == ring.name }).map(old.hidden.contains) == true {
            hidden.insert(i)
            visibility[i] = AnimatedValue(0, spring: Self.spring)
        }
    }

    override func replay(at time: Double) {
        appearTime = time
        laps = chart.rings.map { AnimatedValue(0, velocity: 0, at: time, to: $0.progress, spring: Self.spring) }
    }

    override func settleTime(reduceMotion: Bool) -> Double {
        if reduceMotion { return 0 }
        return laps.reduce(baseSettleTime(reduceMotion: false)) { max($0, $1.settleTime) }
    }

    /// Ring i's laps drawn at `moment` (hidden rings go back to 0).
    func shownLaps(_ i: Int, _ moment: Moment) -> Double {
        let l = moment.reduceMotion ? chart.rings[i].progress : max(laps[i].value(at: moment.animationTime), 0)
        return l * presence(i, moment)
    }

    // MARK: - Layout

    /// Each ring's thickness and the gap between rings, as shares of the outer radius.
    private var thickness: Double { chart.thickness ?? min(0.2, 0.74 / (Double(max(chart.rings.count, 1)) * 1.15)) }
    private var gap: Double { thickness * 0.15 }
    /// Ring i's inner and outer radius (points).
    func radii(_ i: Int) -> (inner: Double, outer: Double) {
        let ro = radius * (1 - Double(i) * (thickness + gap))
        return (max(ro - radius * thickness, 0), max(ro, 0))
    }

    // MARK: - Drawing

    override func drawChart(_ ctx: DrawContext) {
        guard ctx.phase == .main else { return }
        var arcs: [JSONOut] = []
        for (i, ring) in chart.rings.enumerated() {
            let (ri, ro) = radii(i)
            guard ro > ri else { continue }
            let color = colors[i].resolved(ctx.theme)
            let l = shownLaps(i, ctx.moment)
            let emphasized = highlight == .ring(i) || highlight == .legend(i)
            let pattern = patterns.drawn(i, on: ctx.patterns)
            ctx.group(.ring(i), name: ring.name) {
                // The track, then the laps done as a whole ring, then the last lap's arc over them.
                ctx.frame.add(track(ctx, inner: ri, outer: ro, from: 0, to: 360, color: color))
                if l >= 1 { ctx.frame.add(sector(ctx, inner: ri, outer: ro, from: 0, to: 360, color: color, pattern: pattern)) }
                if l > 0 {
                    let last = l >= 1 ? (l - l.rounded(.down)) * 360 : l * 360
                    let w = ro - ri
                    ctx.frame.add(sector(ctx, inner: emphasized ? ri - 1.5 : ri, outer: emphasized ? ro + 1.5 : ro, from: 0, to: last, color: color, caps: true,
                                         shadow: l >= 1 ? w * 0.6 : 0, shadowOpacity: ctx.theme == .dark ? 0.55 : 0.35, pattern: pattern))
                }
            }
            if ctx.records {
                arcs.append(arcRecord(ctx, name: ring.name, value: ring.value, from: 0, to: l * 360, inner: ri, outer: ro,
                                      extra: [("goal", .number(ring.goal)), ("laps", .number(l)), ("color", .string(color.hexString)),
                                              ("pattern", .string(pattern.rawValue))]))
            }
        }
        if ctx.records {
            ctx.record(type: "rings", [("frame", ctx.px(plot)), ("center", ctx.px(center)), ("radius", ctx.px(radius)), ("arcs", .array(arcs))])
        }
    }

    // MARK: - Elements

    override func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    override func chartValue(formatting: Formatting) -> String { Descriptions.summary(of: chart, hidden: hidden) }

    override func chartElements(chart index: Int, moment: Moment) -> [ChartElement] {
        chart.rings.indices.filter { !hidden.contains($0) }.map { i in
            let (_, ro) = radii(i)
            return ChartElement(key: .ring(i), chart: index, name: chart.rings[i].name, value: valueTexts[i],
                                frame: Rect(x: center.x - ro, y: center.y - ro, width: 2 * ro, height: 2 * ro),
                                range: .init(minimum: 0, maximum: chart.rings[i].goal, current: chart.rings[i].value))
        }
    }

    override func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? {
        let r = (p - center).length
        for i in chart.rings.indices where !hidden.contains(i) {
            let (ri, ro) = radii(i)
            let pad = radius * gap / 2
            if r >= ri - pad && r <= ro + pad { return .ring(i) }
        }
        return nil
    }

    override func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? {
        guard case .ring(let i) = key, i < chart.rings.count else { return nil }
        return Tooltip(title: chart.rings[i].name, rows: [Tooltip.Row(dot: colors[i].resolved(theme), text: valueTexts[i])])
    }
}
