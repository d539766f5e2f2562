/// Spec files: a page of charts as JSON (see docs/spec.md), read into the model.
///
/// A file is either read whole or refused whole: `decode` returns a `Page` only when the file
/// has no problem at all, and otherwise throws a `SpecError` listing every problem it found,
/// each with its JSON path and line and column.
public enum Spec {
    /// The chart types a file may name.
    public static let chartTypes = ["radar", "pie", "donut", "scan"]

    /// Reads a spec file's bytes (UTF-8).
    public static func decode(_ bytes: [UInt8]) throws(SpecError) -> Page {
        if bytes.count > SpecLimits.fileBytes {
            throw SpecError(problems: [SpecError.Problem(
                path: "", message: "the file is \(megabytes(bytes.count)) MB; the limit is \(SpecLimits.fileBytes / (1024 * 1024)) MiB")])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, maxDepth: SpecLimits.depth)
        } catch {
            throw SpecError(problems: [SpecError.Problem(path: "", message: error.message, at: error.position)])
        }
        return try decode(root)
    }

    /// Reads a spec from text.
    public static func decode(_ text: String) throws(SpecError) -> Page {
        try decode(Array(text.utf8))
    }

    /// Validates an already parsed document.
    public static func decode(_ root: JSONNode) throws(SpecError) -> Page {
        var reader = SpecReader()
        let page = reader.page(root)
        if let page, reader.problems.isEmpty { return page }
        throw SpecError(problems: reader.sortedProblems())
    }

    /// `5.2` for 5,200,000 bytes: decimal megabytes with one decimal, whatever the locale.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The closest of `candidates` to `word`: a case-insensitive match, or one at most two edits
    /// away (and fewer edits than `word` has characters, so "x" suggests nothing).
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lower }) { return exact }
        let w = Array(lower.unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased().unicodeScalars)
            guard abs(c.count - w.count) <= 2 else { continue }
            let d = levenshtein(w, c)
            if d <= 2, d < w.count, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

// MARK: - The reader

/// Walks a parsed document, building the model and collecting every problem on the way.
struct SpecReader {
    private(set) var problems: [SpecError.Problem] = []

    static let pageKeys = ["title", "subtitle", "theme", "palette", "charts"]
    static let radarKeys = ["type", "title", "subtitle", "axes", "series", "maximum", "rings", "ringLabels", "valueLabels"]
    static let axisKeys = ["name", "min", "max", "inverted", "unit", "format"]
    static let formatKeys = ["style", "currency", "unit", "decimals"]
    static let formatStyles = ["number", "percent"]
    static let pieKeys = ["type", "title", "sectors", "innerRadius", "angularInset", "cornerRadius", "annotations",
                          "currency", "format", "total", "group", "appear", "centerLabel", "minimumAnnotationAngle", "legend"]
    static let scanKeys = ["type", "title", "color", "duration", "direction", "gradient", "borderWidth", "rings",
                           "spokes", "blips", "fade"]
    static let seriesKeys = ["name", "values", "color"]
    static let sectorKeys = ["name", "value", "color"]
    static let blipKeys = ["angle", "distance", "label"]

    /// An object being read: where it is and what it holds.
    struct Object {
        let path: String
        let position: JSONPosition
        let members: [JSONMember]
        func node(_ key: String) -> JSONNode? { members.first { $0.key == key }?.node }
        var here: String { path.isEmpty ? "$" : path }
    }

    mutating func report(_ path: String, _ position: JSONPosition?, _ message: String) {
        problems.append(SpecError.Problem(path: path, message: message, at: position))
    }

