import Foundation
import RadialRender

/// Where a session's context comes from.
package enum ContextSource: String, Sendable, CustomStringConvertible {
    /// EGL's surfaceless platform: no window system at all, no DISPLAY (render, bench
    /// --offscreen, render tests).
    case surfaceless
    /// A hidden GLFW window (GLX under X11): what headless rendering used before EGL, kept to
    /// check that both give the same pixels and for machines without EGL.
    case hiddenWindow

    /// `RADIAL_CONTEXT=egl|glx` picks one; otherwise surfaceless, or a hidden window where EGL
    /// is missing and there is a display.
    package static var preferred: [ContextSource] {
        switch ProcessInfo.processInfo.environment["RADIAL_CONTEXT"] {
        case "glx": [.hiddenWindow]
        case "egl": [.surfaceless]
        default: [.surfaceless, .hiddenWindow]
        }
    }

    package var description: String {
        switch self {
        case .surfaceless: "EGL surfaceless"
        case .hiddenWindow: "hidden GLFW window (GLX)"
        }
    }
}


extension GLWindow: GraphicsContext {
    package func releaseCurrent() { GLWindow.releaseCurrent() }
}

extension GraphicsSession {
    /// A session with no visible window: EGL surfaceless, or a hidden window (see
    /// `ContextSource.preferred`). `command` names the command in errors.
    package static func headless(command: String = "render") throws -> GraphicsSession {
        var firstError: Error?
        for source in ContextSource.preferred {
            do { return try GraphicsSession(source, command: command) } catch { firstError = firstError ?? error }
        }
        throw firstError!
    }

    /// A session on a context from `source`.
    package convenience init(_ source: ContextSource, command: String = "render") throws {
        switch source {
        case .surfaceless: try self.init(context: try SurfacelessContext(), name: source.description)
        case .hiddenWindow: try self.init(context: try GLWindow(width: 64, height: 64, title: "radial", visible: false, command: command), name: source.description)
        }
    }

    /// A session drawing into `window` (made current).
    package convenience init(window: GLWindow) throws {
        try self.init(context: window, name: "window")
    }
}
