import Foundation
import RadialCore

/// Every option of `radial`, once. To add one: a field in `OptionValues`, an `Option` here in
/// its group (name, value, one line of help, how to check and store the value), and the code
/// that reads the field. The parser, `radial help`, the man page and the bash and zsh
/// completions follow by themselves, and `OptionTableTests` checks that they do. A command
/// takes whole groups (`CommandTable`); a new group is a case of `OptionGroup`.
enum OptionTable {
    static let all: [Option] = input + table + appearance + frame + output + time + still + interaction + recording + sound + bench + startup + general

    /// The option spelled `name` (`--out` or `-o`).
    static func named(_ name: String) -> Option? { byName[name] }

    private static let byName: [String: Option] = {
        var map: [String: Option] = [:]
        for o in all { for s in o.spellings { precondition(map[s] == nil, "\(s) is defined twice"); map[s] = o } }
        return map
    }()

    static func options(in group: OptionGroup) -> [Option] { all.filter { $0.group == group } }

    /// The still formats `render` writes, as RadialRender's `StillFormat` names them (a test holds
    /// the two lists together; this one needs no RadialRender, so the parser builds alone).
    static let stillFormats = ["png", "jpg", "webp", "svg", "pdf"]
    /// The video and animation formats `record` writes (`RecordFormat` but the folder).
    static let videoFormats = ["mp4", "webm", "gif", "webp", "apng"]

    /// "a, b or c".
    static func orList(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " or ") : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    // MARK: - Input

    static let input: [Option] = [
        Option("--demo", group: .input, value: .choice(Demo.allCases.map(\.rawValue)),
               "a built-in page instead of a FILE (" + orList(Demo.allCases.map(\.rawValue))
                + "; repeatable with --out-dir)", repeatable: true) {
            $0.demos.append(try Parse.demo($1!))
        },
    ]

    // MARK: - Tables

