import Foundation
import RadialWindow
import RadialRender
import RadialCore

/// `radial record (FILE | --demo NAME) --out OUT.mp4|.webm|.gif|.webp|.apng|DIR`: the page's
/// animation rendered offscreen at exact times `from + i/fps` and encoded by `ffmpeg` (or written
/// as numbered PNGs), with rendering and encoding overlapped.
struct RecordCommand {
    var source: PageSource
    var out: String
    var format: RecordFormat
    var fps: Double
    var from: Double?
    var to: Double?
    var turns: Int?
    var size = Size(800, 800)
    var scale = 1.0
    var theme: Theme?
    var reduceMotion = false
    var palette: CategoricalPalette?
    var locale: String?
    var quality: Int?
    var quiet = false
    var compression = PNGFile.Compression.fast
    /// The audio graph under the video (`--audio`).
    var audio = false
    /// The appearance options, `--background` and the rest.
    var values: OptionValues

    /// Recordings longer than this many frames are refused as a mistake (10 minutes at 60 fps).
    static let maximumFrames = RecordingTimes.maximumFrames

    init(_ values: OptionValues, _ operands: [String]) throws {
        self.values = values
        source = try values.singleSource(operands, command: "record")
        guard let o = values.out, !o.isEmpty else { throw UsageError("`radial record` needs --out OUT.mp4 (or .webm, .gif, .webp, .apng, or a folder).") }
        let ext = PathText.name(of: o).split(separator: ".").last.map { $0.lowercased() } ?? ""
        if ["svg", "pdf"].contains(ext) {
            throw UsageError("An \(ext.uppercased()) holds one still, not an animation; use `radial render --out \(o)` (with --at for the moment), or record to .mp4, .webm, .gif, .webp or .apng.")
        }
        let format: RecordFormat
        do { format = try RecordFormat.of(o) } catch { throw UsageError(error) }
        if values.audio && format != .mp4 && format != .webm {
            throw UsageError("--audio needs a video with a sound track: .mp4 or .webm, not \(format == .folder ? "a folder of PNGs" : "." + format.rawValue).")
        }
        audio = values.audio
        if let b = values.background, b.isTransparent, let why = format.transparencyProblem { throw UsageError(why) }
        let quality = values.quality, from = values.from, to = values.to, turns = values.turns
        let size = values.size ?? Size(800, 800), scale = values.scale ?? 1
        if let q = quality, format.defaultQuality == nil {
            throw UsageError("--quality \(q) does not apply to \(format == .folder ? "a folder of PNGs" : "." + format.rawValue), which is stored without loss (GIF: 256 colors).")
        }
        if values.compression != nil && format != .folder {
            throw UsageError("--compress is for a folder of PNG frames; a .\(format.rawValue) file's size is set by --quality.")
        }
        var rate = values.fps ?? format.defaultFPS
        if let why = format.problem(withFPS: rate) { throw UsageError(why) }
        rate = format.exactRate(rate)
        if let t = to, let f = from, t <= f { throw UsageError("--to (\(t) s) must be after --from (\(f) s).") }
        if to != nil && turns != nil { throw UsageError("Give --to or --turns, not both.") }
        let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
        if let why = format.problem(width: w, height: h) { throw UsageError(why) }
        try AtomicOutput.check(o, kind: format == .folder ? .folder : .file, inputs: InputSet([source]))
        self.out = o; self.format = format; self.fps = rate; self.from = from; self.to = to; self.turns = turns
        self.size = size; self.scale = scale; self.theme = values.theme; self.palette = values.palette
        self.reduceMotion = values.reduceMotionOrEnvironment; self.locale = values.locale
        self.quality = quality ?? format.defaultQuality; self.quiet = values.quiet; self.compression = values.pngCompression ?? .fast
    }

    // MARK: - Standard input

