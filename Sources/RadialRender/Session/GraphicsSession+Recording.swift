import RadialText
import RadialCore
import RadialGL

extension GraphicsSession {
    /// Renders the page at each of `times` into one offscreen target and hands each (index,
    /// image; top row first) to `body` in order. The context stays current for the whole run,
    /// so `record` and batch `render` set it up once for every frame and page. Frames are drawn
    /// exactly as `image(of:...)` draws one, so they are the same bytes as `radial render --at`;
    /// with `partial`, each frame after the first redraws only what changed (the target keeps
    /// the last), which the window's tests hold to the same pixels.
    public func renderFrames(of scene: PageScene, size: Size, scale: Double, times: [Double], theme: Theme, reduceMotion: Bool,
                             partial: Bool = false, _ body: (Int, RGBAImage) throws -> Void) throws {
        makeCurrent()
        defer { releaseCurrent() }
        let target = try OffscreenTarget(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        defer { target.release(); OffscreenTarget.bindDefault(); renderer.forgetTarget() }
        renderer.forgetTarget()
        for (i, t) in times.enumerated() {
            target.bind()
            scene.draw(into: frame, size: size, scale: scale, time: t, theme: theme, reduceMotion: reduceMotion)
            try renderer.render(frame, bufferAge: partial ? 1 : 0)
            if !partial { renderer.forgetTarget() }
            try body(i, target.read())
        }
    }
}
