import Foundation

/// What a developer who writes Swift Charts types without thinking: integer values, optional key
/// paths, `Duration`, `Locale`, `URL`, `Size(width:height:)`, `ChartColor(hex:)`, and a chart in a
/// page changed where it stands (`page.charts[0].radar?.series[1].values[3] = 42`).

// MARK: - Sizes and colors

extension Size {
    /// A size `width` by `height`, as CoreGraphics' `CGSize(width:height:)` spells it.
    public init(width: Double, height: Double) { self.init(width, height) }
}

extension ChartColor {
    /// A color from `"#RRGGBB"` or `"#RRGGBBAA"` (the `#` may be left out), as a spec file
    /// writes one; nil when `hex` is not six or eight hexadecimal digits.
    public init?(hex: String) {
        let digits = Array((hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)).utf8)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy({ JSONParser.hexValue($0) != nil }) else { return nil }
        let v = digits.reduce(UInt32(0)) { $0 << 4 | JSONParser.hexValue($1)! }
        self = digits.count == 6 ? .fixed(RGBA(hex: v)) : .fixed(RGBA(hex: v >> 8, alpha: Float(v & 0xFF) / 255))
    }
}

// MARK: - Radar series of any numbers

extension RadarSeries: Identifiable {
    /// The series' name: a radar's series names are unique (`Page.validate()` says so), as the
    /// seed's `RadarChartSeries` is identified by its name.
    public var id: String { name }

    /// A series of integer values (`[Int]`, `[UInt8]`…); without a color it takes the chart's
    /// next palette color.
    public init<Value: BinaryInteger>(name: String, values: [Value], color: ChartColor? = nil) {
        self.init(name: name, values: values.map { Double($0) }, color: color)
    }

    /// A series of floating-point values (`[Float]`, `[Double]`…).
    public init<Value: BinaryFloatingPoint>(name: String, values: [Value], color: ChartColor? = nil) {
        self.init(name: name, values: values.map { Double($0) }, color: color)
    }

    /// A series of integer values where nil is a missing value (drawn at the center, said "no value").
    public init<Value: BinaryInteger>(name: String, values: [Value?], color: ChartColor? = nil) {
        self.init(name: name, values: values.map { $0.map { Double($0) } ?? .nan }, color: color)
    }

    /// A series of floating-point values where nil is a missing value.
    public init<Value: BinaryFloatingPoint>(name: String, values: [Value?], color: ChartColor? = nil) {
        self.init(name: name, values: values.map { $0.map { Double($0) } ?? .nan }, color: color)
    }
}

extension Page {
    /// The page with its radars' series whose color is the palette's to choose given the system
    /// palette's colors, when the page names no palette (one it names chose them already).
    package func choosingOpenRadarColors() -> Page {
        guard palette == nil else { return self }
        var page = self
        page.charts = charts.map { chart in
            guard var radar = chart.radar, radar.series.contains(where: \.colorFromPalette) else { return chart }
            radar.choosePaletteColors(.system)
            return .radar(radar)
        }
        return page
    }
}

extension PieSector: Identifiable {
    /// The sector's name.
    public var id: String { name }
}

extension ActivityRing: Identifiable {
    /// The ring's name.
    public var id: String { name }
}

extension SunburstNode: Identifiable {
    /// The node's name (unique among its siblings in a sensible tree).
    public var id: String { name }
}

// MARK: - Pies from records

extension PieChart {
    /// A pie or donut from records, as Swift Charts' `SectorMark(angle:innerRadius:angularInset:)`
    /// is given them: each record a sector, named and sized by the key paths (any floating-point
    /// value), colored by `color` where it gives one, else from the palette.
    ///
    /// ```swift
    /// PieChart(title: "Expenses", expenses, name: \.category, value: \.amount,
    ///          innerRadius: .ratio(0.5), angularInset: 4, currency: "USD", totalInTitle: true)
    /// ```
    public init<Record, Value: BinaryFloatingPoint>(
        title: String? = nil, _ records: [Record], name: KeyPath<Record, String>, value: KeyPath<Record, Value>,
        color: KeyPath<Record, ChartColor?>? = nil, innerRadius: InnerRadius = 0, angularInset: Double = 0, cornerRadius: Double = 0,
        annotations: Bool = false, currency: String? = nil, format: NumberFormat? = nil, totalInTitle: Bool = false,
        centerLabel: CenterLabel = .none, appear: Appear = .sequence(interval: 0.8), legend: Bool = true
    ) {
        self.init(title: title, sectors: records.map { r in
            PieSector(name: r[keyPath: name], value: Double(r[keyPath: value]), color: color.flatMap { r[keyPath: $0] })
        }, innerRadius: innerRadius, angularInset: angularInset, cornerRadius: cornerRadius, annotations: annotations, currency: currency,
                  appear: appear, centerLabel: centerLabel, legend: legend, format: format, totalInTitle: totalInTitle)
    }

