import Foundation
import RadialWindow
import RadialRender
import RadialText
import RadialCore
import RadialGL

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
    var reduceMotion = DesktopSettings.reduceMotionFromEnvironment
    var locale: String?
    var quality: Int?
    var quiet = false
    var compression = PNGFile.Compression.fast
    /// The audio graph under the video (`--audio`).
    var audio = false
    /// `--background`: nil is the page's own (its file's "background"), else opaque.
    var background: PageBackground?

    /// Recordings longer than this many frames are refused as a mistake (10 minutes at 60 fps).
    static let maximumFrames = RecordingTimes.maximumFrames

    static let help = """
        Usage: radial record (FILE | - | --demo ebike|scan|pies) --out OUT [options]

        Records the page's animation to a video, an animated image or a folder of PNGs, frame by
        frame at exact times from + i/fps (the same pictures as `radial render --at`, without
        the window's controls). Encoding is done by the ffmpeg command (Debian: ffmpeg).
          --out PATH            .mp4 (H.264), .webm (VP9), .gif, .webp (animated), .apng, or a
                                folder (no extension) for frame-00000.png, ...; written whole or not at all
          --fps N               frames a second (default 60; 50 for .gif, whose delays are 1/100 s)
          --from SECONDS        first frame's time (default 0, or for a page with a scan the first
                                whole turn after everything else has settled)
          --to SECONDS          end (exclusive; default: once every chart has settled, plus 0.5 s)
          --turns N             for a page with a scan: whole turns to record (default 1), so the
                                recording loops seamlessly
          --size WxH            size in points (default 800x800)
          --scale N             pixels per point, 1...4 (default 1)
          --theme light|dark    override the page's theme
          --reduce-motion       final state from the first frame, no sweep
          --locale ID           locale for numbers and currency, e.g. en_US, de_DE
          --quality Q           1...100, higher is better and larger (.mp4/.webm default 65 = H.264
                                CRF 18; .webp default 80, 100 lossless); .gif/.apng/PNGs are lossless
          --compress fast|best  PNG compression for a folder of frames (default fast)
          --background opaque|transparent|none
                                behind the charts: the page's color (default), nothing (cards on a
                                transparent page) or not even the cards; .webm (VP9 with alpha),
                                .webp, .apng and PNG frames (an .mp4 or .gif cannot be transparent)
          --audio               .mp4/.webm: the page's audio graph (`radial listen`) as the sound track, from the first frame
          --quiet               no progress on standard error
        \(TableArguments.help)
        """

    init(arguments: [String]) throws(UsageError) {
        var list = ArgumentList(arguments, command: "record")
        var demo: String?, out: String?
        var fps: Double?, from: Double?, to: Double?, turns: Int?
        var size = Size(800, 800), scale = 1.0, theme: Theme?, reduce = DesktopSettings.reduceMotionFromEnvironment
        var locale: String?, quality: Int?, quiet = false, compression = PNGFile.Compression.fast, background: PageBackground?, audio = false
        var table = TableArguments()
        try list.parse { (name, value) throws(UsageError) in
            if try table.accept(name, value) { return true }
            switch name {
            case "--demo": demo = try value()
            case "--out", "-o": out = try value()
            case "--fps": fps = try Parse.number(try value(), option: "--fps", range: 1...240)
            case "--from": from = try Parse.number(try value(), option: "--from", range: 0...86_400)
            case "--to": to = try Parse.number(try value(), option: "--to", range: 0...86_400)
            case "--turns": turns = try Parse.integer(try value(), option: "--turns", range: 1...1000)
            case "--size": size = try Parse.size(try value(), option: "--size")
            case "--scale": scale = try Parse.number(try value(), option: "--scale", range: 1...4)
            case "--theme": theme = try Parse.theme(try value())
            case "--reduce-motion": reduce = true
            case "--locale": locale = try value()
            case "--quality": quality = try Parse.integer(try value(), option: "--quality", range: 1...100)
            case "--compress": compression = try Parse.compression(try value())
            case "--quiet", "-q": quiet = true
            case "--audio": audio = true
            case "--background": background = try Parse.background(try value())
            default: return false
            }
            return true
        }
        source = try ArgumentList.source(demo: demo, positionals: list.positionals, command: "record", table: table)
        guard let o = out, !o.isEmpty else { throw UsageError("`radial record` needs --out OUT.mp4 (or .webm, .gif, .webp, .apng, or a folder).") }
        if ["svg", "pdf"].contains((o as NSString).pathExtension.lowercased()) {
            throw UsageError("An \((o as NSString).pathExtension.uppercased()) holds one still, not an animation; use `radial render --out \(o)` (with --at for the moment), or record to .mp4, .webm, .gif, .webp or .apng.")
        }
        let format = try RecordFormat.of(o)
        if audio && format != .mp4 && format != .webm {
            throw UsageError("--audio needs a video with a sound track: .mp4 or .webm, not \(format == .folder ? "a folder of PNGs" : "." + format.rawValue).")
        }
        self.audio = audio
        if let b = background, b.isTransparent, let why = format.transparencyProblem { throw UsageError(why) }
        if let q = quality, format.defaultQuality == nil {
            throw UsageError("--quality \(q) does not apply to \(format == .folder ? "a folder of PNGs" : "." + format.rawValue), which is stored without loss (GIF: 256 colors).")
        }
        var rate = fps ?? format.defaultFPS
        if let why = format.problem(withFPS: rate) { throw UsageError(why) }
        rate = format.exactRate(rate)
        if let t = to, let f = from, t <= f { throw UsageError("--to (\(t) s) must be after --from (\(f) s).") }
        if to != nil && turns != nil { throw UsageError("Give --to or --turns, not both.") }
        if size.width * scale > 16384 || size.height * scale > 16384 {
            throw UsageError("--size × --scale is larger than 16384 pixels on a side; make one of them smaller.")
        }
        let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
        if let why = format.problem(width: w, height: h) { throw UsageError(why) }
        try Self.checkWritable(o, format: format)
        self.out = o; self.format = format; self.fps = rate; self.from = from; self.to = to; self.turns = turns
        self.size = size; self.scale = scale; self.theme = theme; self.reduceMotion = reduce; self.locale = locale
        self.quality = quality ?? format.defaultQuality; self.quiet = quiet; self.compression = compression
        self.background = background
    }

    /// The output's folder exists and can be written, and a folder output is new or empty.
    static func checkWritable(_ path: String, format: RecordFormat) throws(UsageError) {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        let dir = (trimmed as NSString).deletingLastPathComponent
        let parent = dir.isEmpty ? "." : dir
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDir), isDir.boolValue else {
            throw UsageError("The folder \(parent) for \(path) does not exist.")
        }
        guard access(parent, W_OK) == 0 else { throw UsageError("Cannot write into \(parent) (permission denied); choose another --out.") }
        if FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDir) {
            if format == .folder {
                guard isDir.boolValue else { throw UsageError("\(path) is a file; give a new or empty folder for the frames.") }
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: trimmed)) ?? []
                guard entries.isEmpty else { throw UsageError("\(path) already holds files; give a new or empty folder for the frames.") }
            } else if isDir.boolValue {
                throw UsageError("\(path) is a folder; give a file name ending in .\(format.rawValue).")
            }
        }
    }

    // MARK: - Timing

    // MARK: - Running

    func run() throws {
        let page = try source.load()
        let background = self.background ?? page.background ?? .opaque
        if self.background == nil, background.isTransparent, let why = format.transparencyProblem {
            throw UsageError("The page asks for \"background\": \"\(background.rawValue)\". " + why + " Or give --background opaque.")
        }
        let ffmpeg: String?
        if format.needsFFmpeg {
            guard let path = FFmpegWriter.locate() else {
                throw RecordFailure(description: "radial record needs the ffmpeg command to write .\(format.rawValue) files, and there is none on PATH (Debian: sudo apt install ffmpeg, or scripts/setup). A folder of PNGs needs no ffmpeg.")
            }
            ffmpeg = path
        } else {
            ffmpeg = nil
        }
        let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        let headless = try GraphicsSession.headless(command: "record")
        defer { headless.close() }
        // A recording is watched, not clicked: no window controls.
        let scene = headless.scene(for: page, formatting: formatting, controls: false)
        let theme = self.theme ?? page.theme ?? .light
        let times = try RecordingTimes.times(scene: scene, fps: fps, from: from, to: to, turns: turns, reduceMotion: reduceMotion)
        let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))

        Interruption.install()
        let writer: FrameWriter = if let ffmpeg {
            try FFmpegWriter(ffmpeg: ffmpeg, format: format, width: w, height: h, fps: fps, quality: quality, alpha: background.isTransparent, out: out)
        } else {
            try PNGFolderWriter(out: out, compression: compression)
        }
        var progress = Progress(total: times.count, enabled: !quiet && isatty(2) == 1)
        do {
            try headless.renderFrames(of: scene, FrameRequest(size: size, scale: scale, theme: theme, reduceMotion: reduceMotion, background: background), times: times,
                                       redraw: .partial) { i, image in
                if Interruption.signal != 0 { throw Interrupted() }
                try writer.write(image)
                progress.update(done: i + 1)
            }
            if Interruption.signal != 0 { throw Interrupted() }
            progress.update(done: times.count, final: true)
            try writer.finish()
            if audio, let ffmpeg {
                let sound = AudioGraph.wav(AudioGraph(page: page, formatting: formatting).samples())
                try ListenCommand.addSoundTrack(sound, to: out, codec: format == .mp4 ? "aac" : "libopus", ffmpeg: ffmpeg)
            }
        } catch {
            writer.cancel()
            progress.clear()
            // Ctrl+C reaches ffmpeg too, so the first sign of it may be a pipe that closed.
            if Interruption.signal != 0 {
                FileHandle.standardError.write(Data("radial: recording interrupted; nothing was written to \(out).\n".utf8))
                exit(128 + Interruption.signal)
            }
            if let failure = error as? RecordFailure, !failure.description.contains("nothing was written") {
                throw RecordFailure(description: failure.description + " Nothing was written to \(out).")
            }
            throw error
        }
        progress.finish(out: out, frames: times.count, fps: fps, width: w, height: h)
    }

    struct Interrupted: Error {}
}

