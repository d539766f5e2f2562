import Foundation

/// A rose (polar area, Nightingale): arcs on category angles, the radius by value — one series
/// (`sectors`) or several over `categories`, stacked outward (a wind rose), overlaid from the
/// center (Nightingale's diagram) or side by side. A preset of the polar bars engine.
enum RoseKind: ChartKind {
    static let typeNames = ["rose"]
    static var specKeys: [String] { SpecReader.roseKeys }
    static func model(_ chart: Chart) -> RoseChart? { if case .rose(let c) = chart { c } else { nil } }
    static func chart(_ model: RoseChart) -> Chart { .rose(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> RoseChart? { reader.rose(o) }

    static func item(_ chart: RoseChart, _ context: ChartItemContext) -> ChartItem {
        let table = chart.table
        let colors: [ChartColor]
        let patterns: PatternAssignment
        if table.isMultiSeries {
            colors = chart.series.resolvedColors()
            patterns = PatternAssignment(chart.series.map(\.pattern))
        } else {
            colors = chart.color.map { c in chart.sectors.map { $0.color ?? c } } ?? chart.sectors.resolvedColors()
            patterns = PatternAssignment(chart.sectors.map(\.pattern))
        }
        let formatting = context.formatting
        var preset = PolarBarsItem.Preset(
            type: "rose", title: chart.title, subtitle: chart.subtitle, table: table, categoryAxis: .angle,
            stack: table.isMultiSeries ? chart.stack : .none,
            scale: ValueScale(chart.scale == .area ? .sqrt : .linear, minimum: 0, maximum: chart.rimValue),
            start: chart.startAngle, sweep: 360, centeredBands: true, colors: colors, colorScale: chart.colorScale, labels: chart.labels,
            ticks: chart.ringLabels && chart.rings > 0, tickCount: chart.rings, format: chart.format,
            legend: chart.legend && !(table.isMultiSeries == false && chart.color != nil && chart.colorScale == .categorical && chart.sectors.allSatisfy { $0.color == nil }),
            names: .aroundRim, datumKey: { .sector($0) },
            describeDatum: { i, hidden in Descriptions.roseValue(chart, sector: i, formatting: formatting, hidden: hidden) },
            chartName: Descriptions.name(of: chart), summary: { Descriptions.summary(of: chart, formatting: formatting, hidden: $0) })
        preset.patterns = patterns
        return PolarBarsItem(preset: preset, measurer: context.measurer, formatting: formatting)
    }

    static func title(_ model: RoseChart) -> String? { model.title }
    static func describe(_ model: RoseChart, formatting: Formatting) -> [String] { Descriptions.describe(model, formatting: formatting) }
    static func audio(_ model: RoseChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        AudioGraph(rose: model, chart: index, hidden: hidden, formatting: formatting)
    }
    static func cost(_ model: RoseChart) -> ChartCost {
        ChartCost(sectors: model.series.isEmpty ? model.sectors.count : model.categories.count * model.series.count)
    }
    /// Its wedges, or its series over its categories.
    static func data(_ model: RoseChart) -> KindData? {
        model.series.isEmpty ? .named(title: model.title, subtitle: model.subtitle, values: model.sectors, format: model.format)
            : .series(title: model.title, subtitle: model.subtitle, categories: model.categories, series: model.series, format: model.format)
    }
    static func make(_ data: KindData, type: String, template: RoseChart?) -> RoseChart? {
        var c = template ?? RoseChart(stack: .none)
        c.title = data.heading.title; c.subtitle = data.heading.subtitle; c.format = data.format
        if let d = data.series, d.series.count > 1 {
            guard d.categories.count <= SpecLimits.roseSectors else { return nil }
            c.categories = d.categories; c.series = d.series; c.sectors = []
        } else if let values = data.named, !values.isEmpty, values.count <= SpecLimits.roseSectors {
            c.sectors = values; c.categories = []; c.series = []
        } else {
            return nil
        }
        return c
    }
    static func applyingPalette(_ model: RoseChart, _ palette: CategoricalPalette) -> RoseChart {
        var c = model
        c.sectors = c.sectors.applyingPalette(palette)
        c.series = c.series.applyingPalette(palette)
        return c
    }
}
