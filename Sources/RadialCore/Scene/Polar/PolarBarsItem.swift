import Foundation

/// Bars on a polar coordinate system: the one engine behind roses and radial bars (ECharts' `bar`
/// on `polar`, plotly's `barpolar`, Vega-Lite's arc with `theta` and `radius`). Categories lie
/// along one axis — equal angles for a rose, concentric tracks for radial bars — and values along
/// the other on a `ValueScale`; several series stack, overlay or group by one rule (`Stacking`),
/// and every mark is keyed by its datum (series, category), so tooltips, elements, `--geometry`
/// and the screen reader all name the same thing.
///
/// A kind is a `Preset` of this item: what it reads from its model, and how its axes lie.
final class PolarBarsItem: FamilyItem {
    /// What a kind makes of its model: the data, the axes and what is written on them.
    struct Preset {
        /// Which axis holds the categories; the other holds the values.
        enum CategoryAxis { case angle, radius }
        /// How names of categories are shown: around the rim (a rose) or at the tracks' starts (radial bars).
        enum Names { case aroundRim, atTrackStarts }

        /// The kind's type name, for `--geometry`.
        var type: String
        var title: String?
        var subtitle: String?
        var table: CategoryTable
        var categoryAxis: CategoryAxis
        var stack: PolarStack
        /// The value axis.
        var scale: ValueScale
        /// Where the angle axis starts (degrees clockwise from 12 o'clock) and how far it goes.
        var start: Double
        var sweep: Double
        /// Whether a category's band is centered on its angle (a compass rose: north on 12 o'clock).
        var centeredBands: Bool
        /// Each category's color (one series), or each series' color.
        var colors: [ChartColor]
        var colorScale: ColorScale
        var labels: MarkLabels
        /// Whether the value axis' ticks are written (a rose's rings, radial bars' sweep).
        var ticks: Bool
        /// About how many ticks (and grid rings) the value axis has; 0: no grid.
        var tickCount: Int
        var format: NumberFormat?
        var legend: Bool
        var names: Names
        /// The element key of one-series datum `i` (`sector(i)` for a rose, `bar(i)` for radial bars).
        var datumKey: @Sendable (Int) -> ElementKey
        /// How a one-series datum reads: "4, 9 %".
        var describeDatum: (Int, Set<Int>) -> String
        var chartName: String
        var summary: (Set<Int>) -> String
        /// Each category's pattern (one series), or each series' (issue #37), as `colors`.
        var patterns = PatternAssignment.empty
    }

    let preset: Preset
    var table: CategoryTable { preset.table }
    /// Per-frame scratch (reserved at layout, so a steady frame allocates nothing): each datum's
    /// span along the value axis, and the drawing order within a category.
    private var spans: [[Stacking.Span]] = []
    var drawOrder: [Int] = []
    private var presences: [Double] = []

    init(preset: Preset, measurer: TextShaping, formatting: Formatting) {
        self.preset = preset
        let toggles = preset.table.isMultiSeries ? preset.table.values.count : preset.table.categories.count
        super.init(measurer: measurer, formatting: formatting, data: toggles)
        patterns = preset.patterns
        presences = Array(repeating: 1, count: preset.table.values.count)
        spans = preset.table.values.map { Array(repeating: Stacking.Span(), count: $0.count) }
        drawOrder.reserveCapacity(preset.table.values.count)
    }

    // MARK: - What the card says

    override var chartTitle: String? { preset.title }
    override var chartSubtitle: String? { preset.subtitle }
    var multi: Bool { table.isMultiSeries }
    var categoryCount: Int { table.categories.count }
    var seriesCount: Int { table.values.count }
    /// The names at the tracks' starts need the quarter a sweep of 270° or less leaves open.
    var namesAtTracks: Bool { preset.names == .atTrackStarts && preset.sweep <= 270 && categoryCount <= 10 }
    /// The legend: series (several), or categories (one series, each its own color); radial bars
    /// whose names do not fit at the tracks' starts show theirs in a legend.
    override var showsLegend: Bool {
        guard categoryCount > 0 else { return false }
        if valueScaleBase != nil { return preset.legend || preset.names == .atTrackStarts }
        return preset.legend || (!multi && preset.names == .atTrackStarts && !namesAtTracks)
    }

