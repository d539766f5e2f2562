import Foundation

/// Gauges, activity rings, roses, radial bars and sunbursts (docs/spec.md, "The radial family").
extension SpecReader {
    static let gaugeKeys = ["type", "title", "subtitle", "label", "value", "min", "max", "startAngle", "endAngle", "bands", "threshold",
                            "needle", "color", "format", "currency", "unit", "thickness", "ticks"]
    static let bandKeys = ["to", "color", "name", "pattern"]
    static let ringsKeys = ["type", "title", "subtitle", "rings", "legend", "thickness"]
    static let ringKeys = ["name", "value", "goal", "color", "pattern", "format", "unit"]
    static let roseKeys = ["type", "title", "subtitle", "sectors", "scale", "maximum", "rings", "legend", "color", "format", "currency", "startAngle",
                           "categories", "series", "stack", "colorScale", "ringLabels", "labels"]
    static let radialBarKeys = ["type", "title", "subtitle", "bars", "maximum", "sweep", "legend", "format", "currency",
                                "categories", "series", "stack", "color", "colorScale", "labels", "ticks"]
    static let categorySeriesKeys = ["name", "values", "color", "pattern"]
    static let sunburstKeys = ["type", "title", "subtitle", "children", "maxDepth", "format", "currency", "innerRadius", "legend", "labels"]
    static let nodeKeys = ["name", "value", "color", "pattern", "children"]

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

    // MARK: - Gauge

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

    // MARK: - Rings

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

    // MARK: - Rose and radial bars

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

    mutating func rose(_ o: Object) -> RoseChart? {
        let title = string(o, "title"), subtitle = string(o, "subtitle")
        let scale = choice(o, "scale", noun: "rose scale", among: RoseChart.Scale.allCases.map(\.rawValue)).flatMap(RoseChart.Scale.init(rawValue:))
        let maximum = number(o, "maximum", RoseChart.Rules.maximum)
        let rings = integer(o, "rings", RoseChart.Rules.rings)
        let legend = bool(o, "legend")
        let color = color(o, "color")
        let start = number(o, "startAngle", RoseChart.Rules.startAngle)
        let (format, formatOK) = numberFormat(o)
        let data = categoryData(o, key: "sectors", noun: "sector", limit: SpecLimits.roseSectors)
        let stack = stack(o, allowed: [.radius, .none, .group], hint: "a rose stacks outward along the radius; radial bars stack along the angle")
        let colorScale = colorScale(o, severalSeries: (data?.series.count ?? 0) > 0)
        let ringLabels = bool(o, "ringLabels"), labels = markLabels(o)
        let given: [(String, Any?)] = [("title", title), ("subtitle", subtitle), ("scale", scale), ("maximum", maximum), ("rings", rings),
                                       ("legend", legend), ("color", color), ("startAngle", start), ("stack", stack), ("colorScale", colorScale),
                                       ("ringLabels", ringLabels), ("labels", labels)]
        guard formatOK, let data, given.allSatisfy({ o.node($0.0) == nil || $0.1 != nil }) else { return nil }
        if o.node("stack") != nil && data.series.isEmpty {
            report(Self.child(o.path, "stack"), o.node("stack")?.position, "stacking needs several series (categories and series); sectors are one")
            return nil
        }
        return RoseChart(title: title, subtitle: subtitle, sectors: data.single, scale: scale ?? .radius, maximum: maximum, rings: rings ?? 4,
                         legend: legend ?? true, color: color, format: format, startAngle: start ?? 0, categories: data.categories, series: data.series,
                         stack: stack ?? .radius, colorScale: colorScale ?? .categorical, ringLabels: ringLabels ?? true, labels: labels ?? MarkLabels.none)
    }

    mutating func radialBar(_ o: Object) -> RadialBarChart? {
        let title = string(o, "title"), subtitle = string(o, "subtitle")
        let maximum = number(o, "maximum", RadialBarChart.Rules.maximum)
        let sweep = number(o, "sweep", RadialBarChart.Rules.sweep)
        let legend = bool(o, "legend")
        let (format, formatOK) = numberFormat(o)
        let data = categoryData(o, key: "bars", noun: "bar", limit: SpecLimits.radialBars)
        let stack = stack(o, allowed: [.group, .angle, .none], hint: "radial bars stack along the angle; a rose stacks along the radius")
        let color = color(o, "color")
        let colorScale = colorScale(o, severalSeries: (data?.series.count ?? 0) > 0)
        let labels = markLabels(o), ticks = bool(o, "ticks")
        let given: [(String, Any?)] = [("title", title), ("subtitle", subtitle), ("maximum", maximum), ("sweep", sweep), ("legend", legend),
                                       ("stack", stack), ("color", color), ("colorScale", colorScale), ("labels", labels), ("ticks", ticks)]
        guard formatOK, let data, given.allSatisfy({ o.node($0.0) == nil || $0.1 != nil }) else { return nil }
        if o.node("stack") != nil && data.series.isEmpty {
            report(Self.child(o.path, "stack"), o.node("stack")?.position, "stacking needs several series (categories and series); bars are one")
            return nil
        }
        if o.node("color") != nil && !data.series.isEmpty {
            report(Self.child(o.path, "color"), o.node("color")?.position, "one color for every bar is for one series; with several, give each series its color")
            return nil
        }
        return RadialBarChart(title: title, subtitle: subtitle, bars: data.single, maximum: maximum, sweep: sweep ?? 270, legend: legend ?? false,
                              format: format, categories: data.categories, series: data.series, stack: stack ?? .group, color: color,
                              colorScale: colorScale ?? .categorical, labels: labels ?? MarkLabels.none, ticks: ticks ?? false)
    }

