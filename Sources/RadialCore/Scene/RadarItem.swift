import Foundation

/// A radar chart on a card: header, the chart square, a legend of series and a Replay button.
final class RadarItem: ChartItem {
    let chart: RadarChart
    let measurer: TextMeasuring
    let card = CardStyle.radar
    var embeddedTitle: (String, String?)?

    /// The grid (rings and spokes) and every series (fill fan, then outline) at unit radius in
    /// one mesh, drawn in one call: each vertex's role and series pick its width and color, growth
    /// and size are uniforms. Built once per data (and per frame only during a reload's transition).
    let mesh = Mesh()
    /// Where each series' fill and outline sit in `mesh.indices` (for tests and the geometry).
    private(set) var fillRanges: [Range<Int>] = []
    private(set) var strokeRanges: [Range<Int>] = []
    private(set) var gridRange: Range<Int> = 0..<0
    /// The series colors per theme, in the mesh's series order (removed series last, in a transition).
    var colors: [Theme: SeriesColors] = [:]

    // Layout, in points.
    private(set) var square = Rect.zero
    private(set) var center = Vec2.zero
    private(set) var radius = 0.0
    private var headerTop = 0.0
    /// The header as drawn: cut to the card's width at layout.
    private var shownHeader = CardHeader()
    /// Where each legend entry starts (its dot's left edge) and its vertical middle.
    var legendOrigins: [Vec2] = []
    /// Whether the legend stands in a column beside the chart (a wide, short card in a grid).
    private(set) var sideLegend = false
    private var headerCenterX = 0.0
    private(set) var replayButton: Rect?
    var labels: [(text: String, center: Vec2, shrink: Double)] = []

    static let stackSpacing = 20.0
    static let legendDot = 10.0
    static let legendSpacing = 20.0
    static let legendStyle = TextStyle.subheadline.weight(.medium)
    static let labelStyle = TextStyle.caption.weight(.medium)
    static let buttonStyle = TextStyle.body
    static let buttonPadding = (h: 14.0, v: 7.0)
    static let replayTitle = "Replay"
    static let replayIcon = "↻"
    static let replayLabel = replayIcon + " " + replayTitle

    /// Page time at which the chart appears and starts growing.
    var appearTime = 0.0
    var fillsCard: Bool { false }

    /// The hovered or focused element: an axis draws its spoke and corners emphasized, a series
    /// dims the others.
    var highlight: ElementKey?
    /// Each series' presence, 1 shown, 0 hidden by its legend entry; it springs like growth.
    var visibility: [AnimatedValue]
    /// Whether the mesh follows time (a reload's transition or a legend toggle is or was in flight).
    var meshFollowsTime = false
    /// The (clamped) time the mesh was last built for, when it follows time.
    var meshBuiltFor: Double?

    /// After a reload: every corner springs from where the old chart had it to its new share;
    /// series new to the chart grow from the center, removed ones shrink into it.
    struct Transition {
        struct Shape { var color: ChartColor; var shares: [AnimatedValue]; var removed: Bool }
        var shapes: [Shape]
        var start: Double
        var end: Double { start + Spring.radarGrowth.duration * AnimatedValue.restAfterDurations }
    }
    var transition: Transition?

    /// Whether the card has its Replay button (a window's control; exports leave it out).
    let controls: Bool
    /// A card in a grid of several: Replay is an icon in the card's top-right corner instead of a
    /// row of its own, and the legend may stand beside the chart when that gives it more room.
    let compact: Bool
    /// Whether any value lies outside its axis' range (and so gets a mark), worked out once.
    private lazy var anyOutOfRange: Bool = chart.series.indices.contains { i in
        chart.axes.indices.contains { chart.outOfRange(series: i, axis: $0) != nil }
    }
    /// Shapes the chart keeps: its series plus those still shrinking away after a reload.
    var retainedShapes: Int { transition?.shapes.count ?? chart.series.count }

    /// How ring and value labels write numbers.
    let formatting: Formatting

