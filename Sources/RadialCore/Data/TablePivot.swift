import Foundation

/// A table reshaped for a chart: categories × series → one value each, for every facet (a
/// chart of a page) and frame (a state of the chart). A pure transform of the table's rows
/// (pandas' `pivot_table`, Vega-Lite's `aggregate`/`filter`/`fold`/`timeUnit`): rows are
/// filtered, their category binned, grouped and aggregated, the categories sorted and cut to
/// the top N. Every facet and frame holds every category and series, so scales and colors can
/// be shared; a cell no row reached is nil (0 for `count`).
package struct TablePivot: Sendable {
    /// A category, series, facet or frame: its name and the cell it was first read from.
    package struct Key: Sendable, Equatable {
        /// The name shown.
        package var name: String
        /// Where it was first written (1-based line and column).
        package var line: Int, column: Int
    }

    /// One chart's worth: values per series and category.
    package struct Group: Sendable {
        /// The facet's value (nil: no `facet`).
        package var facet: Key?
        /// The frame's value (nil: no `frame`).
        package var frame: Key?
        /// `values[series][category]`; nil where no row gave a value.
        package var values: [[Double?]]
        /// The cell each value came from (the first row's), for naming problems.
        package var origins: [[Origin?]]
    }

    /// Where a value came from: a cell, or several rows (an aggregate, "Other").
    package struct Origin: Sendable, Equatable {
        /// The first row's line and the value column.
        package var line: Int, column: Int
        /// Whether the value is one cell as written (an empty one is a missing value).
        package var single: Bool
        /// Whether that one cell is empty.
        package var empty = false
    }

    /// How the table's columns became categories and series.
    package enum Shape: Sendable, Equatable {
        /// Categories from a column's values, series from another's (or one series), values from a column.
        case long(category: Int, series: Int?, value: Int?)
        /// Categories from a column's values, one series per value column.
        case wide(category: Int, columns: [Int])
        /// One series per row (or per value of a column), one category per value column (a radar's axes).
        case fold(series: Int, columns: [Int])
    }

    /// The categories, in order ("Other" last, when `top` cut some).
    package var categories: [Key] = []
    /// The series, in order.
    package var series: [Key] = []
    /// Every facet × frame, facets first within each frame (frames in order, facets in order).
    package var groups: [Group] = []
    /// The facets' values in order (empty: no facet).
    package var facets: [Key] = []
    /// The frames' values in order (empty: no frame).
    package var frames: [Key] = []
    /// The format every value cell agrees on (a currency, percent), or nil.
    package var format: NumberFormat?
    /// How many categories "Other" holds (nil: no "Other").
    package var otherCount: Int?
    /// The shape read.
    package var shape: Shape
    /// Things worth saying that do not stop the chart: columns left out, missing cells skipped.
    package var notes: [String] = []

    // MARK: - Reading

    /// Reshapes `rows` under `header` (every row as wide as the header) by `query`, in `shape`.
    /// Problems go into `problems` (by line and column; one per column and kind).
    static func make(header: CSV.Row, rows: [CSV.Row], shape: Shape, query: TableQuery, facet: Int?, frame: Int?,
                     style: CSV.NumberStyle, locale: Locale, problems: inout [CSV.Problem]) -> TablePivot? {
        var pivot = TablePivot(shape: shape)
        var cells = CellProblems()
        // The rows that count.
        let filters = query.filters.compactMap { TableColumns.compile($0, header: header, rows: rows, style: style, problems: &problems) }
        guard filters.count == query.filters.count else { return nil }
        let kept = rows.filter { r in filters.allSatisfy { $0.holds(r) } }
        if kept.isEmpty && !rows.isEmpty {
            problems.append(CSV.Problem(line: nil, message: "no row passes " + query.filters.map { "--filter " + JSONOut.quoted($0.text) }.joined(separator: " and ")))
            return nil
        }

        // Value columns become series or axes by their headers: each needs its own.
        switch shape {
        case .wide(_, let columns), .fold(_, let columns):
            var first: [String: Int] = [:]
            for c in columns {
                let noun = if case .wide = shape { "series" } else { "axis" }
                if let f = first[header.fields[c]] {
                    problems.append(CSV.Problem(line: header.line, column: c + 1, message: "\(SpecReader.shown(header.fields[c])) is also the name of the \(noun) at line \(header.line), column \(f + 1); every \(noun) needs its own name"))
                    return nil
                }
                first[header.fields[c]] = c
            }
        case .long: break
        }

        // Categories, series, facets and frames as ordered lists of keys.
        var categoryKeys = KeyList(), seriesKeys = KeyList(), facetKeys = KeyList(), frameKeys = KeyList()
        let categoryColumn: Int? = switch shape { case .long(let c, _, _), .wide(let c, _): c; case .fold: nil }
        var binOf: ((CSV.Row) -> (Int, String)?)?
        if let bin = query.bin {
            guard let c = categoryColumn else {
                problems.append(CSV.Problem(line: header.line, message: "--bin bins the dates of the category column, and this chart's categories are its value columns; add --category COLUMN"))
                return nil
            }
            var bad: [(Int, String)] = []
            for r in kept where TableDate(r.fields[c]) == nil { bad.append((r.line, r.fields[c])) }
            if !bad.isEmpty {
                problems.append(CSV.Problem(line: bad.count == 1 ? bad[0].0 : nil, column: bad.count == 1 ? c + 1 : nil,
                                            message: (bad.count == 1 ? "" : "column \(c + 1) (\(JSONOut.quoted(header.fields[c]))): ")
                                                + "--bin \(bin.rawValue) needs ISO 8601 dates such as 2015-06-30 or 2015-06-30T14:00, "
                                                + "got \(SpecReader.shown(bad[0].1))" + Self.where_(bad.map(\.0))))
                return nil
            }
            // Named once per bin: a formatter per row cost seconds on a daily table.
            var names: [Int: String] = [:]
            for r in kept { let b = bin.bin(TableDate(r.fields[c])!); if names[b] == nil { names[b] = bin.name(b, locale: locale) } }
            binOf = { r in TableDate(r.fields[c]).map { d in let b = bin.bin(d); return (b, names[b] ?? "") } }
        }
        func order(_ column: Int) -> ((CSV.Row) -> String, ((String, String) -> Bool)?) {
            // A column of dates runs in calendar order, named at its precision ("2001", "Jan 2001").
            let dates = kept.map { TableDate($0.fields[column]) }
            guard !dates.isEmpty, dates.allSatisfy({ $0 != nil }) else { return ({ $0.fields[column] }, nil) }
            let precision = TableDate.precision(of: dates.map { $0! })
            let name: (CSV.Row) -> String = { r in
                let d = TableDate(r.fields[column])!
                return d.shown(precision, locale: locale) ?? r.fields[column]
            }
            return (name, { a, b in (TableDate(a) ?? TableDate("0000-01")!) < (TableDate(b) ?? TableDate("0000-01")!) })
        }
        let facetName = facet.map(order), frameName = frame.map(order)
        let categoryName = categoryColumn.map { c in binOf == nil ? order(c).0 : { binOf!($0)!.1 } }

        // The value cells each row gives: (series index, category index, column).
        var accumulators: [CellKey: Accumulator] = [:]
        var duplicates: (first: Int, second: Int, what: String, count: Int)?
        var repeated: [Int] = []
        for r in kept {
            let fr = frame.map { frameKeys.index(frameName!.0(r), raw: r.fields[$0], line: r.line, column: $0 + 1) } ?? 0
            let fa = facet.map { facetKeys.index(facetName!.0(r), raw: r.fields[$0], line: r.line, column: $0 + 1) } ?? 0
            var entries: [(s: Int, c: Int, column: Int?)] = []
            switch shape {
            case .long(let c, let s, let v):
                let cat = categoryKeys.index(categoryName!(r), raw: r.fields[c], sort: binOf.map { $0(r)!.0 }, line: r.line, column: c + 1)
                let ser = s.map { seriesKeys.index(r.fields[$0], raw: r.fields[$0], line: r.line, column: $0 + 1) }
                    ?? seriesKeys.index(v.map { header.fields[$0] } ?? "Count", raw: "", line: header.line, column: (v ?? c) + 1)
                entries.append((ser, cat, v))
            case .wide(let c, let columns):
                let cat = categoryKeys.index(categoryName!(r), raw: r.fields[c], sort: binOf.map { $0(r)!.0 }, line: r.line, column: c + 1)
                for col in columns { entries.append((seriesKeys.index(header.fields[col], raw: "", line: header.line, column: col + 1), cat, col)) }
            case .fold(let s, let columns):
                let ser = seriesKeys.index(r.fields[s], raw: r.fields[s], line: r.line, column: s + 1)
                for col in columns { entries.append((ser, categoryKeys.index(header.fields[col], raw: "", line: header.line, column: col + 1), col)) }
            }
            for e in entries {
                let key = CellKey(frame: fr, facet: fa, series: e.s, category: e.c)
                var acc = accumulators[key] ?? Accumulator(line: r.line, column: (e.column ?? 0) + 1)
                acc.rows += 1
                if acc.rows == 2, query.aggregate == nil, repeated.last != r.line {
                    repeated.append(r.line)
                    let what = Self.describeKey(shape: shape, header: header, category: categoryKeys.names[e.c], series: seriesKeys.names[e.s])
                    if duplicates == nil { duplicates = (acc.line, r.line, what, 0) }
                    duplicates!.count += 1
                }
                if let col = e.column, query.aggregate != .count {
                    switch CSV.shownNumber(r.fields[col], style: style) {
                    case .some(.some(let n)): acc.values.append(n.value); cells.unit(n.unit, column: col)
                    case .some(nil): acc.missing += 1; cells.missing(column: col, line: r.line)
                    case nil: cells.notNumber(column: col, line: r.line, cell: r.fields[col], style: style)
                    }
                }
                accumulators[key] = acc
            }
        }
        if let d = duplicates {
            let more = d.count > 1 ? " (and \(d.count - 1) more repeat\(d.count == 2 ? "" : "s"))" : ""
            problems.append(CSV.Problem(line: d.second, message: "\(d.what) again (first at line \(d.first))\(more); "
                                        + "rows that share a category are combined by --aggregate sum (or mean, median, count, min, max)"))
        }
        problems += cells.problems(header: header)
        pivot.format = cells.agreedFormat
        if query.aggregate != nil && query.aggregate != .count, let missing = cells.missingNote(header: header, aggregate: query.aggregate!) {
            pivot.notes.append(missing)
        }

        // Order: bins in calendar order, dates as the calendar runs, the rest as the table has them.
        categoryKeys.sortIfBinned()
        if let f = facet, let less = facetName?.1 { facetKeys.sortByRaw(less); _ = f }
        if let f = frame, let less = frameName?.1 { frameKeys.sortByRaw(less); _ = f }
        var catOrder = Array(categoryKeys.names.indices).sorted { categoryKeys.order($0) < categoryKeys.order($1) }
        let serOrder = Array(seriesKeys.names.indices)
        let facetOrder = facet == nil ? [0] : Array(facetKeys.names.indices).sorted { facetKeys.order($0) < facetKeys.order($1) }
        let frameOrder = frame == nil ? [0] : Array(frameKeys.names.indices).sorted { frameKeys.order($0) < frameKeys.order($1) }

        func value(_ fr: Int, _ fa: Int, _ s: Int, _ c: Int) -> (Double?, Origin?) {
            guard let acc = accumulators[CellKey(frame: fr, facet: fa, series: s, category: c)] else { return (query.aggregate == .count ? 0 : nil, nil) }
            let origin = Origin(line: acc.line, column: acc.column, single: acc.rows == 1, empty: acc.rows == 1 && acc.missing == 1)
            guard let aggregate = query.aggregate else { return (acc.values.first, origin) }
            return (aggregate.combine(acc.values, rows: acc.rows), origin)
        }
        // Totals over everything, for --sort value and --top.
        var totals = [Double](repeating: 0, count: categoryKeys.names.count)
        for fr in frameOrder { for fa in facetOrder { for s in serOrder { for c in catOrder { totals[c] += value(fr, fa, s, c).0 ?? 0 } } } }
        let before = catOrder
        switch query.sort {
        case .value?: catOrder.sort { (totals[$0], before.firstIndex(of: $0)!) < (totals[$1], before.firstIndex(of: $1)!) }
        case .descending?: catOrder.sort { (-totals[$0], before.firstIndex(of: $0)!) < (-totals[$1], before.firstIndex(of: $1)!) }
        case .name?: catOrder.sort { categoryKeys.names[$0].localizedStandardCompare(categoryKeys.names[$1]) == .orderedAscending }
        case .none?, nil: break
        }
        var rest: [Int] = []
        if let n = query.top, n < catOrder.count {
            let largest = Set(catOrder.sorted { (-totals[$0], $0) < (-totals[$1], $1) }.prefix(n))
            rest = catOrder.filter { !largest.contains($0) }
            catOrder = catOrder.filter { largest.contains($0) }
            pivot.otherCount = rest.count
        }

        pivot.categories = catOrder.map { categoryKeys.key($0) }
        if !rest.isEmpty { pivot.categories.append(Key(name: "Other (\(rest.count))", line: header.line, column: (categoryColumn ?? 0) + 1)) }
        pivot.series = serOrder.map { seriesKeys.key($0) }
        pivot.facets = facet == nil ? [] : facetOrder.map { facetKeys.key($0) }
        pivot.frames = frame == nil ? [] : frameOrder.map { frameKeys.key($0) }
        for fr in frameOrder {
            for fa in facetOrder {
                var g = Group(facet: facet == nil ? nil : facetKeys.key(fa), frame: frame == nil ? nil : frameKeys.key(fr), values: [], origins: [])
                for s in serOrder {
                    var vs: [Double?] = [], os: [Origin?] = []
                    for c in catOrder { let (v, o) = value(fr, fa, s, c); vs.append(v); os.append(o) }
                    if !rest.isEmpty {
                        let parts = rest.compactMap { value(fr, fa, s, $0).0 }
                        vs.append(parts.isEmpty ? nil : parts.reduce(0, +))
                        os.append(rest.lazy.compactMap { value(fr, fa, s, $0).1 }.first.map { Origin(line: $0.line, column: $0.column, single: false) })
                    }
                    g.values.append(vs); g.origins.append(os)
                }
                pivot.groups.append(g)
            }
        }
        return pivot
    }

    /// "direction "N" and strength "0-1"", "the series "A"".
    static func describeKey(shape: Shape, header: CSV.Row, category: String, series: String) -> String {
        switch shape {
        case .long(let c, let s, _):
            "\(header.fields[c]) \(JSONOut.quoted(category))" + (s.map { " and \(header.fields[$0]) \(JSONOut.quoted(series))" } ?? "")
        case .wide(let c, _): "\(header.fields[c]) \(JSONOut.quoted(category))"
        case .fold(let s, _): "\(header.fields[s]) \(JSONOut.quoted(series))"
        }
    }

    /// " (lines 2, 5, 9, …)" for problems found at several lines; "" for one.
    static func where_(_ lines: [Int]) -> String {
        guard lines.count > 1 else { return "" }
        return " (\(lines.count) cells: lines " + lines.prefix(3).map(String.init).joined(separator: ", ") + (lines.count > 3 ? ", …" : "") + ")"
    }

    // MARK: - Parts

    /// One cell of the pivot: frame × facet × series × category (any number of each).
    struct CellKey: Hashable { var frame, facet, series, category: Int }

    /// Values met for one series × category × facet × frame.
    struct Accumulator {
        var line: Int, column: Int
        var rows = 0, missing = 0
        var values: [Double] = []
    }

    /// Distinct names in the order met, each with where it was first written and how it sorts.
    struct KeyList {
        var names: [String] = []
        var raws: [String] = []
        var places: [(Int, Int)] = []
        var sortKeys: [Int?] = []
        var sorted: [Int]?
        private var index: [String: Int] = [:]

        mutating func index(_ name: String, raw: String, sort: Int? = nil, line: Int, column: Int) -> Int {
            if let i = index[name] { return i }
            index[name] = names.count
            names.append(name); raws.append(raw); places.append((line, column)); sortKeys.append(sort)
            return names.count - 1
        }
        func key(_ i: Int) -> Key { Key(name: names[i], line: places[i].0, column: places[i].1) }
        /// Where name i goes: its place after sorting, else the order met.
        func order(_ i: Int) -> Int { sorted?[i] ?? i }
        mutating func sortIfBinned() {
            guard !sortKeys.isEmpty, sortKeys.allSatisfy({ $0 != nil }) else { return }
            let byKey = names.indices.sorted { sortKeys[$0]! < sortKeys[$1]! }
            var rank = [Int](repeating: 0, count: names.count)
            for (k, i) in byKey.enumerated() { rank[i] = k }
            sorted = rank
        }
        mutating func sortByRaw(_ less: (String, String) -> Bool) {
            let byKey = names.indices.sorted { less(raws[$0], raws[$1]) || (!less(raws[$1], raws[$0]) && $0 < $1) }
            var rank = [Int](repeating: 0, count: names.count)
            for (k, i) in byKey.enumerated() { rank[i] = k }
            sorted = rank
        }
    }

    /// The value cells' problems, one per column and kind, and the units they carry.
    struct CellProblems {
        var notNumbers: [Int: [(line: Int, cell: String, hint: String)]] = [:]
        var missingCells: [Int: [Int]] = [:]
        var units: [Int: Set<CSV.CellUnit?>] = [:]

        mutating func unit(_ u: CSV.CellUnit?, column: Int) { units[column, default: []].insert(u) }
        mutating func missing(column: Int, line: Int) { missingCells[column, default: []].append(line) }
        mutating func notNumber(column: Int, line: Int, cell: String, style: CSV.NumberStyle) {
            var hint = ""
            if style.decimal == ".", CSV.shownNumber(cell, style: CSV.NumberStyle(decimal: ",")) != nil, cell.contains(",") {
                hint = " (a decimal comma? add --decimal ,)"
            } else if style.decimal == ",", CSV.shownNumber(cell, style: CSV.NumberStyle(decimal: ".")) != nil, cell.contains(".") {
                hint = " (a decimal point? add --decimal .)"
            }
            notNumbers[column, default: []].append((line, cell, hint))
        }

        func problems(header: CSV.Row) -> [CSV.Problem] {
            notNumbers.keys.sorted().map { c in
                let list = notNumbers[c]!
                if list.count == 1 {
                    return CSV.Problem(line: list[0].line, column: c + 1, message: "expected a number, got \(SpecReader.shown(list[0].cell))\(list[0].hint)")
                }
                return CSV.Problem(line: list[0].line, column: c + 1,
                                   message: "expected numbers in \(JSONOut.quoted(header.fields[c])), but \(list.count) cells are not, at lines "
                                       + list.prefix(3).map { String($0.line) }.joined(separator: ", ") + (list.count > 3 ? ", …" : "")
                                       + ": got \(SpecReader.shown(list[0].cell))\(list[0].hint)")
            }
        }

        func missingNote(header: CSV.Row, aggregate: TableAggregate) -> String? {
            let total = missingCells.values.reduce(0) { $0 + $1.count }
            guard total > 0 else { return nil }
            let parts = missingCells.keys.sorted().map { c in
                let lines = missingCells[c]!
                return "\(lines.count) in \(header.fields[c]) (line\(lines.count == 1 ? "" : "s") " + lines.prefix(3).map(String.init).joined(separator: ", ") + (lines.count > 3 ? ", …" : "") + ")"
            }
            return "\(total) empty cell\(total == 1 ? " was" : "s were") left out of the \(aggregate.rawValue): " + parts.joined(separator: ", ")
        }

        /// One currency or percent that every value cell carries.
        var agreedFormat: NumberFormat? {
            let all = units.values.reduce(into: Set<CSV.CellUnit?>()) { $0.formUnion($1) }
            guard all.count == 1, let only = all.first, let unit = only else { return nil }
            switch unit {
            case .currency(let code): return .currency(code: code, decimals: nil)
            case .percent: return .percent(decimals: nil)
            }
        }
    }
}

