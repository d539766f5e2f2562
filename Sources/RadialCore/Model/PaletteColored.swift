/// A colored datum whose color may come from the chart's categorical palette.
package protocol PaletteColored {
    /// The datum's name, in the legend and the description.
    var name: String { get }
    /// Its color; nil: the next color of the chart's categorical palette.
    var color: ChartColor? { get set }
    /// Whether `color` was filled in from a palette (the file named none), so another palette may choose again.
    var colorFromPalette: Bool { get set }
}

extension PieSector: PaletteColored {}

extension Array where Element: PaletteColored {
    /// Every color, those the data leaves open taken from the system palette in order, skipping
    /// colors siblings name, then generated ones (as a pie's sectors get theirs).
    package func resolvedColors(_ palette: CategoricalPalette = .system) -> [ChartColor] {
        let open = indices.filter { self[$0].color == nil }
        let chosen = palette.colors(count: open.count, avoiding: compactMap(\.color))
        var next = 0
        return map { e in
            if let c = e.color { return c }
            next += 1
            return chosen[next - 1]
        }
    }

    /// The elements with `palette`'s colors for every one whose color came from a palette or was
    /// left open (`.system` leaves the choice to the chart when it is drawn).
    func applyingPalette(_ palette: CategoricalPalette) -> [Element] {
        var out = self
        let open = indices.filter { self[$0].color == nil || self[$0].colorFromPalette }
        let named = indices.filter { !open.contains($0) }.compactMap { self[$0].color }
        let colors = palette == .system ? [] : palette.colors(count: open.count, avoiding: named)
        for (k, i) in open.enumerated() {
            out[i].color = palette == .system ? nil : colors[k]
            out[i].colorFromPalette = palette != .system
        }
        return out
    }
}