    /// One series colored by value from one color (#31): that color, whose ramp the gradient
    /// legend shows. Nil when categories name colors of their own (their entries stay).
    var valueScaleBase: ChartColor? {
        guard !multi, preset.colorScale == .value, let first = preset.colors.first else { return nil }
        return preset.colors.allSatisfy { $0.resolved(.light) == first.resolved(.light) && $0.resolved(.dark) == first.resolved(.dark) } ? first : nil
    }

    /// The gradient legend: from the data's lowest value to its highest, each in the ramp's color.
    override func colorScale() -> (minimum: Double, maximum: Double, label: (Double) -> String, color: (Double, Theme) -> RGBA)? {
        guard let base = valueScaleBase else { return nil }
        let values = (table.values.first ?? []).filter(\.isFinite)
        guard let lo = values.min(), let hi = values.max() else { return nil }
        let scale = preset.scale, format = preset.format, formatting = formatting
        return (lo, hi, { formatting.format($0, format) },
                { v, theme in Self.ramp(base.resolved(theme), share: scale.share(v), card: Palette.of(theme).cardBackground) })
    }
    override var legendNames: [String] { multi ? table.seriesNames : table.categories }
    override func legendColor(_ i: Int, _ theme: Theme) -> RGBA { i < preset.colors.count ? preset.colors[i].resolved(theme) : .clear }
    override func legendValue(_ i: Int) -> String {
        if multi {
            let total = Arithmetic.total(table.values[i])
            let text = formatting.format(total, preset.format) + " in all"
            return hidden.contains(i) ? text + ", hidden" : text
        }
        return preset.describeDatum(i, hidden)
    }

    // MARK: - The card's hooks (drawing and elements are in +Drawing and +Elements)

    override func drawChart(_ ctx: DrawContext) { drawBars(ctx) }
    override func chartName(formatting: Formatting) -> String { preset.chartName }
    override func chartValue(formatting: Formatting) -> String { preset.summary(hidden) }
    override func chartElements(chart index: Int, moment: Moment) -> [ChartElement] { barElements(chart: index, moment: moment) }
    override func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? { hitBars(p, moment: moment) }
    override func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? { barTooltip(key, moment: moment, theme: theme) }

    /// Every shown datum's arc at rest, keyed by its category (one series) or "category/series".
    override func morphMarks() -> [MorphMark] {
        updateSpans(.atRest)
        var out: [MorphMark] = []
        for c in 0..<categoryCount {
            for s in 0..<seriesCount where !hidden.contains(toggle(series: s, category: c)) {
                let a = arc(series: s, category: c, growth: 1)
                let key = multi ? table.categories[c] + "/" + table.seriesNames[s] : table.categories[c]
                let value = table.values[s][c], colorIndex = multi ? s : c
                out.append(MorphMark(key: key, shape: .arc(center: center, inner: a.r0, outer: a.r1, start: a.a0, end: a.a1)) { [preset] theme in
                    let base = preset.colors[colorIndex].resolved(theme)
                    return preset.colorScale == .value ? Self.ramp(base, share: preset.scale.share(value), card: Palette.of(theme).cardBackground) : base
                })
            }
        }
        return out
    }

    // MARK: - Keys

    /// The element of datum (series, category).
    func key(series s: Int, category c: Int) -> ElementKey { multi ? .mark(series: s, category: c) : preset.datumKey(c) }
    /// Which legend toggle a datum follows.
    func toggle(series s: Int, category c: Int) -> Int { multi ? s : c }

    // MARK: - Geometry (points, degrees clockwise from 12 o'clock)

    var coordinates: PolarCoordinates { PolarCoordinates(center: center, outer: radius, start: preset.start, sweep: preset.sweep) }

