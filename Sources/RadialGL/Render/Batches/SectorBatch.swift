import RadialCore

/// Pie and donut sectors as signed-distance shapes on strips along each sector (positions from
/// gl_VertexID: no quad). A frame's sector command holds sectors of one shape
/// (`SectorInstance.Shape`), and commands are drawn in the frame's order. Wedges are drawn in
/// two strips: narrow ones (up to `narrowSpan` radians) on a 2-step strip first, then wider ones
/// on 16 steps (fewer, longer triangles cost llvmpipe less than the few pixels the coarser
/// polygon overshoots the rim); wedges of one command overlap only when equally wide, so this
/// keeps every overlap's order. Whole rings (a full turn, no inset, no rounded corners: the scan's
/// rings and border, a rose's grid, a pie of one sector) go on 16 steps with a shader that skips
/// the wedge and the corners. A command with rounded corners uses the sector shader's costlier
/// ROUNDED variant. Capped arcs (round end caps: gauges, activity rings, radial bars) go on 16
/// steps with `arc.frag`, in frame order; the half inset and corner radius slots carry their end
/// shadow instead. Patterned sectors and outlines (issue #37) use each shader's PATTERN
/// variants, which draw the pattern's ink over the fill: one a set of `PatternTerms`, each
/// sector by that of its own pattern (a solid one by the plain program), in runs that keep the
/// instances' order, so a pattern pays only for the terms it draws and plain sectors nothing;
/// small neighbours of other terms share a run (and the union of their terms) where a draw of
/// their own would cost more than the terms they do not need.
final class SectorBatch: Batch {
    /// Coverage: the strip reaches past the outer radius, but the signed distance leaves
    /// everything beyond the outer radius + 0.5 px clear; this bound is generous.
    static let coverage = (radiusScale: 1.01, fixed: 2.0)
    static let narrowSpan = 0.3
    static let layout = VertexLayout.instances([
        ("i_geom", "center.xy, inner radius, outer radius (pixels)"),
        ("i_angles", "start, end (radians clockwise from 12), half inset, corner radius (capped arcs: shadow reach, shadow opacity)"),
        ("i_color", "premultiplied"),
        ("i_pattern", "pattern (FillPattern.index; −width: an outline that wide), pixels a point, pattern origin from the center (pixels)"),
        ("i_ink", "the pattern's ink, premultiplied"),
    ])
    static let sources = [ProgramSource("sector", inputs: layout),
                          ProgramSource("sector+ROUNDED", vertex: "sector", fragment: "sector", defines: [("ROUNDED", "1")], inputs: layout),
                          ProgramSource("ring", vertex: "sector", inputs: layout),
                          ProgramSource("arc", vertex: "sector", fragment: "arc", defines: [("CAPPED", "1")], inputs: layout)]
    /// The same four with PATTERN, once for each set of terms (`PatternTerms.all`).
    static let patternSources = PatternTerms.all.flatMap { t in sources.map { patternSource($0, t) } }
    static func patternSource(_ p: ProgramSource, _ terms: PatternTerms) -> ProgramSource {
        ProgramSource(p.name + terms.suffix, vertex: String(p.vertex.dropLast(5)), fragment: String(p.fragment.dropLast(5)),
                      defines: p.defines + terms.defines, inputs: layout)
    }

    struct Uniforms: ViewportProgramUniforms {
        let viewport: GLUniform, steps: GLUniform
        init(_ r: UniformResolver) throws(GLFailure) { viewport = try r.require("u_viewport"); steps = try r.require("u_steps") }
    }
    private var plain = LazyProgram<Uniforms>(sources[0])
    private var rounded = LazyProgram<Uniforms>(sources[1])
    private var ring = LazyProgram<Uniforms>(sources[2])
    private var arc = LazyProgram<Uniforms>(sources[3])
    /// The PATTERN programs made so far, by shape (the index in `sources`) and terms.
    private var patternPrograms: [Shading: GLProgram<Uniforms>] = [:]
    private let vertices: InstancedVertices

