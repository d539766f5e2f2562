import Foundation
import RadialCore
import RadialRender
import RadialWindow

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
    var compression: PNGFile.Compression?
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

    /// The table options given, for "applies to .csv and .tsv files".
    var tableOptionsGiven: [String] { given.filter { OptionTable.named($0)?.group == .table } }

    /// `path` as a page source: a table when it ends in .csv, .tsv or .tab (or is `-` with
    /// `--type`), read with the table options and `--locale`; otherwise a chart file.
    func source(_ path: String, amongTables: Bool = false) throws(UsageError) -> PageSource {
        guard Self.isTable(path) || (tableType != nil && path == "-") else {
            // With several inputs the table options are for the tables among them.
            if !amongTables, let first = tableOptionsGiven.first { throw UsageError("\(first) applies to .csv and .tsv files; \(path) is a chart file.") }
            return .file(path)
        }
        guard let tableType else { throw UsageError("\(path) is a table: say how to draw it with --type radar, --type pie or --type donut.") }
        if tableType != .radar, let name = ["--maximum", "--minimum"].first(where: has) {
            throw UsageError("\(name) sets a radar table's scale; a \(tableType.rawValue) has none.")
        }
        if !levels.isEmpty && tableType != .sunburst { throw UsageError("--levels names a sunburst's level columns; add --type sunburst.") }
        return .table(path, CSV.Options(type: tableType, title: tableTitle, transpose: transpose, valueColumn: valueColumn,
                                        decimal: decimal, delimiter: delimiter, locale: locale, maximum: maximum, minimum: minimum, levels: levels), spec: tableSpec)
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
                ? "`radial \(command)` needs a chart file (or - for standard input) or --demo ebike|scan|pies."
                : "`radial \(command)` takes one chart file; got \(positionals.count).")
        }
        return try source(positionals[0])
    }

    /// The locale's formatting: `--locale`, else the environment's.
    /// The page as the appearance options change it: `--palette`, `--legend`.
    func load(_ source: PageSource) throws(UsageError) -> Page { try source.load(palette: palette, legend: legend) }

    var formatting: Formatting { locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment() }

    /// `--reduce-motion`, else the environment's (`RADIAL_REDUCE_MOTION=1`; headless commands
    /// ignore the desktop's setting).
    var reduceMotionOrEnvironment: Bool { reduceMotion || DesktopSettings.reduceMotionFromEnvironment }
}