    /// A category's band along the angle (a rose): its start and end angle.
    func angleBand(_ c: Int) -> (Double, Double) {
        let n = Double(max(categoryCount, 1)), step = preset.sweep / n
        let mid = preset.start + (preset.centeredBands ? Double(c) : Double(c) + 0.5) * step
        return (mid - step / 2, mid + step / 2)
    }

    /// Radial bars: a track's thickness and the gap between tracks, as shares of the radius.
    var trackThickness: Double { min(0.14, 0.8 / (Double(max(categoryCount, 1)) * 1.3)) }
    var trackGap: Double { trackThickness * 0.3 }
    /// Radial bars: category `c`'s track, outermost first (points).
    func track(_ c: Int) -> (inner: Double, outer: Double) {
        let ro = radius * (1 - Double(c) * (trackThickness + trackGap))
        return (max(ro - radius * trackThickness, 0), max(ro, 0))
    }

    /// Series `s`'s slice of a grouped band (`group`) from `lo` to `hi`, a little apart from its
    /// neighbours: clockwise in series order on a rose; on radial bars the first series outermost,
    /// as the tracks are.
    func groupSlice(_ lo: Double, _ hi: Double, series s: Int) -> (Double, Double) {
        guard preset.stack == .group, seriesCount > 1 else { return (lo, hi) }
        let w = (hi - lo) / Double(seriesCount)
        let k = preset.categoryAxis == .radius ? seriesCount - 1 - s : s
        let gap = w * 0.12
        return (lo + w * Double(k) + gap / 2, lo + w * Double(k + 1) - gap / 2)
    }

    /// Datum (s, c)'s arc at rest or at `moment`: its angles and radii, with the spans of the
    /// value axis worked out for the frame (`updateSpans`).
    struct Arc { var a0: Double, a1: Double, r0: Double, r1: Double }
    func arc(series s: Int, category c: Int, growth g: Double) -> Arc {
        let span = spans[s][c]
        let lo = preset.scale.share(span.lo), hi = preset.scale.share(span.hi)
        switch preset.categoryAxis {
        case .angle:
            let (a0, a1) = angleBand(c)
            let (g0, g1) = groupSlice(a0, a1, series: s)
            return Arc(a0: g0, a1: g1, r0: radius * lo * g, r1: radius * hi * g)
        case .radius:
            let (ri, ro) = track(c)
            let (t0, t1) = groupSlice(ri, ro, series: s)
            return Arc(a0: preset.start + preset.sweep * lo * g, a1: preset.start + preset.sweep * hi * g, r0: t0, r1: t1)
        }
    }

    /// Works out every datum's span for `moment` (toggles springing): no allocation.
    func updateSpans(_ moment: Moment) {
        for s in presences.indices { presences[s] = multi ? presence(s, moment) : 1 }
        if multi {
            Stacking.spans(table.values, presence: presences, mode: preset.stack, into: &spans)
        } else {
            // One series: each category toggles itself.
            for c in 0..<categoryCount {
                let v = Stacking.clean(table.values[0][c]) * presence(c, moment)
                spans[0][c] = Stacking.Span(lo: 0, hi: v)
            }
        }
    }

    /// The datum's value as written ("4 h").
    func valueText(series s: Int, category c: Int) -> String { formatting.format(table.values[s][c], preset.format) }

    // MARK: - Layout

    static let nameStyle = TextStyle.caption.weight(.medium)
    static let trackNameStyle = TextStyle.footnote.weight(.medium)
    static let tickStyle = TextStyle.caption2
    static let valueStyle = TextStyle.caption2.weight(.medium)
    /// The widest a name may be around the rim at the default text size: it wraps onto two
    /// lines, then is shortened.
    static let labelRoom = 80.0
    /// `labelRoom` at the measurer's text size: the room grows with the text (Chart.js's point
    /// labels keep their size and the radius gives way), so "January 2023" in accessibility3 is
    /// "January" over "2023", not "Ja…" over "2023".
    var labelRoom: Double {
        Self.labelRoom * measurer.textSize.resolve(Self.nameStyle).size / max(TextSize.large.resolve(Self.nameStyle).size, 1)
    }
    static let gapPoints = 2.0
    static let liftPoints = 5.0

