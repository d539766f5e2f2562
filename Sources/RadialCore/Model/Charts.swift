/// A page of charts: what one spec file or one built-in demo holds.
public struct Page: Sendable, Equatable {
    /// The page's heading, drawn above the charts; nil: none.
    public var title: String?
    /// A line under the title; nil: none.
    public var subtitle: String?
    /// A theme the page asks for; the user's choice (flag, L key) wins over it.
    public var theme: Theme?
    /// The categorical palette the page asks for (colors it names stay); nil is `.system`.
    public var palette: CategoricalPalette?
    /// A background the page asks for (`"background": "transparent"`); `--background` wins over it.
    public var background: PageBackground?
    /// The charts, in reading order (laid out in a grid of cards).
    public var charts: [Chart]
    /// A text size the page asks for (`"textSize": "accessibility3"`); `--text-size` and the
    /// window's Ctrl+plus and Ctrl+minus win over it.
    public var textSize: TextSize?
    /// Every chart's plot at one size, as small multiples are drawn (`"uniform": true`; a
    /// table's `--facet` sets it), so that sizes compare from chart to chart.
    public var uniform = false
    /// States the page plays in turn, each a whole page (`"frames"` in a file, `--frame` for a
    /// table): the charts spring from one to the next. Empty: the page is its one state.
    public var frames: [PageState] = []
    /// Whether the page asks for pattern fills (`"patterns": true`); `--patterns` and the
    /// window's P key win over it, and high contrast has them whatever it says.
    public var patterns: Bool?
    /// A page of `charts`; every option not given is nil, left to the user's choice or the default.
    public init(title: String? = nil, subtitle: String? = nil, theme: Theme? = nil, palette: CategoricalPalette? = nil,
                background: PageBackground? = nil, textSize: TextSize? = nil, charts: [Chart]) {
        self.title = title; self.subtitle = subtitle; self.theme = theme; self.palette = palette
        self.background = background; self.textSize = textSize; self.charts = charts
    }
}

/// One state of a page that plays its states in turn: its name and what it shows.
public struct PageState: Sendable, Equatable {
    /// The state's name: its `"frame"` in a file, the frame column's value of a table, else its number from 1.
    public var name: String
    /// The page in this state.
    public var page: Page
    /// A state named `name` showing `page`.
    public init(name: String, page: Page) { self.name = name; self.page = page }
}

extension Page {
    /// The states the page plays: its frames, or the page itself as its one state (named "1").
    public var states: [PageState] { frames.isEmpty ? [PageState(name: "1", page: self)] : frames }
}

/// One chart on a page.
public enum Chart: Sendable, Equatable {
    /// A radar (spider) chart.
    case radar(RadarChart)
    /// A pie or donut chart.
    case pie(PieChart)
    /// A radar-scan sweep.
    case scan(ScanChart)
    /// A gauge.
    case gauge(GaugeChart)
    /// Activity rings.
    case rings(RingsChart)
    /// A rose (Nightingale, polar area) chart.
    case rose(RoseChart)
    /// A radial bar chart.
    case radialBar(RadialBarChart)
    /// A sunburst.
    case sunburst(SunburstChart)
    /// Lines, areas and points on polar coordinates.
    case polar(PolarChart)

    /// The kind's name as a spec writes it in `"type"` (`radar`, `radialBar`…).
    public var typeName: String { kind.name }
    /// The chart's title, whatever its kind; nil: none.
    public var title: String? { kind.title(self) }
}

/// Where a chart's legend goes.
public enum LegendPosition: String, Sendable, CaseIterable {
    /// Below the chart, or beside it when that gives the chart more room (a wide card).
    case automatic
    /// Below the chart, always.
    case bottom
    /// Beside the chart, on its trailing side.
    case trailing
    /// No legend.
    case none
}

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

/// A pie or donut chart (Swift Charts' `SectorMark`).
public struct PieChart: Sendable, Equatable {
    /// How the sectors arrive when the chart first shows.
    public enum Appear: Hashable, Sendable {
        /// Sectors arrive one at a time, `interval` seconds apart (the seed: 0.8 s).
        case sequence(interval: Double)
        /// Everything is there from the first frame.
        case all
    }
    /// What the donut's hole shows: nothing, or the total of the values.
    public enum CenterLabel: String, Sendable {
        /// Nothing in the hole; the sum of the shown values.
        case none, total
    }
    /// The order sectors are drawn in (clockwise from `startAngle`) and listed in the legend.
    public enum Sort: String, Sendable, CaseIterable {
        /// The file's order; largest first; smallest first.
        case none, descending, ascending
    }