    // MARK: - Sunburst

    mutating func sunburst(_ o: Object) -> SunburstChart? {
        let title = string(o, "title"), subtitle = string(o, "subtitle")
        let maxDepth = integer(o, "maxDepth", SunburstChart.Rules.maxDepth)
        let inner = number(o, "innerRadius", SunburstChart.Rules.innerRadius)
        let legend = bool(o, "legend"), labels = markLabels(o)
        let (format, formatOK) = numberFormat(o)
        var budget = SpecLimits.sunburstNodes
        let children = nodes(o, depth: 1, budget: &budget)
        if budget < 0 {
            // The reader stops at the limit: the message counts the whole tree.
            report(Self.child(o.path, "children"), o.node("children")?.position,
                   "\(Self.nodeCount(children: o.node("children"))) nodes; the limit is \(SpecLimits.sunburstNodes)")
        }
        let given: [(String, Any?)] = [("title", title), ("subtitle", subtitle), ("maxDepth", maxDepth), ("innerRadius", inner), ("legend", legend),
                                       ("labels", labels)]
        guard formatOK, budget >= 0, let children, given.allSatisfy({ o.node($0.0) == nil || $0.1 != nil }) else { return nil }
        // Totals past the largest double are refused by `chart(_:_:)` (`Chart.arithmeticProblems`).
        return SunburstChart(title: title, subtitle: subtitle, children: children, maxDepth: maxDepth, format: format,
                             innerRadius: .ratio(inner ?? 0.28), legend: legend ?? true, labels: labels ?? MarkLabels.none)
    }

    /// Every node of a `children` array and of theirs below it, at every level.
    static func nodeCount(children: JSONNode?) -> Int {
        guard case .array(let nodes)? = children?.value else { return 0 }
        return nodes.reduce(nodes.count) { n, node in
            guard case .object(let members) = node.value else { return n }
            return n + nodeCount(children: members.first { $0.key == "children" }?.node)
        }
    }

    /// The `children` of `o` (required at the top, optional below), at `depth` (1 for the top
    /// level). `budget` counts down the nodes a sunburst may have; past it nothing more is read.
    mutating func nodes(_ o: Object, depth: Int, budget: inout Int) -> [SunburstNode]? {
        let top = depth == 1
        guard let elements = array(o, "children", required: top, expected: "an array of nodes ({\"name\", \"value\"} or {\"name\", \"children\"})")
        else { return top ? nil : [] }
        let path = Self.child(o.path, "children")
        if depth > SpecLimits.sunburstDepth {
            report(path, o.node("children")?.position, "nodes nested \(depth) levels deep; the limit is \(SpecLimits.sunburstDepth)")
            return nil
        }
        budget -= elements.count
        if budget < 0 { return nil }
        var out: [SunburstNode] = []
        var ok = true
        for (i, e) in elements.enumerated() {
            let p = Self.index(path, i)
            guard let n = object(e, p, expected: "a node (an object with a \"name\" and a \"value\" or \"children\")") else { ok = false; continue }
            checkKeys(n, allowed: Self.nodeKeys, noun: "a node")
            let name = string(n, "name", required: true, expected: "a node name (a string)")
            let hasColor = n.node("color") != nil
            let c = color(n, "color")
            let pattern = self.pattern(n)
            guard let children = nodes(n, depth: depth + 1, budget: &budget) else { ok = false; continue }
            let value: Double?
            if children.isEmpty {
                value = number(n, "value", required: true, SunburstChart.Rules.leafValue)
                if value == nil { ok = false; continue }
            } else if n.node("value") != nil {
                let sum = children.reduce(0) { $0 + $1.total }
                value = number(n, "value", SunburstChart.Rules.parentValue(sum: sum))
                if value == nil { ok = false; continue }
            } else {
                value = nil
            }
            if let name, !hasColor || c != nil, pattern.ok {
                var node = SunburstNode(name: name, value: value, color: c, children: children)
                node.pattern = pattern.pattern
                out.append(node)
            } else { ok = false }
        }
        return ok ? out : nil
    }
}