    init(chart: RadarChart, measurer: TextMeasuring, formatting: Formatting = Formatting(localeIdentifier: "en_US"), controls: Bool = true,
         compact: Bool = false) {
        self.chart = chart
        self.measurer = measurer
        self.formatting = formatting
        self.controls = controls
        self.compact = compact
        visibility = Array(repeating: AnimatedValue(1, spring: .radarGrowth), count: chart.series.count)
        buildMeshes()
    }

    /// The shares the chart shows at `time`, with their velocities, series by series.
    func displayedShares(time: Double) -> [(name: String?, color: ChartColor, shares: [(value: Double, velocity: Double)])] {
        if let tr = transition {
            return tr.shapes.enumerated().map { i, shape in
                guard !shape.removed else { return (nil, shape.color, shape.shares.map { $0.state(at: time) }) }
                let v = visibility[i].state(at: time)
                // d(share·v)/dt by the product rule, so a reload mid-toggle keeps its motion.
                return (chart.series[i].name, shape.color, shape.shares.map { a in
                    let s = a.state(at: time)
                    return (s.value * v.value, s.velocity * v.value + s.value * v.velocity)
                })
            }
        }
        let n = chart.axes.count
        let g = time - appearTime >= Spring.radarGrowth.duration * AnimatedValue.restAfterDurations
            ? (value: 1.0, velocity: 0.0) : Spring.radarGrowth.state(at: time - appearTime, from: 0, velocity: 0, to: 1)
        return chart.series.enumerated().map { i, s in
            let v = visibility[i].state(at: time)
            return (s.name, s.color, (0..<n).map { a in
                let share = chart.share(series: i, axis: a)
                return (share * g.value * v.value, share * (g.velocity * v.value + g.value * v.velocity))
            })
        }
    }

    func scheduleArrivals(clock: inout Double) {}

    /// Continues from `old` (the chart this one replaces on reload) at page time `time`. Charts
    /// with a different number of axes cannot be morphed: they grow anew from `time`.
    func continueFrom(_ old: ChartItem?, at time: Double) {
        let n = chart.axes.count
        guard n > 2, let old = old as? RadarItem, old.chart.axes.count == n else { appearTime = time; return }
        let before = old.displayedShares(time: time)
        let spring = Spring.radarGrowth
        var shapes: [Transition.Shape] = []
        for (i, s) in chart.series.enumerated() {
            let prior = before.first { $0.name == s.name }?.shares
            let shares = (0..<n).map { a in
                let target = chart.share(series: i, axis: a)
                let from: (value: Double, velocity: Double) = prior?[a] ?? (0, 0)
                return AnimatedValue(from.value, velocity: from.velocity, at: time, to: target, spring: spring)
            }
            shapes.append(.init(color: s.color, shares: shares, removed: false))
        }
        // A removed series lives only until its exit animation ends. Series already leaving keep
        // their own springs (restarting them at each reload would keep them alive forever, a hair
        // from the center) and are forgotten once those have come to rest.
        for shape in old.transition?.shapes ?? [] where shape.removed && shape.shares.contains(where: { $0.settleTime > time }) {
            shapes.append(shape)
        }
        for gone in before {
            guard let name = gone.name, !chart.series.contains(where: { $0.name == name }) else { continue }
            shapes.append(.init(color: gone.color, shares: gone.shares.map {
                AnimatedValue($0.value, velocity: $0.velocity, at: time, to: 0, spring: spring)
            }, removed: true))
        }
        transition = Transition(shapes: shapes, start: time)
        meshFollowsTime = true
        colors = [:]
        // A series hidden before the reload stays hidden (by name).
        for (i, s) in chart.series.enumerated() {
            if let j = old.chart.series.firstIndex(where: { $0.name == s.name }), old.visibility[j].target == 0 {
                visibility[i] = AnimatedValue(0, spring: .radarGrowth)
            }
        }
    }

    /// When the mesh stops changing: the end of a reload's transition and of every toggle.
    private var meshSettleTime: Double {
        visibility.reduce(transition?.end ?? -.infinity) { max($0, $1.settleTime) }
    }