// MARK: - Columns

/// What the table's columns hold, and filters compiled against them.
enum TableColumns {
    /// What a column holds: numbers (at least half its cells, as a spreadsheet shows them), dates
    /// (every cell ISO 8601), or text.
    enum Kind: Equatable { case number, date, text }

    static func kind(_ column: Int, rows: [CSV.Row], style: CSV.NumberStyle) -> Kind {
        var numbers = 0, dates = 0, filled = 0
        for r in rows {
            let cell = r.fields[column]
            if cell.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            filled += 1
            if case .some(.some) = CSV.shownNumber(cell, style: style) { numbers += 1 } else if TableDate(cell) != nil { dates += 1 }
        }
        if numbers > 0 && numbers * 2 >= filled { return .number }
        if dates > 0 && dates == filled { return .date }
        return .text
    }

    /// A filter ready to test rows.
    struct Compiled {
        let holds: (CSV.Row) -> Bool
    }

    /// `filter` against the table's columns: numbers compare as numbers, dates as dates (at the
    /// filter value's precision: `year = 2015`, `date >= 2013-06`), anything else as text.
    static func compile(_ given: TableFilter, header: CSV.Row, rows: [CSV.Row], style: CSV.NumberStyle, problems: inout [CSV.Problem]) -> Compiled? {
        // Read again knowing the columns, so a name holding an operator (`a<b = 3`) is read whole.
        let filter = (try? TableFilter.parse(given.text, columns: header.fields).get()) ?? given
        guard let c = lookup(filter.column, header: header, what: "--filter \(JSONOut.quoted(filter.text))", problems: &problems) else { return nil }
        let kind = kind(c, rows: rows, style: style)
        let op = filter.op
        func test(_ order: Int) -> Bool {
            switch op {
            case .equal, .oneOf: order == 0
            case .notEqual: order != 0
            case .less: order < 0
            case .lessOrEqual: order <= 0
            case .greater: order > 0
            case .greaterOrEqual: order >= 0
            }
        }
        switch kind {
        case .number:
            let targets = filter.values.map { CSV.shownNumber($0, style: style).flatMap { $0 }?.value }
            if targets.contains(where: { $0 == nil }) {
                if op == .equal || op == .notEqual || op == .oneOf { break }   // compared as text below
                problems.append(CSV.Problem(line: nil, message: "--filter \(JSONOut.quoted(filter.text)): \(header.fields[c]) holds numbers, and \(JSONOut.quoted(filter.values[0])) is not one"))
                return nil
            }
            let ts = targets.map { $0! }
            return Compiled { r in
                guard case .some(.some(let n)) = CSV.shownNumber(r.fields[c], style: style) else { return op == .notEqual }
                return op == .oneOf ? ts.contains(n.value) : test(n.value < ts[0] ? -1 : n.value > ts[0] ? 1 : 0)
            }
        case .date:
            let targets = filter.values.map(filterDate)
            guard targets.allSatisfy({ $0 != nil }) else {
                problems.append(CSV.Problem(line: nil, message: "--filter \(JSONOut.quoted(filter.text)): \(header.fields[c]) holds dates, and \(JSONOut.quoted(filter.values.first { filterDate($0) == nil }!)) is not one (write 2015, 2015-06 or 2015-06-30)"))
                return nil
            }
            let ts = targets.map { $0! }
            return Compiled { r in
                guard let d = TableDate(r.fields[c]) else { return op == .notEqual }
                let orders = ts.map { t in compare(d, t.date, precision: t.precision) }
                return op == .oneOf ? orders.contains(0) : test(orders[0])
            }
        case .text: break
        }
        let values = filter.values
        return Compiled { r in
            let cell = r.fields[c]
            if op == .oneOf { return values.contains(cell) }
            return test(cell == values[0] ? 0 : (cell < values[0] ? -1 : 1))
        }
    }

