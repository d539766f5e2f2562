import Foundation
import Testing

/// `radial listen`: the audio graph as a file, decoded here and measured, against the mapping
/// written out in this test (not read from Radial): pitch 200 Hz × 8^(value / 100) for the
/// e-bike's 0-100 axes, pan sin(axis / 6 of a turn), equal power.
@Suite("radial listen: charts as sound")
struct ListenTests {
    /// The e-bike's values, City then Trail, axis by axis from 12 o'clock clockwise.
    static let ebike: [[Double]] = [[55, 40, 62, 90, 85, 70], [80, 92, 78, 50, 45, 82]]

    struct Segment { var start: Int; var end: Int }

    /// A 16-bit stereo WAV's samples (left, right interleaved) and rate.
    static func decode(_ data: Data) throws -> (samples: [Int16], rate: Int) {
        let b = [UInt8](data)
        func u32(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        try #require(b.count > 44 && String(decoding: b[0..<4], as: UTF8.self) == "RIFF" && String(decoding: b[8..<12], as: UTF8.self) == "WAVE")
        try #require(u16(20) == 1 && u16(22) == 2 && u16(34) == 16, "not 16-bit stereo PCM")
        let rate = u32(24)
        var i = 12
        while i + 8 <= b.count {
            let id = String(decoding: b[i..<i + 4], as: UTF8.self), size = u32(i + 4)
            if id == "data" {
                let body = b[(i + 8)..<min(i + 8 + size, b.count)]
                var s = [Int16](repeating: 0, count: body.count / 2)
                for k in s.indices { s[k] = Int16(bitPattern: UInt16(body[body.startIndex + 2 * k]) | UInt16(body[body.startIndex + 2 * k + 1]) << 8) }
                return (s, rate)
            }
            i += 8 + size
        }
        throw CancellationError()
    }

    /// Runs of 5 ms windows louder than -40 dB of full scale.
    static func segments(_ s: [Int16], rate: Int) -> [Segment] {
        let w = rate / 200
        var out: [Segment] = [], inside: Int?
        for start in stride(from: 0, to: s.count / 2 - w, by: w) {
            var e = 0.0
            for k in start..<start + w { let l = Double(s[2 * k]), r = Double(s[2 * k + 1]); e += l * l + r * r }
            let loud = (e / Double(w)).squareRoot() > 327
            if loud && inside == nil { inside = start }
            if !loud, let a = inside { out.append(Segment(start: a, end: start)); inside = nil }
        }
        if let a = inside { out.append(Segment(start: a, end: s.count / 2)) }
        return out
    }

    /// The strongest frequency in frames `range` of the mono mix: a Goertzel scan, coarse then fine.
    static func pitch(_ s: [Int16], _ range: Range<Int>, rate: Int) -> Double {
        let x = range.map { (Double(s[2 * $0]) + Double(s[2 * $0 + 1])) / 2 }
        func power(_ f: Double) -> Double {
            let c = 2 * cos(2 * .pi * f / Double(rate))
            var a = 0.0, b = 0.0
            for v in x { let n = v + c * a - b; b = a; a = n }
            return a * a + b * b - c * a * b
        }
        var best = 100.0
        for f in stride(from: 100.0, through: 2000, by: 4) where power(f) > power(best) { best = f }
        var fine = best
        for f in stride(from: best - 4, through: best + 4, by: 0.25) where power(f) > power(fine) { fine = f }
        return fine
    }

    @Test("the e-bike demo is 12 tones, City then Trail axis by axis, each at its value's pitch and its axis' place left to right")
    func ebikeGraph() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-listen-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("e.wav").path
        let r = try Tool.radial(["listen", "--demo", "ebike", "--out", wav])
        #expect(r.code == 0 && r.err.isEmpty, "\(r.err)")
        let (s, rate) = try Self.decode(try Data(contentsOf: URL(fileURLWithPath: wav)))
        #expect(rate == 44_100)
        let segs = Self.segments(s, rate: rate)
        try #require(segs.count == 12, "\(segs.count) tones, not one per axis and series")
        // Series one after another: the gap between City's last tone and Trail's first is the longest.
        let gaps = zip(segs, segs.dropFirst()).map { $1.start - $0.end }
        #expect(gaps.firstIndex(of: gaps.max()!) == 5, "gaps \(gaps)")
        for (k, seg) in segs.enumerated() {
            let series = k / 6, axis = k % 6
            let want = 200 * pow(8, Self.ebike[series][axis] / 100)
            let mid = seg.start + (seg.end - seg.start) / 4 ..< seg.end - (seg.end - seg.start) / 4
            let got = Self.pitch(s, mid, rate: rate)
            #expect(abs(got - want) / want < 0.01, "tone \(k) (series \(series), axis \(axis)): \(got) Hz, want \(want) Hz")
            // Balance: the right channel's share of the energy, sin² of the equal-power angle.
            var l = 0.0, rr = 0.0
            for i in mid { l += pow(Double(s[2 * i]), 2); rr += pow(Double(s[2 * i + 1]), 2) }
            let pan = sin(Double(axis) / 6 * 2 * .pi)
            let wantRight = pow(sin((pan + 1) * .pi / 4), 2)
            #expect(abs(rr / (l + rr) - wantRight) < 0.02, "tone \(k): right share \(rr / (l + rr)), want \(wantRight) (pan \(pan))")
        }
    }