    /// Names around the rim (a rose) and at the tracks' starts (radial bars), as laid out.
    private(set) var rimNames: [(category: Int, label: AxisLabel)] = []
    private(set) var trackNames: [(category: Int, text: String, box: Rect)] = []
    /// Track names left out: one by one (each would keep fewer than three characters), or all
    /// where the tracks are thinner than a line or the open quarter narrower than a word.
    private var trackNamesLeftOut = 0
    /// The value axis' ticks as laid out: the value, its label and where it goes.
    private(set) var ticks: [(value: Double, label: String, at: Double, box: Rect?)] = []
    /// A rose's grid rings (points from the center): the ticks and the rim, made at layout.
    private(set) var gridRadii: [Double] = []
    /// Value labels on the marks, placed for the chart at rest.
    private(set) var valueLabels: [(series: Int, category: Int, text: String, center: Vec2)] = []
    private(set) var unplacedValues = 0
    /// Names around the rim, tick labels and value labels that found no place, and names at the
    /// tracks' starts left out one by one (names at the tracks' starts that give way to the
    /// legend are not counted where it names the tracks: one series, each track its color).
    override var labelsHidden: Int {
        (preset.names == .aroundRim ? categoryCount - rimNames.count : 0) + ticks.filter { $0.box == nil }.count + unplacedValues
            + (showsLegend && !multi ? 0 : trackNamesLeftOut)
    }

    override func labelInsets() -> (top: Double, left: Double, bottom: Double, right: Double) {
        guard categoryCount > 0 else { return (0, 0, 0, 0) }
        if preset.names == .atTrackStarts {
            // The sweep's tick labels just outside the outer track.
            guard preset.ticks, preset.tickCount > 0 else { return (0, 0, 0, 0) }
            let w = tickValues().reduce(0.0) { max($0, measurer.width(formatting.format($1, preset.format), Self.tickStyle)) } + 6
            let h = measurer.lineHeight(Self.tickStyle) + 6
            return (h, w, h, w)
        }
        let room = nameRoom()
        return (room.height, room.width, room.height, room.width)
    }

    /// The room the names around the rim keep on each side: the tallest and the widest of them,
    /// and 6 points; worked out with `nameBlocks` (the page's layouts ask for it at every size).
    private func nameRoom() -> Size {
        _ = nameBlocks()
        return nameRoomAtSize ?? .zero
    }
    private var nameRoomAtSize: Size?

    /// The categories' names set around the rim (on at most two lines of `labelRoom`): asked
    /// many times per layout (every column count a page's grid tries, every layout of a
    /// thumbnail or a too-small search), they are wrapped once per text size.
    private func nameBlocks() -> [TextBlock] {
        if let (size, blocks) = nameBlocksAtSize, size == measurer.textSize { return blocks }
        let blocks = table.categories.map { TextBlock($0, style: Self.nameStyle, width: labelRoom, maxLines: 2, measurer) }
        nameBlocksAtSize = (measurer.textSize, blocks)
        nameRoomAtSize = Size((blocks.map(\.size.width).max() ?? 0) + 6, (blocks.map(\.size.height).max() ?? 0) + 6)
        return blocks
    }
    private var nameBlocksAtSize: (TextSize, [TextBlock])?

    override func layoutChart() {
        updateSpans(.atRest)
        layoutNames()
        layoutTicks()
        layoutValueLabels()
    }

