/// The seeds' kinds: the radar, the pie (and donut, and nested rings), the scan.

/// A radar (spider) chart: a closed line and area per series on category angles, a scale per axis.
enum RadarKind: ChartKind {
    static let typeNames = ["radar"]
    static var specKeys: [String] { SpecReader.radarKeys }
    static func model(_ chart: Chart) -> RadarChart? { if case .radar(let c) = chart { c } else { nil } }
    static func chart(_ model: RadarChart) -> Chart { .radar(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> RadarChart? { reader.radar(o) }
    static func item(_ model: RadarChart, _ context: ChartItemContext) -> ChartItem {
        RadarItem(chart: model, measurer: context.measurer, formatting: context.formatting, controls: context.controls, compact: context.compact)
    }
    static func title(_ model: RadarChart) -> String? { model.title }
    static func describe(_ model: RadarChart, formatting: Formatting) -> [String] { Descriptions.describe(model, formatting: formatting) }
    static func audio(_ model: RadarChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        AudioGraph(radar: model, chart: index, hidden: hidden, formatting: formatting)
    }
    static func cost(_ model: RadarChart) -> ChartCost { ChartCost(corners: model.axes.count * model.series.count) }
    static func applyingPalette(_ model: RadarChart, _ palette: CategoricalPalette) -> RadarChart {
        var c = model
        c.choosePaletteColors(palette)
        return c
    }
    static func applyingLegend(_ model: RadarChart, _ position: LegendPosition) -> RadarChart {
        var c = model
        c.legend = position
        return c
    }
    /// Series over its axes, when every axis shares one scale.
    static func data(_ model: RadarChart) -> KindData? {
        guard model.scales.isEmpty, model.axes.count >= 3 else { return nil }
        return .series(title: model.title, subtitle: model.subtitle, categories: model.axes,
                       series: model.series.map { s in
                           CategorySeries(name: s.name, values: model.axes.indices.map { a in a < s.values.count ? s.values[a] : .nan },
                                          color: s.color, colorFromPalette: s.colorFromPalette)
                       }, format: nil)
    }
    static func make(_ data: KindData, type: String, template: RadarChart?) -> RadarChart? {
        guard let d = data.series, d.categories.count >= 3, d.series.count <= SpecLimits.series else { return nil }
        let open = CategoricalPalette.system.colors(count: d.series.count { $0.color == nil }, avoiding: d.series.compactMap(\.color))
        var next = 0
        let series = d.series.map { s -> RadarSeries in
            if let c = s.color { return RadarSeries(name: s.name, values: s.values, color: c, colorFromPalette: s.colorFromPalette) }
            next += 1
            return RadarSeries(name: s.name, values: s.values, color: open[next - 1], colorFromPalette: true)
        }
        let largest = d.series.flatMap(\.values).filter(\.isFinite).max() ?? 0
        var c = template ?? RadarChart(axes: [], series: [])
        c.title = data.heading.title; c.subtitle = data.heading.subtitle
        c.axes = d.categories; c.series = series; c.scales = []
        if template == nil || largest > c.maximum { c.maximum = ValueScale.niceMaximum(largest) }
        return c
    }
}

/// A pie or donut (arcs stacked along the angle), or nested rings of them (`layers`).
enum PieKind: ChartKind {
    static let typeNames = ["pie", "donut"]
    static var specKeys: [String] { SpecReader.pieKeys }
    static func model(_ chart: Chart) -> PieChart? { if case .pie(let c) = chart { c } else { nil } }
    static func chart(_ model: PieChart) -> Chart { .pie(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> PieChart? { reader.pie(o, donut: type == "donut") }
    static func item(_ model: PieChart, _ context: ChartItemContext) -> ChartItem {
        model.layers.isEmpty ? PieItem(chart: model, measurer: context.measurer, formatting: context.formatting, palette: context.palette)
            : NestedPieItem(chart: model, measurer: context.measurer, formatting: context.formatting)
    }
    static func title(_ model: PieChart) -> String? { model.title }
    static func describe(_ model: PieChart, formatting: Formatting) -> [String] {
        [model.layers.isEmpty ? Descriptions.describe(model.drawn, formatting: formatting) : Descriptions.describeLayers(model, formatting: formatting)]
    }
    static func audio(_ model: PieChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        model.layers.isEmpty ? AudioGraph(pie: model.drawn, chart: index, hidden: hidden, formatting: formatting)
            : AudioGraph(layers: model, chart: index, formatting: formatting)
    }
    static func cost(_ model: PieChart) -> ChartCost { ChartCost(sectors: model.sectors.count + model.layers.reduce(0) { $0 + $1.count }) }
    static func applyingPalette(_ model: PieChart, _ palette: CategoricalPalette) -> PieChart {
        var c = model
        c.sectors = c.sectors.applyingPalette(palette)
        c.layers = c.layers.map { $0.applyingPalette(palette) }
        return c
    }
    static func applyingLegend(_ model: PieChart, _ position: LegendPosition) -> PieChart {
        var c = model
        c.legendPosition = position
        return c
    }
    /// Its sectors (a pie of layers is a box of its own).
    static func data(_ model: PieChart) -> KindData? {
        guard model.layers.isEmpty else { return nil }
        return .named(title: model.title, subtitle: nil, values: model.sectors, format: model.format)
    }
    static func make(_ data: KindData, type: String, template: PieChart?) -> PieChart? {
        guard let values = data.named, !values.isEmpty, values.count <= SpecLimits.sectors else { return nil }
        var c = template ?? PieChart(sectors: [])
        c.title = data.heading.title; c.format = data.format; c.layers = []
        c.sectors = values.map { PieSector(name: $0.name, value: Stacking.clean($0.value), color: $0.color, colorFromPalette: $0.colorFromPalette) }
        if type == "donut" { if c.innerRadius == 0 { c.innerRadius = 0.5 } } else { c.innerRadius = 0 }
        return c
    }
}

/// The radar-scan sweep: its own beam, rings, spokes and contacts.
enum ScanKind: ChartKind {
    static let typeNames = ["scan"]
    static var specKeys: [String] { SpecReader.scanKeys }
    static func model(_ chart: Chart) -> ScanChart? { if case .scan(let c) = chart { c } else { nil } }
    static func chart(_ model: ScanChart) -> Chart { .scan(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> ScanChart? { reader.scan(o) }
    static func item(_ model: ScanChart, _ context: ChartItemContext) -> ChartItem {
        ScanItem(chart: model, measurer: context.measurer, formatting: context.formatting)
    }
    static func title(_ model: ScanChart) -> String? { model.title }
    static func describe(_ model: ScanChart, formatting: Formatting) -> [String] { [Descriptions.describe(model, formatting: formatting)] }
    static func audio(_ model: ScanChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        AudioGraph(scan: model, chart: index, formatting: formatting)
    }
    static func cost(_ model: ScanChart) -> ChartCost { ChartCost() }
    static func applyingPalette(_ model: ScanChart, _ palette: CategoricalPalette) -> ScanChart { model }
}
