import Foundation

/// The page: its keys, its charts by type, and the budget a whole page must stay within.
extension SpecReader {
    mutating func page(_ root: JSONNode) -> Page? {
        guard let o = object(root, "", expected: "an object with a \"charts\" array") else { return nil }
        checkKeys(o, allowed: Self.pageKeys, noun: "a page")
        let title = string(o, "title")
        let subtitle = string(o, "subtitle")
        let theme = choice(o, "theme", noun: "theme", among: Theme.allCases.map(\.rawValue)).flatMap(Theme.init(rawValue:))
        let palette = choice(o, "palette", noun: "palette", among: CategoricalPalette.allCases.map(\.rawValue))
            .flatMap(CategoricalPalette.init(rawValue:))
        let background = choice(o, "background", noun: "background", among: PageBackground.allCases.map(\.rawValue))
            .flatMap(PageBackground.init(rawValue:))
        let textSize = choice(o, "textSize", noun: "text size", among: TextSize.allCases.map(\.rawValue)).flatMap(TextSize.init(rawValue:))
        let patterns = bool(o, "patterns")
        var charts: [Chart] = []
        if let elements = array(o, "charts", required: true, expected: "a non-empty array of charts",
                                limit: SpecLimits.charts, noun: "charts") {
            if elements.isEmpty, let n = o.node("charts") {
                report("charts", n.position, "expected a non-empty array of charts, got an empty array")
            }
            for (i, element) in elements.enumerated() {
                if let chart = chart(element, Self.index("charts", i)) { charts.append(chart) }
            }
            pageBudget(charts, position: o.node("charts")?.position)
        }
        var page = Page(title: title, subtitle: subtitle, theme: theme, background: background, textSize: textSize, charts: charts)
        page.uniform = bool(o, "uniform") ?? false
        if let n = o.node("frames") { page.frames = frames(n, base: o) }
        page.patterns = patterns
        return palette.map(page.applyingPalette) ?? page
    }

    /// `"frames"`: the states a page plays, each a page or part of one laid over the page's own
    /// keys (objects merged key by key, `charts` chart by chart, other arrays replaced), read by the
    /// rules of a file; each named by its `"frame"`, else its number from 1.
    mutating func frames(_ node: JSONNode, base: Object) -> [PageState] {
        guard case .array(let list) = node.value, !list.isEmpty else {
            report("frames", node.position, "expected a non-empty array of pages (each may give only the keys it changes), got \(Self.got(node.value))")
            return []
        }
        guard list.count <= SpecLimits.frames else {
            report("frames", node.position, "\(list.count) frames; the limit is \(SpecLimits.frames)")
            return []
        }
        var states: [PageState] = []
        let baseNode = JSONNode(.object(base.members.filter { $0.key != "frames" }), at: base.position)
        for (k, element) in list.enumerated() {
            let path = Self.index("frames", k)
            guard case .object(let members) = element.value else {
                report(path, element.position, "expected a page (an object; it may give only the keys it changes), got \(Self.got(element.value))")
                continue
            }
            var name = String(k + 1)
            if let f = members.first(where: { $0.key == "frame" }) {
                switch f.node.value {
                case .string: if let s = string(f.node, Self.child(path, "frame")) { name = s }
                case .number(let d) where d.isFinite: name = Self.format(d)
                default: report(Self.child(path, "frame"), f.node.position, "expected the frame's name (a string or a number), got \(Self.got(f.node.value))")
                }
            }
            if members.contains(where: { $0.key == "frames" }) {
                report(Self.child(path, "frames"), element.position, "a frame cannot hold frames of its own")
                continue
            }
            // A chart given only as {"type": T} is the page's chart drawn as T, its data carried
            // over by the kinds' descriptors (as T in the window and --as do): read as it was,
            // then converted. Other keys beside a new type are laid over what that kind takes.
            var over = members.filter { $0.key != "frame" }
            var typeOnly: [(index: Int, type: String, at: JSONPosition)] = []
            if let c = over.lastIndex(where: { $0.key == "charts" }), case .array(var list) = over[c].node.value {
                for (i, chart) in list.enumerated() {
                    guard case .object(let m) = chart.value, m.count == 1, m[0].key == "type", case .string(let t) = m[0].node.value else { continue }
                    typeOnly.append((i, t, m[0].node.position))
                    list[i] = JSONNode(.object([]), at: chart.position)
                }
                over[c] = JSONMember(key: "charts", keyPosition: over[c].keyPosition, node: JSONNode(.array(list), at: over[c].node.position))
            }
            let merged = JSONNode.merged(Self.retyped(baseNode, by: over), JSONNode(.object(over), at: element.position))
            var reader = SpecReader()
            guard var page = reader.page(merged), reader.problems.isEmpty else {
                for p in reader.problems {
                    let at = p.line.map { JSONPosition(line: $0, column: p.column ?? 1) }
                    report(p.path.isEmpty || p.path == "$" ? path : path + "." + p.path, at, p.message)
                }
                continue
            }
            var fits = true
            for (i, type, at) in typeOnly where i < page.charts.count {
                if let converted = page.charts[i].converted(to: type) { page.charts[i] = converted; continue }
                let kinds = page.charts[i].fittingTypes
                report(Self.child(Self.index(Self.child(path, "charts"), i), "type"), at,
                       "the chart's data does not fit \(JSONOut.quoted(type)); it fits " + Self.list(kinds.map { JSONOut.quoted($0) }))
                fits = false
            }
            guard fits else { continue }
            if page.subtitle == nil { page.subtitle = name }
            states.append(PageState(name: name, page: page))
        }
        return states
    }

