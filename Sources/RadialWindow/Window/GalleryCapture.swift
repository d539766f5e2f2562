import Foundation
import RadialRender
import RadialText
import RadialCore
import RadialGL

extension GalleryApp {
    /// S: the page as shown, at the window's pixel size (a page taller than the window whole,
    /// as tall as it is laid out), to radial-DATE.png in the pictures folder (xdg-user-dirs),
    /// else the current folder.
    package func screenshot() {
        let fb = window.framebufferSize, ws = window.size
        guard fb.width > 0, ws.width > 0 else { return }
        let scale = Double(fb.width) / Double(ws.width)
        let size = pageSize(window: Size(Double(fb.width) / scale, Double(fb.height) / scale))
        do {
            let image = try session.image(of: pages[current].scene, frameRequest(size: size, scale: scale))
            // image(of:) lets go of the context when it is done: the window draws on with it.
            session.makeCurrent()
            let path = UserDirs.folder("PICTURES") + "/radial-\(Self.stamp()).png"
            try PNGFile.write(image, to: path)
            try? StandardStreams.line("Saved \(path)")
            say("Saved \(path)")
        } catch {
            say("Screenshot failed: \(error)")
        }
    }

    package static func stamp() -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: Date())
    }

    /// Shift+S: the page from its start until it settles (whole turns for a scan), as
    /// `radial record` makes it (MP4, 60 frames a second, no window controls), at the window's
    /// size, to radial-DATE.mp4 in the videos folder (xdg-user-dirs), else the current folder.
    /// The window waits while it encodes (a few seconds).
    package func recordPage() {
        guard let ffmpeg = FFmpegWriter.locate() else { say("Recording needs the ffmpeg command (scripts/setup installs it)"); return }
        let ws = windowSize
        // H.264 in yuv420p wants even sizes.
        let w = ws.width - ws.width % 2, h = ws.height - ws.height % 2
        guard w >= 16, h >= 16 else { return }
        let path = UserDirs.folder("VIDEOS") + "/radial-\(Self.stamp()).mp4"
        let scene = PageScene(page: pages[current].scene.page, measurer: fonts, formatting: formatting, controls: false)
        do {
            let times = try RecordingTimes.times(scene: scene, fps: 60, from: nil, to: nil, turns: nil, reduceMotion: reduceMotion)
            let writer = try FFmpegWriter(ffmpeg: ffmpeg, format: .mp4, width: w, height: h, fps: 60, quality: nil, out: path)
            do {
                try session.renderFrames(of: scene, frameRequest(size: Size(Double(w), Double(h)), scale: 1), times: times,
                                         redraw: .partial) { _, image in try writer.write(image) }
                try writer.finish()
            } catch {
                writer.cancel()
                throw error
            }
            renderer.forgetTarget()   // the window's back buffer no longer matches what was drawn last
            try? StandardStreams.line("Recorded \(path)")
            say("Recorded \(path)")
        } catch {
            renderer.forgetTarget()
            say("Recording failed: \(error)")
        }
        // renderFrames lets go of the context when it is done: the window draws on with it.
        session.makeCurrent()
        needsRedraw = true
    }
}