    @Test("record --audio puts the same graph under the video: 12 tones at their pitches in its AAC track; a GIF refuses it")
    func recordAudio() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-listen-r-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let video = dir.appendingPathComponent("e.mp4").path, wav = dir.appendingPathComponent("track.wav").path
        let r = try Tool.radial(["record", "--demo", "ebike", "--out", video, "--audio", "--size", "240x240", "--fps", "10", "--quiet"])
        #expect(r.code == 0, "\(r.err)")
        let probe = try Tool.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", video])
        #expect(probe.out.split(separator: "\n") == ["h264", "aac"], "\(probe.out)")
        _ = try Tool.run("/usr/bin/ffmpeg", ["-v", "error", "-i", video, "-map", "0:a", "-c:a", "pcm_s16le", "-ar", "44100", "-ac", "2", wav])
        let (s, rate) = try Self.decode(try Data(contentsOf: URL(fileURLWithPath: wav)))
        let segs = Self.segments(s, rate: rate)
        try #require(segs.count == 12, "\(segs.count) tones in the sound track")
        for (k, seg) in segs.enumerated() {
            let want = 200 * pow(8, Self.ebike[k / 6][k % 6] / 100)
            let got = Self.pitch(s, seg.start + (seg.end - seg.start) / 4 ..< seg.end - (seg.end - seg.start) / 4, rate: rate)
            #expect(abs(got - want) / want < 0.01, "tone \(k): \(got) Hz, want \(want) Hz")
        }
        let gif = try Tool.radial(["record", "--demo", "ebike", "--out", dir.appendingPathComponent("e.gif").path, "--audio"])
        #expect(gif.code == 2 && gif.err.contains(".mp4 or .webm"))
    }

    @Test("Ogg and MP3 through ffmpeg; other extensions and no --out are refused with exit 2, nothing written")
    func formatsAndErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-listen-f-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for ext in ["ogg", "mp3"] {
            let out = dir.appendingPathComponent("p.\(ext)").path
            let r = try Tool.radial(["listen", "--demo", "pies", "--out", out])
            #expect(r.code == 0, "\(r.err)")
            let probe = try Tool.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,channels,sample_rate", "-of", "csv=p=0", out])
            #expect(probe.out.trimmingCharacters(in: .whitespacesAndNewlines) == (ext == "ogg" ? "vorbis,44100,2" : "mp3,44100,2"), "\(probe.out)")
        }
        let bad = try Tool.radial(["listen", "--demo", "pies", "--out", dir.appendingPathComponent("p.flac").path])
        #expect(bad.code == 2 && bad.err.contains(".wav, .ogg or .mp3"))
        let none = try Tool.radial(["listen", "--demo", "pies"])
        #expect(none.code == 2 && none.err.contains("--out"))
        let chart = try Tool.radial(["listen", "--demo", "pies", "--chart", "3", "--out", dir.appendingPathComponent("x.wav").path])
        #expect(chart.code == 2 && chart.err.contains("2 charts"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["p.mp3", "p.ogg"])
    }
}

