/// Something on a page that can be pointed at, focused, read and acted on: a chart, a radar
/// axis, a series' legend entry, a pie sector or legend entry, a scan contact, a Replay button.
///
/// Hover, keyboard focus, tooltips, `--geometry`, `describe` and the AT-SPI tree all read this
/// one model (DESIGN.md, "Elements"). Boxes are in window points, origin top-left.
public struct ChartElement: Equatable, Sendable {
    public enum Role: String, Sendable {
        case chart, axis, series, sector, contact, button
        case legendEntry = "legend-entry"
    }
    public enum Action: String, Sendable {
        /// Hide or show a series or sector (legend entries).
        case toggle
        /// Restart the chart's animation (the chart itself, its Replay button).
        case replay
    }

    /// Which element of its chart this is, by position.
    public var key: ElementKey
    /// Index of the chart on the page.
    public var chart: Int
    /// Stable across live reload wherever the element still exists: the chart's index, the
    /// kind and the element's name (not its position), e.g. `charts[0]/axis/Speed`.
    public var id: String
    /// What `--focus` takes, by position: `charts[0].axes[2]`, `charts[1].legend[0]`.
    public var path: String
    public var role: Role
    public var name: String
    /// The words a screen reader says after the name: "City 55, Trail 80".
    public var value: String
    /// The bounding box of what is drawn for it, in window points.
    public var frame: Rect
    public var actions: [Action]
    /// Legend entries: whether their series or sector is shown.
    public var checked: Bool?

    public init(key: ElementKey, chart: Int, name: String, value: String, frame: Rect, actions: [Action] = [], checked: Bool? = nil) {
        self.key = key; self.chart = chart; self.name = name; self.value = value; self.frame = frame
        self.actions = actions; self.checked = checked
        role = key.role
        id = "charts[\(chart)]/\(key.kind)/\(key.isChart || key == .replay ? key.kind : name)"
        path = "charts[\(chart)]" + key.pathSuffix
    }
}

/// An element's place in its chart.
public enum ElementKey: Hashable, Sendable {
    case chart
    case axis(Int)
    /// A radar series: its legend entry (also hit on its outline and fill).
    case series(Int)
    case sector(Int)
    /// A pie's legend entry for sector i.
    case legend(Int)
    case contact(Int)
    case replay

    var role: ChartElement.Role {
        switch self {
        case .chart: .chart
        case .axis: .axis
        case .series, .legend: .legendEntry
        case .sector: .sector
        case .contact: .contact
        case .replay: .button
        }
    }
    var isChart: Bool { self == .chart }
    var kind: String {
        switch self {
        case .chart: "chart"
        case .axis: "axis"
        case .series: "series"
        case .sector: "sector"
        case .legend: "legend"
        case .contact: "contact"
        case .replay: "replay"
        }
    }
    var pathSuffix: String {
        switch self {
        case .chart: ""
        case .axis(let i): ".axes[\(i)]"
        case .series(let i), .legend(let i): ".legend[\(i)]"
        case .sector(let i): ".sectors[\(i)]"
        case .contact(let i): ".contacts[\(i)]"
        case .replay: ".replay"
        }
    }
}

/// A hover or focus card: a title and rows, each with an optional colored dot.
public struct Tooltip: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var dot: RGBA?
        public var text: String
        public init(dot: RGBA? = nil, text: String) { self.dot = dot; self.text = text }
    }
    public var title: String
    public var rows: [Row]
    public init(title: String, rows: [Row] = []) { self.title = title; self.rows = rows }
}

/// How keyboard focus moves (Tab between charts, arrows inside one).
public enum FocusMove: Sendable {
    case nextChart, previousChart, nextElement, previousElement
}

/// An element of a page: its chart and its place in the chart.
public struct ElementRef: Hashable, Sendable {
    public var chart: Int
    public var key: ElementKey
    public init(chart: Int, key: ElementKey) { self.chart = chart; self.key = key }
}
