/// A rose (polar area, Nightingale) chart: equal angles, the radius by value. `area` makes the
/// wedge's area, not its radius, proportional to the value (ECharts' `roseType: 'area'`).
public struct RoseChart: Sendable, Equatable {
    /// Whether the value sets a wedge's radius or its area.
    public enum Scale: String, Sendable, CaseIterable {
        /// The radius proportional to the value; the area proportional to it (the radius to its square root).
        case radius, area
    }
    /// The chart's heading; nil: none.
    public var title: String?
    /// A line under the title; nil: none.
    public var subtitle: String?
    /// The wedges, clockwise from `startAngle`, each an equal angle.
    public var sectors: [PieSector]
    /// Whether the value is proportional to the radius (default) or the area.
    public var scale: Scale
    /// The value at the rim (default the largest value).
    public var maximum: Double?
    /// Grid rings, the rim included (0: none).
    public var rings: Int
    /// Whether the legend shows (default true).
    public var legend: Bool
    /// Every wedge's color when set (a wind rose); else each its own.
    public var color: ChartColor?
    /// How values are written; nil: plain numbers.
    public var format: NumberFormat?
    /// Degrees of the first wedge's middle (0: the first wedge is centered on 12 o'clock, as a
    /// compass's north).
    public var startAngle: Double
    /// The categories (wedges' names) of the several-series form, clockwise from `startAngle`;
    /// empty for the one-series form (`sectors`).
    public var categories: [String]
    /// Several series over `categories` (a wind rose's strengths, Nightingale's causes); empty
    /// for the one-series form.
    public var series: [CategorySeries]
    /// How several series share a wedge: stacked outward (default), overlaid from the center
    /// (the largest behind), or side by side.
    public var stack: PolarStack
    /// Colors by datum (default) or, for one series, a sequential scale by value.
    public var colorScale: ColorScale
    /// Whether the rings' values are written (default true).
    public var ringLabels: Bool
    /// What is written on the wedges (default nothing).
    public var labels: MarkLabels

    /// A rose of `sectors` (one series) or of `series` over `categories`, radius by value, four
    /// grid rings, with a legend.
    public init(title: String? = nil, subtitle: String? = nil, sectors: [PieSector] = [], scale: Scale = .radius, maximum: Double? = nil, rings: Int = 4,
                legend: Bool = true, color: ChartColor? = nil, format: NumberFormat? = nil, startAngle: Double = 0,
                categories: [String] = [], series: [CategorySeries] = [], stack: PolarStack = .radius, colorScale: ColorScale = .categorical,
                ringLabels: Bool = true, labels: MarkLabels = .none) {
        self.title = title; self.subtitle = subtitle; self.sectors = sectors; self.scale = scale; self.maximum = maximum; self.rings = rings
        self.legend = legend; self.color = color; self.format = format; self.startAngle = startAngle
        self.categories = categories; self.series = series; self.stack = stack; self.colorScale = colorScale
        self.ringLabels = ringLabels; self.labels = labels
    }

    /// The data as the polar engine reads it, whichever form the chart has.
    var table: CategoryTable { series.isEmpty ? CategoryTable(sectors: sectors) : CategoryTable(categories: categories, series: series) }

    /// The value at the rim: `maximum`, else the largest value (the largest stack's total when
    /// several series stack), 1 when every value is 0.
    package var rimValue: Double {
        if let maximum { return maximum }
        let m = Stacking.extent(table.values, mode: series.isEmpty ? .none : stack)
        return m > 0 ? m : 1
    }

    /// Sector `i`'s radius as a share of the rim: value / rim for `radius`, √(value / rim) for
    /// `area` (so the wedge's area, ∝ r², goes as the value). Clamped to the rim.
    package func radiusShare(_ i: Int) -> Double { radiusShare(value: sectors[i].value) }
    /// A value's radius as a share of the rim (see `radiusShare(_:)`), clamped to 0…1.
    package func radiusShare(value v: Double) -> Double {
        let t = min(max(v.isFinite ? v / rimValue : 0, 0), 1)
        return scale == .area ? t.squareRoot() : t
    }
}

extension RoseChart: Hashable, Codable {}
extension RoseChart.Scale: Codable {}
