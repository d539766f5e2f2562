/// The seeds' shape in Swift: what a developer who copies a seed's data writes.
///
/// ```swift
/// let bikes = [
///     RadarChartSeries(name: "City", values: [55, 40, 62, 90, 85, 70], color: .teal),
///     RadarChartSeries(name: "Trail", values: [80, 92, 78, 50, 45, 82], color: .orange),
/// ]
/// let page = Page(title: "Which e-bike?", subtitle: "Two models, six things that matter",
///                 charts: [.radar(RadarChart(axes: ["Speed", "Power", "Range", "Comfort", "Price", "Design"], series: bikes))])
/// ```

/// The seed's name for a radar series: a name, a value per axis and a color.
public typealias RadarChartSeries = RadarSeries

extension RadarSeries {
    /// A series as the seed writes it: `RadarChartSeries(name: "City", values: […], color: .teal)`;
    /// without a color (nil) it takes the chart's next palette color, as in a file.
    public init(name: String, values: [Double], color: ChartColor? = nil) {
        self.init(name: name, values: values, color: color ?? .clear, colorFromPalette: color == nil)
    }
}

extension ChartColor {
    // SwiftUI's system colors, by the names the seeds use (`color: .teal`).
    /// SwiftUI's red, resolved per theme.
    public static let red = ChartColor.system(.red)
    /// SwiftUI's orange, resolved per theme.
    public static let orange = ChartColor.system(.orange)
    /// SwiftUI's yellow, resolved per theme.
    public static let yellow = ChartColor.system(.yellow)
    /// SwiftUI's green, resolved per theme.
    public static let green = ChartColor.system(.green)
    /// SwiftUI's mint, resolved per theme.
    public static let mint = ChartColor.system(.mint)
    /// SwiftUI's teal, resolved per theme.
    public static let teal = ChartColor.system(.teal)
    /// SwiftUI's cyan, resolved per theme.
    public static let cyan = ChartColor.system(.cyan)
    /// SwiftUI's blue, resolved per theme.
    public static let blue = ChartColor.system(.blue)
    /// SwiftUI's indigo, resolved per theme.
    public static let indigo = ChartColor.system(.indigo)
    /// SwiftUI's purple, resolved per theme.
    public static let purple = ChartColor.system(.purple)
    /// SwiftUI's pink, resolved per theme.
    public static let pink = ChartColor.system(.pink)
    /// SwiftUI's brown, resolved per theme.
    public static let brown = ChartColor.system(.brown)
    /// SwiftUI's gray, resolved per theme.
    public static let gray = ChartColor.system(.gray)
    /// Fully transparent.
    public static let clear = ChartColor.system(.clear)

    /// A color by its sRGB components, 0…1 (`ChartColor(red: 0.2, green: 0.5, blue: 0.9)`).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self = .fixed(RGBA(Float(red), Float(green), Float(blue), Float(opacity)))
    }
}

/// Swift Charts' `MarkDimension` for a sector's hole: `innerRadius: .ratio(0.5)` is the seed's
/// donut, and so is `innerRadius: 0.5` (a number is a ratio). Every initializer with a hole
/// (`PieChart`'s, `SunburstChart`'s) takes this one type.
public enum InnerRadius: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A fraction of the outer radius, 0 (a pie) up to (not including) 1.
    case ratio(Double)
    /// The fraction of the outer radius.
    package var ratio: Double { if case .ratio(let r) = self { return r } else { return 0 } }
    /// `innerRadius: 0.5`: the ratio 0.5.
    public init(floatLiteral value: Double) { self = .ratio(value) }
    /// `innerRadius: 0`: no hole.
    public init(integerLiteral value: Int) { self = .ratio(Double(value)) }
}

extension ScanChart {
    /// The seed's `RadarScanView(color:animationDuration:)`.
    public init(color: ChartColor = .green, animationDuration: Double, blips: [Blip] = []) {
        self.init(color: color, duration: animationDuration, blips: blips)
    }
}

extension Page {
    /// A page read from a spec file's JSON (docs/spec.md): every problem is listed, by JSON path,
    /// in the `SpecError` it throws.
    public init(json: String) throws {
        self = try Spec.decode(json)
    }

    /// A page read from a spec file's bytes (throws a `SpecError`).
    public init(json bytes: [UInt8]) throws {
        self = try Spec.decode(bytes)
    }

    /// What a screen reader says about the page (`radial describe`), in the locale's formats.
    public func description(locale: String = "en_US") -> String {
        Descriptions.describe(self, formatting: Formatting(localeIdentifier: locale))
    }
}
