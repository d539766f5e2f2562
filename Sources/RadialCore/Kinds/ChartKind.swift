/// What one kind of chart is, in one place: the names a file gives it, the keys it takes and how
/// they are read, the item that lays it out and draws it, its words for a screen reader, its
/// audio graph, what it costs a page, how a palette and a legend position apply to it, and the
/// kinds its data also fits.
///
/// Every list that used to be written by hand (`Spec.chartTypes`, the owners of a key, the page's
/// budget, the switches in the scene, the descriptions and the audio graphs) is read from
/// `ChartKinds.all`, and `Chart.kind` is the one switch over the cases: a kind that leaves out a
/// requirement does not compile, and a new `Chart` case without a kind does not either.
protocol ChartKind: SendableMetatype {
    /// The chart's model (`RoseChart`), with its rules (`…+Validation.swift`).
    associatedtype Model: Sendable & Equatable & ChartRules

    /// The names a file writes in `"type"`; the first is the kind's own (`pie`, then `donut`).
    static var typeNames: [String] { get }
    /// The keys a chart of this kind takes (for "unknown key" and "belongs to …" messages).
    static var specKeys: [String] { get }
    /// The kind in a message: "a rose chart" (`type` is the name the file used).
    static func noun(type: String) -> String

    /// The model inside `chart`, when the chart is of this kind.
    static func model(_ chart: Chart) -> Model?
    /// The model as a chart of the page.
    static func chart(_ model: Model) -> Chart

    /// Reads the chart's keys (already checked against `specKeys`); nil after reporting problems.
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> Model?
    /// The item that lays the chart out, animates it and draws it.
    static func item(_ model: Model, _ context: ChartItemContext) -> ChartItem

    /// The chart's title, whatever it is called.
    static func title(_ model: Model) -> String?
    /// What `describe` prints for it, a line each.
    static func describe(_ model: Model, formatting: Formatting) -> [String]
    /// The chart as an audio graph (hidden data left out).
    static func audio(_ model: Model, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph
    /// What the chart adds to the page's budget.
    static func cost(_ model: Model) -> ChartCost
    /// The model with `palette`'s colors for every color it does not name itself.
    static func applyingPalette(_ model: Model, _ palette: CategoricalPalette) -> Model
    /// The model with its legend at `position` (`--legend`); kinds without a placeable legend keep theirs.
    static func applyingLegend(_ model: Model, _ position: LegendPosition) -> Model

    /// The chart's data in a shape other kinds can take (nil: none; the kind is a box of its own).
    static func data(_ model: Model) -> KindData?
    /// A chart of this kind (`type`, one of `typeNames`) drawing `data`, or nil when the data
    /// does not fit it; `template` is a chart of this kind the data was before, whose own keys come back.
    static func make(_ data: KindData, type: String, template: Model?) -> Model?
}

extension ChartKind {
    static func applyingLegend(_ model: Model, _ position: LegendPosition) -> Model { model }
    static func data(_ model: Model) -> KindData? { nil }
    static func make(_ data: KindData, type: String, template: Model?) -> Model? { nil }
    static func noun(type: String) -> String { "a \(type) chart" }
}

/// What a chart adds to the page's budget (docs/spec.md, "Limits"): a page may hold charts each
/// within their own limits and still be too much work to draw.
struct ChartCost: Sendable, Equatable {
    /// Sectors, wedges, arcs and nodes (every arc the chart draws).
    var sectors = 0
    /// Radar corners (axes × series).
    var corners = 0
    /// Points of polar lines, areas and scatters.
    var points = 0

    static func + (a: ChartCost, b: ChartCost) -> ChartCost {
        ChartCost(sectors: a.sectors + b.sectors, corners: a.corners + b.corners, points: a.points + b.points)
    }
}

/// What an item is made with: the page's shaper and number formats, and how the page shows it.
struct ChartItemContext {
    let measurer: TextShaping
    let formatting: Formatting
    /// Whether the window's controls (the radar's Replay) are drawn.
    let controls: Bool
    /// Whether the chart shares its page with others (a radar's card is then compact).
    let compact: Bool
    /// The page's palette, for colors an item picks itself (a sector new to a pie after a reload).
    var palette: CategoricalPalette = .system
}

/// A kind with its model erased: what the registry lists and `Chart.kind` returns.
struct AnyChartKind: Sendable {
    let typeNames: [String]
    let specKeys: [String]
    let noun: @Sendable (String) -> String
    let read: @Sendable (inout SpecReader, SpecReader.Object, String) -> Chart?
    let item: @Sendable (Chart, ChartItemContext) -> ChartItem
    let title: @Sendable (Chart) -> String?
    let describe: @Sendable (Chart, Formatting) -> [String]
    let audio: @Sendable (Chart, Int, Set<Int>, Formatting) -> AudioGraph
    let cost: @Sendable (Chart) -> ChartCost
    let applyingPalette: @Sendable (Chart, CategoricalPalette) -> Chart
    let applyingLegend: @Sendable (Chart, LegendPosition) -> Chart
    let data: @Sendable (Chart) -> KindData?
    let make: @Sendable (KindData, String, Chart?) -> Chart?
    /// Checks the chart by its kind's rules, at `path` (`Page.validate()`).
    let validate: @Sendable (Chart, String, inout Validator) -> Void

