import Foundation

/// A rule for one number of a page, shared by the spec reader (files, streams, tables) and
/// `Page.validate()` (pages built in Swift): what the number must be, in the words a problem says
/// ("a finite number > 0"), and the test. One rule, one wording, wherever the number came from.
package struct NumberRule: Sendable {
    /// What the number must be, after "expected": `a finite number > 0`.
    package let expected: String
    /// Whether `value` keeps the rule.
    package let accepts: @Sendable (Double) -> Bool

    package init(_ expected: String, _ accepts: @escaping @Sendable (Double) -> Bool) {
        self.expected = expected; self.accepts = accepts
    }

    /// A closed range of finite numbers: `a number of points from 0 to 64`.
    package static func range(_ range: ClosedRange<Double>, _ what: String = "a number") -> NumberRule {
        NumberRule("\(what) from \(SpecReader.format(range.lowerBound)) to \(SpecReader.format(range.upperBound))") { range.contains($0) }
    }

    /// Any finite number.
    package static let finite = NumberRule("a finite number") { $0.isFinite }
    /// A finite number above zero (a maximum, a goal).
    package static let positive = NumberRule("a finite number > 0") { $0.isFinite && $0 > 0 }
    /// A finite number at least zero (a sector's value).
    package static let nonNegative = NumberRule("a finite number ≥ 0") { $0.isFinite && $0 >= 0 }
    /// An angle in degrees, within ten turns either way.
    package static let degrees = NumberRule(SpecReader.degreesExpected) { $0.isFinite && abs($0) <= SpecLimits.degrees }
    /// An angle of a start/end pair, in the words the pair's keys use.
    package static let clockDegrees = NumberRule(SpecReader.degreesExpected + " (clockwise from 12 o'clock)") { $0.isFinite && abs($0) <= SpecLimits.degrees }
}

/// A rule for a whole number of a page (`rings`, `spokes`): an integer within a range.
package struct IntegerRule: Sendable {
    package let range: ClosedRange<Int>
    package init(_ range: ClosedRange<Int>) { self.range = range }
    /// `an integer from 1 to 20`.
    package var expected: String { "an integer from \(range.lowerBound) to \(range.upperBound)" }
}

/// Collects the problems of a page built in Swift, each at its Swift path (`charts[0].maximum`)
/// and in the words a spec file's problem uses. Each chart kind adds its own rules
/// (`RadarChart+Validation.swift` and its neighbours), so a kind's rules live in one place.
package struct Validator {
    package private(set) var problems: [SpecError.Problem] = []

    package init() {}

    /// Reports `message` at `path`.
    package mutating func report(_ path: String, _ message: String) {
        problems.append(SpecError.Problem(path: path, message: message))
    }

    /// `charts[0].maximum: expected a finite number > 0, got 0` unless `value` keeps `rule`.
    /// Returns whether it does.
    @discardableResult
    package mutating func check(_ value: Double, _ rule: NumberRule, at path: String) -> Bool {
        if rule.accepts(value) { return true }
        report(path, "expected \(rule.expected), got \(SpecReader.format(value))")
        return false
    }

    /// An optional number: nil keeps every rule.
    @discardableResult
    package mutating func check(_ value: Double?, _ rule: NumberRule, at path: String) -> Bool {
        guard let value else { return true }
        return check(value, rule, at: path)
    }

    /// `charts[0].rings: expected an integer from 1 to 20, got 0`.
    @discardableResult
    package mutating func check(_ value: Int, _ rule: IntegerRule, at path: String) -> Bool {
        if rule.range.contains(value) { return true }
        report(path, "expected \(rule.expected), got \(value)")
        return false
    }

    /// `charts[0].axes: 513 axes; the limit is 512`.
    @discardableResult
    package mutating func check(count: Int, limit: Int, noun: String, at path: String) -> Bool {
        if count <= limit { return true }
        report(path, "\(count) \(noun); the limit is \(limit)")
        return false
    }

    /// A text: at most `SpecLimits.stringLength` characters of one line (no control characters).
    package mutating func check(text: String, at path: String) {
        if let why = SpecReader.textProblem(text) { report(path, why) }
    }

    package mutating func check(text: String?, at path: String) {
        if let text { check(text: text, at: path) }
    }

    /// A color's components, each finite and 0…1 (a generated color, both variants).
    package mutating func check(_ color: ChartColor, at path: String) {
        func ok(_ c: RGBA) -> Bool { [c.r, c.g, c.b, c.a].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } }
        switch color {
        case .system: return
        case .fixed(let c) where ok(c): return
        case .generated(let light, let dark) where ok(light) && ok(dark): return
        default: report(path, "expected a color with red, green, blue and opacity from 0 to 1")
        }
    }

    package mutating func check(_ color: ChartColor?, at path: String) {
        if let color { check(color, at: path) }
    }

    /// A number format: decimals 0…10, a known ISO 4217 currency, a unit that is text.
    package mutating func check(_ format: NumberFormat?, at path: String) {
        guard let format else { return }
        if let d = format.decimals { check(d, NumberFormat.decimalsRule, at: path + ".decimals") }
        switch format {
        case .currency(let code, _):
            if let why = SpecReader.currencyProblem(code) { report(path + ".code", why) }
        case .unit(let unit, _):
            check(text: unit, at: path + ".unit")
        case .compact(let inner):
            check(inner, at: path)
        case .number, .percent:
            break
        }
    }

    /// A start and end angle: each within ten turns, the end after the start by at most a turn.
    package mutating func check(startAngle: Double, endAngle: Double, at path: String) {
        let a = check(startAngle, .clockDegrees, at: path + ".startAngle")
        let b = check(endAngle, .clockDegrees, at: path + ".endAngle")
        if a, b, let why = SpecReader.anglesProblem(startAngle, endAngle) { report(path + ".endAngle", why) }
    }
}

extension NumberFormat {
    /// Fraction digits a format may ask for.
    package static let decimalsRule = IntegerRule(0...10)
}

extension Page {
    /// Checks the page by the rules a spec file is read by, whichever way it was made (in Swift,
    /// from a file, a table or a stream), and throws every problem it breaks, each at its Swift
    /// path (`charts[0].maximum`, `charts[1].sectors[2].value`) in the words a file's problem
    /// uses: `charts[0].maximum: expected a finite number > 0, got 0`.
    ///
    /// `Page.render`, `write`, `record`, `geometry` and a window call it before they draw: a page
    /// that breaks a rule is refused, never drawn wrong or crashed on.
    ///
    /// Throws a `SpecError`. (Declared `throws`, not `throws(SpecError)`, as Radial's whole public
    /// API is: Swift 6.3's compiler crashes on common ways of catching a typed error, such as
    /// `catch let e where …` followed later by an `&&`.)
    public func validate() throws {
        let found = problems
        if !found.isEmpty { throw SpecError(problems: found) }
    }

    /// Every rule the page breaks (empty when it is valid), in page order, at most
    /// `SpecLimits.reportedProblems` of them.
    package var problems: [SpecError.Problem] {
        var v = Validator()
        validate(into: &v)
        let limit = SpecLimits.reportedProblems
        guard v.problems.count > limit else { return v.problems }
        let rest = v.problems.count - limit
        return Array(v.problems.prefix(limit)) + [SpecError.Problem(path: "", message: "and \(rest) more problem\(rest == 1 ? "" : "s") not listed")]
    }
}
