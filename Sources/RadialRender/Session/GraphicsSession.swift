import Foundation
import RadialText
import RadialCore
import RadialGL

/// A GL context with fonts and a renderer, set up and torn down in one place: what the window,
/// `render`, `bench` and the render tests draw with.
///
/// The context comes from a GLFW window (the gallery, `show`, a windowed bench) or from EGL's
/// surfaceless platform with no window system at all (headless rendering); both give the same
/// pixels. The entry point for "this page at time t as RGBA pixels" is `image(of:size:scale:time:theme:reduceMotion:)`.
public final class GraphicsSession {
    package let context: any GraphicsContext
    /// What the context is, for reports ("EGL surfaceless").
    public let contextName: String
    public let fonts: FontSystem
    public let renderer: Renderer
    public let frame = Frame()

    /// A session on EGL's surfaceless platform: no window system, no display needed.
    public convenience init() throws {
        try self.init(context: try SurfacelessContext(), name: "EGL surfaceless")
    }

    /// A session on `context` (made current): a window's, or a platform's of your own.
    /// On failure the context is destroyed.
    package init(context: any GraphicsContext, name: String) throws {
        self.context = context
        contextName = name
        context.makeCurrent()
        do {
            fonts = try FontSystem()
            renderer = try Renderer(fonts: fonts)
        } catch {
            context.destroy()
            throw error
        }
    }

    public var rendererName: String { renderer.rendererName }

    /// Makes the context current on the calling thread (the drawing methods do it themselves).
    public func makeCurrent() { context.makeCurrent() }
    /// Lets go of the context (the next caller may be on another thread).
    public func releaseCurrent() { context.releaseCurrent() }

    public func scene(for page: Page, formatting: Formatting, controls: Bool = true) -> PageScene {
        PageScene(page: page, measurer: fonts, formatting: formatting, controls: controls)
    }

    /// `scene` at `time` as RGBA pixels, `size` points × `scale`, drawn whole into an offscreen
    /// target (what `render`, `record` and the goldens use).
    public func image(of scene: PageScene, size: Size, scale: Double, time: Double, theme: Theme, reduceMotion: Bool) throws -> RGBAImage {
        context.makeCurrent()
        // Let go of the context afterwards: the next caller may be on another thread (tests).
        defer { context.releaseCurrent() }
        let target = try OffscreenTarget(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        defer { target.release(); OffscreenTarget.bindDefault() }
        target.bind()
        scene.draw(into: frame, size: size, scale: scale, time: time, theme: theme, reduceMotion: reduceMotion)
        try renderer.render(frame)
        renderer.forgetTarget()
        return target.read()
    }

    /// Renders `scene` at each of `times` in turn into one offscreen target, as a window draws
    /// its frames (see `frames(sceneAt:...)`). Returns the images of the frames in `keep`.
    public func frames(of scene: PageScene, size: Size, scale: Double = 1, times: [Double], keep: Set<Int>,
                       theme: Theme = .light, partial: Bool, before: (Int) -> Void = { _ in }) throws -> [Int: RGBAImage] {
        var images: [Int: RGBAImage] = [:]
        try frames(sceneAt: { _ in scene }, size: size, scale: scale, times: times, theme: theme, partial: partial,
                   before: before) { i, image in if keep.contains(i) { images[i] = image } }
        return images
    }

    /// Renders frame i, `sceneAt(i)` at `times[i]`, in turn into one offscreen target, as a
    /// window draws its frames, and hands each one's pixels to `each`. With `partial`, frame i
    /// redraws only what changed since the frame `bufferAge(i)` frames before it (1: the one
    /// just before, which the target holds; 2 or 3: that older frame is put back into the
    /// target first, as a swap chain's older buffer would hold it). `before(i)` runs before
    /// frame i (to move the pointer, say).
    public func frames(sceneAt: (Int) -> PageScene, size: Size, scale: Double = 1, times: [Double], theme: Theme = .light,
                       partial: Bool, bufferAge: (Int) -> Int = { _ in 1 }, before: (Int) -> Void = { _ in },
                       each: (Int, RGBAImage) throws -> Void) throws {
        context.makeCurrent()
        defer { context.releaseCurrent() }
        let target = try OffscreenTarget(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        defer { target.release(); OffscreenTarget.bindDefault(); renderer.forgetTarget() }
        var history: [RGBAImage] = []
        renderer.forgetTarget()
        for (i, t) in times.enumerated() {
            before(i)
            target.bind()
            var age = partial ? bufferAge(i) : 0
            if age > 1 {
                if age <= history.count { target.write(history[history.count - age]) } else { age = 0 }
            }
            sceneAt(i).draw(into: frame, size: size, scale: scale, time: t, theme: theme, reduceMotion: false)
            try renderer.render(frame, bufferAge: age)
            let image = target.read()
            if partial { history.append(image); if history.count > 3 { history.removeFirst() } }
            try each(i, image)
        }
    }

    /// Releases GL objects while the context is current, then the context (and window).
    public func close() {
        context.makeCurrent()
        renderer.release()
        fonts.shutdown()
        context.destroy()
    }
}
