import Foundation

/// A rose's keys and reader (docs/spec.md, "The radial family").
extension SpecReader {
    static let roseKeys = ["type", "title", "subtitle", "sectors", "scale", "maximum", "rings", "legend", "color", "format", "currency", "startAngle",
                           "categories", "series", "stack", "colorScale", "ringLabels", "labels"]

    mutating func rose(_ o: Object) -> RoseChart? {
        let title = string(o, "title"), subtitle = string(o, "subtitle")
        let scale = choice(o, "scale", noun: "rose scale", among: RoseChart.Scale.allCases.map(\.rawValue)).flatMap(RoseChart.Scale.init(rawValue:))
        let maximum = number(o, "maximum", RoseChart.Rules.maximum)
        let rings = integer(o, "rings", RoseChart.Rules.rings)
        let legend = bool(o, "legend")
        let color = color(o, "color")
        let start = number(o, "startAngle", RoseChart.Rules.startAngle)
        let (format, formatOK) = numberFormat(o)
        let data = categoryData(o, key: "sectors", noun: "sector", limit: SpecLimits.roseSectors)
        let stack = stack(o, allowed: [.radius, .none, .group], hint: "a rose stacks outward along the radius; radial bars stack along the angle")
        let colorScale = colorScale(o, severalSeries: (data?.series.count ?? 0) > 0)
        let ringLabels = bool(o, "ringLabels"), labels = markLabels(o)
        let given: [(String, Any?)] = [("title", title), ("subtitle", subtitle), ("scale", scale), ("maximum", maximum), ("rings", rings),
                                       ("legend", legend), ("color", color), ("startAngle", start), ("stack", stack), ("colorScale", colorScale),
                                       ("ringLabels", ringLabels), ("labels", labels)]
        guard formatOK, let data, given.allSatisfy({ o.node($0.0) == nil || $0.1 != nil }) else { return nil }
        if o.node("stack") != nil && data.series.isEmpty {
            report(Self.child(o.path, "stack"), o.node("stack")?.position, "stacking needs several series (categories and series); sectors are one")
            return nil
        }
        return RoseChart(title: title, subtitle: subtitle, sectors: data.single, scale: scale ?? .radius, maximum: maximum, rings: rings ?? 4,
                         legend: legend ?? true, color: color, format: format, startAngle: start ?? 0, categories: data.categories, series: data.series,
                         stack: stack ?? .radius, colorScale: colorScale ?? .categorical, ringLabels: ringLabels ?? true, labels: labels ?? MarkLabels.none)
    }
}
