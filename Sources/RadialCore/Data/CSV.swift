/// CSV and TSV tables (RFC 4180: quoted fields with doubled quotes, embedded separators and line
/// breaks; CRLF or LF; UTF-8 with or without a byte-order mark) turned into a chart page.
public enum CSV {
    /// How a table becomes a chart: `radial show data.csv --type radar --title T ...`.
    public struct Options: Sendable, Equatable {
        public enum ChartType: String, Sendable, CaseIterable { case radar, pie, donut, rose, radialBar, sunburst }
        public var type: ChartType
        public var title: String?
        /// Radar: series are columns and axes rows, instead of series rows and axes columns.
        public var transpose = false
        /// Pie: the column holding the values (its header, or a 1-based number); default the second.
        public var valueColumn: String?
        /// The decimal separator of the numbers: "." (default) or ",".
        public var decimal: Character = "."
        /// Sunburst: the columns naming each row's path, top level first (`--levels Region,Country,City`);
        /// empty: every column before the value column. The value column defaults to the last.
        public var levels: [String] = []
        public init(type: ChartType, title: String? = nil, transpose: Bool = false, valueColumn: String? = nil, decimal: Character = ".",
                    levels: [String] = []) {
            self.type = type; self.title = title; self.transpose = transpose; self.valueColumn = valueColumn; self.decimal = decimal
            self.levels = levels
        }
    }

