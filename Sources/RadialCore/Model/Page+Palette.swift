extension RadarChart {
    /// Gives every series whose color came from a palette the colors of `palette` in order,
    /// skipping any a sibling names itself (in light or dark), then generated ones, so two
    /// series never share a color by accident.
    mutating func choosePaletteColors(_ palette: CategoricalPalette) {
        let chosen = series.indices.filter { series[$0].colorFromPalette }
        guard !chosen.isEmpty else { return }
        let colors = palette.colors(count: chosen.count, avoiding: series.filter { !$0.colorFromPalette }.map(\.color))
        for (k, i) in chosen.enumerated() { series[i].color = colors[k] }
    }
}

extension Page {
    /// The page with `palette` for every color it does not name: series, sectors, rings, bars and
    /// top-level nodes whose color came from a palette or was left open (each chart starts the
    /// palette afresh, as Swift Charts does, skipping colors its other data name). `.system`
    /// leaves open colors to the chart, which takes the system palette when it is drawn.
    package func applyingPalette(_ palette: CategoricalPalette) -> Page {
        var page = self
        page.palette = palette
        page.charts = charts.map { $0.kind.applyingPalette($0, palette) }
        page.frames = frames.map { PageState(name: $0.name, page: $0.page.applyingPalette(palette)) }
        return page
    }

    /// The page with the user's `--palette` and `--legend` (nil: as the page says): what every
    /// page a command shows passes through, loaded, reloaded, streamed or updated from Swift.
    package func styled(palette: CategoricalPalette?, legend: LegendPosition?) -> Page {
        let colored = palette.map(applyingPalette) ?? self
        return legend.map(colored.applyingLegend) ?? colored
    }

    /// The page with every chart's legend at `position` (`--legend`), where the kind places one.
    package func applyingLegend(_ position: LegendPosition) -> Page {
        var page = self
        page.charts = charts.map { $0.kind.applyingLegend($0, position) }
        page.frames = frames.map { PageState(name: $0.name, page: $0.page.applyingLegend(position)) }
        return page
    }
}

extension Page {
    /// The page with every number in compact notation ("€56.4M", `--format compact`): each
    /// chart's format (plain numbers where it has none) made compact; a radar's axes that have
    /// a scale of their own. Its states too.
    public func applyingCompactNumbers() -> Page {
        var page = self
        page.charts = charts.map { chart in
            switch chart {
            case .radar(var c): c.scales = c.scales.map { var s = $0; s.format = s.effectiveFormat.compacted; return s }; return .radar(c)
            case .pie(var c): c.format = (c.format ?? .plain).compacted; return .pie(c)
            case .gauge(var c): c.format = (c.format ?? .plain).compacted; return .gauge(c)
            case .rings(var c): c.rings = c.rings.map { var r = $0; r.format = (r.format ?? .plain).compacted; return r }; return .rings(c)
            case .rose(var c): c.format = (c.format ?? .plain).compacted; return .rose(c)
            case .radialBar(var c): c.format = (c.format ?? .plain).compacted; return .radialBar(c)
            case .sunburst(var c): c.format = (c.format ?? .plain).compacted; return .sunburst(c)
            default: return chart
            }
        }
        page.frames = frames.map { PageState(name: $0.name, page: $0.page.applyingCompactNumbers()) }
        return page
    }
}
