import Foundation

/// Radar charts: axes (names or objects with ranges and formats), number formats, series values.
extension SpecReader {
    mutating func radar(_ o: Object) -> RadarChart? {
        let title = string(o, "title")
        let subtitle = string(o, "subtitle")
        let maximum = number(o, "maximum", RadarChart.Rules.maximum)
        let rings = integer(o, "rings", RadarChart.Rules.rings)

        let ringLabels = bool(o, "ringLabels")
        let valueLabels = bool(o, "valueLabels")
        let grid = choice(o, "grid", noun: "grid shape", among: ["polygon", "circle"])
        let bands = bool(o, "bands")
        // "first": the first axis' scale at the rings (as ringLabels); "all": every axis' own.
        let ticks = choice(o, "ticks", noun: "ticks choice", among: ["none", "first", "all"])
        if (o.node("grid") != nil && grid == nil) || (o.node("bands") != nil && bands == nil) || (o.node("ticks") != nil && ticks == nil) { return nil }
        let legend = legendPosition(o)

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
                let pattern = self.pattern(s)
                if let name, let values, let color, pattern.ok {
                    if !explicit { defaulted.append(series.count) }
                    var one = RadarSeries(name: name, values: values, color: color, colorFromPalette: !explicit)
                    one.pattern = pattern.pattern
                    series.append(one)
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
                          ringLabels: ticks.map { $0 == "first" } ?? ringLabels ?? false, valueLabels: valueLabels ?? false, legend: legend ?? .automatic,
                          circularGrid: grid == "circle", bands: bands ?? false, allTicks: ticks == "all")
    }

    /// An axis object: `{"name": "Price", "min": 500, "max": 3000, "inverted": true, "unit": "€"}`.
    mutating func axis(_ node: JSONNode, _ path: String, maximum: Double) -> (String, RadarAxisScale)? {
        guard let a = object(node, path) else { return nil }
        checkKeys(a, allowed: Self.axisKeys, noun: "an axis")
        let name = string(a, "name", required: true, expected: "an axis name (a string)")
        let lo = number(a, "min", RadarChart.Rules.bound)
        let hi = number(a, "max", RadarChart.Rules.bound)
        let inverted = bool(a, "inverted")
        let unit = string(a, "unit")
        let hasFormat = a.node("format") != nil
        let format = a.node("format").flatMap { self.format($0, Self.child(path, "format")) }
        let minimum = lo ?? 0, maximum = hi ?? maximum
        var ok = (a.node("min") == nil || lo != nil) && (a.node("max") == nil || hi != nil) && (!hasFormat || format != nil)
            && (a.node("unit") == nil || unit != nil) && (a.node("inverted") == nil || inverted != nil)
        // `unit` is shorthand for `"format": {"unit": …}`: with a format of its own one would be dropped.
        if let n = a.node("unit"), hasFormat {
            report(Self.child(path, "unit"), n.position, "give either unit or format, not both; format {\"unit\": …} says the same")
            ok = false
        }
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
            let decimals = integer(f, "decimals", NumberFormat.decimalsRule)
            let notation = choice(f, "notation", noun: "notation", among: ["standard", "compact"])
            let given = ["style", "currency", "unit"].filter { f.node($0) != nil }
            if given.count > 1 {
                report(Self.child(path, given[1]), f.node(given[1])?.position, "a format has one of style, currency and unit; this one has \(Self.list(given))")
                return nil
            }
            if f.members.count != [style as Any?, currency, unit, decimals, notation].compactMap({ $0 }).count { return nil }
            let format: NumberFormat = if let currency { .currency(code: currency, decimals: decimals) }
                else if let unit { .unit(unit, decimals: decimals) }
                else { style == "percent" ? .percent(decimals: decimals) : .number(decimals: decimals) }
            return notation == "compact" ? .compact(format) : format
        default:
            report(path, node.position, "expected \(expected), got \(Self.got(node.value))")
            return nil
        }
    }

    /// Every ISO 4217 code the system knows ("USD", "EUR", "JPY", …), for checking and suggestions.
    static let currencies: Set<String> = Set(Locale.Currency.isoCurrencies.map(\.identifier))
    /// The codes in use today, the ones a suggestion names (not a withdrawn "BRZ" for "XYZ").
    static let commonCurrencies: [String] = Locale.commonISOCurrencyCodes.sorted()

    /// A code in use today that `code` is a slip of: two letters swapped ("ERU" for EUR), else
    /// one letter wrong ("USF" for USD, the first such in order); nil when none is that close.
    static func nearCurrency(_ code: String) -> String? {
        let a = Array(code)
        if let swapped = commonCurrencies.first(where: { c in
            let b = Array(c)
            let diff = (0..<3).filter { a[$0] != b[$0] }
            return diff.count == 2 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
        }) { return swapped }
        return commonCurrencies.first { c in zip(a, Array(c)).filter { $0 != $1 }.count == 1 }
    }

    /// A three-letter ISO 4217 code such as "USD", case-folded ("usd" is USD); an unknown one
    /// ("XYZ", which would format as "XYZ 4,415") is refused with the nearest code.
    mutating func currencyCode(_ n: JSONNode, _ path: String) -> String? {
        guard case .string(let given) = n.value else {
            report(path, n.position, "expected a three-letter ISO 4217 currency code such as \"USD\", got \(Self.got(n.value))")
            return nil
        }
        if let why = Self.currencyProblem(given) {
            report(path, n.position, why)
            return nil
        }
        return given.uppercased()
    }

    /// Why `code` is not a currency Radial can write (the one rule for files and for Swift's
    /// `NumberFormat.currency`), or nil; case does not matter ("usd" is USD).
    static func currencyProblem(_ code: String) -> String? {
        let s = code.uppercased()
        if s.utf8.count == 3, s.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            if currencies.contains(s) { return nil }
            let near = nearCurrency(s).map { "; did you mean \"\($0)\"?" } ?? ""
            return "unknown currency \(shown(code)); expected an ISO 4217 code such as \"USD\" or \"EUR\"" + near
        }
        return "expected a three-letter ISO 4217 currency code such as \"USD\", got \(shown(code))"
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
}