    /// `base` with each chart a frame gives another `"type"` cut to the keys that kind takes (a
    /// pie's `sectors` stay for a rose, its `innerRadius` goes), so that a frame may change a
    /// chart's kind by its type alone and the chart morphs into it.
    static func retyped(_ base: JSONNode, by frame: [JSONMember]) -> JSONNode {
        guard case .object(var page) = base.value, let c = page.lastIndex(where: { $0.key == "charts" }), case .array(var charts) = page[c].node.value,
              case .array(let overs)? = frame.last(where: { $0.key == "charts" })?.node.value else { return base }
        for (i, over) in overs.enumerated() where i < charts.count {
            guard case .object(let o) = over.value, case .string(let type)? = o.last(where: { $0.key == "type" })?.node.value,
                  case .object(let b) = charts[i].value, case .string(let old)? = b.last(where: { $0.key == "type" })?.node.value, old != type,
                  let kind = ChartKinds.named(type) else { continue }
            charts[i] = JSONNode(.object(b.filter { $0.key == "type" || kind.specKeys.contains($0.key) }), at: charts[i].position)
        }
        page[c] = JSONMember(key: "charts", keyPosition: page[c].keyPosition, node: JSONNode(.array(charts), at: page[c].node.position))
        return JSONNode(.object(page), at: base.position)
    }

    static func owners(of key: String) -> String? { ChartKinds.owners(of: key) }

    /// The page-wide budget: each chart may be within its limits and the page still too much
    /// work to draw (64 pies of 4096 sectors).
    mutating func pageBudget(_ charts: [Chart], position: JSONPosition?) {
        for why in Page.budgetProblems(charts) { report("charts", position, why) }
    }

    /// Chart `path`, refused where what it computes is past the largest double (a span, a total:
    /// `Chart.arithmeticProblems`), each problem at the value it comes from.
    mutating func chart(_ node: JSONNode, _ path: String) -> Chart? {
        guard let chart = kind(node, path) else { return nil }
        let problems = chart.arithmeticProblems(at: path)
        for p in problems { report(p.path, Self.node(at: p.path.dropFirst(path.count), in: node)?.position ?? node.position, p.message) }
        return problems.isEmpty ? chart : nil
    }

    /// The node `relative` (`.axes[2].max`, `.layers[1]`) names under `node`; nil when it is not there.
    static func node(at relative: Substring, in node: JSONNode) -> JSONNode? {
        var here = node
        for part in relative.split(separator: ".") {
            let name = part.prefix { $0 != "[" }
            guard case .object(let members) = here.value, let m = members.last(where: { $0.key == name }) else { return nil }
            here = m.node
            for index in part.dropFirst(name.count).split(separator: "[").map({ $0.dropLast() }) {
                guard case .array(let items) = here.value, let i = Int(index), items.indices.contains(i) else { return nil }
                here = items[i]
            }
        }
        return here
    }

    mutating func kind(_ node: JSONNode, _ path: String) -> Chart? {
        guard let o = object(node, path, expected: "a chart (an object with a \"type\")") else { return nil }
        var type: String?
        if let n = self.node(o, "type", required: true, expected: "one of \(Self.list(Spec.chartTypes))") {
            type = choice(n, Self.child(path, "type"), noun: "chart type", among: Spec.chartTypes)
        }
        guard let type, let kind = ChartKinds.named(type) else {
            // Without a type only keys that no chart has can be reported.
            var all: [String] = []
            for kind in ChartKinds.all { all += kind.specKeys.filter { !all.contains($0) } }
            checkKeys(o, allowed: all, noun: "a chart")
            return nil
        }
        checkKeys(o, allowed: kind.specKeys, noun: kind.noun(type), elsewhere: Self.owners(of:))
        return kind.read(&self, o, type)
    }
}
