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
