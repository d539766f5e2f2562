import Foundation

// MARK: - A reshaped table as charts

extension CSV.TableReader {
    /// What a table becomes: its charts (one, or one per facet), its states (`frame`: pages
    /// that override the charts), and keys of the page (a title when the charts are facets).
    struct Built {
        var charts: [JSONNode]
        var frames: [JSONNode] = []
        var page: [JSONMember] = []
    }

    /// The rows every `--filter` holds for (a sunburst's, which is not reshaped otherwise).
    mutating func filtered(header: CSV.Row, data: [CSV.Row]) -> [CSV.Row] {
        let query = options.query
        guard !query.filters.isEmpty else { return data }
        var found: [CSV.Problem] = []
        let compiled = query.filters.compactMap { TableColumns.compile($0, header: header, rows: data, style: style, problems: &found) }
        problems += found
        if compiled.count < query.filters.count { fatal = true; return [] }
        return data.filter { r in compiled.allSatisfy { $0.holds(r) } }
    }

    /// A column named by `option`, or a problem (fatal) with the nearest name.
    mutating func named(_ name: String?, _ option: String, in header: CSV.Row) -> Int?? {
        guard let name else { return .some(nil) }
        var found: [CSV.Problem] = []
        guard let c = TableColumns.lookup(name, header: header, what: option, problems: &found) else {
            problems += found; fatal = true; return nil
        }
        return .some(c)
    }

    /// Radars, pies, donuts, roses and radial bars: the table reshaped by the query, then drawn.
    mutating func reshape(header: CSV.Row, data: [CSV.Row], template: [JSONMember], templateAxes: [String: JSONNode]) -> Built {
        let q = options.query
        let failed = Built(charts: [JSONNode(.object([typeMember()]), at: CSV.here)])
        guard let category = named(q.category, "--category", in: header), let series = named(q.series, "--series", in: header),
              let value = named(options.valueColumn, "--value", in: header), let facet = named(q.facet, "--facet", in: header),
              let frame = named(q.frame, "--frame", in: header) else { return failed }
        var columns: [Int] = []
        for name in q.columns {
            guard case .some(.some(let c)) = named(name, "--columns", in: header) else { return failed }
            columns.append(c)
        }
        let width = header.fields.count
        let claimed = Set([category, series, facet, frame].compactMap { $0 })
        for (c, option) in [(series, "--series"), (facet, "--facet"), (frame, "--frame")] {
            if let c, c == category { problem(header.line, "\(option) and --category both name \(JSONOut.quoted(header.fields[c])); a column plays one part"); fatal = true; return failed }
        }
        // The value columns no option names: numbers, with a note naming what is left out.
        func defaultColumns(excluding first: Int?) -> [Int] {
            var kept: [Int] = [], left: [String] = []
            for c in 0..<width where c != first && !claimed.contains(c) {
                switch TableColumns.kind(c, rows: data, style: style) {
                case .number: kept.append(c)
                case .date: left.append("\(JSONOut.quoted(header.fields[c])) (dates)")
                case .text: left.append("\(JSONOut.quoted(header.fields[c])) (text)")
                }
            }
            if !left.isEmpty && !kept.isEmpty { notes.append("left out: " + left.joined(separator: ", ") + "; --columns names the value columns to draw") }
            return kept.isEmpty ? (0..<width).filter { $0 != first && !claimed.contains($0) } : kept
        }
        func firstFree(_ taken: Set<Int>) -> Int { (0..<width).first { !taken.contains($0) } ?? 0 }
        let shape: TablePivot.Shape
        if options.type == .radar {
            if let s = series {
                if value != nil || (q.aggregate == .count && category != nil) {
                    shape = .long(category: category ?? firstFree(claimed), series: s, value: value)
                } else {
                    shape = .fold(series: s, columns: columns.isEmpty ? defaultColumns(excluding: nil) : columns)
                }
            } else if category != nil || options.transpose {
                let c = category ?? 0
                shape = .wide(category: c, columns: columns.isEmpty ? defaultColumns(excluding: c) : columns)
            } else {
                let s = firstFree(claimed)
                shape = .fold(series: s, columns: columns.isEmpty ? defaultColumns(excluding: s) : columns)
            }
        } else {
            let c = category ?? firstFree(claimed)
            var v = value ?? columns.first
            if v == nil && q.aggregate != .count {
                let candidates = (0..<width).filter { $0 != c && !claimed.contains($0) }
                v = candidates.first { TableColumns.kind($0, rows: data, style: style) == .number } ?? candidates.first
            }
            if series == nil && columns.count > 1 { shape = .wide(category: c, columns: columns) } else { shape = .long(category: c, series: series, value: v) }
        }
        var found: [CSV.Problem] = []
        guard let pivot = TablePivot.make(header: header, rows: data, shape: shape, query: q, facet: facet, frame: frame,
                                          style: style, locale: locale, problems: &found) else {
            problems += found; fatal = true; return failed
        }
        problems += found
        notes += pivot.notes
        return charts(pivot, header: header, template: template, templateAxes: templateAxes)
    }

