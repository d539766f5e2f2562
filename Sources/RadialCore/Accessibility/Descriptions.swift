import Foundation

/// What a screen reader would say about each chart: the seed's VoiceOver text, as plain lines.
public enum Descriptions {
    public static func describe(_ page: Page, formatting: Formatting) -> String {
        var lines: [String] = []
        if let t = page.title {
            // "Which e-bike? Two models…", "Dashboard. One page…": no doubled punctuation.
            let joiner = t.last.map { ".?!:".contains($0) } == true ? " " : ". "
            lines.append(t + (page.subtitle.map { joiner + $0 } ?? ""))
        }
        for chart in page.charts {
            switch chart {
            case .radar(let c): lines += describe(c, formatting: formatting)
            case .pie(let c): lines.append(describe(c, formatting: formatting))
            case .scan(let c): lines.append(describe(c, formatting: formatting))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// "Radar chart", then one line per axis: "Speed: City 55, Trail 80".
    public static func describe(_ chart: RadarChart, formatting: Formatting, hidden: Set<Int> = []) -> [String] {
        var lines = [name(of: chart)]
        if chart.axes.count < 3 { lines.append("Needs at least 3 axes to draw a shape; it has \(chart.axes.count).") }
        for (i, axis) in chart.axes.enumerated() {
            lines.append("\(axis): " + axisValue(chart, axis: i, formatting: formatting, hidden: hidden))
        }
        return lines
    }

    /// "Radar chart, Which e-bike?": the chart's name as a screen reader says it.
    public static func name(of chart: RadarChart) -> String { chart.title.map { "Radar chart, \($0)" } ?? "Radar chart" }

    /// One axis read across the shown series: "City 55, Trail 80" (the seed's VoiceOver value).
    public static func axisValue(_ chart: RadarChart, axis i: Int, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let values = chart.series.indices.filter { !hidden.contains($0) }.map { seriesValue(chart, series: $0, axis: i, formatting: formatting) }
        return values.isEmpty ? "no series shown" : values.joined(separator: ", ")
    }

    /// "City 55", or "City no value" where the value is missing (null in a file, or past the end).
    public static func seriesValue(_ chart: RadarChart, series s: Int, axis i: Int, formatting: Formatting) -> String {
        let series = chart.series[s]
        return series.name + " " + axisNumber(chart, series: s, axis: i, formatting: formatting)
    }

    /// "55", "1.4 kg" (in the axis' format), "2,499 (above the axis' maximum 2,000)" where the
    /// value lies outside the axis' range, or "no value".
    public static func axisNumber(_ chart: RadarChart, series s: Int, axis i: Int, formatting: Formatting) -> String {
        let v = chart.value(series: s, axis: i)
        guard v.isFinite else { return "no value" }
        let scale = chart.scale(axis: i)
        let text = formatting.format(v, scale.effectiveFormat)
        switch scale.outOfRange(v) {
        case .above?: return text + " (above the axis' maximum \(formatting.format(scale.maximum, scale.effectiveFormat)))"
        case .below?: return text + " (below the axis' minimum \(formatting.format(scale.minimum, scale.effectiveFormat)))"
        case nil: return text
        }
    }

    /// One line per value outside its axis' range, for `render`'s and `show`'s warnings:
    /// `charts[0].series[1].values[3]: Laptop B's Price 2,499 is above the axis' maximum 2,000; drawn at the rim`.
    public static func warnings(_ page: Page, formatting: Formatting) -> [String] {
        var lines: [String] = []
        for (c, chart) in page.charts.enumerated() {
            guard case .radar(let r) = chart else { continue }
            for s in r.series.indices {
                for a in r.axes.indices {
                    guard let side = r.outOfRange(series: s, axis: a) else { continue }
                    let scale = r.scale(axis: a), f = scale.effectiveFormat
                    let v = formatting.format(r.value(series: s, axis: a), f)
                    let end = side == .above ? "maximum " + formatting.format(scale.maximum, f) : "minimum " + formatting.format(scale.minimum, f)
                    let drawn = (side == .above) != scale.inverted ? "the rim" : "the center"
                    lines.append("charts[\(c)].series[\(s)].values[\(a)]: \(r.series[s].name)'s \(r.axes[a]) \(v) is \(side == .above ? "above" : "below") the axis' \(end); drawn at \(drawn) with an open marker")
                }
            }
        }
        return lines
    }

    /// A series read along its axes: "Speed 55, Power 40, …".
    public static func seriesValues(_ chart: RadarChart, series s: Int, formatting: Formatting) -> String {
        chart.axes.indices.map { "\(chart.axes[$0]) \(axisNumber(chart, series: s, axis: $0, formatting: formatting))" }.joined(separator: ", ")
    }

    /// "Earnings, $1,120.00: Tax Return $50.00, 4 %; Interest $70.00, 6 %; …". Hidden sectors
    /// (legend toggles) are left out and the total and shares are of what is shown.
    public static func describe(_ chart: PieChart, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let total = shownTotal(chart, hidden: hidden)
        let head = name(of: chart) + ", " + formatting.format(total, chart.format)
        let shown = chart.sectors.indices.filter { !hidden.contains($0) }
        if shown.isEmpty || total <= 0 { return head + ": no data" }
        let parts = shown.map { i in
            "\(chart.sectors[i].name) " + sectorValue(chart, sector: i, formatting: formatting, hidden: hidden)
                + (chart.sectors[i].members.isEmpty ? "" : " (" + groupMembers(chart, sector: i, formatting: formatting).joined(separator: ", ") + ")")
        }
        return head + ": " + parts.joined(separator: "; ")
    }

    /// "1 small slice unlabeled", "2 small slices unlabeled": the pie legend's note for sectors
    /// whose annotation card found no room.
    public static func unlabeledNote(count: Int) -> String {
        count == 1 ? "1 small slice unlabeled" : "\(count) small slices unlabeled"
    }

    /// The pie's title, or "Donut chart" / "Pie chart".
    public static func name(of chart: PieChart) -> String { chart.title ?? (chart.innerRadius > 0 ? "Donut chart" : "Pie chart") }

    /// The sum of the shown sectors.
    public static func shownTotal(_ chart: PieChart, hidden: Set<Int> = []) -> Double {
        chart.sectors.indices.reduce(0) { hidden.contains($1) ? $0 : $0 + chart.sectors[$1].value }
    }

    /// "$1,000.00, 89 %": a sector's value and its share of what is shown ("hidden" when hidden).
    /// The shares of the shown sectors are whole percentages rounded by largest remainder, so
    /// read together they add up to 100.
    public static func sectorValue(_ chart: PieChart, sector i: Int, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let money = formatting.format(chart.sectors[i].value, chart.format)
        if hidden.contains(i) { return money + ", hidden" }
        let percents = roundedPercents(chart.sectors.indices.map { hidden.contains($0) ? 0 : chart.sectors[$0].value })
        return money + ", " + formatting.percent(Double(percents[i]) / 100)
    }

    /// What a grouped sector holds: "Streaming €12", "Charity €37".
    public static func groupMembers(_ chart: PieChart, sector i: Int, formatting: Formatting) -> [String] {
        chart.sectors[i].members.map { "\($0.name) \(formatting.format($0.value, chart.format))" }
    }

    /// Whole percentages of `values`' sum that add up to exactly 100 (or all 0 for an empty or
    /// zero sum): each share rounded down, then the leftover points go to the largest
    /// remainders (ties to the earlier value). The Hamilton method.
    public static func roundedPercents(_ values: [Double]) -> [Int] {
        let positive = values.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        let total = positive.reduce(0, +)
        guard total > 0 else { return Array(repeating: 0, count: values.count) }
        let exact = positive.map { $0 / total * 100 }
        var result = exact.map { Int($0.rounded(.down)) }
        let left = 100 - result.reduce(0, +)
        let order = exact.indices.sorted { a, b in
            let ra = exact[a] - Double(result[a]), rb = exact[b] - Double(result[b])
            return ra != rb ? ra > rb : a < b
        }
        for k in order.prefix(max(left, 0)) { result[k] += 1 }
        return result
    }

    /// "Scanning, one turn every 3 seconds, 4 contacts: Headphones at 40°, 62 % out; …".
    public static func describe(_ chart: ScanChart, formatting: Formatting) -> String {
        let turn = chart.duration == 1 ? "one turn every second" : "one turn every \(formatting.number(chart.duration)) seconds"
        var text = (chart.title.map { "\($0): scanning" } ?? "Scanning") + ", " + turn
        if !chart.clockwise { text += ", counter-clockwise" }
        let n = chart.blips.count
        text += n == 0 ? ", no contacts" : ", \(n) contact\(n == 1 ? "" : "s"): "
        text += chart.blips.indices.map { i in
            "\(contactName(chart, i)) " + contactPlace(chart.blips[i], formatting: formatting)
        }.joined(separator: "; ")
        return text
    }

    /// A contact's label, or "Contact 3".
    public static func contactName(_ chart: ScanChart, _ i: Int) -> String { chart.blips[i].label ?? "Contact \(i + 1)" }

    /// "at 40°, 62 % out".
    public static func contactPlace(_ blip: Blip, formatting: Formatting) -> String {
        "at \(formatting.number(blip.angle.rounded()))°, \(formatting.percent(blip.distance)) out"
    }

    /// "Scanning" or "Radar scan, Perimeter": the scan's name for its chart element.
    public static func name(of chart: ScanChart) -> String { chart.title.map { "Radar scan, \($0)" } ?? "Radar scan" }
}
