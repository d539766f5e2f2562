import Foundation

/// A polar chart: lines, areas and points on polar coordinates, with a grid of rings at the
/// radius' ticks and spokes at the angle's, tick labels on both axes, a legend of series, and
/// the seeds' growth spring when it appears or its data changes.
///
/// Lines and areas are one mesh tessellated once per data (unit coordinates: the mesh grows about
/// the center in the vertex shader). Points are circles: placed per frame while they move (the
/// growth spring, a toggle), and once settled made once into a layer (`pointLayer`) that the
/// renderer keeps as a picture until what the points depend on changes (issue 31: a settled
/// scatter of 100,000 points costs a frame nothing proportional to its points).
final class PolarChartItem: FamilyItem {
    let chart: PolarChart
    let colors: [ChartColor]
    let scale: ValueScale
    /// Every point in unit coordinates (the rim at 1), per series.
    private let unit: [[Vec2]]
    /// Lines and areas; each series' triangles.
    let mesh = Mesh()
    private var ranges: [Range<Int>] = []
    private var seriesColorCache: [Theme: SeriesColors] = [:]
    /// The series' patterns with the channel on and off (nil: all solid), made once each.
    private var seriesPatternCache: [Bool: SeriesPatterns?] = [:]

    /// The angle axis' ticks: value, label and angle (degrees); the radius axis': value, label, share.
    private(set) var angleTicks: [(value: Double, label: String, angle: Double)] = []
    private(set) var radiusTicks: [(value: Double, label: String, share: Double)] = []
    private var angleLabels: [(text: String, box: Rect)] = []
    private var gridRings: [Double] = [], gridSpokes: [Double] = [], gridArc = (0.0, 360.0)
    private var ringLabels: [(text: String, box: Rect)] = []
    /// Angle and ring labels that found no place (#32: what is given up is counted).
    override var labelsHidden: Int { angleTicks.count - angleLabels.count + radiusTicks.count - ringLabels.count }
    /// The settled points, made when what they depend on changes (`PointLayerKey`, the series
    /// shown), not per frame.
    let pointLayer = RoundedRectLayer()
    private var pointLayerKey: PointLayerKey?
    /// Which series the layer holds (shown, at rest), by series.
    private var pointLayerShown: [Bool]
    /// What the settled points' pixels depend on, besides the series shown.
    private struct PointLayerKey: Equatable {
        var scale: Double, theme: Theme, center: Vec2, radius: Double
        /// A highlighted series or legend entry (its points are drawn, larger for a legend entry).
        var emphasis: ElementKey?
    }

    static let labelStyle = TextStyle.caption.weight(.medium)
    static let tickStyle = TextStyle.caption2
    /// At most this many points are elements of their own (a screen reader can step through
    /// them); past it the series are, and `describe` summarizes.
    static let pointElements = 500

    init(chart: PolarChart, measurer: TextShaping, formatting: Formatting) {
        self.chart = chart
        colors = chart.series.resolvedColors()
        let scale = chart.radiusScale
        self.scale = scale
        let hole = chart.radiusAxis.hole
        unit = chart.series.map { s in
            s.points.map { p in PolarCoordinates.direction(chart.degrees(p.angle)) * (hole + (1 - hole) * scale.share(p.radius)) }
        }
        pointLayerShown = Array(repeating: false, count: chart.series.count)
        super.init(measurer: measurer, formatting: formatting, data: chart.series.count)
        patterns = PatternAssignment(chart.series.map(\.pattern))
        buildMesh()
        angleTicks = Self.angleTicks(chart, formatting: formatting)
        radiusTicks = scale.ticks(count: 4).filter { $0 > scale.minimum || chart.radiusAxis.hole > 0 }.map { ($0, chart.radiusText($0, formatting: formatting), scale.share($0)) }
    }

