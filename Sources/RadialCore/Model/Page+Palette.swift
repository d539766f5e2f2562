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
    /// The page with `palette` for every color it does not name: radar series whose color came
    /// from a palette, and pie sectors without a color of their own (each pie starts the palette
    /// afresh, as Swift Charts does, skipping colors its other sectors name).
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
                let open = c.sectors.indices.filter { c.sectors[$0].color == nil || c.sectors[$0].colorFromPalette }
                let named = c.sectors.indices.filter { !open.contains($0) }.compactMap { c.sectors[$0].color }
                let colors = palette == .system ? [] : palette.colors(count: open.count, avoiding: named)
                for (k, i) in open.enumerated() {
                    c.sectors[i].color = palette == .system ? nil : colors[k]
                    c.sectors[i].colorFromPalette = palette != .system
                }
                c.layers = c.layers.map { $0.applyingPalette(palette) }
                return .pie(c)
            case .rings(var c):
                c.rings = c.rings.applyingPalette(palette)
                return .rings(c)
            case .rose(var c):
                c.sectors = c.sectors.applyingPalette(palette)
                return .rose(c)
            case .radialBar(var c):
                c.bars = c.bars.applyingPalette(palette)
                return .radialBar(c)
            case .sunburst(var c):
                // The top level takes the palette; deeper levels are shades of their branch's color.
                c.children = c.children.applyingPalette(palette)
                return .sunburst(c)
            default:
                return chart
            }
        }
        page.frames = frames.map { PageState(name: $0.name, page: $0.page.applyingPalette(palette)) }
        return page
    }
}

extension Page {
    /// The page with every radar's and pie's legend at `position` (`--legend`).
    public func applyingLegend(_ position: LegendPosition) -> Page {
        var page = self
        page.charts = charts.map { chart in
            switch chart {
            case .radar(var c): c.legend = position; return .radar(c)
            case .pie(var c): c.legendPosition = position; return .pie(c)
            default: return chart
            }
        }
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
            case .scan: return chart
            }
        }
        page.frames = frames.map { PageState(name: $0.name, page: $0.page.applyingCompactNumbers()) }
        return page
    }
}
