import Foundation

/// Lines, areas and points on a polar coordinate system (plotly's `scatterpolar`, ECharts' `polar`
/// with line and scatter series, matplotlib's polar axes): each point an angle and a radius.
public struct PolarChart: Sendable, Equatable {
    /// The chart's heading; nil: none.
    public var title: String?
    /// A line under the title; nil: none.
    public var subtitle: String?
    /// What the angle means and how it runs round.
    public var angleAxis: PolarAngleAxis
    /// What the radius means and how it runs out.
    public var radiusAxis: PolarRadiusAxis
    /// The lines, areas and scatters, in drawing and legend order.
    public var series: [PolarSeries]
    /// Whether the legend shows (default true when there are several series).
    public var legend: Bool
    /// A polar chart of `series` over the two axes.
    public init(title: String? = nil, subtitle: String? = nil, angleAxis: PolarAngleAxis = PolarAngleAxis(), radiusAxis: PolarRadiusAxis = PolarRadiusAxis(),
                series: [PolarSeries], legend: Bool = true) {
        self.title = title; self.subtitle = subtitle; self.angleAxis = angleAxis; self.radiusAxis = radiusAxis; self.series = series; self.legend = legend
    }
}

/// A polar chart's angle axis: numbers over a range (0–360°, 0–24 h, 1–12), instants of time, or
/// categories; laid from `start` over `sweep` degrees, clockwise unless `clockwise` is false.
public struct PolarAngleAxis: Sendable, Equatable {
    /// What the angle's values are.
    public enum Kind: Sendable, Equatable {
        /// Numbers from `minimum` (at the start) to `maximum` (a whole sweep later).
        case numbers(minimum: Double, maximum: Double)
        /// Instants, in seconds since 1970 (the file writes ISO 8601), from `minimum` to `maximum`.
        case time(minimum: Double, maximum: Double)
        /// Named places in equal bands; a point's angle is the category's index.
        case categories([String])
    }
    /// What the values are (default numbers 0…360: degrees).
    public var kind: Kind
    /// A unit written after the tick labels (`"h"`, `"°"`); nil: none.
    public var unit: String?
    /// Where the axis starts, degrees clockwise from 12 o'clock (default 0).
    public var start: Double
    /// How many degrees the axis spans (default 360; less for a partial sweep).
    public var sweep: Double
    /// Whether values run clockwise (default) or counterclockwise (matplotlib's `set_theta_direction(1)`).
    public var clockwise: Bool
    /// An angle axis of `kind` from `start` over `sweep` degrees.
    public init(kind: Kind = .numbers(minimum: 0, maximum: 360), unit: String? = nil, start: Double = 0, sweep: Double = 360, clockwise: Bool = true) {
        self.kind = kind; self.unit = unit; self.start = start; self.sweep = sweep; self.clockwise = clockwise
    }
}

/// A polar chart's radius axis: a scale from the hole to the rim.
public struct PolarRadiusAxis: Sendable, Equatable {
    /// How values are laid out (default linear).
    public var scale: ScaleType
    /// The value at the hole; nil: 0 (a log scale: the data's smallest power of ten).
    public var minimum: Double?
    /// The value at the rim; nil: the data's largest, rounded up to a nice number.
    public var maximum: Double?
    /// The hole in the middle as a share of the radius (default 0).
    public var hole: Double
    /// How values are written; nil: plain numbers.
    public var format: NumberFormat?
    /// A radius axis with the given scale and range (open ends come from the data).
    public init(scale: ScaleType = .linear, minimum: Double? = nil, maximum: Double? = nil, hole: Double = 0, format: NumberFormat? = nil) {
        self.scale = scale; self.minimum = minimum; self.maximum = maximum; self.hole = hole; self.format = format
    }
}

/// One series of a polar chart: points drawn as a line, an area or a scatter.
public struct PolarSeries: Sendable, Equatable, PaletteColored {
    /// How a series is drawn.
    public enum Mark: String, Sendable, CaseIterable, Codable {
        /// A line through the points in order; an area: the line and the region between it and the center; points alone.
        case line, area, point
    }
    /// The series' name, in the legend, tooltips and the description.
    public var name: String
    /// The points, each an angle (in the angle axis' values) and a radius (in the radius axis').
    public var points: [PolarPoint]
    /// How it is drawn (default line).
    public var mark: Mark
    /// Whether the last point joins back to the first (a closed loop, as a radar's shape).
    public var closed: Bool
    /// Its color; nil: the next color of the chart's categorical palette.
    public var color: ChartColor?
    /// Whether `color` was filled in from a palette (the file named none).
    public var colorFromPalette: Bool
    /// The pattern it names itself (`"pattern": "dots"`, drawn whether patterns are on or not);
    /// nil: the next of `FillPattern.sequence`, drawn when patterns are on.
    public var pattern: FillPattern? = nil
    /// A series of `points` drawn as `mark`.
    public init(name: String, points: [PolarPoint], mark: Mark = .line, closed: Bool = false, color: ChartColor? = nil, colorFromPalette: Bool = false) {
        self.name = name; self.points = points; self.mark = mark; self.closed = closed; self.color = color; self.colorFromPalette = colorFromPalette
    }
}

/// A point on a polar chart: an angle and a radius in the axes' own values.
public struct PolarPoint: Sendable, Equatable {
    /// The angle axis' value (a number, seconds since 1970 for time, a category's index).
    public var angle: Double
    /// The radius axis' value.
    public var radius: Double
    /// The point at `angle`, `radius`.
    public init(angle: Double, radius: Double) { self.angle = angle; self.radius = radius }
}

extension PolarChart: Hashable, Codable {}
extension PolarAngleAxis: Hashable, Codable {}
extension PolarAngleAxis.Kind: Hashable, Codable {}
extension PolarRadiusAxis: Hashable, Codable {}
extension PolarSeries: Hashable, Codable {}
extension PolarPoint: Hashable, Codable {}