    /// The pivot's groups as charts: one per facet, a page state per frame, scales shared by all.
    mutating func charts(_ pivot: TablePivot, header: CSV.Row, template: [JSONMember], templateAxes: [String: JSONNode]) -> Built {
        let facets = max(pivot.facets.count, 1), framed = !pivot.frames.isEmpty
        var built = Built(charts: [])
        // A title names the page when there are several charts or states; a lone chart's title otherwise.
        let titleOnPage = facets > 1
        if titleOnPage, let t = options.title {
            built.page.append(CSV.member("title", JSONNode(.string(t), at: CSV.here)))
            origins["title"] = .option("--title")
        }
        if facets > 1 { built.page.append(CSV.member("uniform", JSONNode(.bool(true), at: CSV.here))) }
        let shared = sharedScale(pivot, template: template, templateAxes: templateAxes)
        var states: [[JSONNode]] = []
        for (k, g) in pivot.groups.enumerated() {
            let state = k / facets, index = k % facets
            let prefix = framed ? "frames[\(state)]." : ""
            let path = "\(prefix)charts[\(index)]"
            var members = [typeMember()]
            origins[path + ".type"] = .option("--type")
            if let f = g.facet {
                members.append(CSV.member("title", string(f.name, f.line, f.column)))
                origins[path + ".title"] = .cell(line: f.line, column: f.column)
            } else if !titleOnPage {
                members += titleMember(path)
            }
            if index > 0, !template.contains(where: { $0.key == "legend" }) {
                // One legend for the page: the first chart's (the others' would repeat it).
                members.append(CSV.member("legend", JSONNode(.bool(false), at: CSV.here)))
            }
            members += options.type == .radar
                ? radar(pivot, g, path: path, shared: shared, templateAxes: templateAxes)
                : categorical(pivot, g, path: path, shared: shared, template: template)
            if state == states.count { states.append([]) }
            states[state].append(finish(members, template: template, path: path))
        }
        built.charts = states.first ?? []
        if framed {
            let column = options.query.frame ?? ""
            for (k, charts) in states.enumerated() {
                let f = pivot.frames[k]
                origins["frames[\(k)].frame"] = .cell(line: f.line, column: f.column)
                built.frames.append(JSONNode(.object([
                    CSV.member("frame", string(f.name, f.line, f.column)),
                    CSV.member("subtitle", string("\(column) \(f.name)", f.line, f.column)),
                    CSV.member("charts", JSONNode(.array(charts), at: CSV.here)),
                ]), at: CSV.here))
                origins["frames[\(k)].subtitle"] = .cell(line: f.line, column: f.column)
            }
        }
        return built
    }

    /// The scale every chart and state shares: a rose's and radial bars' maximum (the largest
    /// value anywhere), a radar's maximum or, when the axes' largest values differ tenfold or
    /// more, a nice range per axis.
    struct SharedScale {
        var maximum: Double?
        var axisMaxima: [Double]?
        var origin: CSV.Origin = .table
    }

    mutating func sharedScale(_ pivot: TablePivot, template: [JSONMember], templateAxes: [String: JSONNode]) -> SharedScale {
        let given = template.contains { $0.key == "maximum" }
        switch options.type {
        case .radar:
            if let m = options.maximum { return SharedScale(maximum: m, origin: .option("--maximum")) }
            if given { return SharedScale() }
            let ranged = pivot.categories.map { c in
                if case .object(let fields)? = templateAxes[c.name]?.value { return fields.contains { $0.key == "max" } }
                return false
            }
            var largest = [Double](repeating: -.infinity, count: pivot.categories.count)
            for g in pivot.groups { for s in g.values { for (k, v) in s.enumerated() { if let v, v.isFinite { largest[k] = max(largest[k], v) } } } }
            let open = largest.indices.filter { !ranged[$0] && largest[$0] > 0 }.map { largest[$0] }
            // Axes whose data differ tenfold: each its own nice range (none given in --spec).
            if !ranged.contains(true), templateAxes.isEmpty, let lo = open.min(), let hi = open.max(), hi >= 10 * lo, open.count == largest.count {
                return SharedScale(axisMaxima: largest.map { CSV.niceCeiling($0) })
            }
            return SharedScale(maximum: CSV.niceMaximum(largest: open.max() ?? (largest.allSatisfy { $0 == -.infinity } ? nil : largest.max()), minimum: options.minimum))
        case .rose, .radialBar:
            guard !given, pivot.groups.count > 1 else { return SharedScale() }
            // The largest value, or the largest stack's total when several series stack (a
            // rose's default): what each facet's and state's rim must reach.
            let stack: PolarStack = pivot.series.count > 1 ? (options.type == .rose ? .radius : .group) : .none
            let m = pivot.groups.map { g in Stacking.extent(g.values.map { $0.map { $0 ?? 0 } }, mode: stack) }.max()
            return SharedScale(maximum: m.flatMap { $0 > 0 ? $0 : nil })
        default:
            return SharedScale()
        }
    }

