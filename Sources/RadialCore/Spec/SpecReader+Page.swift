import Foundation

/// The page: its keys, its charts by type, and the budget a whole page must stay within.
extension SpecReader {
    mutating func page(_ root: JSONNode) -> Page? {
        guard let o = object(root, "", expected: "an object with a \"charts\" array") else { return nil }
        checkKeys(o, allowed: Self.pageKeys, noun: "a page")
        let title = string(o, "title")
        let subtitle = string(o, "subtitle")
        let theme = choice(o, "theme", noun: "theme", among: Theme.allCases.map(\.rawValue)).flatMap(Theme.init(rawValue:))
        let palette = choice(o, "palette", noun: "palette", among: CategoricalPalette.allCases.map(\.rawValue))
            .flatMap(CategoricalPalette.init(rawValue:))
        let background = choice(o, "background", noun: "background", among: PageBackground.allCases.map(\.rawValue))
            .flatMap(PageBackground.init(rawValue:))
        let textSize = choice(o, "textSize", noun: "text size", among: TextSize.allCases.map(\.rawValue)).flatMap(TextSize.init(rawValue:))
        let patterns = bool(o, "patterns")
        var charts: [Chart] = []
        if let elements = array(o, "charts", required: true, expected: "a non-empty array of charts",
                                limit: SpecLimits.charts, noun: "charts") {
            if elements.isEmpty, let n = o.node("charts") {
                report("charts", n.position, "expected a non-empty array of charts, got an empty array")
            }
            for (i, element) in elements.enumerated() {
                if let chart = chart(element, Self.index("charts", i)) { charts.append(chart) }
            }
            pageBudget(charts, position: o.node("charts")?.position)
        }
        var page = Page(title: title, subtitle: subtitle, theme: theme, background: background, textSize: textSize, charts: charts)
        page.patterns = patterns
        return palette.map(page.applyingPalette) ?? page
    }

    static func owners(of key: String) -> String? { ChartKinds.owners(of: key) }

    /// The page-wide budget: each chart may be within its limits and the page still too much
    /// work to draw (64 pies of 4096 sectors).
    mutating func pageBudget(_ charts: [Chart], position: JSONPosition?) {
        let cost = charts.reduce(ChartCost()) { $0 + $1.kind.cost($1) }
        let sectors = cost.sectors, corners = cost.corners
        if sectors > SpecLimits.pageSectors {
            report("charts", position, "\(sectors) sectors in all the pies, roses and sunbursts together; the limit for a page is \(SpecLimits.pageSectors)")
        }
        if corners > SpecLimits.pageRadarCorners {
            report("charts", position, "\(corners) radar corners (axes × series) in all the radars together; the limit for a page is \(SpecLimits.pageRadarCorners)")
        }
    }

    mutating func chart(_ node: JSONNode, _ path: String) -> Chart? {
        guard let o = object(node, path, expected: "a chart (an object with a \"type\")") else { return nil }
        var type: String?
        if let n = self.node(o, "type", required: true, expected: "one of \(Self.list(Spec.chartTypes))") {
            type = choice(n, Self.child(path, "type"), noun: "chart type", among: Spec.chartTypes)
        }
        guard let type, let kind = ChartKinds.named(type) else {
            // Without a type only keys that no chart has can be reported.
            var all: [String] = []
            for kind in ChartKinds.all { all += kind.specKeys.filter { !all.contains($0) } }
            checkKeys(o, allowed: all, noun: "a chart")
            return nil
        }
        checkKeys(o, allowed: kind.specKeys, noun: kind.noun(type), elsewhere: Self.owners(of:))
        return kind.read(&self, o, type)
    }
}
