import Foundation

/// What the radial family's readers share (docs/spec.md, "The radial family"): number formats, angle
/// pairs, named values and series over categories, stacking, color scales and mark labels.
extension SpecReader {
    static let categorySeriesKeys = ["name", "values", "color", "pattern"]

    /// `format`, or `currency` as its shorthand (both at once is one too many), or `unit` where the
    /// kind has it; `ok` false when one was given and refused.
    mutating func numberFormat(_ o: Object, unitKey: Bool = false) -> (format: NumberFormat?, ok: Bool) {
        let format = o.node("format").flatMap { self.format($0, Self.child(o.path, "format")) }
        var ok = o.node("format") == nil || format != nil
        // One of format, currency and unit: a currency with a unit would drop one of them.
        if unitKey, let n = o.node("unit"), o.node("currency") != nil {
            report(Self.child(o.path, "unit"), n.position, "give either currency or unit, not both; a format has one of style, currency and unit")
            ok = false
        }
        if o.node("currency") != nil {
            let code = o.node("currency").flatMap { currencyCode($0, Self.child(o.path, "currency")) }
            if let n = o.node("currency"), o.node("format") != nil {
                report(Self.child(o.path, "currency"), n.position, "give either currency or format, not both; format {\"currency\": …} says the same")
                ok = false
            }
            if let code { return (.currency(code: code, decimals: nil), ok) }
            return (format, false)
        }
        if unitKey, o.node("unit") != nil {
            let unit = string(o, "unit")
            if let n = o.node("unit"), o.node("format") != nil {
                report(Self.child(o.path, "unit"), n.position, "give either unit or format, not both; format {\"unit\": …} says the same")
                ok = false
            }
            if let unit { return (.unit(unit, decimals: nil), ok) }
            return (format, false)
        }
        return (format, ok)
    }

    /// "a number of degrees from -3600 to 3600": the limit on start and end angles, named.
    static let degreesExpected = "a number of degrees from -\(Int(SpecLimits.degrees)) to \(Int(SpecLimits.degrees))"

    /// A start and end angle pair, end after start by at most a turn.
    mutating func angles(_ o: Object, start defaultStart: Double, end defaultEnd: Double) -> (Double, Double)? {
        let expected = Self.degreesExpected + " (clockwise from 12 o'clock)"
        let start = number(o, "startAngle", expected: expected) { abs($0) <= SpecLimits.degrees }
        let end = number(o, "endAngle", expected: expected) { abs($0) <= SpecLimits.degrees }
        if (o.node("startAngle") != nil && start == nil) || (o.node("endAngle") != nil && end == nil) { return nil }
        let a0 = start ?? defaultStart, a1 = end ?? defaultEnd
        if let why = Self.anglesProblem(a0, a1) {
            let at = o.node("endAngle") ?? o.node("startAngle")
            report(Self.child(o.path, o.node("endAngle") != nil ? "endAngle" : "startAngle"), at?.position ?? o.position, why)
            return nil
        }
        return (a0, a1)
    }

    /// Why an arc from `a0` to `a1` degrees cannot be drawn (the end must follow the start by
    /// more than 0° and at most a turn), or nil: files and Swift alike.
    static func anglesProblem(_ a0: Double, _ a1: Double) -> String? {
        guard a1 <= a0 || a1 - a0 > 360 else { return nil }
        return "expected endAngle after startAngle by more than 0° and at most 360°, got \(format(a0))° to \(format(a1))°"
    }

    // MARK: - Named values and series over categories (roses, radial bars)

    /// Named values (rose sectors, radial bars): `{"name", "value", "color"}` each.
    mutating func namedValues(_ o: Object, key: String, noun: String, limit: Int) -> [PieSector]? {
        guard let elements = array(o, key, required: true, expected: "an array of \(noun)s (objects with a \"name\" and a \"value\")",
                                   limit: limit, noun: noun + "s") else { return nil }
        let path = Self.child(o.path, key)
        var out: [PieSector] = []
        var ok = true
        for (i, e) in elements.enumerated() {
            let p = Self.index(path, i)
            guard let s = object(e, p, expected: "a \(noun) (an object with a \"name\" and a \"value\")") else { ok = false; continue }
            checkKeys(s, allowed: Self.sectorKeys, noun: "a \(noun)")
            let name = string(s, "name", required: true, expected: "a \(noun) name (a string)")
            let value = number(s, "value", required: true, PieChart.Rules.value)
            let hasColor = s.node("color") != nil
            let c = color(s, "color")
            if s.node("offset") != nil { ok = false }   // reported by checkKeys: only pie sectors move out
            let pattern = self.pattern(s)
            if let name, let value, !hasColor || c != nil, pattern.ok {
                var datum = PieSector(name: name, value: value, color: c)
                datum.pattern = pattern.pattern
                out.append(datum)
            } else { ok = false }
        }
        return ok ? out : nil
    }

