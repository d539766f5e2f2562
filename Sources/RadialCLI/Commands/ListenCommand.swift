import Foundation
import RadialRender
import RadialCore

/// `radial listen`: a chart as sound (an audio graph, RadialCore's AudioGraph), headless, to a
/// WAV file or, through ffmpeg, Ogg Vorbis or MP3. (In today's option style; to move to the
/// option table with the rest.)
struct ListenCommand {
    var source: PageSource
    var out: String
    var chart: Int?
    var locale: String?

    static let help = """
        Usage: radial listen (FILE | - | --demo ebike|scan|pies) --out OUT.wav|.ogg|.mp3 [options]

        Writes the charts as an audio graph: a short tone per element, pitch by its value on the chart's
        scale (200-1600 Hz, log), left to right by where it sits; a radar series axis by axis clockwise
        from 12 o'clock, then the next series; a pie sector by sector; a scan's contacts in beam order.
        A missing value buzzes. 44.1 kHz stereo; .ogg and .mp3 are encoded by ffmpeg.
          --demo NAME           a built-in page: ebike, scan or pies
          --out PATH            the file to write (.wav, .ogg or .mp3)
          --chart N             only chart N of the page (1 is the first; default: every chart in turn)
          --locale ID           locale for the tones' labels, e.g. en_US, de_DE
        """

    init(arguments: [String]) throws(UsageError) {
        var list = ArgumentList(arguments, command: "listen")
        var demo: String?, out: String?, chart: Int?, locale: String?
        try list.parse { (name, value) throws(UsageError) in
            switch name {
            case "--demo": demo = try value()
            case "--out": out = try value()
            case "--chart":
                let v = try value()
                guard let n = Int(v), n >= 1 else { throw UsageError("--chart takes a chart's number, 1 or more; got \"\(v)\".") }
                chart = n
            case "--locale": locale = try Parse.locale(try value())
            default: return false
            }
            return true
        }
        source = try ArgumentList.source(demo: demo, positionals: list.positionals, command: "listen")
        guard let out else { throw UsageError("`radial listen` needs --out OUT.wav (or .ogg, .mp3).") }
        let ext = (out as NSString).pathExtension.lowercased()
        guard ["wav", "ogg", "mp3"].contains(ext) else {
            throw UsageError("--out \(out): an audio graph is written as .wav, .ogg or .mp3.")
        }
        self.out = out
        self.chart = chart
        self.locale = locale
    }

    func run() throws {
        let page = try source.load()
        let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        if let chart, chart > page.charts.count {
            throw UsageError("--chart \(chart): the page has \(page.charts.count) chart\(page.charts.count == 1 ? "" : "s").")
        }
        let graph = chart.map { AudioGraph(page: page, chart: $0 - 1, formatting: formatting) } ?? AudioGraph(page: page, formatting: formatting)
        guard !graph.tones.isEmpty else { throw UsageError("Nothing to play: the chart has no values.") }
        try OutputFolder.checkWritable(beside: out)
        let wav = AudioGraph.wav(graph.samples())
        if (out as NSString).pathExtension.lowercased() == "wav" {
            try AtomicFile.write(bytes: wav, to: out)
            return
        }
        try Self.encode(wav, to: out)
    }

    /// `wav` encoded by ffmpeg into `out` (its format by the extension), whole or not at all.
    static func encode(_ wav: [UInt8], to out: String) throws {
        guard let ffmpeg = FFmpegWriter.locate() else {
            throw RunTimeError("Writing \((out as NSString).pathExtension) needs ffmpeg, which is not on PATH; install it (Debian: ffmpeg), or write a .wav.")
        }
        let source = TemporaryFiles.name(beside: out, extension: "wav")
        let temp = TemporaryFiles.name(beside: out, extension: (out as NSString).pathExtension)
        defer { unlink(source) }
        try AtomicFile.write(bytes: wav, to: source)
        TemporaryFiles.begin(temp)   // (one at a time: the encoder's output from here on)
        defer { TemporaryFiles.end(); unlink(temp) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", source, "-f", (out as NSString).pathExtension.lowercased(), temp]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0, rename(temp, out) == 0 else {
            throw RunTimeError("ffmpeg could not write \(out): \(message.trimmingCharacters(in: .whitespacesAndNewlines)).")
        }
    }

    /// Puts `wav` under the video at `video` as its sound track (`record --audio`), the video
    /// copied as it is: into a temporary beside it, renamed over it when ffmpeg succeeded.
    static func addSoundTrack(_ wav: [UInt8], to video: String, codec: String, ffmpeg: String) throws {
        let ext = (video as NSString).pathExtension
        let sound = TemporaryFiles.name(beside: video, extension: "wav")
        defer { unlink(sound) }
        try AtomicFile.write(bytes: wav, to: sound)
        let temp = TemporaryFiles.name(beside: video, extension: ext)
        TemporaryFiles.begin(temp)
        defer { TemporaryFiles.end(); unlink(temp) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", video, "-i", sound, "-map", "0:v", "-map", "1:a",
                       "-c:v", "copy", "-c:a", codec, "-f", ext == "mp4" ? "mp4" : "webm", temp]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0, rename(temp, video) == 0 else {
            unlink(video)
            throw RunTimeError("ffmpeg could not add the sound track to \(video): \(message.trimmingCharacters(in: .whitespacesAndNewlines)). Nothing was written.")
        }
    }
}
