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

// MARK: - Hashable and Codable
// (Swift synthesizes these only in the file that declares the type. `Chart` and `RadarSeries`
// have their own coding, in Page+Codable.swift: a chart names its `type`, a missing value is null.)

extension Page: Hashable, Codable {}
extension PageState: Hashable, Codable {}
extension Chart: Hashable {}
extension LegendPosition: Codable {}
