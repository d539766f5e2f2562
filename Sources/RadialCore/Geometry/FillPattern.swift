/// The second channel beside color (issue #37): a fill that tells neighbouring marks apart where
/// color cannot — a reader with a color vision deficiency, a printout in black and white, a
/// washed-out projector, a high-contrast desktop. A fixed, ordered set, assigned as a palette's
/// colors are (the same order, skipping what a datum names itself), drawn in an ink over the
/// mark's own color; lines take the dash of the same place in the order.
///
/// The order is chosen so that marks next to each other in it differ in kind or direction
/// (none, 45°, round, 0°, both diagonals, 90°, a wave, 135°, both axes, hollow round), and
/// every pattern has a line or dot at least 1 pt wide on a period of at most 10 pt, so it
/// reads on a 16 pt wedge and survives a gray printout.
public enum FillPattern: String, CaseIterable, Sendable, Codable {
    /// No pattern: the mark's color alone (first, as in every palette's order).
    case solid
    /// Lines rising to the right at 45° ("/").
    case diagonal
    /// Small dots on a square lattice.
    case dots
    /// Horizontal lines.
    case horizontal
    /// Both diagonals ("x").
    case crossed
    /// Vertical lines.
    case vertical
    /// Horizontal zigzags.
    case zigzag
    /// Lines falling to the right at 45° ("\").
    case backDiagonal = "back-diagonal"
    /// Horizontal and vertical lines ("+").
    case grid
    /// Small hollow circles.
    case rings

    /// The order marks take patterns in: the declaration order.
    package static let sequence: [FillPattern] = allCases

    /// This pattern's place in `sequence`.
    package var index: Int { Self.sequence.firstIndex(of: self) ?? 0 }

    /// `count` patterns for data that name none, in `sequence` order, skipping those `named`
    /// (what siblings name themselves), round again when the set runs out — as
    /// `CategoricalPalette.colors(count:avoiding:)` chooses colors.
    package static func assigned(count: Int, avoiding named: [FillPattern]) -> [FillPattern] {
        guard count > 0 else { return [] }
        var free = sequence.filter { !named.contains($0) }
        if free.isEmpty { free = sequence }
        return (0..<count).map { free[$0 % free.count] }
    }

    /// Every datum's pattern: those the data name kept, the rest `assigned` in order.
    package static func resolved(_ named: [FillPattern?]) -> [FillPattern] { PatternAssignment(named).patterns }
}

// MARK: - What a pattern is made of

extension FillPattern {
    /// A family of parallel lines: those where `a·x + b·y = period·(k + phase)` for every whole
    /// k, in points from the pattern's origin (x right, y down), `width` points across. With a
    /// zigzag, y is measured from the wave `amplitude·tri(x / wavelength)` (tri: 1 at whole
    /// numbers, −1 halfway between), so each line is a zigzag of that amplitude; miter-joined,
    /// which is what a constant vertical thickness around the wave is.
    package struct Lines: Equatable, Sendable {
        /// The lines' normal before normalizing: (0, 1) horizontal, (1, 0) vertical, (1, 1) "/", (1, −1) "\".
        package var a: Double, b: Double
        /// How far `a·x + b·y` grows from one line to the next.
        package var period: Double
        /// Where the first line sits, as a share of the period.
        package var phase: Double
        /// The lines' width, in points.
        package var width: Double
        /// The zigzag's amplitude and wavelength in points (horizontal lines only); 0: straight.
        package var amplitude = 0.0, wavelength = 1.0

        /// The unit normal.
        package var normal: Vec2 { let l = (a * a + b * b).squareRoot(); return Vec2(a / l, b / l) }
        /// The distance between neighbouring lines, in points.
        package var spacing: Double { period / (a * a + b * b).squareRoot() }
        /// cos of a zigzag's slope angle: its distance across is its vertical distance times this.
        package var slopeCosine: Double { let slope = 4 * amplitude / wavelength; return 1 / (1 + slope * slope).squareRoot() }
    }

    /// Dots (or rings) on a square lattice: centers at ((i + phase)·spacing, (j + phase)·spacing).
    package struct Dots: Equatable, Sendable {
        /// The lattice's spacing, in points.
        package var spacing: Double
        /// Where the centers sit in the cell, as a share of the spacing.
        package var phase: Double
        /// A dot's radius; a ring's radius to the middle of its line.
        package var radius: Double
        /// 0: filled dots; otherwise rings with a line this wide.
        package var ringWidth: Double
    }

