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
        try read(bytes, path: path, options: options, spec: spec, environment: environment).page
    }

    /// `page(…)`, with the notes worth telling the user (columns left out, empty cells skipped by an aggregate).
    package static func read(_ bytes: [UInt8], path: String, options: Options, spec: [UInt8]? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(ImportError) -> (page: Page, notes: [String]) {
        var specRoot: JSONNode?
        if let spec {
            do { specRoot = try JSONParser.parse(spec, maxDepth: SpecLimits.depth) } catch {
                throw ImportError(lines: ["the --spec file: " + SpecError.Problem(path: "", message: error.message, line: error.position.line, column: error.position.column).description])
            }
        }
        let made = try generate(bytes, path: path, options: options, spec: specRoot, environment: environment)
        return (made.page, made.notes)
    }

    /// The table's page as JSON (before it is read as a page, as a file is), the page, and the notes.
    package static func generate(_ bytes: [UInt8], path: String, options: Options, spec: JSONNode?,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) throws(ImportError) -> (root: JSONNode, page: Page, notes: [String]) {
        var notes: [String] = []
        var template: [JSONMember] = [], templateAxes: [String: JSONNode] = [:], pageMembers: [JSONMember] = []
        if let root = spec {
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
        let (rows, rowProblems) = rows(text, separator: separator)
        let style = NumberStyle.of(options, separator: separator, rows: rows, environment: environment)
        var table = TableReader(rows: rows, options: options, separator: separator, style: style, problems: rowProblems)
        table.locale = Formatting(localeIdentifier: options.locale ?? ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "en_US").locale
        let built = table.build(template: template, templateAxes: templateAxes)
        var members = pageMembers.filter { m in !built.page.contains { $0.key == m.key } } + built.page
        members.append(member("charts", JSONNode(.array(built.charts), at: here)))
        if !built.frames.isEmpty { members.append(member("frames", JSONNode(.array(built.frames), at: here))) }
        let root = JSONNode(.object(members), at: here)
        notes = table.notes
        var problems = table.problems.map { (key: ($0.line ?? 0, $0.column ?? 0), text: $0.description) }
        if table.problems.isEmpty || !table.fatal {
            do {
                let page = try Spec.decode(root)
                if problems.isEmpty { return (root, page, notes) }
            } catch {
                // With problems in the cells, the page's whole-table problems are their
                // consequences (a column of bad numbers leaves a radar too few axes): left out.
                for p in error.problems {
                    let d = table.describe(p)
                    if table.problems.isEmpty || d.key.0 > 0 { problems.append(d) }
                }
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
        /// The locale bins and dates are named in.
        var locale = Locale(identifier: "en_US")
        /// What is worth saying about the table without refusing it.
        var notes: [String] = []

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

        /// The page's charts (one, or one per facet), its states (`frame`) and page keys, as JSON
        /// noting where each part came from.
        mutating func build(template: [JSONMember], templateAxes: [String: JSONNode]) -> Built {
            guard let header = rows.first else {
                problem(nil, "the table is empty; the first row names the columns")
                fatal = true
                return Built(charts: [JSONNode(.object([typeMember()]), at: CSV.here)])
            }
            let width = header.fields.count
            guard width >= 2 else {
                problem(header.line, "needs at least two columns: names, then values" + otherSeparatorHint(header))
                fatal = true
                return Built(charts: [JSONNode(.object([typeMember()]), at: CSV.here)])
            }
            var data: [Row] = []
            for r in rows.dropFirst() {
                if r.fields.count == width { data.append(r); continue }
                problem(r.line, "has \(r.fields.count) field\(r.fields.count == 1 ? "" : "s") but the header has \(width); every row needs the same number"
                        + (r.fields.count > width ? decimalCommaHint(r) : ""))
            }
            if options.type == .sunburst {
                var members = [typeMember()] + titleMember("charts[0]")
                members += sunburst(header: header, data: filtered(header: header, data: data))
                return Built(charts: [finish(members, template: template, path: "charts[0]")])
            }
            return reshape(header: header, data: data, template: template, templateAxes: templateAxes)
        }

        func typeMember() -> JSONMember { CSV.member("type", JSONNode(.string(options.type.rawValue), at: CSV.here)) }

        /// `--title` as the chart's title at `path`.
        mutating func titleMember(_ path: String) -> [JSONMember] {
            guard let t = options.title else { return [] }
            origins[path + ".title"] = .option("--title")
            return [CSV.member("title", JSONNode(.string(t), at: CSV.here))]
        }

        /// `members` with the --spec file's keys they do not set.
        mutating func finish(_ members: [JSONMember], template: [JSONMember], path: String) -> JSONNode {
            var members = members
            for m in template where !members.contains(where: { $0.key == m.key }) {
                members.append(m)
                origins["\(path).\(m.key)"] = .spec
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

        /// Axis k named `name` (at `line`, `column`), or the `--spec` file's axis of that name;
        /// with `--minimum` or a format from the cells, an object.
        mutating func axis(_ name: String, _ k: Int, _ line: Int, _ column: Int, _ templateAxes: [String: JSONNode],
                           path: String = "charts[0]", format: JSONNode? = nil) -> JSONNode {
            let p = "\(path).axes[\(k)]"
            if let spec = templateAxes[name] { origins[p] = .spec; return spec }
            origins[p] = .cell(line: line, column: column)
            guard options.minimum != nil || format != nil else { return string(name, line, column) }
            // --minimum: every axis an object with its `min` (the rim stays the chart's maximum).
            origins[p + ".name"] = .cell(line: line, column: column)
            var fields = [CSV.member("name", string(name, line, column))]
            if let minimum = options.minimum {
                origins[p + ".min"] = .option("--minimum")
                fields.append(CSV.member("min", JSONNode(.number(minimum), at: CSV.here)))
            }
            if let format { fields.append(CSV.member("format", format)) }
            return JSONNode(.object(fields), at: JSONPosition(line: line, column: column))
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