    /// The angle axis' ticks: about eight nice numbers over the range (the end left out when it
    /// is the start again, a whole turn later), time on calendar steps, or every category.
    static func angleTicks(_ chart: PolarChart, formatting: Formatting) -> [(value: Double, label: String, angle: Double)] {
        let values: [Double]
        switch chart.angleAxis.kind {
        case .numbers(let lo, let hi):
            values = wholeTurnTicks(lo, hi) ?? ValueScale.linearTicks(lo, hi, count: chart.angleAxis.sweep >= 360 ? 8 : 6)
        case .time(let lo, let hi):
            values = TimeTicks.ticks(lo, hi, count: 8)
        case .categories(let names):
            values = names.indices.map(Double.init)
        }
        let whole = chart.angleAxis.sweep >= 360
        return values.compactMap { v in
            let a = chart.degrees(v)
            // On a whole turn the maximum lands on the minimum: label it once.
            if whole, case .numbers(let lo, let hi) = chart.angleAxis.kind, v == hi, ValueScale.linearTicks(lo, hi, count: 8).first == lo { return nil }
            if whole, case .time(_, let hi) = chart.angleAxis.kind, v == hi { return nil }
            return (v, chart.angleText(v, formatting: formatting), a)
        }
    }

    /// Ticks that divide a range into 8, 12, 10, 6 or 4 whole steps (45° of a compass, 3 h of a
    /// clock, 5 min of an hour), the first that does; nil when none does.
    static func wholeTurnTicks(_ lo: Double, _ hi: Double) -> [Double]? {
        let span = hi - lo
        guard span.isFinite, span > 0 else { return nil }
        for k in [8, 12, 10, 6, 4] {
            let step = span / Double(k)
            let power = pow(10, Foundation.floor(Foundation.log10(step)))
            let m = step / power
            // A step of 1, 1.5, 2, 2.5, 3, 4.5, 5 or 7.5 × 10ⁿ, or a whole number.
            guard step == step.rounded() || [1, 1.5, 2, 2.5, 3, 4.5, 5, 7.5].contains(where: { abs(m - $0) < 1e-9 }) else { continue }
            return (0...k).map { lo + step * Double($0) }
        }
        return nil
    }

    private func buildMesh() {
        var t = Tessellator(into: MeshGeometry())
        ranges = []
        for (s, series) in chart.series.enumerated() {
            let start = t.builder.indices.count
            t.series = s
            let pts = unit[s]
            if series.mark == .area && pts.count >= 2 {
                t.role = .fill
                // The region between the line and the center (or the hole): a fan, closed through the center when the line is open.
                t.fillFan(center: .zero, polygon: series.closed ? pts : pts + [.zero])
            }
            if series.mark != .point && pts.count >= 2 {
                t.role = .stroke
                t.stroke(pts, closed: series.closed, join: .round)
            }
            ranges.append(start..<t.builder.indices.count)
        }
        mesh.replace(with: t.builder)
    }

    // MARK: - The card

    override var chartTitle: String? { chart.title }
    override var chartSubtitle: String? { chart.subtitle }
    override var showsLegend: Bool { chart.legend && chart.series.count > 1 }
    override var legendNames: [String] { chart.series.map(\.name) }
    override func legendColor(_ i: Int, _ theme: Theme) -> RGBA { colors[i].resolved(theme) }
    override func legendValue(_ i: Int) -> String {
        let n = chart.series[i].points.count
        let text = "\(n) point\(n == 1 ? "" : "s")"
        return hidden.contains(i) ? text + ", hidden" : text
    }

    // MARK: - Layout

    override func labelInsets() -> (top: Double, left: Double, bottom: Double, right: Double) {
        let h = measurer.lineHeight(Self.labelStyle) + 6
        let w = angleTicks.reduce(0) { max($0, measurer.width($1.label, Self.labelStyle)) } + 6
        return (h, w, h, w)
    }

    private var hole: Double { radius * chart.radiusAxis.hole }
    private func r(_ share: Double) -> Double { hole + (radius - hole) * share }

