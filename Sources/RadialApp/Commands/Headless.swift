import Foundation
import RadialCore
import RadialGL

/// A real GL context in a hidden GLFW window, with fonts and a renderer: what `render`,
/// `bench` and the render tests draw with.
public final class HeadlessRenderer {
    private let window: GLWindow
    public let fonts: FontSystem
    public let renderer: Renderer
    public let frame = Frame()

    public init(command: String = "render") throws {
        window = try GLWindow(width: 64, height: 64, title: "radial", visible: false, command: command)
        fonts = try FontSystem()
        renderer = try Renderer(fonts: fonts)
    }

    /// Renders `scene` at `time` into an offscreen image of `size` points × `scale`.
    public func image(of scene: PageScene, size: Size, scale: Double, time: Double, theme: Theme, reduceMotion: Bool) throws -> RGBAImage {
        window.makeCurrent()
        // Let go of the context afterwards: the next caller may be on another thread (tests).
        defer { GLWindow.releaseCurrent() }
        let target = try OffscreenTarget(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        defer { target.release(); OffscreenTarget.bindDefault() }
        target.bind()
        scene.draw(into: frame, size: size, scale: scale, time: time, theme: theme, reduceMotion: reduceMotion)
        renderer.render(frame)
        renderer.forgetTarget()
        return target.read()
    }

    /// Renders `scene` at each of `times` in turn into one offscreen target, as a window draws
    /// its frames: with `partial`, each frame redraws only what changed since the one before
    /// (the target keeps it). `before(i)` runs before frame i (to move the pointer, say).
    /// Returns the images of the frames in `keep`.
    public func frames(of scene: PageScene, size: Size, scale: Double = 1, times: [Double], keep: Set<Int>,
                       theme: Theme = .light, partial: Bool, before: (Int) -> Void = { _ in }) throws -> [Int: RGBAImage] {
        window.makeCurrent()
        defer { GLWindow.releaseCurrent() }
        let target = try OffscreenTarget(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        defer { target.release(); OffscreenTarget.bindDefault(); renderer.forgetTarget() }
        var images: [Int: RGBAImage] = [:]
        renderer.forgetTarget()
        for (i, t) in times.enumerated() {
            before(i)
            target.bind()
            scene.draw(into: frame, size: size, scale: scale, time: t, theme: theme, reduceMotion: false)
            renderer.render(frame, bufferAge: partial ? 1 : 0)
            if keep.contains(i) { images[i] = target.read() }
        }
        return images
    }

    /// Renders the page at each of `times` into an RGBA buffer, whole frames into one offscreen
    /// target, and hands each (index, image; top row first) to `body` in order. The context stays
    /// current for the whole run, so `record` and batch `render` set it up once for every frame
    /// and page. Frames are drawn exactly as `image(of:...)` draws one, so they are the same bytes
    /// as `radial render --at`; with `partial`, each frame after the first redraws only what changed
    /// (the target keeps the last), which the window's tests hold to the same pixels. (The one seam
    /// `record` and batch `render` draw through: re-point it at the graphics session when that
    /// replaces the hidden window.)
    public func renderFrames(of scene: PageScene, size: Size, scale: Double, times: [Double], theme: Theme, reduceMotion: Bool,
                             partial: Bool = false, _ body: (Int, RGBAImage) throws -> Void) throws {
        window.makeCurrent()
        defer { GLWindow.releaseCurrent() }
        let target = try OffscreenTarget(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        defer { target.release(); OffscreenTarget.bindDefault(); renderer.forgetTarget() }
        for (i, t) in times.enumerated() {
            target.bind()
            scene.draw(into: frame, size: size, scale: scale, time: t, theme: theme, reduceMotion: reduceMotion)
            renderer.render(frame, bufferAge: partial ? 1 : 0)
            if !partial { renderer.forgetTarget() }
            try body(i, target.read())
        }
    }

    public func scene(for page: Page, formatting: Formatting) -> PageScene {
        PageScene(page: page, measurer: fonts, formatting: formatting)
    }

    public var rendererName: String { renderer.rendererName }

    /// Releases GL objects while the context is current, then the window.
    public func close() {
        window.makeCurrent()
        renderer.release()
        fonts.shutdown()
        window.destroy()
    }
}