    /// A number format object for JSON: {"currency": "EUR"}, "percent"; with `--format compact`, {"notation": "compact"} too.
    func formatNode(_ format: NumberFormat?) -> JSONNode? {
        var members: [JSONMember] = []
        switch format {
        case .currency(let code, _)?: members.append(CSV.member("currency", JSONNode(.string(code), at: CSV.here)))
        case .percent?: members.append(CSV.member("style", JSONNode(.string("percent"), at: CSV.here)))
        default: break
        }
        if options.compact { members.append(CSV.member("notation", JSONNode(.string("compact"), at: CSV.here))) }
        return members.isEmpty ? nil : JSONNode(.object(members), at: CSV.here)
    }

    /// A radar: the categories are its axes, the series its shapes.
    mutating func radar(_ pivot: TablePivot, _ g: TablePivot.Group, path: String, shared: SharedScale, templateAxes: [String: JSONNode]) -> [JSONMember] {
        var axes: [JSONNode] = []
        let format = formatNode(pivot.format)
        for (k, c) in pivot.categories.enumerated() {
            if let maxima = shared.axisMaxima {
                origins["\(path).axes[\(k)]"] = .cell(line: c.line, column: c.column)
                origins["\(path).axes[\(k)].name"] = .cell(line: c.line, column: c.column)
                var fields = [CSV.member("name", string(c.name, c.line, c.column)), CSV.member("max", JSONNode(.number(maxima[k]), at: CSV.here))]
                if let m = options.minimum { fields.append(CSV.member("min", JSONNode(.number(m), at: CSV.here))); origins["\(path).axes[\(k)].min"] = .option("--minimum") }
                if let format { fields.append(CSV.member("format", format)) }
                axes.append(JSONNode(.object(fields), at: JSONPosition(line: c.line, column: c.column)))
            } else {
                axes.append(axis(c.name, k, c.line, c.column, templateAxes, path: path, format: format))
            }
        }
        var series: [JSONNode] = []
        for (i, s) in pivot.series.enumerated() {
            let p = "\(path).series[\(i)]"
            origins[p] = .cell(line: s.line, column: s.column)
            origins[p + ".name"] = .cell(line: s.line, column: s.column)
            origins[p + ".values"] = .cell(line: s.line, column: s.column)
            var values: [JSONNode] = []
            for (k, v) in g.values[i].enumerated() {
                let o = g.origins[i][k]
                if let o { origins[p + ".values[\(k)]"] = .cell(line: o.line, column: o.column) }
                values.append(value(v, o?.line ?? s.line, o?.column ?? s.column))
            }
            series.append(JSONNode(.object([CSV.member("name", string(s.name, s.line, s.column)),
                                            CSV.member("values", JSONNode(.array(values), at: JSONPosition(line: s.line, column: s.column)))]),
                                   at: JSONPosition(line: s.line, column: s.column)))
        }
        var members = [CSV.member("axes", JSONNode(.array(axes), at: CSV.here)), CSV.member("series", JSONNode(.array(series), at: CSV.here))]
        if let m = shared.maximum {
            members.append(CSV.member("maximum", JSONNode(.number(m), at: CSV.here)))
            origins["\(path).maximum"] = shared.origin
        }
        return members
    }