    override func layoutChart() {
        layoutGrid()
        // Angle labels just outside the rim, placed as every rim's names are (`RimLabels`: a row
        // further out where neighbours stand side by side and the plot has the room); what
        // finds no place is left out.
        let rim = RimLabels(center: center, anchoring: .onRay, measurer: measurer)
        let directions = angleTicks.map { PolarCoordinates.direction($0.angle) }
        let candidates = angleTicks.indices.map { i in
            rim.moves([TextBlock(angleTicks[i].label, style: Self.labelStyle, width: .infinity, measurer)], direction: directions[i], reach: radius + 4)
        }
        let placed = RimLabels.firstFit(candidates, start: RimLabels.start(directions), bounds: plot.insetBy(-2), padding: 2, area: \.box) ?? []
        angleLabels = zip(angleTicks, placed).compactMap { t, l in l.map { (t.label, $0.box) } }
        var placer = LabelPlacer(bounds: plot.insetBy(-2), obstacles: angleLabels.map(\.box))
        placer.padding = 2
        // Ring labels along the spoke with the fewest points near it.
        let spoke = quietestAngle()
        let d = PolarCoordinates.direction(spoke)
        let th = measurer.lineHeight(Self.tickStyle)
        ringLabels = radiusTicks.compactMap { t in
            let w = measurer.width(t.label, Self.tickStyle)
            let p = center + d * r(t.share)
            let box = Rect(x: p.x + 3, y: p.y - th - 1, width: w, height: th)
            return placer.place([box]) != nil ? (t.label, box) : nil
        }
    }

    /// The angle (between two angle ticks, or the axis' middle) with the fewest points within 15°.
    private func quietestAngle() -> Double {
        let sweep = chart.angleAxis.sweep * (chart.angleAxis.clockwise ? 1 : -1)
        var candidates: [Double] = []
        let ticks = angleTicks.map(\.angle)
        if ticks.count >= 2 {
            for k in 0..<ticks.count { candidates.append(k + 1 < ticks.count ? (ticks[k] + ticks[k + 1]) / 2 : ticks[k] + (ticks[1] - ticks[0]) / 2) }
        } else { candidates = [chart.angleAxis.start + sweep / 2] }
        if abs(sweep) < 360 { candidates = candidates.filter { PolarCoordinates.angle($0, isBetween: min(chart.angleAxis.start, chart.angleAxis.start + sweep), and: max(chart.angleAxis.start, chart.angleAxis.start + sweep)) } }
        guard !candidates.isEmpty else { return chart.angleAxis.start }
        var counts = Array(repeating: 0, count: candidates.count)
        for series in unit {
            let step = max(1, series.count / 2000)
            for k in stride(from: 0, to: series.count, by: step) {
                let a = PolarCoordinates.angle(of: series[k])
                for (i, c) in candidates.enumerated() {
                    var diff = abs((a - c).truncatingRemainder(dividingBy: 360))
                    if diff > 180 { diff = 360 - diff }
                    if diff < 15 { counts[i] += 1 }
                }
            }
        }
        return candidates[counts.indices.min { counts[$0] < counts[$1] } ?? 0]
    }

    // MARK: - Drawing

    private var pointRadius: Double {
        let n = chart.series.reduce(0) { $0 + ($1.mark == .point ? $1.points.count : 0) }
        return n > 10_000 ? 1.5 : n > 1000 ? 2 : 3
    }