    /// Problems in the order of the file, at most `SpecLimits.reportedProblems` of them.
    func sortedProblems() -> [SpecError.Problem] {
        let sorted = problems.enumerated().sorted { a, b in
            let ka = (a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let kb = (b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
        let limit = SpecLimits.reportedProblems
        guard sorted.count > limit else { return sorted }
        let rest = sorted.count - limit
        return Array(sorted.prefix(limit))
            + [SpecError.Problem(path: "", message: "and \(rest) more problem\(rest == 1 ? "" : "s") not listed")]
    }

    // MARK: Paths and descriptions

    static func child(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
        } && !(key.unicodeScalars.first.map { $0 >= "0" && $0 <= "9" } ?? false)
        let shown = key.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(key.unicodeScalars.prefix(40))) + "…" : key
        if plain { return path.isEmpty ? shown : path + "." + shown }
        return (path.isEmpty ? "$" : path) + "[" + JSONOut.quoted(shown) + "]"
    }

    static func index(_ path: String, _ i: Int) -> String { path + "[\(i)]" }

    /// What a value is, for "got …": `"x"`, `3`, `true`, `null`, `an array`, `an object`.
    static func got(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return shown(s)
        case .number(let d): return format(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let a): return a.isEmpty ? "an empty array" : "an array"
        case .object(let o): return o.isEmpty ? "an empty object" : "an object"
        }
    }

    /// A string as a JSON literal, cut at 40 characters.
    static func shown(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard scalars.count > 40 else { return JSONOut.quoted(s) }
        let cut = String(String.UnicodeScalarView(scalars.prefix(40)))
        return String(JSONOut.quoted(cut).dropLast()) + "…\""
    }