    /// A pattern's geometry, in points from its origin: what both renderers draw.
    package struct Geometry: Equatable, Sendable {
        /// Up to two families of lines (the first may zigzag).
        package var lines: [Lines]
        /// A lattice of dots or rings, if any.
        package var dots: Dots?
        /// The smallest rectangle the pattern repeats on (a tile of an SVG or PDF pattern), in points.
        package var tile: Size
    }

    /// What this pattern draws. Tiles are whole points, so a pattern whose origin is on a whole
    /// point lies on whole pixels at every whole `--scale` (no resampling in librsvg or poppler).
    package var geometry: Geometry {
        switch self {
        case .solid:
            Geometry(lines: [], dots: nil, tile: Size(1, 1))
        case .diagonal:
            Geometry(lines: [Lines(a: 1, b: 1, period: 8, phase: 0, width: 1.5)], dots: nil, tile: Size(8, 8))
        case .backDiagonal:
            Geometry(lines: [Lines(a: 1, b: -1, period: 8, phase: 0, width: 1.5)], dots: nil, tile: Size(8, 8))
        case .crossed:
            Geometry(lines: [Lines(a: 1, b: 1, period: 10, phase: 0, width: 1.25), Lines(a: 1, b: -1, period: 10, phase: 0, width: 1.25)],
                     dots: nil, tile: Size(10, 10))
        case .horizontal:
            Geometry(lines: [Lines(a: 0, b: 1, period: 5, phase: 0.5, width: 1.5)], dots: nil, tile: Size(5, 5))
        case .vertical:
            Geometry(lines: [Lines(a: 1, b: 0, period: 5, phase: 0.5, width: 1.5)], dots: nil, tile: Size(5, 5))
        case .grid:
            Geometry(lines: [Lines(a: 0, b: 1, period: 7, phase: 0.5, width: 1.25), Lines(a: 1, b: 0, period: 7, phase: 0.5, width: 1.25)],
                     dots: nil, tile: Size(7, 7))
        case .zigzag:
            Geometry(lines: [Lines(a: 0, b: 1, period: 6, phase: 0.5, width: 1.25, amplitude: 1.5, wavelength: 8)], dots: nil, tile: Size(8, 6))
        case .dots:
            Geometry(lines: [], dots: Dots(spacing: 5, phase: 0.5, radius: 1.35, ringWidth: 0), tile: Size(5, 5))
        case .rings:
            Geometry(lines: [], dots: Dots(spacing: 8, phase: 0.5, radius: 2.4, ringWidth: 1.1), tile: Size(8, 8))
        }
    }

    /// The dash of a line that stands for a datum with this pattern (a radar's or a polar
    /// chart's outline): on and off lengths in points, starting on; empty: a solid line. Each
    /// differs from the others in its rhythm, so outlines read apart without their color.
    package var dash: [Double] {
        switch self {
        case .solid: []
        case .diagonal: [7, 3.5]
        case .dots: [2, 2.5]
        case .horizontal: [12, 3]
        case .crossed: [7, 2.5, 2, 2.5]
        case .vertical: [3.5, 3.5]
        case .zigzag: [12, 2.5, 2, 2.5, 2, 2.5]
        case .backDiagonal: [16, 5]
        case .grid: [5, 2.5, 2, 2.5]
        case .rings: [2, 5]
        }
    }

    /// The most entries a dash has (what the renderers' tables hold).
    package static let maximumDashEntries = 6
}

// MARK: - A pattern as drawn

/// A mark's pattern as a frame draws it: which, in what ink, how large, from where. The ink is
/// drawn over the mark's color wherever the pattern's lines and dots cover it (and the mark
/// does); the renderers anti-alias both edges analytically.
package struct PatternFill: Equatable, Sendable {
    /// Which pattern.
    package var pattern: FillPattern
    /// The ink, straight alpha (its alpha is how strongly the lines show over the fill).
    package var ink: RGBA
    /// Output pixels per point of the pattern (the frame's scale; smaller in a legend swatch).
    package var scale: Double
    /// Where the pattern's tiles start, in output pixels: a whole point, so the pattern does
    /// not crawl as a chart's shapes spring, and lies the same at every scale.
    package var origin: Vec2

    /// A pattern drawn `scale` pixels a point, its tiles from `origin` (pixels).
    package init(pattern: FillPattern, ink: RGBA, scale: Double, origin: Vec2) {
        self.pattern = pattern; self.ink = ink; self.scale = scale; self.origin = origin
    }

    /// How strongly the ink shows over an opaque fill.
    package static let inkOpacity: Float = 0.75

    /// The ink for a pattern over an opaque `fill`: black or white, whichever contrasts more
    /// with it (as text on a filled sector), at `inkOpacity`.
    package static func ink(over fill: RGBA) -> RGBA {
        let l = fill.luminance
        return Contrast.ratio(l, 0) >= Contrast.ratio(l, 1) ? RGBA(0, 0, 0, inkOpacity) : RGBA(1, 1, 1, inkOpacity)
    }

    /// The origin for a chart centered on `center` (points) at `scale` pixels a point: the
    /// center's nearest whole point, in pixels.
    package static func origin(center: Vec2, scale: Double) -> Vec2 {
        Vec2(center.x.rounded() * scale, center.y.rounded() * scale)
    }
}