    private func layoutNames() {
        rimNames = []
        trackNames = []
        trackNamesLeftOut = 0
        switch preset.names {
        case .aroundRim:
            // A thumbnail's shapes: no names around the rim (nor their search over radii).
            guard !marksOnly else { return }
            layoutRimNames()
        case .atTrackStarts:
            guard namesAtTracks else { return }
            let h = measurer.lineHeight(Self.trackNameStyle)
            for (c, name) in table.categories.enumerated() {
                let (ri, ro) = track(c)
                let rm = (ri + ro) / 2
                // Right-aligned to just before the cap at 12 o'clock, as wide as the open quarter
                // allows at that height; a track thinner than the line leaves it to the legend.
                guard radius * (trackThickness + trackGap) >= h + 1 else { trackNames = []; trackNamesLeftOut = categoryCount; return }
                let right = center.x - (ro - ri) / 2 - 6
                let room = right - contentRect.minX
                guard room > 24 else { trackNames = []; trackNamesLeftOut = categoryCount; return }
                // As wide as the open quarter (nothing else is drawn there; it was as wide as the
                // track's radius, which cut "Hydro" to "Hy…" and "Nuclear" to "Nucle…" beside the
                // room for them): whole, else cut where that keeps three characters, else left out
                // (#32; counted, unless the legend names the tracks).
                guard let text = measurer.truncatedKeepingThree(name, Self.trackNameStyle, toWidth: room) else {
                    trackNamesLeftOut += 1
                    continue
                }
                let w = measurer.width(text, Self.trackNameStyle)
                trackNames.append((c, text, Rect(x: right - w, y: center.y - rm - h / 2, width: w, height: h)))
            }
        }
    }

    /// The names around the rim (`RimLabels`): each just outside the rim along its band's middle,
    /// as set (on two lines if it needs them) — every name placed so, the layout is the one it
    /// always was. Else the names go round again with their moves (two balanced lines; near 12
    /// and 6 o'clock a row further out), the radius giving way inside the chart area, to as
    /// little as `RimLabels.leastRadiusShare` of itself, while some name still finds no place (the
    /// names' room comes from where they are placed); then, at the radius laid out, names shrunk
    /// whole, then shortened; a name that still finds no place is hidden (`labelsHidden`).
    private func layoutRimNames() {
        let (placed, r) = placeRimNames(center: center, radius: radius, bounds: plot.insetBy(-2), leastRadius: radius * RimLabels.leastRadiusShare)
        radius = r
        rimNames = placed.enumerated().compactMap { c, l in l.map { (c, $0) } }
    }

    /// The names placed round a circle of `radius` about `center` inside `bounds` (see
    /// `layoutRimNames`), and the radius they were placed round (as small as `leastRadius` where
    /// the names need it to stay whole at full size).
    private func placeRimNames(center: Vec2, radius r0: Double, bounds: Rect, leastRadius: Double) -> (placed: [AxisLabel?], radius: Double) {
        let blocks = nameBlocks()
        guard !blocks.isEmpty else { return ([], r0) }
        let directions = blocks.indices.map { c in let (a0, a1) = angleBand(c); return PolarCoordinates.direction((a0 + a1) / 2) }
        // A row of the stagger is as tall as the tallest name, so a name moved out clears a neighbour on two lines.
        let tallest = blocks.map { max($0.size.height, 2 * $0.lineHeight) }.max() ?? 0
        let rim = RimLabels(center: center, anchoring: .onRay, measurer: measurer, row: tallest + RimLabels.rowGap)
        let start = RimLabels.start(directions)
        let least = TextBlock.leastShrink(Self.nameStyle, measurer)
        func round(_ r: Double, _ candidates: (Int, Double) -> [AxisLabel], failFast: Bool) -> [AxisLabel?]? {
            // (Far enough out that the box clears the rim by 4 points.)
            RimLabels.firstFit(blocks.indices.map { candidates($0, r + 4) }, start: start, bounds: bounds, padding: 2, area: \.box, failFast: failFast)
        }
        // A name its room cuts to under three characters is never drawn so (#32): only its other forms.
        func asSet(_ c: Int, _ reach: Double) -> [AxisLabel] {
            blocks[c].keepsThreeCharacters ? [rim.label(blocks[c], direction: directions[c], reach: reach)] : []
        }
        func moves(_ c: Int, _ reach: Double, shrink: Double = 1) -> [AxisLabel] {
            rim.moves(([blocks[c]] + (rim.twoLines(blocks[c]).map { [$0] } ?? [])).filter(\.keepsThreeCharacters), direction: directions[c], reach: reach, shrink: shrink)
        }
        if let placed = round(r0, asSet, failFast: true) { return (placed, r0) }
        let step = max((r0 - leastRadius) / 10, 0.5)
        var r = r0
        while r >= leastRadius - 1e-9 {
            if let placed = round(r, { moves($0, $1) }, failFast: true) { return (placed, r) }
            r -= step
        }
        let n = Double(blocks.count)
        let placed = round(r0, { c, reach in
            var out = moves(c, reach)
            if least < 1 { out += moves(c, reach, shrink: least) }
            // Shortened to the room between its neighbours (at least three characters before "…").
            let chord = n > 1 ? 2 * reach * sin(.pi / n) - 4 : labelRoom
            let cut = TextBlock(blocks[c].text, style: Self.nameStyle, width: min(max(chord, 0), labelRoom), maxLines: 2, measurer)
            if cut.shortened && cut.keepsThreeCharacters { out.append(rim.label(cut, direction: directions[c], reach: reach)) }
            return out
        }, failFast: false)
        return (placed ?? [], r0)
    }

