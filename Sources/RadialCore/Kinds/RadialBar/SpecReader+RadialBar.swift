import Foundation

/// Radial bars' keys and reader (docs/spec.md, "The radial family").
extension SpecReader {
    static let radialBarKeys = ["type", "title", "subtitle", "bars", "maximum", "sweep", "legend", "format", "currency",
                                "categories", "series", "stack", "color", "colorScale", "labels", "ticks"]

    mutating func radialBar(_ o: Object) -> RadialBarChart? {
        let title = string(o, "title"), subtitle = string(o, "subtitle")
        let maximum = number(o, "maximum", RadialBarChart.Rules.maximum)
        let sweep = number(o, "sweep", RadialBarChart.Rules.sweep)
        let legend = bool(o, "legend")
        let (format, formatOK) = numberFormat(o)
        let data = categoryData(o, key: "bars", noun: "bar", limit: SpecLimits.radialBars)
        let stack = stack(o, allowed: [.group, .angle, .none], hint: "radial bars stack along the angle; a rose stacks along the radius")
        let color = color(o, "color")
        let colorScale = colorScale(o, severalSeries: (data?.series.count ?? 0) > 0)
        let labels = markLabels(o), ticks = bool(o, "ticks")
        let given: [(String, Any?)] = [("title", title), ("subtitle", subtitle), ("maximum", maximum), ("sweep", sweep), ("legend", legend),
                                       ("stack", stack), ("color", color), ("colorScale", colorScale), ("labels", labels), ("ticks", ticks)]
        guard formatOK, let data, given.allSatisfy({ o.node($0.0) == nil || $0.1 != nil }) else { return nil }
        if o.node("stack") != nil && data.series.isEmpty {
            report(Self.child(o.path, "stack"), o.node("stack")?.position, "stacking needs several series (categories and series); bars are one")
            return nil
        }
        if o.node("color") != nil && !data.series.isEmpty {
            report(Self.child(o.path, "color"), o.node("color")?.position, "one color for every bar is for one series; with several, give each series its color")
            return nil
        }
        return RadialBarChart(title: title, subtitle: subtitle, bars: data.single, maximum: maximum, sweep: sweep ?? 270, legend: legend ?? false,
                              format: format, categories: data.categories, series: data.series, stack: stack ?? .group, color: color,
                              colorScale: colorScale ?? .categorical, labels: labels ?? MarkLabels.none, ticks: ticks ?? false)
    }
}
