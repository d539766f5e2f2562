/// Why a window or GL context could not be had, in one sentence that says what to do.
package enum PlatformError: Error, CustomStringConvertible {
    /// Neither DISPLAY nor WAYLAND_DISPLAY is set (for `radial command`).
    case noDisplay(command: String)
    /// WAYLAND_DISPLAY without DISPLAY: Debian's GLFW 3.3 is the X11 build and needs XWayland.
    case waylandOnly(command: String)
    /// GLFW reported this error.
    case glfw(String)
    /// No OpenGL 3.3 core context could be made, for this reason.
    case contextFailed(String)

    package var description: String {
        switch self {
        case .noDisplay(let command):
            if command == "window" {
                return "No display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset); use `radial render` to write PNGs, or run under `xvfb-run -a radial`."
            }
            return "`radial \(command)` needs an X display for its OpenGL context and none is set; run it as `xvfb-run -a radial \(command) ...`."
        case .waylandOnly(let command):
            let headless = command == "window" ? "`xvfb-run -a radial render ...` for PNGs" : "`xvfb-run -a radial \(command) ...`"
            return "This Wayland session has no X server (DISPLAY is unset) and Radial's GLFW is the X11 build: turn XWayland on (GNOME has it on by default) and set DISPLAY, or use \(headless)."
        case .glfw(let m): return "GLFW failed: \(m)."
        case .contextFailed(let m): return "Could not create an OpenGL 3.3 core context: \(m). Radial needs Mesa (llvmpipe works) or a GPU driver."
        }
    }
}