    /// `-5`, `0.5`, `1e+300`; infinities (numbers too large for a double) are named.
    static func format(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d > 0 ? "a number too large to represent" : "a negative number too large to represent" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func list(_ names: [String]) -> String { names.joined(separator: ", ") }

    // MARK: Typed readers

    mutating func object(_ node: JSONNode, _ path: String, expected: String = "an object") -> Object? {
        guard case .object(let members) = node.value else {
            report(path.isEmpty ? "$" : path, node.position, "expected \(expected), got \(Self.got(node.value))")
            return nil
        }
        return Object(path: path, position: node.position, members: members)
    }

    /// Reports every key of `o` not in `allowed`, with a suggestion when one is close.
    mutating func checkKeys(_ o: Object, allowed: [String], noun: String, elsewhere: (String) -> String? = { _ in nil }) {
        for member in o.members where !allowed.contains(member.key) {
            let path = Self.child(o.path, member.key)
            if let near = Spec.suggestion(for: member.key, among: allowed) {
                report(path, member.keyPosition, "unknown key; did you mean \(JSONOut.quoted(near))?")
            } else if let other = elsewhere(member.key) {
                report(path, member.keyPosition, "unknown key for \(noun); \(JSONOut.quoted(member.key)) belongs to \(other)")
            } else {
                report(path, member.keyPosition, "unknown key; \(noun) has \(Self.list(allowed))")
            }
        }
    }

    /// The node at `key`, or nil; a missing required key is reported as `missing; expected …`.
    mutating func node(_ o: Object, _ key: String, required: Bool, expected: String) -> JSONNode? {
        if let n = o.node(key) { return n }
        if required { report(Self.child(o.path, key), o.position, "missing; expected \(expected)") }
        return nil
    }

    /// A string at most `SpecLimits.stringLength` characters long.
    mutating func string(_ node: JSONNode, _ path: String, expected: String = "a string") -> String? {
        guard case .string(let s) = node.value else {
            report(path, node.position, "expected \(expected), got \(Self.got(node.value))")
            return nil
        }
        let length = s.unicodeScalars.count
        if length > SpecLimits.stringLength {
            report(path, node.position, "a string of \(length) characters; the limit is \(SpecLimits.stringLength)")
            return nil
        }
        // Control characters (NUL, line breaks, tabs, …) have no glyph: they would be drawn as boxes.
        // (C0 and C1 by value: asking each scalar's general category cost a tenth of a big file's decoding.)
        if let (i, c) = s.unicodeScalars.enumerated().first(where: { $0.element.value < 0x20 || (0x7F...0x9F).contains($0.element.value) }) {
            let code = String(c.value, radix: 16, uppercase: true)
            report(path, node.position, "a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) at character \(i + 1); text is one line of visible characters")
            return nil
        }
        return s
    }

    mutating func string(_ o: Object, _ key: String, required: Bool = false, expected: String = "a string") -> String? {
        guard let n = node(o, key, required: required, expected: expected) else { return nil }
        return string(n, Self.child(o.path, key), expected: expected)
    }

    mutating func number(_ node: JSONNode, _ path: String, expected: String, _ accept: (Double) -> Bool) -> Double? {
        guard case .number(let d) = node.value, accept(d) else {
            report(path, node.position, "expected \(expected), got \(Self.got(node.value))")
            return nil
        }
        return d
    }

    mutating func number(_ o: Object, _ key: String, required: Bool = false, expected: String,
                         _ accept: (Double) -> Bool) -> Double? {
        guard let n = node(o, key, required: required, expected: expected) else { return nil }
        return number(n, Self.child(o.path, key), expected: expected, accept)
    }

    mutating func integer(_ o: Object, _ key: String, in range: ClosedRange<Int>) -> Int? {
        let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
        let d = number(o, key, expected: expected) {
            $0 == $0.rounded() && $0 >= Double(range.lowerBound) && $0 <= Double(range.upperBound)
        }
        return d.map { Int(checked: $0) }
    }

    mutating func bool(_ o: Object, _ key: String) -> Bool? {
        guard let n = o.node(key) else { return nil }
        guard case .bool(let b) = n.value else {
            report(Self.child(o.path, key), n.position, "expected true or false, got \(Self.got(n.value))")
            return nil
        }
        return b
    }

    /// One of a few words: `unknown theme "drak"; did you mean "dark"?`.
    mutating func choice(_ node: JSONNode, _ path: String, noun: String, among cases: [String]) -> String? {
        guard case .string(let s) = node.value else {
            report(path, node.position, "expected a \(noun) (\(Self.list(cases))), got \(Self.got(node.value))")
            return nil
        }
        if cases.contains(s) { return s }
        if let near = Spec.suggestion(for: s, among: cases) {
            report(path, node.position, "unknown \(noun) \(Self.shown(s)); did you mean \(JSONOut.quoted(near))?")
        } else {
            report(path, node.position, "unknown \(noun) \(Self.shown(s)); expected one of \(Self.list(cases))")
        }
        return nil
    }

    mutating func choice(_ o: Object, _ key: String, noun: String, among cases: [String]) -> String? {
        guard let n = o.node(key) else { return nil }
        return choice(n, Self.child(o.path, key), noun: noun, among: cases)
    }

    /// An array of at most `limit` elements (`65 charts; the limit is 64`).
    mutating func array(_ o: Object, _ key: String, required: Bool = false, expected: String,
                        limit: Int? = nil, noun: String = "elements") -> [JSONNode]? {
        guard let n = node(o, key, required: required, expected: expected) else { return nil }
        let path = Self.child(o.path, key)
        guard case .array(let elements) = n.value else {
            report(path, n.position, "expected \(expected), got \(Self.got(n.value))")
            return nil
        }
        if let limit, elements.count > limit {
            report(path, n.position, "\(elements.count) \(noun); the limit is \(limit)")
            return nil
        }
        return elements
    }

    static let colorNames = SystemColor.allCases.map(\.rawValue)
    static let colorExpectation = "a color name (\(list(colorNames))) or \"#RRGGBB\" / \"#RRGGBBAA\""

    /// A SwiftUI color name or `#RRGGBB` / `#RRGGBBAA`.
    mutating func color(_ node: JSONNode, _ path: String) -> ChartColor? {
        guard case .string(let s) = node.value else {
            report(path, node.position, "expected a color name or \"#RRGGBB\", got \(Self.got(node.value))")
            return nil
        }
        if s.hasPrefix("#") {
            let digits = Array(s.utf8.dropFirst())
            guard digits.count == 6 || digits.count == 8, digits.allSatisfy({ JSONParser.hexValue($0) != nil }) else {
                report(path, node.position, "expected \"#RRGGBB\" or \"#RRGGBBAA\" (hexadecimal digits), got \(Self.shown(s))")
                return nil
            }
            let v = digits.reduce(UInt32(0)) { $0 << 4 | JSONParser.hexValue($1)! }
            return digits.count == 6 ? .fixed(RGBA(hex: v)) : .fixed(RGBA(hex: v >> 8, alpha: Float(v & 0xFF) / 255))
        }
        if let c = SystemColor(rawValue: s) { return .system(c) }
        if let near = Spec.suggestion(for: s, among: Self.colorNames) {
            report(path, node.position, "unknown color \(Self.shown(s)); did you mean \(JSONOut.quoted(near))?")
        } else {
            report(path, node.position, "unknown color \(Self.shown(s)); expected \(Self.colorExpectation)")
        }
        return nil
    }

    mutating func color(_ o: Object, _ key: String) -> ChartColor? {
        guard let n = o.node(key) else { return nil }
        return color(n, Self.child(o.path, key))
    }

    // MARK: The format

    mutating func page(_ root: JSONNode) -> Page? {
        guard let o = object(root, "", expected: "an object with a \"charts\" array") else { return nil }
        checkKeys(o, allowed: Self.pageKeys, noun: "a page")
        let title = string(o, "title")
        let subtitle = string(o, "subtitle")
        let theme = choice(o, "theme", noun: "theme", among: Theme.allCases.map(\.rawValue)).flatMap(Theme.init(rawValue:))
        let palette = choice(o, "palette", noun: "palette", among: CategoricalPalette.allCases.map(\.rawValue))
            .flatMap(CategoricalPalette.init(rawValue:))
        var charts: [Chart] = []
        if let elements = array(o, "charts", required: true, expected: "a non-empty array of charts",
                                limit: SpecLimits.charts, noun: "charts") {
            if elements.isEmpty, let n = o.node("charts") {
                report("charts", n.position, "expected a non-empty array of charts, got an empty array")
            }
            for (i, element) in elements.enumerated() {
                if let chart = chart(element, Self.index("charts", i)) { charts.append(chart) }
            }
            pageBudget(charts, position: o.node("charts")?.position)
        }
        let page = Page(title: title, subtitle: subtitle, theme: theme, charts: charts)
        return palette.map(page.applyingPalette) ?? page
    }

    static func owners(of key: String) -> String? {
        var owners: [String] = []
        if radarKeys.contains(key) { owners.append("radar") }
        if pieKeys.contains(key) { owners.append("pie and donut") }
        if scanKeys.contains(key) { owners.append("scan") }
        return owners.isEmpty ? nil : owners.joined(separator: " and ") + " charts"
    }

    /// The page-wide budget: each chart may be within its limits and the page still too much
    /// work to draw (64 pies of 4096 sectors).
    mutating func pageBudget(_ charts: [Chart], position: JSONPosition?) {
        var sectors = 0, corners = 0
        for chart in charts {
            switch chart {
            case .pie(let p): sectors += p.sectors.count
            case .radar(let r): corners += r.axes.count * r.series.count
            case .scan: break
            }
        }
        if sectors > SpecLimits.pageSectors {
            report("charts", position, "\(sectors) sectors in all the pies together; the limit for a page is \(SpecLimits.pageSectors)")
        }
        if corners > SpecLimits.pageRadarCorners {
            report("charts", position, "\(corners) radar corners (axes × series) in all the radars together; the limit for a page is \(SpecLimits.pageRadarCorners)")
        }
    }

    mutating func chart(_ node: JSONNode, _ path: String) -> Chart? {
        guard let o = object(node, path, expected: "a chart (an object with a \"type\")") else { return nil }
        var type: String?
        if let n = self.node(o, "type", required: true, expected: "one of \(Self.list(Spec.chartTypes))") {
            type = choice(n, Self.child(path, "type"), noun: "chart type", among: Spec.chartTypes)
        }
        switch type {
        case "radar":
            checkKeys(o, allowed: Self.radarKeys, noun: "a radar chart", elsewhere: Self.owners(of:))
            return radar(o).map(Chart.radar)
        case "pie", "donut":
            checkKeys(o, allowed: Self.pieKeys, noun: "a \(type!) chart", elsewhere: Self.owners(of:))
            return pie(o, donut: type == "donut").map(Chart.pie)
        case "scan":
            checkKeys(o, allowed: Self.scanKeys, noun: "a scan chart", elsewhere: Self.owners(of:))
            return scan(o).map(Chart.scan)
        default:
            // Without a type only keys that no chart has can be reported.
            let all = Self.radarKeys + Self.pieKeys.filter { !Self.radarKeys.contains($0) }
                + Self.scanKeys.filter { !Self.radarKeys.contains($0) && !Self.pieKeys.contains($0) }
            checkKeys(o, allowed: all, noun: "a chart")
            return nil
        }
    }

    mutating func radar(_ o: Object) -> RadarChart? {
        let title = string(o, "title")
        let subtitle = string(o, "subtitle")
        let maximum = number(o, "maximum", expected: "a finite number > 0") { $0.isFinite && $0 > 0 }
        let rings = integer(o, "rings", in: 1...20)

        let ringLabels = bool(o, "ringLabels")
        let valueLabels = bool(o, "valueLabels")

        var axes: [String]?
        var scales: [RadarAxisScale] = []
        if let elements = array(o, "axes", required: true, expected: "an array of axis names",
                                limit: SpecLimits.axes, noun: "axes") {
            var names: [String] = []
            var anyObject = false
            for (i, e) in elements.enumerated() {
                let path = Self.index(Self.child(o.path, "axes"), i)
                if case .object = e.value {
                    anyObject = true
                    if let (name, scale) = axis(e, path, maximum: maximum ?? 100) { names.append(name); scales.append(scale) }
                } else if let s = string(e, path, expected: "an axis name (a string) or an axis object") {
                    names.append(s)
                    scales.append(RadarAxisScale(minimum: 0, maximum: maximum ?? 100))
                }
            }
            axes = names.count == elements.count ? names : nil
            if !anyObject { scales = [] }
        }
        let axisCount = (o.node("axes").flatMap { n -> Int? in
            if case .array(let a) = n.value, a.count <= SpecLimits.axes { return a.count }
            return nil
        })

        var series: [RadarSeries] = []
        var defaulted: [Int] = []
        var seriesOK = true
        if let elements = array(o, "series", required: true, expected: "an array of series",
                                limit: SpecLimits.series, noun: "series") {
            var firstByName: [String: Int] = [:]
            let seriesPath = Self.child(o.path, "series")
            for (i, e) in elements.enumerated() {
                let path = Self.index(seriesPath, i)
                guard let s = object(e, path, expected: "a series (an object with a \"name\" and \"values\")") else {
                    seriesOK = false; continue
                }
                checkKeys(s, allowed: Self.seriesKeys, noun: "a series")
                var name = string(s, "name", required: true, expected: "a series name (a string)")
                if let n = name, let first = firstByName[n] {
                    report(Self.child(path, "name"), s.node("name")?.position,
                           "expected a unique series name; \(Self.shown(n)) is also the name of \(Self.index(seriesPath, first))")
                    name = nil
                } else if let n = name {
                    firstByName[n] = i
                }
                let values = self.values(s, axisCount: axisCount)
                let explicit = s.node("color") != nil
                // Omitted colors are chosen after the loop; clear stands in until then.
                let color = explicit ? self.color(s, "color") : ChartColor.system(.clear)
                if let name, let values, let color {
                    if !explicit { defaulted.append(series.count) }
                    series.append(RadarSeries(name: name, values: values, color: color, colorFromPalette: !explicit))
                } else {
                    seriesOK = false
                }
            }
        } else {
            seriesOK = false
        }

        guard let axes, seriesOK else { return nil }
        // Series without a color take the palette's colors in order, skipping any a sibling
        // names explicitly (in either theme), then generated ones: two series never share a color
        // by accident.
        let taken = series.indices.filter { !defaulted.contains($0) }.map { series[$0].color }
        let chosen = CategoricalPalette.system.colors(count: defaulted.count, avoiding: taken)
        for (k, i) in defaulted.enumerated() { series[i].color = chosen[k] }
        return RadarChart(title: title, subtitle: subtitle, axes: axes, series: series,
                          maximum: maximum ?? 100, rings: rings ?? 4, scales: scales,
                          ringLabels: ringLabels ?? false, valueLabels: valueLabels ?? false)
    }

    /// An axis object: `{"name": "Price", "min": 500, "max": 3000, "inverted": true, "unit": "€"}`.
    mutating func axis(_ node: JSONNode, _ path: String, maximum: Double) -> (String, RadarAxisScale)? {
        guard let a = object(node, path) else { return nil }
        checkKeys(a, allowed: Self.axisKeys, noun: "an axis")
        let name = string(a, "name", required: true, expected: "an axis name (a string)")
        let lo = number(a, "min", expected: "a finite number") { $0.isFinite }
        let hi = number(a, "max", expected: "a finite number") { $0.isFinite }
        let inverted = bool(a, "inverted")
        let unit = string(a, "unit")
        let hasFormat = a.node("format") != nil
        let format = a.node("format").flatMap { self.format($0, Self.child(path, "format")) }
        let minimum = lo ?? 0, maximum = hi ?? maximum
        var ok = (a.node("min") == nil || lo != nil) && (a.node("max") == nil || hi != nil) && (!hasFormat || format != nil)
            && (a.node("unit") == nil || unit != nil) && (a.node("inverted") == nil || inverted != nil)
        if ok, minimum >= maximum {
            let at = a.node("min") ?? a.node("max")
            report(Self.child(path, at == nil ? "max" : (a.node("min") != nil ? "min" : "max")), at?.position ?? a.position,
                   "expected min below max, got min \(Self.format(minimum)) and max \(Self.format(maximum))")
            ok = false
        }
        guard ok, let name else { return nil }
        return (name, RadarAxisScale(minimum: minimum, maximum: maximum, inverted: inverted ?? false, unit: unit, format: format))
    }

    /// A number format: `"number"`, `"percent"`, or an object with `style`, `currency`, `unit`
    /// and `decimals` (`{"currency": "EUR"}`, `{"unit": "kg", "decimals": 1}`).
    mutating func format(_ node: JSONNode, _ path: String) -> NumberFormat? {
        let expected = "a format: \"number\", \"percent\", {\"currency\": \"EUR\"}, {\"unit\": \"kg\"} (each object may add \"decimals\")"
        switch node.value {
        case .string:
            return choice(node, path, noun: "format", among: Self.formatStyles).map { $0 == "percent" ? .percent(decimals: nil) : .plain }
        case .object:
            guard let f = object(node, path) else { return nil }
            checkKeys(f, allowed: Self.formatKeys, noun: "a format")
            let style = choice(f, "style", noun: "format style", among: Self.formatStyles)
            let currency = f.node("currency").flatMap { currencyCode($0, Self.child(path, "currency")) }
            let unit = string(f, "unit")
            let decimals = integer(f, "decimals", in: 0...10)
            let given = ["style", "currency", "unit"].filter { f.node($0) != nil }
            if given.count > 1 {
                report(Self.child(path, given[1]), f.node(given[1])?.position, "a format has one of style, currency and unit; this one has \(Self.list(given))")
                return nil
            }
            if f.members.count != [style as Any?, currency, unit, decimals].compactMap({ $0 }).count { return nil }
            if let currency { return .currency(code: currency, decimals: decimals) }
            if let unit { return .unit(unit, decimals: decimals) }
            return style == "percent" ? .percent(decimals: decimals) : .number(decimals: decimals)
        default:
            report(path, node.position, "expected \(expected), got \(Self.got(node.value))")
            return nil
        }
    }

    /// A three-letter ISO 4217 code such as "USD".
    mutating func currencyCode(_ n: JSONNode, _ path: String) -> String? {
        if case .string(let s) = n.value, s.utf8.count == 3, s.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            return s
        }
        report(path, n.position, "expected a three-letter ISO 4217 currency code such as \"USD\", got \(Self.got(n.value))")
        return nil
    }

