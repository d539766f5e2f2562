import RadialText
import RadialCore

/// Text: glyph quads from the R8 atlas, and color glyphs (emoji) from the RGBA8 color atlas, in
/// one draw (a per-quad flag picks the texture). Packing shapes every run through the font system
/// and bounds each run's pixels (`boxes`, which the redraw planner compares); each atlas is
/// uploaded whole when new or resized, otherwise only the rows new glyphs went into.
final class TextBatch: Batch {
    static let layout = VertexLayout(firstLocation: 1, attributes: [
        .init(name: "i_rect", floats: 4, comment: "x0, y0, x1, y1 in pixels"), .init(name: "i_uv", floats: 4, comment: "u0, v0, u1, v1"),
        .init(name: "i_color", floats: 4, comment: "premultiplied"), .init(name: "i_colored", floats: 1, comment: "1: from the color atlas"),
        .init(name: "i_angle", floats: 1, comment: "radians clockwise about the rect's center (0: upright)"),
    ])
    static let source = ProgramSource("text", inputs: layout)
    struct Uniforms: ViewportProgramUniforms {
        let viewport: GLUniform, atlas: GLUniform, colorAtlas: GLUniform
        init(_ r: UniformResolver) throws(GLFailure) {
            viewport = try r.require("u_viewport"); atlas = try r.require("u_atlas"); colorAtlas = try r.require("u_colorAtlas")
        }
    }
    private var program = LazyProgram<Uniforms>(source)
    private let vertices: InstancedVertices
    private let fonts: FontSystem
    private var texture: GLTexture
    private var textureSize = (0, 0)
    private var colorTexture: GLTexture
    private var colorTextureSize = (0, 0)
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
        colorTexture = GL.genTexture()
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
                s.scratch.append(q.colored ? 1 : 0)
                s.scratch.append(q.angle)
                let b = q.bounds
                x0 = min(x0, b.x0); y0 = min(y0, b.y0); x1 = max(x1, b.x1); y1 = max(y1, b.y1)
            }
            boxes.append(x1 >= x0 ? PixelBox(minX: Double(x0), minY: Double(y0), maxX: Double(x1), maxY: Double(y1), margin: 1) : .empty)
        }
        s.commit()
        atlasBytes = 0
        upload(fonts.atlas, to: texture, size: &textureSize)
        upload(fonts.colorAtlas, to: colorTexture, size: &colorTextureSize)
    }

    private func upload(_ atlas: GlyphAtlas, to texture: GLTexture, size: inout (Int, Int)) {
        guard let rows = atlas.dirtyRows else { return }
        let bpp = atlas.bytesPerPixel
        GL.bindTexture2D(texture)
        if size != (atlas.width, atlas.height) {
            atlas.pixels.withUnsafeBytes {
                if bpp == 4 { GL.texImageRGBA8(width: atlas.width, height: atlas.height, pixels: $0.baseAddress) }
                else { GL.texImageR8(width: atlas.width, height: atlas.height, pixels: $0.baseAddress) }
            }
            GL.setLinearClamp()
            size = (atlas.width, atlas.height)
            atlasBytes += atlas.width * atlas.height * bpp
        } else {
            atlas.pixels.withUnsafeBytes { raw in
                let first = raw.baseAddress! + rows.lowerBound * atlas.width * bpp
                if bpp == 4 { GL.texSubImageRGBA8(y: rows.lowerBound, width: atlas.width, height: rows.count, pixels: first) }
                else { GL.texSubImageR8(y: rows.lowerBound, width: atlas.width, height: rows.count, pixels: first) }
            }
            atlasBytes += atlas.width * rows.count * bpp
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
        GL.uniform(p.uniforms.colorAtlas, int: 1)
        GL.bindTexture2D(colorTexture, unit: 1)
        GL.bindTexture2D(texture)   // unit 0 last: the other batches bind theirs there
        vertices.bind(first: first)
        GL.drawQuadsInstanced(end - first); stats.drew("text")
    }

    func release() {
        program.release(); vertices.release()
        if !texture.isNone { GL.deleteTexture(texture); texture = .none }
        if !colorTexture.isNone { GL.deleteTexture(colorTexture); colorTexture = .none }
    }
}