    /// A pie, donut, rose or radial bars: the categories are its sectors, wedges or bars.
    mutating func categorical(_ pivot: TablePivot, _ g: TablePivot.Group, path: String, shared: SharedScale, template: [JSONMember]) -> [JSONMember] {
        let key = options.type == .radialBar ? "bars" : "sectors"
        var members: [JSONMember] = []
        if pivot.series.count > 1 && (options.type == .rose || options.type == .radialBar) {
            return severalSeries(pivot, g, path: path, shared: shared, template: template)
        }
        guard pivot.series.count <= 1 else {
            // A pie or donut is one series: say how to get one, or the kinds that draw several.
            let column = options.query.series.map { " (\($0))" } ?? ""
            let kind = options.type.rawValue
            problem(nil, "a \(kind) draws one series, and this table has \(pivot.series.count)\(column): "
                    + pivot.series.prefix(4).map { JSONOut.quoted($0.name) }.joined(separator: ", ") + (pivot.series.count > 4 ? ", …" : "")
                    + "; keep one with --filter, draw one \(kind) each with --facet, or stack them in a rose (--type rose)")
            fatal = true
            return []
        }
        var sectors: [JSONNode] = []
        let values = g.values.first ?? [], places = g.origins.first ?? []
        for (k, c) in pivot.categories.enumerated() {
            let p = "\(path).\(key)[\(k)]"
            origins[p] = .cell(line: c.line, column: c.column)
            origins[p + ".name"] = .cell(line: c.line, column: c.column)
            let v = k < values.count ? values[k] : nil, o = k < places.count ? places[k] : nil
            if let o { origins[p + ".value"] = .cell(line: o.line, column: o.column) }
            if let v, v < 0 || v.isNaN, let o {
                let cell = o.single ? rows.first { $0.line == o.line }.map { SpecReader.shown($0.fields[o.column - 1]) } : nil
                problem(o.line, o.column, "expected a value ≥ 0 for a sector, got \(cell ?? SpecReader.format(v))")
            }
            if v == nil, let o, o.empty {
                problem(o.line, o.column, "expected a value ≥ 0 for a sector, got an empty cell")
            }
            sectors.append(JSONNode(.object([
                CSV.member("name", string(c.name, c.line, c.column)),
                CSV.member("value", value(v.map { max($0, 0) } ?? 0, o?.line ?? c.line, o?.column ?? c.column)),
            ]), at: JSONPosition(line: c.line, column: c.column)))
        }
        members.append(CSV.member(key, JSONNode(.array(sectors), at: CSV.here)))
        if let m = shared.maximum, !template.contains(where: { $0.key == "maximum" }) {
            members.append(CSV.member("maximum", JSONNode(.number(m), at: CSV.here)))
            origins["\(path).maximum"] = .table
        }
        if !template.contains(where: { $0.key == "format" || $0.key == "currency" }), let f = formatNode(pivot.format) {
            members.append(CSV.member("format", f))
            origins["\(path).format"] = .table
        }
        return members
    }

    /// A rose or radial bars of several series (a long table's `--series`, a wide table's value
    /// columns): the categories, a series each with a value per category (null where the table
    /// has none), stacked outward on a rose and side by side on radial bars unless `--spec` says.
    mutating func severalSeries(_ pivot: TablePivot, _ g: TablePivot.Group, path: String, shared: SharedScale, template: [JSONMember]) -> [JSONMember] {
        var categories: [JSONNode] = []
        for (k, c) in pivot.categories.enumerated() {
            origins["\(path).categories[\(k)]"] = .cell(line: c.line, column: c.column)
            categories.append(string(c.name, c.line, c.column))
        }
        var series: [JSONNode] = []
        for (i, s) in pivot.series.enumerated() {
            let p = "\(path).series[\(i)]"
            origins[p] = .cell(line: s.line, column: s.column)
            origins[p + ".name"] = .cell(line: s.line, column: s.column)
            var values: [JSONNode] = []
            for (k, v) in g.values[i].enumerated() {
                let o = g.origins[i][k]
                if let o { origins[p + ".values[\(k)]"] = .cell(line: o.line, column: o.column) }
                if let v, v < 0 || v.isNaN, let o {
                    problem(o.line, o.column, "expected a value ≥ 0 for a \(options.type == .rose ? "wedge" : "bar"), got \(SpecReader.format(v))")
                }
                values.append(value(v.map { max($0, 0) }, o?.line ?? s.line, o?.column ?? s.column))
            }
            series.append(JSONNode(.object([CSV.member("name", string(s.name, s.line, s.column)),
                                            CSV.member("values", JSONNode(.array(values), at: JSONPosition(line: s.line, column: s.column)))]),
                                   at: JSONPosition(line: s.line, column: s.column)))
        }
        var members = [CSV.member("categories", JSONNode(.array(categories), at: CSV.here)), CSV.member("series", JSONNode(.array(series), at: CSV.here))]
        if !template.contains(where: { $0.key == "stack" }) {
            members.append(CSV.member("stack", JSONNode(.string(options.type == .rose ? "radius" : "group"), at: CSV.here)))
            origins["\(path).stack"] = .table
        }
        if let m = shared.maximum, !template.contains(where: { $0.key == "maximum" }) {
            members.append(CSV.member("maximum", JSONNode(.number(m), at: CSV.here)))
            origins["\(path).maximum"] = .table
        }
        if !template.contains(where: { $0.key == "format" || $0.key == "currency" }), let f = formatNode(pivot.format) {
            members.append(CSV.member("format", f))
            origins["\(path).format"] = .table
        }
        return members
    }
}
