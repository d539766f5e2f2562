import Foundation
@testable import RadialGL
import RadialCore
import RadialRender
import Testing

/// `RADIAL_GL_DEBUG=1` (which the render tests set): a debug context whose KHR_debug messages
/// come back after the call that caused them.
@Suite("GL debug output")
struct GLDebugTests {
    @Test("llvmpipe's KHR_debug reports a driver error and our own message, synchronously")
    func khrDebug() throws {
        try GLTestContext.with { h in
            h.makeCurrent()
            defer { h.releaseCurrent() }
            #expect(GLDebug.enabled)
            #expect(GLDebug.usingKHRDebug, "no KHR_debug on \(h.rendererName)")
            _ = GLDebug.takeMessages()
            GLDebug.insertTestMessage("radial test message")
            #expect(GLDebug.takeMessages().contains { $0.contains("radial test message") && $0.contains("error, high severity") })
            // Binding a buffer name nobody generated is an error in a core profile.
            GL.bindBuffer(.array, GLBuffer(rawValue: 987_654))
            let driver = GLDebug.takeMessages()
            #expect(GL.error()?.description == "GL_INVALID_OPERATION")
            #expect(driver.count == 1 && driver[0].hasPrefix("KHR_debug error"), "\(driver)")
            GL.bindBuffer(.array, .none)
            #expect(GLDebug.takeMessages().isEmpty && GL.error() == nil)
        }
    }

    @Test("a message pending when a draw ends is reported in the renderer's statistics")
    func reportedByDraws() throws {
        try GLTestContext.with { h in
            let scene = h.scene(for: Demo.ebike.page, formatting: Formatting(localeIdentifier: "en_US"))
            h.makeCurrent()
            GLDebug.insertTestMessage("radial pending message")
            h.releaseCurrent()
            _ = try h.image(of: scene, FrameRequest(size: Size(300, 360), scale: 1, time: 5, theme: .light, reduceMotion: false))
            #expect(h.renderer.stats.glErrors.contains { $0.contains("radial pending message") }, "\(h.renderer.stats.glErrors)")
            // A clean frame after it, so the shared context's check sees none.
            _ = try h.image(of: scene, FrameRequest(size: Size(300, 360), scale: 1, time: 5, theme: .light, reduceMotion: false))
        }
    }
}
