import Foundation
import RadialCore
import RadialRender

/// Why a `ChartWindow` could not open, run or take an update: the one error RadialWindow's API
/// throws, each case what was wrong with what.
public enum WindowError: Error, Sendable, Hashable {
    /// The page breaks a rule of `Page.validate()` (every problem at its path): when the window
    /// opens, or the page an `update` made (which is then not shown).
    case invalidPage(SpecError)
    /// A window size that is not 16 to 8192 points on each side.
    case invalidSize(Size)
    /// A locale the system does not know, with the nearest one it does.
    case unknownLocale(String, suggestion: String?)
    /// No display to open a window on: neither DISPLAY nor WAYLAND_DISPLAY is set.
    case noDisplay
    /// A Wayland session without XWayland (DISPLAY unset): Radial's GLFW is the X11 build.
    case waylandWithoutX
    /// The window system (GLFW) failed, in its words.
    case windowSystem(String)
    /// No OpenGL 3.3 core context could be made, or the renderer failed.
    case graphicsUnavailable(String)
    /// `run()` called while this window, or another of the process, already runs.
    case alreadyRunning
    /// The window was closed: it cannot run again or take updates.
    case closed
}

extension WindowError: LocalizedError, CustomStringConvertible {
    /// The error in a sentence.
    public var errorDescription: String? { description }

    /// The error in a sentence, without any command line's words.
    public var description: String {
        switch self {
        case .invalidPage(let e): "The page is not valid:\n" + e.problems.map { "  " + $0.description }.joined(separator: "\n")
        case .invalidSize(let s): "A window is 16 to 8192 points on each side; this one is \(s.width)×\(s.height)."
        case .unknownLocale(let id, let near): "\"\(id)\" is not a locale this system knows" + (near.map { "; did you mean \($0)?" } ?? ".")
        case .noDisplay: "There is no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)."
        case .waylandWithoutX: "This Wayland session has no X server (DISPLAY is unset), and the window needs XWayland."
        case .windowSystem(let m): "The window system failed: \(m)."
        case .graphicsUnavailable(let m): "No OpenGL 3.3 context: \(m)."
        case .alreadyRunning: "A window is already running in this process."
        case .closed: "The window is closed."
        }
    }
}

extension WindowError {
    /// What a layer under the API threw, as the API's one error.
    init(_ error: any Error) {
        switch error {
        case let e as WindowError: self = e
        case let e as SpecError: self = .invalidPage(e)
        case let e as PlatformError:
            switch e {
            case .noDisplay: self = .noDisplay
            case .waylandOnly: self = .waylandWithoutX
            case .glfw(let m): self = .windowSystem(m)
            case .contextFailed(let m): self = .graphicsUnavailable(m)
            }
        default: self = .graphicsUnavailable("\(error)")
        }
    }
}
