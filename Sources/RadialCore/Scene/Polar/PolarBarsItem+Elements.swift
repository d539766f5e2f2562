import Foundation

/// The bars engine's elements: one per datum (a wedge, a bar, a segment), keyed by series and
/// category; what each says; what the pointer hits; the tooltip.
extension PolarBarsItem {
    /// A datum's accessible name: its category (one series), or "N, 0–1 m/s".
    func markName(series s: Int, category c: Int) -> String {
        multi ? table.categories[c] + ", " + table.seriesNames[s] : table.categories[c]
    }

    /// What a datum says after its name: its value, and on a stack its share of the stack's total
    /// ("4.2, 12 % of N's 35"); grouped or overlaid, its share of its series.
    func markValue(series s: Int, category c: Int) -> String {
        guard multi else { return preset.describeDatum(c, hidden) }
        let v = valueText(series: s, category: c)
        if hidden.contains(s) { return v + ", hidden" }
        let shown = (0..<seriesCount).filter { !hidden.contains($0) }
        switch preset.stack {
        case .radius, .angle:
            let total = Arithmetic.total(shown.lazy.map { self.table.values[$0][c] })
            let share = total > 0 ? Stacking.clean(table.values[s][c]) / total : 0
            return v + ", " + Descriptions.fractionText(share, formatting) + " of " + table.categories[c] + "'s " + formatting.format(total, preset.format)
        case .none, .group:
            let total = Arithmetic.total(table.values[s])
            let share = total > 0 ? Stacking.clean(table.values[s][c]) / total : 0
            return v + ", " + Descriptions.fractionText(share, formatting) + " of " + table.seriesNames[s]
        }
    }

    func barElements(chart index: Int, moment: Moment) -> [ChartElement] {
        var out: [ChartElement] = []
        // Boxes where the marks rest, with what is hidden now left out of the stacks.
        updateSpans(.atRest)
        for c in 0..<categoryCount {
            for s in 0..<seriesCount where !hidden.contains(toggle(series: s, category: c)) {
                if multi && Stacking.clean(table.values[s][c]) == 0 && !table.values[s][c].isFinite { continue }
                let a = arc(series: s, category: c, growth: 1)
                let frame: Rect
                switch preset.categoryAxis {
                case .angle: frame = PolarCoordinates.arcBounds(center: center, inner: a.r0, outer: max(a.r1, a.r0 + 4), from: a.a0, to: a.a1)
                case .radius: frame = PolarCoordinates.arcBounds(center: center, inner: a.r0, outer: a.r1, from: a.a0, to: max(a.a1, a.a0 + 1), caps: true)
                }
                out.append(ChartElement(key: key(series: s, category: c), chart: index, name: markName(series: s, category: c),
                                        value: markValue(series: s, category: c), frame: frame))
            }
        }
        // The names at the tracks are the legend's entries when the legend does not show.
        if !multi && !showsLegend {
            for n in trackNames {
                out.append(ChartElement(key: .legend(n.category), chart: index, name: table.categories[n.category], value: legendValue(n.category),
                                        frame: n.box.insetBy(-3), actions: [.toggle], checked: !hidden.contains(n.category)))
            }
        }
        return out
    }

    func hitBars(_ p: Vec2, moment: Moment) -> ElementKey? {
        if !multi && !showsLegend, let n = trackNames.first(where: { $0.box.insetBy(-3).contains(p) }) { return .legend(n.category) }
        let v = p - center, r = v.length, angle = PolarCoordinates.angle(of: v)
        updateSpans(moment)
        let g = growth(moment)
        switch preset.categoryAxis {
        case .angle:
            guard r <= radius + Self.liftPoints else { return nil }
            for c in 0..<categoryCount {
                let (a0, a1) = angleBand(c)
                guard PolarCoordinates.angle(angle, isBetween: a0, and: a1) else { continue }
                if !multi {
                    if hidden.contains(c) { return nil }
                    // The wedge, or the empty part of its angle under the rim (a small value is still easy to point at).
                    let ro = arc(series: 0, category: c, growth: g).r1
                    return r <= max(ro, radius * 0.25) + Self.liftPoints ? key(series: 0, category: c) : nil
                }
                for s in 0..<seriesCount where !hidden.contains(s) {
                    let a = arc(series: s, category: c, growth: g)
                    if PolarCoordinates.angle(angle, isBetween: a.a0, and: a.a1) && r >= a.r0 && r <= a.r1 { return key(series: s, category: c) }
                }
                return nil
            }
        case .radius:
            for c in 0..<categoryCount {
                let (ri, ro) = track(c)
                let pad = radius * trackGap / 2
                guard r >= ri - pad && r <= ro + pad, PolarCoordinates.angle(angle, isBetween: preset.start, and: preset.start + preset.sweep) else { continue }
                if !multi { return hidden.contains(c) ? nil : key(series: 0, category: c) }
                for s in 0..<seriesCount where !hidden.contains(s) {
                    let a = arc(series: s, category: c, growth: g)
                    if r >= a.r0 - pad && r <= a.r1 + pad && PolarCoordinates.angle(angle, isBetween: a.a0, and: a.a1) { return key(series: s, category: c) }
                }
                return nil
            }
        }
        return nil
    }

    func barTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? {
        let card = Palette.of(theme).cardBackground
        switch key {
        case .mark(let s, let c) where s < seriesCount && c < categoryCount:
            return Tooltip(title: table.categories[c], rows: [Tooltip.Row(dot: color(series: s, category: c, theme, card: card),
                                                                         text: table.seriesNames[s] + " " + markValue(series: s, category: c))])
        case .legend(let c) where !multi && !showsLegend && c < categoryCount:
            return Tooltip(title: table.categories[c], rows: [Tooltip.Row(dot: color(series: 0, category: c, theme, card: card), text: legendValue(c)),
                                                             Tooltip.Row(text: hidden.contains(c) ? "Click to show" : "Click to hide")])
        default:
            guard !multi, let c = (0..<categoryCount).first(where: { self.key(series: 0, category: $0) == key }) else { return nil }
            return Tooltip(title: table.categories[c], rows: [Tooltip.Row(dot: color(series: 0, category: c, theme, card: card), text: preset.describeDatum(c, hidden))])
        }
    }
}