    /// The value axis' ticks: nice values inside the scale, each written in the chart's format.
    func tickValues() -> [Double] {
        guard preset.tickCount > 0 else { return [] }
        return preset.scale.ticks(count: preset.tickCount).filter { $0 > preset.scale.minimum }
    }

    private func layoutTicks() {
        gridRadii = []
        if preset.categoryAxis == .angle, preset.tickCount > 0, categoryCount > 0 {
            gridRadii = tickValues().map { radius * preset.scale.share($0) }
            if gridRadii.last.map({ $0 < radius - 0.5 }) ?? true { gridRadii.append(radius) }
        }
        ticks = tickValues().map { v in (v, formatting.format(v, preset.format), 0, nil) }
        guard preset.ticks, !ticks.isEmpty else { return }
        let h = measurer.lineHeight(Self.tickStyle)
        switch preset.categoryAxis {
        case .angle:
            // Ring labels along the boundary between two bands where the marks reach least far
            // (so the fewest labels sit on a mark), each just outside its ring.
            let angle = quietestBoundary()
            let d = PolarCoordinates.direction(angle)
            var placer = LabelPlacer(bounds: plot.insetBy(-2), obstacles: rimNames.map(\.label.box))
            placer.padding = 2
            // Outermost first: where rings crowd (an area scale, large text) the inner ones give way.
            ticks = ticks.reversed().map { t in
                let r = radius * preset.scale.share(t.value)
                let w = measurer.width(t.label, Self.tickStyle)
                let p = center + d * r
                let box = Rect(x: p.x + 3, y: p.y - h - 1, width: w, height: h)
                return (t.value, t.label, r, placer.place([box]) != nil ? box : nil)
            }.reversed()
        case .radius:
            // Radial bars: along the outside of the outer track, at each tick's angle.
            // (Placed as every rim's names are: `RimLabels`.)
            let rim = RimLabels(center: center, anchoring: .onRay, measurer: measurer)
            var placer = LabelPlacer(bounds: plot.insetBy(-2), obstacles: trackNames.map(\.box) + rimNames.map(\.label.box))
            ticks = ticks.compactMap { t in
                let a = preset.start + preset.sweep * preset.scale.share(t.value)
                let box = rim.label(TextBlock(t.label, style: Self.tickStyle, width: .infinity, measurer), direction: PolarCoordinates.direction(a),
                                    reach: radius + 4).box
                guard placer.place([box]) != nil else { return nil }
                return (t.value, t.label, a, box)
            }
        }
    }

    /// The boundary between two neighbouring bands whose marks reach least far out (ties: the
    /// first after 12 o'clock), where ring labels cover the least.
    func quietestBoundary() -> Double {
        guard categoryCount > 1 else { return preset.start + 45 }
        var best = (angle: preset.start, reach: Double.infinity)
        for c in 0..<categoryCount {
            let next = (c + 1) % categoryCount
            var reach = 0.0
            for s in 0..<seriesCount { reach = max(reach, spans[s][c].hi, spans[s][next].hi) }
            if reach < best.reach - 1e-12 { best = (angleBand(c).1, reach) }
        }
        return best.angle
    }

