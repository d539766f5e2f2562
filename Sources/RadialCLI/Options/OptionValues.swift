import Foundation
import RadialCore

/// Everything the command line said, checked and typed: what `OptionTable.all` stores into.
/// A command reads the fields of the groups it takes (each field belongs to one option).
/// nil (or false, or empty) means "not given".
struct OptionValues: Sendable {
    // MARK: input
    var demos: [Demo] = []
    /// How many operands came before each `--demo` (to keep demos and files in the order given).
    var demoPlaces: [Int] = []

    // MARK: table
    var tableType: CSV.Options.ChartType?
    var tableTitle: String?
    var transpose = false
    var valueColumn: String?
    var decimal: Character?
    var delimiter: Character?
    var tableSpec: String?
    var maximum: Double?
    var minimum: Double?
    /// `--levels`: a sunburst table's level columns, outermost last.
    var levels: [String] = []
    /// How a table is reshaped (`--category`, `--series`, …).
    var category: String?
    var series: String?
    var columns: [String] = []
    var aggregate: TableAggregate?
    var filters: [TableFilter] = []
    var bin: DateBin?
    var sort: TableSort?
    var top: Int?
    var facet: String?
    /// `--frame`: a table's frame column (`COLUMN`, or `COLUMN=STATE`), or the state of a page to draw.
    var frame: String?
    var frameTime: Double?
    /// `--format compact`.
    var compactNumbers = false
    /// `--as KIND`: every chart drawn as that kind where its data fits.
    var asType: String?

    // MARK: appearance
    var theme: Theme?
    var palette: CategoricalPalette?
    var reduceMotion = false
    /// `--patterns`: pattern fills and dashes (nil: as the page and the theme say).
    var patterns: Bool?
    var locale: String?
    var textSize: TextSize?
    var legend: LegendPosition?

    // MARK: frame
    var size: Size?
    var scale: Double?

    // MARK: time
    /// `--at SECONDS|end`: `.some(nil)` is `end`, the page at rest.
    var at: Double??
    var fps: Double?
    var from: Double?
    var to: Double?
    var turns: Int?

    // MARK: outputs
    var out: String?
    var outDir: String?
    var geometry: String?
    var format: String?
    var quality: Int?
    var compression: PNGCompressionChoice?
    var quiet = false
    var background: PageBackground?
    var renderer: String?
    var audio = false
    var chart: Int?

    // MARK: interaction
    var controls = false
    var hover: Vec2?
    var focus: String?
    var toggles: [String] = []
    var drill: String?

    // MARK: bench
    var frames: Int?
    var warmup: Int?
    var vsync = false
    var offscreen = false
    var overlay = false
    var fullRedraw = false
    var against = false
    var ramp: String?
    var soak: Double?
    var stream = false
    var json: String?
    var csv: String?
    var scene: String?
    var startup = false
    var rounds: Int?

    // MARK: general
    var help = false
    var version = false

    /// The options given, by name, in order (one entry per time given).
    var given: [String] = []

    func has(_ name: String) -> Bool { given.contains(name) }

    /// The table options given, for "applies to .csv and .tsv files" (`--frame` and
    /// `--frame-time` apply to a page with states too).
    var tableOptionsGiven: [String] { given.filter { OptionTable.named($0)?.group == .table && $0 != "--frame" && $0 != "--frame-time" } }

    /// `--frame COLUMN=STATE` for a table: the column and the state; `--frame COLUMN`: the column.
    var tableFrame: (column: String, state: String?)? {
        guard let f = frame else { return nil }
        guard let eq = f.lastIndex(of: "="), eq != f.startIndex else { return (f, nil) }
        return (String(f[..<eq]), String(f[f.index(after: eq)...]))
    }

    /// The state `render --frame` draws: a page's state name or number, or a table's `COLUMN=STATE`.
    func frameState(isTable: Bool) -> String? { isTable ? tableFrame?.state : frame }