    /// The chart's heading; nil: none.
    public var title: String?
    /// The sectors, in the file's order (see `drawn` for the order they are drawn in).
    public var sectors: [PieSector]
    /// The hole as a ratio of the outer radius: 0 is a pie, 0.5 the seed's donut.
    public var innerRadius: Double
    /// The gap between neighbours, in points, of constant width.
    public var angularInset: Double
    /// The radius of the sectors' corners, in points (0: sharp).
    public var cornerRadius: Double
    /// Name and value on a card in each sector.
    public var annotations: Bool
    /// How values and totals are written; nil: plain numbers.
    public var format: NumberFormat?
    /// The total of what is shown after the title ("Earnings $1,120.00"); opt-in.
    public var totalInTitle: Bool
    /// How the sectors arrive (default: one every 0.8 s).
    public var appear: Appear
    /// What the hole shows (default `.none`).
    public var centerLabel: CenterLabel
    /// Annotations of sectors narrower than this (degrees) are hidden.
    public var minimumAnnotationAngle: Double
    /// Whether the legend shows (`legendPosition` is not `.none`).
    public var legend: Bool {
        get { legendPosition != .none }
        set { legendPosition = newValue ? (legendPosition == .none ? .automatic : legendPosition) : .none }
    }
    /// Where the legend goes; `.none` hides it.
    public var legendPosition: LegendPosition
    /// Where the sectors start and end, degrees clockwise from 12 o'clock (a half donut is −90…90).
    public var startAngle: Double
    /// Where the sectors end, degrees clockwise from 12 o'clock (default 360).
    public var endAngle: Double
    /// The order the sectors are drawn and listed in (default: the file's).
    public var sort: Sort
    /// Points a hovered or focused sector moves out along its middle.
    public var hoverOffset: Double
    /// Nested rings, inner to outer, each its own sectors (`"layers"`); empty for a plain pie.
    public var layers: [[PieSector]]
    /// What is written inside each sector that has room for it (default nothing): its share
    /// (`.percent`) or its value.
    public var labels: MarkLabels = .none

    /// A pie of `sectors`; `currency` (an ISO code) is a shorthand for a currency `format`, which wins over it.
    public init(title: String? = nil, sectors: [PieSector], innerRadius: InnerRadius = 0, angularInset: Double = 0,
                cornerRadius: Double = 0, annotations: Bool = false, currency: String? = nil,
                appear: Appear = .sequence(interval: 0.8), centerLabel: CenterLabel = .none,
                minimumAnnotationAngle: Double = 0, legend: Bool = true, format: NumberFormat? = nil, totalInTitle: Bool = false,
                startAngle: Double = 0, endAngle: Double = 360, sort: Sort = .none, hoverOffset: Double = 6, layers: [[PieSector]] = []) {
        self.startAngle = startAngle; self.endAngle = endAngle; self.sort = sort; self.hoverOffset = hoverOffset; self.layers = layers
        self.format = format ?? currency.map { .currency(code: $0, decimals: nil) }
        self.totalInTitle = totalInTitle
        self.title = title; self.sectors = sectors; self.innerRadius = innerRadius.ratio; self.angularInset = angularInset
        self.cornerRadius = cornerRadius; self.annotations = annotations; self.appear = appear
        self.centerLabel = centerLabel; self.minimumAnnotationAngle = minimumAnnotationAngle
        self.legendPosition = legend ? .automatic : .none
    }
    /// The sum of the values, at most the largest finite number (files over it are refused).
    public var total: Double { min(sectors.reduce(0) { $0 + $1.value }, .greatestFiniteMagnitude) }

    /// The pie as it is drawn: its sectors in `sort` order (stably; ties keep the file's order).
    /// Element paths, the legend and the description follow this order.
    package var drawn: PieChart {
        guard sort != .none else { return self }
        var copy = self
        let order = sectors.indices.sorted { a, b in
            let va = sectors[a].value, vb = sectors[b].value
            if va != vb { return sort == .descending ? va > vb : va < vb }
            return a < b
        }
        copy.sectors = order.map { sectors[$0] }
        copy.sort = .none
        return copy
    }

    /// The turns the sectors span (1 for a whole pie, 0.5 for a half donut).
    package var arcTurns: Double { min(max((endAngle - startAngle) / 360, 0), 1) }
    /// The turn (clockwise from 12 o'clock) where the sectors start.
    package var startTurn: Double { startAngle / 360 }
}

