@preconcurrency import CEpoxy   // constants and the callback's type; the calls are in GL.swift
import Foundation

/// `RADIAL_GL_DEBUG=1`: check glGetError after every draw (`RenderStats.glErrors`) and, where
/// the context has KHR_debug (GL 4.3, or the extension; Mesa's llvmpipe has it), ask for a debug
/// context and collect the driver's own messages (errors, undefined or deprecated behaviour,
/// portability and performance warnings) synchronously, so each lands after the draw that
/// caused it. The render tests run with it.
package enum GLDebug {
    /// Read from the environment each time it is asked (by each new context and renderer, not
    /// each draw), so a test process can turn it on before its own context whatever ran before.
    package static var enabled: Bool {
        guard let v = getenv("RADIAL_GL_DEBUG") else { return false }
        return v[0] == 0x31 && v[1] == 0   // "1"
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var messages: [String] = []
    /// Messages kept between two draws at most (a flood is cut off, and says so).
    static let keptMessages = 32

    /// Whether the current context reports through KHR_debug (after `install`).
    package private(set) nonisolated(unsafe) static var usingKHRDebug = false

    /// With `enabled` and KHR_debug on the current context, routes its messages to `takeMessages`.
    /// Call with the context current, once per context.
    static func install() {
        guard enabled, GL.hasKHRDebug else { return }
        GL.enableSynchronousDebugOutput { _, type, id, severity, length, text, _ in
            guard let text else { return }
            let body = length >= 0 ? String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self) : String(cString: text)
            GLDebug.record("KHR_debug \(GLDebug.name(type: type)), \(GLDebug.name(severity: severity)) severity, id \(id): \(body.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        usingKHRDebug = true
    }

    static func record(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        if messages.count < keptMessages { messages.append(message) } else if messages.count == keptMessages { messages.append("… more KHR_debug messages left out") }
    }

    /// The messages since the last call, oldest first.
    package static func takeMessages() -> [String] {
        lock.lock(); defer { lock.unlock() }
        defer { messages.removeAll() }
        return messages
    }

    /// Sends a message of our own through KHR_debug (for tests: it must come back).
    package static func insertTestMessage(_ text: String) {
        guard usingKHRDebug else { return }
        GL.debugMessageInsert(text)
    }

    static func name(type: GLenum) -> String {
        switch Int32(type) {
        case GL_DEBUG_TYPE_ERROR: "error"
        case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: "deprecated behaviour"
        case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: "undefined behaviour"
        case GL_DEBUG_TYPE_PORTABILITY: "portability"
        case GL_DEBUG_TYPE_PERFORMANCE: "performance"
        default: "other"
        }
    }

    static func name(severity: GLenum) -> String {
        switch Int32(severity) {
        case GL_DEBUG_SEVERITY_HIGH: "high"
        case GL_DEBUG_SEVERITY_MEDIUM: "medium"
        case GL_DEBUG_SEVERITY_LOW: "low"
        default: "notification"
        }
    }
}
