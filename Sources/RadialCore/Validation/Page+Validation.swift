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
        var sectors = 0, corners = 0
        for chart in charts {
            switch chart {
            case .pie(let p): sectors += p.sectors.count + p.layers.reduce(0) { $0 + $1.count }
            case .radar(let r): corners += r.axes.count * r.series.count
            case .rose(let r): sectors += r.sectors.count
            case .sunburst(let s): sectors += s.children.reduce(0) { $0 + $1.count }
            case .scan, .gauge, .rings, .radialBar: break
            }
        }
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

extension Chart {
    /// The chart's rules, by its kind (each kind's are in its own `…+Validation.swift`).
    package func validate(at path: String, into v: inout Validator) {
        switch self {
        case .radar(let c): c.validate(at: path, into: &v)
        case .pie(let c): c.validate(at: path, into: &v)
        case .scan(let c): c.validate(at: path, into: &v)
        case .gauge(let c): c.validate(at: path, into: &v)
        case .rings(let c): c.validate(at: path, into: &v)
        case .rose(let c): c.validate(at: path, into: &v)
        case .radialBar(let c): c.validate(at: path, into: &v)
        case .sunburst(let c): c.validate(at: path, into: &v)
        }
    }
}
