import Foundation
import RadialText
import RadialCore
import RadialGL

/// A run-time failure while recording: exit code 1, one clear message.
package struct RecordFailure: Error, CustomStringConvertible {
    package let description: String
    package init(description: String) { self.description = description }
}

/// Where recorded frames go. Frames are handed over in order from the render thread; the
/// writing happens on a thread of the writer's own, so the next frame renders meanwhile.
/// Output goes to a temporary name beside `--out` and is renamed over it only by `finish`.
package protocol FrameWriter: AnyObject {
    /// Queues one frame; waits while the writer is two frames behind. Throws when writing failed.
    func write(_ image: RGBAImage) throws
    /// Waits for every frame to be written and puts the output in place.
    func finish() throws
    /// Stops, and removes everything written so far.
    func cancel()
}

/// A bounded hand-over of frames from the render thread to one writing thread, the way
/// matplotlib's writers let Agg draw while ffmpeg encodes, with a slot for each frame in flight.
package final class FrameQueue<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [Item] = []
    private var closed = false
    private var failure: Error?
    private var done = false
    private let capacity: Int

    package init(capacity: Int = 2) { self.capacity = capacity }

    /// Starts the thread that hands each frame to `consume`, in order, until the queue closes.
    package func start(name: String, _ consume: @escaping @Sendable (Item) throws -> Void) {
        let thread = Thread { [self] in
            while let frame = self.next() {
                do { try consume(frame) } catch { self.fail(error) }
            }
            self.condition.lock(); self.done = true; self.condition.broadcast(); self.condition.unlock()
        }
        thread.name = name
        thread.start()
    }

    package func push(_ frame: Item) throws {
        condition.lock()
        defer { condition.unlock() }
        while frames.count >= capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        frames.append(frame)
        condition.broadcast()
    }

    /// Closes the queue and waits until the thread has written (or dropped) what was queued.
    package func close() throws {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
        if let failure { throw failure }
    }

    private func next() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty && !closed { condition.wait() }
        // After a failure the remaining frames are dropped, and the producer is woken to see it.
        guard failure == nil, !frames.isEmpty else { return nil }
        let f = frames.removeFirst()
        condition.broadcast()
        return f
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        frames.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Drops queued frames and makes the next `push` fail with `error`.
    package func abandon(_ error: Error) { fail(error) }
}

/// Frames piped as raw RGBA to one `ffmpeg` process, as matplotlib's FFMpegWriter does.
package final class FFmpegWriter: FrameWriter {
    private let process = Process()
    private let stdin: FileHandle
    private let stderrTail = StderrTail()
    private let queue = FrameQueue<RGBAImage>()
    private let out: String
    private let temp: String
    private var finished = false

    /// The `ffmpeg` on `PATH`, or nil.
    package static func locate() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = String(dir) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// With `alpha`, frames keep their transparency (a transparent page): they are un-premultiplied
    /// on the pipe's thread, once each, and encoded with an alpha channel.
    package init(ffmpeg: String, format: RecordFormat, width: Int, height: Int, fps: Double, quality: Int?, alpha: Bool = false, out: String) throws {
        self.out = out
        temp = TemporaryName.beside(out, suffix: format.rawValue)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostats",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                             "-framerate", RecordFormat.rate(fps), "-i", "pipe:0"]
            + format.encoderArguments(quality: quality, alpha: alpha) + ["-y", temp]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        stdin = input.fileHandleForWriting
        do { try process.run() } catch {
            throw RecordFailure(description: "Could not start \(ffmpeg): \(error.localizedDescription).")
        }
        stderrTail.drain(errors.fileHandleForReading)
        // A bigger pipe lets ffmpeg take a whole frame while we render the next (Linux: F_SETPIPE_SZ).
        _ = fcntl(stdin.fileDescriptor, 1031 /* F_SETPIPE_SZ */, 1 << 20)
        let fd = stdin.fileDescriptor
        let tail = stderrTail
        queue.start(name: "radial-ffmpeg-pipe") { frame in
            let image = alpha ? frame.straightened() : frame
            let ok = image.pixels.withUnsafeBytes { raw in Self.writeAll(fd, raw) }
            if !ok { throw RecordFailure(description: "ffmpeg stopped taking frames" + tail.reason) }
        }
    }

    package func write(_ image: RGBAImage) throws {
        do { try queue.push(image) } catch {
            // The pipe broke: ffmpeg has stopped. Say why in its words, as finish does.
            throw stopped()
        }
    }

    /// Waits for a failed ffmpeg to exit, removes its output and says what it said.
    private func stopped() -> RecordFailure {
        try? stdin.close()
        process.waitUntilExit()
        stderrTail.wait()
        unlink(temp)
        let status = process.terminationStatus
        let how = process.terminationReason == .exit ? "exit \(status)" : "signal \(status)"
        return RecordFailure(description: "ffmpeg failed (\(how))\(stderrTail.reason); nothing was written to \(out).")
    }

    package func finish() throws {
        var pipeError: Error?
        do { try queue.close() } catch { pipeError = error }
        try? stdin.close()
        process.waitUntilExit()
        stderrTail.wait()
        let status = process.terminationStatus
        guard pipeError == nil, status == 0, process.terminationReason == .exit else { throw stopped() }
        guard rename(temp, out) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw RecordFailure(description: "Could not write \(out): \(reason).")
        }
        finished = true
    }

    package func cancel() {
        guard !finished else { return }
        // Stop ffmpeg first, so a write blocked on the pipe fails (EPIPE) and the thread ends.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        queue.abandon(RecordFailure(description: "cancelled"))
        try? queue.close()
        try? stdin.close()
        process.waitUntilExit()
        unlink(temp)
    }

    /// Writes all of `raw` to `fd`; false when the reader went away. (FileHandle.write would
    /// raise on EPIPE instead of returning an error.)
    private static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }
}

