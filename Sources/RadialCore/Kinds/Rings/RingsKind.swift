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
