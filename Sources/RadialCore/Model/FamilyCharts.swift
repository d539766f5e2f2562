/// The rest of the radial family (issue #26): gauges, activity rings, roses, radial bars and
/// sunbursts. Each is a layout over the one annular-sector primitive (with round caps and a
/// needle), so the model only says what is measured and how it is written.
///
/// Angles are degrees clockwise from 12 o'clock, as everywhere in Radial.

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

// MARK: - Gauge

/// One value between a minimum and a maximum on an arc (ECharts' gauge, Highcharts' solid
/// gauge, plotly's indicator): a progress arc with a round cap on a track, optional colored
/// bands, a threshold mark and a needle, the value in the middle.
public struct GaugeChart: Sendable, Equatable {
    /// The chart's heading; nil: none.
    public var title: String?
    /// A line under the title; nil: none.
    public var subtitle: String?
    /// What the value is ("CPU"): the accessible name of the value; default the title, else "Value".
    public var label: String?
    /// The value measured, drawn clamped to `minimum`…`maximum` (written as it is).
    public var value: Double
    /// The value at the arc's start (default 0).
    public var minimum: Double
    /// The value at the arc's end (default 100); above `minimum`.
    public var maximum: Double
    /// Where the arc starts and ends (default −120…120: 240°, open at the bottom).
    public var startAngle: Double
    /// Degrees clockwise from 12 o'clock (default 120).
    public var endAngle: Double
    /// Colored stretches of the scale, in order from the minimum; empty: none.
    public var bands: [GaugeBand]
    /// A mark across the arc at this value (a target, a limit).
    public var threshold: Double?
    /// Whether a needle points at the value (default false).
    public var needle: Bool
    /// The progress arc's color.
    public var color: ChartColor
    /// How the value and the scale are written; nil: plain numbers.
    public var format: NumberFormat?
    /// The arc's thickness as a share of its radius.
    public var thickness: Double
    /// Whether ticks and their values are drawn along the arc, inside it (default true).
    public var ticks: Bool

    /// A gauge of `value` on 0…100 over 240°, blue, with no bands, threshold or needle; `minimum`
    /// must be below `maximum` (`Page.validate()` says so).
    public init(title: String? = nil, subtitle: String? = nil, label: String? = nil, value: Double, minimum: Double = 0, maximum: Double = 100,
                startAngle: Double = -120, endAngle: Double = 120, bands: [GaugeBand] = [], threshold: Double? = nil, needle: Bool = false,
                color: ChartColor = .system(.blue), format: NumberFormat? = nil, thickness: Double = 0.16, ticks: Bool = true) {
        self.ticks = ticks
        self.title = title; self.subtitle = subtitle; self.label = label; self.value = value; self.minimum = minimum; self.maximum = maximum
        self.startAngle = startAngle; self.endAngle = endAngle; self.bands = bands; self.threshold = threshold; self.needle = needle
        self.color = color; self.format = format; self.thickness = thickness
    }

    /// 0 at the minimum to 1 at the maximum, clamped (a missing value is at the minimum).
    package func share(of v: Double) -> Double {
        guard v.isFinite else { return 0 }
        return Arithmetic.share(v, from: minimum, to: maximum)
    }
    /// The angle (degrees) of a share of the arc.
    package func angle(ofShare s: Double) -> Double { startAngle + s * (endAngle - startAngle) }
    /// The value's name: its label, else the title, else "Value".
    package var valueName: String { label ?? title ?? "Value" }
    /// The format its numbers are written in (plain numbers without one).
    package var effectiveFormat: NumberFormat { format ?? .plain }
}

/// A stretch of a gauge's scale in a color of its own ("green up to 60").
public struct GaugeBand: Sendable, Equatable {
    /// Where the band ends; it starts where the previous one ended (the first at the minimum).
    public var to: Double
    /// The band's color.
    public var color: ChartColor
    /// What the stretch means ("Normal"), said with its range.
    public var name: String?
    /// The pattern it names itself (`"pattern": "dots"`, drawn whether patterns are on or not);
    /// nil: the next of `FillPattern.sequence`, drawn when patterns are on.
    public var pattern: FillPattern? = nil
    /// A band up to `to` in `color`.
    public init(to: Double, color: ChartColor, name: String? = nil) { self.to = to; self.color = color; self.name = name }
}

// MARK: - Activity rings

/// Concentric rings, each a value against its goal (Apple's activity rings, Highcharts' activity
/// gauge): a ring past its goal keeps going round, its end cap shaded where it overlaps itself.
public struct RingsChart: Sendable, Equatable {
    /// The chart's heading; nil: none.
    public var title: String?
    /// A line under the title; nil: none.
    public var subtitle: String?
    /// Outermost first.
    public var rings: [ActivityRing]
    /// Whether the legend shows (default true).
    public var legend: Bool
    /// The ring's thickness as a share of the outer radius (all rings the same).
    public var thickness: Double?
    /// Rings outermost first, with a legend.
    public init(title: String? = nil, subtitle: String? = nil, rings: [ActivityRing], legend: Bool = true, thickness: Double? = nil) {
        self.title = title; self.subtitle = subtitle; self.rings = rings; self.legend = legend; self.thickness = thickness
    }
}

