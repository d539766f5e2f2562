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
    public static func describe(_ chart: RadarChart, formatting: Formatting) -> [String] {
        var lines = [chart.title.map { "Radar chart, \($0)" } ?? "Radar chart"]
        if chart.axes.count < 3 { lines.append("Needs at least 3 axes to draw a shape; it has \(chart.axes.count).") }
        for (i, axis) in chart.axes.enumerated() {
            let values = chart.series.map { s -> String in
                // A missing value (null in a file, or past the end) is said as such, not as NaN.
                let v = i < s.values.count ? s.values[i] : .nan
                return v.isFinite ? "\(s.name) \(formatting.number(v))" : "\(s.name) no value"
            }
            lines.append("\(axis): " + values.joined(separator: ", "))
        }
        return lines
    }

    /// "Earnings, $1,120.00: Tax Return $50.00, 4 %; Interest $70.00, 6 %; …".
    public static func describe(_ chart: PieChart, formatting: Formatting) -> String {
        let total = chart.total
        let head = (chart.title ?? (chart.innerRadius > 0 ? "Donut chart" : "Pie chart")) + ", " + formatting.currency(total, code: chart.currency)
        if chart.sectors.isEmpty || total <= 0 { return head + ": no data" }
        let parts = chart.sectors.map { s in
            "\(s.name) \(formatting.currency(s.value, code: chart.currency)), \(formatting.percent(s.value / total))"
        }
        return head + ": " + parts.joined(separator: "; ")
    }

    /// "Scanning, one turn every 3 seconds, 4 contacts: Headphones at 40°, 62 % out; …".
    public static func describe(_ chart: ScanChart, formatting: Formatting) -> String {
        let turn = chart.duration == 1 ? "one turn every second" : "one turn every \(formatting.number(chart.duration)) seconds"
        var text = (chart.title.map { "\($0): scanning" } ?? "Scanning") + ", " + turn
        if !chart.clockwise { text += ", counter-clockwise" }
        let n = chart.blips.count
        text += n == 0 ? ", no contacts" : ", \(n) contact\(n == 1 ? "" : "s"): "
        text += chart.blips.enumerated().map { i, b in
            "\(b.label ?? "Contact \(i + 1)") at \(formatting.number(b.angle.rounded()))°, \(formatting.percent(b.distance)) out"
        }.joined(separator: "; ")
        return text
    }
}
