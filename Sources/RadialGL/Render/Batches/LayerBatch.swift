import RadialCore

/// Layers of rounded rectangles (`RoundedRectLayer`: a settled scatter's points) kept as
/// pictures: each layer's rectangles are drawn once, by the rounded-rectangle batch's own
/// shader, into an RGBA8 texture the size of the layer's box, and every frame lays that texture
/// down as one quad, pixel for pixel (`texelFetch`, no filtering). A picture is remade when its
/// layer's version or box changes (or the frame's size: the box is clipped to it), and released
/// when a frame no longer draws its layer.
///
/// The picture holds the rectangles blended over transparent black with the frame's own
/// premultiplied blending, so laying it down with that blending gives what drawing them there
/// would (blending is associative; each picture pixel is rounded to 8 bits once more).
final class LayerBatch: Batch {
    static let layout = VertexLayout.instances([("i_rect", "the picture's box: x, y, w, h in pixels")])
    static let source = ProgramSource("layer", inputs: layout)
    struct Uniforms: ViewportProgramUniforms {
        let viewport: GLUniform, picture: GLUniform
        init(_ r: UniformResolver) throws(GLFailure) { viewport = try r.require("u_viewport"); picture = try r.require("u_picture") }
    }
    private var program = LazyProgram<Uniforms>(source)
    private let vertices: InstancedVertices

    /// One layer's picture: what it was drawn from and where it goes.
    private struct Picture {
        var layer: Int, version: Int, box: PixelBox, frameWidth: Int, frameHeight: Int
        var texture: GLTexture, framebuffer: GLFramebuffer
        var textureSize: (Int, Int)
    }
    private var pictures: [Picture] = []
    /// Which picture each of the frame's layer commands draws, and its quad's instance.
    private var drawn: [(layer: Int, instance: Int)] = []
    /// Pictures drawn again (from their rectangles) since the last `pack`, for the bench and tests.
    private(set) var rebuilt = 0

    init(quad: UnitQuad) {
        vertices = InstancedVertices(Self.layout, quad: quad, reserve: 4)
        pictures.reserveCapacity(4); drawn.reserveCapacity(4)
    }

    /// Bytes the last `prepare` uploaded to draw pictures again.
    private var builtBytes = 0
    var uploadedBytes: Int { vertices.stream.lastUploadBytes + builtBytes }

    /// Packs one quad for each of the frame's layers, over its box clipped to the frame.
    func pack(_ frame: Frame, margins: CoverageMargins) {
        rebuilt = 0; builtBytes = 0
        let s = vertices.stream
        s.begin()
        drawn.removeAll(keepingCapacity: true)
        for command in frame.commands {
            guard case .layer(let l) = command else { continue }
            let b = margins.bounds(l).clamped(width: frame.width, height: frame.height)
            drawn.append((l.id, vertices.count))
            s.append(Float(b.x0), Float(b.y0), Float(b.x1 - b.x0), Float(b.y1 - b.y0))
        }
        s.commit()
    }

    /// Makes sure the picture of each layer among `commands` is current, drawing the rectangles
    /// of those that are not into their textures with `rects`; then releases the pictures of
    /// layers `frame` no longer draws. Call before the frame's pass (it binds its own
    /// framebuffer and viewport, and puts back the framebuffer that was bound).
    func prepare(_ commands: [Frame.Command], of frame: Frame, margins: CoverageMargins, rects: RoundedRectBatch,
                 _ stats: inout RenderStats) throws(GLFailure) {

        var target: GLFramebuffer?
        for command in commands {
            guard case .layer(let l) = command else { continue }
            let box = margins.bounds(l).clamped(width: frame.width, height: frame.height)
            var k = pictures.firstIndex { $0.layer == l.id }
            if let i = k, pictures[i].version == l.version, pictures[i].box == box,
               pictures[i].frameWidth == frame.width, pictures[i].frameHeight == frame.height { continue }
            if box.isEmpty { continue }
            if k == nil {
                pictures.append(Picture(layer: l.id, version: -1, box: .empty, frameWidth: 0, frameHeight: 0,
                                        texture: GL.genTexture(), framebuffer: GL.genFramebuffer(), textureSize: (0, 0)))
                k = pictures.count - 1
            }
            let i = k!
            if target == nil { target = GL.boundFramebuffer }
            let (w, h) = (box.x1 - box.x0, box.y1 - box.y0)
            if pictures[i].textureSize != (w, h) {
                GL.bindTexture2D(pictures[i].texture)
                GL.texImageRGBA8(width: w, height: h, pixels: nil)
                GL.setLinearClamp()   // no mipmaps: the texture is complete; texelFetch ignores the filter
                GL.bindFramebuffer(pictures[i].framebuffer)
                GL.attachColorTexture(pictures[i].texture)
                guard GL.framebufferComplete else { GL.bindFramebuffer(target!); throw .framebufferIncomplete(width: w, height: h) }
                pictures[i].textureSize = (w, h)
            }
            GL.bindFramebuffer(pictures[i].framebuffer)
            // The frame's own viewport, moved so that the box's top-left pixel is the texture's:
            // every rectangle lands on the pixels (and pixel centers) it would in the frame.
            GL.viewport(-box.x0, -(frame.height - box.y1), frame.width, frame.height)
            GL.clearColor((0, 0, 0, 0))
            GL.clearColorBuffer()
            GL.enableBlendPremultiplied()
            builtBytes += try rects.drawOnce(l.rects, Viewport(width: Float(frame.width), height: Float(frame.height)), &stats)
            pictures[i].version = l.version; pictures[i].box = box
            pictures[i].frameWidth = frame.width; pictures[i].frameHeight = frame.height
            rebuilt += 1
        }
        if let target { GL.bindFramebuffer(target) }
        // Pictures of layers this frame does not draw at all are let go.
        var i = 0
        while i < pictures.count {
            let id = pictures[i].layer
            if frame.commands.contains(where: { if case .layer(let l) = $0 { l.id == id } else { false } }) { i += 1; continue }
            GL.deleteFramebuffer(pictures[i].framebuffer); GL.deleteTexture(pictures[i].texture)
            pictures.remove(at: i)
        }
    }

    /// Lays down `layer`'s picture (made by `prepare`).
    func draw(_ layer: RoundedRectLayer, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        guard let d = drawn.first(where: { $0.layer == layer.id }), let p = pictures.first(where: { $0.layer == layer.id }) else { return }
        let program = try program.get()
        program.use(viewport)
        GL.uniform(program.uniforms.picture, int: 0)
        GL.bindTexture2D(p.texture)
        vertices.bind(first: d.instance)
        GL.drawQuadsInstanced(1); stats.drew("layer")
    }

    func release() {
        program.release(); vertices.release()
        for p in pictures { GL.deleteFramebuffer(p.framebuffer); GL.deleteTexture(p.texture) }
        pictures.removeAll()
    }
}
