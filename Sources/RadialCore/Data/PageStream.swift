/// Newline-delimited JSON that keeps a page up to date (`radial show -`, a FIFO, `record -`): each
/// line is a whole page, or an update `{"update": PATH, "value": VALUE}` that sets the key or
/// element PATH names (`charts[0].series[1].values[3]`, `charts[2].sectors[0].value`,
/// `charts[0].title`, `title`) to VALUE, by the rules of a file. Bad lines are reported and
/// skipped, never fatal; lines longer than `maxLineBytes` are cut off and refused. Memory stays
/// flat however long the stream runs: the state is one page and its JSON document, one partial
/// line (bounded) and the last few problems.
///
/// An update edits the page's JSON document, so an updated page obeys exactly the rules of a
/// file (a pie's total past the largest double is refused with the file's message, a grouped pie
/// regroups, indices are the file's), and each line is judged on its own. The values a stream
/// changes most — a radar's value, the value of a sector, a ring, a bar or a gauge — are applied
/// to the page in place, in time that does not grow with the chart, when the value is one the
/// file's rules accept whatever the rest of the chart holds; anything else (a title, a color, a
/// value the rules might refuse, a grouped pie's sector) reads the edited page again.
///
/// Use it as `var stream = PageStream()`, then `feed(bytes)` as they arrive (or `apply(line:)`
/// for one line), reading `page` whenever `version` moved.
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
    /// How many updates have been applied (whole pages not counted).
    package private(set) var updatesApplied = 0

    /// What the stream holds on to besides the page: the partial line's storage and the kept
    /// problems (bounded by `maxLineBytes` and `keptProblems`).
    package var retainedBytes: Int { partial.capacity + problems.reduce(0) { $0 + $1.utf8.count } }

    private var partial: [UInt8] = []
    private var discarding = false
    /// The page's JSON document, as the lines so far leave it.
    private var document: JSONNode?
    /// Per chart of the page: which of its values an update may set in place.
    private var inPlace: [InPlace] = []
    /// How many updates read the whole page again (the rest were set in place).
    private(set) var rereads = 0
    /// The page the document reads as now: what `page` must equal however its updates were applied.
    var documentPage: Page? { document.flatMap { try? Spec.decode($0) } }

    /// A stream whose first page is already known (a pretty-printed document read whole).
    /// Without the page's JSON, updates are refused until a whole page line arrives.
    package init(page: Page? = nil) { self.page = page; partial.reserveCapacity(4096) }

    /// A stream starting from a page's JSON, which later updates edit.
    package init(document: JSONNode) throws(SpecError) {
        partial.reserveCapacity(4096)
        try replace(with: document)
    }

    /// Takes the next bytes of the stream, applying every complete line.
    package mutating func feed(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { feed(buffer: $0) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { feed(buffer: $0) } }
    }

    private mutating func feed(buffer: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < buffer.count {
            var end = start
            while end < buffer.count && buffer[end] != UInt8(ascii: "\n") { end += 1 }
            if !discarding {
                if partial.count + (end - start) > Self.maxLineBytes {
                    discarding = true; partial = []; partial.reserveCapacity(4096)
                } else {
                    partial.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]))
                }
            }
            guard end < buffer.count else { return }
            lineNumber += 1
            if discarding {
                report("the line is longer than \(Self.maxLineBytes / 1024 / 1024) MiB, the limit for one line; skipped")
            } else if !partial.isEmpty {
                apply(line: partial)
            }
            partial.removeAll(keepingCapacity: true)
            discarding = false
            start = end + 1
        }
    }

    private mutating func report(_ message: String) {
        if problems.count == Self.keptProblems { problems.removeFirst() }
        problems.append("line \(lineNumber): \(message)")
    }

    /// One line: a page, or an update of the current page.
    package mutating func apply(line: [UInt8]) {
        if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { return }
        let root: JSONNode
        do { root = try JSONParser.parse(line, maxDepth: SpecLimits.depth) } catch {
            report(error.message); return
        }
        guard case .object(let members) = root.value, let u = members.first(where: { $0.key == "update" }) else {
            do { try replace(with: root) } catch {
                report(error.problems.first.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" } ?? "not a page")
            }
            return
        }
        guard case .string(let path) = u.node.value else { report("update: expected a path such as \(Self.example)"); return }
        if let extra = members.first(where: { $0.key != "update" && $0.key != "value" }) {
            report("\(extra.key): unknown key; an update has \"update\" and \"value\""); return
        }
        guard let value = members.first(where: { $0.key == "value" })?.node else { report("an update needs a \"value\""); return }
        guard document != nil else {
            report(page == nil ? "an update before the first page; send a whole page first"
                               : "an update needs a page sent as one line; send the whole page again"); return
        }
        switch update(path, to: value) {
        case .success: updatesApplied += 1; version += 1
        case .failure(let why): report("\(path): \(why.message)")
        }
    }

    /// The page `root` says, replacing the current one; the current one stays if it is refused.
    private mutating func replace(with root: JSONNode) throws(SpecError) {
        let p = try Spec.decode(root)
        page = p; document = root; version += 1
        inPlace = Self.inPlace(p, root)
    }

    // MARK: - Updates

    private struct Refusal: Error { var message: String }

    static let example = "\"charts[0].series[1].values[3]\" or \"charts[0].title\""

    /// Sets the node at `path` to `value` and reads the page again, or, for a value the rules
    /// accept in any chart, sets it in place. On a refusal the page and its document stay as they were.
    private mutating func update(_ path: String, to value: JSONNode) -> Result<Void, Refusal> {
        guard var steps = Self.steps(path) else {
            return .failure(Refusal(message: "expected a path such as \(Self.example): keys and [indices] separated by dots"))
        }
        switch layerSteps(steps) {
        case .success(let s): steps = s
        case .failure(let why): return .failure(why)
        }
        let padding: Int
        switch resolve(steps) {
        case .success(let p): padding = p
        case .failure(let why): return .failure(why)
        }
        if setInPlace(steps, value, padding: padding) { return .success(()) }
        guard let before = document else { return .failure(Refusal(message: "no page")) }
        var doc = before
        // `charts[i].type`: the chart becomes that kind, keeping the keys it takes (a pie's
        // sectors for a rose), and morphs into it.
        if steps.count == 3, steps[0] == .key("charts"), case .index(let c) = steps[1], steps[2] == .key("type"), case .string = value.value {
            let here = JSONPosition(line: 1, column: 1)
            let overs = (0...c).map { JSONNode(.object($0 == c ? [JSONMember(key: "type", keyPosition: here, node: value)] : []), at: here) }
            doc = SpecReader.retyped(doc, by: [JSONMember(key: "charts", keyPosition: here, node: JSONNode(.array(overs), at: here))])
        }
        Self.set(value, at: steps[...], in: &doc, padding: padding)
        rereads += 1
        do {
            let p = try Spec.decode(doc)
            page = p; document = doc
            inPlace = Self.inPlace(p, doc)
            return .success(())
        } catch {
            // This value's problem, else one under it, else its chart's (a pie's total), else the first.
            let problems = error.problems
            let chart = steps.count > 1 && steps[0] == .key("charts") ? Self.text(steps[..<2]) : path
            func under(_ p: String, _ owner: String) -> Bool { p.hasPrefix(owner + ".") || p.hasPrefix(owner + "[") }
            let mine = problems.first { $0.path == path } ?? problems.first { under($0.path, path) }
                ?? problems.first { $0.path == chart || under($0.path, chart) } ?? problems.first
            return .failure(Refusal(message: mine.map { $0.path == path || $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" } ?? "refused"))
        }
    }

    // MARK: In place

    /// What an update may set in a chart without reading the page again.
    private enum InPlace: Sendable, Equatable {
        /// `series[j].values[k]`: any number or null, as in a file.
        case radar
        /// `sectors[j].value` of a pie that does not group its sectors; `small`: every value is at
        /// most `smallValue`, so no value up to it can take the total past the largest double.
        case pie(small: Bool)
        /// `sectors[j].value` of a rose, `bars[j].value` of radial bars: finite, ≥ 0, and (their
        /// total being a number the rule of what is computed holds to) as `pie(small:)`.
        case rose(small: Bool), bars(small: Bool)
        /// `value` of a gauge: finite.
        case gauge
        /// `rings[j].value`: finite, ≥ 0, at most `SpecLimits.ringLaps` goals.
        case rings
        case none
    }

    /// 2¹⁰⁰⁰: 4096 sectors of at most this add up to 2¹⁰¹², far from the largest double (2¹⁰²⁴).
    static let smallValue = 0x1p1000

    private static func inPlace(_ page: Page, _ root: JSONNode) -> [InPlace] {
        guard case .array(let docs)? = member(root, "charts")?.value else { return [] }
        return zip(page.charts, docs).map { chart, doc in
            switch chart {
            case .radar: .radar
            case .pie(let p):
                // A grouped pie's sectors are not the file's (they regroup); layers have no `sectors`.
                member(doc, "group") != nil || !p.layers.isEmpty ? .none : .pie(small: p.sectors.allSatisfy { $0.value <= smallValue })
            case .rose(let r): .rose(small: r.sectors.allSatisfy { $0.value <= smallValue })
            case .radialBar(let b): .bars(small: b.bars.allSatisfy { $0.value <= smallValue })
            case .gauge: .gauge
            case .rings: .rings
            case .scan, .sunburst, .polar: .none
            }
        }
    }

    /// Sets a value in place when `steps` names one `inPlace` allows and the file's rules accept
    /// `value` there whatever else the chart holds: the page's model and its document each change
    /// at one place. False: the page is to be read again (nothing was changed).
    private mutating func setInPlace(_ steps: [PathStep], _ value: JSONNode, padding: Int) -> Bool {
        guard steps.count >= 3, case .key("charts") = steps[0], case .index(let c) = steps[1], c < inPlace.count,
              var page, var doc = document else { return false }
        let number: Double?
        switch value.value {
        case .number(let d): number = d
        case .null: number = nil
        default: return false
        }
        let rest = steps[2...]
        var change: ((inout Chart) -> Void)?
        switch (inPlace[c], rest.count) {
        case (.radar, 4):
            guard rest[2] == .key("series"), rest[4] == .key("values"), case .index(let s) = rest[3], case .index(let k) = rest[5]
            else { return false }
            change = { chart in
                guard case .radar(var r) = chart else { return }
                chart = Self.placeholder
                while r.series[s].values.count <= k { r.series[s].values.append(.nan) }
                r.series[s].values[k] = number ?? .nan
                chart = .radar(r)
            }
        case (.pie(small: true), 3), (.rose(small: true), 3), (.bars(small: true), 3), (.rings, 3):
            guard case .index(let j) = rest[3], rest[4] == .key("value"), let d = number, d.isFinite, d >= 0 else { return false }
            // A sector's or bar's value adds to a total: at most `smallValue` keeps it finite.
            if inPlace[c] != .rings && d > Self.smallValue { return false }
            switch (inPlace[c], rest[2]) {
            case (.pie, .key("sectors")):
                change = { chart in
                    guard case .pie(var p) = chart else { return }
                    chart = Self.placeholder; p.sectors[j].value = d; chart = .pie(p)
                }
            case (.rose, .key("sectors")):
                change = { chart in
                    guard case .rose(var r) = chart else { return }
                    chart = Self.placeholder; r.sectors[j].value = d; chart = .rose(r)
                }
            case (.bars, .key("bars")):
                change = { chart in
                    guard case .radialBar(var b) = chart else { return }
                    chart = Self.placeholder; b.bars[j].value = d; chart = .radialBar(b)
                }
            case (.rings, .key("rings")):
                guard case .rings(let r) = page.charts[c], j < r.rings.count, d / r.rings[j].goal <= SpecLimits.ringLaps else { return false }
                change = { chart in
                    guard case .rings(var r) = chart else { return }
                    chart = Self.placeholder; r.rings[j].value = d; chart = .rings(r)
                }
            default: return false
            }
        case (.gauge, 1):
            guard rest[2] == .key("value"), let d = number, d.isFinite else { return false }
            change = { chart in
                guard case .gauge(var g) = chart else { return }
                chart = Self.placeholder; g.value = d; chart = .gauge(g)
            }
        default:
            return false
        }
        guard let change else { return false }
        // The page and the document are each held once here (the stored copies let go), so
        // the edits below change their storage in place instead of copying it.
        self.page = nil; document = nil
        change(&page.charts[c])
        Self.set(value, at: steps[...], in: &doc, padding: padding)
        self.page = page; document = doc
        return true
    }

    /// A chart with nothing in it, put in a chart's place while its payload is edited (so the
    /// payload is held once and its arrays change in place).
    private static let placeholder = Chart.gauge(GaugeChart(value: 0))

    // MARK: The document

    /// One step of a path: a key of an object, an index of an array.
    enum PathStep: Sendable, Equatable { case key(String), index(Int) }

    /// `charts[0].series[1].values[3]` → charts, 0, series, 1, values, 3; nil when a part is not
    /// `name` followed by `[digits]`s (a sign, spaces, an empty name, a number too large for an index).
    static func steps(_ path: String) -> [PathStep]? {
        var path = path
        return path.withUTF8 { bytes -> [PathStep]? in
            var out: [PathStep] = []
            var i = 0
            let n = bytes.count
            while true {
                let start = i
                while i < n, bytes[i] != UInt8(ascii: "."), bytes[i] != UInt8(ascii: "[") {
                    if bytes[i] == UInt8(ascii: "]") { return nil }
                    i += 1
                }
                guard i > start else { return nil }
                out.append(.key(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)))
                while i < n, bytes[i] == UInt8(ascii: "[") {
                    i += 1
                    let digits = i
                    var index = 0
                    while i < n, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                        index = index * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                        i += 1
                        if i - digits > 9 { return nil }
                    }
                    guard i > digits, i < n, bytes[i] == UInt8(ascii: "]") else { return nil }
                    i += 1
                    out.append(.index(index))
                }
                if i == n { return out }
                guard bytes[i] == UInt8(ascii: "."), i + 1 < n else { return nil }
                i += 1
            }
        }
    }

    /// A donut of `layers` numbers its sectors across its rings, inner first, as `--geometry` and
    /// the element paths do: `charts[c].sectors[4]` is the second sector of the second ring after
    /// a 3-sector one, `layers[1][1]` in the document. Other paths are as given.
    private func layerSteps(_ steps: [PathStep]) -> Result<[PathStep], Refusal> {
        guard steps.count >= 4, steps[0] == .key("charts"), case .index(let c) = steps[1], steps[2] == .key("sectors"), case .index(var k) = steps[3],
              let doc = document, case .array(let charts)? = Self.member(doc, "charts")?.value, c < charts.count,
              Self.member(charts[c], "sectors") == nil, case .array(let rings)? = Self.member(charts[c], "layers")?.value else { return .success(steps) }
        var all = 0
        for (ring, node) in rings.enumerated() {
            guard case .array(let sectors) = node.value else { continue }
            if k < sectors.count { return .success([.key("charts"), .index(c), .key("layers"), .index(ring), .index(k)] + steps[4...]) }
            k -= sectors.count
            all += sectors.count
        }
        return .failure(Refusal(message: "no such sector; the chart has \(all) in its layers"))
    }

    /// The path of `steps` as a file's problems write it.
    static func text(_ steps: ArraySlice<PathStep>) -> String {
        steps.reduce(into: "") { s, step in
            switch step {
            case .key(let k): s += s.isEmpty ? k : "." + k
            case .index(let i): s += "[\(i)]"
            }
        }
    }

    /// Whether `steps` leads to a place in the document an update may set: every step but the
    /// last exists, each key on an object and each index on an array within it; the last may add
    /// a key. A radar's `values[k]` may be past the end of its series (up to its axes): the
    /// result is how many nulls go before it.
    private func resolve(_ steps: [PathStep]) -> Result<Int, Refusal> {
        guard var node = document else { return .failure(Refusal(message: "no page")) }
        for (n, step) in steps.enumerated() {
            let last = n == steps.count - 1
            var here: String { n == 0 ? "the page" : Self.text(steps[..<n]) }
            switch (step, node.value) {
            case (.key(let k), .object(let members)):
                if let m = members.last(where: { $0.key == k }) { node = m.node; continue }
                guard last else { return .failure(Refusal(message: "\(here) has no \(k); set \(Self.text(steps[...n])) whole")) }
            case (.index(let i), .array(let items)):
                if i < items.count { node = items[i]; continue }
                // A radar's series may be shorter than its axes (the rest missing).
                if last, n == 5, steps[0] == .key("charts"), steps[2] == .key("series"), steps[4] == .key("values"),
                   case .index(let c) = steps[1], let charts = page?.charts, c < charts.count, case .radar(let r) = charts[c] {
                    guard i < r.axes.count else { return .failure(Refusal(message: "no such value; the chart has \(r.axes.count) axes")) }
                    return .success(i - items.count)
                }
                return .failure(Refusal(message: Self.noSuch(steps, at: n, count: items.count)))
            case (.key, _):
                return .failure(Refusal(message: "\(here) is \(SpecReader.got(node.value)), which has no keys"))
            case (.index, _):
                return .failure(Refusal(message: "\(here) is \(SpecReader.got(node.value)), which has no elements"))
            }
        }
        return .success(0)
    }

    /// "no such series; the chart has 2", "no such chart; the page has 3".
    private static func noSuch(_ steps: [PathStep], at n: Int, count: Int) -> String {
        let nouns = ["charts": "chart", "series": "series", "values": "value", "sectors": "sector", "rings": "ring", "bars": "bar",
                     "axes": "axis", "bands": "band", "blips": "blip", "children": "node", "layers": "layer", "gradient": "color"]
        guard n > 0, case .key(let list) = steps[n - 1], let noun = nouns[list] else {
            return "no such element; \(text(steps[..<n])) has \(count)"
        }
        let owner = n == 1 ? "the page" : n == 3 && steps[0] == .key("charts") ? "the chart" : text(steps[..<(n - 1)])
        return "no such \(noun); \(owner) has \(count)"
    }

    /// Sets the node at `steps` (resolved: it is there, or the last step adds a key, or pads an
    /// array with `padding` nulls) to `value`, editing arrays and objects in place. A null for a
    /// key removes the key (as JSON Merge Patch does): the file's default applies.
    private static func set(_ value: JSONNode, at steps: ArraySlice<PathStep>, in node: inout JSONNode, padding: Int) {
        guard let step = steps.first else { node = value; return }
        let last = steps.count == 1
        // Each container is taken out of its node (left null meanwhile) so it is held once and
        // changes in place: no copy of a 4096-sector array per update.
        switch step {
        case .index(let i):
            guard case .array = node.value else { return }
            var items = takeItems(&node)
            defer { node.value = .array(items) }
            if last && i >= items.count {
                for _ in 0..<padding { items.append(JSONNode(.null, at: node.position)) }
                if i == items.count { items.append(value) }
                return
            }
            if i < items.count { set(value, at: steps.dropFirst(), in: &items[i], padding: padding) }
        case .key(let k):
            guard case .object = node.value else { return }
            var members = takeMembers(&node)
            defer { node.value = .object(members) }
            guard let m = members.lastIndex(where: { $0.key == k }) else {
                if last && value.value != .null { members.append(JSONMember(key: k, keyPosition: value.position, node: value)) }
                return
            }
            if last && value.value == .null { members.remove(at: m); return }
            set(value, at: steps.dropFirst(), in: &members[m].node, padding: padding)
        }
    }

    /// The elements of an array node, taken out of it (it is left null).
    private static func takeItems(_ node: inout JSONNode) -> [JSONNode] {
        let value = node.value
        node.value = .null
        if case .array(let items) = value { return items }
        return []
    }

    /// The members of an object node, taken out of it (it is left null).
    private static func takeMembers(_ node: inout JSONNode) -> [JSONMember] {
        let value = node.value
        node.value = .null
        if case .object(let members) = value { return members }
        return []
    }

    private static func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.last { $0.key == key }?.node
    }
}
