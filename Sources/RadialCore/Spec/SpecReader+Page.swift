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
        let page = Page(title: title, subtitle: subtitle, theme: theme, background: background, textSize: textSize, charts: charts)
        return palette.map(page.applyingPalette) ?? page
    }

    static func owners(of key: String) -> String? {
        var owners: [String] = []
        if radarKeys.contains(key) { owners.append("radar") }
        if pieKeys.contains(key) { owners += ["pie", "donut"] }
        if scanKeys.contains(key) { owners.append("scan") }
        if gaugeKeys.contains(key) { owners.append("gauge") }
        if ringsKeys.contains(key) { owners.append("rings") }
        if roseKeys.contains(key) { owners.append("rose") }
        if radialBarKeys.contains(key) { owners.append("radialBar") }
        if sunburstKeys.contains(key) { owners.append("sunburst") }
        return owners.isEmpty ? nil : Descriptions.list(owners) + " charts"
    }

    /// The page-wide budget: each chart may be within its limits and the page still too much
    /// work to draw (64 pies of 4096 sectors).
    mutating func pageBudget(_ charts: [Chart], position: JSONPosition?) {
        for why in Page.budgetProblems(charts) { report("charts", position, why) }
    }

    mutating func chart(_ node: JSONNode, _ path: String) -> Chart? {
        guard let o = object(node, path, expected: "a chart (an object with a \"type\")") else { return nil }
        var type: String?
        if let n = self.node(o, "type", required: true, expected: "one of \(Self.list(Spec.chartTypes))") {
            type = choice(n, Self.child(path, "type"), noun: "chart type", among: Spec.chartTypes)
        }
        switch type {
        case "radar":
            checkKeys(o, allowed: Self.radarKeys, noun: "a radar chart", elsewhere: Self.owners(of:))
            return radar(o).map(Chart.radar)
        case "pie", "donut":
            checkKeys(o, allowed: Self.pieKeys, noun: "a \(type!) chart", elsewhere: Self.owners(of:))
            return pie(o, donut: type == "donut").map(Chart.pie)
        case "scan":
            checkKeys(o, allowed: Self.scanKeys, noun: "a scan chart", elsewhere: Self.owners(of:))
            return scan(o).map(Chart.scan)
        case "gauge":
            checkKeys(o, allowed: Self.gaugeKeys, noun: "a gauge", elsewhere: Self.owners(of:))
            return gauge(o).map(Chart.gauge)
        case "rings":
            checkKeys(o, allowed: Self.ringsKeys, noun: "an activity rings chart", elsewhere: Self.owners(of:))
            return rings(o).map(Chart.rings)
        case "rose":
            checkKeys(o, allowed: Self.roseKeys, noun: "a rose chart", elsewhere: Self.owners(of:))
            return rose(o).map(Chart.rose)
        case "radialBar":
            checkKeys(o, allowed: Self.radialBarKeys, noun: "a radial bar chart", elsewhere: Self.owners(of:))
            return radialBar(o).map(Chart.radialBar)
        case "sunburst":
            checkKeys(o, allowed: Self.sunburstKeys, noun: "a sunburst", elsewhere: Self.owners(of:))
            return sunburst(o).map(Chart.sunburst)
        default:
            // Without a type only keys that no chart has can be reported.
            var all: [String] = []
            for keys in [Self.radarKeys, Self.pieKeys, Self.scanKeys, Self.gaugeKeys, Self.ringsKeys, Self.roseKeys, Self.radialBarKeys, Self.sunburstKeys] {
                all += keys.filter { !all.contains($0) }
            }
            checkKeys(o, allowed: all, noun: "a chart")
            return nil
        }
    }
}
