import CSurfaceless
import Foundation
import RadialGL
import RadialText
import RadialCore

/// An OpenGL 3.3 core context that can be made current on the calling thread.
package protocol GraphicsContext: AnyObject {
    /// Makes the context current on the calling thread.
    func makeCurrent()
    /// Makes no context current on the calling thread (a context is current on one thread at a time).
    func releaseCurrent()
    /// Destroys the context (and its window, if any).
    func destroy()
}

/// A context with no window system (EGL_MESA_platform_surfaceless); draw into framebuffer objects.
package final class SurfacelessContext: GraphicsContext {
    private var handle: OpaquePointer?

    package init() throws(PlatformError) {
        var error = [CChar](repeating: 0, count: 256)
        guard let h = radial_egl_create(&error, error.count) else {
            throw .contextFailed(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        handle = h
    }

    package func makeCurrent() { if let handle { _ = radial_egl_make_current(handle) } }
    package func releaseCurrent() { if let handle { radial_egl_release_current(handle) } }
    package func destroy() { if let h = handle { radial_egl_destroy(h); handle = nil } }
}

