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

extension GaugeChart: Hashable, Codable {}
extension GaugeBand: Hashable, Codable {}
