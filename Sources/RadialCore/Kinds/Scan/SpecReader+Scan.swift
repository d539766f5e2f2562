import Foundation

/// Radar-scan sweeps: beam, rings and spokes, contacts.
extension SpecReader {
    mutating func scan(_ o: Object) -> ScanChart? {
        let title = string(o, "title")
        let color = color(o, "color")
        let duration = number(o, "duration", ScanChart.Rules.seconds)
        let direction = choice(o, "direction", noun: "direction", among: ["clockwise", "counterclockwise"])
        let borderWidth = number(o, "borderWidth", ScanChart.Rules.borderWidth)
        let rings = integer(o, "rings", ScanChart.Rules.rings)
        let spokes = integer(o, "spokes", ScanChart.Rules.spokes)
        let fade = number(o, "fade", ScanChart.Rules.seconds)

        var ok = true
        var gradient: [ChartColor]?
        if let n = o.node("gradient") {
            let path = Self.child(o.path, "gradient")
            let expected = "an array of 2 to 8 colors"
            if case .array(let elements) = n.value {
                if let why = ScanChart.gradientProblem(count: elements.count) {
                    report(path, n.position, why)
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
                let angle = number(b, "angle", required: true, ScanChart.Rules.blipAngle)
                let distance = number(b, "distance", required: true, ScanChart.Rules.blipDistance)
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
