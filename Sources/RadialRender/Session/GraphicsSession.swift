import Foundation
import RadialText
import RadialCore
import RadialGL

/// A GL context with fonts and a renderer, set up and torn down in one place: what the window,
/// `render`, `bench` and the render tests draw with.
///
/// The context comes from a GLFW window (the gallery, `show`, a windowed bench) or from EGL's
/// surfaceless platform with no window system at all (headless rendering); both give the same
/// pixels. The entry point for "this page at time t as RGBA pixels" is `image(of:_:)`; every
/// headless picture goes through one loop, `renderFrames`.
package final class GraphicsSession {
    package let context: any GraphicsContext
    /// What the context is, for reports ("EGL surfaceless").
    package let contextName: String
    package let fonts: FontSystem
    package let renderer: Renderer
    /// The frame the session draws into, reused from one picture to the next.
    package let frame = Frame()

    /// A session on EGL's surfaceless platform: no window system, no display needed.
    package convenience init() throws {
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

    /// The GL renderer string the driver reports ("llvmpipe (LLVM 15.0.6, 256 bits)").
    package var rendererName: String { renderer.rendererName }

    /// Makes the context current on the calling thread (the drawing methods do it themselves).
    package func makeCurrent() { context.makeCurrent() }
    /// Lets go of the context (the next caller may be on another thread).
    package func releaseCurrent() { context.releaseCurrent() }

    /// A scene of `page` for pictures made by a command or a program: too small a canvas says to
    /// give a larger size, not to enlarge a window.
    /// With `previous`, the scene continues from it at page time `time` (a page's next state).
    package func scene(for page: Page, formatting: Formatting, controls: Bool = true, continuing previous: PageScene? = nil, at time: Double = 0) -> PageScene {
        let scene = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: previous, at: time, controls: controls)
        scene.advice = .size
        return scene
    }

    /// The picture `request` asks of `scene`, as RGBA pixels (top row first), drawn whole into an
    /// offscreen target: what `render` and the goldens use.
    package func image(of scene: PageScene, _ request: FrameRequest) throws -> RGBAImage {
        var image: RGBAImage?
        try renderFrames(count: 1, width: request.pixelWidth, height: request.pixelHeight, redraw: .whole,
                         draw: { _, frame in scene.draw(into: frame, request) }, each: { _, i in image = i })
        return image!
    }

    /// Renders `scene` for `request` at each of `times` in turn into one offscreen target and
    /// hands each (index, image) to `body` in order: `record` and batch `render`. The frames are
    /// exactly what `image(of:_:)` makes at those times, byte for byte; with `.partial` each frame
    /// after the first redraws only what changed (the target keeps the last), which the partial-
    /// redraw tests hold to the same pixels.
    ///
    /// `scenes`, when given, says which scene to draw at each time (a page's states, each
    /// continuing from the one before); `scene` is then only the first.
    package func renderFrames(of scene: PageScene, _ request: FrameRequest, times: [Double], redraw: RedrawPolicy = .whole,
                             scenes: ((Double) -> PageScene)? = nil, _ body: (Int, RGBAImage) throws -> Void) throws {
        try renderFrames(count: times.count, width: request.pixelWidth, height: request.pixelHeight, redraw: redraw,
                         draw: { i, frame in
                             var r = request
                             r.time = times[i]
                             (scenes?(times[i]) ?? scene).draw(into: frame, r)
                         }, each: body)
    }

    /// The one offscreen loop everything headless goes through. Frame i is whatever `draw(i,
    /// frame)` puts into the session's frame, rendered into one `width`×`height` target, its
    /// pixels handed to `each`. `redraw` says what the target holds when frame i is drawn (see
    /// `RedrawPolicy`); `before(i)` runs first (to move the pointer, say). The context is current
    /// throughout and let go of afterwards (the next caller may be on another thread).
    package func renderFrames(count: Int, width: Int, height: Int, redraw: RedrawPolicy, before: (Int) -> Void = { _ in },
                              draw: (Int, Frame) -> Void, each: (Int, RGBAImage) throws -> Void) throws {
        context.makeCurrent()
        defer { context.releaseCurrent() }
        let target = try OffscreenTarget(width: width, height: height)
        defer { target.release(); OffscreenTarget.bindDefault(); renderer.forgetTarget() }
        renderer.forgetTarget()
        // The frames a swap chain's older buffers would still hold, for ages 2 and 3.
        var history: [RGBAImage] = []
        for i in 0..<count {
            before(i)
            target.bind()
            var age = redraw.bufferAge(frame: i)
            if age > 1 {
                if age <= history.count { target.write(history[history.count - age]) } else { age = 0 }
            }
            draw(i, frame)
            try renderer.render(frame, bufferAge: age)
            if age == 0 && !redraw.keepsTarget { renderer.forgetTarget() }
            let image = target.read()
            if redraw.keepsHistory { history.append(image); if history.count > 3 { history.removeFirst() } }
            try each(i, image)
        }
    }

    /// Releases GL objects while the context is current, then the context (and window).
    package func close() {
        context.makeCurrent()
        renderer.release()
        fonts.shutdown()
        context.destroy()
    }
}

/// What an offscreen target holds when the next frame is drawn into it.
package enum RedrawPolicy: Sendable {
    /// Nothing known: every frame is drawn whole (stills, goldens).
    case whole
    /// The frame before: each frame redraws only what changed since (record, batches).
    case partial
    /// As a window's swap chain: frame i finds the frame `age(i)` frames before it (0: unknown,
    /// drawn whole; 1: the one before; 2 or 3: older, put back from a history of the last three).
    case bufferAge(@Sendable (Int) -> Int)

    func bufferAge(frame i: Int) -> Int {
        switch self {
        case .whole: 0
        case .partial: i == 0 ? 0 : 1
        case .bufferAge(let age): age(i)
        }
    }
    /// Whether the renderer may rely on the target between frames.
    var keepsTarget: Bool { if case .whole = self { return false } else { return true } }
    var keepsHistory: Bool { if case .bufferAge = self { return true } else { return false } }
}
