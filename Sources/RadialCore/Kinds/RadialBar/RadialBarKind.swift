import Foundation

/// Radial bars: arcs on category tracks, the angle by value — one series (`bars`) or several over
/// `categories`, side by side as thin tracks, stacked along the angle or overlaid. A preset of the
/// polar bars engine.
enum RadialBarKind: ChartKind {
    static let typeNames = ["radialBar"]
    static var specKeys: [String] { SpecReader.radialBarKeys }
    static func noun(type: String) -> String { "a radial bar chart" }
    static func model(_ chart: Chart) -> RadialBarChart? { if case .radialBar(let c) = chart { c } else { nil } }
    static func chart(_ model: RadialBarChart) -> Chart { .radialBar(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> RadialBarChart? { reader.radialBar(o) }

    static func item(_ chart: RadialBarChart, _ context: ChartItemContext) -> ChartItem {
        let table = chart.table
        let colors: [ChartColor]
        let patterns: PatternAssignment
        if table.isMultiSeries {
            colors = chart.series.resolvedColors()
            patterns = PatternAssignment(chart.series.map(\.pattern))
        } else {
            colors = chart.color.map { c in chart.bars.map { $0.color ?? c } } ?? chart.bars.resolvedColors()
            patterns = PatternAssignment(chart.bars.map(\.pattern))
        }
        let formatting = context.formatting
        var preset = PolarBarsItem.Preset(
            type: "radialBar", title: chart.title, subtitle: chart.subtitle, table: table, categoryAxis: .radius,
            stack: table.isMultiSeries ? chart.stack : .none,
            scale: ValueScale(.linear, minimum: 0, maximum: chart.scaleMaximum),
            start: 0, sweep: chart.sweep, centeredBands: false, colors: colors, colorScale: chart.colorScale, labels: chart.labels,
            ticks: chart.ticks, tickCount: chart.ticks ? 4 : 0, format: chart.format,
            legend: chart.legend || (table.isMultiSeries && chart.series.count > 1), names: .atTrackStarts, datumKey: { .bar($0) },
            describeDatum: { i, hidden in
                let text = Descriptions.barValue(chart, bar: i, formatting: formatting)
                return hidden.contains(i) ? text + ", hidden" : text
            },
            chartName: Descriptions.name(of: chart), summary: { Descriptions.summary(of: chart, formatting: formatting, hidden: $0) })
        preset.patterns = patterns
        return PolarBarsItem(preset: preset, measurer: context.measurer, formatting: formatting)
    }

    static func title(_ model: RadialBarChart) -> String? { model.title }
    static func describe(_ model: RadialBarChart, formatting: Formatting) -> [String] { Descriptions.describe(model, formatting: formatting) }
    static func audio(_ model: RadialBarChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        AudioGraph(radialBar: model, chart: index, hidden: hidden, formatting: formatting)
    }
    static func cost(_ model: RadialBarChart) -> ChartCost { ChartCost() }
    /// Its bars, or its series over its categories.
    static func data(_ model: RadialBarChart) -> KindData? {
        model.series.isEmpty ? .named(title: model.title, subtitle: model.subtitle, values: model.bars, format: model.format)
            : .series(title: model.title, subtitle: model.subtitle, categories: model.categories, series: model.series, format: model.format)
    }
    static func make(_ data: KindData, type: String, template: RadialBarChart?) -> RadialBarChart? {
        var c = template ?? RadialBarChart()
        c.title = data.heading.title; c.subtitle = data.heading.subtitle; c.format = data.format
        if let d = data.series, d.series.count > 1 {
            guard d.categories.count <= SpecLimits.radialBars else { return nil }
            c.categories = d.categories; c.series = d.series; c.bars = []; c.color = nil
        } else if let values = data.named, !values.isEmpty, values.count <= SpecLimits.radialBars {
            c.bars = values; c.categories = []; c.series = []
        } else {
            return nil
        }
        return c
    }
    static func applyingPalette(_ model: RadialBarChart, _ palette: CategoricalPalette) -> RadialBarChart {
        var c = model
        c.bars = c.bars.applyingPalette(palette)
        c.series = c.series.applyingPalette(palette)
        return c
    }
}
