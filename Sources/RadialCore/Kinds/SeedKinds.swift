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