    /// The data of a rose or radial bars: `key` (one series, a name and a value each), or
    /// `categories` and `series` (several, a value per category each), never both.
    mutating func categoryData(_ o: Object, key: String, noun: String, limit: Int) -> (single: [PieSector], categories: [String], series: [CategorySeries])? {
        let several = o.node("series") != nil || o.node("categories") != nil
        if several {
            if let n = o.node(key) {
                report(Self.child(o.path, key), n.position, "give either \(key) or categories and series, not both; \(key) is one series, a name and a value each")
                return nil
            }
            guard let names = array(o, "categories", required: true, expected: "an array of category names (strings)", limit: limit, noun: "categories") else { return nil }
            var categories: [String] = []
            for (i, n) in names.enumerated() { if let name = string(n, Self.index(Self.child(o.path, "categories"), i), expected: "a category name (a string)") { categories.append(name) } }
            guard categories.count == names.count,
                  let elements = array(o, "series", required: true, expected: "an array of series ({\"name\", \"values\"})", limit: SpecLimits.series, noun: "series")
            else { return nil }
            if elements.isEmpty, let n = o.node("series") { report(Self.child(o.path, "series"), n.position, "expected at least one series, got an empty array"); return nil }
            let path = Self.child(o.path, "series")
            var series: [CategorySeries] = []
            var ok = true
            for (i, e) in elements.enumerated() {
                let p = Self.index(path, i)
                guard let so = object(e, p, expected: "a series (an object with a \"name\" and \"values\")") else { ok = false; continue }
                checkKeys(so, allowed: Self.categorySeriesKeys, noun: "a series")
                let name = string(so, "name", required: true, expected: "a series name (a string)")
                let hasColor = so.node("color") != nil
                let c = color(so, "color")
                guard let values = array(so, "values", required: true, expected: "an array of numbers, one per category",
                                         limit: limit, noun: "values") else { ok = false; continue }
                if values.count != categories.count {
                    report(Self.child(p, "values"), so.node("values")?.position,
                           "expected \(categories.count) value\(categories.count == 1 ? "" : "s"), one per category, got \(values.count)")
                    ok = false; continue
                }
                var numbers: [Double] = []
                for (k, v) in values.enumerated() {
                    if case .null = v.value { numbers.append(.nan); continue }
                    if let d = number(v, Self.index(Self.child(p, "values"), k), expected: RoseChart.Rules.seriesValue.expected, RoseChart.Rules.seriesValue.accepts) {
                        numbers.append(d)
                    }
                }
                let pattern = self.pattern(so)
                if let name, numbers.count == values.count, !hasColor || c != nil, pattern.ok {
                    var one = CategorySeries(name: name, values: numbers, color: c)
                    one.pattern = pattern.pattern
                    series.append(one)
                } else { ok = false }
            }
            guard ok else { return nil }
            // Every stack's total must be a number: each value may be finite and their sum not.
            for c in categories.indices where !(series.reduce(0.0) { $0 + Stacking.clean($1.values[c]) / Double.greatestFiniteMagnitude } <= 1) {
                report(Self.child(o.path, "series"), o.node("series")?.position,
                       "the values of \(Self.shown(categories[c])) add up to more than \(Self.format(Double.greatestFiniteMagnitude)), the largest number a total can be")
                return nil
            }
            return ([], categories, series)
        }
        guard let single = namedValues(o, key: key, noun: noun, limit: limit) else { return nil }
        if !(single.reduce(0.0) { $0 + $1.value / Double.greatestFiniteMagnitude } <= 1) {
            report(Self.child(o.path, key), o.node(key)?.position,
                   "the values add up to more than \(Self.format(Double.greatestFiniteMagnitude)), the largest number a total can be")
            return nil
        }
        return (single, [], [])
    }

    /// `"stack"` among what a kind allows, with a hint for the other kind's word.
    mutating func stack(_ o: Object, allowed: [PolarStack], hint: String) -> PolarStack? {
        guard let n = o.node("stack") else { return nil }
        let path = Self.child(o.path, "stack")
        let names = allowed.map(\.rawValue)
        if case .string(let word) = n.value, let other = PolarStack(rawValue: word), !allowed.contains(other) {
            report(path, n.position, "\(Self.shown(word)) is not a way this chart stacks; expected one of \(Self.list(names)) (\(hint))")
            return nil
        }
        return choice(n, path, noun: "stacking", among: names).flatMap(PolarStack.init(rawValue:))
    }

    /// `"colorScale"`: categorical, or value for one series only.
    mutating func colorScale(_ o: Object, severalSeries: Bool) -> ColorScale? {
        guard let scale = choice(o, "colorScale", noun: "color scale", among: ColorScale.allCases.map(\.rawValue)).flatMap(ColorScale.init(rawValue:)) else { return nil }
        if scale == .value && severalSeries {
            report(Self.child(o.path, "colorScale"), o.node("colorScale")?.position,
                   "a color scale by value colors one series; with several series each series has its own color")
            return nil
        }
        return scale
    }

    mutating func markLabels(_ o: Object) -> MarkLabels? {
        choice(o, "labels", noun: "labels choice", among: MarkLabels.allCases.map(\.rawValue)).flatMap(MarkLabels.init(rawValue:))
    }
}
