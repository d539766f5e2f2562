import RadialCore

/// Counters of one rendered frame, for the benchmark and the overlay.
public struct RenderStats: Sendable {
    public var drawCalls = 0
    public var bytesUploaded = 0
    /// Where the target's pixels may have changed (y down): the whole frame, the damaged box, or
    /// empty. A window need present no more than this.
    public var redrawn = PixelBox.empty
    /// Pixels redrawn: the whole frame, the damaged box, or 0 when nothing changed.
    public var pixelsRedrawn: Int { redrawn.area }
    public init() {}
}

/// Turns a `Frame` into GL draw calls: one small renderer per primitive kind, instance data
/// uploaded only when it changed, meshes only when their data changed.
///
/// Create and use it with a current GL context; call `release()` with the context current.
public final class Renderer {
    public let fonts: FontSystem
    private let mesh: GLProgram
    private let rrect: GLProgram
    private let line: GLProgram
    private let sector: GLProgram
    private let roundedSector: GLProgram
    private let ring: GLProgram
    private let scan: GLProgram
    private let scanFill: GLProgram
    private let text: GLProgram
    private let solid: GLProgram

    private var quadBuffer: UInt32 = 0
    private var instanceVAO: UInt32 = 0
    private let rrects = InstanceStream(reserve: 64 * 16)
    private let lines = InstanceStream(reserve: 64 * 12)
    private let sectors = InstanceStream(reserve: 64 * 12)
    /// Per sector command, in frame order: where its instances start in `sectors`, how many are
    /// narrow (drawn with a short strip), how many wide (a long one) and how many whole rings
    /// (a long strip and a simpler shader), and whether any has rounded corners (the sector
    /// shader's costlier variant). Sectors never overlap, so regrouping them within a command
    /// changes nothing on screen.
    private var sectorBatches: [(first: Int, narrow: Int, wide: Int, rings: Int, rounded: Bool)] = []
    /// How a sector is drawn: up to `narrowSpan` radians a 2-step strip; wider, 16 steps (fewer,
    /// longer triangles cost llvmpipe less than the few pixels the coarser polygon overshoots the
    /// rim); a whole ring (a full turn without inset or rounded corners: the scan's rings and
    /// border, a pie of one sector) 16 steps too, with a shader that skips the wedge and corners.
    enum SectorStrip {
        case narrow, wide, ring
        static let narrowSpan = 0.3
        /// The order they are drawn in within a command (a stored array: `allCases` would build one).
        static let order: [SectorStrip] = [.narrow, .wide, .ring]
        init(_ s: SectorInstance) {
            let span = s.endAngle - s.startAngle
            if span >= 2 * .pi - 1e-4 && s.halfInset == 0 && s.cornerRadius == 0 { self = .ring }
            else { self = span <= Self.narrowSpan ? .narrow : .wide }
        }
    }
    private let glyphs = InstanceStream(reserve: 1024 * 12)
    private let solids = InstanceStream(reserve: 32 * 8)
    /// One opaque rectangle over the viewport, drawn under a scissor instead of a clear.
    private let backdrop = InstanceStream(reserve: 8)
    private var glyphQuads: [GlyphQuad] = []
    private var runStarts: [Int] = []
    private var textBoxes: [PixelBox] = []
    private let damage = DamageTracker()
    /// Redraw only what changed when the target still holds an earlier frame (see `render`).
    /// Off: every frame is drawn whole, which is what `bench --full-redraw` measures, and frames
    /// are not compared at all.
    public var partialRedraw = true { didSet { damage.reset() } }
    private var atlasTexture: UInt32 = 0
    private var atlasSize = (0, 0)
    private var scanStops = [Float](repeating: 0, count: 32)
    private var seriesColorScratch = [Float](repeating: 0, count: SeriesColors.maximum * 4)

    private struct GPUMesh { var vao: UInt32; var vbo: UInt32; var ebo: UInt32; var version: Int; var lastUsed: Int }
    private var meshes: [Int: GPUMesh] = [:]
    /// Frames rendered, for retiring the GPU copies of meshes nobody draws any more (a reloaded
    /// page's old meshes): every `retireEvery` frames, those unused that long are released.
    private var frameNumber = 0
    private static let retireEvery = 600