    static let table: [Option] = [
        Option("--type", group: .table, value: .choice(CSV.Options.ChartType.allCases.map(\.rawValue)),
               "how a .csv or .tsv file is drawn (required for one)",
               details: ["a radar's first column names the series and the header the axes;", "a pie's first column names the sectors"]) {
            $0.tableType = CSV.Options.ChartType(rawValue: try Parse.choice($1!, option: "--type", among: CSV.Options.ChartType.allCases.map(\.rawValue)))
        },
        Option("--title", group: .table, value: .text("TEXT"), "the chart's title", example: "Laptops") { $0.tableTitle = $1 },
        Option("--transpose", group: .table, "a radar's series are the columns and its axes the rows") { v, _ in v.transpose = true },
        Option("--value", group: .table, value: .text("COLUMN"), "a pie's value column: its header or its number (default the second)", example: "2") {
            $0.valueColumn = $1
        },
        Option("--decimal", group: .table, value: .choice([",", "."]),
               "the numbers' decimal mark (default: . when commas separate the fields, else the locale's)") {
            $0.decimal = Character(try Parse.choice($1!, option: "--decimal", among: [",", "."]))
        },
        Option("--delimiter", group: .table, value: .choice([",", ";", "tab"]),
               "the field separator (default: detected from the first rows: comma, semicolon or tab)") {
            let v = $1! == "\t" || $1! == "\\t" ? "tab" : $1!
            let d = try Parse.choice(v, option: "--delimiter", among: [",", ";", "tab"])
            $0.delimiter = d == "tab" ? "\t" : Character(d)
        },
        Option("--levels", group: .table, value: .text("COLUMNS"), "a sunburst's level columns, outermost last", example: "Region,Country,City") {
            let v = $1!
            let levels = v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !levels.isEmpty, !levels.contains(where: \.isEmpty) else {
                throw UsageError("--levels expects the level columns separated by commas, outermost last (Region,Country,City); got \"\(v)\".")
            }
            guard levels.count <= SpecLimits.sunburstDepth else {
                throw UsageError("--levels names \(levels.count) columns; a sunburst has at most \(SpecLimits.sunburstDepth) levels.")
            }
            $0.levels = levels
        },
        Option("--maximum", group: .table, value: .text("N"), "a radar table's value at the rim of every axis (default: its largest value rounded",
               details: ["up to 1, 2 or 5 × 10ⁿ)"], example: "10") {
            $0.maximum = try Parse.number($1!, option: "--maximum", range: -1e300...1e300)
        },
        Option("--minimum", group: .table, value: .text("N"), "a radar table's value at the center of every axis (default 0)", example: "1") {
            $0.minimum = try Parse.number($1!, option: "--minimum", range: -1e300...1e300)
        },
        Option("--category", group: .table, value: .text("COLUMN"), "the column naming the sectors, wedges, bars or radar axes (default the first)",
               example: "direction") { $0.category = $1 },
        Option("--series", group: .table, value: .text("COLUMN"), "one series per distinct value of COLUMN (a long table: a radar gets a shape each)",
               example: "strength") { $0.series = $1 },
        Option("--columns", group: .table, value: .text("A,B,..."), "the value columns to draw: a radar's axes, a wide table's series (default",
               details: ["every numeric column no other option names)"], example: "Horsepower,Weight") {
            let names = $1!.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !names.isEmpty, !names.contains(where: \.isEmpty) else { throw UsageError("--columns expects column names separated by commas (Horsepower,Weight); got \"\($1!)\".") }
            $0.columns = names
        },
        Option("--aggregate", group: .table, value: .choice(TableAggregate.allCases.map(\.rawValue)),
               "combine the rows that share a category (and series); count needs no value column;",
               details: ["empty cells are left out and counted in a note"]) {
            $0.aggregate = TableAggregate(rawValue: try Parse.choice($1!, option: "--aggregate", among: TableAggregate.allCases.map(\.rawValue)))
        },
        Option("--filter", group: .table, value: .text("'COLUMN OP VALUE'"), "only the rows where it holds: =, !=, <, <=, >, >=, or COLUMN in A|B|C;",
               details: ["numbers compare as numbers, dates as dates, the rest as text; repeatable (all must hold)"], repeatable: true,
               example: "weather = rain") {
            switch TableFilter.parse($1!) {
            case .success(let f): $0.filters.append(f)
            case .failure(let e): throw UsageError(e.message + ".")
            }
        },
        Option("--bin", group: .table, value: .choice(DateBin.allCases.map(\.rawValue)),
               "the category column's ISO 8601 dates as hours, weekdays, months, quarters or years,",
               details: ["in calendar order, named in the locale (Jan, Mon)"]) {
            $0.bin = DateBin(rawValue: try Parse.choice($1!, option: "--bin", among: DateBin.allCases.map(\.rawValue)))
        },
        Option("--sort", group: .table, value: .choice(TableSort.allCases.map(\.rawValue)),
               "the categories' order: by total (smallest first; -value largest first), by name, or the table's") {
            $0.sort = TableSort(rawValue: try Parse.choice($1!, option: "--sort", among: TableSort.allCases.map(\.rawValue)))
        },
        Option("--top", group: .table, value: .text("N"), "only the N largest categories; the rest summed into one \"Other (K)\"", example: "5") {
            $0.top = try Parse.integer($1!, option: "--top", range: 1...4096)
        },
        Option("--facet", group: .table, value: .text("COLUMN"), "a page with one chart per value of COLUMN (dates in calendar order), one",
               details: ["scale and one legend for all, each titled by its value"], example: "year") { $0.facet = $1 },
        Option("--frame", group: .table, value: .text("COLUMN|STATE"),
               "a table: one state of the chart per value of COLUMN, played in turn with springs between;",
               details: ["a page with states (\"frames\"): the state render draws at rest (its name or number;",
                         "COLUMN=VALUE for a table)"], example: "year") { $0.frame = $1 },
        Option("--frame-time", group: .table, value: .text("SECONDS"), "how long each state is held, 0.1...60 (default 1.5); record - plays",
               details: ["one stream line per state"], example: "2") {
            $0.frameTime = try Parse.number($1!, option: "--frame-time", range: 0.1...60)
        },
        Option("--spec", group: .table, value: .file("FILE.json"),
               "a chart's keys (format, axes with ranges, rings...) applied to the table", example: "axes.json") { $0.tableSpec = $1 },
    ]

    // MARK: - Appearance

