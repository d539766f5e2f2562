import Foundation
import RadialRender
import RadialCore

/// `radial listen`: a chart as sound (an audio graph, RadialCore's AudioGraph), headless, to a
/// WAV file or, through ffmpeg, Ogg Vorbis or MP3, whole or not at all (`AtomicOutput`).
struct ListenCommand {
    var source: PageSource
    var out: String
    var chart: Int?
    var values: OptionValues

    init(_ values: OptionValues, _ operands: [String]) throws {
        self.values = values
        source = try values.singleSource(operands, command: "listen")
        guard let out = values.out else { throw UsageError("`radial listen` needs --out OUT.wav (or .ogg, .mp3).") }
        guard ["wav", "ogg", "mp3"].contains(Self.ext(out)) else {
            throw UsageError("--out \(out): an audio graph is written as .wav, .ogg or .mp3.")
        }
        try AtomicOutput.check(out, kind: .file, inputs: InputSet([source]))
        self.out = out
        chart = values.chart
    }

    static func ext(_ path: String) -> String {
        let name = PathText.name(of: path)
        return name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
    }

    func run() throws {
        let page = try values.load(source)
        let formatting = values.formatting
        if let chart, chart > page.charts.count {
            throw UsageError("--chart \(chart): the page has \(page.charts.count) chart\(page.charts.count == 1 ? "" : "s").")
        }
        let graph = chart.map { AudioGraph(page: page, chart: $0 - 1, formatting: formatting) } ?? AudioGraph(page: page, formatting: formatting)
        guard !graph.tones.isEmpty else { throw UsageError("Nothing to play: the chart has no values.") }
        try AtomicOutput.checkWritable(out, kind: .file)
        let wav = AudioGraph.wav(graph.samples())
        if Self.ext(out) == "wav" { return try AtomicOutput.write(wav, to: out) }
        try Self.encode(wav, to: out)
    }

    /// A scratch file beside `path` holding `bytes`, removed by `Cleanup` if the run is interrupted.
    /// A failure says why, as a single render does ("the disk is full"): the file is often made
    /// and only its writing fails.
    private static func scratch(_ bytes: [UInt8], beside path: String, for out: String) throws -> (String, Cleanup.Token) {
        let file = TemporaryName.beside(path, suffix: "wav")
        let token = Cleanup.add(.file(file))
        var code: Int32 = 0
        if let f = fopen(file, "wx") {
            if fwrite(bytes, 1, bytes.count, f) != bytes.count { code = errno == 0 ? EIO : errno }
            if fflush(f) != 0 && code == 0 { code = errno }
            if fclose(f) != 0 && code == 0 { code = errno }
        } else {
            code = errno
        }
        guard code == 0 else {
            unlink(file)
            Cleanup.remove(token)
            throw OutputError.cannotWrite(path: out, reason: TemporaryName.reason(errno: code))
        }
        return (file, token)
    }

    /// ffmpeg's complaint that the disk filled, in the words a single render uses; nil for others.
    static func fullDisk(_ said: String, out: String) -> OutputError? {
        said.contains("No space left on device") ? .cannotWrite(path: out, reason: TemporaryName.reason(errno: ENOSPC)) : nil
    }

    /// Runs ffmpeg with `arguments`; its last line when it fails.
    private static func ffmpeg(_ ffmpeg: String, _ arguments: [String]) throws -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments
        let err = Pipe()
        p.standardError = err
        let child = try Cleanup.addProcess { try p.run(); return p.processIdentifier }
        defer { Cleanup.remove(child) }
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return p.terminationStatus == 0 ? nil : message.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `wav` encoded by ffmpeg into `out` (its format by the extension), whole or not at all.
    static func encode(_ wav: [UInt8], to out: String) throws {
        guard let ffmpeg = FFmpegWriter.locate() else {
            throw RunTimeError("Writing \(ext(out)) needs ffmpeg, which is not on PATH; install it (Debian: ffmpeg), or write a .wav.")
        }
        let (source, token) = try scratch(wav, beside: out, for: out)
        defer { unlink(source); Cleanup.remove(token) }
        let output = try AtomicOutput(out)
        if let why = try Self.ffmpeg(ffmpeg, ["-i", source, "-f", ext(out), output.temp]) {
            output.abandon()
            if let full = fullDisk(why, out: out) { throw full }
            throw RunTimeError("ffmpeg could not write \(out): \(why); nothing was written.")
        }
        try output.commit { temp in
            guard let size = (try? FileManager.default.attributesOfItem(atPath: temp))?[.size] as? Int, size > 0 else {
                throw OutputError.incomplete(path: out, why: "ffmpeg wrote an empty file")
            }
        }
    }

    /// Puts `wav` under the video at `video` (a temporary not yet in place, to become `out`) as its
    /// sound track (`record --audio`), the video copied as it is.
    static func addSoundTrack(_ wav: [UInt8], to video: String, out: String, format: RecordFormat, ffmpeg: String) throws {
        let (sound, token) = try scratch(wav, beside: video, for: out)
        defer { unlink(sound); Cleanup.remove(token) }
        let muxed = TemporaryName.beside(video, suffix: format.rawValue)
        let muxedToken = Cleanup.add(.file(muxed))
        defer { unlink(muxed); Cleanup.remove(muxedToken) }
        if let why = try Self.ffmpeg(ffmpeg, ["-i", video, "-i", sound, "-map", "0:v", "-map", "1:a", "-c:v", "copy",
                                              "-c:a", format == .mp4 ? "aac" : "libopus", "-f", format == .mp4 ? "mp4" : "webm", muxed]) {
            if let full = fullDisk(why, out: out) { throw full }
            throw RecordError.ffmpegFailed(how: "adding the sound track", said: ": " + why, out: out)
        }
        guard rename(muxed, video) == 0 else { throw OutputError.cannotWrite(path: out, reason: TemporaryName.reason(errno: errno)) }
    }
}
