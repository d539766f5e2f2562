import Foundation
import RadialWindow
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// Small parsing helpers with messages that say what was expected.
enum Parse {
    static func size(_ s: String, option: String) throws(UsageError) -> Size {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UsageError("\(option) expects WIDTHxHEIGHT in points, like 800x800; got \"\(s)\".")
        }
        guard (16...8192).contains(w), (16...8192).contains(h) else {
            throw UsageError("\(option) must be between 16 and 8192 points on each side; got \(s).")
        }
        return Size(Double(w), Double(h))
    }

    /// A locale Foundation knows (`de_DE`, `de_DE.UTF-8`), or a usage error: an unknown one would
    /// silently format as "$ 1120.00".
    static func locale(_ s: String) throws(UsageError) -> String {
        var id = s
        if let at = id.firstIndex(of: "@") { id = String(id[..<at]) }
        if let dot = id.firstIndex(of: ".") { id = String(id[..<dot]) }
        if id == "C" || id == "POSIX" { return s }
        let known = Locale.availableIdentifiers
        if known.contains(id) { return s }
        let near = Spec.suggestion(for: id, among: known).map { "; did you mean \($0)?" } ?? "; use a name like en_US, de_DE or ja_JP."
        throw UsageError("--locale \(s) is not a locale this system knows" + near)
    }

    /// "X,Y" in points.
    static func point(_ s: String, option: String) throws(UsageError) -> Vec2 {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0].trimmingCharacters(in: .whitespaces)), let y = Double(parts[1].trimmingCharacters(in: .whitespaces)),
              x.isFinite, y.isFinite else {
            throw UsageError("\(option) expects X,Y in points, like 400,300; got \"\(s)\".")
        }
        return Vec2(x, y)
    }

    static func number(_ s: String, option: String, range: ClosedRange<Double>) throws(UsageError) -> Double {
        // Decimal only: Double("0x10") is 16 and Double("nan") is NaN.
        let decimal = !s.isEmpty && s.unicodeScalars.allSatisfy { "0123456789.+-eE".unicodeScalars.contains($0) }
        guard decimal, let v = Double(s), v.isFinite else { throw UsageError("\(option) expects a decimal number; got \"\(s)\".") }
        guard range.contains(v) else {
            throw UsageError("\(option) must be between \(fmt(range.lowerBound)) and \(fmt(range.upperBound)); got \(s).")
        }
        return v
    }

    static func integer(_ s: String, option: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let v = Int(s) else { throw UsageError("\(option) expects a whole number; got \"\(s)\".") }
        guard range.contains(v) else { throw UsageError("\(option) must be between \(range.lowerBound) and \(range.upperBound); got \(s).") }
        return v
    }

    static func theme(_ s: String) throws(UsageError) -> Theme {
        guard let t = Theme(rawValue: s.lowercased()) else {
            throw UsageError("--theme expects \(names(Theme.allCases.map(\.rawValue))); got \"\(s)\".")
        }
        return t
    }

    static func palette(_ s: String) throws(UsageError) -> CategoricalPalette {
        guard let p = CategoricalPalette(rawValue: s.lowercased()) else {
            let near = Spec.suggestion(for: s, among: CategoricalPalette.allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("--palette expects \(names(CategoricalPalette.allCases.map(\.rawValue))); got \"\(s)\"\(near).")
        }
        return p
    }

    /// `a, b or c`.
    private static func names(_ list: [String]) -> String {
        list.count < 2 ? list.joined() : list.dropLast().joined(separator: ", ") + " or " + list.last!
    }

    static func background(_ s: String) throws(UsageError) -> PageBackground {
        guard let b = PageBackground(rawValue: s.lowercased()) else {
            let near = Spec.suggestion(for: s, among: PageBackground.allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("--background expects \(names(PageBackground.allCases.map(\.rawValue))); got \"\(s)\"\(near).")
        }
        return b
    }

    static func demo(_ s: String) throws(UsageError) -> Demo {
        guard let d = Demo(rawValue: s.lowercased()) else {
            let names = Demo.allCases.map(\.rawValue)
            if let near = Spec.suggestion(for: s, among: names) { throw UsageError("There is no demo called \"\(s)\"; did you mean \(near)?") }
            throw UsageError("There is no demo called \"\(s)\"; the demos are \(names.joined(separator: ", ")).")
        }
        return d
    }

    private static func fmt(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// A cursor over the arguments of one subcommand.
struct ArgumentList {
    private var args: [String]
    private(set) var positionals: [String] = []
    /// Each option as met, with how many positionals came before it (to keep `--demo` and
    /// files in the order given).
    private(set) var options: [(name: String, positionalsBefore: Int)] = []
    let command: String

    init(_ args: [String], command: String) { self.args = args; self.command = command }

    /// Walks the options, calling `handle` with each option name and a way to take its value.
    mutating func parse(_ handle: (String, () throws(UsageError) -> String) throws(UsageError) -> Bool) throws(UsageError) {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "-" || !a.hasPrefix("-") { positionals.append(a); i += 1; continue }
            var name = a, inline: String?
            if let eq = a.firstIndex(of: "="), a.hasPrefix("--") { name = String(a[..<eq]); inline = String(a[a.index(after: eq)...]) }
            var consumed = 0
            let args = self.args
            let index = i
            let value: () throws(UsageError) -> String = { () throws(UsageError) -> String in
                if let v = inline { return v }
                guard index + 1 < args.count else { throw UsageError("\(name) needs a value; see `radial \(self.command) --help`.") }
                consumed = 1
                return args[index + 1]
            }
            options.append((name, positionals.count))
            guard try handle(name, value) else {
                let prefix = command == "radial" ? "`radial`" : "`radial \(command)`"
                if let near = Spec.suggestion(for: name, among: RadialCommand.options(of: command)) {
                    throw UsageError("\(prefix) has no option \(name); did you mean \(near)?")
                }
                throw UsageError("\(prefix) has no option \(name); see `radial \(command == "radial" ? "" : command + " ")--help`.")
            }
            i += 1 + consumed
        }
    }

    /// The one page source: a file, `-`, or `--demo NAME`.
    static func source(demo: String?, positionals: [String], command: String, table: TableArguments = TableArguments()) throws(UsageError) -> PageSource {
        if let d = demo {
            guard positionals.isEmpty else { throw UsageError("Give either a file or --demo, not both.") }
            return .demo(try Parse.demo(d))
        }
        guard positionals.count == 1 else {
            throw UsageError(positionals.isEmpty
                ? "`radial \(command)` needs a chart file (or - for standard input) or --demo ebike|scan|pies."
                : "`radial \(command)` takes one chart file; got \(positionals.count).")
        }
        return try table.source(positionals[0])
    }
}

/// The options that turn a CSV or TSV file into a chart, shared by `show`, `render` and `record`.
struct TableArguments {
    var type: CSV.Options.ChartType?
    var title: String?
    var transpose = false
    var value: String?
    var levels: [String] = []
    var decimal: Character = "."
    var spec: String?
    var given: [String] = []

    static let help = """
          --type radar|pie|donut|rose|radialBar|sunburst
                                how a .csv or .tsv file is drawn (required for one): a radar's
                                first column names the series and the header the axes; a pie's,
                                rose's or radial bar's first column names the sectors or bars; a
                                sunburst's --levels columns name each row's path
          --title TEXT          the chart's title, for a .csv or .tsv file
          --transpose           a radar's series are the columns and its axes the rows
          --value COLUMN        the value column: its header or its number (default the second;
                                a sunburst's: the first after its levels)
          --levels COLUMNS      a sunburst's level columns, outermost last (Region,Country,City)
          --decimal ,           the numbers use a decimal comma (default .)
          --spec FILE.json      a chart's keys (format, axes with ranges, rings...) applied to the table
        """

    /// Takes one of the table options; false when `name` is not one.
    mutating func accept(_ name: String, _ value: () throws(UsageError) -> String) throws(UsageError) -> Bool {
        switch name {
        case "--type":
            let v = try value()
            guard let t = CSV.Options.ChartType(rawValue: v) else {
                let near = Spec.suggestion(for: v, among: CSV.Options.ChartType.allCases.map(\.rawValue)).map { "; did you mean \($0)?" } ?? ""
                throw UsageError("--type expects \(Descriptions.list(CSV.Options.ChartType.allCases.map(\.rawValue)).replacingOccurrences(of: " and ", with: " or ")); got \"\(v)\"\(near)")
            }
            type = t
        case "--title": title = try value()
        case "--transpose": transpose = true
        case "--value": self.value = try value()
        case "--levels":
            let v = try value()
            levels = v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !levels.isEmpty, !levels.contains(where: \.isEmpty) else {
                throw UsageError("--levels expects the level columns separated by commas, outermost last (Region,Country,City); got \"\(v)\".")
            }
            guard levels.count <= SpecLimits.sunburstDepth else {
                throw UsageError("--levels names \(levels.count) columns; a sunburst has at most \(SpecLimits.sunburstDepth) levels.")
            }
        case "--decimal":
            let v = try value()
            guard v == "," || v == "." else { throw UsageError("--decimal expects , or .; got \"\(v)\".") }
            decimal = v.first!
        case "--spec": spec = try value()
        default: return false
        }
        given.append(name)
        return true
    }

    static func isTable(_ path: String) -> Bool {
        let p = path.lowercased()
        return p.hasSuffix(".csv") || p.hasSuffix(".tsv") || p.hasSuffix(".tab")
    }

    /// `path` as a page source: a table when it ends in .csv or .tsv (or table options are given).
    func source(_ path: String) throws(UsageError) -> PageSource {
        guard Self.isTable(path) || (type != nil && path == "-") else {
            if let first = given.first { throw UsageError("\(first) applies to .csv and .tsv files; \(path) is a chart file.") }
            return .file(path)
        }
        guard let type else { throw UsageError("\(path) is a table: say how to draw it with --type radar, pie, donut, rose, radialBar or sunburst.") }
        if !levels.isEmpty && type != .sunburst { throw UsageError("--levels names a sunburst's level columns; add --type sunburst.") }
        return .table(path, CSV.Options(type: type, title: title, transpose: transpose, valueColumn: value, decimal: decimal, levels: levels), spec: spec)
    }
}
