import Foundation
import RadialCore
import RadialGL

extension GalleryApp {
    /// S: the page as shown, at the window's pixel size, to radial-DATE.png in the current folder.
    func screenshot() {
        let fb = window.framebufferSize, ws = window.size
        guard fb.width > 0, ws.width > 0 else { return }
        let scale = Double(fb.width) / Double(ws.width)
        let size = Size(Double(ws.width), Double(ws.height))
        do {
            let target = try OffscreenTarget(width: fb.width, height: fb.height)
            defer { target.release(); OffscreenTarget.bindDefault() }
            target.bind()
            pages[current].scene.draw(into: frame, size: size, scale: scale, time: timeline.time, theme: theme, reduceMotion: reduceMotion)
            try renderer.render(frame)
            let f = DateFormatter()
            f.dateFormat = "yyyyMMdd-HHmmss"
            let path = "radial-\(f.string(from: Date())).png"
            // The window's back buffer no longer matches what the renderer drew last.
            renderer.forgetTarget()
            try PNGFile.write(target.read(), to: path)
            print("Saved \(path)")
            say("Saved \(path)")
        } catch {
            say("Screenshot failed: \(error)")
        }
    }
}
