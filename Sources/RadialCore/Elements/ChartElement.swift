/// Something on a page that can be pointed at, focused, read and acted on: a chart, a radar
/// axis, a series' legend entry, a pie sector or legend entry, a scan contact, a Replay button.
///
/// Hover, keyboard focus, tooltips, `--geometry`, `describe` and the AT-SPI tree all read this
/// one model (DESIGN.md, "Elements"). Boxes are in window points, origin top-left.
package struct ChartElement: Equatable, Sendable {
    /// What an element is, as AT-SPI and `--geometry` name it.
    package enum Role: String, Sendable {
        /// A whole chart; a radar axis; a radar series; a pie sector; a scan contact; a button (Replay, a sunburst's middle).
        case chart, axis, series, sector, contact, button
        /// A legend entry (a series' or a sector's), which toggles what it names.
        case legendEntry = "legend-entry"
        /// A value on a scale (a gauge's value, an activity ring): AT-SPI's level bar, with its
        /// minimum, maximum and current value (`meter`).
        case meter
        /// A radial bar, a gauge's band: a datum of its chart.
        case bar, band
        /// A sunburst node: a tree item under its parent.
        case node
        /// A datum of a chart with several series (a stacked rose's wedge, a grouped bar), or a
        /// polar chart's point: its series and its category or place.
        case mark
    }
    /// What can be done to an element (AT-SPI actions, Enter and Space on a focused one).
    package enum Action: String, Sendable {
        /// Hide or show a series or sector (legend entries).
        case toggle
        /// Restart the chart's animation (the chart itself, its Replay button).
        case replay
        /// Make a sunburst node the chart's root (Enter, a click).
        case drill
        /// Back to the root's parent (Backspace, a click in the sunburst's middle).
        case up
    }

    /// A value on a scale, for `meter` elements (AtkValue): minimum, maximum, current.
    package struct Range: Equatable, Sendable {
        /// The scale's ends and the value on it, in the chart's own units.
        package var minimum: Double, maximum: Double, current: Double
        /// A range from `minimum` to `maximum`, at `current`.
        package init(minimum: Double, maximum: Double, current: Double) { self.minimum = minimum; self.maximum = maximum; self.current = current }
    }

    /// Which element of its chart this is, by position.
    package var key: ElementKey
    /// Index of the chart on the page.
    package var chart: Int
    /// Stable across live reload wherever the element still exists: the chart's index, the
    /// kind and the element's name (not its position), e.g. `charts[0]/axis/Speed`.
    package var id: String
    /// What `--focus` takes, by position: `charts[0].axes[2]`, `charts[1].legend[0]`.
    package var path: String
    /// What the element is (from `key`).
    package var role: Role
    /// The accessible name: what a screen reader says first and a tooltip's title ("Speed", "Rent").
    package var name: String
    /// The words a screen reader says after the name: "City 55, Trail 80".
    package var value: String
    /// The bounding box of what is drawn for it, in window points.
    package var frame: Rect
    /// What can be done to it; empty: nothing.
    package var actions: [Action]
    /// Legend entries: whether their series or sector is shown.
    package var checked: Bool?
    /// Meters: the scale and the value on it.
    package var range: Range?
    /// The element this one belongs under (a sunburst node's parent node); nil: the chart.
    package var parent: ElementKey?

    /// `occurrence`: which element of its kind with this name it is in its chart, from 1 (two
    /// sectors named "Other" are `…/sector/Other` and `…/sector/Other#2`, so ids stay unique).
    package init(key: ElementKey, chart: Int, name: String, value: String, frame: Rect, actions: [Action] = [], checked: Bool? = nil,
                range: Range? = nil, parent: ElementKey? = nil, occurrence: Int = 1) {
        self.key = key; self.chart = chart; self.name = name; self.value = value; self.frame = frame
        self.actions = actions; self.checked = checked; self.range = range; self.parent = parent
        role = key.role
        id = "charts[\(chart)]/\(key.kind)/\(key.isChart || key == .replay || key == .gaugeValue || key == .center ? key.kind : name)"
            + (occurrence > 1 ? "#\(occurrence)" : "")
        path = "charts[\(chart)]" + key.pathSuffix
    }

    /// For each name, which occurrence of it this is, from 1: `["A", "B", "A"]` → `[1, 1, 2]`.
    /// By position among all of them (hidden ones too), so an id does not change when an
    /// earlier namesake is hidden. A name that itself ends in `#2` cannot collide with a second
    /// occurrence: occurrences count on past any id already taken.
    package static func occurrences(_ names: [String]) -> [Int] {
        var taken: Set<String> = [], next: [String: Int] = [:], out: [Int] = []
        out.reserveCapacity(names.count)
        for name in names {
            var n = next[name] ?? 1
            while !taken.insert(n == 1 ? name : "\(name)#\(n)").inserted { n += 1 }
            next[name] = n + 1
            out.append(n)
        }
        return out
    }
}

