import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialGL
import Testing

/// `radial record` and `radial render --out-dir` as a user runs them: the built binary, the real
/// `ffmpeg`/`ffprobe` (and libwebp's `webpmux`/`dwebp`) reading the results back, and every
/// frame compared with `radial render --at` at the same time.
@Suite("Recording and batch rendering", .serialized)
struct RecordTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-record-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    // MARK: - Lossless outputs: the same pixels as render --at

    @Test("A folder of PNGs holds one frame per 1/fps from --from up to --to, each exactly render --at")
    func pngFolderMatchesRender() throws {
        let out = dir + "/frames"
        let r = try Tool.radial(["record", "--demo", "ebike", "--out", out, "--from", "0.2", "--to", "0.7", "--fps", "10", "--size", "320x360"])
        #expect(r.code == 0, "\(r.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == (0..<5).map { String(format: "frame-%05d.png", $0) })
        for (i, name) in files.enumerated() {
            let t = 0.2 + Double(i) / 10
            let frame = try PNGFile.read(out + "/" + name)
            let still = try Tool.render(.demo(.ebike), at: t, size: "320x360", in: dir)
            #expect(frame == still, "frame \(i) differs from render --at \(t)")
        }
        // The frames move: a recording of one picture repeated would pass the rest.
        #expect(try PNGFile.read(out + "/" + files[0]) != PNGFile.read(out + "/" + files[4]))
    }

    @Test("An APNG decodes to exactly the frames of render --at, with the asked count, size and duration")
    func apngIsExact() throws {
        let out = dir + "/pies.apng"
        let r = try Tool.radial(["record", "--demo", "pies", "--out", out, "--from", "0.7", "--to", "1.3", "--fps", "10", "--size", "300x420"])
        #expect(r.code == 0, "\(r.err)")
        let info = try Tool.probe(out)
        #expect(info.frames == 6 && info.width == 300 && info.height == 420)
        #expect(abs(info.duration - 0.6) < 0.011, "duration \(info.duration)")
        let frames = try Tool.extractFrames(out, into: dir + "/apng")
        #expect(frames.count == 6)
        for (i, frame) in frames.enumerated() {
            let still = try Tool.render(.demo(.pies), at: 0.7 + Double(i) / 10, size: "300x420", in: dir)
            let d = Difference(frame, still)
            #expect(d.maximum == 0, "APNG frame \(i): \(d)")
        }
    }

    // MARK: - Lossy outputs, within a stated tolerance

    @Test("An MP4 is H.264 yuv420p with the asked frames, size and duration; its frames look like render --at")
    func mp4MatchesRender() throws {
        let out = dir + "/ebike.mp4"
        let r = try Tool.radial(["record", "--demo", "ebike", "--out", out, "--to", "1", "--fps", "30", "--size", "320x360"])
        #expect(r.code == 0, "\(r.err)")
        let info = try Tool.probe(out)
        #expect(info.codec == "h264" && info.pixelFormat == "yuv420p")
        #expect(info.frames == 30 && info.width == 320 && info.height == 360)
        #expect(abs(info.duration - 1.0) < 0.001, "duration \(info.duration)")
        let frames = try Tool.extractFrames(out, into: dir + "/mp4")
        #expect(frames.count == 30)
        for i in [0, 9, 29] {
            let d = Difference(frames[i], try Tool.render(.demo(.ebike), at: Double(i) / 30, size: "320x360", in: dir))
            // H.264 at CRF 18 with 4:2:0 chroma: edges of saturated colors blur by a pixel, flat areas stay.
            #expect(d.mean < 1.5 && d.fractionOver(48) < 0.01, "MP4 frame \(i): \(d)")
        }
    }

    @Test("A GIF of the scan holds one turn at 25 fps; its frames look like render --at")
    func gifMatchesRender() throws {
        let out = dir + "/scan.gif"
        let r = try Tool.radial(["record", "--demo", "scan", "--out", out, "--fps", "25", "--size", "300x360"])
        #expect(r.code == 0, "\(r.err)")
        let turn = try #require(Tool.scanTurn)
        let info = try Tool.probe(out)
        #expect(info.frames == Int((turn * 25).rounded()) && info.width == 300 && info.height == 360)
        #expect(abs(info.duration - turn) < 0.011, "duration \(info.duration)")
        let frames = try Tool.extractFrames(out, into: dir + "/gif")
        for i in [0, 20, frames.count - 1] {
            // A turning scan starts recording on its first whole turn.
            let d = Difference(frames[i], try Tool.render(.demo(.scan), at: turn + Double(i) / 25, size: "300x360", in: dir))
            // 256 colors with ordered dithering: every pixel near, a few anti-aliased edges off.
            #expect(d.mean < 3 && d.fractionOver(48) < 0.01, "GIF frame \(i): \(d)")
        }
    }

    @Test("A GIF at --fps 33.333333 is stored at exactly 100/3 fps: a 3 s turn is 100 frames of 3/100 s")
    func gifThirds() throws {
        let out = dir + "/thirds.gif"
        let r = try Tool.radial(["record", "--demo", "scan", "--out", out, "--fps", "33.333333", "--size", "200x240"])
        #expect(r.code == 0, "\(r.err)")
        let turn = try #require(Tool.scanTurn)
        let info = try Tool.probe(out)
        #expect(info.frames == Int((turn * 100 / 3).rounded()), "\(info)")
        #expect(abs(info.duration - turn) < 0.011, "duration \(info.duration)")
    }

    @Test("An animated WebP holds the asked frames at 1/fps each: lossless, exactly render --at; lossy, near it")
    func webpMatchesRender() throws {
        for quality in ["100", "80"] {
            let out = dir + "/ebike-\(quality).webp"
            let r = try Tool.radial(["record", "--demo", "ebike", "--out", out, "--from", "0.3", "--to", "0.8", "--fps", "10",
                                     "--size", "320x360", "--quality", quality])
            #expect(r.code == 0, "\(r.err)")
            // ffmpeg 5.1 cannot decode animated WebP; libwebp's own tools can.
            let info = try Tool.run("/usr/bin/webpmux", ["-info", out]).out
            #expect(info.contains("Canvas size: 320 x 360") && info.contains("Features present: animation"), "\(info)")
            #expect(info.contains("Number of frames: 5"), "\(info)")
            // Rows: "  1:   320   360    no        0        0      100 ..." (number, width, height, alpha, x, y, duration).
            let rows = info.split(separator: "\n").map { $0.split(separator: " ") }
                .filter { $0.first?.hasSuffix(":") == true && Int($0[0].dropLast()) != nil }
            #expect(rows.map { String($0[6]) } == Array(repeating: "100", count: 5), "\(info)")
            for (i, row) in rows.enumerated() where quality == "100" || i == 0 {
                let webp = dir + "/w\(i).webp", png = dir + "/w\(i).png"
                #expect(try Tool.run("/usr/bin/webpmux", ["-get", "frame", String(i + 1), out, "-o", webp]).code == 0)
                #expect(try Tool.run("/usr/bin/dwebp", [webp, "-o", png]).code == 0)
                // After the first, a frame holds only the rectangle that changed (its opaque pixels replace the last frame's).
                let part = try PNGFile.read(png)
                let (ox, oy) = (Int(row[4]) ?? 0, Int(row[5]) ?? 0)
                let still = try Tool.render(.demo(.ebike), at: 0.3 + Double(i) / 10, size: "320x360", in: dir)
                var crop = [UInt8](), ref = [UInt8]()
                for y in 0..<part.height {
                    for x in 0..<part.width where part.pixels[(y * part.width + x) * 4 + 3] == 255 {
                        crop += part.pixels[(y * part.width + x) * 4..<(y * part.width + x) * 4 + 4]
                        let j = ((y + oy) * still.width + x + ox) * 4
                        ref += still.pixels[j..<j + 4]
                    }
                }
                #expect(crop.count > 1000, "frame \(i + 1) has almost no opaque pixels")
                let d = Difference(RGBAImage(width: crop.count / 4, height: 1, pixels: crop), RGBAImage(width: ref.count / 4, height: 1, pixels: ref))
                if quality == "100" {
                    #expect(d.maximum == 0, "lossless WebP frame \(i + 1): \(d)")
                } else {
                    // Lossy at quality 80 (4:2:0 like H.264): flat areas exact, saturated edges a little off.
                    #expect(d.mean < 2 && d.fractionOver(48) < 0.01, "lossy WebP frame \(i + 1): \(d)")
                }
            }
        }
    }

    @Test("record draws a CSV table as render does (--type, --spec): the asked frames, each like render --at")
    func csvTable() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples").path
        let table = [examples + "/laptops.csv", "--type", "radar", "--spec", examples + "/laptops-axes.json", "--title", "Laptops"]
        let out = dir + "/laptops.mp4"
        let r = try Tool.radial(["record"] + table + ["--out", out, "--to", "0.6", "--fps", "10", "--size", "320x360"])
        #expect(r.code == 0, "\(r.err)")
        let info = try Tool.probe(out)
        #expect(info.codec == "h264" && info.frames == 6 && info.width == 320 && info.height == 360, "\(info)")
        let frames = try Tool.extractFrames(out, into: dir + "/csv")
        let still = dir + "/laptops-0.5.png"
        #expect(try Tool.radial(["render"] + table + ["--out", still, "--at", "0.5", "--size", "320x360"]).code == 0)
        let d = Difference(frames[5], try PNGFile.read(still))
        #expect(d.mean < 1.5 && d.fractionOver(48) < 0.01, "MP4 frame 5: \(d)")
        // A table without --type is refused as render refuses it.
        let bad = try Tool.radial(["record", examples + "/repairs.tsv", "--out", dir + "/repairs.mp4"])
        #expect(bad.code == 2 && bad.err.contains("--type"), "\(bad.err)")
    }

    @Test("A WebM is VP9 with the asked frames and size")
    func webm() throws {
        let out = dir + "/pies.webm"
        let r = try Tool.radial(["record", "--demo", "pies", "--out", out, "--from", "1", "--to", "1.5", "--fps", "20", "--size", "300x420"])
        #expect(r.code == 0, "\(r.err)")
        let info = try Tool.probe(out)
        #expect(info.codec == "vp9" && info.frames == 10 && info.width == 300 && info.height == 420, "\(info)")
        let frames = try Tool.extractFrames(out, into: dir + "/webm")
        let d = Difference(frames[4], try Tool.render(.demo(.pies), at: 1.2, size: "300x420", in: dir))
        #expect(d.mean < 3 && d.fractionOver(48) < 0.01, "WebM frame 4: \(d)")
    }

    @Test("Without ffmpeg on PATH: exit 1, a line that says how to get it, nothing written")
    func noFFmpeg() throws {
        let empty = dir + "/empty-bin", out = dir + "/none.mp4"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = empty
        let r = try Tool.radial(["record", "--demo", "ebike", "--out", out], environment: env)
        #expect(r.code == 1)
        #expect(r.err.contains("needs the ffmpeg command") && r.err.contains("apt install ffmpeg"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out) && Tool.leftovers(in: dir).isEmpty)
    }

    // MARK: - Loops

    @Test("A scan records whole turns: the frame after the last is the first, so the loop is seamless")
    func scanLoopIsSeamless() throws {
        let out = dir + "/turn"
        let r = try Tool.radial(["record", "--demo", "scan", "--out", out, "--fps", "10", "--size", "300x360"])
        #expect(r.code == 0, "\(r.err)")
        let turn = try #require(Tool.scanTurn)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let n = Int((turn * 10).rounded())
        #expect(files.count == n)
        let first = try PNGFile.read(out + "/" + files[0])
        let afterLast = try Tool.render(.demo(.scan), at: turn + Double(n) / 10, size: "300x360", in: dir)
        #expect(first == afterLast, "first frame \(Difference(first, afterLast)) from the frame after the last")
        // ... and the recording is not one still: the beam moves between frames.
        #expect(try first != PNGFile.read(out + "/" + files[n / 2]))
        // Two turns are the first turn twice.
        let two = dir + "/two"
        #expect(try Tool.radial(["record", "--demo", "scan", "--out", two, "--fps", "10", "--size", "300x360", "--turns", "2"]).code == 0)
        #expect(try PNGFile.read(two + String(format: "/frame-%05d.png", n + 3)) == PNGFile.read(out + String(format: "/frame-%05d.png", 3)))
    }

    // MARK: - Failures leave nothing behind

    @Test("Ctrl+C during a recording: it dies of SIGINT (130), says so, and neither the output nor a temporary file is left")
    func interruptedLeavesNothing() throws {
        let out = dir + "/long.mp4"
        let p = Process()
        p.executableURL = Tool.binary
        p.arguments = ["record", "--demo", "scan", "--out", out, "--fps", "60", "--turns", "100", "--size", "400x400"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Interrupt once ffmpeg is writing (its temporary file exists): a real mid-recording stop.
        var started = false
        for _ in 0..<3000 where p.isRunning {
            if Tool.leftovers(in: dir).contains(where: { $0.hasSuffix(".mp4.tmp") }) { started = true; break }
            usleep(10_000)
        }
        #expect(started, "the recording never started writing")
        kill(p.processIdentifier, SIGINT)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        // It dies of the signal, as a shell expects (which reports 130).
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGINT, "\(p.terminationReason) \(p.terminationStatus): \(message)")
        #expect(message.contains("interrupted") && message.contains("nothing was written"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(Tool.leftovers(in: dir).isEmpty, "left behind: \(Tool.leftovers(in: dir))")
    }

    @Test("ffmpeg failing mid-recording: exit 1, its last line reported, the file at --out untouched, no temporary left")
    func ffmpegFailureLeavesNothing() throws {
        // A stand-in ffmpeg that writes part of its output, takes some frames, then fails as a
        // full disk would: the real one cannot be made to fail halfway on demand.
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            for last; do :; done
            echo partial > "$last"
            head -c 2000000 > /dev/null
            echo "Error writing trailer: No space left on device" >&2
            exit 1
            """
        try script.write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        // A file already at --out is left as it was (the recording goes to a temporary name).
        let out = dir + "/fails.mp4"
        try "precious".write(toFile: out, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = bin + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        let r = try Tool.radial(["record", "--demo", "ebike", "--out", out, "--to", "2", "--size", "320x360"], environment: env)
        #expect(r.code == 1, "\(r.err)")
        #expect(r.err.contains("ffmpeg failed") && r.err.contains("No space left on device") && r.err.contains("nothing was written"), "\(r.err)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "precious")
        #expect(Tool.leftovers(in: dir).isEmpty, "left behind: \(Tool.leftovers(in: dir))")
    }

    @Test("Bad arguments: one line, exit 2, nothing written",
          arguments: [["--out", "OUT/x.avi"], ["--out", "OUT/nope/x.mp4"], ["--out", "OUT/x.mp4", "--fps", "0"],
                      ["--out", "OUT/x.mp4", "--fps", "-5"], ["--out", "OUT/x.mp4", "--fps", "10000"],
                      ["--out", "OUT/x.mp4", "--from", "2", "--to", "1"], ["--out", "OUT/x.mp4", "--size", "301x300"],
                      ["--out", "OUT/x.mp4", "--size", "8000x8000"], ["--out", "OUT/x.gif", "--fps", "60"],
                      ["--out", "OUT/x.gif", "--quality", "50"], ["--out", "OUT/x.mp4", "--turns", "2"],
                      ["--out", "OUT/x.mp4", "--to", "1", "--turns", "2"], ["--out", "OUT"], ["--out", "OUT/x.mp4", "--to", "9000"]])
    func badArguments(args: [String]) throws {
        let out = dir + "/bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try "keep".write(toFile: out + "/keep.txt", atomically: true, encoding: .utf8)
        let r = try Tool.radial(["record", "--demo", "ebike"] + args.map { $0.replacingOccurrences(of: "OUT", with: out) })
        #expect(r.code == 2, "\(args): \(r.err)")
        #expect(r.err.hasPrefix("radial: ") && r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["keep.txt"])
    }

    // MARK: - Batch render

    @Test("render --out-dir writes each input's PNG, byte for byte what a render of it alone writes")
    func batchEqualsSingles() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples").path
        let batch = dir + "/batch"
        let files = ["dashboard", "pies"].map { examples + "/\($0).json" }
        let r = try Tool.radial(["render"] + files + ["--demo", "ebike", "--demo", "scan", "--out-dir", batch, "--at", "1.1", "--size", "360x420"])
        #expect(r.code == 0, "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: batch).sorted() == ["dashboard.png", "ebike.png", "pies.png", "scan.png"])
        for (name, args) in [("dashboard", [files[0]]), ("pies", [files[1]]), ("ebike", ["--demo", "ebike"]), ("scan", ["--demo", "scan"])] {
            let single = dir + "/single-\(name).png"
            #expect(try Tool.radial(["render"] + args + ["--out", single, "--at", "1.1", "--size", "360x420"]).code == 0)
            let a = try Data(contentsOf: URL(fileURLWithPath: batch + "/\(name).png"))
            let b = try Data(contentsOf: URL(fileURLWithPath: single))
            #expect(a == b, "\(name).png differs from a single render")
        }
    }

    @Test("render --out-dir with one bad input writes nothing")
    func batchWithBadInputWritesNothing() throws {
        let bad = dir + "/bad.json", batch = dir + "/none"
        try #"{"charts": [{"type": "pie", "sectors": [{"name": "A", "value": -5}]}]}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try Tool.radial(["render", "--demo", "ebike", bad, "--out-dir", batch])
        #expect(r.code == 2, "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: batch))
    }

    @Test("--compress best makes smaller PNGs of the same pixels")
    func compressBest() throws {
        let fast = dir + "/fast.png", best = dir + "/best.png"
        #expect(try Tool.radial(["render", "--demo", "pies", "--out", fast, "--at", "6"]).code == 0)
        #expect(try Tool.radial(["render", "--demo", "pies", "--out", best, "--at", "6", "--compress", "best"]).code == 0)
        #expect(try PNGFile.read(fast) == PNGFile.read(best))
        let size = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0 }
        #expect(size(best) < size(fast))
    }
}

/// Running `radial`, `ffmpeg` and `ffprobe`, and comparing images.
enum Tool {
    static var binary: URL { BinaryTests.binary }

    /// The scan demo's turn, in seconds.
    static var scanTurn: Double? {
        for case .scan(let s) in Demo.scan.page.charts { return s.duration }
        return nil
    }

    @discardableResult
    static func run(_ path: String, _ args: [String], environment: [String: String]? = nil) throws -> (code: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Read standard error on another thread so that neither pipe fills up and blocks the tool.
        nonisolated(unsafe) var e = Data()
        let done = DispatchSemaphore(value: 0)
        Thread { e = err.fileHandleForReading.readDataToEndOfFile(); done.signal() }.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    static func radial(_ args: [String], environment: [String: String]? = nil) throws -> (code: Int32, out: String, err: String) {
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "no radial binary at \(binary.path)")
        return try run(binary.path, args, environment: environment)
    }

    /// `radial render --at` without the window's controls (as recordings are), read back.
    static func render(_ source: PageSource, at time: Double, size: String, in dir: String) throws -> RGBAImage {
        let out = dir + "/still-\(UUID().uuidString).png"
        defer { unlink(out) }
        let args: [String] = switch source {
        case .demo(let d): ["--demo", d.rawValue]
        case .file(let p), .table(let p, _, _), .stream(let p): [p]
        case .live: []
        }
        let r = try radial(["render"] + args + ["--out", out, "--at", String(time), "--size", size])
        try #require(r.code == 0, "\(r.err)")
        return try PNGFile.read(out)
    }

    struct Probe { var codec = "", pixelFormat = "", width = 0, height = 0, frames = 0, duration = 0.0 }

    /// ffprobe's count of decoded frames, size and codec of the first video stream, and its
    /// duration as the sum of its frames' durations (APNG has no container duration).
    static func probe(_ path: String) throws -> Probe {
        let r = try run("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                             "-show_entries", "stream=codec_name,pix_fmt,width,height,nb_read_frames:packet=duration_time",
                                             "-of", "default=noprint_wrappers=1", path])
        try #require(r.code == 0, "ffprobe: \(r.err)")
        var p = Probe()
        for line in r.out.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { continue }
            switch kv[0] {
            case "codec_name": p.codec = kv[1]
            case "pix_fmt": p.pixelFormat = kv[1]
            case "width": p.width = Int(kv[1]) ?? 0
            case "height": p.height = Int(kv[1]) ?? 0
            case "nb_read_frames": p.frames = Int(kv[1]) ?? 0
            case "duration_time": p.duration += Double(kv[1]) ?? 0
            default: break
            }
        }
        return p
    }

    /// Every frame of a video or animated image, decoded by ffmpeg to PNG, in order.
    static func extractFrames(_ path: String, into folder: String) throws -> [RGBAImage] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let r = try run("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-fps_mode", "passthrough", folder + "/f-%04d.png"])
        try #require(r.code == 0, "ffmpeg: \(r.err)")
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { try PNGFile.read(folder + "/" + $0) }
    }

    /// Hidden temporary files `record` and `render` write before renaming.
    static func leftovers(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".radial-") }
    }
}

/// How far apart two images are, per RGB channel (alpha is opaque in both).
struct Difference: CustomStringConvertible {
    var maximum = 0
    var mean = 0.0
    private var histogram = [Int](repeating: 0, count: 256)
    private var pixels = 1

    init(_ a: RGBAImage, _ b: RGBAImage) {
        guard a.width == b.width, a.height == b.height else { maximum = 255; mean = 255; return }
        pixels = a.width * a.height
        var total = 0
        for i in 0..<pixels {
            var worst = 0
            for c in 0..<3 {
                let d = abs(Int(a.pixels[i * 4 + c]) - Int(b.pixels[i * 4 + c]))
                total += d
                worst = max(worst, d)
            }
            histogram[worst] += 1
            maximum = max(maximum, worst)
        }
        mean = Double(total) / Double(pixels * 3)
    }

    /// The share of pixels with some channel more than `threshold` off.
    func fractionOver(_ threshold: Int) -> Double {
        Double(histogram[(threshold + 1)...].reduce(0, +)) / Double(pixels)
    }

    var description: String {
        String(format: "max %d, mean %.2f, %.3f%% of pixels over 24, %.3f%% over 48", maximum, mean, fractionOver(24) * 100, fractionOver(48) * 100)
    }
}
