import Foundation

/// Data in the polar engine's own terms, shared by the kinds: series of values over categories
/// (a rose's or radial bars' several series, a radar's shapes), what a chart writes on its marks
/// and how it colors them.

/// One series of values over a chart's categories (a wind rose's strength, a year's bars).
public struct CategorySeries: Sendable, Equatable, PaletteColored {
    /// The series' name, in the legend, tooltips and the description.
    public var name: String
    /// One value per category, in the categories' order; NaN where it is missing.
    public var values: [Double]
    /// Its color; nil: the next color of the chart's categorical palette.
    public var color: ChartColor?
    /// Whether `color` was filled in from a palette (the file named none).
    public var colorFromPalette: Bool
    /// The pattern it names itself (`"pattern": "dots"`, drawn whether patterns are on or not);
    /// nil: the next of `FillPattern.sequence`, drawn when patterns are on.
    public var pattern: FillPattern? = nil
    /// A series named `name` with a value per category.
    public init(name: String, values: [Double], color: ChartColor? = nil, colorFromPalette: Bool = false) {
        self.name = name; self.values = values; self.color = color; self.colorFromPalette = colorFromPalette
    }
}

/// What a chart writes on its marks (`"labels"`).
public enum MarkLabels: String, Sendable, CaseIterable, Codable {
    /// Nothing (the default): values are in tooltips, the screen reader and `describe`.
    case none
    /// Each mark's value, in the chart's format.
    case values
    /// Each mark's share of its whole (a pie's percentages).
    case percent
}

/// How a chart's marks are colored when the data does not name their colors (`"colorScale"`).
public enum ColorScale: String, Sendable, CaseIterable, Codable {
    /// A color per datum (one series) or per series, from the categorical palette.
    case categorical
    /// A sequential scale by value, light to dark in the chart's color (a gradient in the legend).
    case value
}

/// The data of a chart with categories and series, whichever way its file wrote it: the one-series
/// form (`sectors`, `bars`: a name and a value each) or the several-series form (`categories` and
/// `series`). The polar engine reads only this.
struct CategoryTable: Sendable, Equatable {
    var categories: [String]
    /// Series' names (one unnamed series for the one-series form).
    var seriesNames: [String]
    /// `values[series][category]`.
    var values: [[Double]]
    /// Whether the data came as one series with a color per category (each wedge its own).
    var colorsByCategory: Bool

    init(categories: [String], seriesNames: [String], values: [[Double]], colorsByCategory: Bool) {
        self.categories = categories; self.seriesNames = seriesNames; self.values = values; self.colorsByCategory = colorsByCategory
    }

    /// The one-series form: each sector a category.
    init(sectors: [PieSector]) {
        self.init(categories: sectors.map(\.name), seriesNames: [""], values: [sectors.map(\.value)], colorsByCategory: true)
    }

    /// The several-series form.
    init(categories: [String], series: [CategorySeries]) {
        self.init(categories: categories, seriesNames: series.map(\.name), values: series.map { s in
            categories.indices.map { $0 < s.values.count ? s.values[$0] : .nan }
        }, colorsByCategory: false)
    }

    var isMultiSeries: Bool { !colorsByCategory }
}

// MARK: - Hashable and Codable (synthesized, so declared in this file)

extension CategorySeries: Hashable, Codable {}