    override func drawChart(_ ctx: DrawContext) {
        let pal = ctx.palette
        switch ctx.phase {
        case .shapes:
            drawGrid(ctx)
        case .main:
            let g = growth(ctx.moment)
            let s = ctx.scale
            if seriesColorCache[ctx.theme] == nil { seriesColorCache[ctx.theme] = SeriesColors(colors.map { $0.resolved(ctx.theme) }) }
            let style = MeshDraw.Style.roles(colors: seriesColorCache[ctx.theme]!, fillOpacity: 0.3, strokeHalfWidth: 1 * s,
                                             gridColor: .clear, gridHalfWidth: 0)
            let meshPatterns = seriesPatterns(on: ctx.patterns)
            for (i, range) in ranges.enumerated() where !range.isEmpty {
                let grow = g * presence(i, ctx.moment)
                guard grow > 0 else { continue }
                var draw = MeshDraw(mesh: mesh, indexRange: range, center: center * s, pointScale: radius * s, growth: grow, style: style)
                draw.patterns = meshPatterns
                draw.patternScale = s
                if ctx.records, let c = ctx.chart {
                    draw.seriesGroups = Array(repeating: nil, count: i) + [FrameGroup(id: "charts[\(c)].series[\(i)]", role: "series", name: chart.series[i].name)]
                }
                ctx.frame.add(draw)
            }
            if !ctx.records && pointsSettled(g, ctx) {
                drawPointLayer(ctx)
            } else {
                for (i, series) in chart.series.enumerated() where drawsPoints(i) {
                    let grow = g * presence(i, ctx.moment)
                    guard grow > 0 else { continue }
                    let (rr, color) = pointStyle(i, ctx.theme)
                    ctx.group(.legend(i), part: "points", name: series.name) {
                        for p in unit[i] { ctx.circle(center: center + p * (radius * grow), radius: rr, color: color) }
                    }
                }
            }
            if case .mark(let s, let k)? = highlight, s < unit.count, k < unit[s].count {
                let p = center + unit[s][k] * (radius * g * presence(s, ctx.moment))
                ctx.circle(center: p, radius: 5, color: pal.cardBackground)
                ctx.circle(center: p, radius: 4, color: colors[s].resolved(ctx.theme))
            }
            if ctx.records { record(ctx, growth: g) }
        case .text:
            for l in angleLabels {
                ctx.text(l.text, style: Self.labelStyle, leading: Vec2(l.box.minX, l.box.midY), color: pal.secondaryLabel, role: .axisLabel)
            }
            for l in ringLabels {
                ctx.text(l.text, style: Self.tickStyle, leading: Vec2(l.box.minX, l.box.midY), color: pal.secondaryLabel, role: .ringLabel)
            }
            if chart.series.allSatisfy({ $0.points.isEmpty }) {
                ctx.text("No data", style: .subheadline, center: center, color: pal.secondaryLabel, role: .message)
            }
        default:
            break
        }
    }

    /// Whether series `i`'s points are drawn: a scatter's always, a line's or area's while its series is highlighted.
    private func drawsPoints(_ i: Int) -> Bool { chart.series[i].mark == .point || highlight == .series(i) || highlight == .legend(i) }

    /// Series `i`'s dots: their radius (points; a highlighted legend entry's a point larger) and color.
    private func pointStyle(_ i: Int, _ theme: Theme) -> (radius: Double, color: RGBA) {
        let pr = pointRadius
        var color = colors[i].resolved(theme)
        if pr < 3 { color = color.opacity(0.8) }
        return (highlight == .legend(i) ? pr + 1 : pr, color)
    }

    /// Whether every point is where it comes to rest (the growth spring and every toggle at rest),
    /// and small enough to be a disc `DrawContext.disc` makes: then they can be drawn from a layer.
    private func pointsSettled(_ g: Double, _ ctx: DrawContext) -> Bool {
        guard g == 1, 2 * (pointRadius + 1) * ctx.scale < 96 else { return false }
        for i in chart.series.indices {
            let p = presence(i, ctx.moment)
            if p != 0 && p != 1 { return false }
        }
        return true
    }