    /// Brings the mesh to `time` when a transition or a toggle moves shapes (once per distinct
    /// time, and once for good when they have settled); otherwise the mesh is the data's, built once.
    func update(time: Double, reduceMotion: Bool) {
        guard meshFollowsTime else { return }
        let t = reduceMotion ? .infinity : min(time, meshSettleTime)
        if meshBuiltFor == t { return }
        let n = chart.axes.count
        if let tr = transition {
            buildMesh(shares: tr.shapes.enumerated().map { i, shape in
                let v = shape.removed ? 1 : max(visibility[i].value(at: t), 0)
                return (0..<n).map { max(shape.shares[$0].value(at: t), 0) * v }
            })
        } else {
            buildMesh(shares: chart.series.indices.map { i in
                let v = max(visibility[i].value(at: t), 0)
                return (0..<n).map { chart.share(series: i, axis: $0) * v }
            })
        }
        meshBuiltFor = t
    }

    // MARK: - Meshes

    private func buildMeshes() {
        let n = chart.axes.count
        buildMesh(shares: chart.series.indices.map { i in
            (0..<n).map { chart.share(series: i, axis: $0) }
        })
    }

    /// Tessellates the grid and one shape per entry of `shares` (a share per axis) into `mesh`.
    private func buildMesh(shares: [[Double]]) {
        let n = chart.axes.count
        var t = Tessellator()
        if n > 2 {
            t.role = .grid
            let rings = max(chart.rings, 1)
            for ring in 1...rings {
                let share = Double(ring) / Double(rings)
                t.stroke((0..<n).map { RadarMath.point(axis: $0, count: n, share: share, center: .zero, radius: 1) }, closed: true, join: .miter)
            }
            for axis in 0..<n {
                t.stroke([.zero, RadarMath.point(axis: axis, count: n, share: 1, center: .zero, radius: 1)], closed: false, join: .miter)
            }
        }
        gridRange = 0..<t.indices.count
        fillRanges.removeAll(keepingCapacity: true); strokeRanges.removeAll(keepingCapacity: true)
        for (i, shape) in shares.prefix(SeriesColors.maximum).enumerated() {
            t.series = i
            let corners = n > 2 ? (0..<n).map { RadarMath.point(axis: $0, count: n, share: shape[$0], center: .zero, radius: 1) } : []
            t.role = .fill
            let f0 = t.indices.count
            t.fillFan(center: .zero, polygon: corners)
            fillRanges.append(f0..<t.indices.count)
            t.role = .stroke
            let s0 = t.indices.count
            if corners.count > 2 { t.stroke(corners, closed: true, join: .round) }
            strokeRanges.append(s0..<t.indices.count)
        }
        mesh.replace(vertices: t.vertices, indices: t.indices)
    }

    /// The series colors for `theme`, resolved once.
    private func seriesColors(_ theme: Theme) -> SeriesColors {
        if let c = colors[theme] { return c }
        let list = (transition?.shapes.map(\.color) ?? chart.series.map(\.color)).map { $0.resolved(theme) }
        let c = SeriesColors(list)
        colors[theme] = c
        return c
    }

    /// The colors with every series but `emphasized` faded (hovering a series' outline or fill).
    var dimmed: (theme: Theme, series: Int, colors: SeriesColors)?
    private func seriesColors(_ theme: Theme, emphasizing i: Int) -> SeriesColors {
        if let d = dimmed, d.theme == theme, d.series == i { return d.colors }
        let base = seriesColors(theme).colors
        let c = SeriesColors(base.enumerated().map { $0.offset == i ? $0.element : $0.element.opacity(0.3) })
        dimmed = (theme, i, c)
        return c
    }

    // MARK: - Layout

