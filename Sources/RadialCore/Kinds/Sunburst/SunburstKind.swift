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
