import Foundation
import RadialCore
import RadialGL
import RadialText
import RadialVector

/// How a page is pictured by `Page.render`, `Page.write` and `Page.record`: everything a
/// `FrameRequest` says but the time, plus the locale numbers are written in.
public struct PictureOptions: Sendable, Hashable {
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

    /// The request for `page` at `time`, or without one the page's picture at rest (a still:
    /// every scan contact shown, see `Moment.still`).
    func request(for page: Page, at time: Double?, scene: PageScene) -> FrameRequest {
        var r = request(for: page, at: time ?? scene.restingTime)
        r.still = time == nil
        return r
    }
}

extension PictureOptions {
    /// Options for a `size`-point picture with numbers written for `locale` (`Locale(identifier: "de_DE")`).
    public init(size: Size = Size(800, 800), scale: Double = 1, theme: Theme? = nil, textSize: TextSize? = nil, reduceMotion: Bool = false,
                background: PageBackground? = nil, locale: Locale, controls: Bool = false) {
        self.init(size: size, scale: scale, theme: theme, textSize: textSize, reduceMotion: reduceMotion, background: background,
                  locale: locale.identifier, controls: controls)
    }

    /// Checks the options by the rules `radial` holds its own to, and throws a `RenderError` for
    /// the first they break: a size outside 16…8192 points, a scale outside 1…4, a locale the
    /// system does not know.
    public func validate() throws {
        if let problem = PictureRules.problem(self) { throw problem }
    }

    var formatting: Formatting { Formatting(localeIdentifier: locale) }
}

extension Page {
    /// Checks the page (`validate()`), the options and the time before anything is drawn.
    func check(_ options: PictureOptions, at time: Double?) throws(RenderError) {
        let problems = self.problems
        if !problems.isEmpty { throw .invalidPage(SpecError(problems: problems)) }
        if let problem = PictureRules.problem(options) { throw problem }
        if let problem = PictureRules.problem(time: time) { throw problem }
    }

    // MARK: Pixels

    /// The page as RGBA pixels (top row first), `options.size` points × `options.scale`, at
    /// `time` seconds on its clock, or at rest when `time` is nil (as `radial render` draws it).
    ///
    /// Headless: an EGL context with no window system, made on first use and shared by the
    /// process (calls from several threads take turns). The page and the options are checked
    /// first (`RenderError.invalidPage`, `.invalidSize`…).
    public func render(at time: Double? = nil, _ options: PictureOptions = PictureOptions()) throws -> RGBAImage {
        try pixels(at: time, options)
    }

    /// The pixels `render` returns, for the API's own callers.
    func pixels(at time: Double?, _ options: PictureOptions) throws(RenderError) -> RGBAImage {
        try check(options, at: time)
        if let problem = PictureRules.problem(pixelsOf: options, format: "png") { throw problem }
        return try SharedSession.shared.use { session in
            let scene = session.scene(for: self, formatting: options.formatting, controls: options.controls)
            return try session.image(of: scene, options.request(for: self, at: time, scene: scene))
        }
    }

    /// The page as RGBA pixels at `time` on its clock (`.milliseconds(450)`: mid-spring). Throws a `RenderError`.
    public func render(at time: Duration, _ options: PictureOptions = PictureOptions()) throws -> RGBAImage {
        try render(at: time.seconds, options)
    }

    /// The page as RGBA pixels `size` points × `scale`, at `time` (nil: at rest). Throws a `RenderError`.
    public func render(size: Size, scale: Double = 1, at time: Double? = nil) throws -> RGBAImage {
        try render(at: time, PictureOptions(size: size, scale: scale))
    }

    // MARK: In memory

    /// The page as the bytes of a PNG file, at `time` (nil: at rest), with no file made: for a
    /// server's response or a test. Byte for byte what `write(to: "x.png")` writes. Throws a `RenderError`.
    public func png(at time: Duration? = nil, _ options: PictureOptions = PictureOptions()) throws -> Data {
        try still(.png, quality: nil, at: time?.seconds, options)
    }

    /// The page as the bytes of a JPEG of `quality` (1…100). A JPEG has no transparency: a
    /// transparent background is refused (`.noTransparency`). Throws a `RenderError`.
    public func jpeg(quality: Int = 90, at time: Duration? = nil, _ options: PictureOptions = PictureOptions()) throws -> Data {
        try still(.jpg, quality: quality, at: time?.seconds, options)
    }

    /// The page as the bytes of a WebP of `quality` (1…99 lossy, 100 lossless). Throws a `RenderError`.
    public func webp(quality: Int = 90, at time: Duration? = nil, _ options: PictureOptions = PictureOptions()) throws -> Data {
        try still(.webp, quality: quality, at: time?.seconds, options)
    }