    private var header: CardHeader { CardHeader(title: chart.title ?? embeddedTitle?.0, subtitle: chart.subtitle ?? embeddedTitle?.1) }
    private func headerHeight() -> Double { header.height(measurer) }
    var legendHeight: Double { max(Self.legendDot, measurer.lineHeight(Self.legendStyle)) }
    private var buttonLabel: String { compact ? Self.replayIcon : Self.replayLabel }
    private var buttonSize: Size {
        let h = measurer.lineHeight(Self.buttonStyle) + 2 * Self.buttonPadding.v
        if compact { return Size(max(measurer.width(buttonLabel, Self.buttonStyle) + 2 * Self.buttonPadding.v, h), h) }
        return Size(measurer.width(buttonLabel, Self.buttonStyle) + 2 * Self.buttonPadding.h, h)
    }
    private func legendItemWidth(_ i: Int) -> Double { Self.legendDot + 6 + measurer.width(chart.series[i].name, Self.legendStyle) }
    private var legendWidth: Double {
        let items = chart.series.indices.map(legendItemWidth)
        return items.reduce(0, +) + Double(max(items.count - 1, 0)) * Self.legendSpacing
    }
    /// The legend as a column beside the chart.
    private var legendColumn: Size {
        let n = Double(chart.series.count)
        return Size(chart.series.indices.map(legendItemWidth).max() ?? 0, n * legendHeight + max(n - 1, 0) * Self.legendRowSpacing)
    }
    static let legendRowSpacing = 8.0
    static let sideLegendGap = 16.0

    /// The header and the space under it; a compact card without a header keeps a row for its
    /// corner button.
    private var headerBlock: Double {
        let header = headerHeight()
        if header > 0 { return header + Self.stackSpacing }
        return compact && controls ? buttonSize.height + 4 : 0
    }

    /// The legend below the chart (the seed's stack): everything but the chart square.
    func chromeHeight(width: Double) -> Double {
        headerBlock + Self.stackSpacing + legendHeight + (controls && !compact ? Self.stackSpacing + buttonSize.height : 0)
    }

    /// The chart side with the legend beside the chart, when the card is compact.
    private func sideLegendChartSide(in content: Size) -> Double? {
        guard compact, !chart.series.isEmpty else { return nil }
        let col = legendColumn
        let side = min(content.width - Self.sideLegendGap - col.width, content.height - headerBlock)
        return side >= col.height ? side : nil
    }

    func largestChartSide(in content: Size) -> Double {
        max(content.width > 0 ? min(content.width, content.height - chromeHeight(width: content.width)) : 0,
            sideLegendChartSide(in: content) ?? 0, 0)
    }

    /// With the legend beside the chart when `layout` would put it there.
    func contentHeight(chartSide: Double, in content: Size) -> Double {
        usesSideLegend(chartSide: chartSide, in: content) ? headerBlock + chartSide : chartSide + chromeHeight(width: content.width)
    }

    /// The legend goes beside the chart only when below it would not leave the chart this side.
    private func usesSideLegend(chartSide: Double, in content: Size) -> Bool {
        guard let s = sideLegendChartSide(in: content) else { return false }
        return s + 0.5 >= chartSide && content.height + 0.5 < chartSide + chromeHeight(width: content.width)
    }

    func minimumContentWidth() -> Double {
        max(legendWidth, controls && !compact ? buttonSize.width : 0, header.width(measurer))
    }

    /// Axis labels need their room around even the smallest useful radar.
    var minimumChartSide: Double { 2 * RadarMath.labelRoom + 48 }

    func layout(content: Rect, chartSide: Double) {
        let b = buttonSize
        let corner = compact && controls
        replayButton = corner ? Rect(x: content.maxX - b.width, y: content.minY, width: b.width, height: b.height) : nil
        // The stack sits in the middle of a card taller than it needs (a grid row's height).
        let stack = contentHeight(chartSide: chartSide, in: content.size)
        var y = content.minY + max((content.height - stack) / 2, 0)
        headerTop = y
        headerCenterX = content.midX
        shownHeader = self.header.fitted(width: corner ? content.width - 2 * (b.width + 6) : content.width, measurer)
        y += headerBlock
        sideLegend = usesSideLegend(chartSide: chartSide, in: content.size)
        if sideLegend {
            let col = legendColumn
            let x0 = content.midX - (chartSide + Self.sideLegendGap + col.width) / 2
            square = Rect(x: x0, y: y, width: chartSide, height: chartSide)
            var ly = square.midY - col.height / 2 + legendHeight / 2
            legendOrigins = chart.series.indices.map { _ in
                defer { ly += legendHeight + Self.legendRowSpacing }
                return Vec2(square.maxX + Self.sideLegendGap, ly)
            }
        } else {
            square = Rect(x: content.midX - chartSide / 2, y: y, width: chartSide, height: chartSide)
            y += chartSide + Self.stackSpacing
            var x = content.midX - legendWidth / 2
            let ly = y + legendHeight / 2
            legendOrigins = chart.series.indices.map { i in
                defer { x += legendItemWidth(i) + Self.legendSpacing }
                return Vec2(x, ly)
            }
            y += legendHeight + Self.stackSpacing
            if controls && !compact { replayButton = Rect(x: content.midX - b.width / 2, y: y, width: b.width, height: b.height) }
        }
        center = square.center
        radius = max(chartSide / 2 - RadarMath.labelRoom, 0)
        layoutLabels()
    }

