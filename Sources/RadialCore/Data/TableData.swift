import Foundation

/// A chart whose data is a table (`{"type": "rose", "data": {"table": "wind.csv", "category":
/// "direction", "value": "frequency"}}`): the table's path (relative to the file), how it is read
/// and reshaped (the command line's table options as keys), and the chart's other keys laid over
/// what the table gives, as `--spec` does. Resolved before the page is read, so the page obeys
/// the rules of a file; a table's problems are named by its line and column.
package enum TableData {
    /// The keys of a chart's `"data"`.
    static let keys = ["table", "category", "series", "value", "columns", "aggregate", "filter", "bin", "sort", "top", "facet", "frame",
                       "transpose", "levels", "decimal", "delimiter", "minimum"]

    /// The tables `root`'s charts read, as paths relative to `folder` resolved.
    package static func paths(_ bytes: [UInt8], folder: String) -> [String] {
        guard let root = try? JSONParser.parse(bytes, maxDepth: SpecLimits.depth), case .object(let page) = root.value,
              case .array(let charts)? = page.last(where: { $0.key == "charts" })?.node.value else { return [] }
        return charts.compactMap { c in
            guard case .object(let m) = c.value, case .object(let d)? = m.last(where: { $0.key == "data" })?.node.value,
                  case .string(let t)? = d.last(where: { $0.key == "table" })?.node.value else { return nil }
            return resolve(t, folder: folder)
        }
    }

    static func resolve(_ path: String, folder: String) -> String {
        path.hasPrefix("/") || folder.isEmpty ? path : (folder.hasSuffix("/") ? folder : folder + "/") + path
    }

    /// `bytes` (a chart file) with every chart's `"data"` table read into the chart; nil when no
    /// chart has one. `read` gives a table's bytes by its resolved path.
    package static func expand(_ bytes: [UInt8], folder: String, locale: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment,
                              read: (String) throws(UsageError) -> [UInt8]) throws(UsageError) -> (root: JSONNode, notes: [String])? {
        guard let root = try? JSONParser.parse(bytes, maxDepth: SpecLimits.depth), case .object(var page) = root.value,
              let chartsAt = page.lastIndex(where: { $0.key == "charts" }), case .array(var charts) = page[chartsAt].node.value,
              charts.contains(where: { c in if case .object(let m) = c.value { m.contains { $0.key == "data" } } else { false } }) else { return nil }
        var notes: [String] = []
        var expanded: [JSONNode] = []
        var frames: [JSONMember] = []
        for (i, chart) in charts.enumerated() {
            guard case .object(let members) = chart.value, let data = members.last(where: { $0.key == "data" }) else { expanded.append(chart); continue }
            let path = "charts[\(i)].data"
            let (table, options) = try self.options(data.node, chart: members, path: path, locale: locale)
            let file = resolve(table, folder: folder)
            let bytes = try read(file)
            let template = JSONNode(.object(members.filter { $0.key != "data" }), at: chart.position)
            let made: (root: JSONNode, page: Page, notes: [String])
            do { made = try CSV.generate(bytes, path: file, options: options, spec: template, environment: environment) } catch {
                throw UsageError("\(path).table (\(table)) cannot be drawn as a \(options.type.rawValue) chart:\n" + error.lines.map { "  " + $0 }.joined(separator: "\n"))
            }
            notes += made.notes.map { "\(table): \($0)" }
            guard case .object(let generated) = made.root.value, case .array(let made)? = generated.last(where: { $0.key == "charts" })?.node.value else { continue }
            if let f = generated.last(where: { $0.key == "frames" }) {
                guard charts.count == 1 else { throw UsageError("\(path).frame: a chart whose table plays states must be the page's only chart.") }
                frames.append(f)
            }
            if made.count > 1 && charts.count > 1 { throw UsageError("\(path).facet: a chart whose table makes a chart per value must be the page's only chart.") }
            for m in generated where m.key == "uniform" || (m.key == "title" && !page.contains { $0.key == "title" }) { page.append(m) }
            expanded += made
        }
        charts = expanded
        page[chartsAt].node.value = .array(charts)
        page += frames
        return (JSONNode(.object(page), at: root.position), notes)
    }

    /// The table's path and how to read it, from a chart's `"data"`.
    static func options(_ node: JSONNode, chart: [JSONMember], path: String, locale: String?) throws(UsageError) -> (String, CSV.Options) {
        guard case .object(let d) = node.value else { throw UsageError("\(path): expected an object with a \"table\" (a .csv or .tsv file) and how to read it.") }
        func string(_ key: String) throws(UsageError) -> String? {
            guard let n = d.last(where: { $0.key == key })?.node else { return nil }
            guard case .string(let s) = n.value else { throw UsageError("\(path).\(key) (\(n.position)): expected a string, got \(SpecReader.got(n.value)).") }
            return s
        }
        func strings(_ key: String) throws(UsageError) -> [String] {
            guard let n = d.last(where: { $0.key == key })?.node else { return [] }
            if case .string(let s) = n.value { return key == "filter" ? [s] : s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            guard case .array(let list) = n.value else { throw UsageError("\(path).\(key) (\(n.position)): expected a string or an array of strings, got \(SpecReader.got(n.value)).") }
            var out: [String] = []
            for (k, e) in list.enumerated() {
                guard case .string(let s) = e.value else { throw UsageError("\(path).\(key)[\(k)] (\(e.position)): expected a string, got \(SpecReader.got(e.value)).") }
                out.append(s)
            }
            return out
        }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(UsageError) -> T? where T.RawValue == String {
            guard let s = try string(key) else { return nil }
            if let v = T(rawValue: s) { return v }
            let names = T.allCases.map(\.rawValue)
            let near = Spec.suggestion(for: s, among: names).map { "; did you mean \"\($0)\"?" } ?? "; expected one of \(names.joined(separator: ", "))"
            throw UsageError("\(path).\(key): unknown \(key) \"\(s)\"\(near)")
        }
        for m in d where !keys.contains(m.key) {
            let near = Spec.suggestion(for: m.key, among: keys).map { "did you mean \"\($0)\"?" } ?? "a chart's data has " + keys.joined(separator: ", ") + "."
            throw UsageError("\(path).\(m.key) (\(m.keyPosition)): unknown key; \(near)")
        }
        guard let table = try string("table") else { throw UsageError("\(path).table: missing; expected the table's path (.csv or .tsv), relative to this file.") }
        guard case .string(let typeName)? = chart.last(where: { $0.key == "type" })?.node.value,
              let type = CSV.Options.ChartType(rawValue: typeName) else {
            throw UsageError("\(path): a table draws a radar, pie, donut, rose, radialBar or sunburst; give the chart one of these \"type\"s.")
        }
        var filters: [TableFilter] = []
        for f in try strings("filter") {
            switch TableFilter.parse(f) {
            case .success(let filter): filters.append(filter)
            case .failure(let e): throw UsageError("\(path).filter: " + e.message.replacingOccurrences(of: "--filter ", with: ""))
            }
        }
        var top: Int?
        if let n = d.last(where: { $0.key == "top" })?.node {
            guard case .number(let v) = n.value, v == v.rounded(), v >= 1, v <= 4096 else { throw UsageError("\(path).top (\(n.position)): expected a whole number from 1 to 4096, got \(SpecReader.got(n.value)).") }
            top = Int(v)
        }
        var transpose = false
        if let n = d.last(where: { $0.key == "transpose" })?.node {
            guard case .bool(let b) = n.value else { throw UsageError("\(path).transpose (\(n.position)): expected true or false, got \(SpecReader.got(n.value)).") }
            transpose = b
        }
        var minimum: Double?
        if let n = d.last(where: { $0.key == "minimum" })?.node {
            guard case .number(let v) = n.value, v.isFinite else { throw UsageError("\(path).minimum (\(n.position)): expected a number, got \(SpecReader.got(n.value)).") }
            minimum = v
        }
        let decimal = try string("decimal").map { s throws(UsageError) -> Character in
            guard s == "," || s == "." else { throw UsageError("\(path).decimal: expected \",\" or \".\", got \"\(s)\".") }
            return Character(s)
        }
        let delimiter = try string("delimiter").map { s throws(UsageError) -> Character in
            let v = s == "tab" || s == "\t" ? "\t" : s
            guard [",", ";", "\t"].contains(v) else { throw UsageError("\(path).delimiter: expected \",\", \";\" or \"tab\", got \"\(s)\".") }
            return Character(v)
        }
        let query = TableQuery(category: try string("category"), series: try string("series"), columns: try strings("columns"),
                               aggregate: try choice("aggregate", TableAggregate.self), filters: filters, bin: try choice("bin", DateBin.self),
                               sort: try choice("sort", TableSort.self), top: top, facet: try string("facet"), frame: try string("frame"))
        let options = CSV.Options(type: type, transpose: transpose, valueColumn: try string("value"), decimal: decimal, delimiter: delimiter,
                                  locale: locale, minimum: minimum, levels: try strings("levels"), query: query)
        return (table, options)
    }
}