    /// A pie from records with integer values (`KeyPath<Sale, Int>`).
    public init<Record, Value: BinaryInteger>(
        title: String? = nil, _ records: [Record], name: KeyPath<Record, String>, value: KeyPath<Record, Value>,
        color: KeyPath<Record, ChartColor?>? = nil, innerRadius: InnerRadius = 0, angularInset: Double = 0, cornerRadius: Double = 0,
        annotations: Bool = false, currency: String? = nil, format: NumberFormat? = nil, totalInTitle: Bool = false,
        centerLabel: CenterLabel = .none, appear: Appear = .sequence(interval: 0.8), legend: Bool = true
    ) {
        self.init(title: title, records, name: name, value: value.appending(path: \.asDouble), color: color, innerRadius: innerRadius,
                  angularInset: angularInset, cornerRadius: cornerRadius, annotations: annotations, currency: currency, format: format,
                  totalInTitle: totalInTitle, centerLabel: centerLabel, appear: appear, legend: legend)
    }

    /// A pie from records whose value may be missing: a record with nil is left out, as Swift
    /// Charts leaves out a mark whose value is nil.
    public init<Record, Value: BinaryFloatingPoint>(
        title: String? = nil, _ records: [Record], name: KeyPath<Record, String>, value: KeyPath<Record, Value?>,
        color: KeyPath<Record, ChartColor?>? = nil, innerRadius: InnerRadius = 0, angularInset: Double = 0, cornerRadius: Double = 0,
        annotations: Bool = false, currency: String? = nil, format: NumberFormat? = nil, totalInTitle: Bool = false,
        centerLabel: CenterLabel = .none, appear: Appear = .sequence(interval: 0.8), legend: Bool = true
    ) {
        self.init(title: title, records.filter { $0[keyPath: value] != nil }, name: name, value: value.appending(path: \.unwrappedDouble),
                  color: color, innerRadius: innerRadius, angularInset: angularInset, cornerRadius: cornerRadius, annotations: annotations,
                  currency: currency, format: format, totalInTitle: totalInTitle, centerLabel: centerLabel, appear: appear, legend: legend)
    }

    /// A pie from records whose integer value may be missing (nil is left out).
    public init<Record, Value: BinaryInteger>(
        title: String? = nil, _ records: [Record], name: KeyPath<Record, String>, value: KeyPath<Record, Value?>,
        color: KeyPath<Record, ChartColor?>? = nil, innerRadius: InnerRadius = 0, angularInset: Double = 0, cornerRadius: Double = 0,
        annotations: Bool = false, currency: String? = nil, format: NumberFormat? = nil, totalInTitle: Bool = false,
        centerLabel: CenterLabel = .none, appear: Appear = .sequence(interval: 0.8), legend: Bool = true
    ) {
        self.init(title: title, records.filter { $0[keyPath: value] != nil }, name: name, value: value.appending(path: \.unwrappedDouble),
                  color: color, innerRadius: innerRadius, angularInset: angularInset, cornerRadius: cornerRadius, annotations: annotations,
                  currency: currency, format: format, totalInTitle: totalInTitle, centerLabel: centerLabel, appear: appear, legend: legend)
    }

    /// A pie from records that each carry their own color (`KeyPath<Record, ChartColor>`).
    public init<Record, Value: BinaryFloatingPoint>(
        title: String? = nil, _ records: [Record], name: KeyPath<Record, String>, value: KeyPath<Record, Value>,
        color: KeyPath<Record, ChartColor>, innerRadius: InnerRadius = 0, angularInset: Double = 0, cornerRadius: Double = 0,
        annotations: Bool = false, currency: String? = nil, format: NumberFormat? = nil, totalInTitle: Bool = false,
        centerLabel: CenterLabel = .none, appear: Appear = .sequence(interval: 0.8), legend: Bool = true
    ) {
        self.init(title: title, records, name: name, value: value, color: color.appending(path: \.optional), innerRadius: innerRadius,
                  angularInset: angularInset, cornerRadius: cornerRadius, annotations: annotations, currency: currency, format: format,
                  totalInTitle: totalInTitle, centerLabel: centerLabel, appear: appear, legend: legend)
    }

    /// A pie from records with integer values that each carry their own color.
    public init<Record, Value: BinaryInteger>(
        title: String? = nil, _ records: [Record], name: KeyPath<Record, String>, value: KeyPath<Record, Value>,
        color: KeyPath<Record, ChartColor>, innerRadius: InnerRadius = 0, angularInset: Double = 0, cornerRadius: Double = 0,
        annotations: Bool = false, currency: String? = nil, format: NumberFormat? = nil, totalInTitle: Bool = false,
        centerLabel: CenterLabel = .none, appear: Appear = .sequence(interval: 0.8), legend: Bool = true
    ) {
        self.init(title: title, records, name: name, value: value.appending(path: \.asDouble), color: color.appending(path: \.optional),
                  innerRadius: innerRadius, angularInset: angularInset, cornerRadius: cornerRadius, annotations: annotations, currency: currency,
                  format: format, totalInTitle: totalInTitle, centerLabel: centerLabel, appear: appear, legend: legend)
    }
}

