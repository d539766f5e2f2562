/// The radial family's kinds: gauge, activity rings, rose, radial bars, sunburst.

/// One value on a linear angle with a track, bands, a threshold and a needle.
enum GaugeKind: ChartKind {
    static let typeNames = ["gauge"]
    static var specKeys: [String] { SpecReader.gaugeKeys }
    static func noun(type: String) -> String { "a gauge" }
    static func model(_ chart: Chart) -> GaugeChart? { if case .gauge(let c) = chart { c } else { nil } }
    static func chart(_ model: GaugeChart) -> Chart { .gauge(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> GaugeChart? { reader.gauge(o) }
    static func item(_ model: GaugeChart, _ context: ChartItemContext) -> ChartItem {
        GaugeItem(chart: model, measurer: context.measurer, formatting: context.formatting)
    }
    static func title(_ model: GaugeChart) -> String? { model.title }
    static func describe(_ model: GaugeChart, formatting: Formatting) -> [String] { [Descriptions.describe(model, formatting: formatting)] }
    static func audio(_ model: GaugeChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        AudioGraph(gauge: model, chart: index, formatting: formatting)
    }
    static func cost(_ model: GaugeChart) -> ChartCost { ChartCost() }
    static func applyingPalette(_ model: GaugeChart, _ palette: CategoricalPalette) -> GaugeChart { model }
}

/// Concentric rings, each a value against its goal.
enum RingsKind: ChartKind {
    static let typeNames = ["rings"]
    static var specKeys: [String] { SpecReader.ringsKeys }
    static func noun(type: String) -> String { "an activity rings chart" }
    static func model(_ chart: Chart) -> RingsChart? { if case .rings(let c) = chart { c } else { nil } }
    static func chart(_ model: RingsChart) -> Chart { .rings(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> RingsChart? { reader.rings(o) }
    static func item(_ model: RingsChart, _ context: ChartItemContext) -> ChartItem {
        RingsItem(chart: model, measurer: context.measurer, formatting: context.formatting)
    }
    static func title(_ model: RingsChart) -> String? { model.title }
    static func describe(_ model: RingsChart, formatting: Formatting) -> [String] { [Descriptions.describe(model, formatting: formatting)] }
    static func audio(_ model: RingsChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        AudioGraph(rings: model, chart: index, hidden: hidden, formatting: formatting)
    }
    static func cost(_ model: RingsChart) -> ChartCost { ChartCost() }
    static func applyingPalette(_ model: RingsChart, _ palette: CategoricalPalette) -> RingsChart {
        var c = model
        c.rings = c.rings.applyingPalette(palette)
        return c
    }
}

/// A partition of arcs: each node's angle by its total within its parent's, a ring per depth.
enum SunburstKind: ChartKind {
    static let typeNames = ["sunburst"]
    static var specKeys: [String] { SpecReader.sunburstKeys }
    static func noun(type: String) -> String { "a sunburst" }
    static func model(_ chart: Chart) -> SunburstChart? { if case .sunburst(let c) = chart { c } else { nil } }
    static func chart(_ model: SunburstChart) -> Chart { .sunburst(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> SunburstChart? { reader.sunburst(o) }
    static func item(_ model: SunburstChart, _ context: ChartItemContext) -> ChartItem {
        SunburstItem(chart: model, measurer: context.measurer, formatting: context.formatting)
    }
    static func title(_ model: SunburstChart) -> String? { model.title }
    static func describe(_ model: SunburstChart, formatting: Formatting) -> [String] { Descriptions.describe(model, formatting: formatting) }
    static func audio(_ model: SunburstChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        AudioGraph(sunburst: model, chart: index, hidden: hidden, formatting: formatting)
    }
    static func cost(_ model: SunburstChart) -> ChartCost { ChartCost(sectors: model.children.reduce(0) { $0 + $1.count }) }
    /// Its tree.
    static func data(_ model: SunburstChart) -> KindData? {
        .tree(title: model.title, subtitle: model.subtitle, nodes: model.children, format: model.format)
    }
    /// A tree, or named values as its top level.
    static func make(_ data: KindData, type: String, template: SunburstChart?) -> SunburstChart? {
        var c = template ?? SunburstChart(children: [])
        c.title = data.heading.title; c.subtitle = data.heading.subtitle; c.format = data.format
        if case .tree(_, _, let nodes, _) = data {
            c.children = nodes
        } else if let values = data.named, !values.isEmpty {
            c.children = values.map { SunburstNode(name: $0.name, value: Stacking.clean($0.value), color: $0.color, colorFromPalette: $0.colorFromPalette) }
        } else {
            return nil
        }
        return c
    }
    static func applyingPalette(_ model: SunburstChart, _ palette: CategoricalPalette) -> SunburstChart {
        var c = model
        // The top level takes the palette; deeper levels are shades of their branch's color.
        c.children = c.children.applyingPalette(palette)
        return c
    }
}
