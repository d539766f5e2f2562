import Foundation

/// The words for gauges, activity rings, roses, radial bars, sunbursts and nested pies: what
/// `describe` prints, what elements, tooltips and the AT-SPI tree say. One place, as for the
/// seeds' kinds.
extension Descriptions {
    // MARK: - Gauge

    /// "CPU, gauge" (Orca adds "chart").
    package static func name(of chart: GaugeChart) -> String { titledKind(chart.title, "Gauge") }

    /// "72 %, of 100 %" · "72 %, on 20 to 100 %" · "120 (above the maximum 100), of 100" · with the
    /// band the value is in: "72 %, High, of 100 %".
    package static func gaugeValue(_ chart: GaugeChart, value v: Double, formatting: Formatting) -> String {
        let f = chart.effectiveFormat
        var text = formatting.format(v, f)
        if v > chart.maximum { text += " (above the maximum \(formatting.format(chart.maximum, f)))" }
        if v < chart.minimum { text += " (below the minimum \(formatting.format(chart.minimum, f)))" }
        if let band = band(of: v, in: chart), let name = chart.bands[band].name { text += ", " + name }
        return text + ", " + gaugeScale(chart, formatting: formatting)
    }

    /// "of 100 %", "on 20 to 100 %".
    package static func gaugeScale(_ chart: GaugeChart, formatting: Formatting) -> String {
        let f = chart.effectiveFormat
        return chart.minimum == 0 ? "of " + formatting.format(chart.maximum, f)
            : "on " + formatting.format(chart.minimum, f) + " to " + formatting.format(chart.maximum, f)
    }

    /// The band a value falls in (the first whose end it does not pass), if any.
    package static func band(of v: Double, in chart: GaugeChart) -> Int? {
        guard v.isFinite else { return nil }
        return chart.bands.firstIndex { min(max(v, chart.minimum), chart.maximum) <= $0.to }
    }

    /// "Normal, 0 to 60 %" (a band's name, else its color's place: "Band 1").
    package static func bandValue(_ chart: GaugeChart, band i: Int, formatting: Formatting) -> String {
        let f = chart.effectiveFormat
        let from = i == 0 ? chart.minimum : chart.bands[i - 1].to
        return formatting.format(from, f) + " to " + formatting.format(chart.bands[i].to, f)
    }
    /// Band `i`'s name: its own, else "Band 1", "Band 2"….
    package static func bandName(_ chart: GaugeChart, band i: Int) -> String { chart.bands[i].name ?? "Band \(i + 1)" }

    /// "CPU, gauge chart: CPU 72 %, High, of 100 %. Bands: Normal 0 to 60 %; … Threshold 90 %".
    package static func describe(_ chart: GaugeChart, formatting: Formatting) -> String {
        var text = heading(name(of: chart)) + ": " + chart.valueName + " " + gaugeValue(chart, value: chart.value, formatting: formatting)
        if !chart.bands.isEmpty {
            text += ". Bands: " + chart.bands.indices.map { bandName(chart, band: $0) + " " + bandValue(chart, band: $0, formatting: formatting) }
                .joined(separator: "; ")
        }
        if let t = chart.threshold { text += ". Threshold " + formatting.format(t, chart.effectiveFormat) }
        return text
    }

    // MARK: - Activity rings

    /// "Move, activity rings": the title with the kind, or the kind alone.
    package static func name(of chart: RingsChart) -> String { titledKind(chart.title, "Activity rings") }

    /// "650 of 500 kcal, 130 %" (the goal in the ring's format, the progress as a percentage).
    package static func ringValue(_ ring: ActivityRing, formatting: Formatting) -> String {
        formatting.number(ring.value, decimals: ring.format?.decimals) + " of " + formatting.format(ring.goal, ring.format)
            + ", " + formatting.percent(ring.progress)
    }