    /// The page as an SVG document (shapes as paths, text as glyph outlines with its words in
    /// titles), `options.size` CSS pixels; `options.scale` does not apply. Throws a `RenderError`.
    public func svg(at time: Duration? = nil, _ options: PictureOptions = PictureOptions()) throws -> Data {
        try check(options, at: time?.seconds)
        return try Self.running { () throws -> Data in
            let session = try VectorSession()
            defer { session.close() }
            let scene = session.scene(for: self, formatting: options.formatting, controls: options.controls)
            let request = options.request(for: self, at: time?.seconds, scene: scene)
            scene.draw(into: session.frame, request)
            return Data(session.renderer.svg(session.frame, size: request.size, title: documentTitle).utf8)
        }
    }

    /// The page as a one-page PDF (shapes as curves, text as text), `options.size` points. Throws a `RenderError`.
    public func pdf(at time: Duration? = nil, _ options: PictureOptions = PictureOptions()) throws -> Data {
        try check(options, at: time?.seconds)
        return try Self.running { () throws -> Data in
            let session = try VectorSession()
            defer { session.close() }
            let scene = session.scene(for: self, formatting: options.formatting, controls: options.controls)
            let request = options.request(for: self, at: time?.seconds, scene: scene)
            scene.draw(into: session.frame, request)
            let bytes = PDFBytes()
            let document = try PDFDocument(renderer: session.renderer, size: request.size, title: documentTitle, sink: { bytes.data.append(contentsOf: $0); return true })
            try document.add(session.frame, size: request.size)
            try document.finish()
            return bytes.data
        }
    }

    /// A still of pixels in memory: checked, drawn, encoded.
    func still(_ format: StillFormat, quality: Int?, at time: Double?, _ options: PictureOptions) throws(RenderError) -> Data {
        let encoding = try stillEncoding(format, quality: quality, options, at: time)
        let image = try pixels(at: time, options)
        do { return try StillFile.data(image, encoding: encoding) } catch { throw RenderError.cannotWrite(path: "memory", reason: error.description) }
    }

    /// The encoding of a still, after the rules a still of `format` is held to: quality where it
    /// applies, transparency where the format has it, the format's and the memory's limits.
    func stillEncoding(_ format: StillFormat, quality: Int?, _ options: PictureOptions, at time: Double?) throws(RenderError) -> StillEncoding {
        try check(options, at: time)
        if let quality {
            if !format.takesQuality { throw RenderError.qualityNotApplicable(format: format.rawValue) }
            if let problem = PictureRules.problem(quality: quality) { throw problem }
        }
        if let problem = PictureRules.problem(still: format, background: options.background ?? background ?? .opaque) { throw problem }
        var encoding = StillEncoding(format: format, quality: quality ?? StillEncoding.defaultQuality)
        encoding.background = Palette.of(options.theme ?? theme ?? .light).pageBackground
        guard !format.isVector else { return encoding }
        let (w, h) = (Int((options.size.width * options.scale).rounded()), Int((options.size.height * options.scale).rounded()))
        if let problem = PictureRules.problem(still: format, width: w, height: h) { throw problem }
        if let problem = MemoryBudget.problem(MemoryBudget.still(width: w, height: h, encoding: encoding)) { throw problem }
        return encoding
    }

    // MARK: Files

    /// Writes the page to `path`, the format by its extension: `.png`, `.jpg`, `.webp` (pixels;
    /// `quality` for JPEG and WebP, default 90), `.svg` or `.pdf` (vectors: shapes as curves,
    /// text as text). Written to a temporary beside `path` and renamed over it only when whole:
    /// on any error nothing is left behind. Throws a `RenderError`.
    public func write(to path: String, at time: Double? = nil, _ options: PictureOptions = PictureOptions(), quality: Int? = nil) throws {
        guard let format = StillFormat(path: path) else { throw RenderError.unsupportedFormat(path: path) }
        let encoding = try stillEncoding(format, quality: quality, options, at: time)
        if format.isVector {
            try Self.running { () throws in
                let session = try VectorSession()
                defer { session.close() }
                let scene = session.scene(for: self, formatting: options.formatting, controls: options.controls)
                let request = options.request(for: self, at: time, scene: scene)
                scene.draw(into: session.frame, request)
                if format == .svg {
                    try VectorFile.writeSVG(session.frame, size: request.size, title: documentTitle, renderer: session.renderer, to: path)
                } else {
                    let pdf = try VectorFile.PDF(path: path, firstPage: request.size, title: documentTitle, renderer: session.renderer)
                    try pdf.add(session.frame, size: request.size)
                    try pdf.finish()
                }
            }
            return
        }
        let image = try pixels(at: time, options)
        do { try StillFile.write(image, to: path, encoding: encoding) } catch { throw RenderError.cannotWrite(path: path, reason: Self.reason(error.description, path: path)) }
    }