    /// The kind's own type name (`pie` for pies and donuts).
    var name: String { typeNames[0] }

    init<K: ChartKind>(_ kind: K.Type) {
        // The model is there by construction: `Chart.kind` hands each chart to its own kind.
        @Sendable func m(_ c: Chart) -> K.Model {
            guard let model = K.model(c) else { preconditionFailure("\(c.typeName) handed to the \(K.typeNames[0]) kind") }
            return model
        }
        typeNames = K.typeNames
        specKeys = K.specKeys
        noun = { K.noun(type: $0) }
        read = { reader, o, type in K.read(&reader, o, type: type).map(K.chart) }
        item = { c, context in K.item(m(c), context) }
        title = { K.title(m($0)) }
        describe = { K.describe(m($0), formatting: $1) }
        audio = { K.audio(m($0), chart: $1, hidden: $2, formatting: $3) }
        cost = { K.cost(m($0)) }
        applyingPalette = { K.chart(K.applyingPalette(m($0), $1)) }
        applyingLegend = { K.chart(K.applyingLegend(m($0), $1)) }
        data = { K.data(m($0)) }
        make = { data, type, template in K.make(data, type: type, template: template.flatMap(K.model)).map(K.chart) }
        validate = { c, path, v in m(c).validate(at: path, into: &v) }
    }
}

/// The kinds of chart, each named once: `all` and `Chart.kind` are two switches over these
/// cases that the compiler checks, so no list of kinds is written by hand anywhere else.
enum ChartKindID: CaseIterable, Sendable {
    case radar, pie, scan, gauge, rings, rose, radialBar, sunburst, polar

    /// The kind's descriptor.
    var kind: AnyChartKind {
        switch self {
        case .radar: ChartKinds.radar
        case .pie: ChartKinds.pie
        case .scan: ChartKinds.scan
        case .gauge: ChartKinds.gauge
        case .rings: ChartKinds.rings
        case .rose: ChartKinds.rose
        case .radialBar: ChartKinds.radialBar
        case .sunburst: ChartKinds.sunburst
        case .polar: ChartKinds.polar
        }
    }
}

extension Chart {
    /// Which kind this chart is: the one switch over the cases of `Chart`.
    var kindID: ChartKindID {
        switch self {
        case .radar: .radar
        case .pie: .pie
        case .scan: .scan
        case .gauge: .gauge
        case .rings: .rings
        case .rose: .rose
        case .radialBar: .radialBar
        case .sunburst: .sunburst
        case .polar: .polar
        }
    }
    /// This chart's kind.
    var kind: AnyChartKind { kindID.kind }
}

/// Every kind of chart a page can hold, in the order files and messages list them.
enum ChartKinds {
    static let radar = AnyChartKind(RadarKind.self)
    static let pie = AnyChartKind(PieKind.self)
    static let scan = AnyChartKind(ScanKind.self)
    static let gauge = AnyChartKind(GaugeKind.self)
    static let rings = AnyChartKind(RingsKind.self)
    static let rose = AnyChartKind(RoseKind.self)
    static let radialBar = AnyChartKind(RadialBarKind.self)
    static let sunburst = AnyChartKind(SunburstKind.self)
    static let polar = AnyChartKind(PolarKind.self)

    static let all: [AnyChartKind] = ChartKindID.allCases.map(\.kind)

    /// The kind a file's `"type"` names.
    static func named(_ type: String) -> AnyChartKind? { all.first { $0.typeNames.contains(type) } }

    /// Every type name a file may give, in order.
    static let typeNames: [String] = all.flatMap(\.typeNames)

    /// The kinds that take `key`: "radar, pie and donut charts"; nil when none does.
    static func owners(of key: String) -> String? {
        let owners = all.filter { $0.specKeys.contains(key) }.flatMap(\.typeNames)
        return owners.isEmpty ? nil : Descriptions.list(owners) + " charts"
    }
}
