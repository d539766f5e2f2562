import Foundation
import RadialCore
import RadialGL
import RadialText
import RadialVector

/// How a page is pictured by `Page.render`, `Page.write` and `Page.record`: everything a
/// `FrameRequest` says but the time, plus the locale numbers are written in.
public struct PictureOptions: Sendable, Equatable {
    /// The canvas in points.
    public var size: Size
    /// Pixels per point (2 for HiDPI screens and slides).
    public var scale: Double
    /// nil: the page's theme, else light.
    public var theme: Theme?
    /// nil: the page's text size, else `large` (the seeds' sizes).
    public var textSize: TextSize?
    /// Final states from the first frame, no sweep (default false).
    public var reduceMotion: Bool
    /// nil: the page's background, else opaque.
    public var background: PageBackground?
    /// How numbers and currencies are written: `en_US`, `de_DE`…
    public var locale: String
    /// Whether the window's controls (the radar's Replay button) are drawn too.
    public var controls: Bool

    /// Options for an 800×800-point picture, one pixel a point, in the page's theme, text size and background, numbers as in `en_US`, without controls.
    public init(size: Size = Size(800, 800), scale: Double = 1, theme: Theme? = nil, textSize: TextSize? = nil, reduceMotion: Bool = false,
                background: PageBackground? = nil, locale: String = "en_US", controls: Bool = false) {
        self.size = size; self.scale = scale; self.theme = theme; self.textSize = textSize; self.reduceMotion = reduceMotion
        self.background = background; self.locale = locale; self.controls = controls
    }

    /// The frame request for `page` at `time`.
    func request(for page: Page, at time: Double) -> FrameRequest {
        FrameRequest(size: size, scale: scale, time: time, theme: theme ?? page.theme ?? .light, reduceMotion: reduceMotion,
                     textSize: textSize ?? page.textSize ?? .large, background: background ?? page.background ?? .opaque)
    }
}

/// Why a picture or a video of a page could not be made.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}

extension Page {
    /// The page as RGBA pixels (top row first), `options.size` points × `options.scale`, at
    /// `time` seconds on its clock, or at rest when `time` is nil (as `radial render` draws it).
    ///
    /// Headless: an EGL context with no window system, made on first use and shared by the
    /// process (calls from several threads take turns).
    public func render(at time: Double? = nil, _ options: PictureOptions = PictureOptions()) throws -> RGBAImage {
        try SharedSession.shared.use { session in
            let scene = session.scene(for: self, formatting: Formatting(localeIdentifier: options.locale), controls: options.controls)
            return try session.image(of: scene, options.request(for: self, at: time ?? scene.restingTime))
        }
    }

    /// The page as RGBA pixels `size` points × `scale`, at `time` (nil: at rest).
    public func render(size: Size, scale: Double = 1, at time: Double? = nil) throws -> RGBAImage {
        try render(at: time, PictureOptions(size: size, scale: scale))
    }

    /// Writes the page to `path`, the format by its extension: `.png`, `.jpg`, `.webp` (pixels),
    /// `.svg` or `.pdf` (vectors: shapes as curves, text as text). Written to a temporary beside
    /// `path` and renamed over it only when whole.
    public func write(to path: String, at time: Double? = nil, _ options: PictureOptions = PictureOptions(), quality: Int = 90) throws {
        guard let format = StillFormat(path: path) else {
            throw RenderError("\(path) should end in .png, .jpg, .webp, .svg or .pdf.")
        }
        if format.isVector {
            let session = try VectorSession()
            let scene = session.scene(for: self, formatting: Formatting(localeIdentifier: options.locale), controls: options.controls)
            let request = options.request(for: self, at: time ?? scene.restingTime)
            scene.draw(into: session.frame, request)
            if format == .svg {
                try VectorFile.writeSVG(session.frame, size: request.size, title: documentTitle, renderer: session.renderer, to: path)
            } else {
                let pdf = try VectorFile.PDF(path: path, firstPage: request.size, title: documentTitle, renderer: session.renderer)
                try pdf.add(session.frame, size: request.size)
                try pdf.finish()
            }
            return
        }
        let image = try render(at: time, options)
        try image.write(to: path, quality: quality, background: (options.theme ?? theme ?? .light))
    }