    /// "3 rings" · "2 of 3 rings shown".
    package static func summary(of chart: RingsChart, hidden: Set<Int> = []) -> String {
        let n = chart.rings.count, k = n - hidden.count
        return k == n ? "\(n) ring\(n == 1 ? "" : "s")" : "\(k) of \(n) rings shown"
    }

    /// "Today, activity rings chart: Move 650 of 500 kcal, 130 %; Exercise …".
    package static func describe(_ chart: RingsChart, formatting: Formatting) -> String {
        let head = heading(name(of: chart))
        if chart.rings.isEmpty { return head + ": no rings" }
        return head + ": " + chart.rings.map { $0.name + " " + ringValue($0, formatting: formatting) }.joined(separator: "; ")
    }

    // MARK: - Rose

    /// "Wind, rose": the title with the kind, or the kind alone.
    package static func name(of chart: RoseChart) -> String { titledKind(chart.title, "Rose") }

    /// "8 wedges, 44 in all, radius by value" (or "area by value"); with several series
    /// "16 wedges of 8 series stacked outward, 1,234 in all, area by value". A rose's marks are
    /// wedges in every form, as its spoken kind says ("Rose chart, 8 wedges").
    package static func summary(of chart: RoseChart, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let by = (chart.scale == .area ? "area" : "radius") + " by value"
        if !chart.series.isEmpty {
            let total = categoryTotal(chart.table, hidden: hidden)
            return "\(chart.categories.count) wedge\(chart.categories.count == 1 ? "" : "s") of " + seriesCount(chart.series.count, hidden: hidden)
                + " " + stackPhrase(chart.stack, kind: .angle) + ", " + formatting.format(total, chart.format) + " in all, " + by
        }
        let n = chart.sectors.count, k = n - hidden.count
        let count = k == n ? "\(n) wedge\(n == 1 ? "" : "s")" : "\(k) of \(n) wedges shown"
        let total = Arithmetic.total(chart.sectors.indices.lazy.filter { !hidden.contains($0) }.map { chart.sectors[$0].value })
        return count + ", " + formatting.format(total, chart.format) + " in all, " + by
    }

    /// "4, 9 %": a wedge's value and its share of what is shown (the one-series form).
    package static func roseValue(_ chart: RoseChart, sector i: Int, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let v = formatting.format(chart.sectors[i].value, chart.format)
        if hidden.contains(i) { return v + ", hidden" }
        return v + ", " + share(chart.sectors.indices.map { hidden.contains($0) ? 0 : chart.sectors[$0].value }, i, formatting: formatting)
    }

    /// "Wind, rose chart, 44 in all, radius by value: N 4, 9 %; NE …"; with several series a
    /// line per wedge: "N: 0–1 m/s 4.2, 1–2 m/s 6.1; 35 in all".
    package static func describe(_ chart: RoseChart, formatting: Formatting) -> [String] {
        let by = (chart.scale == .area ? "area" : "radius") + " by value"
        if !chart.series.isEmpty {
            return [heading(name(of: chart)) + ", " + summary(of: chart, formatting: formatting)]
                + categoryLines(chart.table, format: chart.format, formatting: formatting)
        }
        let total = Arithmetic.total(chart.sectors.map(\.value))
        let head = heading(name(of: chart)) + ", " + formatting.format(total, chart.format) + " in all, " + by
        if chart.sectors.isEmpty { return [heading(name(of: chart)) + ": no data"] }
        return [head + ": " + chart.sectors.indices.map { chart.sectors[$0].name + " " + roseValue(chart, sector: $0, formatting: formatting) }
            .joined(separator: "; ")]
    }

    // MARK: - Several series over categories (roses and radial bars)

    /// "8 series", "6 of 8 series shown".
    static func seriesCount(_ n: Int, hidden: Set<Int>) -> String {
        let k = n - hidden.count
        return k == n ? "\(n) series" : "\(k) of \(n) series shown"
    }

