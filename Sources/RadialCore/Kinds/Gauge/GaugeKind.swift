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