    static let appearance: [Option] = [
        Option("--as", group: .appearance, value: .choice(Spec.chartTypes),
               "draw every chart as KIND where its data fits (shares as a pie, donut, rose, radial bars or sunburst;",
               details: ["series as a radar, a polar chart over the categories, a rose or radial bars); a chart whose",
                         "data does not fit is refused, with the kinds it fits"], example: "rose") {
            $0.asType = try Parse.choice($1!, option: "--as", among: Spec.chartTypes)
        },
        Option("--theme", group: .appearance, value: .choice(Theme.allCases.map(\.rawValue)),
               "override the page's theme",
               details: ["high-contrast: black on white, text at 7:1 or more, lines and shapes at 3:1,",
                         "series marked by shape (the window also follows GNOME's high-contrast setting)"]) {
            $0.theme = Theme(rawValue: try Parse.choice($1!, option: "--theme", among: Theme.allCases.map(\.rawValue)))
        },
        Option("--palette", group: .appearance, value: .choice(CategoricalPalette.allCases.map(\.rawValue)),
               "colors for series and sectors the page gives none (okabe-ito: safe with color",
               details: ["vision deficiencies); overrides the page's"]) {
            $0.palette = CategoricalPalette(rawValue: try Parse.choice($1!, option: "--palette", among: CategoricalPalette.allCases.map(\.rawValue)))
        },
        Option("--text-size", group: .appearance, value: .choice(TextSize.allCases.map(\.rawValue)),
               "the size of text, as GNOME's and iOS's text sizes: xSmall ... large (the default) ... accessibility5",
               details: ["(the window also follows the desktop's text scaling); overrides the page's"]) {
            $0.textSize = TextSize(name: try Parse.choice($1!, option: "--text-size", among: TextSize.allCases.map(\.rawValue)))
        },
        Option("--legend", group: .appearance, value: .choice(["automatic", "bottom", "trailing", "none"]),
               "where every radar's and pie's legend goes: under the chart, beside it, or nowhere",
               details: ["(automatic: under it, or beside it in a wide card); overrides the page's"]) {
            $0.legend = LegendPosition(rawValue: try Parse.choice($1!, option: "--legend", among: ["automatic", "bottom", "trailing", "none"]))
        },
        Option("--reduce-motion", group: .appearance, "final state from the first frame, no sweep (also RADIAL_REDUCE_MOTION=1)") { v, _ in
            v.reduceMotion = true
        },
        Option("--format", group: .appearance, value: .choice(["compact"] + stillFormats),
               "compact: every number in compact notation (\"€56.4M\", \"1.2K\", \"56,4 Mio. €\"); render: the file format",
               details: ["(default: --out's extension; png for --out-dir); svg and pdf keep shapes as exact curves and",
                         "text as text (several inputs with --out REPORT.pdf: a page each)"], repeatable: true) {
            let v = try Parse.choice($1!, option: "--format", among: ["compact"] + stillFormats.flatMap { $0 == "jpg" ? ["jpg", "jpeg"] : [$0] })
            if v == "compact" { $0.compactNumbers = true } else {
                if let f = $0.format, f != v { throw UsageError("--format \(f) and --format \(v): give one file format.") }
                $0.format = v
            }
        },
        Option("--patterns", group: .appearance, "pattern fills on every mark and dashes on lines, beside color",
               details: ["(on by default in high contrast, and where a page says \"patterns\": true; P in the window)"]) { v, _ in
            v.patterns = true
        },
        Option("--locale", group: .appearance, value: .text("ID"),
               "locale for numbers, currency and a table's decimal mark, e.g. en_US, de_DE",
               details: ["(default: LC_ALL, LC_MONETARY, LANG); POSIX names such as zh_CN, sr_RS@latin are",
                         "Foundation's scripted zh_Hans_CN, sr_Latn_RS"], example: "de_DE") {
            $0.locale = try Parse.locale($1!)
        },
    ]

    // MARK: - Size

    static let frame: [Option] = [
        Option("--size", group: .frame, value: .text("WxH"),
               "size in points (render, record: 800x800; bench: 1280x720; a window: 760x900,",
               details: ["shrunk to fit the screen)"], example: "400x300") {
            $0.size = try Parse.size($1!, option: "--size")
        },
        Option("--scale", group: .frame, value: .text("N"), "pixels per point, 1...4 (default 1; 2 for HiDPI)", example: "2") {
            $0.scale = try Parse.number($1!, option: "--scale", range: PictureLimits.scale)
        },
    ]

    // MARK: - Time

    static let time: [Option] = [
        Option("--at", group: .time, value: .textOr("SECONDS", ["end"]),
               "animation time on the fixed-step clock (default end: the page at rest, a scan well",
               details: ["into its first turn; 0 is the first frame, when charts are about to appear;", "try 0.45 mid-spring)"], example: "0.45") {
            $0.at = $1! == "end" ? .some(nil) : .some(try Parse.number($1!, option: "--at", range: PictureLimits.time, or: ["end"]))
        },
    ]

    // MARK: - Output

