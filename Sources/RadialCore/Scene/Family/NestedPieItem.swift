import Foundation

/// A pie or donut of nested rings (`"layers"`, inner to outer; Chart.js' several datasets,
/// ECharts' nested pies): each ring's sectors share its own circle (or its `startAngle`…
/// `endAngle` arc), one legend names every sector name once, and a sector keeps its name's
/// color in every ring. The rings sweep in from the start angle on the seeds' spring; a legend
/// toggle hides that name in every ring.
final class NestedPieItem: FamilyItem {
    let chart: PieChart
    /// The rings, inner first, each sorted as `sort` asks.
    let layers: [[PieSector]]
    /// Each name once, in order of first appearance, and its color.
    let names: [String]
    let colors: [ChartColor]
    /// Sector j of ring k is `.sector(offsets[k] + j)`.
    let offsets: [Int]
    /// Which legend entry (name) each flat sector is.
    let nameOf: [Int]

    init(chart: PieChart, measurer: TextShaping, formatting: Formatting) {
        self.chart = chart
        layers = chart.layers.map { PieChart(sectors: $0, sort: chart.sort).drawn.sectors }
        var names: [String] = [], firstColor: [String: ChartColor] = [:], firstPattern: [String: FillPattern] = [:]
        for s in layers.joined() {
            if !names.contains(s.name) { names.append(s.name) }
            if firstColor[s.name] == nil, let c = s.color { firstColor[s.name] = c }
            if firstPattern[s.name] == nil, let p = s.pattern { firstPattern[s.name] = p }
        }
        self.names = names
        colors = names.map { PieSector(name: $0, value: 0, color: firstColor[$0]) }.resolvedColors()
        var o = 0
        offsets = layers.map { layer in defer { o += layer.count }; return o }
        nameOf = layers.joined().map { s in names.firstIndex(of: s.name)! }
        super.init(measurer: measurer, formatting: formatting, data: names.count)
        // A name keeps its pattern in every ring, as its color.
        patterns = PatternAssignment(names.map { firstPattern[$0] })
    }

    override var chartTitle: String? { chart.title ?? (chart.innerRadius > 0 ? "Donut" : "Pie") }
    override var showsLegend: Bool { chart.legend && !names.isEmpty }
    override var legendNames: [String] { names }
    override func legendColor(_ i: Int, _ theme: Theme) -> RGBA { colors[i].resolved(theme) }
    override func legendValue(_ i: Int) -> String {
        let parts = layers.enumerated().compactMap { k, layer -> String? in
            guard let j = layer.firstIndex(where: { $0.name == names[i] }) else { return nil }
            return sectorValue(k, j) + " (" + Descriptions.layerName(k, of: layers.count) + ")"
        }
        return parts.joined(separator: "; ") + (hidden.contains(i) ? ", hidden" : "")
    }

    /// "$80.00, 40 %": the sector's value and share of its ring (what is shown).
    func sectorValue(_ k: Int, _ j: Int) -> String {
        let layer = layers[k]
        let values = layer.indices.map { hidden.contains(names.firstIndex(of: layer[$0].name)!) ? 0 : layer[$0].value }
        return formatting.format(layer[j].value, chart.format) + ", " + Descriptions.share(values, j, formatting: formatting)
    }

    // MARK: - Geometry

    override func unitBounds() -> Rect { PieItem.unitBounds(chart) }

    /// Ring k's radii (points).
    func radii(_ k: Int) -> (inner: Double, outer: Double) {
        let hole = radius * min(max(chart.innerRadius, 0), 0.9)
        let w = (radius - hole) / Double(max(layers.count, 1))
        return (hole + Double(k) * w + (k > 0 ? 1 : 0), hole + Double(k + 1) * w - 1)
    }

    /// Ring k's sectors' spans at `moment`: (sector, start, end) in degrees, swept in by growth.
    func spans(_ k: Int, _ moment: Moment) -> [(Int, Double, Double)] {
        let layer = layers[k]
        let weights = layer.map { $0.value * presence(names.firstIndex(of: $0.name)!, moment) }
        let sum = weights.reduce(0, +)
        let sweep = (chart.endAngle - chart.startAngle) * growth(moment)
        var a = chart.startAngle
        return layer.indices.map { j in
            let f = sum > 0 ? weights[j] / sum * sweep : 0
            defer { a += f }
            return (j, a, a + f)
        }
    }

