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

extension RingsChart: Hashable, Codable {}
extension ActivityRing: Hashable, Codable {}