    /// The settled points from `pointLayer`, remade first when the scale, theme, center, radius,
    /// highlight or the series shown changed since it was made (so a settled frame does nothing
    /// per point); the renderer keeps its picture while its version holds.
    private func drawPointLayer(_ ctx: DrawContext) {
        var emphasis: ElementKey?
        if case .series? = highlight { emphasis = highlight } else if case .legend? = highlight { emphasis = highlight }
        let key = PointLayerKey(scale: ctx.scale, theme: ctx.theme, center: center, radius: radius, emphasis: emphasis)
        var same = key == pointLayerKey
        for i in chart.series.indices {
            let shown = drawsPoints(i) && presence(i, ctx.moment) == 1
            if pointLayerShown[i] != shown { pointLayerShown[i] = shown; same = false }
        }
        if !same {
            pointLayerKey = key
            pointLayer.rebuild { rects in
                for i in chart.series.indices where pointLayerShown[i] {
                    let (rr, color) = pointStyle(i, ctx.theme)
                    for p in unit[i] { if let d = ctx.disc(center: center + p * radius, radius: rr, color: color) { rects.append(d) } }
                }
            }
        }
        if pointLayer.extent != nil { ctx.frame.add(pointLayer) }
    }

    /// The series' patterns (areas' fills, lines' dashes) with the channel on or off; nil when all are solid.
    private func seriesPatterns(on: Bool) -> SeriesPatterns? {
        if let p = seriesPatternCache[on] { return p }
        let list = chart.series.indices.map { patterns.drawn($0, on: on) }
        let p = list.contains { $0 != .solid } ? SeriesPatterns(list) : nil
        seriesPatternCache[on] = p
        return p
    }

    /// A scatter's legend dot stays plain: its points are too small to carry a pattern.
    override func legendPattern(_ i: Int, _ ctx: DrawContext) -> FillPattern {
        i < chart.series.count && chart.series[i].mark == .point ? .solid : super.legendPattern(i, ctx)
    }

    /// Rings at the radius' ticks (arcs on a partial sweep) and spokes at the angle's, under the
    /// marks (made at layout: `gridRings`, `gridSpokes`).
    private func drawGrid(_ ctx: DrawContext) {
        let pal = ctx.palette
        let grid = ctx.flattened(pal.quaternaryLabel, over: pal.cardBackground)
        let hw = pal.hairlineHalfWidth
        for rr in gridRings { ctx.frame.add(sector(ctx, inner: rr - hw, outer: rr + hw, from: gridArc.0, to: gridArc.1, color: grid)) }
        for a in gridSpokes {
            let d = PolarCoordinates.direction(a)
            ctx.line(center + d * hole, center + d * radius, width: 2 * hw, color: grid)
        }
    }

    /// The grid's rings (points) and spokes (degrees) and the arc the rings span, for the layout.
    private func layoutGrid() {
        let a0 = min(chart.angleAxis.start, chart.angleAxis.start + chart.angleAxis.sweep * (chart.angleAxis.clockwise ? 1 : -1))
        gridArc = (a0, a0 + chart.angleAxis.sweep)
        gridRings = radiusTicks.map { r($0.share) }
        if gridRings.last.map({ $0 < radius - 0.5 }) ?? true { gridRings.append(radius) }
        if hole > 0.5 { gridRings.insert(hole, at: 0) }
        gridSpokes = angleTicks.map(\.angle)
        if chart.angleAxis.sweep < 360 { gridSpokes += [gridArc.0, gridArc.1] }
    }

