import CGLFW
import Foundation
import RadialWindow
import RadialRender
import RadialText
import RadialCore
import RadialGL

/// `radial bench --stream`: single-value stream updates on the largest radar and the largest pie
/// a file may hold. First how many a second `PageStream` parses, checks and applies on one
/// thread (what the stream's reader does); then the window's side: a burst written into a pipe
/// that the real `StreamReader` reads on its thread while this thread polls, rebuilds and draws
/// frames as the window's loop does, until the last update is drawn.
struct StreamBench {
    var updates = 200_000
    var size = Size(1280, 720)
    var offscreen = false
    var formatting = Formatting(localeIdentifier: "en_US")
    /// Seconds each measurement may take (a slow stream is measured on what it applied by then).
    static let limit = 20.0

    init(_ values: OptionValues, _ operands: [String]) throws(UsageError) {
        let others = values.given.filter { !["--stream", "--size", "--offscreen"].contains($0) }
        if let first = others.first ?? (operands.isEmpty ? nil : operands[0]) {
            throw UsageError("bench --stream measures its own pages (the largest radar and pie a file may hold); it takes only --size and --offscreen, not \(first).")
        }
        size = values.size ?? Size(1280, 720)
        offscreen = values.offscreen
    }

    /// A page as one line of JSON, and the values its updates set.
    struct Subject {
        var name: String
        var line: String
        var paths: [String]
    }

    /// The largest radar (512 axes × 64 series) and pie (4096 sectors) inside the limits.
    static var subjects: [Subject] {
        let axes = SpecLimits.axes, series = SpecLimits.series, sectors = SpecLimits.sectors
        let names = (0..<axes).map { "\"A\($0)\"" }.joined(separator: ",")
        let rows = (0..<series).map { s in
            "{\"name\":\"S\(s)\",\"values\":[" + (0..<axes).map { a in String((a * 37 + s * 11) % 90 + 10) }.joined(separator: ",") + "]}"
        }.joined(separator: ",")
        let radar = Subject(name: "radar, \(axes) axes × \(series) series",
                            line: "{\"charts\":[{\"type\":\"radar\",\"axes\":[\(names)],\"series\":[\(rows)]}]}",
                            paths: (0..<series).flatMap { s in (0..<axes).map { "charts[0].series[\(s)].values[\($0)]" } })
        let list = (0..<sectors).map { "{\"name\":\"S\($0)\",\"value\":\($0 % 7 + 1)}" }.joined(separator: ",")
        let pie = Subject(name: "pie, \(sectors) sectors",
                          line: "{\"charts\":[{\"type\":\"donut\",\"appear\":\"all\",\"legend\":false,\"sectors\":[\(list)]}]}",
                          paths: (0..<sectors).map { "charts[0].sectors[\($0)].value" })
        return [radar, pie]
    }