    /// Writes the page to the file `url` names, the format by its extension (`write(to:at:_:quality:)`). Throws a `RenderError`.
    public func write(to url: URL, at time: Duration? = nil, _ options: PictureOptions = PictureOptions(), quality: Int? = nil) throws {
        try write(to: url.path, at: time?.seconds, options, quality: quality)
    }

    // MARK: Video

    /// The page's animation as a video or animated image, the format by `path`'s extension:
    /// `.mp4`, `.webm`, `.gif`, `.webp`, `.apng` (through Debian's `ffmpeg`), or a folder
    /// (`frames/`) of numbered PNGs, as `radial record` makes it: `fps` frames a second (default
    /// 60, a GIF 50), from `from` (default 0) until `to`, or `turns` whole turns of a scan, or
    /// every chart at rest and half a second more; `quality` 1…100 for MP4, WebM and WebP.
    ///
    /// Everything is checked before the first frame (the page, the options, an MP4's even size,
    /// a GIF's frame rate, a transparent background where the format has none), ffmpeg's failure
    /// is reported as `.encoderFailed` (the process is never killed by a closed pipe), and on any
    /// error nothing is left behind, no temporary either. Throws a `RenderError`.
    public func record(to path: String, fps: Double? = nil, from: Duration? = nil, to: Duration? = nil, turns: Int? = nil,
                       quality: Int? = nil, _ options: PictureOptions = PictureOptions()) throws {
        let plan = try recordingPlan(path, fps: fps, from: from?.seconds, to: to?.seconds, turns: turns, quality: quality, options)
        try Self.running { () throws in
            try SharedSession.shared.use { session in
                let scene = session.scene(for: self, formatting: options.formatting, controls: options.controls)
                let times = try RecordingTimes.times(scene: scene, fps: plan.fps, from: from?.seconds, to: to?.seconds, turns: turns,
                                                     reduceMotion: options.reduceMotion)
                let request = options.request(for: self, at: 0)
                let writer: any FrameWriter = if let ffmpeg = plan.ffmpeg {
                    try FFmpegWriter(ffmpeg: ffmpeg, format: plan.format, width: request.pixelWidth, height: request.pixelHeight, fps: plan.fps,
                                     quality: plan.quality, alpha: request.background.isTransparent, out: path)
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
    }

    /// Records the page to the file or folder `url` names (`record(to:fps:from:to:turns:quality:_:)`). Throws a `RenderError`.
    public func record(to url: URL, fps: Double? = nil, from: Duration? = nil, to: Duration? = nil, turns: Int? = nil,
                       quality: Int? = nil, _ options: PictureOptions = PictureOptions()) throws {
        try record(to: url.hasDirectoryPath ? url.path + "/" : url.path, fps: fps, from: from, to: to, turns: turns, quality: quality, options)
    }

    /// What a recording will be, after every rule `radial record` checks before its first frame.
    private func recordingPlan(_ path: String, fps: Double?, from: Double?, to: Double?, turns: Int?, quality: Int?,
                               _ options: PictureOptions) throws(RenderError) -> (format: RecordFormat, fps: Double, quality: Int?, ffmpeg: String?) {
        if StillFormat(path: path)?.isVector == true { throw RenderError.unsupportedFormat(path: path) }
        let format = try RecordFormat.of(path)
        try check(options, at: from)
        if let problem = PictureRules.problem(time: to) { throw problem }
        var rate = fps ?? format.defaultFPS
        guard PictureRules.frameRate.contains(rate) else { throw .invalidFrameRate(rate) }
        if let problem = format.problem(withFPS: rate) { throw problem }
        rate = format.exactRate(rate)
        if let quality, let problem = format.problem(quality: quality) { throw problem }
        if let to, to <= from ?? 0 { throw .invalidTimeRange(from: from ?? 0, to: to) }
        if to != nil && turns != nil { throw .endAndTurns }
        if let turns, turns < 1 { throw .noScanToTurn }
        if (options.background ?? background ?? .opaque).isTransparent, let problem = format.transparencyProblem { throw problem }
        let (w, h) = (Int((options.size.width * options.scale).rounded()), Int((options.size.height * options.scale).rounded()))
        if let problem = format.problem(width: w, height: h) { throw problem }
        var ffmpeg: String?
        if format.needsFFmpeg {
            guard let found = FFmpegWriter.locate() else { throw .ffmpegMissing }
            ffmpeg = found
        }
        if let problem = MemoryBudget.problem(MemoryBudget.recording(width: w, height: h)) { throw problem }
        do { try AtomicOutput.checkWritable(path, kind: format == .folder ? .folder : .file) } catch {
            throw RenderError.cannotWrite(path: path, reason: error.description)
        }
        return (format, rate, quality ?? format.defaultQuality, ffmpeg)
    }

    // MARK: Geometry

    /// What the picture at `time` (nil: at rest) shows, as drawn, in output pixels: every chart,
    /// text and element with its box. `geometry().json()` is what `radial render --geometry` writes. Throws a `RenderError`.
    public func geometry(at time: Double? = nil, _ options: PictureOptions = PictureOptions()) throws -> PageGeometry {
        try check(options, at: time)
        return try Self.running { () throws -> PageGeometry in
            let session = try VectorSession()
            defer { session.close() }
            let scene = session.scene(for: self, formatting: options.formatting, controls: options.controls)
            return scene.pageGeometry(options.request(for: self, at: time, scene: scene))
        }
    }

    /// What the picture at `time` shows, as drawn (`geometry(at:_:)` with a `Duration`). Throws a `RenderError`.
    public func geometry(at time: Duration, _ options: PictureOptions = PictureOptions()) throws -> PageGeometry {
        try geometry(at: time.seconds, options)
    }

    /// The geometry as JSON text, as `radial render --geometry` writes it. Throws a `RenderError`.
    @available(*, deprecated, message: "geometry(at:_:) is a PageGeometry now; its json() is this text")
    @_disfavoredOverload
    public func geometry(at time: Double? = nil, _ options: PictureOptions = PictureOptions()) throws -> String {
        let geometry: PageGeometry = try geometry(at: time, options)
        return geometry.json()
    }

    // MARK: Errors

    /// `body`, with whatever the layers under the API throw said as a `RenderError`.
    static func running<T>(_ body: () throws -> T) throws(RenderError) -> T {
        do { return try body() } catch { throw RenderError(error) }
    }

    /// A lower layer's message with its temporary's name as the path the caller gave.
    static func reason(_ text: String, path: String) -> String {
        let prefix = "Could not write \(path): "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}

/// The bytes of a PDF as cairo hands them over.
private final class PDFBytes { var data = Data() }

extension RenderError {
    /// What a layer under the API threw, as the API's one error.
    init(_ error: any Error) {
        switch error {
        case let e as RenderError: self = e
        case let e as SpecError: self = .invalidPage(e)
        case let e as RecordError:
            switch e {
            case .ffmpegMissing: self = .ffmpegMissing
            case .ffmpegDidNotStart(let path, let reason): self = .encoderFailed("could not start \(path): \(reason)")
            case .ffmpegFailed(let how, let said, _): self = .encoderFailed(how + said)
            case .incomplete(let out, let why), .frameNotWritten(let out, let why): self = .cannotWrite(path: out, reason: why)
            }
        case let e as OutputError:
            switch e {
            case .notRegular(let path, _), .isInput(let path, _), .folderMissing(let path, _), .folderNotWritable(let path, _, _),
                 .cannotCreateFolder(let path, _), .cannotWrite(let path, _), .incomplete(let path, _), .folderNotEmpty(let path):
                self = .cannotWrite(path: path, reason: e.description)
            }
        case let e as StillFile.Failure: self = .cannotWrite(path: "", reason: e.description)
        case let e as PNGFile.Failure: self = .cannotWrite(path: "", reason: e.description)
        default: self = .graphicsUnavailable("\(error)")
        }
    }
}

extension RGBAImage {
    /// Writes the pixels to `path`, the format by its extension: `.png`, `.jpg` (`quality`
    /// 1…100) or `.webp` (100 is lossless). Written whole or not at all (a temporary renamed). Throws a `RenderError`.
    public func write(to path: String, quality: Int? = nil) throws {
        guard let format = StillFormat(path: path), !format.isVector else { throw RenderError.unsupportedFormat(path: path) }
        if let quality {
            if !format.takesQuality { throw RenderError.qualityNotApplicable(format: format.rawValue) }
            if let problem = PictureRules.problem(quality: quality) { throw problem }
        }
        do { try StillFile.write(self, to: path, encoding: StillEncoding(format: format, quality: quality ?? StillEncoding.defaultQuality)) } catch {
            throw RenderError.cannotWrite(path: path, reason: Page.reason(error.description, path: path))
        }
    }

    /// Writes the pixels to the file `url` names (`write(to:quality:)`). Throws a `RenderError`.
    public func write(to url: URL, quality: Int? = nil) throws { try write(to: url.path, quality: quality) }
}

/// The process's headless GL session, made on first use, used by one caller at a time.
final class SharedSession: @unchecked Sendable {
    static let shared = SharedSession()
    private let lock = NSLock()
    private var session: GraphicsSession?

    func use<T>(_ body: (GraphicsSession) throws -> T) throws(RenderError) -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            if session == nil { session = try GraphicsSession() }
            return try body(session!)
        } catch {
            throw RenderError(error)
        }
    }
}