/// The window plays the focused chart's graph through the sound server: PulseAudio's null sink,
/// recorded with parec (Tests/audio/window_playback.sh), and measured as `radial listen`'s file is.
/// `make audio-test` (RADIAL_WINDOW_AUDIO=1): alongside the whole suite on two shared cores the
/// window and the sound server started too late for its fixed waits, so it runs on its own.
@Suite("The window plays audio graphs", .serialized, .enabled(if: ProcessInfo.processInfo.environment["RADIAL_WINDOW_AUDIO"] == "1"))
struct WindowAudioTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("audio/window_playback.sh")

    func record(_ keys: [String], environment: [String: String] = [:]) throws -> (samples: [Int16], err: String) {
        for tool in ["/usr/bin/pulseaudio", "/usr/bin/parec", "/usr/bin/pactl", "/usr/bin/xdotool"] {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: scripts/setup installs it")
        }
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("radial-play-\(getpid()).raw")
        defer { try? FileManager.default.removeItem(at: raw) }
        // On an X server of its own: its key presses (xdotool) must never reach the window tests'
        // windows on the shared display, which run alongside (a stray key once quit one).
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/xvfb-run"), "xvfb-run is missing: scripts/setup installs it")
        let r = try Tool.run("/usr/bin/xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24", "/bin/bash", Self.script.path, BinaryTests.binary.path, raw.path] + keys,
                             environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        let data = (try? Data(contentsOf: raw)) ?? Data()
        var s = [Int16](repeating: 0, count: data.count / 2)
        data.withUnsafeBytes { b in for i in s.indices { s[i] = Int16(littleEndian: b.loadUnaligned(fromByteOffset: 2 * i, as: Int16.self)) } }
        return (s, r.out)   // the gallery's standard error, as the script prints it
    }

    @Test("A plays the e-bike's 12 tones, in order, at their pitches")
    func plays() throws {
        let (s, err) = try record(["a", "sleep:6"])
        #expect(err.isEmpty, "\(err)")
        let segs = ListenTests.segments(s, rate: 44_100)
        try #require(segs.count == 12, "\(segs.count) tones recorded")
        for (k, seg) in segs.enumerated() {
            let want = 200 * pow(8, ListenTests.ebike[k / 6][k % 6] / 100)
            let mid = seg.start + (seg.end - seg.start) / 4 ..< seg.end - (seg.end - seg.start) / 4
            let got = ListenTests.pitch(s, mid, rate: 44_100)
            #expect(abs(got - want) / want < 0.01, "tone \(k): \(got) Hz, want \(want) Hz")
        }
    }

    @Test("Right while it plays skips ahead: fewer tones, the last one still Trail's Design")
    func steps() throws {
        let (s, _) = try record(["a", "sleep:0.5", "Right", "Right", "Right", "sleep:3.5"])
        let segs = ListenTests.segments(s, rate: 44_100)
        #expect(segs.count < 12 && segs.count >= 6, "\(segs.count) tones")
        if let last = segs.last {
            let got = ListenTests.pitch(s, last.start + (last.end - last.start) / 4 ..< last.end - (last.end - last.start) / 4, rate: 44_100)
            #expect(abs(got - 200 * pow(8, 0.82)) / (200 * pow(8, 0.82)) < 0.01, "last tone \(got) Hz")
        }
    }

    @Test("with no sound server: one clear line, and the window goes on")
    func noServer() throws {
        // Twice: the line is said once. (Seconds to spare: a loaded machine is slow to start the window.)
        let (_, err) = try record(["a", "sleep:2", "a", "sleep:2"], environment: ["NO_SOUND_SERVER": "1"])
        let lines = err.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("radial: No sound server") == true, "\(err)")
    }
}