    /// A problem at a line and column of the table (1-based, columns in fields).
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int?
        public var message: String
        public init(line: Int, column: Int? = nil, message: String) { self.line = line; self.column = column; self.message = message }
        public var description: String { "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " + message }
    }

    /// A parsed field and the line it starts on.
    public struct Row: Sendable, Equatable {
        public var line: Int
        public var fields: [String]
    }

    /// The rows of `bytes`, separated by `separator` (`,` or a tab). Blank lines are skipped.
    public static func rows(_ bytes: [UInt8], separator: UInt8) throws(Problem) -> [Row] {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        var rows: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, rowLine = 1
        var quoted = false, wasQuoted = false, quoteLine = 1
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true); wasQuoted = false
        }
        func endRow() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields.removeAll()
        }
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") { field.append(b); i += 2; continue }
                    quoted = false
                    // After a closing quote only a separator or the end of the row may follow.
                    if i + 1 < bytes.count, ![separator, UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[i + 1]) {
                        throw Problem(line: line, column: fields.count + 1, message: "text after a closing quote; a quote inside a quoted field is written twice (\"\")")
                    }
                } else {
                    if b == UInt8(ascii: "\n") { line += 1 }
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                if field.isEmpty && !wasQuoted { quoted = true; wasQuoted = true; quoteLine = line } else {
                    throw Problem(line: line, column: fields.count + 1, message: "a quote inside an unquoted field; quote the whole field and write the quote twice (\"\")")
                }
            case separator: endField()
            case UInt8(ascii: "\r"):
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                endRow(); line += 1; rowLine = line
            case UInt8(ascii: "\n"):
                endRow(); line += 1; rowLine = line
            default: field.append(b)
            }
            i += 1
        }
        if quoted { throw Problem(line: quoteLine, column: fields.count + 1, message: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return rows
    }

    /// The separator a file uses: a tab for `.tsv` or when the header has tabs and no commas.
    public static func separator(path: String, bytes: [UInt8]) -> UInt8 {
        if path.lowercased().hasSuffix(".tsv") || path.lowercased().hasSuffix(".tab") { return UInt8(ascii: "\t") }
        let header = bytes.prefix { $0 != UInt8(ascii: "\n") }
        return header.contains(UInt8(ascii: "\t")) && !header.contains(UInt8(ascii: ",")) ? UInt8(ascii: "\t") : UInt8(ascii: ",")
    }

    /// A cell as a number: optional spaces, `-`, digits with `decimal` as the decimal separator;
    /// an empty cell is a missing value (nil inside, NaN out).
    static func number(_ cell: String, decimal: Character) -> Double?? {
        let t = cell.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return .some(nil) }
        let plain = decimal == "." ? t : t.replacingOccurrences(of: ".", with: "\u{0}").replacingOccurrences(of: String(decimal), with: ".")
        guard !plain.contains("\u{0}"), let d = Double(plain), d.isFinite else { return nil }
        return .some(d)
    }

    /// A chart spec (as JSON text, for `Spec.decode`) from a table: for a radar the first row
    /// names the axes (after a corner cell) and each further row is a series (its name first);
    /// `transpose` swaps rows and columns. For a pie the first column names the sectors and the
    /// value column holds their values. `template`, a chart object from `--spec`, adds its keys
    /// (its `axes` objects are matched to the table's axes by name).
    public static func chartJSON(_ rows: [Row], options: Options, template: [(String, String)] = [],
                                 templateAxes: [String: String] = [:]) throws(Problem) -> String {
        guard let header = rows.first else { throw Problem(line: 1, message: "the table is empty; the first row names the columns") }
        let width = header.fields.count
        for r in rows.dropFirst() where r.fields.count != width {
            throw Problem(line: r.line, message: "has \(r.fields.count) field\(r.fields.count == 1 ? "" : "s") but the header has \(width); every row needs the same number")
        }
        guard width >= 2 else { throw Problem(line: header.line, message: "needs at least two columns: names, then values") }
        var members: [(String, String)] = [("type", q(options.type.rawValue))]
        if let t = options.title { members.append(("title", q(t))) }
        func cellNumber(_ r: Row, _ c: Int) throws(Problem) -> Double? {
            guard let v = number(r.fields[c], decimal: options.decimal) else {
                let hint = options.decimal == "." && r.fields[c].contains(",") ? " (a decimal comma? add --decimal ,)" : ""
                throw Problem(line: r.line, column: c + 1, message: "expected a number, got \(JSONOut.quoted(r.fields[c]))\(hint)")
            }
            return v
        }
        func num(_ d: Double?) -> String {
            guard let d else { return "null" }
            return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        }
        switch options.type {
        case .radar:
            let data = Array(rows.dropFirst())
            var axisNames: [String] = [], series: [(String, [String])] = []
            if options.transpose {
                axisNames = data.map { $0.fields[0] }
                for c in 1..<width {
                    var values: [String] = []
                    for r in data { values.append(num(try cellNumber(r, c))) }
                    series.append((header.fields[c], values))
                }
            } else {
                axisNames = Array(header.fields.dropFirst())
                for r in data {
                    var values: [String] = []
                    for c in 1..<width { values.append(num(try cellNumber(r, c))) }
                    series.append((r.fields[0], values))
                }
            }
            members.append(("axes", "[" + axisNames.map { templateAxes[$0] ?? q($0) }.joined(separator: ", ") + "]"))
            members.append(("series", "[" + series.map { "{\"name\": \(q($0.0)), \"values\": [\($0.1.joined(separator: ", "))]}" }.joined(separator: ", ") + "]"))
        case .sunburst:
            members.append(("children", try sunburstJSON(rows, options: options, number: cellNumber)))
        case .pie, .donut, .rose, .radialBar:
            var column = 1
            if let v = options.valueColumn { column = try Self.column(v, in: header) }
            var sectors: [String] = []
            for r in rows.dropFirst() {
                guard let v = try cellNumber(r, column), v >= 0 else {
                    throw Problem(line: r.line, column: column + 1, message: "expected a value ≥ 0 for a sector, got \(JSONOut.quoted(r.fields[column]))")
                }
                sectors.append("{\"name\": \(q(r.fields[0])), \"value\": \(num(v))}")
            }
            members.append((options.type == .radialBar ? "bars" : "sectors", "[" + sectors.joined(separator: ", ") + "]"))
        }
        for (k, v) in template where !members.contains(where: { $0.0 == k }) { members.append((k, v)) }
        return "{" + members.map { "\(q($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func q(_ s: String) -> String { JSONOut.quoted(s) }

    /// A column by its header or 1-based number.
    static func column(_ v: String, in header: Row) throws(Problem) -> Int {
        if let k = header.fields.firstIndex(of: v) { return k }
        if let n = Int(v), n >= 1, n <= header.fields.count { return n - 1 }
        throw Problem(line: header.line, message: "no column \(JSONOut.quoted(v)); the columns are \(header.fields.map(JSONOut.quoted).joined(separator: ", "))")
    }

    /// A sunburst's `children` from rows with a column per level (top level first) and a value:
    /// rows with the same names under the same parent add up; an empty cell ends the row's
    /// path there (its value is that node's own). Order: first appearance.
    static func sunburstJSON(_ rows: [Row], options: Options, number: (Row, Int) throws(Problem) -> Double?) throws(Problem) -> String {
        let header = rows[0]
        let levels: [Int]
        var valueColumn: Int
        if options.levels.isEmpty {
            valueColumn = try options.valueColumn.map { v throws(Problem) in try column(v, in: header) } ?? header.fields.count - 1
            levels = Array(0..<valueColumn)
        } else {
            var cols: [Int] = []
            for name in options.levels { cols.append(try column(name, in: header)) }
            levels = cols
            valueColumn = try options.valueColumn.map { v throws(Problem) in try column(v, in: header) }
                ?? header.fields.count - 1
        }
        guard !levels.isEmpty else { throw Problem(line: header.line, message: "a sunburst needs at least one level column before the values (--levels)") }
        if levels.contains(valueColumn) {
            throw Problem(line: header.line, message: "column \(JSONOut.quoted(header.fields[valueColumn])) is both a level and the value")
        }
        final class Node { var name: String; var value = 0.0; var children: [Node] = []; init(_ n: String) { name = n } }
        let root = Node("")
        var count = 0
        for r in rows.dropFirst() {
            guard let v = try number(r, valueColumn), v >= 0 else {
                throw Problem(line: r.line, column: valueColumn + 1, message: "expected a value ≥ 0, got \(JSONOut.quoted(r.fields[valueColumn]))")
            }
            var at = root
            for c in levels {
                let name = r.fields[c]
                if name.isEmpty { break }
                if let next = at.children.first(where: { $0.name == name }) { at = next } else {
                    count += 1
                    guard count <= SpecLimits.sunburstNodes else {
                        throw Problem(line: r.line, column: c + 1, message: "more than \(SpecLimits.sunburstNodes) nodes; the limit is \(SpecLimits.sunburstNodes)")
                    }
                    let n = Node(name); at.children.append(n); at = n
                }
            }
            guard at !== root else { throw Problem(line: r.line, column: levels[0] + 1, message: "the row names no node (its first level is empty)") }
            at.value += v
        }
        func json(_ n: Node) -> String {
            let sum = n.children.reduce(0) { $0 + total($1) }
            var fields = ["\"name\": \(q(n.name))"]
            if n.children.isEmpty { fields.append("\"value\": \(n.value)") }
            else {
                if n.value > 0 { fields.append("\"value\": \(n.value + sum)") }
                fields.append("\"children\": [" + n.children.map(json).joined(separator: ", ") + "]")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        func total(_ n: Node) -> Double { n.value + n.children.reduce(0) { $0 + total($1) } }
        return "[" + root.children.map(json).joined(separator: ", ") + "]"
    }
}

import Foundation

// MARK: - A page from a table

extension CSV {
    /// Why a table could not become a page: its problems, each one line.
    public struct ImportError: Error, Sendable {
        public var lines: [String]
    }

    /// The page `radial show data.csv --type …` draws: the table's chart, with the keys of
    /// `spec` (a page with one chart, or a chart object) applied to it, validated as a spec file is.
    public static func page(_ bytes: [UInt8], path: String, options: Options, spec: [UInt8]? = nil) throws(ImportError) -> Page {
        var template: [(String, String)] = [], templateAxes: [String: String] = [:], pageMembers: [(String, String)] = []
        if let spec {
            let root: JSONNode
            do { root = try JSONParser.parse(spec, maxDepth: SpecLimits.depth) } catch {
                throw ImportError(lines: ["the --spec file: " + SpecError.Problem(path: "", message: error.message, at: error.position).description])
            }
            guard case .object(var members) = root.value else { throw ImportError(lines: ["the --spec file: expected an object (a chart, or a page with one chart)"]) }
            if let charts = members.first(where: { $0.key == "charts" }) {
                guard case .array(let list) = charts.node.value, let first = list.first, case .object(let chart) = first.value else {
                    throw ImportError(lines: ["the --spec file: charts: expected an array with one chart object"])
                }
                pageMembers = members.filter { $0.key != "charts" }.map { ($0.key, text($0.node)) }
                members = chart
            }
            for m in members where !["series", "sectors", "bars", "children"].contains(m.key) {
                if m.key == "axes", case .array(let axes) = m.node.value {
                    for a in axes {
                        if case .object(let fields) = a.value, let n = fields.first(where: { $0.key == "name" }), case .string(let name) = n.node.value {
                            templateAxes[name] = text(a)
                        }
                    }
                } else if m.key != "type" {
                    template.append((m.key, text(m.node)))
                }
            }
        }
        let chart: String
        do {
            let rows = try rows(bytes, separator: separator(path: path, bytes: bytes))
            chart = try chartJSON(rows, options: options, template: template, templateAxes: templateAxes)
        } catch {
            throw ImportError(lines: [error.description])
        }
        let pageText = "{" + (pageMembers.map { "\(JSONOut.quoted($0.0)): \($0.1)" } + ["\"charts\": [\(chart)]"]).joined(separator: ", ") + "}"
        do { return try Spec.decode(pageText) } catch {
            // Positions are of the generated text, not of a file the user wrote: paths only.
            throw ImportError(lines: error.problems.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" })
        }
    }

    /// A parsed JSON value written back as JSON text.
    static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members): return "{" + members.map { JSONOut.quoted($0.key) + ": " + text($0.node) }.joined(separator: ", ") + "}"
        case .array(let items): return "[" + items.map(text).joined(separator: ", ") + "]"
        case .string(let s): return JSONOut.quoted(s)
        case .number(let d): return d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)") : "1e999"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }
}
