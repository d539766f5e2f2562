import RadialCore

/// Straight lines with butt ends (leader lines, scan spokes), one quad each reaching `margin`
/// pixels past the ends and past half the width.
final class LineBatch: Batch {
    static let margin = 1.0
    static let layout = VertexLayout.instances([("i_ends", "from.xy, to.xy in pixels"), ("i_style", "width, unused..."), ("i_color", "premultiplied")])
    static let source = ProgramSource("line", defines: [("LINE_MARGIN", glsl(margin))], inputs: layout)
    private var program = LazyProgram<ViewportUniforms>(source)
    private let vertices: InstancedVertices

    init(quad: UnitQuad) { vertices = InstancedVertices(Self.layout, quad: quad, reserve: 64) }

    var uploadedBytes: Int { vertices.stream.lastUploadBytes }

    func pack(_ lines: [LineInstance]) {
        let s = vertices.stream
        s.begin()
        for l in lines {
            s.append(Float(l.from.x), Float(l.from.y), Float(l.to.x), Float(l.to.y))
            s.append(Float(l.width), 0, 0, 0)
            let c = l.color.premultiplied
            s.append(c.r, c.g, c.b, c.a)
        }
        s.commit()
    }

    func draw(_ range: Range<Int>, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        let p = try program.get()
        p.use(viewport)
        vertices.bind(first: range.lowerBound)
        GL.drawQuadsInstanced(range.count); stats.drew("lines")
    }

    func release() { program.release(); vertices.release() }
}
