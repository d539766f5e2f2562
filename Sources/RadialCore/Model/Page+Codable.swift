import Foundation

/// A page as `Codable` values, for storing and sending pages (`JSONEncoder().encode(page)`):
/// every chart names its `"type"` beside its own keys, colors are written as a spec file
/// writes them (`"teal"`, `"#30B0C7FF"`), and a radar's missing value is `null`. It is not the
/// spec file format (docs/spec.md, read by `Page(json:)`), whose keys are made for people; a
/// decoded page is checked by `Page.validate()` like any other before it is drawn.

extension Chart: Codable {
    private enum Key: String, CodingKey { case type }

    /// A chart from its `"type"` and that kind's own keys.
    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .type)
        switch type {
        case "radar": self = .radar(try RadarChart(from: decoder))
        case "pie": self = .pie(try PieChart(from: decoder))
        case "scan": self = .scan(try ScanChart(from: decoder))
        case "gauge": self = .gauge(try GaugeChart(from: decoder))
        case "rings": self = .rings(try RingsChart(from: decoder))
        case "rose": self = .rose(try RoseChart(from: decoder))
        case "radialBar": self = .radialBar(try RadialBarChart(from: decoder))
        case "sunburst": self = .sunburst(try SunburstChart(from: decoder))
        case "polar": self = .polar(try PolarChart(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: try decoder.container(keyedBy: Key.self),
                                                   debugDescription: "unknown chart type \"\(type)\"; expected one of \(Spec.chartTypes.filter { $0 != "donut" }.joined(separator: ", "))")
        }
    }

    /// The chart's `"type"` (its `typeName`) and its kind's keys, in one object.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(typeName, forKey: .type)
        switch self {
        case .radar(let chart): try chart.encode(to: encoder)
        case .pie(let chart): try chart.encode(to: encoder)
        case .scan(let chart): try chart.encode(to: encoder)
        case .gauge(let chart): try chart.encode(to: encoder)
        case .rings(let chart): try chart.encode(to: encoder)
        case .rose(let chart): try chart.encode(to: encoder)
        case .radialBar(let chart): try chart.encode(to: encoder)
        case .sunburst(let chart): try chart.encode(to: encoder)
        case .polar(let chart): try chart.encode(to: encoder)
        }
    }
}

extension RadarSeries: Codable {
    private enum Key: String, CodingKey { case name, values, color, colorFromPalette }

    /// A series from its name, values (`null` for a missing one), color and whether that color came from a palette.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let values = try c.decode([Double?].self, forKey: .values).map { $0 ?? .nan }
        let color = try c.decodeIfPresent(ChartColor.self, forKey: .color)
        let fromPalette = try c.decodeIfPresent(Bool.self, forKey: .colorFromPalette) ?? (color == nil)
        self.init(name: try c.decode(String.self, forKey: .name), values: values, color: color ?? .clear, colorFromPalette: fromPalette)
    }

    /// The series with its missing values as `null` (JSON has no NaN).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(name, forKey: .name)
        try c.encode(values.map { $0.isNaN ? nil : $0 }, forKey: .values)
        try c.encode(color, forKey: .color)
        try c.encode(colorFromPalette, forKey: .colorFromPalette)
    }
}

extension ChartColor: Codable {
    private enum Key: String, CodingKey { case light, dark }

    /// A color from a system color's name (`"teal"`), `"#RRGGBB"` / `"#RRGGBBAA"`, or a generated
    /// color's `{"light": "#…", "dark": "#…"}`.
    public init(from decoder: any Decoder) throws {
        if let c = try? decoder.container(keyedBy: Key.self), c.contains(.light) {
            guard case .fixed(let light)? = ChartColor(hex: try c.decode(String.self, forKey: .light)),
                  case .fixed(let dark)? = ChartColor(hex: try c.decode(String.self, forKey: .dark)) else {
                throw DecodingError.dataCorruptedError(forKey: .light, in: c, debugDescription: "expected \"#RRGGBB\" or \"#RRGGBBAA\"")
            }
            self = .generated(light: light, dark: dark)
            return
        }
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        if let system = SystemColor(rawValue: s) { self = .system(system); return }
        guard let color = ChartColor(hex: s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected \(SpecReader.colorExpectation), got \(SpecReader.shown(s))")
        }
        self = color
    }

    /// The color as a spec file writes it; a generated one as its two variants.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .system(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s.rawValue)
        case .fixed(let rgba):
            var c = encoder.singleValueContainer()
            try c.encode(rgba.hexString)
        case .generated(let light, let dark):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(light.hexString, forKey: .light)
            try c.encode(dark.hexString, forKey: .dark)
        }
    }
}

extension Theme: Codable {}
extension TextSize: Codable {}
extension PageBackground: Codable {}
extension CategoricalPalette: Codable {}
