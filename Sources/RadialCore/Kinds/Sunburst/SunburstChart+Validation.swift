/// A sunburst's rules: its tree (how many nodes, how deep), each node's value, the hole.
extension SunburstChart {
    /// The numbers a sunburst holds, as files and Swift are held to them.
    package enum Rules {
        static let maxDepth = IntegerRule(1...SpecLimits.sunburstDepth)
        static let innerRadius = NumberRule("a number ≥ 0 and < 0.9") { $0 >= 0 && $0 < 0.9 }
        static let leafValue = NumberRule("a finite number ≥ 0 (a node without children needs a value)") { $0.isFinite && $0 >= 0 }
        /// A parent's own value: at least its children's sum.
        static func parentValue(sum: Double) -> NumberRule {
            NumberRule("a finite number at least the sum of its children, \(SpecReader.format(sum))") { $0.isFinite && (!sum.isFinite || $0 >= sum * (1 - 1e-12)) }
        }
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(text: subtitle, at: path + ".subtitle")
        if let maxDepth { v.check(maxDepth, Rules.maxDepth, at: path + ".maxDepth") }
        v.check(innerRadius, Rules.innerRadius, at: path + ".innerRadius")
        v.check(format, at: path + ".format")
        let nodes = children.reduce(0) { $0 + $1.count }
        guard v.check(count: nodes, limit: SpecLimits.sunburstNodes, noun: "nodes", at: path + ".children") else { return }
        let before = v.problems.count
        Self.validate(children, depth: 1, at: path + ".children", into: &v)
        if v.problems.count == before, !(children.reduce(0.0) { $0 + $1.total / Double.greatestFiniteMagnitude } <= 1) {
            v.report(path + ".children", "the values add up to more than \(SpecReader.format(Double.greatestFiniteMagnitude)), the largest number a total can be")
        }
    }

    static func validate(_ nodes: [SunburstNode], depth: Int, at path: String, into v: inout Validator) {
        // A leaf's empty `children` are no level of their own: a tree of exactly the limit's
        // depth is fine (the worst-case file of 8 levels was refused as "9 levels deep").
        if depth > SpecLimits.sunburstDepth, !nodes.isEmpty {
            v.report(path, "nodes nested \(depth) levels deep; the limit is \(SpecLimits.sunburstDepth)")
            return
        }
        for (i, node) in nodes.enumerated() {
            let np = path + "[\(i)]"
            v.check(text: node.name, at: np + ".name")
            v.check(node.color, at: np + ".color")
            let before = v.problems.count
            validate(node.children, depth: depth + 1, at: np + ".children", into: &v)
            if node.children.isEmpty {
                if let value = node.value { v.check(value, Rules.leafValue, at: np + ".value") } else {
                    v.report(np + ".value", "missing; expected \(Rules.leafValue.expected)")
                }
            } else if let value = node.value, v.problems.count == before {
                v.check(value, Rules.parentValue(sum: node.children.reduce(0) { $0 + $1.total }), at: np + ".value")
            }
        }
    }
}
