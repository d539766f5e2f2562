import Foundation

/// The polar engine spoken directly: lines, areas and points over a numeric, time or category
/// angle and a linear, square-root or log radius (docs/spec.md, "Polar charts").
enum PolarKind: ChartKind {
    static let typeNames = ["polar"]
    static let specKeys = ["type", "title", "subtitle", "angleAxis", "radiusAxis", "series", "legend"]
    static func model(_ chart: Chart) -> PolarChart? { if case .polar(let c) = chart { c } else { nil } }
    static func chart(_ model: PolarChart) -> Chart { .polar(model) }
    static func read(_ reader: inout SpecReader, _ o: SpecReader.Object, type: String) -> PolarChart? { reader.polar(o) }
    static func item(_ model: PolarChart, _ context: ChartItemContext) -> ChartItem {
        PolarChartItem(chart: model, measurer: context.measurer, formatting: context.formatting)
    }
    static func title(_ model: PolarChart) -> String? { model.title }
    static func describe(_ model: PolarChart, formatting: Formatting) -> [String] { Descriptions.describe(model, formatting: formatting) }
    static func audio(_ model: PolarChart, chart index: Int, hidden: Set<Int>, formatting: Formatting) -> AudioGraph {
        AudioGraph(polar: model, chart: index, hidden: hidden, formatting: formatting)
    }
    static func cost(_ model: PolarChart) -> ChartCost { ChartCost(points: model.series.reduce(0) { $0 + $1.points.count }) }
    /// Series over its categories, when its angle axis holds categories (a point per category
    /// each: a missing one is no value).
    static func data(_ model: PolarChart) -> KindData? {
        guard case .categories(let names) = model.angleAxis.kind, names.count >= 3 else { return nil }
        let series = model.series.map { s -> CategorySeries in
            var values = [Double](repeating: .nan, count: names.count)
            for p in s.points { let i = Int(p.angle.rounded()); if i >= 0, i < names.count, values[i].isNaN { values[i] = p.radius } }
            return CategorySeries(name: s.name, values: values, color: s.color, colorFromPalette: s.colorFromPalette)
        }
        return .series(title: model.title, subtitle: model.subtitle, categories: names, series: series, format: model.radiusAxis.format)
    }
    /// Closed lines over the categories (a radar's shapes on polar coordinates).
    static func make(_ data: KindData, type: String, template: PolarChart?) -> PolarChart? {
        guard let d = data.series, d.categories.count >= 3 else { return nil }
        var c = template ?? PolarChart(series: [])
        c.title = data.heading.title; c.subtitle = data.heading.subtitle
        c.angleAxis = PolarAngleAxis(kind: .categories(d.categories), unit: nil, start: c.angleAxis.start, sweep: 360, clockwise: c.angleAxis.clockwise)
        c.radiusAxis.format = data.format
        c.series = d.series.map { s in
            PolarSeries(name: s.name, points: s.values.enumerated().compactMap { k, v in v.isFinite ? PolarPoint(angle: Double(k), radius: v) : nil },
                        mark: .line, closed: true, color: s.color, colorFromPalette: s.colorFromPalette)
        }
        return c
    }
    static func applyingPalette(_ model: PolarChart, _ palette: CategoricalPalette) -> PolarChart {
        var c = model
        c.series = c.series.applyingPalette(palette)
        return c
    }
}

// MARK: - Scales of a polar chart

extension PolarChart {
    /// The radius axis' scale: its range, the open ends from the data (a linear or square-root
    /// scale from 0 to the largest value rounded up to a nice number; a log scale over the
    /// powers of ten the data spans).
    var radiusScale: ValueScale {
        let values = series.flatMap { $0.points.map(\.radius) }.filter { $0.isFinite }
        let type = radiusAxis.scale
        if type == .log {
            let positive = values.filter { $0 > 0 }
            // Powers of ten within the finite doubles above 0 (10^309 is not one, 10^-324 is 0).
            func power(_ e: Double) -> Double { min(max(pow(10, e), .leastNonzeroMagnitude), .greatestFiniteMagnitude) }
            let lo = radiusAxis.minimum ?? positive.min().map { power(Foundation.floor(Foundation.log10($0))) } ?? 1
            let hi = radiusAxis.maximum ?? positive.max().map { power(Foundation.ceil(Foundation.log10($0))) } ?? 10
            return ValueScale(.log, minimum: lo, maximum: hi > lo ? hi : min(lo * 10, .greatestFiniteMagnitude))
        }
        let lo = radiusAxis.minimum ?? min(0, values.min() ?? 0)
        let hi = radiusAxis.maximum ?? ValueScale(type, minimum: lo, maximum: max(values.max() ?? 1, lo + 1e-300)).niced(count: 4).maximum
        return ValueScale(type, minimum: lo, maximum: hi > lo ? hi : lo + 1)
    }