    enum Strip {
        case narrow, wide, ring, capped
        /// The order they are drawn in within a command (a stored array: a literal would be built each time).
        static let order: [Strip] = [.narrow, .wide, .ring, .capped]
        init(_ s: SectorInstance) {
            switch s.shape {
            case .arc: self = .capped
            case .ring: self = .ring
            case .wedge: self = s.endAngle - s.startAngle <= SectorBatch.narrowSpan ? .narrow : .wide
            }
        }
        /// Its steps along the sector (2 for narrow wedges).
        var steps: Int { self == .narrow ? 2 : 16 }
        /// Its shader: an index in `sources`.
        func shape(rounded: Bool) -> Int {
            switch self {
            case .narrow, .wide: rounded ? 1 : 0
            case .ring: 2
            case .capped: 3
            }
        }
    }
    /// The program a run of sectors is drawn with: the shape's (an index in `sources`) and, for
    /// patterned sectors and outlines, the terms of its PATTERN variant (nil: the plain program).
    struct Shading: Hashable {
        var shape: Int
        var terms: PatternTerms?
    }
    /// Consecutive instances drawn in one call: where they start, how many, the strip's steps,
    /// the program, and about how many pixels they cover.
    struct Run {
        var first: Int, count: Int, steps: Int
        var shading: Shading
        var pixels: Double
    }
    /// One sector command as packed: which frame sectors, and its runs (in `runs`) in the order
    /// narrow, wide, rings, capped arcs, each in the frame's order.
    struct Group {
        var sectors: Range<Int>
        var runs: Range<Int>
    }
    private(set) var groups: [Group] = []
    private(set) var runs: [Run] = []

    init() {
        vertices = InstancedVertices(Self.layout, quad: nil, reserve: 64)
        groups.reserveCapacity(16)
        runs.reserveCapacity(64)
    }

    var uploadedBytes: Int { vertices.stream.lastUploadBytes }

    func pack(_ frame: Frame) {
        let s = vertices.stream
        s.begin()
        groups.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        for command in frame.commands {
            guard case .sectors(let range) = command else { continue }
            let firstRun = runs.count
            let rounded = frame.sectors[range].contains { !$0.roundCaps && $0.cornerRadius > 0 }
            for strip in Strip.order {
                let stripRuns = runs.count
                for sector in frame.sectors[range] where Strip(sector) == strip {
                    let shading = Shading(shape: strip.shape(rounded: rounded), terms: Self.terms(sector))
                    let pixels = Self.pixels(sector)
                    if runs.count > stripRuns, let merged = Self.merged(runs[runs.count - 1], shading, pixels) {
                        runs[runs.count - 1] = merged
                    } else {
                        runs.append(Run(first: vertices.count, count: 1, steps: strip.steps, shading: shading, pixels: pixels))
                    }
                    s.append(Float(sector.center.x), Float(sector.center.y), Float(sector.innerRadius), Float(sector.outerRadius))
                    if strip == .capped {
                        s.append(Float(sector.startAngle), Float(sector.endAngle), Float(sector.endShadow), Float(sector.endShadowOpacity))
                    } else {
                        s.append(Float(sector.startAngle), Float(sector.endAngle), Float(sector.halfInset), Float(sector.cornerRadius))
                    }
                    let c = sector.color.premultiplied
                    s.append(c.r, c.g, c.b, c.a)
                    Self.appendPattern(sector, to: s)
                }
            }
            groups.append(Group(sectors: range, runs: firstRun..<runs.count))
        }
        s.commit()
    }

    /// About what a pixel costs llvmpipe in a program of these terms, in shader operations
    /// beyond the plain program's (nil: the plain program), and what a draw of its own costs, in
    /// pixel-operations: estimates, not tuned (operations counted in pattern_frag.glsl; a draw
    /// taken as about 20 µs of llvmpipe's time, some 250,000 such operations).
    static func pixelCost(_ terms: PatternTerms?) -> Double {
        guard let t = terms else { return 0 }
        return 12 + (t.contains(.lines) ? 8 : 0) + (t.contains(.wave) ? 6 : 0) + (t.contains(.lattice) ? 14 : 0)
    }
    static let drawCost = 250_000.0

