import Foundation

/// A sunburst's keys and reader (docs/spec.md, "The radial family").
extension SpecReader {
    static let sunburstKeys = ["type", "title", "subtitle", "children", "maxDepth", "format", "currency", "innerRadius", "legend", "labels"]
    static let nodeKeys = ["name", "value", "color", "pattern", "children"]

    mutating func sunburst(_ o: Object) -> SunburstChart? {
        let title = string(o, "title"), subtitle = string(o, "subtitle")
        let maxDepth = integer(o, "maxDepth", SunburstChart.Rules.maxDepth)
        let inner = number(o, "innerRadius", SunburstChart.Rules.innerRadius)
        let legend = bool(o, "legend"), labels = markLabels(o)
        let (format, formatOK) = numberFormat(o)
        var budget = SpecLimits.sunburstNodes
        let children = nodes(o, depth: 1, budget: &budget)
        if budget < 0 {
            // The reader stops at the limit: the message counts the whole tree.
            report(Self.child(o.path, "children"), o.node("children")?.position,
                   "\(Self.nodeCount(children: o.node("children"))) nodes; the limit is \(SpecLimits.sunburstNodes)")
        }
        let given: [(String, Any?)] = [("title", title), ("subtitle", subtitle), ("maxDepth", maxDepth), ("innerRadius", inner), ("legend", legend),
                                       ("labels", labels)]
        guard formatOK, budget >= 0, let children, given.allSatisfy({ o.node($0.0) == nil || $0.1 != nil }) else { return nil }
        // Totals past the largest double are refused by `chart(_:_:)` (`Chart.arithmeticProblems`).
        return SunburstChart(title: title, subtitle: subtitle, children: children, maxDepth: maxDepth, format: format,
                             innerRadius: .ratio(inner ?? 0.28), legend: legend ?? true, labels: labels ?? MarkLabels.none)
    }

    /// Every node of a `children` array and of theirs below it, at every level.
    static func nodeCount(children: JSONNode?) -> Int {
        guard case .array(let nodes)? = children?.value else { return 0 }
        return nodes.reduce(nodes.count) { n, node in
            guard case .object(let members) = node.value else { return n }
            return n + nodeCount(children: members.first { $0.key == "children" }?.node)
        }
    }

    /// The `children` of `o` (required at the top, optional below), at `depth` (1 for the top
    /// level). `budget` counts down the nodes a sunburst may have; past it nothing more is read.
    mutating func nodes(_ o: Object, depth: Int, budget: inout Int) -> [SunburstNode]? {
        let top = depth == 1
        guard let elements = array(o, "children", required: top, expected: "an array of nodes ({\"name\", \"value\"} or {\"name\", \"children\"})")
        else { return top ? nil : [] }
        let path = Self.child(o.path, "children")
        if depth > SpecLimits.sunburstDepth {
            report(path, o.node("children")?.position, "nodes nested \(depth) levels deep; the limit is \(SpecLimits.sunburstDepth)")
            return nil
        }
        budget -= elements.count
        if budget < 0 { return nil }
        var out: [SunburstNode] = []
        var ok = true
        for (i, e) in elements.enumerated() {
            let p = Self.index(path, i)
            guard let n = object(e, p, expected: "a node (an object with a \"name\" and a \"value\" or \"children\")") else { ok = false; continue }
            checkKeys(n, allowed: Self.nodeKeys, noun: "a node")
            let name = string(n, "name", required: true, expected: "a node name (a string)")
            let hasColor = n.node("color") != nil
            let c = color(n, "color")
            let pattern = self.pattern(n)
            guard let children = nodes(n, depth: depth + 1, budget: &budget) else { ok = false; continue }
            let value: Double?
            if children.isEmpty {
                value = number(n, "value", required: true, SunburstChart.Rules.leafValue)
                if value == nil { ok = false; continue }
            } else if n.node("value") != nil {
                let sum = children.reduce(0) { $0 + $1.total }
                value = number(n, "value", SunburstChart.Rules.parentValue(sum: sum))
                if value == nil { ok = false; continue }
            } else {
                value = nil
            }
            if let name, !hasColor || c != nil, pattern.ok {
                var node = SunburstNode(name: name, value: value, color: c, children: children)
                node.pattern = pattern.pattern
                out.append(node)
            } else { ok = false }
        }
        return ok ? out : nil
    }
}