    // MARK: - Drawing

    override func drawChart(_ ctx: DrawContext) {
        guard ctx.phase == .main else { return }
        var rings: [JSONOut] = []
        for (k, layer) in layers.enumerated() {
            let (ri, ro) = radii(k)
            var arcs: [JSONOut] = []
            for (j, a0, a1) in spans(k, ctx.moment) {
                let flat = offsets[k] + j, n = nameOf[flat]
                let hovered = highlight == .sector(flat) || highlight == .legend(n)
                let pull = layer[j].offset + (hovered ? chart.hoverOffset : 0)
                let c = center + Self.direction((a0 + a1) / 2) * pull
                let pattern = patterns.drawn(n, on: ctx.patterns)
                if a1 > a0 {
                    ctx.group(.sector(flat), name: layer[j].name) {
                        ctx.frame.add(sector(ctx, center: c, inner: ri, outer: ro, from: a0, to: a1, color: colors[n].resolved(ctx.theme),
                                             halfInset: chart.angularInset / 2, pattern: pattern))
                    }
                }
                if ctx.records {
                    arcs.append(arcRecord(ctx, name: layer[j].name, value: layer[j].value, from: a0, to: a1, inner: ri, outer: ro, offset: pull,
                                          extra: [("color", .string(colors[n].resolved(ctx.theme).hexString)), ("pattern", .string(pattern.rawValue))]))
                }
            }
            rings.append(.object([("innerRadius", ctx.px(ri)), ("outerRadius", ctx.px(ro)), ("sectors", .array(arcs))]))
        }
        if ctx.records {
            ctx.record(type: "pie", [("frame", ctx.px(plot)), ("center", ctx.px(center)), ("outerRadius", ctx.px(radius)),
                                     ("startAngle", .number(chart.startAngle)), ("endAngle", .number(chart.endAngle)), ("layers", .array(rings))])
        }
    }

    // MARK: - Elements

    override func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    override func chartValue(formatting: Formatting) -> String {
        // Totals of what is shown: a name hidden by its legend entry is left out of every ring.
        "\(layers.count) ring\(layers.count == 1 ? "" : "s"), " + Descriptions.list(layers.indices.map { k in
            Descriptions.layerName(k, of: layers.count) + " "
                + formatting.format(Arithmetic.total(layers[k].lazy.filter { !self.hidden.contains(self.names.firstIndex(of: $0.name)!) }.map(\.value)), chart.format)
        })
    }

    override func chartElements(chart index: Int, moment: Moment) -> [ChartElement] {
        var out: [ChartElement] = []
        for (k, layer) in layers.enumerated() {
            let (ri, ro) = radii(k)
            for (j, a0, a1) in spans(k, .atRest) where !hidden.contains(nameOf[offsets[k] + j]) {
                out.append(ChartElement(key: .sector(offsets[k] + j), chart: index, name: layer[j].name,
                                        value: sectorValue(k, j) + ", " + Descriptions.layerName(k, of: layers.count),
                                        frame: Self.arcBounds(center: center, inner: ri, outer: ro, from: a0, to: max(a1, a0 + 0.5))))
            }
        }
        return out
    }

    override func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? {
        let v = p - center, r = v.length, a = Self.angle(of: v)
        for k in layers.indices {
            let (ri, ro) = radii(k)
            guard r >= ri - 1, r <= ro + 1 else { continue }
            for (j, a0, a1) in spans(k, moment) where a1 > a0 && Self.angle(a, isBetween: a0, and: a1) { return .sector(offsets[k] + j) }
        }
        return nil
    }

    override func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? {
        guard case .sector(let flat) = key, flat < nameOf.count,
              let k = layers.indices.first(where: { offsets[$0] <= flat && flat < offsets[$0] + layers[$0].count }) else { return nil }
        let j = flat - offsets[k]
        return Tooltip(title: layers[k][j].name, rows: [Tooltip.Row(dot: colors[nameOf[flat]].resolved(theme), text: sectorValue(k, j)),
                                                       Tooltip.Row(text: Descriptions.layerName(k, of: layers.count).capitalizedFirst)])
    }
}

extension String {
    /// The string with its first letter in capitals ("inner ring" → "Inner ring").
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