    /// The angle axis' scale over its values: numbers, time (seconds), or category indexes.
    var angleScale: AngleScale {
        switch angleAxis.kind {
        case .numbers(let lo, let hi), .time(let lo, let hi): AngleScale(domain: .numbers(minimum: lo, maximum: hi))
        case .categories(let names): AngleScale(domain: .categories(count: names.count, centered: true))
        }
    }

    /// A point's angle, degrees clockwise from 12 o'clock.
    func degrees(_ value: Double) -> Double {
        let t: Double
        switch angleAxis.kind {
        case .numbers, .time: t = angleScale.share(value)
        case .categories(let names): t = names.isEmpty ? 0 : angleScale.band(Int(min(max(value.rounded(), 0), Double(names.count - 1)))).middle
        }
        return angleAxis.start + (angleAxis.clockwise ? 1 : -1) * angleAxis.sweep * t
    }

    /// A point's angle value as written: "6 h", "90°", "Mar 3", a category's name.
    func angleText(_ value: Double, formatting: Formatting) -> String {
        switch angleAxis.kind {
        case .numbers: return Self.withUnit(formatting.number(value, decimals: nil), angleAxis.unit)
        case .time(let lo, let hi): return TimeTicks.label(value, span: hi - lo, locale: formatting.locale)
        case .categories(let names):
            let i = Int(min(max(value.rounded(), 0), Double(max(names.count - 1, 0))))
            return names.isEmpty ? "" : names[i]
        }
    }

    /// A radius value as written, in the axis' format.
    func radiusText(_ value: Double, formatting: Formatting) -> String { formatting.format(value, radiusAxis.format) }

    static func withUnit(_ number: String, _ unit: String?) -> String {
        guard let unit, !unit.isEmpty else { return number }
        return unit == "°" || unit == "%" ? number + unit : number + " " + unit
    }
}

/// Ticks of a time axis: a step among whole seconds, minutes, hours, days, months and years that
/// gives about `count` ticks, and labels written for that step in the locale.
enum TimeTicks {
    static let steps: [Double] = [1, 5, 15, 30, 60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600,
                                  86400, 2 * 86400, 7 * 86400, 30.4375 * 86400, 91.3125 * 86400, 365.25 * 86400]