    private func record(_ ctx: DrawContext, growth g: Double) {
        var series: [JSONOut] = []
        for (i, s) in chart.series.enumerated() {
            let grow = g * presence(i, ctx.moment)
            let points: [JSONOut] = s.points.indices.map { k in
                let p = center + unit[i][k] * (radius * grow)
                return .object([("angle", .number(s.points[k].angle)), ("radius", .number(s.points[k].radius)),
                                ("degrees", .number(chart.degrees(s.points[k].angle))), ("at", ctx.px(p))])
            }
            let pattern = s.mark == .point ? .solid : patterns.drawn(i, on: ctx.patterns)
            series.append(.object([("name", .string(s.name)), ("mark", .string(s.mark.rawValue)), ("closed", .bool(s.closed)),
                                   ("color", .string(colors[i].resolved(ctx.theme).hexString)),
                                   ("pattern", .string(s.mark == .area ? pattern.rawValue : "solid")), ("dash", .array(pattern.dash.map { ctx.px($0) })),
                                   ("points", .array(points))]))
        }
        let ticks: [JSONOut] = radiusTicks.map { t in .object([("axis", .string("radius")), ("value", .number(t.value)), ("label", .string(t.label)), ("radius", ctx.px(r(t.share)))]) }
            + angleTicks.map { t in .object([("axis", .string("angle")), ("value", .number(t.value)), ("label", .string(t.label)), ("angle", .number(t.angle))]) }
        var angleKind: String
        switch chart.angleAxis.kind { case .numbers: angleKind = "numbers"; case .time: angleKind = "time"; case .categories: angleKind = "categories" }
        ctx.record(type: "polar", [("frame", ctx.px(plot)), ("center", ctx.px(center)), ("radius", ctx.px(radius)), ("hole", ctx.px(hole)),
                                   ("angleAxis", .object([("type", .string(angleKind)), ("start", .number(chart.angleAxis.start)),
                                                          ("sweep", .number(chart.angleAxis.sweep)), ("clockwise", .bool(chart.angleAxis.clockwise))])),
                                   ("radiusAxis", .object([("scale", .string(scale.type.rawValue)), ("min", .number(scale.minimum)), ("max", .number(scale.maximum))])),
                                   ("growth", .number(g)), ("series", .array(series)), ("ticks", .array(ticks))])
    }

    /// Every shown line or area at rest, keyed by its series, its points by their angles as
    /// written (a category's name), for a morph into another kind; a scatter has none.
    override func morphMarks() -> [MorphMark] {
        chart.series.enumerated().compactMap { s, series in
            guard !hidden.contains(s), series.mark != .point, unit[s].count >= 2 else { return nil }
            let points = unit[s].map { center + $0 * radius }
            let keys = series.points.map { chart.angleText($0.angle, formatting: formatting) }
            return MorphMark(key: series.name, shape: .path(center: center, points: points, keys: keys, closed: series.closed, filled: series.mark == .area),
                             color: colors[s])
        }
    }

    // MARK: - Elements

    override func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    override func chartValue(formatting: Formatting) -> String { Descriptions.summary(of: chart, formatting: formatting, hidden: hidden) }

    override func chartElements(chart index: Int, moment: Moment) -> [ChartElement] {
        let total = unit.reduce(0) { $0 + $1.count }
        guard total <= Self.pointElements else { return [] }
        var out: [ChartElement] = []
        for (s, series) in chart.series.enumerated() where !hidden.contains(s) {
            for k in series.points.indices {
                let p = center + unit[s][k] * radius
                out.append(ChartElement(key: .mark(series: s, category: k), chart: index, name: series.name + ", " + chart.angleText(series.points[k].angle, formatting: formatting),
                                        value: chart.radiusText(series.points[k].radius, formatting: formatting), frame: Rect(x: p.x - 4, y: p.y - 4, width: 8, height: 8),
                                        occurrence: 1 + series.points[..<k].filter { $0.angle == series.points[k].angle }.count))
            }
        }
        return out
    }

    /// The nearest shown point within 10 points of `p`.
    override func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? {
        guard unit.reduce(0, { $0 + $1.count }) <= Self.pointElements else { return nil }
        let g = growth(moment)
        var best: (key: ElementKey, d: Double)?
        for (s, pts) in unit.enumerated() where !hidden.contains(s) {
            for (k, u) in pts.enumerated() {
                let d = (center + u * (radius * g) - p).length
                if d <= 10 && d < (best?.d ?? .infinity) { best = (.mark(series: s, category: k), d) }
            }
        }
        return best?.key
    }

    override func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? {
        guard case .mark(let s, let k) = key, s < chart.series.count, k < chart.series[s].points.count else { return nil }
        return Tooltip(title: chart.series[s].name, rows: [Tooltip.Row(dot: colors[s].resolved(theme),
                                                                        text: Descriptions.pointValue(chart, series: s, point: k, formatting: formatting))])
    }
}
