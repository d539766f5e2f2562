/// Newline-delimited JSON that keeps a page up to date (`radial show -`, a FIFO): each line is
/// a whole page, or `{"update": "charts[0].series[1].values[3]", "value": 42}` for one value.
/// Bad lines are reported and skipped, never fatal; lines longer than `maxLineBytes` are cut
/// off and refused. Memory stays flat however long the stream runs: the state is one page, one
/// partial line (bounded) and the last few problems.
public struct PageStream: Sendable {
    /// The longest line accepted (a whole page must fit in it).
    public static let maxLineBytes = SpecLimits.fileBytes
    /// Problems kept for the banner.
    public static let keptProblems = 8

    /// The page as the lines so far leave it (nil until the first whole page).
    public private(set) var page: Page?
    /// Bumped whenever `page` changes, so a frame can tell whether to rebuild.
    public private(set) var version = 0
    /// The latest problems, oldest first: "line 12: …".
    public private(set) var problems: [String] = []
    public private(set) var lineNumber = 0

    /// What the stream holds on to besides the page: the partial line's storage and the kept
    /// problems (bounded by `maxLineBytes` and `keptProblems`).
    public var retainedBytes: Int { partial.capacity + problems.reduce(0) { $0 + $1.utf8.count } }

    private var partial: [UInt8] = []
    private var discarding = false

    public init(page: Page? = nil) { self.page = page; partial.reserveCapacity(4096) }

    /// Takes the next bytes of the stream, applying every complete line.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
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
    public mutating func apply(line: [UInt8]) {
        if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { return }
        let root: JSONNode
        do { root = try JSONParser.parse(line, maxDepth: SpecLimits.depth) } catch {
            report(error.message); return
        }
        if case .object(let members) = root.value, let u = members.first(where: { $0.key == "update" }) {
            guard case .string(let path) = u.node.value else { report("update: expected a path such as \"charts[0].series[1].values[3]\""); return }
            guard let v = members.first(where: { $0.key == "value" })?.node.value else { report("an update needs a \"value\""); return }
            let value: Double
            switch v {
            case .number(let d) where d.isFinite: value = d
            case .null: value = .nan
            default: report("\(path): expected a number or null, got \(SpecReader.got(v))"); return
            }
            guard page != nil else { report("an update before the first page; send a whole page first"); return }
            if let message = update(path, value) { report("\(path): \(message)") } else { version += 1 }
            return
        }
        do { page = try Spec.decode(root); version += 1 } catch {
            report(error.problems.first.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" } ?? "not a page")
        }
    }

    /// Sets one value in place: `charts[i].series[j].values[k]` (radar), `charts[i].sectors[j].value`
    /// (pie, rose), `charts[i].value` (gauge), `charts[i].rings[j].value`, `charts[i].bars[j].value`.
    /// Returns what is wrong, or nil.
    private mutating func update(_ path: String, _ value: Double) -> String? {
        let parts = Self.indices(path)
        guard var p = page else { return "no page" }
        guard let first = parts.first, first.key == "charts", let c = first.index, c < p.charts.count else {
            return "no such chart; a page has \(page?.charts.count ?? 0)"
        }
        let rest = Array(parts.dropFirst())
        let keys = rest.map(\.key)
        switch p.charts[c] {
        case .radar(var r) where keys == ["series", "values"]:
            guard let s = rest[0].index, let k = rest[1].index else { return "expected charts[i].series[j].values[k]" }
            guard s < r.series.count else { return "no such series; the chart has \(r.series.count)" }
            guard k < r.axes.count else { return "no such value; the chart has \(r.axes.count) axes" }
            while r.series[s].values.count <= k { r.series[s].values.append(Double.nan) }
            r.series[s].values[k] = value
            p.charts[c] = .radar(r)
        case .pie(var pie) where keys == ["sectors", "value"]:
            guard let s = rest[0].index, rest[1].index == nil else { return "expected charts[i].sectors[j].value" }
            guard s < pie.sectors.count else { return "no such sector; the chart has \(pie.sectors.count)" }
            guard value.isFinite, value >= 0 else { return "expected a finite number ≥ 0" }
            pie.sectors[s].value = value
            p.charts[c] = .pie(pie)
        case .gauge(var g) where keys == ["value"]:
            guard value.isFinite else { return "expected a finite number" }
            g.value = value
            p.charts[c] = .gauge(g)
        case .rings(var r) where keys == ["rings", "value"]:
            guard let s = rest[0].index, rest[1].index == nil else { return "expected charts[i].rings[j].value" }
            guard s < r.rings.count else { return "no such ring; the chart has \(r.rings.count)" }
            guard value.isFinite, value >= 0, value / r.rings[s].goal <= SpecLimits.ringLaps else {
                return "expected a finite number ≥ 0 and at most \(Int(SpecLimits.ringLaps)) times the goal"
            }
            r.rings[s].value = value
            p.charts[c] = .rings(r)
        case .rose(var r) where keys == ["sectors", "value"]:
            guard let s = rest[0].index, rest[1].index == nil else { return "expected charts[i].sectors[j].value" }
            guard s < r.sectors.count else { return "no such sector; the chart has \(r.sectors.count)" }
            guard value.isFinite, value >= 0 else { return "expected a finite number ≥ 0" }
            r.sectors[s].value = value
            p.charts[c] = .rose(r)
        case .radialBar(var r) where keys == ["bars", "value"]:
            guard let s = rest[0].index, rest[1].index == nil else { return "expected charts[i].bars[j].value" }
            guard s < r.bars.count else { return "no such bar; the chart has \(r.bars.count)" }
            guard value.isFinite, value >= 0 else { return "expected a finite number ≥ 0" }
            r.bars[s].value = value
            p.charts[c] = .radialBar(r)
        default:
            return "can be charts[i].series[j].values[k] of a radar, charts[i].sectors[j].value of a pie or rose, charts[i].value of a gauge, "
                + "charts[i].rings[j].value of activity rings or charts[i].bars[j].value of radial bars"
        }
        page = p
        return nil
    }

    /// `charts[0].series[1].values[3]` → [(charts, 0), (series, 1), (values, 3)].
    static func indices(_ path: String) -> [(key: String, index: Int?)] {
        path.split(separator: ".").map { part in
            guard let open = part.firstIndex(of: "["), part.last == "]" else { return (String(part), nil) }
            return (String(part[..<open]), Int(part[part.index(after: open)..<part.index(before: part.endIndex)]))
        }
    }
}