    /// The page's animation as a video or animated image, the format by `path`'s extension:
    /// `.mp4`, `.webm`, `.gif`, `.webp`, `.apng` (through Debian's `ffmpeg`), or a folder
    /// (`frames/`) of numbered PNGs. From the first frame until every chart has come to rest and
    /// half a second more; a page with a turning scan records one whole turn, a seamless loop.
    public func record(to path: String, fps: Int = 60, _ options: PictureOptions = PictureOptions()) throws {
        let format: RecordFormat
        do { format = try RecordFormat.of(path) } catch { throw RenderError(error.description) }
        var ffmpeg: String?
        if format.needsFFmpeg {
            guard let found = FFmpegWriter.locate() else {
                throw RenderError("Recording .\(format.rawValue) needs the ffmpeg command, and there is none on PATH (Debian: apt install ffmpeg).")
            }
            ffmpeg = found
        }
        try SharedSession.shared.use { session in
            let scene = session.scene(for: self, formatting: Formatting(localeIdentifier: options.locale), controls: options.controls)
            let times: [Double]
            do {
                times = try RecordingTimes.times(scene: scene, fps: Double(fps), from: nil, to: nil, turns: nil, reduceMotion: options.reduceMotion)
            } catch { throw RenderError("\(error)") }
            let request = options.request(for: self, at: 0)
            let alpha = request.background != .opaque
            let writer: any FrameWriter = if let ffmpeg {
                try FFmpegWriter(ffmpeg: ffmpeg, format: format, width: request.pixelWidth, height: request.pixelHeight, fps: Double(fps),
                                 quality: nil, alpha: alpha, out: path)
            } else {
                try PNGFolderWriter(out: path, compression: .fast)
            }
            do {
                try session.renderFrames(of: scene, request, times: times, redraw: .partial) { _, image in try writer.write(image) }
                try writer.finish()
            } catch {
                writer.cancel()
                throw error
            }
        }
    }

    /// What `radial render --geometry` writes: every chart, text and element as drawn, in
    /// output pixels, as JSON.
    public func geometry(at time: Double? = nil, _ options: PictureOptions = PictureOptions()) throws -> String {
        let session = try VectorSession()
        let scene = session.scene(for: self, formatting: Formatting(localeIdentifier: options.locale), controls: options.controls)
        return scene.geometry(options.request(for: self, at: time ?? scene.restingTime)).serialized()
    }
}

extension RGBAImage {
    /// Writes the pixels to `path`, the format by its extension: `.png`, `.jpg` (`quality`
    /// 1…100) or `.webp` (100 is lossless). Written whole or not at all (a temporary renamed).
    public func write(to path: String, quality: Int = 90) throws {
        try write(to: path, quality: quality, background: .light)
    }

    func write(to path: String, quality: Int, background theme: Theme) throws {
        guard let format = StillFormat(path: path), !format.isVector else {
            throw RenderError("\(path) should end in .png, .jpg or .webp for pixels (use Page.write for .svg and .pdf).")
        }
        var encoding = StillEncoding(format: format, quality: min(max(quality, 1), 100))
        encoding.background = Palette.of(theme).pageBackground
        try StillFile.write(self, to: path, encoding: encoding)
    }
}

/// The process's headless GL session, made on first use, used by one caller at a time.
final class SharedSession: @unchecked Sendable {
    static let shared = SharedSession()
    private let lock = NSLock()
    private var session: GraphicsSession?

    func use<T>(_ body: (GraphicsSession) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if session == nil { session = try GraphicsSession() }
        return try body(session!)
    }
}
