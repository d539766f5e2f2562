import RadialCore

/// Triangulated radars (grid, fills, outlines) in one draw each: the mesh is uploaded once per
/// version into its own vertex array; growth, colors and widths are uniforms. A draw with
/// patterns (issue #37) is drawn in one call a run of triangles of one role, in the mesh's
/// order: the fills by a PATTERN program with the terms their patterns need together
/// (`PatternTerms`), each in its series' color; the outlines by one with only DASHED, each
/// dashed as its pattern says, measured along the outline (`a_along`); the grid by the plain
/// program. No pixel pays for a pattern or a dash it cannot have.
final class MeshBatch: Batch {
    /// Pixels an extrusion reaches past its half-width (the anti-aliasing fringe).
    static let extrusionPad = 0.5
    static let layout = VertexLayout(firstLocation: 0, attributes: [
        .init(name: "a_point", floats: 2, comment: "unit-radius path point"),
        .init(name: "a_extrude", floats: 2, comment: "extrusion direction, in half-widths"),
        .init(name: "a_d", floats: 1, comment: "signed distance across the stroke, -1...1"),
        .init(name: "a_tag", floats: 2, comment: "role (0 fill, 1 stroke, 2 grid), series index"),
        .init(name: "a_along", floats: 1, comment: "distance along a stroke's path at unit radius"),
    ])
    static let source = ProgramSource("mesh", defines: [("EXTRUSION_PAD", glsl(extrusionPad))], inputs: layout)
    /// A PATTERN program: fills' (`terms`) or outlines' (no terms, DASHED).
    struct Shading: Hashable {
        var terms: PatternTerms
        var dashed: Bool
    }
    static func patternSource(_ s: Shading) -> ProgramSource {
        ProgramSource("mesh" + s.terms.suffix + (s.dashed ? "-dashed" : ""), vertex: "mesh", fragment: "mesh",
                      defines: [("EXTRUSION_PAD", glsl(extrusionPad))] + (s.dashed ? [("DASHED", "1")] : []) + s.terms.defines, inputs: layout)
    }
    /// The PATTERN programs a mesh may be drawn with: the outlines', and the fills' for each
    /// pattern's terms and every union of them.
    static let patternSources = ([Shading(terms: [], dashed: true)] + PatternTerms.all.reduce(into: [PatternTerms]()) { all, a in
        for b in PatternTerms.all where !all.contains(a.union(b)) { all.append(a.union(b)) }
    }.map { Shading(terms: $0, dashed: false) }).map(patternSource)
    /// Series whose patterns a draw can give: four a vec4 of `u_seriesPatterns`.
    static let patternSlots = SeriesColors.maximum / 4

    struct Uniforms: ProgramUniforms {
        let viewport, center, radius, growth, seriesColors, fillOpacity, strokeHalfWidth, gridColor, gridHalfWidth: GLUniform
        init(_ r: UniformResolver) throws(GLFailure) {
            viewport = try r.require("u_viewport"); center = try r.require("u_center"); radius = try r.require("u_radius")
            growth = try r.require("u_growth"); seriesColors = try r.require("u_seriesColors"); fillOpacity = try r.require("u_fillOpacity")
            strokeHalfWidth = try r.require("u_strokeHalfWidth"); gridColor = try r.require("u_gridColor")
            gridHalfWidth = try r.require("u_gridHalfWidth")
        }
    }
    private var program = LazyProgram<Uniforms>(source)
    private var seriesColors = [Float](repeating: 0, count: SeriesColors.maximum * 4)

    struct PatternUniforms: ProgramUniforms {
        let plain: Uniforms
        let seriesPatterns, patternScale, patternOrigin, patternInk: GLUniform
        init(_ r: UniformResolver) throws(GLFailure) {
            plain = try Uniforms(r)
            seriesPatterns = try r.require("u_seriesPatterns"); patternScale = try r.require("u_patternScale")
            // Compiled out of the outlines' program, which draws no ink.
            patternOrigin = r.optional("u_patternOrigin"); patternInk = r.optional("u_patternInk")
        }
    }
    /// The PATTERN programs made so far, by their terms.
    private var patternPrograms: [Shading: GLProgram<PatternUniforms>] = [:]
    private var seriesPatterns = [Float](repeating: 0, count: SeriesColors.maximum)

