/// A gauge's rules: its value and scale, arc, thickness, bands and threshold.
extension GaugeChart {
    /// The numbers a gauge holds, as files and Swift are held to them.
    package enum Rules {
        static let number = NumberRule.finite
        static let thickness = NumberRule.range(0.02...0.5, "a share of the radius")
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(text: subtitle, at: path + ".subtitle")
        v.check(text: label, at: path + ".label")
        v.check(value, Rules.number, at: path + ".value")
        let lo = v.check(minimum, Rules.number, at: path + ".minimum")
        let hi = v.check(maximum, Rules.number, at: path + ".maximum")
        let scaleOK = lo && hi && minimum < maximum
        if lo, hi, !scaleOK {
            v.report(path + ".minimum", "expected minimum below maximum, got minimum \(SpecReader.format(minimum)) and maximum \(SpecReader.format(maximum))")
        }
        v.check(threshold, Rules.number, at: path + ".threshold")
        v.check(thickness, Rules.thickness, at: path + ".thickness")
        v.check(startAngle: startAngle, endAngle: endAngle, at: path)
        v.check(color, at: path + ".color")
        v.check(format, at: path + ".format")
        guard v.check(count: bands.count, limit: SpecLimits.gaugeBands, noun: "bands", at: path + ".bands") else { return }
        var previous = minimum
        for (i, band) in bands.enumerated() {
            let bp = path + ".bands[\(i)]"
            v.check(band.color, at: bp + ".color")
            v.check(text: band.name, at: bp + ".name")
            guard v.check(band.to, Rules.number, at: bp + ".to"), scaleOK else { continue }
            if let why = Self.bandProblem(to: band.to, after: previous, maximum: maximum) { v.report(bp + ".to", why); continue }
            previous = band.to
        }
    }

    /// Why a band cannot end at `to` (it must end above where it starts and at most at the
    /// gauge's maximum), or nil.
    static func bandProblem(to: Double, after previous: Double, maximum: Double) -> String? {
        guard to <= previous || to > maximum else { return nil }
        return "expected a value above \(SpecReader.format(previous)) (where the band starts) and at most the gauge's max \(SpecReader.format(maximum)), got \(SpecReader.format(to))"
    }
}

/// Activity rings' rules: each ring's value against its goal, the rings' thickness.
extension RingsChart {
    /// The numbers activity rings hold, as files and Swift are held to them.
    package enum Rules {
        static let thickness = NumberRule.range(0.02...0.3, "a share of the radius")
        static let value = NumberRule.nonNegative
        static let goal = NumberRule.positive
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(text: subtitle, at: path + ".subtitle")
        v.check(thickness, Rules.thickness, at: path + ".thickness")
        guard v.check(count: rings.count, limit: SpecLimits.rings, noun: "rings", at: path + ".rings") else { return }
        for (i, ring) in rings.enumerated() {
            let rp = path + ".rings[\(i)]"
            v.check(text: ring.name, at: rp + ".name")
            let valueOK = v.check(ring.value, Rules.value, at: rp + ".value")
            let goalOK = v.check(ring.goal, Rules.goal, at: rp + ".goal")
            if valueOK, goalOK, let why = Self.lapsProblem(value: ring.value, goal: ring.goal) { v.report(rp + ".value", why) }
            v.check(ring.color, at: rp + ".color")
            v.check(ring.format, at: rp + ".format")
        }
    }

    /// Why a ring cannot draw `value` against `goal` (more than `SpecLimits.ringLaps` laps), or nil.
    static func lapsProblem(value: Double, goal: Double) -> String? {
        guard value / goal > SpecLimits.ringLaps else { return nil }
        return "\(SpecReader.format(value)) is more than \(Int(SpecLimits.ringLaps)) times the goal \(SpecReader.format(goal)); the limit is \(Int(SpecLimits.ringLaps)) laps"
    }
}
