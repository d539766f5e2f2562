/// A radar (spider) chart: an axis per quality around a center, a shape per series.
public struct RadarChart: Sendable, Equatable {
    /// The chart's heading; nil: none.
    public var title: String?
    /// A line under the title; nil: none.
    public var subtitle: String?
    /// The axes' names, clockwise from 12 o'clock.
    public var axes: [String]
    /// The shapes drawn, in drawing and legend order.
    public var series: [RadarSeries]
    /// The value at the rim of every axis without a scale of its own (default 100).
    public var maximum: Double
    /// How many rings the grid has, the outer one included.
    public var rings: Int
    /// The grid's rings as polygons through the axes (the seed's) or as circles.
    public var circularGrid: Bool
    /// Alternate rings of the grid filled (ECharts' `splitArea`).
    public var bands: Bool
    /// Each axis' range and format, one per axis; empty: every axis runs from 0 to `maximum`.
    public var scales: [RadarAxisScale]
    /// The axis scale written at each ring along the first axis.
    public var ringLabels: Bool
    /// Every axis' own scale written at each ring beside its spoke (`"ticks": "all"`): a radar of
    /// mixed scales (a price beside a weight) reads on each axis.
    public var allTicks: Bool
    /// Each corner's value written beside it.
    public var valueLabels: Bool
    /// Where the legend goes (default `.automatic`).
    public var legend: LegendPosition
    /// A radar of `series` over `axes`; every axis runs from 0 to `maximum` unless `scales` gives its own range.
    public init(title: String? = nil, subtitle: String? = nil, axes: [String], series: [RadarSeries], maximum: Double = 100, rings: Int = 4,
                scales: [RadarAxisScale] = [], ringLabels: Bool = false, valueLabels: Bool = false, legend: LegendPosition = .automatic,
                circularGrid: Bool = false, bands: Bool = false, allTicks: Bool = false) {
        self.allTicks = allTicks
        self.title = title; self.subtitle = subtitle; self.axes = axes; self.series = series
        self.maximum = maximum; self.rings = rings; self.scales = scales; self.circularGrid = circularGrid; self.bands = bands
        self.ringLabels = ringLabels; self.valueLabels = valueLabels; self.legend = legend
    }

    /// Axis `a`'s range: its own, or 0 to `maximum`.
    package func scale(axis a: Int) -> RadarAxisScale {
        a < scales.count ? scales[a] : RadarAxisScale(minimum: 0, maximum: maximum)
    }

    /// Series `s`'s value on axis `a`; NaN where it is missing (null, or past the end).
    package func value(series s: Int, axis a: Int) -> Double {
        let values = series[s].values
        return a < values.count ? values[a] : .nan
    }

    /// How far along axis `a` series `s` sits, 0 at the center to 1 at the rim, through the
    /// axis' range (clamped; a missing value sits at the center whatever the axis' direction).
    package func share(series s: Int, axis a: Int) -> Double {
        scale(axis: a).share(of: value(series: s, axis: a))
    }

    /// Whether series `s`'s value on axis `a` lies outside the axis' range (drawn at the rim or
    /// the center with a mark, and said so in words).
    package func outOfRange(series s: Int, axis a: Int) -> RadarAxisScale.OutOfRange? {
        scale(axis: a).outOfRange(value(series: s, axis: a))
    }
}

/// One radar axis' range and how its values are written.
public struct RadarAxisScale: Sendable, Equatable {
    /// Which side of an axis' range a value lies on.
    public enum OutOfRange: Sendable, Equatable {
        /// Below the minimum; above the maximum.
        case below, above
    }

    /// The value at the center (the rim when `inverted`).
    public var minimum: Double
    /// The value at the rim (the center when `inverted`); above `minimum`.
    public var maximum: Double
    /// The low end at the rim ("lower is better": price, weight).
    public var inverted: Bool
    /// A unit written after values on this axis (`"kg"`); nil: none.
    public var unit: String?
    /// How values on this axis are written; nil: by `unit`, else plain.
    public var format: NumberFormat?

    /// An axis from `minimum` to `maximum` (which must be above it: `Page.validate()` says so).
    public init(minimum: Double = 0, maximum: Double, inverted: Bool = false, unit: String? = nil, format: NumberFormat? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.inverted = inverted; self.unit = unit; self.format = format
    }

    /// 0 at the center to 1 at the rim; values outside the range clamp, missing ones are 0.
    package func share(of value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let t = Arithmetic.share(value, from: minimum, to: maximum)
        return inverted ? 1 - t : t
    }

    /// Whether `value` is below or above the range; nil when it is inside it or missing.
    package func outOfRange(_ value: Double) -> OutOfRange? {
        guard value.isFinite else { return nil }
        return value < minimum ? .below : value > maximum ? .above : nil
    }

    /// The format values on this axis are written in: `format`, else `unit`, else plain.
    package var effectiveFormat: NumberFormat {
        if let format { return format }
        if let unit { return .unit(unit, decimals: nil) }
        return .plain
    }
}

/// One shape on a radar: a value per axis.
public struct RadarSeries: Sendable, Equatable {
    /// The series' name, in the legend and the description.
    public var name: String
    /// One value per axis, in the order of the axes; missing ones sit at the center.
    public var values: [Double]
    /// The series' fill and outline color.
    public var color: ChartColor
    /// Whether `color` was chosen from the categorical palette (the file named none), so a
    /// different palette may choose again.
    public var colorFromPalette: Bool
    /// The pattern it names itself (`"pattern": "dots"`, drawn whether patterns are on or not);
    /// nil: the next of `FillPattern.sequence`, drawn when patterns are on.
    public var pattern: FillPattern? = nil
    /// A series named `name` with a value per axis.
    public init(name: String, values: [Double], color: ChartColor, colorFromPalette: Bool = false) {
        self.name = name; self.values = values; self.color = color; self.colorFromPalette = colorFromPalette
    }
}

extension RadarChart: Hashable, Codable {}
extension RadarAxisScale: Hashable, Codable {}
extension RadarSeries: Hashable {}