    /// `path` as a page source: a table when it ends in .csv, .tsv or .tab (or is `-` with
    /// `--type`), read with the table options and `--locale`; otherwise a chart file.
    func source(_ path: String, amongTables: Bool = false) throws(UsageError) -> PageSource {
        guard Self.isTable(path) || (tableType != nil && path == "-") else {
            // With several inputs the table options are for the tables among them.
            if !amongTables, let first = tableOptionsGiven.first { throw UsageError("\(first) applies to .csv and .tsv files; \(path) is a chart file.") }
            return .file(path)
        }
        guard let tableType else {
            throw UsageError("\(path) is a table: say how to draw it with --type " + OptionTable.orList(CSV.Options.ChartType.allCases.map(\.rawValue)) + ".")
        }
        if tableType != .radar, let name = ["--maximum", "--minimum"].first(where: has) {
            throw UsageError("\(name) sets a radar table's scale; a \(tableType.rawValue) has none.")
        }
        if !levels.isEmpty && tableType != .sunburst { throw UsageError("--levels names a sunburst's level columns; add --type sunburst.") }
        let query = TableQuery(category: category, series: series, columns: columns, aggregate: aggregate, filters: filters, bin: bin,
                               sort: sort, top: top, facet: facet, frame: tableFrame?.column)
        if tableType == .sunburst, let name = ["--category", "--series", "--columns", "--aggregate", "--bin", "--sort", "--top", "--facet", "--frame"].first(where: has) {
            throw UsageError("\(name) reshapes a radar, pie, donut, rose or radial bar table; a sunburst's rows are its paths (--levels, --value, --filter).")
        }
        return .table(path, CSV.Options(type: tableType, title: tableTitle, transpose: transpose, valueColumn: valueColumn,
                                        decimal: decimal, delimiter: delimiter, locale: locale, maximum: maximum, minimum: minimum, levels: levels,
                                        query: query, compact: compactNumbers), spec: tableSpec)
    }

    static func isTable(_ path: String) -> Bool {
        let p = path.lowercased()
        return p.hasSuffix(".csv") || p.hasSuffix(".tsv") || p.hasSuffix(".tab")
    }

    /// Every page a command draws, demos and files in the order given (`render a.json --demo
    /// pies b.csv --out report.pdf`); standard input at most once.
    func sources(_ operands: [String]) throws(UsageError) -> [PageSource] {
        if operands.filter({ $0 == "-" }).count > 1 { throw UsageError("Standard input (-) can be read only once.") }
        let anyTable = operands.contains(where: Self.isTable)
        if !anyTable, let first = tableOptionsGiven.first {
            throw UsageError("\(first) applies to .csv and .tsv files, and none of the inputs is one.")
        }
        let files = try operands.map { (p: String) throws(UsageError) -> PageSource in try source(p, amongTables: anyTable) }
        var out: [PageSource] = [], next = 0
        for (i, d) in demos.enumerated() {
            let place = i < demoPlaces.count ? demoPlaces[i] : files.count
            while next < min(place, files.count) { out.append(files[next]); next += 1 }
            out.append(.demo(d))
        }
        return out + files[next...]
    }

    /// The one page a command draws: a file, `-`, or `--demo NAME`.
    func singleSource(_ positionals: [String], command: String) throws(UsageError) -> PageSource {
        if let d = demos.first {
            guard positionals.isEmpty, demos.count == 1 else { throw UsageError("Give either one file or one --demo, not both.") }
            return .demo(d)
        }
        guard positionals.count == 1 else {
            throw UsageError(positionals.isEmpty
                ? "`radial \(command)` needs a chart file (or - for standard input) or --demo " + Demo.allCases.map(\.rawValue).joined(separator: "|") + "."
                : "`radial \(command)` takes one chart file; got \(positionals.count).")
        }
        return try source(positionals[0])
    }

    /// The locale's formatting: `--locale`, else the environment's.
    /// The page as the appearance options change it: `--palette`, `--legend`.
    func load(_ source: PageSource) throws(UsageError) -> Page { try source.load(palette: palette, legend: legend, compact: compactNumbers, as: asType) }

    var formatting: Formatting { locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment() }

}