    /// Axis labels at radius + 0.55 × label room, shrunk (down to 70 %) where they would run
    /// past the chart's square or into a neighbour.
    private func layoutLabels() {
        let n = chart.axes.count
        let r = radius + RadarMath.labelRoom * 0.55
        let centers = (0..<n).map { RadarMath.point(axis: $0, count: n, share: 1, center: center, radius: r) }
        let widths = chart.axes.map { measurer.width($0, Self.labelStyle) }
        let lineH = measurer.lineHeight(Self.labelStyle)
        labels = []
        for i in 0..<n {
            let c = centers[i]
            var room = 2 * min(c.x - square.minX, square.maxX - c.x)
            if n > 1 {
                for j in [(i + n - 1) % n, (i + 1) % n] where j != i {
                    let o = centers[j]
                    // Neighbours on roughly the same line share the horizontal gap between them.
                    if abs(o.y - c.y) < lineH {
                        room = min(room, 2 * abs(o.x - c.x) - widths[j] * 0.7 - 4)
                    }
                }
            }
            let shrink = widths[i] > 0 ? min(1, max(0.7, room / widths[i])) : 1
            labels.append((chart.axes[i], c, shrink))
        }
    }

    // MARK: - Animation

    func growth(time: Double, reduceMotion: Bool) -> Double {
        if transition != nil { return 1 }
        let t = time - appearTime
        // At rest after twice the duration, like AnimatedValue, so a settled radar's uniforms stop changing.
        return reduceMotion || t >= Spring.radarGrowth.duration * AnimatedValue.restAfterDurations ? 1 : Spring.radarGrowth.value(at: t)
    }

    func settleTime(reduceMotion: Bool) -> Double {
        if reduceMotion { return 0 }
        let growthEnd = transition?.end ?? appearTime + Spring.radarGrowth.duration * AnimatedValue.restAfterDurations
        return visibility.reduce(growthEnd) { max($0, $1.settleTime) }
    }

    // MARK: - Drawing

    /// Small shapes (legend dots, button) in the shapes layer, the grid and series in the main
    /// layer, every piece of text in the text layer.
    func draw(_ ctx: DrawContext) {
        switch ctx.phase {
        case .shapes:
            drawShapes(ctx)
        case .main:
            drawMesh(ctx)
        case .text:
            drawText(ctx)
        case .overlay:
            drawOutOfRange(ctx)
            drawHighlight(ctx)
        case .top:
            break
        }
    }

    /// A hovered or focused axis: its spoke in the accent color and a ringed dot on every shown
    /// series' corner along it.
    private func drawHighlight(_ ctx: DrawContext) {
        guard case .axis(let a)? = highlight, a < chart.axes.count, chart.axes.count > 2 else { return }
        let n = chart.axes.count
        let g = growth(time: ctx.time, reduceMotion: ctx.reduceMotion)
        ctx.line(center, RadarMath.point(axis: a, count: n, share: 1, center: center, radius: radius), width: 2, color: ctx.palette.accent)
        for (i, shape) in displayedShares(time: ctx.reduceMotion ? .infinity : ctx.time).enumerated() where shape.name != nil && visibility[i].target > 0 {
            let share = max(shape.shares[a].value, 0) * (transition == nil ? 1 : g)
            let p = RadarMath.point(axis: a, count: n, share: share, center: center, radius: radius)
            ctx.circle(center: p, radius: 5, color: ctx.palette.cardBackground)
            ctx.circle(center: p, radius: 3.5, color: shape.color.resolved(ctx.theme))
        }
    }

