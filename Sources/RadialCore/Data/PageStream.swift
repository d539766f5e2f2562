/// Newline-delimited JSON that keeps a page up to date (`radial show -`, a FIFO): each line is
/// a whole page, or `{"update": "charts[0].series[1].values[3]", "value": 42}` for one value
/// (a radar's value, `charts[i].sectors[j].value` of a pie, donut or rose, `charts[i].value` of a
/// gauge, `charts[i].rings[j].value` of activity rings, `charts[i].bars[j].value` of radial bars).
/// Bad lines are reported and skipped, never fatal; lines longer than `maxLineBytes` are cut
/// off and refused. Memory stays flat however long the stream runs: the state is one page and
/// its JSON document, one partial line (bounded) and the last few problems.
///
/// An update edits the page's JSON document, and the chart it changed is read again by the
/// spec reader: an updated page obeys exactly the rules of a file (a pie's total past the
/// largest double is refused with the file's message, a grouped pie regroups, indices are the
/// file's), and each line is judged on its own.
package struct PageStream: Sendable {
    /// The longest line accepted (a whole page must fit in it).
    package static let maxLineBytes = SpecLimits.fileBytes
    /// Problems kept for the banner.
    package static let keptProblems = 8
    /// The page as the lines so far leave it (nil until the first whole page).
    package private(set) var page: Page?
    /// Bumped whenever `page` changes, so a frame can tell whether to rebuild.
    package private(set) var version = 0
    /// The latest problems, oldest first: "line 12: …".
    package private(set) var problems: [String] = []
    /// The number of lines read so far (the last one's number, 1-based), as problems name them.
    package private(set) var lineNumber = 0

    /// What the stream holds on to besides the page: the partial line's storage and the kept
    /// problems (bounded by `maxLineBytes` and `keptProblems`).
    package var retainedBytes: Int { partial.capacity + problems.reduce(0) { $0 + $1.utf8.count } }

    private var partial: [UInt8] = []
    private var discarding = false
    /// The page's JSON document, as the lines so far leave it.
    private var document: JSONNode?

    /// The one place an update may write: a radar value or a sector's value.
    private enum Target: Sendable {
        case radarValue(chart: Int, series: Int, value: Int)
        /// A number at `steps` below `charts[chart]` (`sectors[2].value`, `value`).
        case value(chart: Int, steps: [PathStep])
    }

    /// A stream whose first page is already known (a pretty-printed document read whole).
    /// Without the page's JSON, updates are refused until a whole page line arrives.
    package init(page: Page? = nil) { self.page = page; partial.reserveCapacity(4096) }

    /// A stream starting from a page's JSON, which later updates edit.
    package init(document: JSONNode) throws(SpecError) {
        page = try Spec.decode(document)
        self.document = document
        partial.reserveCapacity(4096)
    }

    /// Takes the next bytes of the stream, applying every complete line.
    package mutating func feed(_ bytes: some Sequence<UInt8>) {
        for b in bytes {
            if b == UInt8(ascii: "\n") {
                lineNumber += 1
                if discarding {
                    report("the line is longer than \(Self.maxLineBytes / 1024 / 1024) MiB, the limit for one line; skipped")
                } else if !partial.isEmpty {
                    apply(line: partial)
                }
                partial.removeAll(keepingCapacity: true)
                discarding = false
            } else if !discarding {
                if partial.count >= Self.maxLineBytes { discarding = true; partial = []; partial.reserveCapacity(4096) } else { partial.append(b) }
            }
        }
    }

    private mutating func report(_ message: String) {
        if problems.count == Self.keptProblems { problems.removeFirst() }
        problems.append("line \(lineNumber): \(message)")
    }

    /// One line: a page, or an update of one value of the current page.
    package mutating func apply(line: [UInt8]) {
        if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { return }
        let root: JSONNode
        do { root = try JSONParser.parse(line, maxDepth: SpecLimits.depth) } catch {
            report(error.message); return
        }
        if case .object(let members) = root.value, let u = members.first(where: { $0.key == "update" }) {
            guard case .string(let path) = u.node.value else { report("update: expected a path such as \"charts[0].series[1].values[3]\""); return }
            let extra = members.filter { $0.key != "update" && $0.key != "value" }.map(\.key)
            guard extra.isEmpty else {
                report("\(extra[0]): unknown key; an update has \"update\" and \"value\""); return
            }
            guard let v = members.first(where: { $0.key == "value" })?.node else { report("an update needs a \"value\""); return }
            switch v.value {
            case .number, .null: break
            default: report("\(path): expected a number or null, got \(SpecReader.got(v.value))"); return
            }
            guard document != nil else {
                report(page == nil ? "an update before the first page; send a whole page first"
                                   : "an update needs a page sent as one line; send the whole page again"); return
            }
            let target: Target
            switch resolve(path) {
            case .success(let t): target = t
            case .failure(let why): report("\(path): \(why.message)"); return
            }
            update(target, to: v, path: path)
            return
        }
        do {
            page = try Spec.decode(root); version += 1
            document = root
        } catch {
            report(error.problems.first.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" } ?? "not a page")
        }
    }

    // MARK: - Updates

    /// Writes `value` at `target` and reads its chart again; on a problem the old value goes back.
    private mutating func update(_ target: Target, to value: JSONNode, path: String) {
        guard let old = write(value, to: target), let doc = document, var p = page else { return }
        let c = Self.chart(of: target)
        do {
            let chart = try Spec.decodeChart(at: c, of: doc)
            guard c < p.charts.count else { return }
            p.charts[c] = chart
            page = p
            version += 1
        } catch {
            _ = write(old, to: target)
            // This value's problem, else its chart's (a pie's total), else the first.
            let problems = error.problems
            let mine = problems.first { $0.path == path } ?? problems.first { $0.path.hasPrefix("charts[\(c)]") } ?? problems.first
            report(mine.map { $0.path == path || $0.path.isEmpty ? "\(path): \($0.message)" : "\(path): \($0.path): \($0.message)" }
                   ?? "\(path): refused")
        }
    }

    private static func chart(of t: Target) -> Int {
        switch t {
        case .radarValue(let c, _, _), .value(let c, _): c
        }
    }

    private struct Refusal: Error { var message: String }

    /// What an update may name.
    static let updatable = "charts[i].series[j].values[k] of a radar, charts[i].sectors[j].value of a pie, donut or rose, "
        + "charts[i].value of a gauge, charts[i].rings[j].value of activity rings or charts[i].bars[j].value of radial bars"

    /// Where `path` points in the document (see `updatable`), every index in range.
    private func resolve(_ path: String) -> Result<Target, Refusal> {
        let usage = "expected " + Self.updatable
        guard let parts = Self.indices(path), (2...3).contains(parts.count), parts[0].key == "charts", let c = parts[0].index else {
            return .failure(Refusal(message: usage))
        }
        guard let doc = document, case .array(let charts) = Self.member(doc, "charts")?.value else { return .failure(Refusal(message: "no page")) }
        guard c < charts.count else {
            return .failure(Refusal(message: "no such chart; the page has \(charts.count)"))
        }
        let chart = charts[c]
        let type: String? = if case .string(let t) = Self.member(chart, "type")?.value { t } else { nil }
        if parts.count == 2 {
            guard type == "gauge", parts[1].key == "value", parts[1].index == nil else { return .failure(Refusal(message: "can be " + Self.updatable)) }
            return .success(.value(chart: c, steps: [.key("value")]))
        }
        switch (type, parts[1].key, parts[2].key) {
        case ("radar", "series", "values"):
            guard let s = parts[1].index, let k = parts[2].index else { return .failure(Refusal(message: "expected charts[i].series[j].values[k]")) }
            guard case .array(let series) = Self.member(chart, "series")?.value, s < series.count else {
                return .failure(Refusal(message: "no such series; the chart has \(Self.count(chart, "series"))"))
            }
            let axes = Self.count(chart, "axes")
            guard k < axes else { return .failure(Refusal(message: "no such value; the chart has \(axes) axes")) }
            return .success(.radarValue(chart: c, series: s, value: k))
        case ("pie", "sectors", "value"), ("donut", "sectors", "value"), ("rose", "sectors", "value"),
             ("rings", "rings", "value"), ("radialBar", "bars", "value"):
            let list = parts[1].key, noun = ["sectors": "sector", "rings": "ring", "bars": "bar"][list] ?? list
            guard let s = parts[1].index, parts[2].index == nil else { return .failure(Refusal(message: "expected charts[i].\(list)[j].value")) }
            let count = Self.count(chart, list)
            guard s < count else { return .failure(Refusal(message: "no such \(noun); the chart has \(count)")) }
            return .success(.value(chart: c, steps: [.key(list), .index(s), .key("value")]))
        default:
            return .failure(Refusal(message: "can be " + Self.updatable))
        }
    }

    /// Puts `value` where `target` says, in `document` (resolved just before, so it is there),
    /// and returns what was there (a radar value past the end of its series: null).
    private mutating func write(_ value: JSONNode, to target: Target) -> JSONNode? {
        guard var doc = document else { return nil }
        document = nil   // so the edits below change the one copy in place
        var old: JSONNode?
        switch target {
        case .radarValue(let c, let s, let k):
            Self.edit(&doc, [.key("charts"), .index(c), .key("series"), .index(s), .key("values")]) { values in
                guard case .array(var list) = values.value else { return }   // never: the page was read
                values.value = .null
                while list.count <= k { list.append(JSONNode(.null, at: values.position)) }
                old = list[k]
                list[k] = value
                values.value = .array(list)
            }
        case .value(let c, let steps):
            Self.edit(&doc, [.key("charts"), .index(c)] + steps) { old = $0; $0 = value }
        }
        document = doc
        return old
    }

    /// Runs `change` on the node at `path` (keys and indices), editing arrays and objects in place.
    private static func edit(_ node: inout JSONNode, _ path: ArraySlice<PathStep>, _ change: (inout JSONNode) -> Void) {
        guard let step = path.first else { change(&node); return }
        switch (step, node.value) {
        case (.index(let i), .array(var items)) where i < items.count:
            node.value = .null
            edit(&items[i], path.dropFirst(), change)
            node.value = .array(items)
        case (.key(let k), .object(var members)):
            guard let m = members.lastIndex(where: { $0.key == k }) else { return }
            node.value = .null
            edit(&members[m].node, path.dropFirst(), change)
            node.value = .object(members)
        default:
            return
        }
    }

    private static func edit(_ node: inout JSONNode, _ path: [PathStep], _ change: (inout JSONNode) -> Void) {
        edit(&node, path[...], change)
    }

    private enum PathStep: Sendable { case key(String), index(Int) }

    private static func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.last { $0.key == key }?.node
    }

    private static func count(_ node: JSONNode, _ key: String) -> Int {
        if case .array(let a) = member(node, key)?.value { return a.count }
        return 0
    }

    /// `charts[0].series[1].values[3]` → [(charts, 0), (series, 1), (values, 3)]; nil when a part
    /// is not `name` or `name[digits]` (a sign, spaces or a number too large for an index).
    static func indices(_ path: String) -> [(key: String, index: Int?)]? {
        var out: [(key: String, index: Int?)] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let open = part.firstIndex(of: "[") else {
                guard !part.isEmpty, !part.contains("]") else { return nil }
                out.append((String(part), nil)); continue
            }
            let digits = part[part.index(after: open)...].dropLast()
            guard part.last == "]", open != part.startIndex, !digits.isEmpty, digits.count <= 9,
                  digits.allSatisfy({ $0.isASCII && $0.isNumber }), let i = Int(digits) else { return nil }
            out.append((String(part[..<open]), i))
        }
        return out
    }
}