/// One ring of a `RingsChart`: a value against a goal.
public struct ActivityRing: Sendable, Equatable, PaletteColored {
    /// The ring's name, in the legend and the description.
    public var name: String
    /// The value measured, in the goal's unit.
    public var value: Double
    /// The value of one whole lap (> 0).
    public var goal: Double
    /// Its color; nil: the next color of the palette.
    public var color: ChartColor?
    /// Whether `color` was filled in from a palette (the file named none).
    public var colorFromPalette: Bool
    /// The pattern it names itself (`"pattern": "dots"`, drawn whether patterns are on or not);
    /// nil: the next of `FillPattern.sequence`, drawn when patterns are on.
    public var pattern: FillPattern? = nil
    /// How the value and the goal are written; nil: plain numbers.
    public var format: NumberFormat?
    /// A ring of `value` against `goal`, colored from the palette unless `color` is given.
    public init(name: String, value: Double, goal: Double, color: ChartColor? = nil, colorFromPalette: Bool = false, format: NumberFormat? = nil) {
        self.name = name; self.value = value; self.goal = goal; self.color = color; self.colorFromPalette = colorFromPalette; self.format = format
    }
    /// Laps: value / goal (1.3 for 130 %), never negative and at most `SpecLimits.ringLaps` (what
    /// a file may have; past it nothing more shows), so a tiny goal cannot make it infinite.
    public var progress: Double { goal > 0 && value.isFinite ? min(max(value / goal, 0), SpecLimits.ringLaps) : 0 }
}

// MARK: - Rose

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

// MARK: - Radial bars

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

// MARK: - Sunburst

/// Hierarchical data as rings per depth (plotly's and ECharts' sunburst): each node's angle by
/// its total within its parent's, the root in the middle; a node can be drilled into.
public struct SunburstChart: Sendable, Equatable {
    /// The chart's heading; nil: none.
    public var title: String?
    /// A line under the title; nil: none.
    public var subtitle: String?
    /// The top level (the root itself is the chart).
    public var children: [SunburstNode]
    /// Rings shown below the current root (nil: all).
    public var maxDepth: Int?
    /// How values are written; nil: plain numbers.
    public var format: NumberFormat?
    /// The hole in the middle, as a share of the outer radius.
    public var innerRadius: Double
    /// Whether the legend shows (default true).
    public var legend: Bool
    /// What each arc writes under its name (`"labels"`): nothing (the default), its total in the
    /// chart's format, or its percent of the whole shown.
    public var labels: MarkLabels
    /// A sunburst of `children`, its hole 0.28 of the radius, every level shown.
    public init(title: String? = nil, subtitle: String? = nil, children: [SunburstNode], maxDepth: Int? = nil, format: NumberFormat? = nil,
                innerRadius: InnerRadius = 0.28, legend: Bool = true, labels: MarkLabels = .none) {
        self.title = title; self.subtitle = subtitle; self.children = children; self.maxDepth = maxDepth; self.format = format
        self.innerRadius = innerRadius.ratio; self.legend = legend; self.labels = labels
    }
    /// The sum of the top level's totals, at most the largest finite number.
    public var total: Double { min(children.reduce(0) { $0 + $1.total }, .greatestFiniteMagnitude) }
}

/// One node of a sunburst: a leaf with a value, or a parent of other nodes.
public struct SunburstNode: Sendable, Equatable, PaletteColored {
    /// The node's name, in the legend, its label and the description.
    public var name: String
    /// A leaf's value; a parent's own value (at least its children's sum: the rest is left empty), or nil.
    public var value: Double?
    /// Its color; nil: its branch's, lighter for each level down (at the top level, the next color of the palette).
    public var color: ChartColor?
    /// Whether `color` was filled in from a palette (the file named none).
    public var colorFromPalette: Bool
    /// The pattern it names itself (`"pattern": "dots"`, drawn whether patterns are on or not);
    /// nil: the next of `FillPattern.sequence`, drawn when patterns are on.
    public var pattern: FillPattern? = nil
    /// The nodes under it, drawn in the next ring out; empty for a leaf.
    public var children: [SunburstNode]
    /// A node named `name`: a leaf when `children` is empty.
    public init(name: String, value: Double? = nil, color: ChartColor? = nil, colorFromPalette: Bool = false, children: [SunburstNode] = []) {
        self.name = name; self.value = value; self.color = color; self.colorFromPalette = colorFromPalette; self.children = children
    }
    /// The node's size: its value, else the sum of its children.
    public var total: Double { value ?? children.reduce(0) { $0 + $1.total } }
    /// Nodes below this one, itself included.
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
    /// Levels below this one, itself included (a leaf is 1).
    public var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }
}

// MARK: - Hashable and Codable (synthesized, so declared in this file)

extension GaugeChart: Hashable, Codable {}
extension GaugeBand: Hashable, Codable {}
extension RingsChart: Hashable, Codable {}
extension ActivityRing: Hashable, Codable {}
extension RoseChart: Hashable, Codable {}
extension RoseChart.Scale: Codable {}
extension RadialBarChart: Hashable, Codable {}
extension SunburstChart: Hashable, Codable {}
extension SunburstNode: Hashable, Codable {}
