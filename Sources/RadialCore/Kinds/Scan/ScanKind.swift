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
