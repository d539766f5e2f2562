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
/// shadow instead. A command with a pattern or an outline (issue #37) uses each shader's
/// PATTERN variant, which draws the pattern's ink over the fill; the others never pay for it.
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
    /// The same four with PATTERN.
    static let patternSources = sources.map { p in
        ProgramSource(p.name + "+PATTERN", vertex: String(p.vertex.dropLast(5)), fragment: String(p.fragment.dropLast(5)),
                      defines: p.defines + PatternTable.defines, inputs: layout)
    }

    struct Uniforms: ViewportProgramUniforms {
        let viewport: GLUniform, steps: GLUniform
        init(_ r: UniformResolver) throws(GLFailure) { viewport = try r.require("u_viewport"); steps = try r.require("u_steps") }
    }
    private var plain = LazyProgram<Uniforms>(sources[0])
    private var rounded = LazyProgram<Uniforms>(sources[1])
    private var ring = LazyProgram<Uniforms>(sources[2])
    private var arc = LazyProgram<Uniforms>(sources[3])
    private var patternPlain = LazyProgram<Uniforms>(patternSources[0])
    private var patternRounded = LazyProgram<Uniforms>(patternSources[1])
    private var patternRing = LazyProgram<Uniforms>(patternSources[2])
    private var patternArc = LazyProgram<Uniforms>(patternSources[3])
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
    }
    /// One sector command as packed: which frame sectors, where its instances start, and how
    /// many of each strip follow in the order narrow, wide, rings, capped arcs.
    struct Group {
        var sectors: Range<Int>
        var first: Int, narrow: Int, wide: Int, rings: Int, capped: Int
        var rounded: Bool
        /// Whether a sector of the command has a pattern or an outline (the PATTERN programs draw it).
        var patterned: Bool
    }
    private(set) var groups: [Group] = []

    init() {
        vertices = InstancedVertices(Self.layout, quad: nil, reserve: 64)
        groups.reserveCapacity(16)
    }

    var uploadedBytes: Int { vertices.stream.lastUploadBytes }

    func pack(_ frame: Frame) {
        let s = vertices.stream
        s.begin()
        groups.removeAll(keepingCapacity: true)
        for command in frame.commands {
            guard case .sectors(let range) = command else { continue }
            var g = Group(sectors: range, first: vertices.count, narrow: 0, wide: 0, rings: 0, capped: 0, rounded: false, patterned: false)
            for strip in Strip.order {
                for sector in frame.sectors[range] where Strip(sector) == strip {
                    s.append(Float(sector.center.x), Float(sector.center.y), Float(sector.innerRadius), Float(sector.outerRadius))
                    if strip == .capped {
                        s.append(Float(sector.startAngle), Float(sector.endAngle), Float(sector.endShadow), Float(sector.endShadowOpacity))
                    } else {
                        s.append(Float(sector.startAngle), Float(sector.endAngle), Float(sector.halfInset), Float(sector.cornerRadius))
                    }
                    let c = sector.color.premultiplied
                    s.append(c.r, c.g, c.b, c.a)
                    Self.appendPattern(sector, to: s)
                    switch strip {
                    case .narrow: g.narrow += 1
                    case .wide: g.wide += 1
                    case .ring: g.rings += 1
                    case .capped: g.capped += 1
                    }
                }
            }
            g.rounded = frame.sectors[range].contains { !$0.roundCaps && $0.cornerRadius > 0 }
            g.patterned = frame.sectors[range].contains { $0.isPatterned }
            groups.append(g)
        }
        s.commit()
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
        if g.narrow + g.wide > 0 {
            let shaded = g.patterned ? (g.rounded ? try patternRounded.get() : try patternPlain.get()) : (g.rounded ? try rounded.get() : try plain.get())
            strips(shaded, first: g.first, count: g.narrow, steps: 2, viewport, &stats)
            strips(shaded, first: g.first + g.narrow, count: g.wide, steps: 16, viewport, &stats)
        }
        if g.rings > 0 {
            strips(g.patterned ? try patternRing.get() : try ring.get(), first: g.first + g.narrow + g.wide, count: g.rings, steps: 16, viewport, &stats)
        }
        if g.capped > 0 {
            strips(g.patterned ? try patternArc.get() : try arc.get(), first: g.first + g.narrow + g.wide + g.rings, count: g.capped, steps: 16, viewport, &stats)
        }
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
        patternPlain.release(); patternRounded.release(); patternRing.release(); patternArc.release()
        vertices.release()
    }
}
