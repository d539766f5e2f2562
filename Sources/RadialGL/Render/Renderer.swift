import RadialText
import RadialCore

/// Counters of one rendered frame, for the benchmark and the overlay.
package struct RenderStats: Sendable {
    package var drawCalls = 0
    /// Whether each draw is checked for GL errors and KHR_debug messages (`RADIAL_GL_DEBUG=1`
    /// when the renderer was made).
    var checksErrors = false
    package var bytesUploaded = 0
    /// Where the target's pixels may have changed (y down): the whole frame, the damaged box, or
    /// empty. A window need present no more than this.
    package var redrawn = PixelBox.empty
    /// Pixels redrawn: the whole frame, the damaged box, or 0 when nothing changed.
    package var pixelsRedrawn: Int { redrawn.area }
    /// Layers whose pictures this frame drew again from their rectangles (0 while they are current).
    package var layersRebuilt = 0
    /// With `RADIAL_GL_DEBUG=1`, the GL errors raised by this frame's draws (else always empty).
    package var glErrors: [String] = []
    package init() {}
}

/// Turns a `Frame` into GL draw calls: packs each kind of primitive into its batch, asks the
/// redraw plan what to draw, then draws it command by command. The batches (Batches/) own the
/// programs, vertex arrays, streams and textures; the plan (RadialCore) owns damage, the
/// scissor box, the backdrop and trimming.
///
/// Create and use it with a current GL context; call `release()` with the context current.
/// Programs are compiled the first time a frame needs them.
package final class Renderer {
    package let fonts: FontSystem
    private let quad: UnitQuad
    private let solids: SolidBatch
    private let roundedRects: RoundedRectBatch
    private let lines: LineBatch
    private let sectors: SectorBatch
    private let text: TextBatch
    private let scans: AngularGradientBatch
    private let meshes: MeshBatch
    private let layers: LayerBatch
    /// All of them, for the upload count and release (stored: a literal would be built each frame).
    private let batches: [any Batch]

    /// How far each batch's shaders reach past their shapes, for the redraw plan.
    package static let coverage = CoverageMargins(
        roundedRect: (RoundedRectBatch.quadMargin, RoundedRectBatch.shadowReach), line: LineBatch.margin,
        sector: SectorBatch.coverage, scan: AngularGradientBatch.coverage, meshExtrusionPad: MeshBatch.extrusionPad)
    private let plan = RedrawPlan(margins: Renderer.coverage)

    /// Redraw only what changed when the target still holds an earlier frame (see `render`).
    /// Off: every frame is drawn whole, which is what `bench --full-redraw` measures, and frames
    /// are not compared at all.
    package var partialRedraw = true { didSet { plan.reset() } }

    package private(set) var stats = RenderStats()
    /// `RADIAL_GL_DEBUG=1` as it was when this renderer (and its context) was made.
    private let checksErrors = GLDebug.enabled
    /// The GL_RENDERER string, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    package let rendererName: String

    package init(fonts: FontSystem) throws(GLFailure) {
        self.fonts = fonts
        rendererName = GL.renderer
        GLDebug.install()
        quad = UnitQuad()
        solids = SolidBatch(quad: quad)
        roundedRects = RoundedRectBatch(quad: quad)
        lines = LineBatch(quad: quad)
        sectors = SectorBatch()
        text = TextBatch(fonts: fonts, quad: quad)
        scans = AngularGradientBatch()
        meshes = MeshBatch()
        layers = LayerBatch(quad: quad)
        batches = [solids, roundedRects, lines, sectors, text, scans, meshes, layers]
        if let e = GL.error() { throw .glError(e, during: "renderer set-up") }
    }

    // MARK: - Frame

    /// Draws `frame` into the bound framebuffer (which must be `frame.width`×`frame.height`).
    ///
    /// `bufferAge` says what the framebuffer holds: 0 unknown contents (everything is drawn),
    /// n ≥ 1 the frame rendered n calls ago (GLX_EXT_buffer_age's convention; an offscreen
    /// target drawn every frame is 1). Then only the pixels that changed since are redrawn, under
    /// a scissor: nothing at all for a chart at rest. Drawing under a scissor gives the same
    /// pixels as drawing everything, so the result never depends on it.
    ///
    /// `view`: the framebuffer shows a band of a taller frame (a window scrolling a page laid
    /// out taller than itself): it is `view.height` pixels tall and shows the frame from row
    /// `view.top` down. The frame is drawn through a viewport shifted up by `view.top`, so the
    /// pixels are those of the whole frame's band; GL clips what lies outside the framebuffer.
    /// The damage plan stays in the frame's pixels: a caller whose `view.top` changed passes
    /// `bufferAge` 0.
    package func render(_ frame: Frame, bufferAge: Int = 0, view: (top: Int, height: Int)? = nil) throws(GLFailure) {
        stats = RenderStats()
        stats.checksErrors = checksErrors
        solids.pack(frame.solids)
        roundedRects.pack(frame.roundedRects)
        lines.pack(frame.lines)
        sectors.pack(frame)
        text.pack(frame.texts)
        meshes.pack(frame)
        layers.pack(frame, margins: Self.coverage)
        plan.update(frame, textBoxes: text.boxes, bufferAge: bufferAge, partial: partialRedraw)
        stats.redrawn = plan.redrawn(width: frame.width, height: frame.height)
        defer { for b in batches { stats.bytesUploaded += b.uploadedBytes } }
        if plan.region == .nothing { return }
        // Layers whose pictures are out of date are drawn into them first, off the frame's target.
        try layers.prepare(plan.commands, of: frame, margins: Self.coverage, rects: roundedRects, &stats)
        stats.layersRebuilt = layers.rebuilt

        let viewport = Viewport(width: Float(frame.width), height: Float(frame.height))
        // GL's window coordinates have y up: the frame's row y is the framebuffer's row
        // `bottom + frame.height - y`, where `bottom` puts row `view.top` at the framebuffer's top.
        let bottom = view.map { $0.height - frame.height + $0.top } ?? 0
        GL.viewport(0, bottom, frame.width, frame.height)
        GL.disableDepthAndCull()
        // Premultiplied, as blending keeps the target: a transparent page clears to (0, 0, 0, 0).
        let c = plan.backdrop.premultiplied
        if case .box(let b) = plan.region {
            GL.enableScissor(x: b.x0, y: bottom + frame.height - b.y1, width: b.x1 - b.x0, height: b.y1 - b.y0)
            try solids.drawBackdrop(c, viewport, &stats)
        } else {
            GL.clearColor((c.r, c.g, c.b, c.a))
            GL.clearColorBuffer()
        }
        GL.enableBlendPremultiplied()
        try solids.draw(plan.fills, viewport, &stats)
        for command in plan.commands {
            switch command {
            case .roundedRects(let r): try roundedRects.draw(r, viewport, &stats)
            case .lines(let r): try lines.draw(r, viewport, &stats)
            case .sectors(let r): try sectors.draw(r, viewport, &stats)
            case .text(let r): try text.draw(r, viewport, &stats)
            case .scan(let i): try scans.draw(frame.scans[i], viewport, &stats)
            case .mesh(let m): try meshes.draw(m, viewport, &stats)
            case .layer(let l): try layers.draw(l, viewport, &stats)
            case .solids(let r): try solids.draw(r, viewport, &stats)
            case .group, .endGroup: break   // what is drawn, for vector backends
            }
        }
        GL.bindVertexArray(.none)
        if case .box = plan.region { GL.disableScissor() }
    }

    /// Says something else drew into the target (the bench's floor frames): the next frame is drawn whole.
    package func forgetTarget() { plan.reset() }

    /// Releases every GL object; the context must be current.
    package func release() {
        for b in batches { b.release() }
        quad.release()
    }
}

extension ProgramSource {
    /// Every program the renderer may compile, as compiled.
    static var all: [ProgramSource] {
        [SolidBatch.source, RoundedRectBatch.source, LineBatch.source, TextBatch.source, MeshBatch.source, LayerBatch.source] + MeshBatch.patternSources
            + SectorBatch.sources + SectorBatch.patternSources + AngularGradientBatch.sources
    }
}

/// The shader sources exactly as the renderer compiles them (instance inputs and margins filled
/// in), for validating with glslangValidator.
package enum ShaderCatalog {
    /// (file name to validate under, source) for every stage of every program.
    package static func compiledSources() throws -> [(name: String, source: String)] {
        try ProgramSource.all.flatMap { p throws(GLFailure) -> [(name: String, source: String)] in
            let (v, f) = try p.sources()
            return [(p.name + ".vert", v), (p.name + ".frag", f)]
        }
    }
}
