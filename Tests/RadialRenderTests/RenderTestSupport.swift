import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialTestSupport
import RadialGL
import Testing

/// One real GL context (a hidden GLFW window under Xvfb) shared by the render tests, used by
/// one test at a time.
enum GLTestContext {
    nonisolated(unsafe) private static var shared: GraphicsSession?
    private static let lock = NSLock()

    static func with<T>(_ body: (GraphicsSession) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if shared == nil {
            // Check glGetError after every draw (read once, before the first draw).
            setenv("RADIAL_GL_DEBUG", "1", 1)
            shared = try GraphicsSession.headless(command: "test")
        }
        let result = try body(shared!)
        let errors = shared!.renderer.stats.glErrors
        #expect(errors.isEmpty, "GL errors: \(errors)")
        return result
    }

    /// Renders a page as `radial render` would.
    static func render(_ page: Page, size: Size = Size(800, 800), scale: Double = 1, at time: Double,
                       theme: Theme = .light, reduceMotion: Bool = false, textSize: TextSize = .large) throws -> (RGBAImage, JSONOut) {
        try with { h in
            let scene = h.scene(for: page, formatting: Formatting(localeIdentifier: "en_US"))
            let request = FrameRequest(size: size, scale: scale, time: time, theme: theme, reduceMotion: reduceMotion, textSize: textSize)
            let image = try h.image(of: scene, request)
            return (image, scene.geometry(request))
        }
    }
}

/// Golden images in Tests/RadialRenderTests/Goldens. A pixel differs when a channel is more than
/// `threshold` (3 of 255: about 1 %) away from every pixel within 1 px in the other image (an
/// anti-aliased edge may move a pixel); at most `allowedPixels` may differ. Rendering is
/// deterministic here (llvmpipe, EGL and GLX give the same bytes), so a 3 % change of a color
/// over any shape bigger than a few pixels fails, as does swapping two legend dots' colors.
/// On failure the actual image and a diff are written next to the golden.
/// `RADIAL_RECORD_GOLDENS=1` (or a missing golden) records instead, and the test fails so that
/// someone looks at the new picture.
enum Goldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var recording: Bool { ProcessInfo.processInfo.environment["RADIAL_RECORD_GOLDENS"] == "1" }

    static func check(_ image: RGBAImage, named name: String, threshold: Int = 3, allowedPixels: Int = 12,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = directory.appendingPathComponent(name + ".png").path
        let actualPath = directory.appendingPathComponent(name + ".actual.png").path
        let diffPath = directory.appendingPathComponent(name + ".diff.png").path
        if recording || !FileManager.default.fileExists(atPath: golden) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try PNGFile.write(image, to: golden)
            Issue.record("Recorded golden \(name).png; look at it, then run again.", sourceLocation: sourceLocation)
            return
        }
        let expected = try PNGFile.read(golden)
        guard let c = ImageComparison.compare(image, expected, threshold: threshold, radius: 1) else {
            try PNGFile.write(image, to: actualPath)
            Issue.record("\(name): size \(image.width)×\(image.height) differs from the golden's \(expected.width)×\(expected.height); actual written to \(actualPath).", sourceLocation: sourceLocation)
            return
        }
        let allowed = allowedPixels
        if c.differingPixels > allowed {
            try PNGFile.write(image, to: actualPath)
            try PNGFile.write(c.diff, to: diffPath)
            Issue.record("\(name): \(c.differingPixels) pixels differ by more than \(threshold) (allowed \(allowed)); see \(actualPath) and \(diffPath).", sourceLocation: sourceLocation)
        } else {
            try? FileManager.default.removeItem(atPath: actualPath)
            try? FileManager.default.removeItem(atPath: diffPath)
        }
    }
}

extension RGBAImage {
    /// Luminance-ish brightness of the green channel over the page, 0...255.
    func green(_ x: Double, _ y: Double) -> Int { Int(pixel(Int(x.rounded()), Int(y.rounded())).g) }
}