extension PieChart.Appear {
    /// Sectors arriving one at a time, `interval` apart (`.sequence(every: .milliseconds(800))`
    /// is the seed's).
    public static func sequence(every interval: Duration) -> PieChart.Appear { .sequence(interval: interval.seconds) }
}

extension ScanChart {
    /// The seed's `RadarScanView(color:animationDuration:)` with the turn as a `Duration`.
    public init(color: ChartColor = .green, animationDuration: Duration, blips: [Blip] = []) {
        self.init(color: color, duration: animationDuration.seconds, blips: blips)
    }
}

extension BinaryInteger {
    fileprivate var asDouble: Double { Double(self) }
}

extension Optional where Wrapped: BinaryInteger {
    fileprivate var unwrappedDouble: Double { map { Double($0) } ?? .nan }
}

extension Optional where Wrapped: BinaryFloatingPoint {
    fileprivate var unwrappedDouble: Double { map { Double($0) } ?? .nan }
}

extension ChartColor {
    fileprivate var optional: ChartColor? { self }
}

extension Duration {
    /// The duration in seconds, as a `Double` (attoseconds kept to a double's precision).
    package var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) * 1e-18
    }
}

// MARK: - A chart in a page, changed where it stands

extension Chart {
    /// The radar, when the chart is one: `page.charts[0].radar?.series[1].values[3] = 42`
    /// changes the value in the page. Setting it replaces the chart (nil leaves it as it is).
    public var radar: RadarChart? {
        get { if case .radar(let c) = self { c } else { nil } }
        set { if let newValue { self = .radar(newValue) } }
    }
    /// The pie or donut, when the chart is one (`page.charts[1].pie?.sectors[0].value = 80`).
    public var pie: PieChart? {
        get { if case .pie(let c) = self { c } else { nil } }
        set { if let newValue { self = .pie(newValue) } }
    }
    /// The scan, when the chart is one.
    public var scan: ScanChart? {
        get { if case .scan(let c) = self { c } else { nil } }
        set { if let newValue { self = .scan(newValue) } }
    }
    /// The gauge, when the chart is one (`page.charts[0].gauge?.value = 72`).
    public var gauge: GaugeChart? {
        get { if case .gauge(let c) = self { c } else { nil } }
        set { if let newValue { self = .gauge(newValue) } }
    }
    /// The activity rings, when the chart is one.
    public var rings: RingsChart? {
        get { if case .rings(let c) = self { c } else { nil } }
        set { if let newValue { self = .rings(newValue) } }
    }
    /// The rose, when the chart is one.
    public var rose: RoseChart? {
        get { if case .rose(let c) = self { c } else { nil } }
        set { if let newValue { self = .rose(newValue) } }
    }
    /// The radial bars, when the chart is one.
    public var radialBar: RadialBarChart? {
        get { if case .radialBar(let c) = self { c } else { nil } }
        set { if let newValue { self = .radialBar(newValue) } }
    }
    /// The polar chart (lines, areas, points), when the chart is one.
    public var polar: PolarChart? {
        get { if case .polar(let c) = self { c } else { nil } }
        set { if let newValue { self = .polar(newValue) } }
    }
    /// The sunburst, when the chart is one.
    public var sunburst: SunburstChart? {
        get { if case .sunburst(let c) = self { c } else { nil } }
        set { if let newValue { self = .sunburst(newValue) } }
    }
}

extension Page {
    /// The first chart titled `title` (a keyed lookup for `update`), or nil; setting it replaces
    /// that chart, and setting nil (or a title no chart has) changes nothing.
    public subscript(chart title: String) -> Chart? {
        get { charts.first { $0.title == title } }
        set {
            guard let newValue, let i = charts.firstIndex(where: { $0.title == title }) else { return }
            charts[i] = newValue
        }
    }
}

// MARK: - Locale and URL

extension Page {
    /// What a screen reader says about the page, in `locale`'s number formats.
    public func description(locale: Locale) -> String {
        Descriptions.describe(self, formatting: Formatting(locale: locale))
    }

    /// A page read from a spec file at `url` (docs/spec.md): every problem listed, by JSON path
    /// and line, in the `SpecError` it throws; a file that cannot be read, or is over
    /// `SpecLimits.fileBytes`, is one problem.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: SpecLimits.fileBytes + 1) ?? Data()
        } catch {
            throw SpecError(problems: [SpecError.Problem(path: "", message: "\(url.path) could not be read: \(error.localizedDescription)")])
        }
        self = try Spec.decode([UInt8](data))
    }
}
