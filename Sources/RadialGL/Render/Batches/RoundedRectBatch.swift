import RadialCore

/// Rounded rectangles (cards' corners, dots, buttons, annotation cards) with optional soft
/// shadows, one instance each on a quad grown by `quadMargin` + `shadowReach` × shadow radius.
final class RoundedRectBatch: Batch {
    /// Pixels the quad reaches past the rectangle for the anti-aliasing fringe.
    static let quadMargin = 1.0
    /// Shadow radii the quad reaches past it for the shadow.
    static let shadowReach = 2.5
    static let layout = VertexLayout.instances([
        ("i_rect", "x, y, w, h in pixels"), ("i_shape", "radius, border width, shadow radius, unused"),
        ("i_color", "premultiplied"), ("i_shadowColor", "premultiplied"),
    ])
    static let source = ProgramSource("rrect", defines: [("QUAD_MARGIN", glsl(quadMargin)), ("SHADOW_REACH", glsl(shadowReach))], inputs: layout)
    private var program = LazyProgram<ViewportUniforms>(source)
    private let vertices: InstancedVertices

    private let quad: UnitQuad

    init(quad: UnitQuad) { self.quad = quad; vertices = InstancedVertices(Self.layout, quad: quad, reserve: 64) }

    var uploadedBytes: Int { vertices.stream.lastUploadBytes }

    func pack(_ rects: [RoundedRectInstance]) {
        let s = vertices.stream
        s.begin()
        for r in rects { Self.append(r, to: s) }
        s.commit()
    }

    private static func append(_ r: RoundedRectInstance, to s: InstanceStream) {
        s.append(Float(r.rect.x), Float(r.rect.y), Float(r.rect.width), Float(r.rect.height))
        s.append(Float(r.radius), Float(r.borderWidth), Float(r.shadowRadius), 0)
        let c = r.color.premultiplied, sh = r.shadowColor.premultiplied
        s.append(c.r, c.g, c.b, c.a)
        s.append(sh.r, sh.g, sh.b, sh.a)
    }

    /// Draws `rects` now, from a stream made for them and let go of after (a layer's picture),
    /// leaving the frame's packed instances alone. Returns the bytes uploaded.
    func drawOnce(_ rects: [RoundedRectInstance], _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) -> Int {
        guard !rects.isEmpty else { return 0 }
        let once = InstancedVertices(Self.layout, quad: quad, reserve: rects.count)
        defer { once.release() }
        let s = once.stream
        s.begin()
        for r in rects { Self.append(r, to: s) }
        s.commit()
        let p = try program.get()
        p.use(viewport)
        once.bind(first: 0)
        GL.drawQuadsInstanced(rects.count); stats.drew("rounded rects (layer)")
        return s.lastUploadBytes
    }

    func draw(_ range: Range<Int>, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        let p = try program.get()
        p.use(viewport)
        vertices.bind(first: range.lowerBound)
        GL.drawQuadsInstanced(range.count); stats.drew("rounded rects")
    }

    func release() { program.release(); vertices.release() }
}

/// A Swift number as a GLSL float literal.
func glsl(_ v: Double) -> String {
    let s = "\(v)"
    return s.contains(".") || s.contains("e") ? s : s + ".0"
}