    /// Consecutive triangles of one role: a range of the mesh's indices.
    struct RoleRun { var indices: Range<Int>; var role: MeshRole }
    private struct GPUMesh {
        var vertexArray: GLVertexArray; var vertices: GLBuffer; var indices: GLBuffer; var version: Int; var lastUsed: Int
        /// The mesh's triangles by role, in order (for drawing a patterned mesh role by role).
        var roles: [RoleRun] = []
    }
    private var meshes: [Int: GPUMesh] = [:]
    /// Frames packed, for retiring the GPU copies of meshes nobody draws any more (a reloaded
    /// page's old meshes): every `retireEvery` frames, those unused that long are released.
    private var frameNumber = 0
    private static let retireEvery = 600
    private(set) var uploadedBytes = 0

    /// The floats of the mesh being uploaded, reused.
    private var packed: [Float] = []

    init() {}

    /// One vertex in `layout`'s record: a_point, a_extrude, a_d, a_tag. This batch owns the GPU
    /// record; the tessellator only knows `MeshVertex`.
    private static func pack(_ v: MeshVertex, into out: inout [Float]) {
        out.append(Float(v.point.x)); out.append(Float(v.point.y))
        out.append(Float(v.extrude.x)); out.append(Float(v.extrude.y))
        out.append(Float(v.distance))
        out.append(Float(v.role.rawValue)); out.append(Float(v.series))
        out.append(Float(v.along))
    }

    /// Uploads the frame's meshes that changed and marks all of them in use.
    func pack(_ frame: Frame) {
        uploadedBytes = 0
        frameNumber += 1
        for command in frame.commands {
            guard case .mesh(let m) = command else { continue }
            upload(m.mesh)
        }
        if frameNumber % Self.retireEvery == 0 { retireUnused() }
    }

    func draw(_ m: MeshDraw, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        guard let gpu = meshes[m.mesh.id] else { return }
        GL.bindVertexArray(gpu.vertexArray)
        guard let patterns = m.patterns, patterns.patterns.contains(where: { $0 != .solid }) else {
            let p = try program.get()
            p.use()
            setUniforms(p.uniforms, m, viewport)
            GL.drawIndexedTriangles(first: m.indexRange.lowerBound, count: m.indexRange.count)
            stats.drew("a mesh")
            return
        }
        let n = min(patterns.patterns.count, SeriesColors.maximum)
        for i in 0..<SeriesColors.maximum { seriesPatterns[i] = i < n ? Float(patterns.patterns[i].index) : 0 }
        let fills = Shading(terms: patterns.patterns[..<n].reduce(PatternTerms()) { $0.union(PatternTerms($1)) }, dashed: false)
        var last: MeshRole?
        for run in gpu.roles {
            let r = run.indices.clamped(to: m.indexRange)
            guard !r.isEmpty else { continue }
            if run.role != last {
                last = run.role
                if run.role == .grid {
                    let p = try program.get()
                    p.use()
                    setUniforms(p.uniforms, m, viewport)
                } else {
                    let p = try patternProgram(run.role == .fill ? fills : Shading(terms: [], dashed: true))
                    p.use()
                    setUniforms(p.uniforms.plain, m, viewport)
                    seriesPatterns.withUnsafeBufferPointer { GL.uniform4v(p.uniforms.seriesPatterns, $0.baseAddress!, count: Self.patternSlots) }
                    GL.uniform(p.uniforms.patternScale, Float(m.patternScale))
                    let origin = PatternFill.origin(center: m.center * (1 / m.patternScale), scale: m.patternScale)
                    GL.uniform(p.uniforms.patternOrigin, Float(origin.x), Float(origin.y))
                    GL.uniform(p.uniforms.patternInk, Float(SeriesPatterns.inkOpacity))
                }
            }
            GL.drawIndexedTriangles(first: r.lowerBound, count: r.count)
            stats.drew("a mesh")
        }
    }