    static let output: [Option] = [
        Option("--out", alias: "-o", group: .output, value: .file("PATH"),
               "the file to write (render: " + orList(stillFormats.map { "." + $0 }) + ";",
               details: ["record: " + videoFormats.map { "." + $0 }.joined(separator: ", ") + ", or a folder for frame-00000.png...),",
                         "written whole or not at all"], example: "out.png") {
            $0.out = $1
        },
        Option("--quality", group: .output, value: .text("Q"),
               "jpg, webp and video quality 1...100, higher is better and larger (stills 90;",
               details: [".mp4/.webm 65 = H.264 CRF 18; animated .webp 80; webp 100 is lossless)"], example: "80") {
            $0.quality = try Parse.integer($1!, option: "--quality", range: PictureLimits.quality)
        },
        Option("--background", group: .output, value: .choice(PageBackground.allCases.map(\.rawValue)),
               "behind the charts: the page's color (opaque), nothing (the cards on a transparent page) or",
               details: ["not even the cards (none); png, webp, svg, pdf, and videos that keep alpha (.webm, .webp,",
                         ".apng, PNG frames); overrides the page's \"background\""]) {
            $0.background = PageBackground(rawValue: try Parse.choice($1!, option: "--background", among: PageBackground.allCases.map(\.rawValue)))
        },
        Option("--compress", group: .output, value: .choice(["fast", "best"]),
               "PNG size against time: fast (default; zlib level 1, no filter) or best") {
            $0.compression = PNGCompressionChoice(rawValue: try Parse.choice($1!, option: "--compress", among: PNGCompressionChoice.allCases.map(\.rawValue)))
        },
    ]

    // MARK: - Stills

    static let still: [Option] = [
        Option("--out-dir", group: .still, value: .folder("DIR"),
               "render many: one image per FILE or --demo, named after it, in one process",
               details: ["(the folder is made if missing; the folder it is in must exist)"], example: "stills") {
            $0.outDir = $1
        },
        Option("--geometry", group: .still, value: .file("PATH"), "also write what was drawn, in pixels, as JSON", example: "g.json") {
            $0.geometry = $1
        },
        Option("--renderer", group: .still, value: .choice(["gl", "cairo"]),
               "who draws a png, jpg or webp: OpenGL (default) or cairo, from the same frame (needs no GL;",
               details: ["svg and pdf are always cairo's paths)"]) {
            $0.renderer = try Parse.choice($1!, option: "--renderer", among: ["gl", "cairo"])
        },
    ]

    // MARK: - Window state

    static let interaction: [Option] = [
        Option("--controls", group: .interaction, "also draw the window's controls (the radar's Replay button)") { v, _ in v.controls = true },
        Option("--hover", group: .interaction, value: .text("X,Y"), "the pointer at X,Y points: its element's highlight and tooltip", example: "400,300") {
            $0.hover = try Parse.point($1!, option: "--hover")
        },
        Option("--focus", group: .interaction, value: .text("PATH"),
               "keyboard focus on an element, e.g. charts[0].axes[2] (--geometry lists them)", example: "charts[0]") {
            $0.focus = $1
        },
        Option("--toggle", group: .interaction, value: .text("PATH"),
               "click a legend entry first (hide its series or sector); repeatable", repeatable: true, example: "charts[0].legend[0]") {
            $0.toggles.append($1!)
        },
        Option("--drill", group: .interaction, value: .text("PATH"),
               "open a sunburst node first: its path (charts[0].nodes[3]) or its names from the top", example: "Europe/France") {
            $0.drill = $1
        },
    ]

    // MARK: - Recording

    static let recording: [Option] = [
        Option("--fps", group: .recording, value: .text("N"), "frames a second, 1...240 (default 60; 50 for .gif, whose delays are 1/100 s)", example: "30") {
            $0.fps = try Parse.number($1!, option: "--fps", range: PictureLimits.frameRate)
        },
        Option("--from", group: .recording, value: .text("SECONDS"),
               "the first frame's time (default 0, or for a page with a scan the first whole turn",
               details: ["after everything else has settled)"], example: "0.2") {
            $0.from = try Parse.number($1!, option: "--from", range: PictureLimits.time)
        },
        Option("--to", group: .recording, value: .text("SECONDS"), "the end, exclusive (default: once every chart has settled, plus 0.5 s)", example: "2") {
            $0.to = try Parse.number($1!, option: "--to", range: PictureLimits.time)
        },
        Option("--turns", group: .recording, value: .text("N"), "for a page with a scan: whole turns to record (default 1), so it loops seamlessly",
               example: "2") {
            $0.turns = try Parse.integer($1!, option: "--turns", range: 1...1000)
        },
        Option("--audio", group: .recording, "under .mp4 or .webm, the page's audio graph (`radial listen`) as the sound track") { v, _ in v.audio = true },
        Option("--quiet", alias: "-q", group: .recording, "no progress on standard error") { v, _ in v.quiet = true },
    ]