    /// Instants (seconds since 1970) from `lo` to `hi`, on a step that gives about `count`.
    static func ticks(_ lo: Double, _ hi: Double, count: Int) -> [Double] {
        guard hi > lo, lo.isFinite, hi.isFinite else { return [] }
        let raw = (hi - lo) / Double(max(count, 1))
        let step = steps.first { $0 >= raw } ?? ValueScale.tickStep(lo / 31_557_600, hi / 31_557_600, count: count) * 31_557_600
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Months and years on calendar boundaries; shorter steps on multiples of the step.
        if step >= 30 * 86400 {
            let months = step >= 365 * 86400 ? 12 * max(1, Int(step / (365.25 * 86400))) : Int((step / (30.4375 * 86400)).rounded())
            var date = Date(timeIntervalSince1970: lo)
            var parts = calendar.dateComponents([.year, .month], from: date)
            parts.day = 1
            date = calendar.date(from: parts) ?? date
            var out: [Double] = []
            while date.timeIntervalSince1970 <= hi && out.count < 400 {
                if date.timeIntervalSince1970 >= lo { out.append(date.timeIntervalSince1970) }
                guard let next = calendar.date(byAdding: .month, value: max(months, 1), to: date) else { break }
                date = next
            }
            return out
        }
        let first = (lo / step).rounded(.up), last = (hi / step).rounded(.down)
        guard last >= first, last - first < 400 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// An instant written for a time axis spanning `span` seconds: a time of day, a day, a month or a year.
    static func label(_ t: Double, span: Double, locale: Locale) -> String {
        let date = Date(timeIntervalSince1970: t)
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        let template = span <= 2 * 86400 ? "Hm" : span <= 120 * 86400 ? "MMMd" : span <= 3 * 365 * 86400 ? "MMM" : "y"
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter.string(from: date)
    }

    /// Seconds since 1970 of an ISO 8601 date (`2024-03-01`) or date and time
    /// (`2024-03-01T06:30`, seconds, fractions and a zone optional; no zone is UTC).
    static func parse(_ text: String) -> Double? {
        let s = Array(text.utf8)
        func digits(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= s.count else { return nil }
            var v = 0
            for k in at..<(at + n) {
                guard s[k] >= 48 && s[k] <= 57 else { return nil }
                v = v * 10 + Int(s[k] - 48)
            }
            return v
        }
        guard s.count >= 10, let y = digits(0, 4), s[4] == UInt8(ascii: "-"), let mo = digits(5, 2), s[7] == UInt8(ascii: "-"), let d = digits(8, 2),
              (1...12).contains(mo), (1...31).contains(d) else { return nil }
        var h = 0, mi = 0, sec = 0.0, offset = 0, i = 10
        if i < s.count {
            guard s[i] == UInt8(ascii: "T") || s[i] == UInt8(ascii: " "), let hh = digits(i + 1, 2), s.count > i + 3, s[i + 3] == UInt8(ascii: ":"),
                  let mm = digits(i + 4, 2), hh < 24, mm < 60 else { return nil }
            h = hh; mi = mm; i += 6
            if i < s.count, s[i] == UInt8(ascii: ":") {
                guard let ss = digits(i + 1, 2), ss < 61 else { return nil }
                sec = Double(ss); i += 3
                if i < s.count, s[i] == UInt8(ascii: ".") {
                    var k = i + 1, scale = 0.1
                    while k < s.count, s[k] >= 48 && s[k] <= 57 { sec += Double(s[k] - 48) * scale; scale /= 10; k += 1 }
                    guard k > i + 1 else { return nil }
                    i = k
                }
            }
            if i < s.count {
                if s[i] == UInt8(ascii: "Z") { i += 1 } else if s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
                    guard let oh = digits(i + 1, 2), s.count > i + 3 else { return nil }
                    let om = s[i + 3] == UInt8(ascii: ":") ? digits(i + 4, 2) : digits(i + 3, 2)
                    guard let om else { return nil }
                    offset = (oh * 60 + om) * 60 * (s[i] == UInt8(ascii: "-") ? -1 : 1)
                    i = s.count
                } else { return nil }
            }
            guard i == s.count else { return nil }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi)),
              calendar.component(.day, from: date) == d else { return nil }
        return date.timeIntervalSince1970 + sec - Double(offset)
    }
}

// MARK: - Reading

extension SpecReader {
    static let angleAxisKeys = ["type", "min", "max", "unit", "categories", "start", "sweep", "direction"]
    static let radiusAxisKeys = ["scale", "min", "max", "hole", "format", "currency", "unit"]
    static let polarSeriesKeys = ["name", "points", "mark", "closed", "color", "pattern"]

