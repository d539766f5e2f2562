import Foundation
import RadialCore

/// One kind of primitive on the GPU: its program(s), compiled the first time a frame draws one,
/// its own vertex array and instance stream laid out by one `VertexLayout`, how it packs a
/// frame's instances, how it draws a range of them, and how far past its shapes its shaders
/// reach (which the redraw planner is told through `CoverageMargins`).
///
/// The renderer calls, per frame: `pack` (writes and uploads what changed), then `draw` for
/// each of the frame's commands of this kind; and `release` once, with the context current.
protocol Batch: AnyObject {
    /// Bytes the last `pack` sent to the GPU.
    var uploadedBytes: Int { get }
    func release()
}

/// The viewport size in pixels, as every vertex shader's `u_viewport` takes it.
struct Viewport {
    var width: Float, height: Float
}

extension RenderStats {
    /// Counts a draw call and, with `RADIAL_GL_DEBUG=1`, records any GL error it raised and
    /// any error or warning the driver reported through KHR_debug.
    mutating func drew(_ what: StaticString) {
        drawCalls += 1
        guard checksErrors else { return }
        if let e = GL.error() { glErrors.append("\(e) after drawing \(what)") }
        for m in GLDebug.takeMessages() { glErrors.append("\(m) (drawing \(what))") }
    }
}