    /// Where each shown series' corners are drawn at the context's time: (series, corner points).
    private func shownCorners(_ ctx: DrawContext) -> [(series: Int, corners: [Vec2])] {
        let n = chart.axes.count
        guard n > 2 else { return [] }
        let g = growth(time: ctx.time, reduceMotion: ctx.reduceMotion)
        return displayedShares(time: ctx.reduceMotion ? .infinity : ctx.time).enumerated().compactMap { i, shape in
            guard shape.name != nil, i < chart.series.count, visibility[i].target > 0 else { return nil }
            return (i, (0..<n).map { a in
                RadarMath.point(axis: a, count: n, share: max(shape.shares[a].value, 0) * (transition == nil ? 1 : g), center: center, radius: radius)
            })
        }
    }

    /// A value outside its axis' range: an open ring on its corner (on a halo of the card's
    /// color) and, where it is held at the rim, an arrow pointing on outwards.
    private func drawOutOfRange(_ ctx: DrawContext) {
        // Most charts have no value out of range: then a frame asks for no corners (they allocate).
        guard anyOutOfRange else { return }
        let n = chart.axes.count
        for (i, corners) in shownCorners(ctx) {
            let color = chart.series[i].color.resolved(ctx.theme)
            for a in 0..<n {
                guard let side = chart.outOfRange(series: i, axis: a) else { continue }
                let p = corners[a]
                ctx.circle(center: p, radius: 6.5, color: ctx.palette.cardBackground)
                ctx.circle(center: p, radius: 5, color: color, border: 2)
                guard (side == .above) != chart.scale(axis: a).inverted else { continue }
                let ang = RadarMath.angle(of: a, count: n)
                let dir = Vec2(cos(ang), sin(ang)), side2 = Vec2(-dir.y, dir.x)
                let tip = p + dir * 15, base = p + dir * 6
                ctx.line(base, tip, width: 2, color: color)
                ctx.line(tip, tip - dir * 5 + side2 * 4, width: 2, color: color)
                ctx.line(tip, tip - dir * 5 - side2 * 4, width: 2, color: color)
            }
        }
    }

    /// Ring labels (the first axis' scale at each ring) and value labels (each corner's value).
    private func drawScaleText(_ ctx: DrawContext) {
        let n = chart.axes.count
        guard n > 2 else { return }
        let pal = ctx.palette
        if chart.ringLabels {
            let scale = chart.scale(axis: 0), rings = max(chart.rings, 1)
            for ring in 0...rings {
                let t = Double(ring) / Double(rings)
                let v = scale.inverted ? scale.maximum - t * (scale.maximum - scale.minimum) : scale.minimum + t * (scale.maximum - scale.minimum)
                let p = RadarMath.point(axis: 0, count: n, share: t, center: center, radius: radius)
                ctx.text(formatting.format(v, scale.effectiveFormat), style: Self.scaleStyle, leading: Vec2(p.x + 4, p.y - 7), color: pal.secondaryLabel)
            }
        }
        if chart.valueLabels {
            for (i, corners) in shownCorners(ctx) {
                for a in 0..<n {
                    let v = chart.value(series: i, axis: a)
                    guard v.isFinite else { continue }
                    let ang = RadarMath.angle(of: a, count: n)
                    let p = corners[a] + Vec2(cos(ang), sin(ang)) * 12
                    ctx.text(formatting.format(v, chart.scale(axis: a).effectiveFormat), style: Self.scaleStyle, center: p,
                             color: chart.series[i].color.resolved(ctx.theme))
                }
            }
        }
    }
    static let scaleStyle = TextStyle.caption2

    /// Legend dots and the bordered Replay button's background.
    private func drawShapes(_ ctx: DrawContext) {
        let pal = ctx.palette
        for (i, series) in chart.series.enumerated() where i < legendOrigins.count {
            let o = legendOrigins[i]
            SeriesMarkers.legendSymbol(ctx, series: i, center: Vec2(o.x + Self.legendDot / 2, o.y), radius: Self.legendDot / 2,
                                       color: series.color.resolved(ctx.theme), hidden: visibility[i].target == 0)
        }
        if let b = replayButton {
            ctx.rect(b, radius: 10, color: pal.controlBorderWidth > 0 ? pal.accent : pal.accent.opacity(0.15), border: pal.controlBorderWidth)
        }
    }

