/// Spec files: a page of charts as JSON (see docs/spec.md), read into the model.
///
/// A file is either read whole or refused whole: `decode` returns a `Page` only when the file
/// has no problem at all, and otherwise throws a `SpecError` listing every problem it found,
/// each with its JSON path and line and column.
package enum Spec {
    /// The chart types a file may name.
    package static var chartTypes: [String] { ChartKinds.typeNames }

    /// Reads a spec file's bytes (UTF-8).
    package static func decode(_ bytes: [UInt8]) throws(SpecError) -> Page {
        if bytes.count > SpecLimits.fileBytes {
            throw SpecError(problems: [SpecError.Problem(
                path: "", message: "the file is \(megabytes(bytes.count)) MB; the limit is \(SpecLimits.fileBytes / (1024 * 1024)) MiB")])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, maxDepth: SpecLimits.depth)
        } catch {
            throw SpecError(problems: [SpecError.Problem(path: "", message: error.message, at: error.position)])
        }
        return try decode(root)
    }

    /// Reads a spec from text.
    package static func decode(_ text: String) throws(SpecError) -> Page {
        try decode(Array(text.utf8))
    }

    /// Validates an already parsed document.
    package static func decode(_ root: JSONNode) throws(SpecError) -> Page {
        var reader = SpecReader()
        let page = reader.page(root)
        guard let page, reader.problems.isEmpty else { throw SpecError(problems: reader.sortedProblems()) }
        // The rules a page built in Swift is held to (`Page.validate()`) hold for a file too:
        // what the reader has no rule of its own for is found here, at the place in the file
        // its path names when the file has it.
        let problems = page.problems
        guard problems.isEmpty else { throw SpecError(problems: problems.map { $0.located(in: root) }) }
        return page
    }

    /// `5.2` for 5,200,000 bytes: decimal megabytes with one decimal, whatever the locale.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The closest of `candidates` to `word`: a case-insensitive match, or one at most two edits
    /// away (and fewer edits than `word` has characters, so "x" suggests nothing).
    package static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lower }) { return exact }
        let w = Array(lower.unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased().unicodeScalars)
            guard abs(c.count - w.count) <= 2 else { continue }
            let d = levenshtein(w, c)
            if d <= 2, d < w.count, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

// MARK: - The reader

/// Walks a parsed document, building the model and collecting every problem on the way.
struct SpecReader {
    private(set) var problems: [SpecError.Problem] = []

    static let pageKeys = ["title", "subtitle", "theme", "palette", "background", "textSize", "patterns", "charts", "frames", "uniform"]
    static let radarKeys = ["type", "title", "subtitle", "axes", "series", "maximum", "rings", "ringLabels", "valueLabels", "legend", "grid", "bands", "ticks"]
    static let axisKeys = ["name", "min", "max", "inverted", "unit", "format"]
    static let formatKeys = ["style", "currency", "unit", "decimals", "notation"]
    static let formatStyles = ["number", "percent"]
    static let pieKeys = ["type", "title", "sectors", "innerRadius", "angularInset", "cornerRadius", "annotations",
                          "currency", "format", "total", "group", "appear", "centerLabel", "minimumAnnotationAngle", "legend",
                          "startAngle", "endAngle", "sort", "hoverOffset", "layers", "labels"]
    static let scanKeys = ["type", "title", "color", "duration", "direction", "gradient", "borderWidth", "rings",
                           "spokes", "blips", "fade"]
    static let seriesKeys = ["name", "values", "color", "pattern"]
    static let sectorKeys = ["name", "value", "color", "pattern"]
    static let blipKeys = ["angle", "distance", "label"]

    /// An object being read: where it is and what it holds.
    struct Object {
        let path: String
        let position: JSONPosition
        let members: [JSONMember]
        func node(_ key: String) -> JSONNode? { members.first { $0.key == key }?.node }
        var here: String { path.isEmpty ? "$" : path }
    }

    mutating func report(_ path: String, _ position: JSONPosition?, _ message: String) {
        problems.append(SpecError.Problem(path: path, message: message, at: position))
    }

    /// Problems in the order of the file, at most `SpecLimits.reportedProblems` of them.
    func sortedProblems() -> [SpecError.Problem] {
        let sorted = problems.enumerated().sorted { a, b in
            let ka = (a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let kb = (b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
        let limit = SpecLimits.reportedProblems
        guard sorted.count > limit else { return sorted }
        let rest = sorted.count - limit
        return Array(sorted.prefix(limit))
            + [SpecError.Problem(path: "", message: "and \(rest) more problem\(rest == 1 ? "" : "s") not listed")]
    }

    // MARK: Paths and descriptions

    static func child(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
        } && !(key.unicodeScalars.first.map { $0 >= "0" && $0 <= "9" } ?? false)
        let shown = key.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(key.unicodeScalars.prefix(40))) + "…" : key
        if plain { return path.isEmpty ? shown : path + "." + shown }
        return (path.isEmpty ? "$" : path) + "[" + JSONOut.quoted(shown) + "]"
    }

    static func index(_ path: String, _ i: Int) -> String { path + "[\(i)]" }

    /// What a value is, for "got …": `"x"`, `3`, `true`, `null`, `an array`, `an object`.
    static func got(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return shown(s)
        case .number(let d): return format(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let a): return a.isEmpty ? "an empty array" : "an array"
        case .object(let o): return o.isEmpty ? "an empty object" : "an object"
        }
    }