    /// A series' values: numbers, or null for a missing one (NaN in the model, drawn at the center).
    mutating func values(_ s: Object, axisCount: Int?) -> [Double]? {
        guard let elements = array(s, "values", required: true, expected: "an array of numbers (null for a missing value)")
        else { return nil }
        let path = Self.child(s.path, "values")
        var ok = true
        if let axisCount, elements.count > axisCount {
            report(path, s.node("values")?.position,
                   "has \(elements.count) value\(elements.count == 1 ? "" : "s") but the chart has \(axisCount) ax\(axisCount == 1 ? "is" : "es")")
            ok = false
        }
        guard elements.count <= SpecLimits.axes else {
            if axisCount == nil {
                report(path, s.node("values")?.position, "\(elements.count) values; the limit is \(SpecLimits.axes)")
            }
            return nil
        }
        var values: [Double] = []
        values.reserveCapacity(elements.count)
        for (i, e) in elements.enumerated() {
            switch e.value {
            case .number(let d): values.append(d)
            case .null: values.append(.nan)
            default:
                report(Self.index(path, i), e.position, "expected a number, got \(Self.got(e.value))")
                ok = false
            }
        }
        return ok ? values : nil
    }

    mutating func pie(_ o: Object, donut: Bool) -> PieChart? {
        let title = string(o, "title")
        let innerRadius = number(o, "innerRadius", expected: "a number ≥ 0 and < 1") { $0 >= 0 && $0 < 1 }
        let angularInset = number(o, "angularInset", expected: "a number of points from 0 to 32") { $0 >= 0 && $0 <= 32 }
        let cornerRadius = number(o, "cornerRadius", expected: "a finite number of points ≥ 0") { $0.isFinite && $0 >= 0 }
        let annotations = bool(o, "annotations")
        let legend = bool(o, "legend")
        let minimumAngle = number(o, "minimumAnnotationAngle", expected: "a number of degrees from 0 to 360") {
            $0 >= 0 && $0 <= 360
        }
        let centerLabel = choice(o, "centerLabel", noun: "center label", among: ["none", "total"])
            .flatMap(PieChart.CenterLabel.init(rawValue:))

        // `currency` is shorthand for `"format": {"currency": …}`; the two together are one too many.
        let currency = o.node("currency").flatMap { currencyCode($0, Self.child(o.path, "currency")) }
        let format = o.node("format").flatMap { self.format($0, Self.child(o.path, "format")) }
        if let n = o.node("currency"), o.node("format") != nil {
            report(Self.child(o.path, "currency"), n.position, "give either currency or format, not both; format {\"currency\": …} says the same")
        }
        let total = choice(o, "total", noun: "total placement", among: ["title", "center", "none"])
        var group: (below: Double, label: String)?
        if let n = o.node("group"), let g = object(n, Self.child(o.path, "group"), expected: "{\"below\": share, \"label\": name}") {
            checkKeys(g, allowed: ["below", "label"], noun: "a group")
            let below = number(g, "below", required: true, expected: "a share of the total > 0 and < 1 (0.02 is 2 %)") { $0 > 0 && $0 < 1 }
            let label = string(g, "label")
            if let below, g.node("label") == nil || label != nil { group = (below, label ?? "Other") }
        }

        var appear: PieChart.Appear?
        if let n = o.node("appear") {
            let path = Self.child(o.path, "appear")
            let expected = "\"all\" or {\"interval\": seconds}"
            switch n.value {
            case .string("all"):
                appear = .all
            case .object:
                if let a = object(n, path) {
                    checkKeys(a, allowed: ["interval"], noun: "appear")
                    let range = SpecLimits.arrivalInterval
                    if let interval = number(a, "interval", required: true,
                                             expected: "a number of seconds from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))",
                                             { range.contains($0) }) {
                        appear = .sequence(interval: interval)
                    }
                }
            default:
                report(path, n.position, "expected \(expected), got \(Self.got(n.value))")
            }
        }

        var sectors: [PieSector] = []
        var sectorsOK = true
        if let elements = array(o, "sectors", required: true, expected: "an array of sectors",
                                limit: SpecLimits.sectors, noun: "sectors") {
            let sectorsPath = Self.child(o.path, "sectors")
            for (i, e) in elements.enumerated() {
                let path = Self.index(sectorsPath, i)
                guard let s = object(e, path, expected: "a sector (an object with a \"name\" and a \"value\")") else {
                    sectorsOK = false; continue
                }
                checkKeys(s, allowed: Self.sectorKeys, noun: "a sector")
                let name = string(s, "name", required: true, expected: "a sector name (a string)")
                let value = number(s, "value", required: true, expected: "a finite number ≥ 0") { $0.isFinite && $0 >= 0 }
                let hasColor = s.node("color") != nil
                let color = color(s, "color")
                if let name, let value, !hasColor || color != nil {
                    sectors.append(PieSector(name: name, value: value, color: color))
                } else {
                    sectorsOK = false
                }
            }
        } else {
            sectorsOK = false
        }

        // The total is shown and divides every share: it must be a finite number. Summed in
        // units of the largest value, so the check itself cannot overflow.
        let largest = sectors.reduce(0.0) { max($0, $1.value) }
        if largest > 0, sectors.reduce(0.0, { $0 + $1.value / largest }) * (largest / Double.greatestFiniteMagnitude) > 1 {
            report(Self.child(o.path, "sectors"), o.node("sectors")?.position,
                   "the values add up to more than \(Self.format(Double.greatestFiniteMagnitude)), the largest number a total can be")
            sectorsOK = false
        }
        guard sectorsOK else { return nil }
        let chart = PieChart(title: title, sectors: sectors, innerRadius: innerRadius ?? (donut ? 0.5 : 0),
                        angularInset: angularInset ?? 0, cornerRadius: cornerRadius ?? 0,
                        annotations: annotations ?? false, currency: currency,
                        appear: appear ?? .sequence(interval: 0.8), centerLabel: total == "center" ? .total : centerLabel ?? .none,
                        minimumAnnotationAngle: minimumAngle ?? 0, legend: legend ?? true,
                        format: format, totalInTitle: total == "title")
        return group.map { chart.grouped(below: $0.below, label: $0.label) } ?? chart
    }

