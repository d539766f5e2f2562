import RadialCore

/// Opaque rectangles of whole pixels (background fills, card interiors), drawn without
/// blending, and the backdrop: one opaque rectangle over the viewport that a partial redraw
/// draws under its scissor instead of a scissored clear (which Mesa draws with a general shader).
final class SolidBatch: Batch {
    static let layout = VertexLayout.instances([("i_rect", "x, y, w, h in pixels"), ("i_color", "opaque")])
    static let source = ProgramSource("solid", inputs: layout)
    /// Whole pixels, no anti-aliasing: a solid touches exactly its rectangle.
    private var program = LazyProgram<ViewportUniforms>(source)
    private let vertices: InstancedVertices
    private let backdrop: InstancedVertices

    init(quad: UnitQuad) {
        vertices = InstancedVertices(Self.layout, quad: quad, reserve: 32)
        backdrop = InstancedVertices(Self.layout, quad: quad, reserve: 1)
    }

    var uploadedBytes: Int { vertices.stream.lastUploadBytes + backdrop.stream.lastUploadBytes }

    func pack(_ solids: [SolidRect]) {
        let s = vertices.stream
        s.begin()
        for r in solids {
            s.append(Float(r.rect.x), Float(r.rect.y), Float(r.rect.width), Float(r.rect.height))
            s.append(r.color.r, r.color.g, r.color.b, 1)
        }
        s.commit()
    }

    /// Solids `range`; blending is off for them and back on after.
    func draw(_ range: Range<Int>, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        guard !range.isEmpty else { return }
        let p = try program.get()
        p.use(viewport)
        vertices.bind(first: range.lowerBound)
        GL.disableBlend()
        GL.drawQuadsInstanced(range.count); stats.drew("solids")
        GL.enableBlendPremultiplied()
    }

    /// The whole viewport in `color` (premultiplied; clear on a transparent page), clipped by
    /// the scissor, without blending.
    func drawBackdrop(_ color: RGBA, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        let s = backdrop.stream
        s.begin()
        s.append(0, 0, viewport.width, viewport.height); s.append(color.r, color.g, color.b, color.a)
        s.commit()
        let p = try program.get()
        p.use(viewport)
        backdrop.bind(first: 0)
        GL.disableBlend()
        GL.drawQuadsInstanced(1); stats.drew("backdrop")
    }

    func release() { program.release(); vertices.release(); backdrop.release() }
}