    /// A string as a JSON literal, cut at 40 characters.
    static func shown(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard scalars.count > 40 else { return JSONOut.quoted(s) }
        let cut = String(String.UnicodeScalarView(scalars.prefix(40)))
        return String(JSONOut.quoted(cut).dropLast()) + "…\""
    }

    /// `-5`, `0.5`, `1e+300`; infinities (numbers too large for a double) are named.
    static func format(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d > 0 ? "a number too large to represent" : "a negative number too large to represent" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func list(_ names: [String]) -> String { names.joined(separator: ", ") }

    // MARK: Typed readers

    mutating func object(_ node: JSONNode, _ path: String, expected: String = "an object") -> Object? {
        guard case .object(let members) = node.value else {
            report(path.isEmpty ? "$" : path, node.position, "expected \(expected), got \(Self.got(node.value))")
            return nil
        }
        return Object(path: path, position: node.position, members: members)
    }

    /// Reports every key of `o` not in `allowed`, with a suggestion when one is close.
    mutating func checkKeys(_ o: Object, allowed: [String], noun: String, elsewhere: (String) -> String? = { _ in nil }) {
        for member in o.members where !allowed.contains(member.key) {
            let path = Self.child(o.path, member.key)
            if let near = Spec.suggestion(for: member.key, among: allowed) {
                report(path, member.keyPosition, "unknown key; did you mean \(JSONOut.quoted(near))?")
            } else if let other = elsewhere(member.key) {
                report(path, member.keyPosition, "unknown key for \(noun); \(JSONOut.quoted(member.key)) belongs to \(other)")
            } else {
                report(path, member.keyPosition, "unknown key; \(noun) has \(Self.list(allowed))")
            }
        }
    }

    /// The node at `key`, or nil; a missing required key is reported as `missing; expected …`.
    mutating func node(_ o: Object, _ key: String, required: Bool, expected: String) -> JSONNode? {
        if let n = o.node(key) { return n }
        if required { report(Self.child(o.path, key), o.position, "missing; expected \(expected)") }
        return nil
    }

    /// A string at most `SpecLimits.stringLength` characters long.
    mutating func string(_ node: JSONNode, _ path: String, expected: String = "a string") -> String? {
        guard case .string(let s) = node.value else {
            report(path, node.position, "expected \(expected), got \(Self.got(node.value))")
            return nil
        }
        if let why = Self.textProblem(s) {
            report(path, node.position, why)
            return nil
        }
        return s
    }

    /// Why `s` cannot be a text of a page (too long, a control character), or nil: the one rule
    /// for every title, name and label, from a file or from Swift.
    static func textProblem(_ s: String) -> String? {
        let length = s.unicodeScalars.count
        if length > SpecLimits.stringLength {
            return "a string of \(length) characters; the limit is \(SpecLimits.stringLength)"
        }
        // Control characters (NUL, line breaks, tabs, …) have no glyph: they would be drawn as boxes.
        // (C0 and C1 by value: asking each scalar's general category cost a tenth of a big file's decoding.)
        if let (i, c) = s.unicodeScalars.enumerated().first(where: { $0.element.value < 0x20 || (0x7F...0x9F).contains($0.element.value) }) {
            let code = String(c.value, radix: 16, uppercase: true)
            return "a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) at character \(i + 1); text is one line of visible characters"
        }
        return nil
    }

    mutating func string(_ o: Object, _ key: String, required: Bool = false, expected: String = "a string") -> String? {
        guard let n = node(o, key, required: required, expected: expected) else { return nil }
        return string(n, Self.child(o.path, key), expected: expected)
    }

    mutating func number(_ node: JSONNode, _ path: String, expected: String, _ accept: (Double) -> Bool) -> Double? {
        guard case .number(let d) = node.value, accept(d) else {
            report(path, node.position, "expected \(expected), got \(Self.got(node.value))")
            return nil
        }
        return d
    }

    mutating func number(_ o: Object, _ key: String, required: Bool = false, expected: String,
                         _ accept: (Double) -> Bool) -> Double? {
        guard let n = node(o, key, required: required, expected: expected) else { return nil }
        return number(n, Self.child(o.path, key), expected: expected, accept)
    }

    /// The number at `key` by `rule` (the rule `Page.validate()` holds a page built in Swift to).
    mutating func number(_ o: Object, _ key: String, required: Bool = false, _ rule: NumberRule) -> Double? {
        number(o, key, required: required, expected: rule.expected, rule.accepts)
    }

    mutating func integer(_ o: Object, _ key: String, _ rule: IntegerRule) -> Int? {
        integer(o, key, in: rule.range)
    }

    mutating func integer(_ o: Object, _ key: String, in range: ClosedRange<Int>) -> Int? {
        let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
        let d = number(o, key, expected: expected) {
            $0 == $0.rounded() && $0 >= Double(range.lowerBound) && $0 <= Double(range.upperBound)
        }
        return d.map { Int(checked: $0) }
    }

    /// `"legend"`: true or false, or where it goes (`"bottom"`, `"trailing"`, `"none"`, `"automatic"`).
    mutating func legendPosition(_ o: Object) -> LegendPosition? {
        guard let n = o.node("legend") else { return nil }
        if case .bool(let b) = n.value { return b ? .automatic : LegendPosition.none }
        let names = LegendPosition.allCases.map(\.rawValue)
        guard case .string = n.value else {
            report(Self.child(o.path, "legend"), n.position, "expected true, false or a legend position (\(Self.list(names))), got \(Self.got(n.value))")
            return nil
        }
        return choice(n, Self.child(o.path, "legend"), noun: "legend position", among: names).flatMap(LegendPosition.init(rawValue:))
    }

    mutating func bool(_ o: Object, _ key: String) -> Bool? {
        guard let n = o.node(key) else { return nil }
        guard case .bool(let b) = n.value else {
            report(Self.child(o.path, key), n.position, "expected true or false, got \(Self.got(n.value))")
            return nil
        }
        return b
    }

    /// One of a few words: `unknown theme "drak"; did you mean "dark"?`.
    mutating func choice(_ node: JSONNode, _ path: String, noun: String, among cases: [String]) -> String? {
        guard case .string(let s) = node.value else {
            report(path, node.position, "expected a \(noun) (\(Self.list(cases))), got \(Self.got(node.value))")
            return nil
        }
        if cases.contains(s) { return s }
        if let near = Spec.suggestion(for: s, among: cases) {
            report(path, node.position, "unknown \(noun) \(Self.shown(s)); did you mean \(JSONOut.quoted(near))?")
        } else {
            report(path, node.position, "unknown \(noun) \(Self.shown(s)); expected one of \(Self.list(cases))")
        }
        return nil
    }

    mutating func choice(_ o: Object, _ key: String, noun: String, among cases: [String]) -> String? {
        guard let n = o.node(key) else { return nil }
        return choice(n, Self.child(o.path, key), noun: noun, among: cases)
    }

    /// An array of at most `limit` elements (`65 charts; the limit is 64`).
    mutating func array(_ o: Object, _ key: String, required: Bool = false, expected: String,
                        limit: Int? = nil, noun: String = "elements") -> [JSONNode]? {
        guard let n = node(o, key, required: required, expected: expected) else { return nil }
        let path = Self.child(o.path, key)
        guard case .array(let elements) = n.value else {
            report(path, n.position, "expected \(expected), got \(Self.got(n.value))")
            return nil
        }
        if let limit, elements.count > limit {
            report(path, n.position, "\(elements.count) \(noun); the limit is \(limit)")
            return nil
        }
        return elements
    }

    static let colorNames = SystemColor.allCases.map(\.rawValue)
    static let colorExpectation = "a color name (\(list(colorNames))) or \"#RRGGBB\" / \"#RRGGBBAA\""

    /// A SwiftUI color name or `#RRGGBB` / `#RRGGBBAA`.
    mutating func color(_ node: JSONNode, _ path: String) -> ChartColor? {
        guard case .string(let s) = node.value else {
            report(path, node.position, "expected a color name or \"#RRGGBB\", got \(Self.got(node.value))")
            return nil
        }
        if s.hasPrefix("#") {
            guard let color = ChartColor(hex: s) else {
                report(path, node.position, "expected \"#RRGGBB\" or \"#RRGGBBAA\" (hexadecimal digits), got \(Self.shown(s))")
                return nil
            }
            return color
        }
        if let c = SystemColor(rawValue: s) { return .system(c) }
        if let near = Spec.suggestion(for: s, among: Self.colorNames) {
            report(path, node.position, "unknown color \(Self.shown(s)); did you mean \(JSONOut.quoted(near))?")
        } else {
            report(path, node.position, "unknown color \(Self.shown(s)); expected \(Self.colorExpectation)")
        }
        return nil
    }

    mutating func color(_ o: Object, _ key: String) -> ChartColor? {
        guard let n = o.node(key) else { return nil }
        return color(n, Self.child(o.path, key))
    }

    static let patternNames = FillPattern.allCases.map(\.rawValue)

    /// A datum's `"pattern"` (`"dots"`): the pattern and whether the key was absent or read.
    mutating func pattern(_ o: Object) -> (pattern: FillPattern?, ok: Bool) {
        guard let n = o.node("pattern") else { return (nil, true) }
        let p = choice(n, Self.child(o.path, "pattern"), noun: "pattern", among: Self.patternNames).flatMap(FillPattern.init(rawValue:))
        return (p, p != nil)
    }
}
