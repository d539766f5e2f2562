import Foundation

/// A gauge's keys and reader (docs/spec.md, "The radial family").
extension SpecReader {
    static let gaugeKeys = ["type", "title", "subtitle", "label", "value", "min", "max", "startAngle", "endAngle", "bands", "threshold",
                            "needle", "color", "format", "currency", "unit", "thickness", "ticks"]
    static let bandKeys = ["to", "color", "name", "pattern"]

    mutating func gauge(_ o: Object) -> GaugeChart? {
        var ok = true
        let title = string(o, "title"), subtitle = string(o, "subtitle"), label = string(o, "label")
        let value = number(o, "value", required: true, GaugeChart.Rules.number)
        let lo = number(o, "min", GaugeChart.Rules.number)
        let hi = number(o, "max", GaugeChart.Rules.number)
        let threshold = number(o, "threshold", GaugeChart.Rules.number)
        let needle = bool(o, "needle"), ticks = bool(o, "ticks")
        let color = color(o, "color")
        let thickness = number(o, "thickness", GaugeChart.Rules.thickness)
        let (format, formatOK) = numberFormat(o, unitKey: true)
        let arc = angles(o, start: -120, end: 120)
        if o.node("ticks") != nil && ticks == nil { ok = false }
        for key in ["value", "min", "max", "threshold", "thickness", "needle", "color", "title", "subtitle", "label"] where o.node(key) != nil {
            if (key == "value" && value == nil) || (key == "min" && lo == nil) || (key == "max" && hi == nil) || (key == "threshold" && threshold == nil)
                || (key == "thickness" && thickness == nil) || (key == "needle" && needle == nil) || (key == "color" && color == nil)
                || (key == "title" && title == nil) || (key == "subtitle" && subtitle == nil) || (key == "label" && label == nil) { ok = false }
        }
        let minimum = lo ?? 0, maximum = hi ?? 100
        if lo != nil || hi != nil, minimum >= maximum {
            let key = o.node("min") != nil ? "min" : "max"
            report(Self.child(o.path, key), o.node(key)?.position, "expected min below max, got min \(Self.format(minimum)) and max \(Self.format(maximum))")
            ok = false
        }
        var bands: [GaugeBand] = []
        if let elements = array(o, "bands", expected: "an array of bands ({\"to\": value, \"color\": color})", limit: SpecLimits.gaugeBands, noun: "bands") {
            let path = Self.child(o.path, "bands")
            var previous = minimum
            for (i, e) in elements.enumerated() {
                let bp = Self.index(path, i)
                guard let b = object(e, bp, expected: "a band (an object with \"to\" and \"color\")") else { ok = false; continue }
                checkKeys(b, allowed: Self.bandKeys, noun: "a band")
                let to = number(b, "to", required: true, GaugeChart.Rules.number)
                let hasColor = b.node("color") != nil
                let c = self.color(b, "color")
                if !hasColor { report(Self.child(bp, "color"), b.position, "missing; expected a color") }
                let name = b.node("name") == nil ? nil : string(b, "name")
                let pattern = self.pattern(b)
                guard let to, let c, b.node("name") == nil || name != nil, pattern.ok else { ok = false; continue }
                if let why = GaugeChart.bandProblem(to: to, after: previous, maximum: maximum) {
                    report(Self.child(bp, "to"), b.node("to")?.position, why)
                    ok = false; continue
                }
                previous = to
                var band = GaugeBand(to: to, color: c, name: name)
                band.pattern = pattern.pattern
                bands.append(band)
            }
        } else if o.node("bands") != nil { ok = false }
        guard ok, formatOK, let value, let arc else { return nil }
        return GaugeChart(title: title, subtitle: subtitle, label: label, value: value, minimum: minimum, maximum: maximum,
                          startAngle: arc.0, endAngle: arc.1, bands: bands, threshold: threshold, needle: needle ?? false,
                          color: color ?? .system(.blue), format: format, thickness: thickness ?? 0.16, ticks: ticks ?? true)
    }
}
