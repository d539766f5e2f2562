import Foundation

/// A radar chart on a card: header, the chart square, a legend of series and a Replay button.
final class RadarItem: ChartItem {
    let chart: RadarChart
    let measurer: TextShaping
    let card = CardStyle.radar
    var embeddedTitle: (String, String?)? { didSet { headerCache = nil } }
    /// The header set for a card's content size and text size (the page asks at many sizes).
    var headerCache: (size: Size, textSize: TextSize, header: CardHeader)?
    /// Laid out for a thumbnail (`layoutMarks`): no axis, ring or value label is placed (each
    /// axis name counts as hidden: none is drawn).
    var marksOnly = false
    /// The axis names' forms the label search asks for, kept across layouts (`NameForms`).
    var nameForms: NameForms?

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
    /// Each series' pattern (issue #37): its fill's, its outline's dash.
    lazy var patterns = PatternAssignment(chart.series.map(\.pattern))
    /// The mesh's series patterns with the channel on and off (leaving series solid), made once.
    var seriesPatterns: [Bool: SeriesPatterns] = [:]

    // Layout, in points.
    var square = Rect.zero
    var center = Vec2.zero
    var radius = 0.0
    var headerTop = 0.0
    /// The header as drawn: cut to the card's width at layout.
    var shownHeader = CardHeader()
    /// The legend as laid out (entries, their places, a summary of those left out).
    var legend = Legend(emptyWith: RadarItem.legendLook)
    var sharesPlotSize = false
    var legendHidden: Int { chart.legend == .none ? 0 : legend.summary?.count ?? 0 }
    /// Whether the legend stands in a column beside the chart (a wide, short card in a grid).
    var sideLegend = false
    var headerCenterX = 0.0
    var replayButton: Rect?
    /// The axis labels as laid out, by axis.
    var labels: [AxisLabel] = []
    /// The last placement of the labels and what it depended on (carried over a reload).
    var placedLabels: LabelPlacement?
    /// Whether every axis label found its place whole or shortened (false: the chart is too small).
    var labelsFit = true
    /// Axis labels left out because shortened they would keep fewer than three characters (#32).
    var labelsHidden: Int { marksOnly ? chart.axes.count : labels.filter(\.hidden).count }
    /// The chart's band of the card: where labels may go.
    var labelsBand = Rect.zero
    /// Ring labels (text, top-left corner) and value labels (series, axis, text, offset from the
    /// corner at rest) placed by the collision pass; values with no place are counted.
    var ringLabelPlaces: [(text: String, origin: Vec2)] = []
    var valueLabelPlaces: [(series: Int, axis: Int, text: String, offset: Vec2)] = []
    var unplacedValues = 0

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
        var end: Double { start + Spring.radarGrowth.restTime }
    }
    var transition: Transition?

    /// Whether the card has its Replay button (a window's control; exports leave it out).
    let controls: Bool
    /// A card in a grid of several: Replay is an icon in the card's top-right corner instead of a
    /// row of its own, and the legend may stand beside the chart when that gives it more room.
    let compact: Bool
    /// Whether any value lies outside its axis' range (and so gets a mark), worked out once.
    lazy var anyOutOfRange: Bool = chart.series.indices.contains { i in
        chart.axes.indices.contains { chart.outOfRange(series: i, axis: $0) != nil }
    }
    /// Whether any value is missing (and so gets a mark), worked out once.
    lazy var anyMissing: Bool = chart.series.indices.contains { i in
        chart.axes.indices.contains { !chart.value(series: i, axis: $0).isFinite }
    }
    /// Shapes the chart keeps: its series plus those still shrinking away after a reload.
    var retainedShapes: Int { transition?.shapes.count ?? chart.series.count }

    /// How ring and value labels write numbers.
    let formatting: Formatting

    init(chart: RadarChart, measurer: TextShaping, formatting: Formatting = Formatting(localeIdentifier: "en_US"), controls: Bool = true,
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
        let g = Spring.radarGrowth.growth(at: time - appearTime)
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
        placedLabels = (old as? RadarItem)?.placedLabels
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
    func update(moment: Moment) {
        guard meshFollowsTime else { return }
        let t = min(moment.animationTime, meshSettleTime)
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
        var t = Tessellator(into: MeshGeometry())
        if n > 2 {
            t.role = .grid
            let rings = max(chart.rings, 1)
            for ring in 1...rings {
                t.stroke(gridRing(Double(ring) / Double(rings)), closed: true, join: .miter)
            }
            for axis in 0..<n {
                t.stroke([.zero, RadarMath.point(axis: axis, count: n, share: 1, center: .zero, radius: 1)], closed: false, join: .miter)
            }
        }
        gridRange = 0..<t.builder.indices.count
        fillRanges.removeAll(keepingCapacity: true); strokeRanges.removeAll(keepingCapacity: true)
        for (i, shape) in shares.prefix(SeriesColors.maximum).enumerated() {
            t.series = i
            let corners = n > 2 ? (0..<n).map { RadarMath.point(axis: $0, count: n, share: shape[$0], center: .zero, radius: 1) } : []
            t.role = .fill
            let f0 = t.builder.indices.count
            t.fillFan(center: .zero, polygon: corners)
            fillRanges.append(f0..<t.builder.indices.count)
            t.role = .stroke
            let s0 = t.builder.indices.count
            if corners.count > 2 { t.stroke(corners, closed: true, join: .round) }
            strokeRanges.append(s0..<t.builder.indices.count)
        }
        mesh.replace(with: t.builder)
    }

    /// A grid ring at `share` of the radius: through the axes (the seed's polygon), or a circle
    /// of 96 points (`"grid": "circle"`), unit radius.
    func gridRing(_ share: Double) -> [Vec2] {
        let n = chart.axes.count
        if chart.circularGrid {
            return (0..<96).map { k in
                let a = Double(k) / 96 * 2 * .pi
                return Vec2(sin(a), -cos(a)) * share
            }
        }
        return (0..<n).map { RadarMath.point(axis: $0, count: n, share: share, center: .zero, radius: 1) }
    }

    /// The grid's alternate bands (`"bands": true`): the 1st, 3rd, … ring from the center filled,
    /// in a mesh of their own drawn under the grid at full size (it does not grow). Built once.
    lazy var bandMesh: Mesh? = {
        guard chart.bands, chart.axes.count > 2 else { return nil }
        let mesh = Mesh()
        var t = Tessellator(into: MeshGeometry())
        t.role = .fill
        let rings = max(chart.rings, 1)
        for ring in stride(from: 1, through: rings, by: 2) {
            t.fillBand(inner: ring == 1 ? nil : gridRing(Double(ring - 1) / Double(rings)), outer: gridRing(Double(ring) / Double(rings)))
        }
        mesh.replace(with: t.builder)
        return mesh
    }()

    /// The bands' color for `theme`, resolved once.
    var bandColors: [Theme: SeriesColors] = [:]

    /// The series colors for `theme`, resolved once.
    func seriesColors(_ theme: Theme) -> SeriesColors {
        if let c = colors[theme] { return c }
        let list = (transition?.shapes.map(\.color) ?? chart.series.map(\.color)).map { $0.resolved(theme) }
        let c = SeriesColors(list)
        colors[theme] = c
        return c
    }

    /// The colors with every series but `emphasized` faded (hovering a series' outline or fill).
    var dimmed: (theme: Theme, series: Int, colors: SeriesColors)?
    func seriesColors(_ theme: Theme, emphasizing i: Int) -> SeriesColors {
        if let d = dimmed, d.theme == theme, d.series == i { return d.colors }
        let base = seriesColors(theme).colors
        let c = SeriesColors(base.enumerated().map { $0.offset == i ? $0.element : $0.element.opacity(0.3) })
        dimmed = (theme, i, c)
        return c
    }

    // MARK: - Animation

    func growth(moment: Moment) -> Double {
        if transition != nil { return 1 }
        // Exactly 1 once at rest, so a settled radar's uniforms stop changing.
        return Spring.radarGrowth.growth(at: moment.animationTime - appearTime).value
    }

    func settleTime(reduceMotion: Bool) -> Double {
        if reduceMotion { return 0 }
        let growthEnd = transition?.end ?? appearTime + Spring.radarGrowth.restTime
        return visibility.reduce(growthEnd) { max($0, $1.settleTime) }
    }

    // MARK: - Geometry

    /// What `--geometry` lists for the radar, as drawn at the context's moment, in pixels.
    func record(_ ctx: DrawContext) {
        let n = chart.axes.count
        ctx.record(type: "radar", [
            ("frame", ctx.px(square)),
            ("center", ctx.px(center)),
            ("radius", ctx.px(radius)),
            ("growth", .number(growth(moment: ctx.moment))),
            ("axes", .array(chart.axes.enumerated().map { i, label in
                .object([("label", .string(label)), ("angle", .number(360 * Double(i) / Double(max(n, 1))))])
            })),
            ("series", .array(displayedShares(time: ctx.moment.animationTime).compactMap { shape in
                guard let name = shape.name else { return nil }   // removed series are leaving
                let corners = shape.shares.enumerated().map { a, share in
                    RadarMath.point(axis: a, count: n, share: max(share.value, 0), center: center, radius: radius)
                }
                let series = chart.series.firstIndex { $0.name == name }
                let missing = series.map { s in (0..<n).filter { !chart.value(series: s, axis: $0).isFinite } } ?? []
                let pattern = series.map { patterns.drawn($0, on: ctx.patterns) } ?? .solid
                return .object([("name", .string(name)), ("color", .string(shape.color.resolved(ctx.theme).hexString)),
                                ("pattern", .string(pattern.rawValue)), ("dash", .array(pattern.dash.map { ctx.px($0) })),
                                ("points", .array(n > 2 ? corners.map(ctx.px) : [])),
                                ("missing", .array(missing.map { .int($0) }))])
            })),
            ("ticks", .array(tickRecords(ctx))),
        ])
    }

    /// Each axis' scale at each ring (the center included): its value, as written, and the
    /// ring's distance from the center.
    private func tickRecords(_ ctx: DrawContext) -> [JSONOut] {
        let rings = max(chart.rings, 1)
        return chart.axes.indices.flatMap { a in
            let scale = chart.scale(axis: a)
            return (0...rings).map { ring -> JSONOut in
                let t = Double(ring) / Double(rings)
                let v = ValueScale.lerp(scale.minimum, scale.maximum, scale.inverted ? 1 - t : t)
                return .object([("axis", .int(a)), ("value", .number(v)), ("label", .string(formatting.format(v, scale.effectiveFormat))),
                                ("radius", ctx.px(radius * t))])
            }
        }
    }
}
