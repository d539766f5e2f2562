import RadialCore

/// The radar-scan beam in two passes over just the arc where the gradient shows (see
/// scan.vert): its inside with a shader that only interpolates colors, then the rim and the
/// seam anti-aliased. No vertex data: positions come from gl_VertexID, so its vertex array is empty.
final class AngularGradientBatch: Batch {
    /// Coverage: the arc out to the circumscribing polygon (< 1 % past the rim) and its fringe.
    static let coverage = (radiusScale: 1.01, fixed: 2.0)
    static let sources = [ProgramSource("scanfill", vertex: "scan"), ProgramSource("scan")]

    struct Uniforms: ProgramUniforms {
        let viewport, center, radius, start, direction, first, segments, turnSegments, pass, stops, stopCount: GLUniform
        /// Only in the rim pass's fragment shader.
        let behind, ahead: GLUniform
        init(_ r: UniformResolver) throws(GLFailure) {
            viewport = try r.require("u_viewport"); center = try r.require("u_center"); radius = try r.require("u_radius")
            start = try r.require("u_start"); direction = try r.require("u_direction"); first = try r.require("u_first")
            segments = try r.require("u_segments"); turnSegments = try r.require("u_turnSegments"); pass = try r.require("u_pass")
            stops = try r.require("u_stops"); stopCount = try r.require("u_stopCount")
            behind = r.optional("u_behind"); ahead = r.optional("u_ahead")
        }
    }
    private var fill = LazyProgram<Uniforms>(sources[0])
    private var rim = LazyProgram<Uniforms>(sources[1])
    private var vertexArray: GLVertexArray
    private var stops = [Float](repeating: 0, count: 4 * AngularGradientInstance.maxStops)

    init() { vertexArray = GL.genVertexArray() }

    var uploadedBytes: Int { 0 }

    func draw(_ s: AngularGradientInstance, _ viewport: Viewport, _ stats: inout RenderStats) throws(GLFailure) {
        // A grid of about 32 segments a turn, a multiple of the stop intervals so every stop lies
        // on a vertex. Fewer, wider triangles cost llvmpipe less (a 4×4 block on an edge is
        // shaded for both triangles); the circumscribed polygon overshoots the rim by < 0.5 %.
        let intervals = max(s.stopCount - 1, 1)
        let turn = intervals * ((32 + intervals - 1) / intervals)
        // The arc in gradient parameter u (0...1 a turn from the start, in the turning direction).
        let u0 = s.direction * (s.screenArc.0 - s.screenGradientStart) / (2 * .pi), u1 = s.direction * (s.screenArc.1 - s.screenGradientStart) / (2 * .pi)
        let first = Int(checked: min(u0, u1) * Double(turn), rounding: .down)
        let last = Int(checked: max(u0, u1) * Double(turn), rounding: .up)
        let segments = min(max(last - first, 1), turn)
        withUnsafeBytes(of: s.stops) { raw in
            let colors = raw.bindMemory(to: RGBA.self)
            for i in 0..<AngularGradientInstance.maxStops {
                stops[i * 4] = colors[i].r; stops[i * 4 + 1] = colors[i].g
                stops[i * 4 + 2] = colors[i].b; stops[i * 4 + 3] = colors[i].a
            }
        }
        GL.bindVertexArray(vertexArray)
        for pass in 0..<2 {
            let p = pass == 0 ? try fill.get() : try rim.get()
            let u = p.uniforms
            p.use()
            GL.uniform(u.viewport, viewport.width, viewport.height)
            GL.uniform(u.center, Float(s.center.x), Float(s.center.y))
            GL.uniform(u.radius, Float(s.radius))
            GL.uniform(u.start, Float(s.screenGradientStart))
            GL.uniform(u.direction, Float(s.direction))
            GL.uniform(u.first, int: first)
            GL.uniform(u.segments, int: segments)
            GL.uniform(u.turnSegments, int: turn)
            GL.uniform(u.pass, int: pass)
            stops.withUnsafeBufferPointer { GL.uniform4v(u.stops, $0.baseAddress!, count: AngularGradientInstance.maxStops) }
            GL.uniform(u.stopCount, int: s.stopCount)
            if pass == 1 {
                let behind = max(s.stopCount, 1) - 1
                GL.uniform(u.behind, stops[behind * 4], stops[behind * 4 + 1], stops[behind * 4 + 2], stops[behind * 4 + 3])
                GL.uniform(u.ahead, stops[0], stops[1], stops[2], stops[3])
            }
            GL.drawTriangles(pass == 0 ? 3 * segments : 6 + 6 * segments)
            stats.drew("the scan beam")
        }
    }

    func release() {
        fill.release(); rim.release()
        if !vertexArray.isNone { GL.deleteVertexArray(vertexArray); vertexArray = .none }
    }
}
