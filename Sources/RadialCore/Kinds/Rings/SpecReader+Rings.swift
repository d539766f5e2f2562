import Foundation

/// Activity rings' keys and reader (docs/spec.md, "The radial family").
extension SpecReader {
    static let ringsKeys = ["type", "title", "subtitle", "rings", "legend", "thickness"]
    static let ringKeys = ["name", "value", "goal", "color", "pattern", "format", "unit"]

    mutating func rings(_ o: Object) -> RingsChart? {
        var ok = true
        let title = string(o, "title"), subtitle = string(o, "subtitle")
        let legend = bool(o, "legend")
        let thickness = number(o, "thickness", RingsChart.Rules.thickness)
        if (o.node("legend") != nil && legend == nil) || (o.node("thickness") != nil && thickness == nil)
            || (o.node("title") != nil && title == nil) || (o.node("subtitle") != nil && subtitle == nil) { ok = false }
        var rings: [ActivityRing] = []
        if let elements = array(o, "rings", required: true, expected: "an array of rings ({\"name\", \"value\", \"goal\"})",
                                limit: SpecLimits.rings, noun: "rings") {
            let path = Self.child(o.path, "rings")
            for (i, e) in elements.enumerated() {
                let rp = Self.index(path, i)
                guard let r = object(e, rp, expected: "a ring (an object with a \"name\", a \"value\" and a \"goal\")") else { ok = false; continue }
                checkKeys(r, allowed: Self.ringKeys, noun: "a ring")
                let name = string(r, "name", required: true, expected: "a ring name (a string)")
                let value = number(r, "value", required: true, RingsChart.Rules.value)
                let goal = number(r, "goal", required: true, RingsChart.Rules.goal)
                let hasColor = r.node("color") != nil
                let c = color(r, "color")
                let pattern = self.pattern(r)
                let (format, formatOK) = numberFormat(r, unitKey: true)
                // A ring past its goal draws its laps: beyond 100 laps nothing more shows.
                if let value, let goal, let why = RingsChart.lapsProblem(value: value, goal: goal) {
                    report(Self.child(rp, "value"), r.node("value")?.position, why)
                    ok = false; continue
                }
                if let name, let value, let goal, !hasColor || c != nil, formatOK, pattern.ok {
                    var ring = ActivityRing(name: name, value: value, goal: goal, color: c, format: format)
                    ring.pattern = pattern.pattern
                    rings.append(ring)
                } else { ok = false }
            }
        } else { ok = false }
        guard ok else { return nil }
        return RingsChart(title: title, subtitle: subtitle, rings: rings, legend: legend ?? true, thickness: thickness)
    }
}