/// Which pattern each datum of a chart takes, resolved once per data (as its colors are), and
/// which of them the data named: a named pattern is drawn whether the channel is on or off, an
/// assigned one only while it is on.
package struct PatternAssignment: Equatable, Sendable {
    /// Every datum's pattern, named or assigned.
    package private(set) var patterns: [FillPattern]
    /// Whether the datum named its pattern itself.
    package private(set) var named: [Bool]

    /// The patterns of data that name `named` (nil: none), those assigned skipping `taken` too
    /// (what a mark beside them has: a gauge's bands skip its solid arc).
    package init(_ named: [FillPattern?], avoiding taken: [FillPattern] = []) {
        let chosen = FillPattern.assigned(count: named.count { $0 == nil }, avoiding: named.compactMap { $0 } + taken)
        var next = 0
        patterns = named.map { p in
            if let p { return p }
            next += 1
            return chosen[next - 1]
        }
        self.named = named.map { $0 != nil }
    }

    /// Patterns chosen elsewhere (a sunburst's, by its own neighbours), with which were named.
    package init(patterns: [FillPattern], named: [Bool]) {
        precondition(patterns.count == named.count, "a pattern and a named flag per datum")
        self.patterns = patterns; self.named = named
    }

    /// The patterns of a tree's nodes (`parent` and `depth` of each, in depth-first order), the
    /// data's own where they name one (`named`): each other node takes the first pattern in
    /// `sequence` that none of the nodes it touches has been given — its parent (inside it), the
    /// node before it on its ring, and for the last on a ring the first (round the circle) —
    /// so a sunburst's neighbours differ inward, outward and along the ring.
    package init(tree named: [FillPattern?], parent: [Int?], depth: [Int]) {
        precondition(named.count == parent.count && named.count == depth.count, "one parent and depth a node")
        var out = [FillPattern](repeating: .solid, count: named.count)
        var previous: [Int: Int] = [:], first: [Int: Int] = [:], last: [Int: Int] = [:]
        for i in named.indices { if first[depth[i]] == nil { first[depth[i]] = i }; last[depth[i]] = i }
        for i in named.indices {
            if let p = named[i] {
                out[i] = p
            } else {
                var taken: [FillPattern] = []
                if let p = parent[i] { taken.append(out[p]) }
                if let b = previous[depth[i]] { taken.append(out[b]) }
                if last[depth[i]] == i, let f = first[depth[i]], f != i { taken.append(out[f]) }
                out[i] = FillPattern.sequence.first { !taken.contains($0) } ?? .solid
            }
            previous[depth[i]] = i
        }
        self.init(patterns: out, named: named.map { $0 != nil })
    }

    /// No data.
    package static let empty = PatternAssignment([])

    /// After a reload: each datum that names no pattern keeps the one it had (`previous`, by its
    /// name in `names`), and those new to the chart take, in order, the sequence's patterns that
    /// no kept or named one uses, so nothing changes pattern under the reader's eyes.
    package mutating func keep(_ previous: [String: FillPattern], names: [String]) {
        var fresh: [Int] = []
        for i in patterns.indices where !named[i] {
            if i < names.count, let p = previous[names[i]] { patterns[i] = p } else { fresh.append(i) }
        }
        let used = patterns.indices.filter { !fresh.contains($0) }.map { patterns[$0] }
        let chosen = FillPattern.assigned(count: fresh.count, avoiding: used)
        for (k, i) in fresh.enumerated() { patterns[i] = chosen[k] }
    }

    /// Datum `i`'s pattern as drawn with the channel `on` (solid past the data).
    package func drawn(_ i: Int, on: Bool) -> FillPattern {
        guard i >= 0, i < patterns.count else { return .solid }
        return on || named[i] ? patterns[i] : .solid
    }
}