    private func drawMesh(_ ctx: DrawContext) {
        let pal = ctx.palette
        let s = ctx.scale
        // Grid, then each series' fill and outline, as the seed's ZStack does: one draw call.
        // The grid is an opaque blend of the quaternary label color, so crossings do not darken.
        if !mesh.indices.isEmpty {
            var colors = seriesColors(ctx.theme)
            if case .series(let i)? = highlight, i < visibility.count, visibility[i].target > 0 { colors = seriesColors(ctx.theme, emphasizing: i) }
            ctx.frame.add(MeshDraw(mesh: mesh, indexRange: 0..<mesh.indices.count, center: center * s, pointScale: radius * s,
                                   growth: growth(time: ctx.time, reduceMotion: ctx.reduceMotion),
                                   style: .radar(colors: colors, fillOpacity: 0.22, strokeHalfWidth: 1 * s,
                                                 gridColor: ctx.flattened(pal.quaternaryLabel, over: pal.cardBackground),
                                                 gridHalfWidth: pal.hairlineHalfWidth * s)))
            // Hidden series (legend toggles) carry no markers: they are shrinking away.
            SeriesMarkers.radarCorners(ctx, shapes: SeriesMarkers.active(ctx) ? displayedShares(time: ctx.reduceMotion ? .infinity : ctx.time).enumerated().map { i, s in
                i < visibility.count && visibility[i].target == 0 ? (nil, s.color, s.shares) : s
            } : [], center: center, radius: radius)
        }
    }

    /// Header, axis labels, legend names, the button's title.
    private func drawText(_ ctx: DrawContext) {
        let pal = ctx.palette
        shownHeader.draw(ctx, top: headerTop, centerX: headerCenterX)
        drawScaleText(ctx)
        for l in labels {
            ctx.text(l.text, style: Self.labelStyle, center: l.center, color: pal.secondaryLabel, shrink: l.shrink)
        }
        if chart.axes.count < 3 {
            let why = chart.axes.isEmpty ? "No axes" : "A radar chart needs at least 3 axes"
            ctx.text(why, style: .footnote, center: center, color: pal.secondaryLabel)
        }
        for (i, series) in chart.series.enumerated() where i < legendOrigins.count {
            let o = legendOrigins[i]
            ctx.text(series.name, style: Self.legendStyle, leading: Vec2(o.x + Self.legendDot + 6, o.y),
                     color: visibility[i].target == 0 ? pal.secondaryLabel : pal.label)
        }
        if let b = replayButton {
            ctx.text(buttonLabel, style: Self.buttonStyle, center: b.center, color: pal.accent)
        }
    }

    // MARK: - Geometry

    func geometry(time: Double, reduceMotion: Bool, scale: Double, theme: Theme) -> JSONOut {
        let g = growth(time: time, reduceMotion: reduceMotion)
        let n = chart.axes.count
        func pt(_ v: Vec2) -> JSONOut { .array([.number(v.x * scale), .number(v.y * scale)]) }
        return .object([
            ("type", .string("radar")),
            ("frame", .array([.number(square.x * scale), .number(square.y * scale), .number(square.width * scale), .number(square.height * scale)])),
            ("center", pt(center)),
            ("radius", .number(radius * scale)),
            ("growth", .number(g)),
            ("axes", .array(chart.axes.enumerated().map { i, label in
                .object([("label", .string(label)), ("angle", .number(360 * Double(i) / Double(max(n, 1))))])
            })),
            ("series", .array(displayedShares(time: reduceMotion ? .infinity : time).compactMap { shape in
                guard let name = shape.name else { return nil }   // removed series are leaving
                let corners = shape.shares.enumerated().map { a, share in
                    RadarMath.point(axis: a, count: n, share: max(share.value, 0), center: center, radius: radius)
                }
                return .object([("name", .string(name)), ("color", .string(shape.color.resolved(theme).hexString)),
                                ("points", .array(n > 2 ? corners.map(pt) : []))])
            })),
        ])
    }
}