/// An element's place in its chart.
package enum ElementKey: Hashable, Sendable {
    /// The chart as a whole.
    case chart
    /// Radar axis i.
    case axis(Int)
    /// A radar series: its legend entry (also hit on its outline and fill).
    case series(Int)
    /// Pie sector i (rose wedge i), in drawn order.
    case sector(Int)
    /// A pie's legend entry for sector i.
    case legend(Int)
    /// Scan contact (blip) i.
    case contact(Int)
    /// The radar's Replay button.
    case replay
    /// A gauge's value.
    case gaugeValue
    /// A gauge's band i.
    case band(Int)
    /// Activity ring i.
    case ring(Int)
    /// Radial bar i.
    case bar(Int)
    /// Sunburst node i, in depth-first order of the whole tree.
    case node(Int)
    /// The sunburst's middle: back up a level when drilled in.
    case center
    /// The datum of series `series` in category (or at point) `category`, on a chart with
    /// several series (a stacked rose, grouped radial bars) or a polar chart.
    case mark(series: Int, category: Int)
    /// A chart's color scale by value: its gradient legend (the scale's axis, read as a datum).
    case colorScale

    var role: ChartElement.Role {
        switch self {
        case .chart: .chart
        case .axis, .colorScale: .axis
        case .series, .legend: .legendEntry
        case .sector: .sector
        case .contact: .contact
        case .replay, .center: .button
        case .gaugeValue, .ring: .meter
        case .band: .band
        case .bar: .bar
        case .node: .node
        case .mark: .mark
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
        case .gaugeValue: "value"
        case .band: "band"
        case .ring: "ring"
        case .bar: "bar"
        case .node: "node"
        case .center: "center"
        case .mark: "mark"
        case .colorScale: "colorScale"
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
        case .gaugeValue: ".value"
        case .band(let i): ".bands[\(i)]"
        case .ring(let i): ".rings[\(i)]"
        case .bar(let i): ".bars[\(i)]"
        case .node(let i): ".nodes[\(i)]"
        case .center: ".center"
        case .mark(let s, let c): ".series[\(s)].values[\(c)]"
        case .colorScale: ".colorScale"
        }
    }
}

/// A hover or focus card: a title and rows, each with an optional colored dot.
package struct Tooltip: Equatable, Sendable {
    /// One line of a tooltip.
    package struct Row: Equatable, Sendable {
        /// The color of the dot before the text (a series' or sector's color); nil: no dot.
        package var dot: RGBA?
        /// The row's words.
        package var text: String
        /// A row of `text`, with a dot of `dot` unless it is nil.
        package init(dot: RGBA? = nil, text: String) { self.dot = dot; self.text = text }
    }
    /// The card's first line, in bold.
    package var title: String
    /// The lines under the title.
    package var rows: [Row]
    /// A card titled `title` with `rows`.
    package init(title: String, rows: [Row] = []) { self.title = title; self.rows = rows }
}

/// How keyboard focus moves (Tab between charts, arrows inside one).
package enum FocusMove: Sendable {
    /// To the next or previous chart (Tab, Shift+Tab); to the next or previous element inside the focused chart (arrows).
    case nextChart, previousChart, nextElement, previousElement
}

/// An element of a page: its chart and its place in the chart.
package struct ElementRef: Hashable, Sendable {
    /// The chart's index on the page.
    package var chart: Int
    /// The element's place in that chart.
    package var key: ElementKey
    /// Element `key` of chart `chart`.
    package init(chart: Int, key: ElementKey) { self.chart = chart; self.key = key }
}
