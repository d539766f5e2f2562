import Foundation

/// Pie and donut charts: sectors, totals, grouping of small slices, arrival.
extension SpecReader {
    mutating func pie(_ o: Object, donut: Bool) -> PieChart? {
        let title = string(o, "title")
        let innerRadius = number(o, "innerRadius", PieChart.Rules.innerRadius)
        let angularInset = number(o, "angularInset", PieChart.Rules.angularInset)
        let cornerRadius = number(o, "cornerRadius", PieChart.Rules.cornerRadius)
        let annotations = bool(o, "annotations")
        let legend = legendPosition(o)
        let minimumAngle = number(o, "minimumAnnotationAngle", PieChart.Rules.minimumAnnotationAngle)
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
                    if let interval = number(a, "interval", required: true, PieChart.Rules.interval) {
                        appear = .sequence(interval: interval)
                    }
                }
            default:
                report(path, n.position, "expected \(expected), got \(Self.got(n.value))")
            }
        }

        let arc = angles(o, start: 0, end: 360)
        let sort = choice(o, "sort", noun: "sort order", among: PieChart.Sort.allCases.map(\.rawValue)).flatMap(PieChart.Sort.init(rawValue:))
        let hoverOffset = number(o, "hoverOffset", PieChart.Rules.hoverOffset)
        let labels = markLabels(o)
        var sectorsOK = arc != nil && (o.node("sort") == nil || sort != nil) && (o.node("hoverOffset") == nil || hoverOffset != nil)
            && (o.node("labels") == nil || labels != nil)

        var sectors: [PieSector] = []
        var layers: [[PieSector]] = []
        if let n = o.node("layers") {
            // Nested rings: the layers replace `sectors`.
            if let s = o.node("sectors") {
                report(Self.child(o.path, "sectors"), s.position, "give either sectors or layers, not both; layers are rings of sectors, inner to outer")
                sectorsOK = false
            }
            let path = Self.child(o.path, "layers")
            if case .array(let rings) = n.value, !rings.isEmpty, rings.count <= SpecLimits.pieLayers {
                let all = rings.reduce(0) { if case .array(let a) = $1.value { return $0 + a.count }; return $0 }
                if all > SpecLimits.sectors {
                    report(path, n.position, "\(all) sectors in all the layers together; the limit is \(SpecLimits.sectors)")
                    sectorsOK = false
                } else {
                    for (i, ring) in rings.enumerated() {
                        let rp = Self.index(path, i)
                        guard case .array(let elements) = ring.value else {
                            report(rp, ring.position, "expected an array of sectors (a layer), got \(Self.got(ring.value))")
                            sectorsOK = false; continue
                        }
                        if let layer = pieSectors(elements, rp) { layers.append(layer) } else { sectorsOK = false }
                    }
                }
            } else if case .array(let rings) = n.value, rings.count > SpecLimits.pieLayers {
                report(path, n.position, "\(rings.count) layers; the limit is \(SpecLimits.pieLayers)")
                sectorsOK = false
            } else {
                report(path, n.position, "expected a non-empty array of layers (each an array of sectors, inner to outer), got \(Self.got(n.value))")
                sectorsOK = false
            }
        } else if let elements = array(o, "sectors", required: true, expected: "an array of sectors",
                                       limit: SpecLimits.sectors, noun: "sectors") {
            if let read = pieSectors(elements, Self.child(o.path, "sectors")) { sectors = read } else { sectorsOK = false }
        } else {
            sectorsOK = false
        }

        // Nested rings draw no cards, totals, rounded corners, arrivals or groups: each of those
        // keys is refused with them rather than accepted and not drawn.
        if o.node("layers") != nil {
            for key in Self.sectorsOnlyKeys {
                guard let n = o.members.first(where: { $0.key == key }) else { continue }
                report(Self.child(o.path, key), n.keyPosition,
                       "a donut of layers has no \(Self.sectorsOnlyNames[key] ?? key); leave \"\(key)\" out, or give \"sectors\" instead of \"layers\"")
                sectorsOK = false
            }
        }
        // The total of each ring must be a finite number: the rule of what a chart computes
        // (`Chart.arithmeticProblems`), applied by `chart(_:_:)`.
        guard sectorsOK else { return nil }
        var chart = PieChart(title: title, sectors: sectors, innerRadius: .ratio(innerRadius ?? (donut ? 0.5 : 0)),
                        angularInset: angularInset ?? 0, cornerRadius: cornerRadius ?? 0,
                        annotations: annotations ?? false, currency: currency,
                        appear: appear ?? .sequence(interval: 0.8), centerLabel: total == "center" ? .total : centerLabel ?? .none,
                        minimumAnnotationAngle: minimumAngle ?? 0, legend: legend != LegendPosition.none,
                        format: format, totalInTitle: total == "title", startAngle: arc?.0 ?? 0, endAngle: arc?.1 ?? 360,
                        sort: sort ?? .none, hoverOffset: hoverOffset ?? 6, layers: layers)
        chart.legendPosition = legend ?? .automatic
        chart.labels = labels ?? MarkLabels.none
        return group.map { chart.grouped(below: $0.below, label: $0.label) } ?? chart
    }

    /// Pie keys a donut of `layers` does not draw (NestedPieItem), refused with it.
    static let sectorsOnlyKeys = ["annotations", "total", "centerLabel", "cornerRadius", "minimumAnnotationAngle", "appear", "group"]
    static let sectorsOnlyNames = ["annotations": "annotations", "total": "total", "centerLabel": "center label", "cornerRadius": "rounded corners",
                                   "minimumAnnotationAngle": "annotation cards", "appear": "arrival one sector at a time (its rings sweep in)",
                                   "group": "grouping of small slices"]

    /// A pie's sectors (or one layer's), each `{"name", "value", "color", "offset"}`.
    mutating func pieSectors(_ elements: [JSONNode], _ sectorsPath: String) -> [PieSector]? {
        var sectors: [PieSector] = []
        var ok = true
        for (i, e) in elements.enumerated() {
            let path = Self.index(sectorsPath, i)
            guard let s = object(e, path, expected: "a sector (an object with a \"name\" and a \"value\")") else {
                ok = false; continue
            }
            checkKeys(s, allowed: Self.sectorKeys + ["offset"], noun: "a sector")
            let name = string(s, "name", required: true, expected: "a sector name (a string)")
            let value = number(s, "value", required: true, PieChart.Rules.value)
            let offset = number(s, "offset", PieChart.Rules.offset)
            let hasColor = s.node("color") != nil
            let color = color(s, "color")
            let pattern = self.pattern(s)
            if let name, let value, !hasColor || color != nil, s.node("offset") == nil || offset != nil, pattern.ok {
                var sector = PieSector(name: name, value: value, color: color, offset: offset ?? 0)
                sector.pattern = pattern.pattern
                sectors.append(sector)
            } else {
                ok = false
            }
        }
        return ok ? sectors : nil
    }
}
