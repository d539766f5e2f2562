import CGLFW
import Foundation

/// Why a window or GL context could not be had, in one sentence that says what to do.
public enum PlatformError: Error, CustomStringConvertible {
    case noDisplay(command: String)
    case glfw(String)
    case contextFailed(String)

    public var description: String {
        switch self {
        case .noDisplay(let command):
            if command == "window" {
                return "No display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset); use `radial render` to write PNGs, or run under `xvfb-run -a radial`."
            }
            return "`radial \(command)` needs an X display for its OpenGL context and none is set; run it as `xvfb-run -a radial \(command) ...`."
        case .glfw(let m): return "GLFW failed: \(m)."
        case .contextFailed(let m): return "Could not create an OpenGL 3.3 core context: \(m). Radial needs Mesa (llvmpipe works) or a GPU driver."
        }
    }
}

/// The last GLFW error text, set by the error callback (GLFW reports errors on the calling thread).
nonisolated(unsafe) private var lastGLFWError = ""

/// GLFW, initialized once per process.
enum GLFW {
    nonisolated(unsafe) private static var initialized = false

    static func initialize(for command: String) throws(PlatformError) {
        if initialized { return }
        let env = ProcessInfo.processInfo.environment
        if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw .noDisplay(command: command)
        }
        glfwSetErrorCallback { _, description in
            lastGLFWError = description.map { String(cString: $0) } ?? "unknown error"
        }
        guard glfwInit() == GLFW_TRUE else { throw .glfw(lastGLFWError) }
        initialized = true
    }

    static func terminate() {
        if initialized { glfwTerminate(); initialized = false }
    }

    static var lastError: String { lastGLFWError }
}

/// A GLFW window with an OpenGL 3.3 core context, visible (the gallery) or hidden (render,
/// bench, tests: a real context under Xvfb without anything on screen).
final class GLWindow {
    let handle: OpaquePointer

    init(width: Int, height: Int, title: String, visible: Bool, command: String) throws(PlatformError) {
        try GLFW.initialize(for: command)
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
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
    }

    func makeCurrent() { glfwMakeContextCurrent(handle) }
    static func releaseCurrent() { glfwMakeContextCurrent(nil) }
    func swapBuffers() { glfwSwapBuffers(handle) }
    func setVSync(_ on: Bool) { glfwSwapInterval(on ? 1 : 0) }
    var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }
    /// Window size in screen coordinates (points).
    var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }
    /// Framebuffer size in pixels.
    var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }
    /// Pixels per point (2 on a HiDPI screen).
    var contentScale: Double {
        var x: Float = 1, y: Float = 1
        glfwGetWindowContentScale(handle, &x, &y)
        return Double(max(x, 1))
    }
    func destroy() { glfwDestroyWindow(handle) }
}

/// Seconds on GLFW's monotonic clock.
var monotonicSeconds: Double { glfwGetTime() }
