/// A bar per concentric track (ApexCharts' radialBar, plotly's barpolar on one angle): the bar's
/// angle by its value against a shared maximum, round caps, the names at the tracks' starts.
public struct RadialBarChart: Sendable, Equatable {
    /// The chart's heading; nil: none.
    public var title: String?
    /// A line under the title; nil: none.
    public var subtitle: String?
    /// Outermost first.
    public var bars: [PieSector]
    /// The value of a whole sweep (default the largest value).
    public var maximum: Double?
    /// Degrees of the whole sweep (default 270: the names fit in the quarter left open).
    public var sweep: Double
    /// Whether the legend shows (default false: the names are at the tracks' starts).
    public var legend: Bool
    /// How values are written; nil: plain numbers.
    public var format: NumberFormat?
    /// The categories (tracks' names) of the several-series form, outermost first; empty for the
    /// one-series form (`bars`).
    public var categories: [String]
    /// Several series over `categories`; empty for the one-series form.
    public var series: [CategorySeries]
    /// How several series share a track: side by side as thin tracks (default), stacked along
    /// the angle, or overlaid.
    public var stack: PolarStack
    /// Every bar's color (one series), unless a bar names its own; nil: a color each.
    public var color: ChartColor?
    /// Colors by datum (default) or, for one series, a sequential scale by value.
    public var colorScale: ColorScale
    /// What is written at the bars' ends (default nothing).
    public var labels: MarkLabels
    /// Whether the sweep's ticks are written along the outer track (default false).
    public var ticks: Bool

    /// Bars outermost first over a 270° sweep, without a legend: `bars` (one series) or `series`
    /// over `categories`.
    public init(title: String? = nil, subtitle: String? = nil, bars: [PieSector] = [], maximum: Double? = nil, sweep: Double = 270, legend: Bool = false,
                format: NumberFormat? = nil, categories: [String] = [], series: [CategorySeries] = [], stack: PolarStack = .group,
                color: ChartColor? = nil, colorScale: ColorScale = .categorical, labels: MarkLabels = .none, ticks: Bool = false) {
        self.title = title; self.subtitle = subtitle; self.bars = bars; self.maximum = maximum; self.sweep = sweep; self.legend = legend; self.format = format
        self.categories = categories; self.series = series; self.stack = stack; self.color = color; self.colorScale = colorScale
        self.labels = labels; self.ticks = ticks
    }

    /// The data as the polar engine reads it, whichever form the chart has.
    var table: CategoryTable { series.isEmpty ? CategoryTable(sectors: bars) : CategoryTable(categories: categories, series: series) }

    /// The value of a whole sweep: `maximum`, else the largest value (the largest stack's total
    /// when several series stack along the angle), 1 when every value is 0.
    package var scaleMaximum: Double {
        if let maximum { return maximum }
        let m = Stacking.extent(table.values, mode: series.isEmpty ? .none : stack)
        return m > 0 ? m : 1
    }
    /// Bar `i`'s share of the sweep, clamped.
    package func share(_ i: Int) -> Double { min(max(bars[i].value.isFinite ? bars[i].value / scaleMaximum : 0, 0), 1) }
}

extension RadialBarChart: Hashable, Codable {}
