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

extension PieChart: Hashable, Codable {}
extension PieChart.Appear: Codable {}
extension PieChart.CenterLabel: Codable {}
extension PieChart.Sort: Codable {}
extension PieSector: Hashable, Codable {}
