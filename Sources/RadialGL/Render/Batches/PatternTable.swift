import RadialCore

/// RadialCore's patterns and dashes as the GLSL tables `pattern_vert.glsl` reads (#defined into
/// the programs that draw them): one description, so GL draws what the vector backends draw.
enum PatternTable {
    /// The five rows of a pattern, in points: line family A (unit normal, spacing, half width or
    /// −1 for none), its phase and zigzag (phase, amplitude, 1 / wavelength, slope cosine), the
    /// same for family B, and the dots (spacing, phase, ring radius or 0, half width or −1).
    static func rows(_ p: FillPattern) -> [[Double]] {
        let g = p.geometry
        func family(_ k: Int) -> [[Double]] {
            guard k < g.lines.count else { return [[0, 1, 1, -1], [0, 0, 1, 1]] }
            let l = g.lines[k], n = l.normal
            return [[n.x, n.y, l.spacing, l.width / 2], [l.phase, l.amplitude, 1 / l.wavelength, l.slopeCosine]]
        }
        let dots: [Double] = g.dots.map { d in
            d.ringWidth > 0 ? [d.spacing, d.phase, d.radius, d.ringWidth / 2] : [d.spacing, d.phase, 0, d.radius]
        } ?? [1, 0, 0, -1]
        return family(0) + family(1) + [dots]
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
