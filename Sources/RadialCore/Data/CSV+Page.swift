import Foundation

// MARK: - A page from a table

extension CSV {
    /// Why a table could not become a page: its problems, each one line, in the order of the table.
    package struct ImportError: Error, Sendable {
        /// The problems, one a line: "line 3, column 2: …".
        package var lines: [String]
    }

    /// Where a value of the generated page came from, so that the spec reader's problems are
    /// named as the user wrote them: a cell of the table, an option, the table as a whole, or
    /// the `--spec` file (whose nodes keep their own positions).
    enum Origin: Equatable {
        case cell(line: Int, column: Int)
        case option(String)
        case table
        case spec
    }

    /// The page `radial show data.csv --type …` draws: the table's chart, with the keys of
    /// `spec` (a page with one chart, or a chart object) applied to it, validated as a spec file
    /// is. Every problem is reported (up to `SpecLimits.reportedProblems`), by the table's line
    /// and column, or as the `--spec` file's.
    package static func page(_ bytes: [UInt8], path: String, options: Options, spec: [UInt8]? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(ImportError) -> Page {
        var template: [JSONMember] = [], templateAxes: [String: JSONNode] = [:], pageMembers: [JSONMember] = []
        if let spec {
            let root: JSONNode
            do { root = try JSONParser.parse(spec, maxDepth: SpecLimits.depth) } catch {
                throw ImportError(lines: ["the --spec file: " + SpecError.Problem(path: "", message: error.message, line: error.position.line, column: error.position.column).description])
            }
            guard case .object(var members) = root.value else { throw ImportError(lines: ["the --spec file: expected an object (a chart, or a page with one chart)"]) }
            if let charts = members.first(where: { $0.key == "charts" }) {
                guard case .array(let list) = charts.node.value, let first = list.first, case .object(let chart) = first.value else {
                    throw ImportError(lines: ["the --spec file: charts: expected an array with one chart object"])
                }
                pageMembers = members.filter { $0.key != "charts" }
                members = chart
            }
            for m in members where !["series", "sectors", "bars", "children", "type"].contains(m.key) {
                if m.key == "axes", case .array(let axes) = m.node.value {
                    for a in axes {
                        if case .object(let fields) = a.value, let n = fields.first(where: { $0.key == "name" }), case .string(let name) = n.node.value {
                            templateAxes[name] = a
                        }
                    }
                } else {
                    template.append(m)
                }
            }
        }

        let text: [UInt8]
        do { text = try CSV.text(bytes) } catch { throw ImportError(lines: [error.description]) }
        let separator = separator(path: path, text: text, delimiter: options.delimiter)
        let style = NumberStyle.of(options, separator: separator, environment: environment)
        let (rows, rowProblems) = rows(text, separator: separator)
        var table = TableReader(rows: rows, options: options, separator: separator, style: style, problems: rowProblems)
        let chart = table.chart(template: template, templateAxes: templateAxes)
        let root = JSONNode(.object(pageMembers + [member("charts", JSONNode(.array([chart]), at: here))]), at: here)
        var problems = table.problems.map { (key: ($0.line ?? 0, $0.column ?? 0), text: $0.description) }
        if table.problems.isEmpty || !table.fatal {
            do {
                let page = try Spec.decode(root)
                if problems.isEmpty { return page }
            } catch {
                for p in error.problems { problems.append(table.describe(p)) }
            }
        }
        // Problems of the table as a whole first, then by line and column; each once.
        var seen = Set<String>()
        let sorted = problems.enumerated().sorted { a, b in
            (a.element.key.0, a.element.key.1, a.offset) < (b.element.key.0, b.element.key.1, b.offset)
        }
            .map(\.element.text).filter { seen.insert($0).inserted }
        let limit = SpecLimits.reportedProblems
        if sorted.count > limit {
            let rest = sorted.count - limit
            throw ImportError(lines: Array(sorted.prefix(limit)) + ["and \(rest) more problem\(rest == 1 ? "" : "s") not listed"])
        }
        throw ImportError(lines: sorted)
    }

    static let here = JSONPosition(line: 1, column: 1)

    /// The radar maximum a table without one gets: `largest`, its largest value on the axes
    /// without a range of their own, rounded up to 1, 2 or 5 times a power of ten (as Chart.js
    /// and ECharts choose their ticks); nil when that is not above `minimum` (or 0).
    static func niceMaximum(largest: Double?, minimum: Double?) -> Double? {
        guard let largest, largest.isFinite, largest > (minimum ?? 0), largest > 0 else { return nil }
        return niceCeiling(largest)
    }

    /// The smallest of 1, 2, 5 × 10ⁿ at least `v` (v > 0, finite); `v` itself past what a double rounds.
    static func niceCeiling(_ v: Double) -> Double {
        let exponent = (log10(v)).rounded(.down)
        guard exponent.isFinite, abs(exponent) < 300 else { return v }
        let power = pow(10, exponent)
        for step in [1.0, 2, 5, 10] {
            let candidate = step * power
            // A value a hair over a step (from binary rounding) still takes that step.
            if candidate >= v * (1 - 1e-12) { return candidate }
        }
        return 10 * power
    }

    static func member(_ key: String, _ node: JSONNode) -> JSONMember {
        JSONMember(key: key, keyPosition: node.position, node: node)
    }

    /// Builds the chart's JSON from the rows, noting where each part came from.
    struct TableReader {
        let rows: [Row]
        let options: Options
        let separator: UInt8
        let style: NumberStyle
        var problems: [Problem]
        /// A problem that leaves no chart worth validating (no header, one column).
        var fatal = false
        /// Where each path of the generated chart came from (see `describe`).
        var origins: [String: Origin] = [:]
        /// A radar's largest value on the axes without a `max` of their own in --spec (`radar`).
        var largestValue: Double?

        init(rows: [Row], options: Options, separator: UInt8, style: NumberStyle, problems: [Problem]) {
            self.rows = rows; self.options = options; self.separator = separator; self.style = style; self.problems = problems
        }

        mutating func problem(_ line: Int?, _ message: String) {
            problems.append(Problem(line: line, message: message))
        }

        mutating func problem(_ line: Int, _ column: Int, _ message: String) {
            problems.append(Problem(line: line, column: column, message: message))
        }

        func string(_ s: String, _ line: Int, _ column: Int) -> JSONNode { JSONNode(.string(s), at: JSONPosition(line: line, column: column)) }

        mutating func chart(template: [JSONMember], templateAxes: [String: JSONNode]) -> JSONNode {
            var members: [JSONMember] = [CSV.member("type", JSONNode(.string(options.type.rawValue), at: CSV.here))]
            origins["charts[0].type"] = .option("--type")
            if let t = options.title {
                members.append(CSV.member("title", JSONNode(.string(t), at: CSV.here)))
                origins["charts[0].title"] = .option("--title")
            }
            guard let header = rows.first else {
                problem(nil, "the table is empty; the first row names the columns")
                fatal = true
                return JSONNode(.object(members), at: CSV.here)
            }
            let width = header.fields.count
            guard width >= 2 else {
                problem(header.line, "needs at least two columns: names, then values" + otherSeparatorHint(header))
                fatal = true
                return JSONNode(.object(members), at: CSV.here)
            }
            var data: [Row] = []
            for r in rows.dropFirst() {
                if r.fields.count == width { data.append(r); continue }
                problem(r.line, "has \(r.fields.count) field\(r.fields.count == 1 ? "" : "s") but the header has \(width); every row needs the same number"
                        + (r.fields.count > width ? decimalCommaHint(r) : ""))
            }
            switch options.type {
            case .radar:
                members += radar(header: header, data: data, templateAxes: templateAxes)
                if let m = options.maximum {
                    members.append(CSV.member("maximum", JSONNode(.number(m), at: CSV.here)))
                    origins["charts[0].maximum"] = .option("--maximum")
                } else if !template.contains(where: { $0.key == "maximum" }), let m = CSV.niceMaximum(largest: largestValue, minimum: options.minimum) {
                    // No scale given: the data's own, rounded up to 1, 2 or 5 times a power of ten.
                    members.append(CSV.member("maximum", JSONNode(.number(m), at: CSV.here)))
                    origins["charts[0].maximum"] = .table
                }
            case .pie, .donut, .rose: members += pie(header: header, data: data)
            case .radialBar: members += pie(header: header, data: data, key: "bars")
            case .sunburst: members += sunburst(header: header, data: data)
            }
            for m in template where !members.contains(where: { $0.key == m.key }) {
                members.append(m)
                origins["charts[0].\(m.key)"] = .spec
            }
            return JSONNode(.object(members), at: CSV.here)
        }

        /// For a header of one field: the other separators it holds, as a hint.
        func otherSeparatorHint(_ header: Row) -> String {
            let field = header.fields.first ?? ""
            for s in CSV.separators where s.asciiValue != separator {
                let n = field.filter { $0 == s }.count
                if n > 0 { return " (it has \(n) \(CSV.name(ofSeparator: s.asciiValue!)): give --delimiter \(s == "\t" ? "tab" : "'\(s)'"))" }
            }
            return ""
        }

        /// For a comma-separated row with too many fields: numbers that look split at a decimal comma.
        func decimalCommaHint(_ r: Row) -> String {
            guard separator == UInt8(ascii: ",") else { return "" }
            return " (decimal commas in unquoted numbers? separate the fields with ';' or quote the numbers)"
        }

        /// A cell's number (nil for an empty cell), or a problem and nil.
        mutating func number(_ r: Row, _ c: Int) -> Double? {
            let cell = r.fields[c]
            if let v = CSV.number(cell, style: style) { return v }
            var hint = ""
            if style.decimal == ".", CSV.number(cell, style: NumberStyle(decimal: ",")) != nil, cell.contains(",") {
                hint = " (a decimal comma? add --decimal ,)"
            } else if style.decimal == ",", CSV.number(cell, style: NumberStyle(decimal: ".")) != nil, cell.contains(".") {
                hint = " (a decimal point? add --decimal .)"
            }
            problem(r.line, c + 1, "expected a number, got \(SpecReader.shown(cell))\(hint)")
            return nil
        }

        func value(_ d: Double?, _ line: Int, _ column: Int) -> JSONNode {
            JSONNode(d.map { .number($0) } ?? .null, at: JSONPosition(line: line, column: column))
        }

        mutating func radar(header: Row, data: [Row], templateAxes: [String: JSONNode]) -> [JSONMember] {
            let width = header.fields.count
            var axes: [JSONNode] = [], series: [JSONNode] = []
            // (name, where the name is, values with where each is)
            var columns: [(name: String, at: (Int, Int), values: [(Double?, Int, Int)])] = []
            if options.transpose {
                for (k, r) in data.enumerated() { axes.append(axis(r.fields[0], k, r.line, 1, templateAxes)) }
                for c in 1..<width {
                    var values: [(Double?, Int, Int)] = []
                    for r in data { values.append((number(r, c), r.line, c + 1)) }
                    columns.append((header.fields[c], (header.line, c + 1), values))
                }
            } else {
                for c in 1..<width { axes.append(axis(header.fields[c], c - 1, header.line, c + 1, templateAxes)) }
                for r in data {
                    var values: [(Double?, Int, Int)] = []
                    for c in 1..<width { values.append((number(r, c), r.line, c + 1)) }
                    columns.append((r.fields[0], (r.line, 1), values))
                }
            }
            // The largest value on the axes whose range is not the --spec file's, for a nice maximum.
            let ranged = (0..<axes.count).map { k in
                let name = options.transpose ? data[k].fields[0] : header.fields[k + 1]
                if case .object(let fields)? = templateAxes[name]?.value { return fields.contains { $0.key == "max" } }
                return false
            }
            largestValue = columns.flatMap { $0.values.enumerated().filter { !ranged[$0.offset] }.compactMap(\.element.0) }.max()
            // Series names must be unique: said here in the table's terms, not as JSON paths.
            var firstAt: [String: (Int, Int)] = [:]
            for s in columns {
                if let first = firstAt[s.name] {
                    problem(s.at.0, s.at.1, "\(SpecReader.shown(s.name)) is also the name of the series at line \(first.0), column \(first.1); every series needs its own name")
                    continue
                }
                firstAt[s.name] = s.at
                let i = series.count
                let path = "charts[0].series[\(i)]"
                origins[path] = .cell(line: s.at.0, column: s.at.1)
                origins[path + ".name"] = .cell(line: s.at.0, column: s.at.1)
                for (k, v) in s.values.enumerated() { origins[path + ".values[\(k)]"] = .cell(line: v.1, column: v.2) }
                origins[path + ".values"] = .cell(line: s.at.0, column: s.at.1)
                series.append(JSONNode(.object([
                    CSV.member("name", string(s.name, s.at.0, s.at.1)),
                    CSV.member("values", JSONNode(.array(s.values.map { value($0.0, $0.1, $0.2) }), at: JSONPosition(line: s.at.0, column: s.at.1))),
                ]), at: JSONPosition(line: s.at.0, column: s.at.1)))
            }
            return [CSV.member("axes", JSONNode(.array(axes), at: CSV.here)), CSV.member("series", JSONNode(.array(series), at: CSV.here))]
        }

        /// Axis k named `name` (at `line`, `column`), or the `--spec` file's axis of that name.
        mutating func axis(_ name: String, _ k: Int, _ line: Int, _ column: Int, _ templateAxes: [String: JSONNode]) -> JSONNode {
            if let spec = templateAxes[name] { origins["charts[0].axes[\(k)]"] = .spec; return spec }
            origins["charts[0].axes[\(k)]"] = .cell(line: line, column: column)
            guard let minimum = options.minimum else { return string(name, line, column) }
            // --minimum: every axis an object with its `min` (the rim stays the chart's maximum).
            origins["charts[0].axes[\(k)].name"] = .cell(line: line, column: column)
            origins["charts[0].axes[\(k)].min"] = .option("--minimum")
            return JSONNode(.object([CSV.member("name", string(name, line, column)), CSV.member("min", JSONNode(.number(minimum), at: CSV.here))]),
                            at: JSONPosition(line: line, column: column))
        }

        /// A column by its header or 1-based number, or a problem (and nil).
        mutating func column(_ v: String, in header: Row) -> Int? {
            if let k = header.fields.firstIndex(of: v) { return k }
            if let n = Int(v), n >= 1, n <= header.fields.count { return n - 1 }
            problem(header.line, "no column \(JSONOut.quoted(v)); the columns are \(header.fields.map(JSONOut.quoted).joined(separator: ", "))")
            fatal = true
            return nil
        }

        /// A sunburst's `children` from rows with a column per level (top level first, `--levels`,
        /// default every column before the value column) and a value (`--value`, default the last
        /// column): rows with the same names under the same parent add up; an empty cell ends the
        /// row's path there (its value is that node's own). Order: first appearance.
        mutating func sunburst(header: Row, data: [Row]) -> [JSONMember] {
            var valueColumn = header.fields.count - 1
            if let v = options.valueColumn { guard let c = column(v, in: header) else { return [] }; valueColumn = c }
            var levels: [Int] = []
            if options.levels.isEmpty { levels = Array(0..<valueColumn) } else {
                for name in options.levels { guard let c = column(name, in: header) else { return [] }; levels.append(c) }
            }
            guard !levels.isEmpty else {
                problem(header.line, "a sunburst needs at least one level column before the values (--levels)")
                fatal = true
                return []
            }
            if levels.contains(valueColumn) {
                problem(header.line, "column \(JSONOut.quoted(header.fields[valueColumn])) is both a level and the value")
                fatal = true
                return []
            }
            final class Node {
                let name: String, line: Int, column: Int
                var value = 0.0, valueAt = (0, 0)
                var children: [Node] = []
                init(_ n: String, _ line: Int, _ column: Int) { name = n; self.line = line; self.column = column }
                var total: Double { value + children.reduce(0) { $0 + $1.total } }
            }
            let root = Node("", header.line, 1)
            var count = 0, overLimit = false
            for r in data {
                let v = number(r, valueColumn)
                if let v, v < 0 || v.isNaN {
                    problem(r.line, valueColumn + 1, "expected a value ≥ 0, got \(SpecReader.shown(r.fields[valueColumn]))")
                    continue
                }
                var at = root
                for c in levels {
                    let name = r.fields[c]
                    if name.isEmpty { break }
                    if let next = at.children.first(where: { $0.name == name }) { at = next; continue }
                    count += 1
                    guard count <= SpecLimits.sunburstNodes else {
                        if !overLimit { problem(r.line, c + 1, "more than \(SpecLimits.sunburstNodes) nodes; the limit is \(SpecLimits.sunburstNodes)") }
                        overLimit = true
                        break
                    }
                    let n = Node(name, r.line, c + 1)
                    at.children.append(n)
                    at = n
                }
                if overLimit { break }
                guard at !== root else { problem(r.line, levels[0] + 1, "the row names no node (its first level is empty)"); continue }
                at.value += v ?? 0
                at.valueAt = (r.line, valueColumn + 1)
            }
            func node(_ n: Node, _ path: String) -> JSONNode {
                origins[path] = .cell(line: n.line, column: n.column)
                origins[path + ".name"] = .cell(line: n.line, column: n.column)
                var fields = [CSV.member("name", string(n.name, n.line, n.column))]
                if n.children.isEmpty || n.value > 0 {
                    origins[path + ".value"] = .cell(line: n.valueAt.0, column: n.valueAt.1)
                    fields.append(CSV.member("value", value(n.children.isEmpty ? n.value : n.total, n.valueAt.0, n.valueAt.1)))
                }
                if !n.children.isEmpty {
                    fields.append(CSV.member("children", JSONNode(.array(n.children.enumerated().map { node($1, path + ".children[\($0)]") }),
                                                                  at: JSONPosition(line: n.line, column: n.column))))
                }
                return JSONNode(.object(fields), at: JSONPosition(line: n.line, column: n.column))
            }
            let children = root.children.enumerated().map { node($1, "charts[0].children[\($0)]") }
            return [CSV.member("children", JSONNode(.array(children), at: CSV.here))]
        }

        mutating func pie(header: Row, data: [Row], key: String = "sectors") -> [JSONMember] {
            var column = 1
            if let v = options.valueColumn { guard let c = self.column(v, in: header) else { return [] }; column = c }
            var sectors: [JSONNode] = []
            for r in data {
                let v = number(r, column)
                if let v, v < 0 || v.isNaN {
                    problem(r.line, column + 1, "expected a value ≥ 0 for a sector, got \(SpecReader.shown(r.fields[column]))")
                }
                if v == nil, CSV.number(r.fields[column], style: style) != nil {
                    problem(r.line, column + 1, "expected a value ≥ 0 for a sector, got an empty cell")
                }
                let path = "charts[0].\(key)[\(sectors.count)]"
                origins[path] = .cell(line: r.line, column: 1)
                origins[path + ".name"] = .cell(line: r.line, column: 1)
                origins[path + ".value"] = .cell(line: r.line, column: column + 1)
                sectors.append(JSONNode(.object([
                    CSV.member("name", string(r.fields[0], r.line, 1)),
                    CSV.member("value", value(v.map { max($0, 0) } ?? 0, r.line, column + 1)),
                ]), at: JSONPosition(line: r.line, column: 1)))
            }
            return [CSV.member(key, JSONNode(.array(sectors), at: CSV.here))]
        }

        /// A spec reader's problem, named where the user wrote it: `line 3, column 2: …` for a
        /// cell, `--title: …` for an option, `the --spec file: PATH (line, column): …` for the
        /// `--spec` file, `the table: …` for the table as a whole.
        func describe(_ p: SpecError.Problem) -> (key: (Int, Int), text: String) {
            var path = p.path
            while true {
                switch origins[path] {
                case .cell(let line, let column)?: return ((line, column), "line \(line), column \(column): \(p.message)")
                case .option(let name)?: return ((0, 0), "\(name): \(p.message)")
                case .spec?: return ((Int.max, 0), "the --spec file: \(p.description)")
                case .table?, nil: break
                }
                // The path above: `a.b[2].c` → `a.b[2]` → `a.b` → `a`.
                guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
                path = String(path[..<cut])
            }
            // A page key of the --spec file (its title) or the page's budget.
            if !p.path.hasPrefix("charts") && !p.path.isEmpty && p.path != "$" { return ((Int.max, 0), "the --spec file: \(p.description)") }
            return ((0, 0), "the table: \(p.message)")
        }
    }
}