    /// How several series share a category, in words.
    static func stackPhrase(_ stack: PolarStack, kind: PolarBarsItem.Preset.CategoryAxis) -> String {
        switch stack {
        case .radius: "stacked outward"
        case .angle: "stacked along the track"
        case .none: "overlaid"
        case .group: kind == .angle ? "side by side" : "on tracks side by side"
        }
    }

    /// The sum of every shown series' values.
    static func categoryTotal(_ table: CategoryTable, hidden: Set<Int>) -> Double {
        Arithmetic.total(table.values.indices.lazy.filter { !hidden.contains($0) }.flatMap { table.values[$0].lazy.map(Stacking.clean) })
    }

    /// A line per category: "N: 0–1 m/s 4.2, 1–2 m/s 6.1; 35 in all" (a missing value: "no value").
    static func categoryLines(_ table: CategoryTable, format: NumberFormat?, formatting: Formatting) -> [String] {
        table.categories.indices.map { c in
            let parts = table.values.indices.map { s in
                table.seriesNames[s] + " " + (table.values[s][c].isFinite ? formatting.format(table.values[s][c], format) : "no value")
            }
            let total = Arithmetic.total(table.values.lazy.map { Stacking.clean($0[c]) })
            return table.categories[c] + ": " + parts.joined(separator: ", ") + "; " + formatting.format(total, format) + " in all"
        }
    }

    // MARK: - Radial bars

    /// "Storage, radial bar": the title with the kind, or the kind alone.
    package static func name(of chart: RadialBarChart) -> String { titledKind(chart.title, "Radial bar") }

    /// "50, of 100".
    package static func barValue(_ chart: RadialBarChart, bar i: Int, formatting: Formatting) -> String {
        formatting.format(chart.bars[i].value, chart.format) + ", of " + formatting.format(chart.scaleMaximum, chart.format)
    }

    /// "3 bars, each of 100"; with several series "5 tracks of 3 series on tracks side by side, each of 100".
    package static func summary(of chart: RadialBarChart, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let scale = ", each of " + formatting.format(chart.scaleMaximum, chart.format)
        if !chart.series.isEmpty {
            return "\(chart.categories.count) track\(chart.categories.count == 1 ? "" : "s") of " + seriesCount(chart.series.count, hidden: hidden)
                + " " + stackPhrase(chart.stack, kind: .radius) + scale
        }
        let n = chart.bars.count, k = n - hidden.count
        return (k == n ? "\(n) bar\(n == 1 ? "" : "s")" : "\(k) of \(n) bars shown") + scale
    }

    /// "Habits, radial bar chart, each of 100: Reading 50; Sleep 25"; with several series a line per track.
    package static func describe(_ chart: RadialBarChart, formatting: Formatting) -> [String] {
        if !chart.series.isEmpty {
            return [heading(name(of: chart)) + ", " + summary(of: chart, formatting: formatting)]
                + categoryLines(chart.table, format: chart.format, formatting: formatting)
        }
        let head = heading(name(of: chart)) + ", each of " + formatting.format(chart.scaleMaximum, chart.format)
        if chart.bars.isEmpty { return [heading(name(of: chart)) + ": no bars"] }
        return [head + ": " + chart.bars.map { $0.name + " " + formatting.format($0.value, chart.format) }.joined(separator: "; ")]
    }

    // MARK: - Sunburst

    /// "Sales, sunburst": the title with the kind, or the kind alone.
    package static func name(of chart: SunburstChart) -> String { titledKind(chart.title, "Sunburst") }

    /// A node's value within its parent and the whole: "30, 25 % of Europe, 10 % of all"; a
    /// top-level node "120, 40 % of all".
    package static func nodeValue(total: Double, parentTotal: Double?, parentName: String?, whole: Double, format: NumberFormat?,
                                 formatting: Formatting) -> String {
        var text = formatting.format(total, format)
        if let parentTotal, let parentName, parentTotal > 0 { text += ", " + fractionText(total / parentTotal, formatting) + " of " + parentName }
        if whole > 0 { text += ", " + fractionText(total / whole, formatting) + " of all" }
        return text
    }

