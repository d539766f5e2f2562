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

extension SunburstChart: Hashable, Codable {}
extension SunburstNode: Hashable, Codable {}