    mutating func polar(_ o: Object) -> PolarChart? {
        let title = string(o, "title"), subtitle = string(o, "subtitle"), legend = bool(o, "legend")
        var ok = [("title", title as Any?), ("subtitle", subtitle), ("legend", legend)].allSatisfy { o.node($0.0) == nil || $0.1 != nil }
        // The series first: a time axis without a range takes the data's.
        var rawPoints: [[(angle: JSONNode, radius: Double)]] = []
        var series: [PolarSeries] = []
        if let elements = array(o, "series", required: true, expected: "an array of series ({\"name\", \"points\": [[angle, radius], …]})",
                                limit: SpecLimits.series, noun: "series") {
            let path = Self.child(o.path, "series")
            for (i, e) in elements.enumerated() {
                let p = Self.index(path, i)
                guard let so = object(e, p, expected: "a series (an object with a \"name\" and \"points\")") else { ok = false; continue }
                checkKeys(so, allowed: Self.polarSeriesKeys, noun: "a series")
                let name = string(so, "name", required: true, expected: "a series name (a string)")
                let mark = choice(so, "mark", noun: "mark", among: PolarSeries.Mark.allCases.map(\.rawValue)).flatMap(PolarSeries.Mark.init(rawValue:))
                let closed = bool(so, "closed")
                let hasColor = so.node("color") != nil
                let c = color(so, "color")
                var points: [(JSONNode, Double)] = []
                if let list = array(so, "points", required: true, expected: "an array of [angle, radius] pairs", limit: SpecLimits.polarPoints, noun: "points") {
                    for (k, pn) in list.enumerated() {
                        let pp = Self.index(Self.child(p, "points"), k)
                        guard case .array(let pair) = pn.value, pair.count == 2 else {
                            report(pp, pn.position, "expected a pair [angle, radius], got \(Self.got(pn.value))"); ok = false; continue
                        }
                        if let r = number(pair[1], Self.index(pp, 1), expected: PolarChart.Rules.radius.expected, PolarChart.Rules.radius.accepts) { points.append((pair[0], r)) } else { ok = false }
                    }
                } else { ok = false }
                let pattern = self.pattern(so)
                guard let name, (so.node("mark") == nil || mark != nil), (so.node("closed") == nil || closed != nil), !hasColor || c != nil, pattern.ok else { ok = false; continue }
                rawPoints.append(points)
                var one = PolarSeries(name: name, points: [], mark: mark ?? .line, closed: closed ?? false, color: c)
                one.pattern = pattern.pattern
                series.append(one)
            }
        } else { ok = false }
        let budget = rawPoints.reduce(0) { $0 + $1.count }
        if budget > SpecLimits.polarPoints {
            report(Self.child(o.path, "series"), o.node("series")?.position, "\(budget) points in all; the limit for a chart is \(SpecLimits.polarPoints)")
            ok = false
        }
        guard let angleAxis = polarAngleAxis(o, points: rawPoints.flatMap { $0.map(\.angle) }),
              let radiusAxis = polarRadiusAxis(o) else { return nil }
        // Each point's angle in the axis' values.
        let seriesPath = Self.child(o.path, "series")
        for (i, points) in rawPoints.enumerated() {
            var out: [PolarPoint] = []
            for (k, p) in points.enumerated() {
                let path = Self.index(Self.index(Self.child(Self.index(seriesPath, i), "points"), k), 0)
                if let a = angleValue(p.angle, path, axis: angleAxis) {
                    if radiusAxis.scale == .log && !(p.radius > 0) {
                        report(Self.index(Self.index(Self.child(Self.index(seriesPath, i), "points"), k), 1), p.angle.position,
                               "a log scale has no place for \(Self.format(p.radius)); its values are above 0")
                        ok = false; continue
                    }
                    out.append(PolarPoint(angle: a, radius: p.radius))
                } else { ok = false }
            }
            series[i].points = out
        }
        guard ok else { return nil }
        return PolarChart(title: title, subtitle: subtitle, angleAxis: angleAxis, radiusAxis: radiusAxis, series: series, legend: legend ?? true)
    }

