import RadialCore

/// The least a frame can be, for `bench`'s and `bench --startup`'s reference programs.
package enum FloorScene {
    /// A clear: no shader runs.
    package static func draw(width: Int, height: Int) {
        GL.viewport(0, 0, width, height)
        GL.clearColor((0.949, 0.949, 0.969, 1))
        GL.clearColorBuffer()
    }

    /// A clear and one opaque rectangle through the simplest program the renderer has (the
    /// solid fill): what drawing anything at all costs on top of a clear. On llvmpipe that is
    /// its shader compiler's first use, about 23 MB and a few tens of ms.
    package static func drawShaded(width: Int, height: Int) throws {
        draw(width: width, height: height)
        let quad = UnitQuad()
        let batch = SolidBatch(quad: quad)
        var stats = RenderStats()
        try batch.drawBackdrop(RGBA(1, 1, 1, 1), Viewport(width: Float(width), height: Float(height)), &stats)
        GL.finish()
        batch.release()
        quad.release()
    }
}
