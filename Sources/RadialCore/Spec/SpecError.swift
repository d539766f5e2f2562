/// The limits that keep a hostile spec file from eating the machine. Each is refused with a
/// message that names it.
public enum SpecLimits {
    /// Bytes in a file: 4 MiB.
    public static let fileBytes = 4 * 1024 * 1024
    /// Charts on a page.
    public static let charts = 64
    /// States of a page that plays them in turn (`"frames"`, a table's `--frame`).
    public static let frames = 1000
    /// Axes of one radar chart (and so values of one series).
    public static let axes = 512
    /// Series of one radar chart.
    public static let series = 64
    /// Sectors of one pie or donut chart.
    public static let sectors = 4096
    /// Blips of one scan chart.
    public static let blips = 16
    /// Characters (Unicode scalars) in any string: titles, names, labels, axes.
    public static let stringLength = 200
    /// Nesting levels of arrays and objects.
    public static let depth = 64
    /// Sectors of all the pies and donuts of one page together, so that a page of many large
    /// pies stays within the time and memory one render may take (docs/spec.md, Limits).
    public static let pageSectors = 8192
    /// Axes × series summed over the radars of one page (one radar of 512 axes × 64 series).
    public static let pageRadarCorners = 32768
    /// Seconds for one turn of a scan's beam, and for a blip's fade.
    public static let scanSeconds: ClosedRange<Double> = 0.05...3600
    /// Seconds between a pie's sector arrivals.
    public static let arrivalInterval: ClosedRange<Double> = 0.01...10
    /// Bands of one gauge.
    public static let gaugeBands = 16
    /// Rings of one activity-rings chart.
    public static let rings = 16
    /// Laps a ring may run (value / goal).
    public static let ringLaps = 100.0
    /// Points of one polar chart, every series together (the file's 4 MiB holds about this many).
    public static let polarPoints = 250_000
    /// Wedges of one rose.
    public static let roseSectors = 360
    /// Bars (tracks) of one radial bar chart.
    public static let radialBars = 64
    /// Nodes of one sunburst, every level together.
    public static let sunburstNodes = 4096
    /// Levels of a sunburst's `children` nesting.
    public static let sunburstDepth = 8
    /// Rings of a nested pie (`layers`).
    public static let pieLayers = 8
    /// Degrees a start or end angle may be from 12 o'clock, either way (ten turns).
    public static let degrees = 3600.0
    /// Problems listed in one `SpecError`; the rest are counted in a last line.
    public static let reportedProblems = 200
}

/// Why a spec file was refused: every problem found, each with its JSON path.
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One thing wrong with a spec file: where (JSON path, and line and column when known) and what.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// `charts[0].series[1].values[3]`; `title` for a key of the page; `$` for the document
        /// itself; empty for problems of the file as a whole (its size, its JSON syntax).
        public var path: String
        /// What was expected, and what was found.
        public var message: String
        /// The 1-based line in the file; nil when not known.
        public var line: Int?
        /// The 1-based column in that line; nil when not known.
        public var column: Int?

        /// A problem at `path`, with its place in the file when known.
        public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
            self.path = path; self.message = message; self.line = line; self.column = column
        }
        init(path: String, message: String, at position: JSONPosition?) {
            self.init(path: path, message: message, line: position?.line, column: position?.column)
        }

        /// The problem with the line and column of the value its path names in `root`, when the
        /// document has one there (`charts[0].axes`); as it is otherwise (`charts[0].scales[1]`
        /// is a Swift name the file spells `axes[1]`).
        package func located(in root: JSONNode) -> Problem {
            guard line == nil, let node = root.node(at: path) else { return self }
            return Problem(path: path, message: message, at: node.position)
        }

        /// `charts[0].series[1].values[3] (line 7, column 41): expected a number, got "x"`;
        /// `line 3, column 9: trailing comma before "]"; expected another value` for syntax.
        public var description: String {
            var location = ""
            if let line, let column { location = "line \(line), column \(column)" }
            switch (path.isEmpty, location.isEmpty) {
            case (true, true): return message
            case (true, false): return "\(location): \(message)"
            case (false, true): return "\(path): \(message)"
            case (false, false): return "\(path) (\(location)): \(message)"
            }
        }
    }

    /// Every problem found, in the order of the file.
    public var problems: [Problem]
    /// An error of `problems`.
    public init(problems: [Problem]) { self.problems = problems }

    /// One problem a line, in the order of the file.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
