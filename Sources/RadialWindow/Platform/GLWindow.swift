import CPresent
import CGLFW
import Foundation
import RadialRender
import RadialText
import RadialCore
import RadialGL

/// The last GLFW error text, set by the error callback (GLFW reports errors on the calling thread).
nonisolated(unsafe) private var lastGLFWError = ""

/// GLFW, initialized once per process.
package enum GLFW {
    nonisolated(unsafe) private static var initialized = false

    package static func initialize(for command: String) throws(PlatformError) {
        if initialized { return }
        let env = ProcessInfo.processInfo.environment
        if (env["DISPLAY"] ?? "").isEmpty {
            throw (env["WAYLAND_DISPLAY"] ?? "").isEmpty ? .noDisplay(command: command) : .waylandOnly(command: command)
        }
        glfwSetErrorCallback { _, description in
            lastGLFWError = description.map { String(cString: $0) } ?? "unknown error"
        }
        guard glfwInit() == GLFW_TRUE else { throw .glfw(lastGLFWError) }
        initialized = true
    }

    package static func terminate() {
        if initialized { glfwTerminate(); initialized = false }
    }

    package static var lastError: String { lastGLFWError }
}

/// A GLFW window with an OpenGL 3.3 core context, visible (the gallery) or hidden (render,
/// bench, tests: a real context under Xvfb without anything on screen).
package final class GLWindow {
    package let handle: OpaquePointer

    /// `swapOnly`: always swap (the bench's `--vsync`, which a copy would not wait for).
    package init(width: Int, height: Int, title: String, visible: Bool, command: String, swapOnly: Bool = false) throws(PlatformError) {
        try GLFW.initialize(for: command)
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLDebug.enabled ? GLFW_TRUE : GLFW_FALSE)   // KHR_debug: see GLDebug
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_SAMPLES, 0)     // no MSAA: shapes anti-alias themselves
        glfwWindowHint(GLFW_DEPTH_BITS, 0)
        glfwWindowHint(GLFW_STENCIL_BITS, 0)
        guard let w = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            throw .contextFailed(GLFW.lastError)
        }
        handle = w
        glfwMakeContextCurrent(w)
        presentation = swapOnly ? .swap : Self.choosePresentation(w)
    }

    /// How frames reach the screen.
    package enum Presentation: String, CustomStringConvertible {
        /// The back buffer's changed box is copied to the window (GLX_MESA_copy_sub_buffer) and
        /// the buffer never swapped, so it always holds the last frame and a frame redraws and
        /// presents only what changed. Used with software rasterizers (llvmpipe), whose swap is
        /// such a copy anyway but which report no buffer age.
        case copy
        /// glfwSwapBuffers; the back buffer's age from GLX_EXT_buffer_age when the driver tells
        /// it, else every frame is drawn whole.
        case swap

        package var description: String {
            switch self {
            case .copy: return "copy what changed to the window (GLX_MESA_copy_sub_buffer); the back buffer keeps the last frame"
            case .swap: return "swap buffers"
            }
        }
    }
    package let presentation: Presentation
    /// How long a frame shows at the screen's refresh rate (60 Hz when it is not known). Asked
    /// once: GLFW asks the X server (RandR) each time.
    private(set) lazy var refreshInterval: Double = {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor), mode.pointee.refreshRate > 0 else { return 1.0 / 60 }
        return 1.0 / Double(mode.pointee.refreshRate)
    }()

    /// `RADIAL_PRESENT=swap|copy` overrides the choice (copy only where the extension is there).
    private static func choosePresentation(_ w: OpaquePointer) -> Presentation {
        let canCopy = radial_can_copy_sub_buffer(UnsafeMutableRawPointer(w)) != 0
        switch ProcessInfo.processInfo.environment["RADIAL_PRESENT"] {
        case "swap": return .swap
        case "copy": return canCopy ? .copy : .swap
        default:
            let name = GLInfo.renderer.lowercased()
            let software = name.contains("llvmpipe") || name.contains("softpipe") || name.contains("swrast")
            return canCopy && software ? .copy : .swap
        }
    }

    /// Shows the frame just drawn, `size` pixels (the size it was drawn at: asking the window
    /// would cost a round trip to the X server every frame). `changed` (y down) is where it
    /// differs from the frame shown before, nil for anywhere.
    ///
    /// Copying: only the changed box is copied to the window (nothing when it is empty), unless
    /// the window was exposed since (`windowExposed()`), when the whole frame is. Mesa's software
    /// GLX reallocates the back buffer for a new window size only after a swap (so the frame
    /// drawn right after a resize went into the old buffer), and copying a rectangle larger than
    /// the old buffer is an X error. So the first frame, and the first at a new size, are
    /// swapped; the buffer's contents are then unknown, and `present` returns true: draw another
    /// frame (whole) now, into the buffer at its new size.
    @discardableResult
    package func present(size: (width: Int, height: Int), changed: PixelBox? = nil) -> Bool {
        // An earlier copy raced a resize and X refused it: swap at the next frame and redraw whole.
        if presentation == .copy && radial_take_copy_failure() != 0 { copiedSize = (-1, -1) }
        switch presentation {
        case .swap:
            glfwSwapBuffers(handle)
            return false
        case .copy where size != copiedSize:
            glfwSwapBuffers(handle)
            copiedSize = size
            backBufferHoldsFrame = false
            return true
        case .copy:
            var box = PixelBox(x0: 0, y0: 0, x1: size.width, y1: size.height)
            if let changed, !exposed { box = changed.clamped(width: size.width, height: size.height) }
            exposed = false
            // GL's window coordinates have y up.
            if !box.isEmpty {
                radial_copy_sub_buffer(UnsafeMutableRawPointer(handle), Int32(box.x0), Int32(size.height - box.y1),
                                       Int32(box.x1 - box.x0), Int32(box.y1 - box.y0))
            }
            backBufferHoldsFrame = true
            return false
        }
    }
    /// Says the window's contents were lost (an expose): the next `present` shows the whole frame.
    package func windowExposed() { exposed = true }
    private var exposed = false
    /// The framebuffer size the back buffer was last swapped at (copy presentation).
    private var copiedSize = (width: -1, height: -1)
    /// Whether the back buffer still holds the last frame presented (copy presentation).
    private var backBufferHoldsFrame = false

    /// What the back buffer holds for a frame of `size` pixels, for
    /// `Renderer.render(_:bufferAge:)`: 0 unknown, n the frame presented n frames ago. A copied
    /// back buffer holds the last frame, unless the size changed since (see `present`).
    package func bufferAge(size: (width: Int, height: Int)) -> Int {
        switch presentation {
        case .copy: return backBufferHoldsFrame && size == copiedSize ? 1 : 0
        case .swap: return Int(radial_back_buffer_age(UnsafeMutableRawPointer(handle)))
        }
    }

    package func makeCurrent() { glfwMakeContextCurrent(handle) }
    package static func releaseCurrent() { glfwMakeContextCurrent(nil) }
    package func setVSync(_ on: Bool) { glfwSwapInterval(on ? 1 : 0) }
    package var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }
    /// Window size in screen coordinates (points).
    package var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }
    /// Framebuffer size in pixels.
    package var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }
    /// Pixels per point (2 on a HiDPI screen).
    package var contentScale: Double {
        var x: Float = 1, y: Float = 1
        glfwGetWindowContentScale(handle, &x, &y)
        return Double(max(x, 1))
    }
    package func destroy() { glfwDestroyWindow(handle) }
}

/// Seconds on the system's monotonic clock (not GLFW's: a headless session never starts GLFW).
package var monotonicSeconds: Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