/// One slice of a pie.
public struct PieSector: Sendable, Equatable {
    /// The sector's name, in the legend, its annotation and the description.
    public var name: String
    /// Its value: its share of the total sets its angle.
    public var value: Double
    /// nil: the next color of the categorical palette.
    public var color: ChartColor?
    /// Whether `color` was filled in from a page's palette (the file named none).
    public var colorFromPalette: Bool
    /// The pattern it names itself (`"pattern": "dots"`, drawn whether patterns are on or not);
    /// nil: the next of `FillPattern.sequence`, drawn when patterns are on.
    public var pattern: FillPattern? = nil
    /// The sectors a `group` merged into this one ("Other"), in their order; empty for a plain sector.
    public var members: [PieSector]
    /// Points the sector is pulled out along its middle (exploded).
    public var offset: Double
    /// A sector named `name` of `value`, colored from the palette unless `color` is given.
    public init(name: String, value: Double, color: ChartColor? = nil, colorFromPalette: Bool = false, members: [PieSector] = [], offset: Double = 0) {
        self.name = name; self.value = value; self.color = color; self.colorFromPalette = colorFromPalette; self.members = members
        self.offset = offset
    }
}

extension PieChart {
    /// The chart with every sector under `below` of the total merged into one sector named
    /// `label`, last and gray, which lists what it holds. Fewer than two small sectors stay as
    /// they are (a group of one hides a name and saves nothing).
    public func grouped(below: Double, label: String) -> PieChart {
        let total = self.total
        guard total > 0 else { return self }
        let small = sectors.filter { $0.value / total < below }
        guard small.count >= 2 else { return self }
        var copy = self
        copy.sectors = sectors.filter { $0.value / total >= below }
            + [PieSector(name: label, value: small.reduce(0) { $0 + $1.value }, color: .system(.gray), members: small)]
        return copy
    }
}

/// The radar-scan sweep: a bordered circle with an angular-gradient beam turning forever.
public struct ScanChart: Sendable, Equatable {
    /// The chart's heading; nil: none.
    public var title: String?
    /// The beam's and the border's color (default green).
    public var color: ChartColor
    /// Seconds per turn.
    public var duration: Double
    /// Whether the beam turns clockwise (default true).
    public var clockwise: Bool
    /// Gradient stops from the trailing end to the leading edge; nil is `[clear, clear, color]`.
    public var gradient: [ChartColor]?
    /// The border's width in points (default 2).
    public var borderWidth: Double
    /// Range rings inside the border (0: none).
    public var rings: Int
    /// Cross-hair spokes (0: none; 4 is a cross).
    public var spokes: Int
    /// The contacts shown, lit as the beam passes.
    public var blips: [Blip]
    /// Seconds a blip takes to fade after the beam passes it.
    public var fade: Double
    /// A green scan turning clockwise every 3 seconds, with no rings, spokes or blips.
    public init(title: String? = nil, color: ChartColor = .system(.green), duration: Double = 3, clockwise: Bool = true,
                gradient: [ChartColor]? = nil, borderWidth: Double = 2, rings: Int = 0, spokes: Int = 0,
                blips: [Blip] = [], fade: Double = 2) {
        self.title = title; self.color = color; self.duration = duration; self.clockwise = clockwise
        self.gradient = gradient; self.borderWidth = borderWidth; self.rings = rings; self.spokes = spokes
        self.blips = blips; self.fade = fade
    }
    /// The gradient's stops: `gradient`, else clear, clear, `color`.
    public var stops: [ChartColor] { gradient ?? [.system(.clear), .system(.clear), color] }
}

/// A contact on the scan: where it is and what it is called.
public struct Blip: Sendable, Equatable {
    /// Degrees clockwise from 12 o'clock.
    public var angle: Double
    /// 0 at the center, 1 at the rim.
    public var distance: Double
    /// A name written beside the blip; nil: none.
    public var label: String?
    /// A blip at `angle` degrees, `distance` from the center.
    public init(angle: Double, distance: Double, label: String? = nil) { self.angle = angle; self.distance = distance; self.label = label }

    /// `angle` brought into [0, 360) exactly (fmod is exact for every double), so ±1e308 is a
    /// place on the circle like any other rather than a number whose multiples of 360 round away.
    package var turnAngle: Double {
        guard angle.isFinite else { return 0 }
        let a = angle.truncatingRemainder(dividingBy: 360)
        return a < 0 ? (a + 360 < 360 ? a + 360 : 0) : a
    }
}

// MARK: - Hashable and Codable
// (Swift synthesizes these only in the file that declares the type. `Chart` and `RadarSeries`
// have their own coding, in Page+Codable.swift: a chart names its `type`, a missing value is null.)

extension Page: Hashable, Codable {}
extension PageState: Hashable, Codable {}
extension Chart: Hashable {}
extension LegendPosition: Codable {}
extension RadarChart: Hashable, Codable {}
extension RadarAxisScale: Hashable, Codable {}
extension RadarSeries: Hashable {}
extension PieChart: Hashable, Codable {}
extension PieChart.Appear: Codable {}
extension PieChart.CenterLabel: Codable {}
extension PieChart.Sort: Codable {}
extension PieSector: Hashable, Codable {}
extension ScanChart: Hashable, Codable {}
extension Blip: Hashable, Codable {}
