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
