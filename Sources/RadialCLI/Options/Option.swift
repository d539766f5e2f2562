import Foundation
import RadialCore

/// One command-line option, defined once: its name, the value it takes, the group it belongs
/// to, its help, and how its value is checked and stored. The parser, `radial help`, the man
/// page and the shell completions are all made from `OptionTable.all` (ripgrep's
/// `flags/defs.rs` is the model); a command takes the options of the groups it names.
struct Option: Sendable {
    /// `--theme`.
    let name: String
    /// `-o`: another spelling.
    let alias: String?
    let group: OptionGroup
    /// nil: a switch.
    let value: OptionValue?
    /// One line for `help` and the man page.
    let summary: String
    /// More lines of help, shown under the summary.
    let details: [String]
    /// May be given more than once (`--toggle`, `--demo` in a batch); otherwise a second
    /// `--out` is refused rather than silently winning.
    let repeatable: Bool
    /// A value the option accepts, for tests that walk the table (`"dark"` for `--theme`).
    let example: String?
    /// Checks the value (nil for a switch) and stores it; throws a `UsageError`.
    let store: @Sendable (inout OptionValues, String?) throws -> Void

    init(_ name: String, alias: String? = nil, group: OptionGroup, value: OptionValue? = nil, _ summary: String,
         details: [String] = [], repeatable: Bool = false, example: String? = nil,
         store: @escaping @Sendable (inout OptionValues, String?) throws -> Void) {
        self.name = name; self.alias = alias; self.group = group; self.value = value; self.summary = summary
        self.details = details; self.repeatable = repeatable; self.example = example ?? value?.example; self.store = store
    }

    /// Every spelling: `--out`, `-o`.
    var spellings: [String] { [name] + (alias.map { [$0] } ?? []) }
}

/// What an option's value is: for help (its placeholder), completions and "did you mean".
enum OptionValue: Sendable, Equatable {
    /// Free text, a number, a size: `TEXT`, `N`, `WxH`.
    case text(String)
    /// A file to read or write: `FILE.json`, `PATH`; completed as file names.
    case file(String)
    /// A folder: `DIR`; completed as folder names.
    case folder(String)
    /// One of a few words, listed: `light|dark|high-contrast`.
    case choice([String])
    /// One of a few words, or free text (`--at SECONDS|end`): the words complete.
    case textOr(String, [String])

    /// `light|dark|high-contrast`, `FILE.json`, `SECONDS|end`.
    var placeholder: String {
        switch self {
        case .text(let p), .file(let p), .folder(let p): p
        case .choice(let words): words.joined(separator: "|")
        case .textOr(let p, let words): ([p] + words).joined(separator: "|")
        }
    }

    /// The words a value may be (for completion).
    var words: [String] {
        switch self {
        case .choice(let w), .textOr(_, let w): w
        default: []
        }
    }

    fileprivate var example: String? {
        switch self {
        case .choice(let w): w.first
        case .textOr(_, let w): w.first
        default: nil
        }
    }
}

/// Options come in groups, and a command takes whole groups: every command that reads a page
/// takes `input`, `table` and `appearance`.
enum OptionGroup: String, Sendable, CaseIterable {
    case input, table, appearance, frame, output, time, still, interaction, recording, sound, bench, startup, general

    /// The heading in `help` and the man page.
    var title: String {
        switch self {
        case .input: "Input"
        case .table: "Tables (a .csv or .tsv FILE)"
        case .appearance: "Appearance"
        case .frame: "Size"
        case .output: "Output"
        case .time: "Time"
        case .still: "Stills"
        case .interaction: "Window state (as a user would leave it)"
        case .recording: "Recording"
        case .sound: "Sound"
        case .bench: "Benchmark"
        case .startup: "Start-up benchmark"
        case .general: "General"
        }
    }
}

/// Checking values, with messages that say what was expected and offer the nearest word.
enum Parse {
    /// `value` when it is one of `words` (ignoring case), else a usage error with the nearest one.
    static func choice(_ value: String, option: String, among words: [String]) throws(UsageError) -> String {
        if let exact = words.first(where: { $0.lowercased() == value.lowercased() }) { return exact }
        throw UsageError.invalidValue(option: option, value: value, expected: names(words),
                                      suggestion: Spec.suggestion(for: value, among: words))
    }