/// Ctrl+C (SIGINT), SIGTERM and SIGHUP during a recording: noted, so the frame loop stops,
/// removes the temporary output and says so. Writing to a pipe whose reader died must not kill
/// the process either (SIGPIPE), so that a failing ffmpeg is reported instead.
enum Interruption {
    nonisolated(unsafe) static var signal: Int32 = 0

    static func install() {
        // A parent may hand down these signals blocked (posix_spawn keeps the mask, and
        // Foundation's Process does not clear it): unblock them, or Ctrl+C would never arrive.
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, s) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        Glibc.signal(SIGPIPE, SIG_IGN)
        for s in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(s) { n in Interruption.signal = n }
        }
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
        FileHandle.standardError.write(Data(line.utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: 60) + "\r").utf8))
    }

    func finish(out: String, frames: Int, fps: Double, width: Int, height: Int) {
        guard enabled else { return }
        clear()
        let bytes = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? nil
        let elapsed = Date().timeIntervalSince(start)
        var line = String(format: "radial: wrote %@: %d frames, %d×%d, %@ fps, %.2f s of animation, in %.2f s",
                          out, frames, width, height, RecordFormat.rate(fps), Double(frames) / fps, elapsed)
        if let bytes, !out.hasSuffix("/"), (out as NSString).pathExtension != "" { line += String(format: " (%.1f KB)", Double(bytes) / 1024) }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension Parse {
    static func compression(_ s: String) throws(UsageError) -> PNGFile.Compression {
        switch s.lowercased() {
        case "fast": return .fast
        case "best": return .best
        default: throw UsageError("--compress expects fast or best; got \"\(s)\".")
        }
    }
}
