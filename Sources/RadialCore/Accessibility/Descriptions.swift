import Foundation

/// What a screen reader would say about each chart: the seed's VoiceOver text, as plain lines.
package enum Descriptions {
    /// What a screen reader hears when a page's state changes: "2002, state 2 of 17".
    package static func stateChange(_ name: String, index: Int, count: Int) -> String {
        "\(name), state \(index + 1) of \(count)"
    }

    /// The whole page as a screen reader would hear it: the heading, then each chart's lines, numbers written by `formatting`.
    package static func describe(_ page: Page, formatting: Formatting) -> String {
        var lines: [String] = []
        if let h = heading(of: page) { lines.append(h) }
        for chart in page.charts { lines += chart.kind.describe(chart, formatting) }
        return lines.joined(separator: "\n")
    }

    /// The page's title and subtitle as one line, its heading: "Which e-bike? Two models…",
    /// "Dashboard. One page…" (no doubled punctuation); nil without a title.
    package static func heading(of page: Page) -> String? {
        guard let t = page.title else { return nil }
        let joiner = t.last.map { ".?!:".contains($0) } == true ? " " : ". "
        return t + (page.subtitle.map { joiner + $0 } ?? "")
    }

    /// "Radar chart: City and Trail on 6 axes, each of 100", then one line per axis:
    /// "Speed: City 55, Trail 80, of 100".
    package static func describe(_ chart: RadarChart, formatting: Formatting, hidden: Set<Int> = []) -> [String] {
        var lines = [heading(name(of: chart)) + ": " + summary(of: chart, formatting: formatting, hidden: hidden)]
        if chart.axes.count < 3 { lines.append("Needs at least 3 axes to draw a shape; it has \(chart.axes.count).") }
        for (i, axis) in chart.axes.enumerated() {
            lines.append("\(axis): " + axisValue(chart, axis: i, formatting: formatting, hidden: hidden))
        }
        return lines
    }

    // MARK: - Names: the role is said by the screen reader ("chart"), so names do not repeat it

    /// A chart's accessible name: its kind, after its title when it has one ("Radar",
    /// "Fit, radar"). Orca adds the role: "Radar chart", "Fit, radar chart".
    package static func name(of chart: RadarChart) -> String { titled(chart.title, kind: "Radar") }

    /// `name` with the role, for `describe`, which no screen reader reads a role into:
    /// "Radar chart", "Expenses, donut chart".
    package static func heading(_ name: String) -> String { name + " chart" }

    private static func titled(_ title: String?, kind: String) -> String {
        guard let title, !title.isEmpty else { return kind }
        return title + ", " + kind.lowercased()
    }

    /// What a chart is in one phrase, read once when it gets focus (its accessible
    /// description): "City and Trail on 6 axes, each of 100". The values are its elements'.
    package static func summary(of chart: RadarChart, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let shown = chart.series.indices.filter { !hidden.contains($0) }.map { chart.series[$0].name }
        let off = chart.series.indices.filter { hidden.contains($0) }.map { chart.series[$0].name }
        let n = chart.axes.count
        var text = (shown.isEmpty ? "No series shown" : list(shown)) + " on \(n) ax\(n == 1 ? "is" : "es")"
        if n > 0 {
            let scales = chart.axes.indices.map { chart.scale(axis: $0) }
            text += scales.allSatisfy({ $0 == scales[0] }) ? (n == 1 ? ", " : ", each ") + scalePhrase(scales[0], formatting: formatting) : ", each on its own scale"
        }
        if !off.isEmpty { text += " (\(list(off)) hidden)" }
        return text
    }

    /// "A", "A and B", "A, B and C".
    package static func list(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// The range a value is read against: "of 100", "of $2,000.00, lower is better",
    /// "on 10 to 50".
    package static func scalePhrase(_ scale: RadarAxisScale, formatting: Formatting) -> String {
        let f = scale.effectiveFormat
        var text = scale.minimum == 0 ? "of " + formatting.format(scale.maximum, f)
            : "on " + formatting.format(scale.minimum, f) + " to " + formatting.format(scale.maximum, f)
        if scale.inverted { text += ", lower is better" }
        return text
    }

    /// One axis read across the shown series with its scale: "City 55, Trail 80, of 100" (the
    /// seed's VoiceOver value, and what the number is out of).
    package static func axisValue(_ chart: RadarChart, axis i: Int, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let values = chart.series.indices.filter { !hidden.contains($0) }.map { seriesValue(chart, series: $0, axis: i, formatting: formatting) }
        return values.isEmpty ? "no series shown" : values.joined(separator: ", ") + ", " + scalePhrase(chart.scale(axis: i), formatting: formatting)
    }

    /// "City 55", or "City no value" where the value is missing (null in a file, or past the end).
    package static func seriesValue(_ chart: RadarChart, series s: Int, axis i: Int, formatting: Formatting) -> String {
        let series = chart.series[s]
        return series.name + " " + axisNumber(chart, series: s, axis: i, formatting: formatting)
    }

    /// "55", "1.4 kg" (in the axis' format), "2,499 (above the axis' maximum 2,000)" where the
    /// value lies outside the axis' range, or "no value".
    package static func axisNumber(_ chart: RadarChart, series s: Int, axis i: Int, formatting: Formatting) -> String {
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
    package static func warnings(_ page: Page, formatting: Formatting) -> [String] {
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
            if let mixed = mixedScales(r, formatting: formatting) { lines.append("charts[\(c)]: " + mixed) }
        }
        return lines
    }

    /// For a radar whose axes share one scale while their data differ a hundredfold or more
    /// (a price beside a weight): which axes, and how to give each its own range.
    static func mixedScales(_ r: RadarChart, formatting: Formatting) -> String? {
        guard r.axes.count >= 3, let first = r.axes.indices.first.map({ r.scale(axis: $0) }),
              r.axes.indices.allSatisfy({ r.scale(axis: $0) == first }) else { return nil }
        let largest: [(axis: Int, value: Double)] = r.axes.indices.compactMap { a in
            let values = r.series.indices.map { abs(r.value(series: $0, axis: a)) }.filter { $0.isFinite && $0 > 0 }
            return values.max().map { (a, $0) }
        }
        guard let hi = largest.max(by: { $0.value < $1.value }), let lo = largest.min(by: { $0.value < $1.value }),
              hi.value >= 100 * lo.value else { return nil }
        let f = first.effectiveFormat
        return "the axes share one scale, but their largest values run from \(formatting.format(lo.value, f)) (\(r.axes[lo.axis])) to "
            + "\(formatting.format(hi.value, f)) (\(r.axes[hi.axis])), so \(r.axes[lo.axis]) stays near the center; give each axis its "
            + "own range (\"axes\": [{\"name\": …, \"min\": …, \"max\": …}], or --spec for a table)"
    }

    /// A series read along its axes with the scale: "Speed 55, Power 40, …, each of 100" when
    /// the axes share one scale, else each value with its own: "Price $1,099.00 of $2,000.00,
    /// lower is better; Weight 1.4 kg of 3 kg".
    package static func seriesValues(_ chart: RadarChart, series s: Int, formatting: Formatting) -> String {
        let scales = chart.axes.indices.map { chart.scale(axis: $0) }
        let values = chart.axes.indices.map { "\(chart.axes[$0]) \(axisNumber(chart, series: s, axis: $0, formatting: formatting))" }
        guard let first = scales.first else { return "" }
        if scales.allSatisfy({ $0 == first }) {
            return values.joined(separator: ", ") + (values.count == 1 ? ", " : ", each ") + scalePhrase(first, formatting: formatting)
        }
        return zip(values, scales).map { $0 + " " + scalePhrase($1, formatting: formatting) }.joined(separator: "; ")
    }

    /// What a legend entry's toggle says, the state with the name: "City, hidden", "City, shown".
    package static func toggled(_ name: String, shown: Bool) -> String { name + (shown ? ", shown" : ", hidden") }

    /// The window's title: the page's title and the program, no key hints ("Which e-bike? — Radial").
    package static func windowTitle(page: String) -> String { page + " — Radial" }

    /// "Earnings, donut chart, $1,120.00: Tax Return $50.00, 4 %; Interest $70.00, 6 %; …".
    /// Hidden sectors (legend toggles) are left out and the total and shares are of what is shown.
    package static func describe(_ chart: PieChart, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let total = shownTotal(chart, hidden: hidden)
        let head = heading(name(of: chart)) + ", " + formatting.format(total, chart.format)
        let shown = chart.sectors.indices.filter { !hidden.contains($0) }
        if shown.isEmpty || total <= 0 { return head + ": no data" }
        let parts = shown.map { i in
            "\(chart.sectors[i].name) " + sectorValue(chart, sector: i, formatting: formatting, hidden: hidden)
                + (chart.sectors[i].members.isEmpty ? "" : " (" + groupMembers(chart, sector: i, formatting: formatting).joined(separator: ", ") + ")")
        }
        return head + ": " + parts.joined(separator: "; ")
    }

    /// "3 sectors, $1,120.00 in all", "2 of 3 sectors shown, $1,070.00 in all".
    package static func summary(of chart: PieChart, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let n = chart.sectors.count, k = chart.sectors.indices.filter { !hidden.contains($0) }.count
        let count = k == n ? "\(n) sector\(n == 1 ? "" : "s")" : "\(k) of \(n) sectors shown"
        return count + ", " + formatting.format(shownTotal(chart, hidden: hidden), chart.format) + " in all"
    }

    /// "1 small slice unlabeled", "2 small slices unlabeled": the pie legend's note for sectors
    /// whose annotation card found no room.
    package static func unlabeledNote(count: Int) -> String {
        count == 1 ? "1 small slice unlabeled" : "\(count) small slices unlabeled"
    }

    /// "Pie", "Donut", "Earnings, pie", "Expenses, donut" (Orca adds "chart").
    package static func name(of chart: PieChart) -> String { titled(chart.title, kind: chart.innerRadius > 0 ? "Donut" : "Pie") }

    /// The sum of the shown sectors.
    package static func shownTotal(_ chart: PieChart, hidden: Set<Int> = []) -> Double {
        Arithmetic.total(chart.sectors.indices.lazy.filter { !hidden.contains($0) }.map { chart.sectors[$0].value })
    }

    /// "$1,000.00, 89 %": a sector's value and its share of what is shown ("hidden" when hidden).
    /// The shares of the shown sectors are whole percentages rounded by largest remainder, so
    /// read together they add up to 100; one that is not zero but rounds to 0 reads "<1 %",
    /// one that rounds to 100 but is not the whole ">99 %" (`share`).
    package static func sectorValue(_ chart: PieChart, sector i: Int, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let money = formatting.format(chart.sectors[i].value, chart.format)
        if hidden.contains(i) { return money + ", hidden" }
        return money + ", " + share(chart.sectors.indices.map { hidden.contains($0) ? 0 : chart.sectors[$0].value }, i, formatting: formatting)
    }

    /// Every sector's `sectorValue`, the shares worked out once (a pie of 4,096 sectors reads its
    /// elements in one pass, not one per sector).
    package static func sectorValues(_ chart: PieChart, formatting: Formatting, hidden: Set<Int> = []) -> [String] {
        let values = chart.sectors.indices.map { hidden.contains($0) ? 0 : chart.sectors[$0].value }
        let percents = roundedPercents(values)
        let positive = values.filter { $0.isFinite && $0 > 0 }.count
        return chart.sectors.indices.map { i in
            let money = formatting.format(chart.sectors[i].value, chart.format)
            if hidden.contains(i) { return money + ", hidden" }
            return money + ", " + shareText(percents[i], value: values[i], whole: positive <= 1, formatting: formatting)
        }
    }

    /// A rounded percentage as written: "<1 %" for a share that is not zero but rounds to 0,
    /// ">99 %" for one that rounds to 100 but is not the whole.
    static func shareText(_ percent: Int, value: Double, whole: Bool, formatting: Formatting) -> String {
        let v = value.isFinite ? value : 0
        if percent == 0 && v > 0 { return "<" + formatting.percent(0.01) }
        if percent == 100 && !whole { return ">" + formatting.percent(0.99) }
        return formatting.percent(Double(percent) / 100)
    }

    /// Value i's share of `values`' sum as a whole percentage (largest remainder), the one place
    /// shares are written: "<1 %" for a share that is not zero but rounds to 0, ">99 %" for one
    /// that rounds to 100 but is not the whole.
    package static func share(_ values: [Double], _ i: Int, formatting: Formatting) -> String {
        let whole = values.indices.allSatisfy { $0 == i || !(values[$0].isFinite && values[$0] > 0) }
        return shareText(roundedPercents(values)[i], value: values[i], whole: whole, formatting: formatting)
    }

    /// What a grouped sector holds: "Streaming €12", "Charity €37".
    package static func groupMembers(_ chart: PieChart, sector i: Int, formatting: Formatting) -> [String] {
        chart.sectors[i].members.map { "\($0.name) \(formatting.format($0.value, chart.format))" }
    }

    /// Whole percentages of `values`' sum that add up to exactly 100 (or all 0 for an empty or
    /// zero sum): each share rounded down, then the leftover points go to the largest
    /// remainders (ties to the earlier value). The Hamilton method.
    package static func roundedPercents(_ values: [Double]) -> [Int] {
        let positive = values.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        // In units of the largest, so a sum past the largest double still shares out.
        let largest = positive.max() ?? 0
        guard largest > 0 else { return Array(repeating: 0, count: values.count) }
        let scaled = positive.map { $0 / largest }, total = scaled.reduce(0, +)
        let exact = scaled.map { $0 / total * 100 }
        var result = exact.map { Int($0.rounded(.down)) }
        let left = 100 - result.reduce(0, +)
        let order = exact.indices.sorted { a, b in
            let ra = exact[a] - Double(result[a]), rb = exact[b] - Double(result[b])
            return ra != rb ? ra > rb : a < b
        }
        for k in order.prefix(max(left, 0)) { result[k] += 1 }
        return result
    }

    /// "Radar scan chart: One turn every 3 seconds, 4 contacts. Headphones at 1 o'clock, 62 % out; …".
    package static func describe(_ chart: ScanChart, formatting: Formatting) -> String {
        var text = heading(name(of: chart)) + ": " + summary(of: chart, formatting: formatting)
        if !chart.blips.isEmpty { text += ". " }
        text += chart.blips.indices.map { i in
            "\(contactName(chart, i)) " + contactPlace(chart.blips[i], formatting: formatting)
        }.joined(separator: "; ")
        return text
    }

    /// "One turn every 3 seconds, 4 contacts" (", counter-clockwise" after the turn when it is).
    package static func summary(of chart: ScanChart, formatting: Formatting) -> String {
        var text = chart.duration == 1 ? "One turn every second" : "One turn every \(formatting.number(chart.duration)) seconds"
        if !chart.clockwise { text += ", counter-clockwise" }
        let n = chart.blips.count
        return text + (n == 0 ? ", no contacts" : ", \(n) contact\(n == 1 ? "" : "s")")
    }

    /// A contact's label, or "Contact 3".
    package static func contactName(_ chart: ScanChart, _ i: Int) -> String { chart.blips[i].label ?? "Contact \(i + 1)" }

    /// Where a contact is, as a clock face and how far out: "at 1 o'clock, 62 % out".
    package static func contactPlace(_ blip: Blip, formatting: Formatting) -> String {
        var hour = Int((blip.turnAngle / 30).rounded()) % 12   // turnAngle: ±1e308 is a place, not a trap
        if hour <= 0 { hour += 12 }
        return "at \(hour) o'clock, \(formatting.percent(blip.distance)) out"
    }

    /// A contact's accessible description: where it is and when the beam last passed it
    /// ("at 1 o'clock, 62 % out, beam passed 1.2 s ago"); `sincePass` nil before the beam
    /// first reaches it, or when the beam stands still.
    package static func contactValue(_ blip: Blip, sincePass: Double?, beamMoves: Bool, formatting: Formatting) -> String {
        let place = contactPlace(blip, formatting: formatting)
        guard beamMoves else { return place + ", beam held still" }
        guard let ago = sincePass else { return place + ", beam not there yet" }
        return place + ", beam passed \(formatting.number((ago * 10).rounded() / 10, decimals: 1)) s ago"
    }

    /// "Radar scan", "Perimeter, radar scan" (Orca adds "chart").
    package static func name(of chart: ScanChart) -> String { titled(chart.title, kind: "Radar scan") }
}