    /// A filter's date: `2015` (a year), `2015-06` (a month), or a whole date or time.
    static func filterDate(_ s: String) -> (date: TableDate, precision: Int)? {
        let t = s.trimmingCharacters(in: .whitespaces)
        if t.count == 4, t.allSatisfy(\.isNumber), let d = TableDate(t + "-01") { return (d, 1) }
        guard let d = TableDate(t) else { return nil }
        return (d, t.count <= 7 ? 2 : (d.hasTime ? 4 : 3))
    }

    /// -1, 0, 1 comparing `d` with `t` to `precision` (1 year, 2 month, 3 day, 4 time).
    static func compare(_ d: TableDate, _ t: TableDate, precision: Int) -> Int {
        let a: [Double] = [Double(d.year), Double(d.month), Double(d.day), Double(d.hour * 3600 + d.minute * 60) + d.second]
        let b: [Double] = [Double(t.year), Double(t.month), Double(t.day), Double(t.hour * 3600 + t.minute * 60) + t.second]
        for k in 0..<precision where a[k] != b[k] { return a[k] < b[k] ? -1 : 1 }
        return 0
    }

    /// The column `name` (its header, or a 1-based number), or a problem with the nearest name.
    static func lookup(_ name: String, header: CSV.Row, what: String, problems: inout [CSV.Problem]) -> Int? {
        if let k = header.fields.firstIndex(of: name) { return k }
        if let n = Int(name), n >= 1, n <= header.fields.count { return n - 1 }
        let near = Spec.suggestion(for: name, among: header.fields).map { "; did you mean \(JSONOut.quoted($0))?" } ?? ""
        problems.append(CSV.Problem(line: header.line, message: "\(what): no column \(JSONOut.quoted(name))\(near) (the columns are "
                                    + header.fields.map(JSONOut.quoted).joined(separator: ", ") + ")"))
        return nil
    }
}