    // MARK: - Sound

    static let sound: [Option] = [
        Option("--chart", group: .sound, value: .text("N"), "only chart N of the page (1 is the first; default: every chart in turn)", example: "1") {
            $0.chart = try Parse.integer($1!, option: "--chart", range: 1...SpecLimits.charts)
        },
    ]

    // MARK: - Benchmark

    static let bench: [Option] = [
        Option("--scene", group: .bench, value: .choice(["floor"]), "draw nothing but clear + swap: the machine's limit at that size") {
            $0.scene = try Parse.choice($1!, option: "--scene", among: ["floor"])
        },
        Option("--frames", group: .bench, value: .text("N"), "measured frames (default 600)", example: "30") {
            $0.frames = try Parse.integer($1!, option: "--frames", range: 10...100_000)
        },
        Option("--warmup", group: .bench, value: .text("N"), "frames run before measuring (default 60)", example: "5") {
            $0.warmup = try Parse.integer($1!, option: "--warmup", range: 0...10_000)
        },
        Option("--vsync", group: .bench, "keep vsync on (and present by swapping buffers)") { v, _ in v.vsync = true },
        Option("--offscreen", group: .bench, "draw into a framebuffer instead of a window (frame time = until glFinish)") { v, _ in v.offscreen = true },
        Option("--overlay", group: .bench, "also draw the window's frame-time overlay (F) every frame, to measure its cost") { v, _ in v.overlay = true },
        Option("--full-redraw", group: .bench, "draw every frame whole; by default only what changed is redrawn",
               details: ["when the window's back buffer still holds an earlier frame (buffer age)"]) { v, _ in v.fullRedraw = true },
        Option("--against", group: .bench, value: .choice(["floor"]), "also run the floor, interleaved in blocks, and print the ratio") {
            _ = try Parse.choice($1!, option: "--against", among: ["floor"]); $0.against = true
        },
        Option("--ramp", group: .bench, value: .choice(BenchRamp.allCases.map(\.rawValue)),
               "grow one dimension step by step; report time per step and the fitted cost per item") {
            $0.ramp = try Parse.choice($1!, option: "--ramp", among: BenchRamp.allCases.map(\.rawValue))
        },
        Option("--soak", group: .bench, value: .text("MINUTES"),
               "draw a page at 60 frames/s for MINUTES while its file is rewritten and reloaded",
               details: ["every second (default: examples/dashboard.json, its radar's series renamed",
                         "each time); report RSS, CPU and frame times at the start and the end, and", "fail if RSS grew"], example: "0.5") {
            $0.soak = try Parse.number($1!, option: "--soak", range: 0.5...1440)
        },
        Option("--stream", group: .bench, "single-value stream updates applied a second on the largest radar and pie, and frames drawn meanwhile",
               details: ["(200,000 updates each: applied on one thread, then read from a pipe by the",
                         "stream's reader while the window's loop draws, until the last one is drawn)"]) { v, _ in v.stream = true },
        Option("--json", group: .bench, value: .file("PATH"), "a machine-readable report", example: "bench.json") { $0.json = $1 },
        Option("--csv", group: .bench, value: .file("PATH"), "per-frame times", example: "frames.csv") { $0.csv = $1 },
    ]

    static let startup: [Option] = [
        Option("--startup", group: .startup, "time `radial render --demo ebike` from exec to exit against bare programs") { v, _ in v.startup = true },
        Option("--rounds", group: .startup, value: .text("N"), "runs of each program with --startup (default 5)", example: "1") {
            $0.rounds = try Parse.integer($1!, option: "--rounds", range: 1...100)
        },
    ]

    // MARK: - General

    static let general: [Option] = [
        Option("--help", alias: "-h", group: .general, "this help") { v, _ in v.help = true },
        Option("--version", group: .general, "the version") { v, _ in v.version = true },
    ]
}

/// What `bench --ramp` grows, one dimension a step (here, not in BenchCommand, so that the option
/// files build alone for `make fuzz TARGET=options`).
enum BenchRamp: String, CaseIterable { case axes, series, sectors, charts, points }