    /// The uniforms every mesh program has, for drawing `m`.
    private func setUniforms(_ u: Uniforms, _ m: MeshDraw, _ viewport: Viewport) {
        GL.uniform(u.viewport, viewport.width, viewport.height)
        GL.uniform(u.center, Float(m.center.x), Float(m.center.y))
        GL.uniform(u.radius, Float(m.pointScale))
        GL.uniform(u.growth, Float(m.growth))
        switch m.style {
        case .roles(let colors, let fillOpacity, let strokeHalfWidth, let gridColor, let gridHalfWidth):
            let n = min(colors.colors.count, SeriesColors.maximum)
            for i in 0..<n {
                let c = colors.colors[i]
                seriesColors[i * 4] = c.r; seriesColors[i * 4 + 1] = c.g
                seriesColors[i * 4 + 2] = c.b; seriesColors[i * 4 + 3] = c.a
            }
            if n > 0 { seriesColors.withUnsafeBufferPointer { GL.uniform4v(u.seriesColors, $0.baseAddress!, count: n) } }
            GL.uniform(u.fillOpacity, Float(fillOpacity))
            GL.uniform(u.strokeHalfWidth, Float(strokeHalfWidth))
            GL.uniform(u.gridColor, gridColor.premultiplied)
            GL.uniform(u.gridHalfWidth, Float(gridHalfWidth))
        }
    }

    private func patternProgram(_ s: Shading) throws(GLFailure) -> GLProgram<PatternUniforms> {
        if let p = patternPrograms[s] { return p }
        let p = try GLProgram<PatternUniforms>(Self.patternSource(s))
        patternPrograms[s] = p
        return p
    }

    /// `m`'s triangles by role, in order: a new run wherever a triangle's role differs from the one before.
    private static func roleRuns(_ m: Mesh) -> [RoleRun] {
        var runs: [RoleRun] = []
        let indices = m.indices, vertices = m.vertices
        for t in stride(from: 0, to: indices.count - 2, by: 3) {
            let role = vertices[Int(indices[t])].role
            if let lastRun = runs.last, lastRun.role == role, lastRun.indices.upperBound == t {
                runs[runs.count - 1].indices = lastRun.indices.lowerBound..<(t + 3)
            } else {
                runs.append(RoleRun(indices: t..<(t + 3), role: role))
            }
        }
        return runs
    }

    private func upload(_ m: Mesh) {
        if var g = meshes[m.id], g.version == m.version {
            if g.lastUsed != frameNumber { g.lastUsed = frameNumber; meshes[m.id] = g }
            return
        }
        var g = meshes[m.id] ?? GPUMesh(vertexArray: GL.genVertexArray(), vertices: GL.genBuffer(), indices: GL.genBuffer(), version: -1, lastUsed: frameNumber)
        g.lastUsed = frameNumber
        GL.bindVertexArray(g.vertexArray)
        GL.bindBuffer(.array, g.vertices)
        packed.removeAll(keepingCapacity: true)
        packed.reserveCapacity(m.vertexCount * Self.layout.floatsPerRecord)
        for v in m.vertices { Self.pack(v, into: &packed) }
        assert(packed.count == m.vertexCount * Self.layout.floatsPerRecord, "MeshBatch.pack and MeshBatch.layout disagree")
        packed.withUnsafeBytes { GL.bufferData(.array, bytes: $0.baseAddress, count: $0.count, dynamic: false) }
        GL.bindBuffer(.elementArray, g.indices)
        m.indices.withUnsafeBytes { GL.bufferData(.elementArray, bytes: $0.baseAddress, count: $0.count, dynamic: false) }
        Self.layout.point()
        GL.bindVertexArray(.none)
        uploadedBytes += packed.count * 4 + m.indices.count * 4
        g.version = m.version
        g.roles = Self.roleRuns(m)
        meshes[m.id] = g
    }

    /// Releases the GPU copies of meshes not drawn for `retireEvery` frames.
    private func retireUnused() {
        for (id, g) in meshes where frameNumber - g.lastUsed > Self.retireEvery {
            delete(g); meshes[id] = nil
        }
    }

    private func delete(_ g: GPUMesh) { GL.deleteVertexArray(g.vertexArray); GL.deleteBuffer(g.vertices); GL.deleteBuffer(g.indices) }

    func release() {
        program.release()
        for p in patternPrograms.values { p.release() }
        patternPrograms = [:]
        for (_, g) in meshes { delete(g) }
        meshes = [:]
    }
}
