/// A rose's rules: its wedges, its rim value, rings and start.
extension RoseChart {
    /// The numbers a rose holds, as files and Swift are held to them.
    package enum Rules {
        static let maximum = NumberRule.positive
        static let rings = IntegerRule(0...20)
        static let startAngle = NumberRule.degrees
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(text: subtitle, at: path + ".subtitle")
        v.check(maximum, Rules.maximum, at: path + ".maximum")
        v.check(rings, Rules.rings, at: path + ".rings")
        v.check(startAngle, Rules.startAngle, at: path + ".startAngle")
        v.check(color, at: path + ".color")
        v.check(format, at: path + ".format")
        Self.validateNamedValues(sectors, limit: SpecLimits.roseSectors, noun: "sectors", at: path + ".sectors", into: &v)
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
        RoseChart.validateNamedValues(bars, limit: SpecLimits.radialBars, noun: "bars", at: path + ".bars", into: &v)
    }
}
