import Foundation
import RadialCore
import RadialGL

/// A GL context with fonts and a renderer, set up and torn down in one place: what the window,
/// `render`, `bench` and the render tests draw with.
///
/// The context comes from a GLFW window (the gallery, `show`, a windowed bench) or from EGL's
/// surfaceless platform with no window system at all (headless rendering); both give the same
/// pixels. The entry point for "this page at time t as RGBA pixels" is `image(of:size:scale:time:theme:reduceMotion:)`.
public final class GraphicsSession {
    private let context: any GraphicsContext
    /// The window, when the context is one's.
    let window: GLWindow?
    public let source: ContextSource?
    public let fonts: FontSystem
    public let renderer: Renderer
    public let frame = Frame()

    /// A session with no visible window: EGL surfaceless, or a hidden window (see
    /// `ContextSource.preferred`). `command` names the command in errors.
    public convenience init(command: String = "render") throws {
        var firstError: Error?
        for source in ContextSource.preferred {
            do { try self.init(source, command: command); return } catch { firstError = firstError ?? error }
        }
        throw firstError!
    }

    /// A session on a context from `source`.
    public init(_ source: ContextSource, command: String = "render") throws {
        switch source {
        case .surfaceless:
            context = try SurfacelessContext(); window = nil
        case .hiddenWindow:
            let w = try GLWindow(width: 64, height: 64, title: "radial", visible: false, command: command)
            context = w; window = w
        }
        self.source = source
        context.makeCurrent()
        do {
            fonts = try FontSystem()
            renderer = try Renderer(fonts: fonts)
        } catch {
            context.destroy()
            throw error
        }
    }

    /// A session drawing into `window` (made current).
    init(window: GLWindow) throws {
        context = window; self.window = window; source = nil
        window.makeCurrent()
        fonts = try FontSystem()
        renderer = try Renderer(fonts: fonts)
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

/// The name `render`, the tests and `record` used before the session took in the window too.
public typealias HeadlessRenderer = GraphicsSession