    /// `count` update lines over `subject`'s values, each a new value from 1 to 100 (a fixed
    /// sequence, so runs compare).
    static func burst(_ subject: Subject, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 64)
        var x: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<count {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            let path = subject.paths[Int(x % UInt64(subject.paths.count))]
            out += Array("{\"update\":\"\(path)\",\"value\":\(Int(x >> 40) % 100 + 1)}\n".utf8)
        }
        return out
    }

    func run() throws {
        try StandardStreams.line("Stream updates of one value each (\(updates) a page), parsed, checked and applied on the reader's thread:")
        try StandardStreams.line(pad("page", 34) + pad("applied/s", 12) + "µs each")
        for subject in Self.subjects {
            var stream = PageStream()
            stream.feed(Array((subject.line + "\n").utf8))
            let bytes = Self.burst(subject, count: updates)
            // A read at a time, as the reader feeds them, for at most `limit` seconds.
            let start = monotonicSeconds
            var at = 0
            while at < bytes.count && monotonicSeconds - start < Self.limit {
                let end = min(at + StreamReader.readSize, bytes.count)
                stream.feed(bytes[at..<end])
                at = end
            }
            let seconds = monotonicSeconds - start, applied = stream.updatesApplied
            guard stream.problems.isEmpty else { throw RunTimeError("the stream refused an update: \(stream.problems[0])") }
            try StandardStreams.line(pad(subject.name, 34) + pad(String(Int(Double(applied) / seconds)), 12) + pad(f3(seconds / Double(applied) * 1e6), 10)
                                     + (applied < updates ? "(\(applied) of \(updates) in \(Int(Self.limit)) s)" : ""))
        }
        try drawing()
    }

    /// The window's side: the burst through a pipe into the real reader, frames drawn as the
    /// window's loop draws them (poll once, rebuild the scene from the newest page, draw).
    func drawing() throws {
        let rig = try BenchCommand.Rig(size: size, vsync: false, offscreen: offscreen)
        defer { rig.close() }
        let (pw, ph) = rig.pixelSize
        try StandardStreams.line("")
        try StandardStreams.line("The same bursts written into a pipe, read by the stream's reader thread while this thread draws at \(pw)×\(ph)"
                                 + (offscreen ? " offscreen" : "") + " as the window does:")
        try StandardStreams.line(pad("page", 34) + pad("applied/s", 12) + pad("frames", 8) + pad("frame p50 ms", 14) + pad("p99 ms", 10)
                                 + pad("max ms", 10) + "updates a frame")
        for (n, subject) in Self.subjects.enumerated() {
            // A named pipe, as `radial show PIPE` reads: the reader opens it, this thread writes.
            let fifo = NSTemporaryDirectory() + "radial-bench-stream-\(getpid())-\(n)"
            unlink(fifo)
            guard mkfifo(fifo, 0o600) == 0 else { throw RunTimeError("could not make a named pipe at \(fifo)") }
            defer { unlink(fifo) }
            let reader = StreamReader.shared(fifo)
            let output = open(fifo, O_WRONLY | O_CLOEXEC)
            guard output >= 0 else { throw RunTimeError("could not open the named pipe \(fifo)") }
            let first = Array((subject.line + "\n").utf8)
            _ = first.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            let page = try reader.firstPage()
            var scene = PageScene(page: page, measurer: rig.fonts, formatting: formatting)
            var final = PageStream()
            final.feed(first)
            let bytes = Self.burst(subject, count: updates)
            final.feed(bytes)
            let writer = Thread {
                var at = 0
                while at < bytes.count {
                    let n = bytes[at...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
                    if n <= 0 { break }
                    at += n
                }
                close(output)
            }
            var frames: [Double] = []
            var time = 0.0
            let start = monotonicSeconds
            var appliedAt = 0.0
            writer.start()
            var drawn: Page?
            while drawn != final.page {
                let t0 = monotonicSeconds
                if let (next, _) = reader.poll(), let next {
                    scene = PageScene(page: next, measurer: rig.fonts, formatting: formatting, continuing: scene, at: time)
                    drawn = next
                    if next == final.page { appliedAt = monotonicSeconds - start }
                }
                scene.draw(into: rig.frame, FrameRequest(size: Size(Double(pw), Double(ph)), time: time, theme: .light, reduceMotion: false))
                rig.offscreen?.bind()
                if rig.offscreen == nil { OffscreenTarget.bindDefault() }
                try rig.renderer.render(rig.frame, bufferAge: rig.offscreen != nil ? 1 : rig.window?.bufferAge(size: (pw, ph)) ?? 0)
                if rig.offscreen != nil { GLInfo.finish() } else { rig.window?.present(size: (pw, ph), changed: rig.renderer.stats.redrawn); glfwPollEvents() }
                frames.append((monotonicSeconds - t0) * 1000)
                time += 1.0 / 60
                if monotonicSeconds - start > 3 * Self.limit { break }
            }
            guard drawn == final.page else {
                try StandardStreams.line(pad(subject.name, 34) + "the last update was not drawn within \(Int(3 * Self.limit)) s (\(frames.count) frames)")
                continue
            }
            let stats = FrameStatistics(milliseconds: frames)
            try StandardStreams.line(pad(subject.name, 34) + pad(String(Int(Double(updates) / max(appliedAt, 1e-9))), 12) + pad(String(frames.count), 8)
                                     + pad(f3(stats?.p50 ?? 0), 14) + pad(f3(stats?.p99 ?? 0), 10) + pad(f3(frames.max() ?? 0), 10)
                                     + String(updates / max(frames.count, 1)))
        }
    }
}
