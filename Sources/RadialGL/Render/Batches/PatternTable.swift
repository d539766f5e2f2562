import RadialCore

/// RadialCore's patterns and dashes as the GLSL tables `pattern_vert.glsl` reads (#defined into
/// the programs that draw them): one description, so GL draws what the vector backends draw.
enum PatternTable {
    /// The four rows of a pattern, in points: line family A (unit normal, spacing, half width or
    /// −1 for none) and its phase and zigzag (phase, amplitude, 1 / wavelength, slope cosine);
    /// then the lattice, which is either line family B (unit normal, spacing, half width; phase,
    /// 0, 0, 0) or the dots (0, 0, spacing, radius or half a ring's width; phase, 1, a ring's
    /// radius or 0, 0): the shader measures family B as dots stretched into lines. No pattern
    /// has both a second family and dots, and only the first family zigzags.
    static func rows(_ p: FillPattern) -> [[Double]] {
        let g = p.geometry
        precondition(g.lines.count <= 2 && !(g.lines.count == 2 && g.dots != nil) && g.lines.dropFirst().allSatisfy { $0.amplitude == 0 },
                     "a pattern is line family A (maybe a zigzag) and one lattice: straight family B or dots")
        let a: [[Double]] = g.lines.first.map { l in
            [[l.normal.x, l.normal.y, l.spacing, l.width / 2], [l.phase, l.amplitude, 1 / l.wavelength, l.slopeCosine]]
        } ?? [[0, 1, 1, -1], [0, 0, 1, 1]]
        let lattice: [[Double]]
        if let d = g.dots {
            lattice = [[0, 0, d.spacing, d.ringWidth > 0 ? d.ringWidth / 2 : d.radius], [d.phase, 1, d.ringWidth > 0 ? d.radius : 0, 0]]
        } else if g.lines.count == 2 {
            let l = g.lines[1]
            lattice = [[l.normal.x, l.normal.y, l.spacing, l.width / 2], [l.phase, 0, 0, 0]]
        } else {
            lattice = [[0, 1, 1, -1], [0, 0, 0, 0]]
        }
        return a + lattice
    }

    /// The two rows of a dash, in points: on intervals 0 and 1 (start, end), interval 2 and the
    /// period, and 1 for a solid line. Unused intervals lie far before 0.
    static func dashRows(_ p: FillPattern) -> [[Double]] {
        let dash = p.dash
        guard !dash.isEmpty else { return [[-1e4, -1e4, -1e4, -1e4], [-1e4, -1e4, 1, 1]] }
        precondition(dash.count <= FillPattern.maximumDashEntries && dash.count % 2 == 0, "a dash is at most three on/off pairs")
        var intervals: [Double] = []
        var at = 0.0
        for k in stride(from: 0, to: dash.count, by: 2) {
            intervals += [at, at + dash[k]]
            at += dash[k] + dash[k + 1]
        }
        while intervals.count < 6 { intervals += [-1e4, -1e4] }
        return [Array(intervals[0..<4]), [intervals[4], intervals[5], at, 0]]
    }

    private static func table(_ rows: [[Double]]) -> String {
        "vec4[\(rows.count)](" + rows.map { "vec4(" + $0.map(glsl).joined(separator: ", ") + ")" }.joined(separator: ", ") + ")"
    }

    /// The #defines: the tables, their row counts, and PATTERN.
    static let defines: [(String, String)] = {
        let patterns = FillPattern.sequence.flatMap(rows), dashes = FillPattern.sequence.flatMap(dashRows)
        return [("PATTERN", "1"), ("PATTERN_ROWS", "\(patterns.count)"), ("PATTERN_TABLE", table(patterns)),
                ("DASH_ROWS", "\(dashes.count)"), ("DASH_TABLE", table(dashes))]
    }()
}

/// The terms a PATTERN program evaluates at each pixel, #defined into it: line family A, its
/// zigzag, and the lattice (family B or dots). A mark is drawn by the program of its own
/// pattern's terms, so most patterns pay for one term and a solid mark for none (llvmpipe
/// shades on the CPU and runs both sides of a branch, so a term compiled out is the only kind
/// it does not pay for). No terms: an outline's program (a band inside the edge, no ink).
struct PatternTerms: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let lines = PatternTerms(rawValue: 1)
    static let wave = PatternTerms(rawValue: 2)
    static let lattice = PatternTerms(rawValue: 4)

    init(rawValue: Int) { self.rawValue = rawValue }

    /// Those `pattern` draws with (none for solid).
    init(_ pattern: FillPattern) {
        let g = pattern.geometry
        self = []
        if let a = g.lines.first {
            insert(.lines)
            if a.amplitude != 0 { insert(.wave) }
        }
        if g.lines.count > 1 || g.dots != nil { insert(.lattice) }
    }

    /// Every set a program is made for: each pattern's, and none (outlines).
    static let all: [PatternTerms] = FillPattern.sequence.reduce(into: [[]]) { all, p in
        let t = PatternTerms(p)
        if !all.contains(t) { all.append(t) }
    }

    /// The program's #defines: the tables, PATTERN, and one a term.
    var defines: [(String, String)] {
        PatternTable.defines + [(PatternTerms.lines, "PATTERN_LINES"), (.wave, "PATTERN_WAVE"), (.lattice, "PATTERN_LATTICE")]
            .filter { contains($0.0) }.map { ($0.1, "1") }
    }

    /// The program name's suffix, "+PATTERN" and the terms ("+PATTERN-lines-wave").
    var suffix: String {
        "+PATTERN" + [(PatternTerms.lines, "-lines"), (.wave, "-wave"), (.lattice, "-lattice")].filter { contains($0.0) }.map(\.1).joined()
    }
}