    /// The angle axis: numbers (default 0…360), time (ISO 8601; its range the data's unless
    /// given) or categories; where it starts, how far it goes and which way.
    mutating func polarAngleAxis(_ o: Object, points: [JSONNode]) -> PolarAngleAxis? {
        guard let n = o.node("angleAxis") else { return PolarAngleAxis(unit: "°") }
        guard let a = object(n, Self.child(o.path, "angleAxis")) else { return nil }
        checkKeys(a, allowed: Self.angleAxisKeys, noun: "an angle axis")
        let unit = string(a, "unit")
        let start = number(a, "start", PolarChart.Rules.start)
        let sweep = number(a, "sweep", PolarChart.Rules.sweep)
        let direction = choice(a, "direction", noun: "direction", among: ["clockwise", "counterclockwise"])
        let given: [(String, Any?)] = [("unit", unit), ("start", start), ("sweep", sweep), ("direction", direction)]
        guard given.allSatisfy({ a.node($0.0) == nil || $0.1 != nil }) else { return nil }
        let hasCategories = a.node("categories") != nil
        let type = choice(a, "type", noun: "angle axis type", among: ["numbers", "time", "categories"]) ?? (hasCategories ? "categories" : "numbers")
        if a.node("type") != nil && a.node("type").map({ if case .string(let s) = $0.value { ["numbers", "time", "categories"].contains(s) } else { false } }) != true { return nil }
        let kind: PolarAngleAxis.Kind
        switch type {
        case "categories":
            guard let list = array(a, "categories", required: true, expected: "an array of category names", limit: SpecLimits.roseSectors, noun: "categories") else { return nil }
            var names: [String] = []
            for (i, c) in list.enumerated() { if let s = string(c, Self.index(Self.child(a.path, "categories"), i), expected: "a category name (a string)") { names.append(s) } }
            guard names.count == list.count else { return nil }
            kind = .categories(names)
        case "time":
            var lo = a.node("min").flatMap { timeValue($0, Self.child(a.path, "min")) }
            var hi = a.node("max").flatMap { timeValue($0, Self.child(a.path, "max")) }
            if (a.node("min") != nil && lo == nil) || (a.node("max") != nil && hi == nil) { return nil }
            let times = points.compactMap { p -> Double? in if case .string(let s) = p.value { TimeTicks.parse(s) } else { nil } }
            lo = lo ?? times.min(); hi = hi ?? times.max()
            // Points that are not instants are named where they are read (their paths); only a
            // range with nothing to take it from is the axis' problem.
            if times.count < points.count && (lo == nil || hi == nil || !(hi! > lo!)) { return PolarAngleAxis(kind: .time(minimum: 0, maximum: 1)) }
            guard let lo, let hi, hi > lo else {
                report(Self.child(o.path, "angleAxis"), a.position, "a time axis needs two different instants: give min and max, or points at two times")
                return nil
            }
            kind = .time(minimum: lo, maximum: hi)
        default:
            let lo = number(a, "min", expected: "a finite number") { $0.isFinite }
            let hi = number(a, "max", expected: "a finite number") { $0.isFinite }
            if (a.node("min") != nil && lo == nil) || (a.node("max") != nil && hi == nil) { return nil }
            let l = lo ?? 0, h = hi ?? 360
            if let why = PolarChart.rangeProblem(l, h) {
                report(Self.child(a.path, a.node("max") != nil ? "max" : "min"), a.node("max")?.position ?? a.position, why)
                return nil
            }
            kind = .numbers(minimum: l, maximum: h)
        }
        // Numbers over 0…360 without a unit are degrees.
        var degrees = false
        if case .numbers(0, 360) = kind { degrees = true }
        return PolarAngleAxis(kind: kind, unit: unit ?? (degrees ? "°" : nil),
                              start: start ?? 0, sweep: sweep ?? 360, clockwise: direction != "counterclockwise")
    }

    mutating func timeValue(_ n: JSONNode, _ path: String) -> Double? {
        guard case .string(let s) = n.value, let t = TimeTicks.parse(s) else {
            report(path, n.position, "expected an ISO 8601 date or time (\"2024-03-01\", \"2024-03-01T06:30\"), got \(Self.got(n.value))")
            return nil
        }
        return t
    }

    /// A point's angle in the axis' values: a number; an ISO 8601 string on a time axis; a
    /// category's name (or its index) on a category axis.
    mutating func angleValue(_ n: JSONNode, _ path: String, axis: PolarAngleAxis) -> Double? {
        switch axis.kind {
        case .numbers:
            return number(n, path, expected: PolarChart.Rules.angle.expected, PolarChart.Rules.angle.accepts)
        case .time:
            return timeValue(n, path)
        case .categories(let names):
            if case .number(let d) = n.value, d == d.rounded(), d >= 0, d < Double(names.count) { return d }
            if case .string(let s) = n.value, let i = names.firstIndex(of: s) { return Double(i) }
            if case .string(let s) = n.value, let near = Spec.suggestion(for: s, among: names) {
                report(path, n.position, "unknown category \(Self.shown(s)); did you mean \(JSONOut.quoted(near))?")
            } else {
                report(path, n.position, "expected one of the axis' categories (or its index), got \(Self.got(n.value))")
            }
            return nil
        }
    }

    mutating func polarRadiusAxis(_ o: Object) -> PolarRadiusAxis? {
        guard let n = o.node("radiusAxis") else { return PolarRadiusAxis() }
        guard let r = object(n, Self.child(o.path, "radiusAxis")) else { return nil }
        checkKeys(r, allowed: Self.radiusAxisKeys, noun: "a radius axis")
        let scale = choice(r, "scale", noun: "scale", among: ScaleType.allCases.map(\.rawValue)).flatMap(ScaleType.init(rawValue:))
        let lo = number(r, "min", expected: "a finite number") { $0.isFinite }
        let hi = number(r, "max", expected: "a finite number") { $0.isFinite }
        let hole = number(r, "hole", PolarChart.Rules.hole)
        let (format, formatOK) = numberFormat(r, unitKey: true)
        let given: [(String, Any?)] = [("scale", scale), ("min", lo), ("max", hi), ("hole", hole)]
        guard formatOK, given.allSatisfy({ r.node($0.0) == nil || $0.1 != nil }) else { return nil }
        if let lo, let hi, let why = PolarChart.rangeProblem(lo, hi) {
            report(Self.child(r.path, "max"), r.node("max")?.position, why)
            return nil
        }
        if scale == .log, let bad = [lo, hi].compactMap({ $0 }).first(where: { !($0 > 0) }) {
            report(Self.child(r.path, lo == bad ? "min" : "max"), r.position, "a log scale runs over values above 0, got \(Self.format(bad))")
            return nil
        }
        return PolarRadiusAxis(scale: scale ?? .linear, minimum: lo, maximum: hi, hole: hole ?? 0, format: format)
    }
}