    /// Standard input, read to its end with the time each piece arrived: a page (one document,
    /// pretty-printed or not), or a stream of pages and updates whose every line that changes the
    /// page becomes a state, at its arrival time (or, with `--frame-time`, one state per line).
    static func readStandardInput(_ values: OptionValues) throws -> (Page, StreamStates.Recording?) {
        var chunks: [(time: Double, bytes: [UInt8])] = []
        var total = 0
        let limit = 64 * 1024 * 1024
        var start: Double?
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw UsageError("standard input cannot be read: \(String(cString: strerror(errno))).") }
            if n == 0 { break }
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            let now = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
            if start == nil { start = now }
            total += n
            guard total <= limit else { throw UsageError("standard input is larger than \(limit / 1024 / 1024) MiB, the most `radial record -` keeps.") }
            chunks.append((now - start!, Array(buffer[..<n])))
        }
        let all = chunks.flatMap(\.bytes)
        do {
            let page = try Spec.decode(all)
            return (values.compactNumbers ? page.applyingCompactNumbers() : page, nil)
        } catch {
            // Not one document: a stream of lines, when its lines hold a page.
            guard let recording = StreamStates.record(chunks, hold: values.frameTime), recording.states.count > 0,
                  all.split(separator: UInt8(ascii: "\n")).filter({ !$0.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 } }).count > 1 else {
                throw UsageError("standard input is not a valid chart file:\n" + error.problems.map { "  " + $0.description }.joined(separator: "\n")
                                 + "\n  (a stream of pages and updates, one JSON object a line, is recorded too; none of its lines held a page)")
            }
            for p in recording.problems { StandardStreams.err("warning: standard input: \(p)\n") }
            guard recording.states.count <= SpecLimits.frames * 10 else {
                throw UsageError("standard input changed the page \(recording.states.count) times; a recording takes at most \(SpecLimits.frames * 10).")
            }
            var page = recording.states[recording.states.count - 1].page
            page.frames = recording.states
            if let palette = values.palette { page = page.applyingPalette(palette) }
            if let legend = values.legend { page = page.applyingLegend(legend) }
            return (values.compactNumbers ? page.applyingCompactNumbers() : page, recording)
        }
    }

    // MARK: - Timing

    // MARK: - Running

    func run() throws {
        // `record -`: one page, or a stream of pages and updates, each line a state.
        var streamed: StreamStates.Recording?
        let loaded: Page
        if case .file("-") = source {
            (loaded, streamed) = try Self.readStandardInput(values)
        } else {
            loaded = try values.load(source)
        }
        let page = try values.chosenState(of: loaded, source: source) ?? loaded
        let background = values.background(for: page)
        if values.background == nil, background.isTransparent, let why = format.transparencyProblem {
            throw UsageError("The page asks for \"background\": \"\(background.rawValue)\". " + UsageError(why).description + " Or give --background opaque.")
        }
        let ffmpeg: String?
        if format.needsFFmpeg {
            guard let path = FFmpegWriter.locate() else { throw RecordError.ffmpegMissing(format: format.rawValue) }
            ffmpeg = path
        } else {
            ffmpeg = nil
        }
        try AtomicOutput.checkWritable(out, kind: format == .folder ? .folder : .file)
        let (pw, ph) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
        try MemoryBudget.check(MemoryBudget.recording(width: pw, height: ph), what: "A \(pw)×\(ph) recording")
        let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        Warnings.report(page, source: source, formatting: formatting)
        let headless = try GraphicsSession.headless(command: "record")
        defer { headless.close() }
        // A recording is watched, not clicked: no window controls.
        let scene = headless.scene(for: page, formatting: formatting, controls: false)
        let theme = self.theme ?? page.theme ?? .light
        // A page with states plays them all, each springing from the one before.
        let sequence: StateSequence? = page.frames.isEmpty ? nil
            : StateSequence(page.states, hold: values.holdSeconds, starts: streamed?.starts, reduceMotion: reduceMotion) { p, previous, at in
                headless.scene(for: p, formatting: formatting, controls: false, continuing: previous, at: at)
            }
        let times: [Double]
        if let sequence {
            times = try RecordingTimes.times(settle: sequence.settleTime, fps: fps, from: from, to: to, turns: turns)
        } else {
            do { times = try RecordingTimes.times(scene: scene, fps: fps, from: from, to: to, turns: turns, reduceMotion: reduceMotion) } catch {
                throw UsageError(error)
            }
        }
        let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))

        // Ctrl+C, SIGTERM and the rest: Cleanup kills and reaps ffmpeg, removes the temporary
        // output and says so, however stuck the frame loop is. Writing to a pipe whose reader
        // died must not kill the process (SIGPIPE), so that a failing ffmpeg is reported instead.
        signal(SIGPIPE, SIG_IGN)
        Cleanup.onInterruption(say: "recording interrupted; nothing was written to \(out).")
        defer { Cleanup.onInterruption(say: nil) }
        let writer: FrameWriter = if let ffmpeg {
            try FFmpegWriter(ffmpeg: ffmpeg, format: format, width: w, height: h, fps: fps, quality: quality, alpha: background.isTransparent, out: out)
        } else {
            try PNGFolderWriter(out: out, compression: compression)
        }
        var progress = Progress(total: times.count, enabled: !quiet && StandardStreams.errIsTerminal)
        do {
            var request = FrameRequest(size: size, scale: scale, theme: theme, reduceMotion: reduceMotion,
                                       textSize: values.textSize ?? page.textSize ?? .large, background: background)
            request.patterns = values.patterns
            let missingGlyphs = MissingGlyphWarnings()
            try headless.renderFrames(of: scene, request, times: times, redraw: .partial, scenes: sequence.map { s in { s.scene(at: $0) } }) { i, image in
                missingGlyphs.report(headless.frame, source: source)
                try writer.write(image)
                progress.update(done: i + 1)
            }
            progress.update(done: times.count, final: true)
            if audio, let ffmpeg, let video = writer as? FFmpegWriter {
                // The sound track goes into the temporary before it is checked and put in place.
                let sound = AudioGraph.wav(AudioGraph(page: page, formatting: formatting).samples())
                try video.finish { temp in try ListenCommand.addSoundTrack(sound, to: temp, out: out, format: format, ffmpeg: ffmpeg) }
            } else {
                try writer.finish()
            }
        } catch {
            writer.cancel()
            progress.clear()
            throw error
        }
        progress.finish(out: out, frames: times.count, fps: fps, width: w, height: h)
    }
}