    /// A share as a whole percentage, "<1 %" for a share that is not zero but rounds to 0.
    static func fractionText(_ f: Double, _ formatting: Formatting) -> String {
        if f > 0 && f < 0.005 { return "<" + formatting.percent(0.01) }
        if f < 1 && f > 0.995 { return ">" + formatting.percent(0.99) }
        return formatting.percent(f)
    }

    /// "Europe › France" (the path from the top to the current root).
    package static func breadcrumb(_ names: [String]) -> String { names.joined(separator: " › ") }

    /// "4 regions, 300 in all" style: "4 nodes, 300 in all" at the top; drilled: "Europe, 120 of 300, 2 nodes".
    /// `whole` is the total of what is shown (legend toggles hide branches); nil: every branch.
    package static func summary(of chart: SunburstChart, rootPath names: [String], rootTotal: Double, whole: Double? = nil, children: Int,
                                formatting: Formatting) -> String {
        let nodes = "\(children) node\(children == 1 ? "" : "s")"
        let all = formatting.format(whole ?? chart.total, chart.format)
        if names.isEmpty { return nodes + ", " + all + " in all" }
        return breadcrumb(names) + ", " + formatting.format(rootTotal, chart.format) + " of " + all + ", " + nodes
    }

    /// "Sales, sunburst chart, 300 in all: Europe 120, 40 %; Asia 180, 60 %", then a line per
    /// node with children: "Europe: France 30, 25 %; Germany 90, 75 %".
    package static func describe(_ chart: SunburstChart, formatting: Formatting) -> [String] {
        let whole = chart.total
        func parts(_ nodes: [SunburstNode], of total: Double) -> String {
            nodes.map { $0.name + " " + formatting.format($0.total, chart.format) + (total > 0 ? ", " + fractionText($0.total / total, formatting) : "") }
                .joined(separator: "; ")
        }
        var lines = [heading(name(of: chart)) + ", " + formatting.format(whole, chart.format) + " in all"
                     + (chart.children.isEmpty ? ": no data" : ": " + parts(chart.children, of: whole))]
        func walk(_ nodes: [SunburstNode], path: [String]) {
            for n in nodes where !n.children.isEmpty {
                lines.append(breadcrumb(path + [n.name]) + ": " + parts(n.children, of: n.total))
                walk(n.children, path: path + [n.name])
            }
        }
        walk(chart.children, path: [])
        return lines
    }

    // MARK: - Nested pies

    /// "Budget, donut chart, 3 rings: inner ring $1,200.00: …; ring 2 …".
    package static func describeLayers(_ chart: PieChart, formatting: Formatting) -> String {
        let head = heading(name(of: chart)) + ", \(chart.layers.count) ring\(chart.layers.count == 1 ? "" : "s")"
        let rings = chart.layers.enumerated().map { k, layer in
            let total = Arithmetic.total(layer.map(\.value))
            let values = layer.map(\.value)
            return layerName(k, of: chart.layers.count) + " " + formatting.format(total, chart.format) + ": "
                + layer.indices.map { layer[$0].name + " " + formatting.format(layer[$0].value, chart.format) + ", " + share(values, $0, formatting: formatting) }
                    .joined(separator: ", ")
        }
        return head + ": " + rings.joined(separator: "; ")
    }

    /// "inner ring", "ring 2", "outer ring".
    package static func layerName(_ k: Int, of n: Int) -> String {
        if n == 1 { return "ring" }
        return k == 0 ? "inner ring" : k == n - 1 ? "outer ring" : "ring \(k + 1)"
    }

    /// The kind after the title, as the other kinds do: "Today, activity rings".
    static func titledKind(_ title: String?, _ kind: String) -> String {
        guard let title, !title.isEmpty else { return kind }
        return title + ", " + kind.lowercased()
    }
}
