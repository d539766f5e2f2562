import RadialText
import RadialCore

/// Text: glyph quads from the R8 atlas. Packing shapes every run through the font system and
/// bounds each run's pixels (`boxes`, which the redraw planner compares); the atlas is uploaded
/// whole when new or resized, otherwise only the rows new glyphs went into.
final class TextBatch: Batch {
    static let layout = VertexLayout.instances([("i_rect", "x0, y0, x1, y1 in pixels"), ("i_uv", "u0, v0, u1, v1"), ("i_color", "premultiplied")])
    static let source = ProgramSource("text", inputs: layout)
    struct Uniforms: ViewportProgramUniforms {
        let viewport: GLUniform, atlas: GLUniform
        init(_ r: UniformResolver) throws(GLFailure) { viewport = try r.require("u_viewport"); atlas = try r.require("u_atlas") }
    }
    private var program = LazyProgram<Uniforms>(source)
    private let vertices: InstancedVertices
    private let fonts: FontSystem
    private var texture: GLTexture
    private var textureSize = (0, 0)
    private var atlasBytes = 0
    private var quads: [GlyphQuad] = []
    /// Where each run's glyphs start in the stream, plus one past the last.
    private var runStarts: [Int] = []
    /// Each run's pixels (exact glyph quads, no margin: glyphs are drawn as their quads).
    private(set) var boxes: [PixelBox] = []

    init(fonts: FontSystem, quad: UnitQuad) {
        self.fonts = fonts
        vertices = InstancedVertices(Self.layout, quad: quad, reserve: 1024)
        texture = GL.genTexture()
        quads.reserveCapacity(1024); runStarts.reserveCapacity(128); boxes.reserveCapacity(128)
    }

    var uploadedBytes: Int { vertices.stream.lastUploadBytes + atlasBytes }

    func pack(_ texts: [TextRun]) {
        fonts.layoutFrame(texts, into: &quads, runStarts: &runStarts)
        // One pass over the glyphs: into the stream, and each run's box.
        let s = vertices.stream
        s.begin()
        boxes.removeAll(keepingCapacity: true)
        for r in 0..<texts.count {
            var x0 = Float.infinity, y0 = Float.infinity, x1 = -Float.infinity, y1 = -Float.infinity
            for q in quads[runStarts[r]..<runStarts[r + 1]] {
                s.append(q.x0, q.y0, q.x1, q.y1)
                s.append(q.u0, q.v0, q.u1, q.v1)
                let c = q.color.premultiplied
                s.append(c.r, c.g, c.b, c.a)
                x0 = min(x0, q.x0); y0 = min(y0, q.y0); x1 = max(x1, q.x1); y1 = max(y1, q.y1)
            }
            boxes.append(x1 >= x0 ? PixelBox(minX: Double(x0), minY: Double(y0), maxX: Double(x1), maxY: Double(y1), margin: 1) : .empty)
        }
        s.commit()
        uploadAtlas()
    }

    private func uploadAtlas() {
        atlasBytes = 0
        let atlas = fonts.atlas
        guard let rows = atlas.dirtyRows else { return }
        GL.bindTexture2D(texture)
        if textureSize != (atlas.width, atlas.height) {
            atlas.pixels.withUnsafeBytes { GL.texImageR8(width: atlas.width, height: atlas.height, pixels: $0.baseAddress) }
            GL.setLinearClamp()
            textureSize = (atlas.width, atlas.height)
            atlasBytes = atlas.width * atlas.height
        } else {
            atlas.pixels.withUnsafeBytes { raw in
                GL.texSubImageR8(y: rows.lowerBound, width: atlas.width, height: rows.count,
                                 pixels: raw.baseAddress! + rows.lowerBound * atlas.width)
            }
            atlasBytes = atlas.width * rows.count
        }
        atlas.markClean()
    }

    /// The glyphs of text runs `runs`.
    func draw(_ runs: Range<Int>, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        let first = runStarts[runs.lowerBound], end = runStarts[runs.upperBound]
        guard end > first else { return }
        let p = try program.get()
        p.use(viewport)
        GL.uniform(p.uniforms.atlas, int: 0)
        GL.bindTexture2D(texture)
        vertices.bind(first: first)
        GL.drawQuadsInstanced(end - first); stats.drew("text")
    }

    func release() {
        program.release(); vertices.release()
        if !texture.isNone { GL.deleteTexture(texture); texture = .none }
    }
}