    private func layoutValueLabels() {
        valueLabels = []
        unplacedValues = 0
        guard preset.labels != .none else { return }
        let h = measurer.lineHeight(Self.valueStyle)
        var placer = LabelPlacer(bounds: plot.insetBy(-2), obstacles: rimNames.map(\.label.box)
                                 + trackNames.map(\.box) + ticks.compactMap(\.box))
        placer.padding = 1
        let totals = (0..<categoryCount).map { c in Arithmetic.total((0..<seriesCount).lazy.map { self.table.values[$0][c] }) }
        let whole = Arithmetic.total(totals)
        for c in 0..<categoryCount {
            for s in 0..<seriesCount where Stacking.clean(table.values[s][c]) > 0 {
                let text: String
                switch preset.labels {
                case .percent:
                    let of = multi && preset.stack != .group ? totals[c] : whole
                    text = formatting.percent(of > 0 ? Stacking.clean(table.values[s][c]) / of : 0)
                default: text = valueText(series: s, category: c)
                }
                let w = measurer.width(text, Self.valueStyle)
                let a = arc(series: s, category: c, growth: 1)
                var candidates: [Rect] = []
                switch preset.categoryAxis {
                case .angle:
                    // Inside the wedge's outer end when it is wide and long enough, else just outside it.
                    let mid = (a.a0 + a.a1) / 2, d = PolarCoordinates.direction(mid)
                    let inside = center + d * (a.r1 - 3 - abs(d.x) * w / 2 - abs(d.y) * h / 2)
                    let outside = center + d * (a.r1 + 3 + abs(d.x) * w / 2 + abs(d.y) * h / 2)
                    for p in [inside, outside] { candidates.append(Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)) }
                    if !(multi && preset.stack == .radius) || s == seriesCount - 1 { } else { candidates.removeLast() }
                case .radius:
                    // Just past the bar's end, on its track.
                    let rm = (a.r0 + a.r1) / 2
                    let d = PolarCoordinates.direction(a.a1)
                    let tangent = Vec2(-d.y, d.x) * -1
                    let p = center + d * rm + tangent * ((a.r1 - a.r0) / 2 + 4 + w / 2)
                    candidates.append(Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h))
                }
                if let k = placer.place(candidates) { valueLabels.append((s, c, text, candidates[k].center)) } else { unplacedValues += 1 }
            }
        }
    }

    // MARK: - Colors

    /// Datum (s, c)'s pattern as drawn: its category's or series', as its color.
    func pattern(series s: Int, category c: Int, _ ctx: DrawContext) -> FillPattern { patterns.drawn(multi ? s : c, on: ctx.patterns) }

    /// Datum (s, c)'s fill: its category's or series' color, or its place on the value scale.
    func color(series s: Int, category c: Int, _ theme: Theme, card: RGBA) -> RGBA {
        let base = preset.colors[multi ? s : c].resolved(theme)
        guard preset.colorScale == .value else { return base }
        return Self.ramp(base, share: preset.scale.share(table.values[s][c]), card: card)
    }

    /// A sequential color: from a pale tint of `base` over the card (share 0) to `base` (share 1),
    /// interpolated in OKLab so equal steps of value look like equal steps of color.
    static func ramp(_ base: RGBA, share t: Double, card: RGBA) -> RGBA {
        let a = base.a
        let pale = RGBA(base.r * 0.2 + card.r * 0.8, base.g * 0.2 + card.g * 0.8, base.b * 0.2 + card.b * 0.8, 1)
        let full = RGBA(base.r * a + card.r * (1 - a), base.g * a + card.g * (1 - a), base.b * a + card.b * (1 - a), 1)
        let p = OKLab(pale), f = OKLab(full), u = min(max(t.isFinite ? t : 0, 0), 1)
        return OKLab(L: p.L + (f.L - p.L) * u, a: p.a + (f.a - p.a) * u, b: p.b + (f.b - p.b) * u).rgba
    }
}