    /// `a, b or c`.
    static func names(_ list: [String]) -> String {
        list.count < 2 ? list.joined() : list.dropLast().joined(separator: ", ") + " or " + list.last!
    }

    static func size(_ s: String, option: String) throws(UsageError) -> Size {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UsageError.invalidValue(option: option, value: s, expected: "WIDTHxHEIGHT in points, like 800x800")
        }
        guard PictureLimits.size.contains(Double(w)), PictureLimits.size.contains(Double(h)) else {
            throw UsageError("\(option) must be between \(fmt(PictureLimits.size.lowerBound)) and \(fmt(PictureLimits.size.upperBound)) points on each side; got \(UsageError.shown(s)).")
        }
        return Size(Double(w), Double(h))
    }

    /// A locale Foundation knows (`de_DE`, `de_DE.UTF-8`), or a usage error: an unknown one would
    /// silently format as "$ 1120.00".
    /// POSIX names that Foundation spells with a script (`zh_CN`, `sr_RS@latin`) are accepted
    /// (`Formatting.foundationIdentifier`).
    static func locale(_ s: String) throws(UsageError) -> String {
        guard case .unknown(let suggestion) = LocaleRule.check(s) else { return s }
        let near = suggestion.map { "; did you mean \($0)?" } ?? "; use a name like en_US, de_DE or ja_JP."
        throw UsageError("--locale \(UsageError.shown(s)) is not a locale this system knows" + near)
    }

    /// "X,Y" in points, each within ±1e9 (beyond any window, and far from Int's range).
    static func point(_ s: String, option: String) throws(UsageError) -> Vec2 {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = decimal(parts[0].trimmingCharacters(in: .whitespaces)),
              let y = decimal(parts[1].trimmingCharacters(in: .whitespaces)), abs(x) <= 1e9, abs(y) <= 1e9 else {
            throw UsageError.invalidValue(option: option, value: s, expected: "X,Y in points, like 400,300")
        }
        return Vec2(x, y)
    }

    /// A decimal number (not `0x10`, `nan` or `inf`), finite.
    static func decimal(_ s: String) -> Double? {
        guard !s.isEmpty, s.unicodeScalars.allSatisfy({ "0123456789.+-eE".unicodeScalars.contains($0) }), let v = Double(s), v.isFinite else { return nil }
        return v
    }

    static func number(_ s: String, option: String, range: ClosedRange<Double>, or words: [String] = []) throws(UsageError) -> Double {
        guard let v = decimal(s) else {
            let also = words.isEmpty ? "" : " or " + names(words)
            throw UsageError.invalidValue(option: option, value: s, expected: "a decimal number from \(fmt(range.lowerBound)) to \(fmt(range.upperBound))" + also,
                                          suggestion: words.isEmpty ? nil : Spec.suggestion(for: s, among: words))
        }
        guard range.contains(v) else {
            throw UsageError("\(option) must be between \(fmt(range.lowerBound)) and \(fmt(range.upperBound)); got \(UsageError.shown(s)).")
        }
        return v
    }

    static func integer(_ s: String, option: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let v = Int(s) else { throw UsageError.invalidValue(option: option, value: s, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") }
        guard range.contains(v) else { throw UsageError("\(option) must be between \(range.lowerBound) and \(range.upperBound); got \(UsageError.shown(s)).") }
        return v
    }

    static func demo(_ s: String) throws(UsageError) -> Demo {
        guard let d = Demo(rawValue: s.lowercased()) else {
            let names = Demo.allCases.map(\.rawValue)
            if let near = Spec.suggestion(for: s, among: names) { throw UsageError("There is no demo called \"\(UsageError.shown(s))\"; did you mean \(near)?") }
            throw UsageError("There is no demo called \"\(UsageError.shown(s))\"; the demos are \(names.joined(separator: ", ")).")
        }
        return d
    }

    static func fmt(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}

/// `--compress`: how hard a PNG is squeezed (libpng's settings are RadialRender's `PNGFile.Compression`).
enum PNGCompressionChoice: String, CaseIterable, Sendable {
    /// zlib level 1, no filter (the default); level 9, every filter.
    case fast, best
}