    public private(set) var stats = RenderStats()
    /// The GL_RENDERER string, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let rendererName: String

    public init(fonts: FontSystem) throws(GLFailure) {
        self.fonts = fonts
        rendererName = GL.renderer
        let common = ["u_viewport"]
        mesh = try GLProgram(name: "mesh", uniforms: common + ["u_center", "u_radius", "u_growth", "u_radarMode", "u_halfWidth", "u_color",
                                                               "u_seriesColors", "u_fillOpacity", "u_strokeHalfWidth", "u_gridColor",
                                                               "u_gridHalfWidth"])
        rrect = try GLProgram(name: "rrect", uniforms: common)
        line = try GLProgram(name: "line", uniforms: common)
        sector = try GLProgram(name: "sector", uniforms: common + ["u_steps"])
        roundedSector = try GLProgram(name: "sector", defines: ["ROUNDED"], uniforms: common + ["u_steps"])
        ring = try GLProgram(name: "ring", vertex: "sector", uniforms: common + ["u_steps"])
        let scanUniforms = common + ["u_center", "u_radius", "u_start", "u_direction", "u_first", "u_segments", "u_turnSegments", "u_pass",
                                     "u_stops", "u_stopCount", "u_behind", "u_ahead"]
        scan = try GLProgram(name: "scan", uniforms: scanUniforms)
        scanFill = try GLProgram(name: "scanfill", vertex: "scan", uniforms: scanUniforms)
        text = try GLProgram(name: "text", uniforms: common + ["u_atlas"])
        solid = try GLProgram(name: "solid", uniforms: common)
        // One unit quad shared by every instanced program, as a triangle strip.
        quadBuffer = GL.genBuffer()
        GL.bindBuffer(.array, quadBuffer)
        let quad: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        quad.withUnsafeBytes { GL.bufferData(.array, bytes: $0.baseAddress, count: $0.count, dynamic: false) }
        instanceVAO = GL.genVertexArray()
        atlasTexture = GL.genTexture()
        glyphQuads.reserveCapacity(1024)
        runStarts.reserveCapacity(128)
        textBoxes.reserveCapacity(128)
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
    public func render(_ frame: Frame, bufferAge: Int = 0) {
        stats = RenderStats()
        packInstances(frame)
        uploadAtlasIfNeeded()
        let total = frame.width * frame.height
        var scissor: PixelBox?
        if partialRedraw {
            damage.update(frame, textBoxes: textBoxes)
            if case .box(let box) = damage.region(bufferAge: bufferAge) {
                if box.isEmpty {
                    keepMeshesAlive(frame)
                    frameNumber += 1
                    stats.bytesUploaded += streamUploadBytes
                    return
                }
                // Past about half the window a whole frame costs no more than a scissored one.
                if box.area * 2 < total { scissor = box }
            }
        }
        stats.redrawn = scissor ?? PixelBox(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
        let w = Float(frame.width), h = Float(frame.height)
        GL.viewport(0, 0, frame.width, frame.height)
        GL.disableDepthAndCull()
        if let b = scissor { GL.enableScissor(x: b.x0, y: frame.height - b.y1, width: b.x1 - b.x0, height: b.y1 - b.y0) }
        // Under a scissor inside one opaque background rectangle (a card), start from its color
        // and skip the background rectangles: one pass over the pixels instead of two.
        let background = scissor.flatMap { Self.background(under: $0, frame) }
        let c = background ?? frame.clearColor
        if scissor != nil {
            // A scissored glClear is a quad Mesa draws with a general shader; one opaque flat
            // rectangle over the viewport, clipped by the scissor, is cheaper on llvmpipe.
            backdrop.begin()
            backdrop.append(0, 0, w, h); backdrop.append(c.r, c.g, c.b, 1)
            backdrop.commit()
            stats.bytesUploaded += backdrop.lastUploadBytes
            solid.use(); GL.uniform(solid.location("u_viewport"), w, h)
            bindInstances(backdrop, first: 0, stride: 8, vec4s: 2)
            GL.disableBlend()
            GL.drawQuadsInstanced(1); stats.drawCalls += 1
        } else {
            GL.clearColor((c.r, c.g, c.b, 1))
            GL.clearColorBuffer()
        }
        GL.enableBlendPremultiplied()

        var sectorCommand = 0
        var leading = background != nil
        for command in frame.commands {
            if leading, case .solids = command { continue }
            leading = false
            // Under a scissor, only the shapes from the first to the last that reach into it are
            // drawn (llvmpipe shades and bins every vertex of a draw, clipped or not), and a draw
            // with none is skipped.
            var command = command
            if let box = scissor {
                guard let trimmed = Self.trim(command, in: frame, textBoxes: textBoxes, to: box) else {
                    if case .sectors = command { sectorCommand += 1 }
                    continue
                }
                command = trimmed
            }
            switch command {
            case .roundedRects(let r):
                rrect.use(); GL.uniform(rrect.location("u_viewport"), w, h)
                bindInstances(rrects, first: r.lowerBound, stride: 16, vec4s: 4)
                GL.drawQuadsInstanced(r.count); stats.drawCalls += 1
            case .lines(let r):
                line.use(); GL.uniform(line.location("u_viewport"), w, h)
                bindInstances(lines, first: r.lowerBound, stride: 12, vec4s: 3)
                GL.drawQuadsInstanced(r.count); stats.drawCalls += 1
            case .sectors:
                let batch = sectorBatches[sectorCommand]
                sectorCommand += 1
                // Narrow sectors: 2 steps (6 vertices); wide ones and rings: 16 steps (34 vertices).
                func strips(_ program: GLProgram, first: Int, count: Int, steps: Int) {
                    guard count > 0 else { return }
                    program.use(); GL.uniform(program.location("u_viewport"), w, h)
                    bindInstances(sectors, first: first, stride: 12, vec4s: 3)
                    GL.disableAttribute(0)   // the strip's positions come from gl_VertexID
                    GL.uniform(program.location("u_steps"), int: Int32(steps))
                    GL.drawStripInstanced(vertices: 2 * (steps + 1), instances: count); stats.drawCalls += 1
                }
                let shaded = batch.rounded ? roundedSector : sector
                strips(shaded, first: batch.first, count: batch.narrow, steps: 2)
                strips(shaded, first: batch.first + batch.narrow, count: batch.wide, steps: 16)
                strips(ring, first: batch.first + batch.narrow + batch.wide, count: batch.rings, steps: 16)
            case .text(let r):
                let first = runStarts[r.lowerBound], end = runStarts[r.upperBound]
                guard end > first else { continue }
                text.use(); GL.uniform(text.location("u_viewport"), w, h)
                GL.uniform(text.location("u_atlas"), int: 0)
                GL.bindTexture2D(atlasTexture)
                bindInstances(glyphs, first: first, stride: 12, vec4s: 3)
                GL.drawQuadsInstanced(end - first); stats.drawCalls += 1
            case .scan(let i):
                drawScan(frame.scans[i], w, h)
            case .mesh(let m):
                drawMesh(m, w, h)
            case .solids(let r):
                // Opaque: no blending needed, which llvmpipe rewards.
                solid.use(); GL.uniform(solid.location("u_viewport"), w, h)
                bindInstances(solids, first: r.lowerBound, stride: 8, vec4s: 2)
                GL.disableBlend()
                GL.drawQuadsInstanced(r.count); stats.drawCalls += 1
                GL.enableBlendPremultiplied()
            }
        }
        GL.bindVertexArray(0)
        if scissor != nil { GL.disableScissor() }
        frameNumber += 1
        if frameNumber % Self.retireEvery == 0 { retireUnusedMeshes() }
        stats.bytesUploaded += streamUploadBytes
    }

    /// The color `box` has once the opaque rectangles drawn before anything else are drawn,
    /// when that is one color (the last of them covering the box whole, none after it touching
    /// it); nil otherwise.
    static func background(under box: PixelBox, _ frame: Frame) -> RGBA? {
        var color: RGBA?
        for command in frame.commands {
            guard case .solids(let range) = command else { break }
            for s in frame.solids[range] {
                let r = s.rect
                if r.minX <= Double(box.x0) && r.minY <= Double(box.y0) && r.maxX >= Double(box.x1) && r.maxY >= Double(box.y1) {
                    color = s.color
                } else if r.minX < Double(box.x1) && r.maxX > Double(box.x0) && r.minY < Double(box.y1) && r.maxY > Double(box.y0) {
                    color = nil
                }
            }
        }
        return color
    }

    /// `command` with its range narrowed to the shapes from the first to the last that reach
    /// into `box` (text: runs), or nil when none does. Sectors are regrouped by strip when packed,
    /// so a sector command is kept whole; meshes are assumed to reach in.
    static func trim(_ command: Frame.Command, in f: Frame, textBoxes: [PixelBox], to box: PixelBox) -> Frame.Command? {
        func hits(_ b: PixelBox) -> Bool { b.x0 < box.x1 && b.x1 > box.x0 && b.y0 < box.y1 && b.y1 > box.y0 }
        func span(_ r: Range<Int>, _ reaches: (Int) -> Bool) -> Range<Int>? {
            guard let first = r.first(where: reaches), let last = r.last(where: reaches) else { return nil }
            return first..<last + 1
        }
        switch command {
        case .roundedRects(let r): return span(r) { hits(DamageTracker.bounds(f.roundedRects[$0])) }.map { .roundedRects($0) }
        case .lines(let r): return span(r) { hits(DamageTracker.bounds(f.lines[$0])) }.map { .lines($0) }
        case .solids(let r): return span(r) { hits(DamageTracker.bounds(f.solids[$0])) }.map { .solids($0) }
        case .text(let r): return span(r) { hits(textBoxes[$0]) }.map { .text($0) }
        case .sectors(let r): return f.sectors[r].contains { hits(DamageTracker.bounds($0)) } ? command : nil
        case .scan(let i): return hits(DamageTracker.bounds(f.scans[i])) ? command : nil
        case .mesh: return command
        }
    }

    /// Says something else drew into the target (the bench's floor frames): the next frame is drawn whole.
    public func forgetTarget() { damage.reset() }

    private var streamUploadBytes: Int {
        rrects.lastUploadBytes + lines.lastUploadBytes + sectors.lastUploadBytes + glyphs.lastUploadBytes + solids.lastUploadBytes
    }

    /// Marks the meshes of a frame that drew nothing as in use, so they are not retired.
    private func keepMeshesAlive(_ frame: Frame) {
        for command in frame.commands {
            if case .mesh(let m) = command, var g = meshes[m.mesh.id], g.lastUsed != frameNumber {
                g.lastUsed = frameNumber; meshes[m.mesh.id] = g
            }
        }
    }

    /// Writes every instance of the frame into the streams and uploads those that changed.
    private func packInstances(_ frame: Frame) {
        rrects.begin()
        for r in frame.roundedRects {
            rrects.append(Float(r.rect.x), Float(r.rect.y), Float(r.rect.width), Float(r.rect.height))
            rrects.append(Float(r.radius), Float(r.borderWidth), Float(r.shadowRadius), 0)
            let c = r.color.premultiplied, s = r.shadowColor.premultiplied
            rrects.append(c.r, c.g, c.b, c.a)
            rrects.append(s.r, s.g, s.b, s.a)
        }
        rrects.commit()
        solids.begin()
        for r in frame.solids {
            solids.append(Float(r.rect.x), Float(r.rect.y), Float(r.rect.width), Float(r.rect.height))
            solids.append(r.color.r, r.color.g, r.color.b, 1)
        }
        solids.commit()
        lines.begin()
        for l in frame.lines {
            lines.append(Float(l.from.x), Float(l.from.y), Float(l.to.x), Float(l.to.y))
            lines.append(Float(l.width), 0, 0, 0)
            let c = l.color.premultiplied
            lines.append(c.r, c.g, c.b, c.a)
        }
        lines.commit()
        sectors.begin()
        sectorBatches.removeAll(keepingCapacity: true)
        for command in frame.commands {
            guard case .sectors(let range) = command else { continue }
            let first = sectors.scratch.count / 12
            var counts = (narrow: 0, wide: 0, rings: 0)   // a tuple: nothing to allocate each frame
            for strip in SectorStrip.order {
                for s in frame.sectors[range] where SectorStrip(s) == strip {
                    sectors.append(Float(s.center.x), Float(s.center.y), Float(s.innerRadius), Float(s.outerRadius))
                    sectors.append(Float(s.startAngle), Float(s.endAngle), Float(s.halfInset), Float(s.cornerRadius))
                    let c = s.color.premultiplied
                    sectors.append(c.r, c.g, c.b, c.a)
                    switch strip {
                    case .narrow: counts.narrow += 1
                    case .wide: counts.wide += 1
                    case .ring: counts.rings += 1
                    }
                }
            }
            let rounded = frame.sectors[range].contains { $0.cornerRadius > 0 }
            sectorBatches.append((first, counts.narrow, counts.wide, counts.rings, rounded))
        }
        sectors.commit()
        glyphQuads.removeAll(keepingCapacity: true)
        runStarts.removeAll(keepingCapacity: true)
        for run in frame.texts {
            runStarts.append(glyphQuads.count)
            fonts.layout(run, into: &glyphQuads)
        }
        runStarts.append(glyphQuads.count)
        // One pass over the glyphs: into the stream, and each run's box for the damage tracker.
        glyphs.begin()
        textBoxes.removeAll(keepingCapacity: true)
        for r in 0..<frame.texts.count {
            var x0 = Float.infinity, y0 = Float.infinity, x1 = -Float.infinity, y1 = -Float.infinity
            for q in glyphQuads[runStarts[r]..<runStarts[r + 1]] {
                glyphs.append(q.x0, q.y0, q.x1, q.y1)
                glyphs.append(q.u0, q.v0, q.u1, q.v1)
                let c = q.color.premultiplied
                glyphs.append(c.r, c.g, c.b, c.a)
                x0 = min(x0, q.x0); y0 = min(y0, q.y0); x1 = max(x1, q.x1); y1 = max(y1, q.y1)
            }
            textBoxes.append(x1 >= x0 ? PixelBox(minX: Double(x0), minY: Double(y0), maxX: Double(x1), maxY: Double(y1), margin: 1) : .empty)
        }
        glyphs.commit()
    }

    /// Uploads the glyph atlas: whole when it is new or changed size, otherwise only the rows
    /// that new glyphs went into (a new label costs a few kilobytes, not the whole megabyte).
    private func uploadAtlasIfNeeded() {
        let atlas = fonts.atlas
        guard let rows = atlas.dirtyRows else { return }
        GL.bindTexture2D(atlasTexture)
        if atlasSize != (atlas.width, atlas.height) {
            atlas.pixels.withUnsafeBytes { GL.texImageR8(width: atlas.width, height: atlas.height, pixels: $0.baseAddress) }
            GL.setLinearClamp()
            atlasSize = (atlas.width, atlas.height)
            stats.bytesUploaded += atlas.width * atlas.height
        } else {
            atlas.pixels.withUnsafeBytes { raw in
                GL.texSubImageR8(y: rows.lowerBound, width: atlas.width, height: rows.count,
                                 pixels: raw.baseAddress! + rows.lowerBound * atlas.width)
            }
            stats.bytesUploaded += atlas.width * rows.count
        }
        atlas.markClean()
    }

    /// Points the instanced VAO at the unit quad and at `stream` from instance `first` on.
    /// Instance attributes are `vec4s` vec4s at locations 1...vec4s.
    private func bindInstances(_ stream: InstanceStream, first: Int, stride: Int, vec4s: Int) {
        GL.bindVertexArray(instanceVAO)
        GL.bindBuffer(.array, quadBuffer)
        GL.floatAttribute(0, size: 2, stride: 8, offset: 0)
        GL.bindBuffer(.array, stream.buffer)
        var offset = first * stride * 4
        for index in 1...UInt32(vec4s) {
            GL.floatAttribute(index, size: 4, stride: stride * 4, offset: offset, divisor: 1)
            offset += 16
        }
    }

    /// The beam in two passes (see scan.vert): its inside with a shader that only
    /// interpolates colors, then the rim and the seam anti-aliased.
    private func drawScan(_ s: ScanInstance, _ w: Float, _ h: Float) {
        // A grid of about 32 segments a turn, a multiple of the stop intervals so every stop lies
        // on a vertex. Fewer, wider triangles cost llvmpipe less (a 4×4 block on an edge is
        // shaded for both triangles); the circumscribed polygon overshoots the rim by < 0.5 %.
        let intervals = max(s.stopCount - 1, 1)
        let turn = intervals * ((32 + intervals - 1) / intervals)
        // The arc in gradient parameter u (0...1 a turn from the start, in the turning direction).
        let u0 = s.direction * (s.arc.0 - s.gradientStart) / (2 * .pi), u1 = s.direction * (s.arc.1 - s.gradientStart) / (2 * .pi)
        let first = Int(checked: min(u0, u1) * Double(turn), rounding: .down)
        let last = Int(checked: max(u0, u1) * Double(turn), rounding: .up)
        let segments = min(max(last - first, 1), turn)
        withUnsafeBytes(of: s.stops) { raw in
            let colors = raw.bindMemory(to: RGBA.self)
            for i in 0..<8 {
                scanStops[i * 4] = colors[i].r; scanStops[i * 4 + 1] = colors[i].g
                scanStops[i * 4 + 2] = colors[i].b; scanStops[i * 4 + 3] = colors[i].a
            }
        }
        GL.bindVertexArray(instanceVAO)
        for i in UInt32(0)...4 { GL.disableAttribute(i) }
        for pass in 0..<2 {
            let program = pass == 0 ? scanFill : scan
            program.use()
            GL.uniform(program.location("u_viewport"), w, h)
            GL.uniform(program.location("u_center"), Float(s.center.x), Float(s.center.y))
            GL.uniform(program.location("u_radius"), Float(s.radius))
            GL.uniform(program.location("u_start"), Float(s.gradientStart))
            GL.uniform(program.location("u_direction"), Float(s.direction))
            GL.uniform(program.location("u_first"), int: Int32(first))
            GL.uniform(program.location("u_segments"), int: Int32(segments))
            GL.uniform(program.location("u_turnSegments"), int: Int32(turn))
            GL.uniform(program.location("u_pass"), int: Int32(pass))
            scanStops.withUnsafeBufferPointer { GL.uniform4v(program.location("u_stops"), $0.baseAddress!, count: 8) }
            GL.uniform(program.location("u_stopCount"), int: Int32(s.stopCount))
            if pass == 1 {
                let n = max(s.stopCount, 1)
                let behind = n - 1
                GL.uniform(program.location("u_behind"), scanStops[behind * 4], scanStops[behind * 4 + 1], scanStops[behind * 4 + 2], scanStops[behind * 4 + 3])
                GL.uniform(program.location("u_ahead"), scanStops[0], scanStops[1], scanStops[2], scanStops[3])
            }
            GL.drawTriangles(pass == 0 ? 3 * segments : 6 + 6 * segments)
            stats.drawCalls += 1
        }
    }

    private func drawMesh(_ m: MeshDraw, _ w: Float, _ h: Float) {
        let gpu = uploadMeshIfNeeded(m.mesh)
        mesh.use()
        GL.uniform(mesh.location("u_viewport"), w, h)
        GL.uniform(mesh.location("u_center"), Float(m.center.x), Float(m.center.y))
        GL.uniform(mesh.location("u_radius"), Float(m.pointScale))
        GL.uniform(mesh.location("u_growth"), Float(m.growth))
        switch m.style {
        case .uniform(let halfWidth, let color):
            GL.uniform(mesh.location("u_radarMode"), int: 0)
            GL.uniform(mesh.location("u_halfWidth"), Float(halfWidth))
            let c = color.premultiplied
            GL.uniform(mesh.location("u_color"), c.r, c.g, c.b, c.a)
        case .radar(let colors, let fillOpacity, let strokeHalfWidth, let gridColor, let gridHalfWidth):
            GL.uniform(mesh.location("u_radarMode"), int: 1)
            let n = min(colors.colors.count, SeriesColors.maximum)
            for i in 0..<n {
                let c = colors.colors[i]
                seriesColorScratch[i * 4] = c.r; seriesColorScratch[i * 4 + 1] = c.g
                seriesColorScratch[i * 4 + 2] = c.b; seriesColorScratch[i * 4 + 3] = c.a
            }
            if n > 0 { seriesColorScratch.withUnsafeBufferPointer { GL.uniform4v(mesh.location("u_seriesColors"), $0.baseAddress!, count: n) } }
            GL.uniform(mesh.location("u_fillOpacity"), Float(fillOpacity))
            GL.uniform(mesh.location("u_strokeHalfWidth"), Float(strokeHalfWidth))
            let g = gridColor.premultiplied
            GL.uniform(mesh.location("u_gridColor"), g.r, g.g, g.b, g.a)
            GL.uniform(mesh.location("u_gridHalfWidth"), Float(gridHalfWidth))
        }
        GL.bindVertexArray(gpu.vao)
        GL.drawIndexedTriangles(first: m.indexRange.lowerBound, count: m.indexRange.count)
        stats.drawCalls += 1
    }

    private func uploadMeshIfNeeded(_ m: Mesh) -> GPUMesh {
        if var g = meshes[m.id], g.version == m.version {
            if g.lastUsed != frameNumber { g.lastUsed = frameNumber; meshes[m.id] = g }
            return g
        }
        var g = meshes[m.id] ?? GPUMesh(vao: GL.genVertexArray(), vbo: GL.genBuffer(), ebo: GL.genBuffer(), version: -1, lastUsed: frameNumber)
        g.lastUsed = frameNumber
        GL.bindVertexArray(g.vao)
        GL.bindBuffer(.array, g.vbo)
        m.vertices.withUnsafeBytes { GL.bufferData(.array, bytes: $0.baseAddress, count: $0.count, dynamic: false) }
        GL.bindBuffer(.elementArray, g.ebo)
        m.indices.withUnsafeBytes { GL.bufferData(.elementArray, bytes: $0.baseAddress, count: $0.count, dynamic: false) }
        let stride = Mesh.floatsPerVertex * 4
        GL.floatAttribute(0, size: 2, stride: stride, offset: 0)
        GL.floatAttribute(1, size: 2, stride: stride, offset: 8)
        GL.floatAttribute(2, size: 1, stride: stride, offset: 16)
        GL.floatAttribute(3, size: 2, stride: stride, offset: 20)
        stats.bytesUploaded += m.vertices.count * 4 + m.indices.count * 4
        g.version = m.version
        meshes[m.id] = g
        return g
    }

    /// Releases the GPU copies of meshes not drawn for `retireEvery` frames.
    private func retireUnusedMeshes() {
        for (id, g) in meshes where frameNumber - g.lastUsed > Self.retireEvery {
            GL.deleteVertexArray(g.vao); GL.deleteBuffer(g.vbo); GL.deleteBuffer(g.ebo)
            meshes[id] = nil
        }
    }

    /// Releases every GL object; the context must be current.
    public func release() {
        for p in [mesh, rrect, line, sector, roundedSector, ring, scan, scanFill, text, solid] { p.release() }
        for (_, g) in meshes { GL.deleteVertexArray(g.vao); GL.deleteBuffer(g.vbo); GL.deleteBuffer(g.ebo) }
        meshes = [:]
        for s in [rrects, lines, sectors, glyphs, solids, backdrop] { s.release() }
        if quadBuffer != 0 { GL.deleteBuffer(quadBuffer); quadBuffer = 0 }
        if instanceVAO != 0 { GL.deleteVertexArray(instanceVAO); instanceVAO = 0 }
        if atlasTexture != 0 { GL.deleteTexture(atlasTexture); atlasTexture = 0 }
    }
}