// MARK: - Words and sound

extension Descriptions {
    /// "Temperature, polar": the title with the kind, or the kind alone.
    package static func name(of chart: PolarChart) -> String { titledKind(chart.title, "Polar") }

    /// "2 series of 24 points over 0 to 24 h, radius 0 to 30".
    package static func summary(of chart: PolarChart, formatting: Formatting, hidden: Set<Int> = []) -> String {
        let n = chart.series.count
        let points = chart.series.reduce(0) { $0 + $1.points.count }
        let r = chart.radiusScale
        return seriesCount(n, hidden: hidden) + ", \(points) point\(points == 1 ? "" : "s") over " + angleRange(chart, formatting: formatting)
            + ", radius " + chart.radiusText(r.minimum, formatting: formatting) + " to " + chart.radiusText(r.maximum, formatting: formatting)
    }

    static func angleRange(_ chart: PolarChart, formatting: Formatting) -> String {
        switch chart.angleAxis.kind {
        case .numbers(let lo, let hi), .time(let lo, let hi):
            return chart.angleText(lo, formatting: formatting) + " to " + chart.angleText(hi, formatting: formatting)
        case .categories(let names): return "\(names.count) categor\(names.count == 1 ? "y" : "ies")"
        }
    }

    /// A point as read: "6 h: 14 °C".
    package static func pointValue(_ chart: PolarChart, series s: Int, point k: Int, formatting: Formatting) -> String {
        let p = chart.series[s].points[k]
        return chart.angleText(p.angle, formatting: formatting) + ": " + chart.radiusText(p.radius, formatting: formatting)
    }

    /// The chart's heading, then a line per series: every point when there are at most 36, else
    /// the first, the lowest and the highest.
    package static func describe(_ chart: PolarChart, formatting: Formatting) -> [String] {
        var lines = [heading(name(of: chart)) + ", " + summary(of: chart, formatting: formatting)]
        for (s, series) in chart.series.enumerated() {
            let points = series.points
            guard !points.isEmpty else { lines.append(series.name + ": no points"); continue }
            if points.count <= 36 {
                lines.append(series.name + ": " + points.indices.map { pointValue(chart, series: s, point: $0, formatting: formatting) }.joined(separator: "; "))
            } else {
                let lo = points.indices.min { points[$0].radius < points[$1].radius }!, hi = points.indices.max { points[$0].radius < points[$1].radius }!
                lines.append(series.name + ": \(points.count) points; lowest " + pointValue(chart, series: s, point: lo, formatting: formatting)
                             + "; highest " + pointValue(chart, series: s, point: hi, formatting: formatting))
            }
        }
        return lines
    }
}

extension AudioGraph {
    /// Each shown series point by point in order: pitch by the radius' place on its scale, pan by
    /// where the point is (at most 512 tones a series: long series are sampled evenly).
    package init(polar chart: PolarChart, chart index: Int, hidden: Set<Int> = [], formatting: Formatting) {
        var out: [Tone] = [], t = 0.0
        let scale = chart.radiusScale
        for (s, series) in chart.series.enumerated() where !hidden.contains(s) {
            let n = series.points.count, step = max(1, (n + 511) / 512)
            for k in stride(from: 0, to: n, by: step) {
                let p = series.points[k]
                out.append(Tone(start: t, duration: Self.toneSeconds, frequency: Self.frequency(share: scale.share(p.radius)),
                                pan: Self.pan(turn: chart.degrees(p.angle) / 360), timbre: .value,
                                label: series.name + ", " + Descriptions.pointValue(chart, series: s, point: k, formatting: formatting),
                                element: ElementRef(chart: index, key: .mark(series: s, category: k))))
                t += Self.stepSeconds
            }
            t += Self.seriesGap
        }
        self.init(tones: out)
    }
}
