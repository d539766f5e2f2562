extension RadarChart {
    /// Gives every series whose color came from a palette the colors of `palette` in order,
    /// skipping any a sibling names itself (in light or dark), so two series never share a
    /// color by accident.
    mutating func choosePaletteColors(_ palette: CategoricalPalette) {
        let chosen = series.indices.filter { series[$0].colorFromPalette }
        guard !chosen.isEmpty else { return }
        let taken = series.filter { !$0.colorFromPalette }.flatMap { [$0.color.resolved(.light), $0.color.resolved(.dark)] }
        var free = palette.colors.filter { c in !taken.contains(c.resolved(.light)) && !taken.contains(c.resolved(.dark)) }
        if free.isEmpty { free = palette.colors }
        for (k, i) in chosen.enumerated() { series[i].color = free[k % free.count] }
    }
}

extension Page {
    /// The page with `palette` for every color it does not name: radar series whose color came
    /// from a palette, and pie sectors without a color of their own (each pie starts the palette
    /// afresh, as Swift Charts does).
    public func applyingPalette(_ palette: CategoricalPalette) -> Page {
        var page = self
        page.palette = palette
        page.charts = charts.map { chart in
            switch chart {
            case .radar(var c):
                c.choosePaletteColors(palette)
                return .radar(c)
            case .pie(var c):
                // `.system` leaves the choice to the pie when it is drawn, as it always was.
                let colors = palette.colors
                var next = 0
                for i in c.sectors.indices where c.sectors[i].color == nil || c.sectors[i].colorFromPalette {
                    c.sectors[i].color = palette == .system ? nil : colors[next % colors.count]
                    c.sectors[i].colorFromPalette = palette != .system
                    next += 1
                }
                return .pie(c)
            default:
                return chart
            }
        }
        return page
    }
}
