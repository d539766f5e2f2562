/// The page's own rules: its texts, how many charts, and the budget all its charts share.
extension Page {
    package func validate(into v: inout Validator) {
        v.check(text: title, at: "title")
        v.check(text: subtitle, at: "subtitle")
        if charts.isEmpty { v.report("charts", "expected a non-empty array of charts, got an empty array") }
        guard v.check(count: charts.count, limit: SpecLimits.charts, noun: "charts", at: "charts") else { return }
        for (i, chart) in charts.enumerated() {
            chart.validate(at: "charts[\(i)]", into: &v)
        }
        for why in Self.budgetProblems(charts) { v.report("charts", why) }
    }

    /// Why the charts together are more work than one page may be (64 pies of 4096 sectors each
    /// within its own limits): the rule a file's page is read by too.
    package static func budgetProblems(_ charts: [Chart]) -> [String] {
        let cost = charts.reduce(ChartCost()) { $0 + $1.kind.cost($1) }
        let sectors = cost.sectors, corners = cost.corners
        var problems: [String] = []
        if sectors > SpecLimits.pageSectors {
            problems.append("\(sectors) sectors in all the pies, roses and sunbursts together; the limit for a page is \(SpecLimits.pageSectors)")
        }
        if corners > SpecLimits.pageRadarCorners {
            problems.append("\(corners) radar corners (axes × series) in all the radars together; the limit for a page is \(SpecLimits.pageRadarCorners)")
        }
        return problems
    }
}

/// A chart model's rules: what `Page.validate()` holds it to, at its Swift path. Each kind's
/// model has them in its own `…+Validation.swift`, and its `ChartKind` descriptor carries them.
package protocol ChartRules {
    func validate(at path: String, into v: inout Validator)
}

extension RadarChart: ChartRules {}
extension PieChart: ChartRules {}
extension ScanChart: ChartRules {}
extension GaugeChart: ChartRules {}
extension RingsChart: ChartRules {}
extension RoseChart: ChartRules {}
extension RadialBarChart: ChartRules {}
extension SunburstChart: ChartRules {}
extension PolarChart: ChartRules {}

extension Chart {
    /// The chart's rules, by its kind's descriptor.
    /// Then the rule of what is computed (`arithmeticProblems(at:)`: a span or a total past the
    /// largest double), when the chart's own rules found nothing.
    package func validate(at path: String, into v: inout Validator) {
        let before = v.problems.count
        kind.validate(self, path, &v)
        guard v.problems.count == before else { return }
        for p in arithmeticProblems(at: path) { v.report(p.path, p.message) }
    }
}