/// Frames done / total, frames a second and time left, on one line of standard error that is
/// rewritten in place; only when standard error is a terminal.
struct Progress {
    let total: Int
    let enabled: Bool
    private let start = Date()
    private var last = Date.distantPast

    init(total: Int, enabled: Bool) { self.total = total; self.enabled = enabled }

    mutating func update(done: Int, final: Bool = false) {
        guard enabled else { return }
        let now = Date()
        guard final || now.timeIntervalSince(last) >= 0.1 else { return }
        last = now
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let line = String(format: "\rrecording: %d/%d frames, %.0f frames/s, %.1f s left ", done, total, rate, left)
        StandardStreams.err(line)
    }

    func clear() {
        guard enabled else { return }
        StandardStreams.err("\r" + String(repeating: " ", count: 60) + "\r")
    }

    func finish(out: String, frames: Int, fps: Double, width: Int, height: Int) {
        guard enabled else { return }
        clear()
        let bytes = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? nil
        let elapsed = Date().timeIntervalSince(start)
        var line = String(format: "radial: wrote %@: %d frames, %d×%d, %@ fps, %.2f s of animation, in %.2f s",
                          out, frames, width, height, RecordFormat.rate(fps), Double(frames) / fps, elapsed)
        if let bytes, !out.hasSuffix("/"), (out as NSString).pathExtension != "" { line += String(format: " (%.1f KB)", Double(bytes) / 1024) }
        StandardStreams.err(line + "\n")
    }
}
