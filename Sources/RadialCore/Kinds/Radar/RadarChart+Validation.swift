/// A radar's rules: its scale, its axes and their ranges, its series and their values.
extension RadarChart {
    /// The numbers a radar holds, as files and Swift are held to them.
    package enum Rules {
        static let maximum = NumberRule.positive
        static let rings = IntegerRule(1...20)
        /// An axis' own range: any finite numbers, the minimum below the maximum.
        static let bound = NumberRule.finite
        /// A radar's shape needs three corners: fewer axes draw no shape.
        static let minimumAxes = 3
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(text: subtitle, at: path + ".subtitle")
        v.check(maximum, Rules.maximum, at: path + ".maximum")
        v.check(rings, Rules.rings, at: path + ".rings")
        if v.check(count: axes.count, limit: SpecLimits.axes, noun: "axes", at: path + ".axes") {
            if axes.count < Rules.minimumAxes {
                v.report(path + ".axes", "expected at least \(Rules.minimumAxes) axes (a radar's shape needs three corners), got \(axes.count)")
            }
            for (i, axis) in axes.enumerated() { v.check(text: axis, at: path + ".axes[\(i)]") }
        }
        for (i, scale) in scales.prefix(SpecLimits.axes).enumerated() {
            scale.validate(at: path + ".scales[\(i)]", into: &v)
        }
        guard v.check(count: series.count, limit: SpecLimits.series, noun: "series", at: path + ".series") else { return }
        var firstByName: [String: Int] = [:]
        for (i, s) in series.enumerated() {
            let sp = path + ".series[\(i)]"
            v.check(text: s.name, at: sp + ".name")
            if let first = firstByName[s.name] {
                v.report(sp + ".name", "expected a unique series name; \(SpecReader.shown(s.name)) is also the name of \(path).series[\(first)]")
            } else {
                firstByName[s.name] = i
            }
            if s.values.count > axes.count {
                v.report(sp + ".values", "has \(s.values.count) value\(s.values.count == 1 ? "" : "s") but the chart has \(axes.count) ax\(axes.count == 1 ? "is" : "es")")
            }
            // Any double is a value: NaN is a missing one (null in a file), and one too large for
            // a double (±infinity) counts as missing too, as it does in a file.
            v.check(s.color, at: sp + ".color")
        }
    }
}

extension RadarAxisScale {
    package func validate(at path: String, into v: inout Validator) {
        let lo = v.check(minimum, RadarChart.Rules.bound, at: path + ".minimum")
        let hi = v.check(maximum, RadarChart.Rules.bound, at: path + ".maximum")
        if lo, hi, !(minimum < maximum) {
            v.report(path + ".minimum", "expected minimum below maximum, got minimum \(SpecReader.format(minimum)) and maximum \(SpecReader.format(maximum))")
        }
        v.check(text: unit, at: path + ".unit")
        v.check(format, at: path + ".format")
    }
}