    /// `run` with the next sector (`shading`, about `pixels` pixels) in it, drawn with the terms of
    /// both (which draws each the same: a term a sector lacks covers nothing), or nil where
    /// shading them all with those terms costs more than a draw of its own.
    static func merged(_ run: Run, _ shading: Shading, _ pixels: Double) -> Run? {
        guard run.shading.shape == shading.shape else { return nil }
        let a = run.shading.terms, b = shading.terms
        let both: PatternTerms? = a.map { x in b.map { x.union($0) } ?? x } ?? b
        let extra = run.pixels * (pixelCost(both) - pixelCost(a)) + pixels * (pixelCost(both) - pixelCost(b))
        guard extra <= drawCost else { return nil }
        var r = run
        r.count += 1; r.pixels += pixels; r.shading.terms = both
        return r
    }

    /// About how many pixels a sector's strip shades: its ring's area over its span.
    private static func pixels(_ s: SectorInstance) -> Double {
        let span = min(max(s.endAngle - s.startAngle, 0), 2 * .pi)
        return 0.5 * span * max(s.outerRadius * s.outerRadius - s.innerRadius * s.innerRadius, 0)
    }

    /// The PATTERN terms a sector is drawn with: its pattern's, none for an outline, nil (the
    /// plain program) for a plain or solid one (which the PATTERN programs would draw the same).
    private static func terms(_ sector: SectorInstance) -> PatternTerms? {
        if sector.outline > 0 { return [] }
        guard let p = sector.pattern, p.pattern != .solid else { return nil }
        return PatternTerms(p.pattern)
    }

    /// A sector's pattern record: the pattern's index (or minus an outline's width), its scale,
    /// its origin from the sector's center, and the ink. A plain sector's is zeros.
    private static func appendPattern(_ sector: SectorInstance, to s: InstanceStream) {
        if sector.outline > 0 {
            s.append(-Float(sector.outline), 1, 0, 0)
            s.append(0, 0, 0, 0)
        } else if let p = sector.pattern, p.pattern != .solid {
            s.append(Float(p.pattern.index), Float(p.scale), Float(sector.center.x - p.origin.x), Float(sector.center.y - p.origin.y))
            let ink = p.ink.premultiplied
            s.append(ink.r, ink.g, ink.b, ink.a)
        } else {
            s.append(0, 1, 0, 0)
            s.append(0, 0, 0, 0)
        }
    }

    /// The sectors of the command over `range` (a command is drawn whole).
    func draw(_ range: Range<Int>, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        guard let g = groups.first(where: { $0.sectors == range }) else { return }
        for r in runs[g.runs] {
            strips(try program(r.shading), first: r.first, count: r.count, steps: r.steps, viewport, &stats)
        }
    }

    private func program(_ s: Shading) throws(GLFailure) -> GLProgram<Uniforms> {
        guard let terms = s.terms else {
            switch s.shape {
            case 0: return try plain.get()
            case 1: return try rounded.get()
            case 2: return try ring.get()
            default: return try arc.get()
            }
        }
        if let p = patternPrograms[s] { return p }
        let p = try GLProgram<Uniforms>(Self.patternSource(Self.sources[s.shape], terms))
        patternPrograms[s] = p
        return p
    }

    /// `count` instances from `first` on strips of `steps` steps (2 × (steps + 1) vertices).
    private func strips(_ p: GLProgram<Uniforms>, first: Int, count: Int, steps: Int, _ viewport: Viewport, _ stats: inout RenderStats) {
        guard count > 0 else { return }
        p.use(viewport)
        GL.uniform(p.uniforms.steps, int: steps)
        vertices.bind(first: first)
        GL.drawStripInstanced(vertices: 2 * (steps + 1), instances: count); stats.drew("sectors")
    }

    func release() {
        plain.release(); rounded.release(); ring.release(); arc.release()
        for p in patternPrograms.values { p.release() }
        patternPrograms = [:]
        vertices.release()
    }
}
