import CSurfaceless
import Foundation

/// An OpenGL 3.3 core context that can be made current on the calling thread.
protocol GraphicsContext: AnyObject {
    func makeCurrent()
    func releaseCurrent()
    /// Destroys the context (and its window, if any).
    func destroy()
}

/// Where a session's context comes from.
public enum ContextSource: String, Sendable, CustomStringConvertible {
    /// EGL's surfaceless platform: no window system at all, no DISPLAY (render, bench
    /// --offscreen, render tests).
    case surfaceless
    /// A hidden GLFW window (GLX under X11): what headless rendering used before EGL, kept to
    /// check that both give the same pixels and for machines without EGL.
    case hiddenWindow

    /// `RADIAL_CONTEXT=egl|glx` picks one; otherwise surfaceless, or a hidden window where EGL
    /// is missing and there is a display.
    static var preferred: [ContextSource] {
        switch ProcessInfo.processInfo.environment["RADIAL_CONTEXT"] {
        case "glx": [.hiddenWindow]
        case "egl": [.surfaceless]
        default: [.surfaceless, .hiddenWindow]
        }
    }

    public var description: String {
        switch self {
        case .surfaceless: "EGL surfaceless"
        case .hiddenWindow: "hidden GLFW window (GLX)"
        }
    }
}

/// A context with no window system (EGL_MESA_platform_surfaceless); draw into framebuffer objects.
final class SurfacelessContext: GraphicsContext {
    private var handle: OpaquePointer?

    init() throws(PlatformError) {
        var error = [CChar](repeating: 0, count: 256)
        guard let h = radial_egl_create(&error, error.count) else {
            throw .contextFailed(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        handle = h
    }

    func makeCurrent() { if let handle { _ = radial_egl_make_current(handle) } }
    func releaseCurrent() { if let handle { radial_egl_release_current(handle) } }
    func destroy() { if let h = handle { radial_egl_destroy(h); handle = nil } }
}

extension GLWindow: GraphicsContext {
    func releaseCurrent() { GLWindow.releaseCurrent() }
}