/// The last lines ffmpeg wrote to standard error, read on a thread of their own so that a
/// chatty ffmpeg never blocks on a full pipe.
package final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    private let finished = DispatchSemaphore(value: 0)

    package func drain(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.lock.lock()
                self.text = String((self.text + String(decoding: chunk, as: UTF8.self)).suffix(2000))
                self.lock.unlock()
            }
            self.finished.signal()
        }
        thread.name = "radial-ffmpeg-stderr"
        thread.start()
    }

    package func wait() { finished.wait(); finished.signal() }

    /// ": <ffmpeg's last line>", or "" when it said nothing.
    package var reason: String {
        lock.lock(); defer { lock.unlock() }
        let last = text.split(separator: "\n").last.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
        return last.isEmpty ? "" : ": " + last
    }
}

/// Frames as numbered PNGs (`frame-00000.png`, ...) in a folder, encoded on the writer thread;
/// the folder appears at `--out` only when every frame is in it.
package final class PNGFolderWriter: FrameWriter {
    private let queue = FrameQueue<RGBAImage>()
    private let out: String
    private let temp: String
    private var finished = false

    package init(out: String, compression: PNGFile.Compression) throws {
        self.out = out.hasSuffix("/") ? String(out.dropLast()) : out
        temp = TemporaryName.beside(self.out, suffix: "frames")
        guard mkdir(temp, 0o755) == 0 else {
            throw RecordFailure(description: "Could not create a folder beside \(self.out): \(String(cString: strerror(errno))).")
        }
        let dir = temp
        let counter = Counter()
        queue.start(name: "radial-png-frames") { image in
            let name = dir + "/" + String(format: "frame-%05d.png", counter.next())
            try PNGFile.write(image, to: name, compression: compression)
        }
    }

    package func write(_ image: RGBAImage) throws { try queue.push(image) }

    package func finish() throws {
        do { try queue.close() } catch { removeTemp(); throw error }
        // An empty folder at --out is replaced; rename(2) fails on anything else.
        guard rename(temp, out) == 0 else {
            let reason = String(cString: strerror(errno))
            removeTemp()
            throw RecordFailure(description: "Could not put the frames at \(out): \(reason).")
        }
        finished = true
    }

    package func cancel() {
        guard !finished else { return }
        queue.abandon(RecordFailure(description: "cancelled"))
        try? queue.close()
        removeTemp()
    }

    private func removeTemp() { try? FileManager.default.removeItem(atPath: temp) }

    private final class Counter: @unchecked Sendable {
        private var value = 0
        func next() -> Int { defer { value += 1 }; return value }   // only the writer thread calls it
    }
}

/// Hidden temporary names beside an output, so the final rename stays on one file system.
package enum TemporaryName {
    package static func beside(_ path: String, suffix: String) -> String {
        let dir = (path as NSString).deletingLastPathComponent
        return (dir.isEmpty ? "." : dir) + "/.radial-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(suffix).tmp"
    }
}