    mutating func scan(_ o: Object) -> ScanChart? {
        let title = string(o, "title")
        let color = color(o, "color")
        let seconds = SpecLimits.scanSeconds
        let secondsText = "a number of seconds from \(Self.format(seconds.lowerBound)) to \(Self.format(seconds.upperBound))"
        let duration = number(o, "duration", expected: secondsText) { seconds.contains($0) }
        let direction = choice(o, "direction", noun: "direction", among: ["clockwise", "counterclockwise"])
        let borderWidth = number(o, "borderWidth", expected: "a number of points from 0 to 64") { $0 >= 0 && $0 <= 64 }
        let rings = integer(o, "rings", in: 0...10)
        let spokes = integer(o, "spokes", in: 0...36)
        let fade = number(o, "fade", expected: secondsText) { seconds.contains($0) }

        var ok = true
        var gradient: [ChartColor]?
        if let n = o.node("gradient") {
            let path = Self.child(o.path, "gradient")
            let expected = "an array of 2 to 8 colors"
            if case .array(let elements) = n.value {
                if elements.count < 2 || elements.count > 8 {
                    report(path, n.position, "expected \(expected), got \(elements.count) color\(elements.count == 1 ? "" : "s")")
                    ok = false
                } else {
                    var stops: [ChartColor] = []
                    for (i, e) in elements.enumerated() {
                        if let c = self.color(e, Self.index(path, i)) { stops.append(c) } else { ok = false }
                    }
                    gradient = stops
                }
            } else {
                report(path, n.position, "expected \(expected), got \(Self.got(n.value))")
                ok = false
            }
        }

        var blips: [Blip] = []
        if let elements = array(o, "blips", expected: "an array of blips", limit: SpecLimits.blips, noun: "blips") {
            let blipsPath = Self.child(o.path, "blips")
            for (i, e) in elements.enumerated() {
                let path = Self.index(blipsPath, i)
                guard let b = object(e, path, expected: "a blip (an object with an \"angle\" and a \"distance\")") else {
                    ok = false; continue
                }
                checkKeys(b, allowed: Self.blipKeys, noun: "a blip")
                let angle = number(b, "angle", required: true, expected: "a finite number of degrees") { $0.isFinite }
                let distance = number(b, "distance", required: true, expected: "a number from 0 to 1") { $0 >= 0 && $0 <= 1 }
                let hasLabel = b.node("label") != nil
                let label = string(b, "label")
                if let angle, let distance, !hasLabel || label != nil {
                    blips.append(Blip(angle: angle, distance: distance, label: label))
                } else {
                    ok = false
                }
            }
        }

        guard ok else { return nil }
        return ScanChart(title: title, color: color ?? .system(.green), duration: duration ?? 3,
                         clockwise: direction.map { $0 == "clockwise" } ?? true, gradient: gradient,
                         borderWidth: borderWidth ?? 2, rings: rings ?? 0, spokes: spokes ?? 0,
                         blips: blips, fade: fade ?? 2)
    }
}
