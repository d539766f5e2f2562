/// A rose's rules: its wedges, its rim value, rings and start.
extension RoseChart {
    /// The numbers a rose holds, as files and Swift are held to them.
    package enum Rules {
        static let maximum = NumberRule.positive
        static let rings = IntegerRule(0...20)
        static let startAngle = NumberRule.degrees
        /// A value of one of several series (NaN, a file's null, is no value).
        static let seriesValue = NumberRule("a finite number ≥ 0 or null (no value)") { $0.isFinite && $0 >= 0 }
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(text: subtitle, at: path + ".subtitle")
        v.check(maximum, Rules.maximum, at: path + ".maximum")
        v.check(rings, Rules.rings, at: path + ".rings")
        v.check(startAngle, Rules.startAngle, at: path + ".startAngle")
        v.check(color, at: path + ".color")
        v.check(format, at: path + ".format")
        Self.validateData(single: sectors, key: "sectors", categories: categories, series: series, limit: SpecLimits.roseSectors,
                          colorScale: colorScale, at: path, into: &v)
    }

    /// A rose's or radial bars' data: one series (`sectors`, `bars`: a name and a value each), or
    /// several over `categories`, never both; every total a finite number.
    static func validateData(single: [PieSector], key: String, categories: [String], series: [CategorySeries], limit: Int,
                             colorScale: ColorScale, at path: String, into v: inout Validator) {
        guard !categories.isEmpty || !series.isEmpty else {
            validateNamedValues(single, limit: limit, noun: key, at: path + "." + key, into: &v)
            if let why = PieChart.totalProblem(single.map(\.value).filter(\.isFinite)) { v.report(path + "." + key, why) }
            return
        }
        if !single.isEmpty { v.report(path + "." + key, "give either \(key) or categories and series, not both; \(key) is one series, a name and a value each") }
        guard v.check(count: categories.count, limit: limit, noun: "categories", at: path + ".categories"),
              v.check(count: series.count, limit: SpecLimits.series, noun: "series", at: path + ".series") else { return }
        for (i, name) in categories.enumerated() { v.check(text: name, at: path + ".categories[\(i)]") }
        if series.isEmpty { v.report(path + ".series", "expected at least one series, got an empty array") }
        if colorScale == .value && series.count > 1 {
            v.report(path + ".colorScale", "a color scale by value colors one series; with several series each series has its own color")
        }
        var valuesOK = true
        for (i, s) in series.enumerated() {
            let sp = path + ".series[\(i)]"
            v.check(text: s.name, at: sp + ".name")
            v.check(s.color, at: sp + ".color")
            guard s.values.count == categories.count else {
                v.report(sp + ".values", "expected \(categories.count) value\(categories.count == 1 ? "" : "s"), one per category, got \(s.values.count)")
                valuesOK = false; continue
            }
            for (k, value) in s.values.enumerated() where !value.isNaN {
                valuesOK = v.check(value, Rules.seriesValue, at: sp + ".values[\(k)]") && valuesOK
            }
        }
        guard valuesOK else { return }
        for c in categories.indices where !(series.reduce(0.0) { $0 + Stacking.clean($1.values[c]) / Double.greatestFiniteMagnitude } <= 1) {
            v.report(path + ".series", "the values of \(SpecReader.shown(categories[c])) add up to more than \(SpecReader.format(Double.greatestFiniteMagnitude)), the largest number a total can be")
            return
        }
    }

    /// Named values (a rose's wedges, radial bars): each named, valued and colored.
    static func validateNamedValues(_ values: [PieSector], limit: Int, noun: String, at path: String, into v: inout Validator) {
        guard v.check(count: values.count, limit: limit, noun: noun, at: path) else { return }
        for (i, s) in values.enumerated() {
            v.check(text: s.name, at: path + "[\(i)].name")
            v.check(s.value, PieChart.Rules.value, at: path + "[\(i)].value")
            v.check(s.color, at: path + "[\(i)].color")
        }
    }
}

/// Radial bars' rules: the bars, the sweep and the value of a whole one.
extension RadialBarChart {
    /// The numbers radial bars hold, as files and Swift are held to them.
    package enum Rules {
        static let maximum = NumberRule.positive
        static let sweep = NumberRule.range(30...360, "a number of degrees")
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(text: subtitle, at: path + ".subtitle")
        v.check(maximum, Rules.maximum, at: path + ".maximum")
        v.check(sweep, Rules.sweep, at: path + ".sweep")
        v.check(format, at: path + ".format")
        v.check(color, at: path + ".color")
        if color != nil && !series.isEmpty {
            v.report(path + ".color", "one color for every bar is for one series; with several, give each series its color")
        }
        RoseChart.validateData(single: bars, key: "bars", categories: categories, series: series, limit: SpecLimits.radialBars,
                               colorScale: colorScale, at: path, into: &v)
    }
}
