import Foundation
import RadialText
import RadialCore
import RadialGL

/// A run-time failure while recording: exit code 1. Every case says that nothing was written
/// to the output (the temporary is gone by the time it is thrown).
package enum RecordError: ExitingError {
    /// No ffmpeg on PATH for a format that needs one.
    case ffmpegMissing(format: String)
    /// ffmpeg could not be started.
    case ffmpegDidNotStart(path: String, reason: String)
    /// ffmpeg ended with a failure, or stopped taking frames: how, and its last line.
    case ffmpegFailed(how: String, said: String, out: String)
    /// ffmpeg said it succeeded but the file is not whole (a full disk it did not report).
    case incomplete(out: String, why: String)
    /// A frame could not be written (a folder of PNGs).
    case frameNotWritten(out: String, why: String)

    package var exitCode: Int32 { 1 }

    package var description: String {
        switch self {
        case .ffmpegMissing(let format):
            "radial record needs the ffmpeg command to write .\(format) files, and there is none on PATH (Debian: sudo apt install ffmpeg, or scripts/setup). A folder of PNGs needs no ffmpeg."
        case .ffmpegDidNotStart(let path, let reason): "Could not start \(path): \(reason)."
        case .ffmpegFailed(let how, let said, let out): "ffmpeg failed (\(how))\(said); nothing was written to \(out)."
        case .incomplete(let out, let why): "The recording is not whole (\(why)); nothing was written to \(out)."
        case .frameNotWritten(let out, let why): "\(why); nothing was written to \(out)."
        }
    }
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

/// Frames piped as raw RGBA to one `ffmpeg` process, as matplotlib's FFMpegWriter does, into
/// an `AtomicOutput`. ffmpeg's exit status is not trusted alone (on a full disk it has exited 0
/// with a truncated MP4): before the file is put in place, every frame must have gone down the
/// pipe and the container must be whole (`VideoCheck`). ffmpeg is registered with `Cleanup`,
/// so an interrupted run kills and reaps it even while a write to it is stuck.
package final class FFmpegWriter: FrameWriter {
    private let process = Process()
    private let stdin: FileHandle
    private let stderrTail = StderrTail()
    private let queue = FrameQueue<RGBAImage>()
    private let out: String
    private let output: AtomicOutput
    private let format: RecordFormat
    private var child: Cleanup.Token?
    private let written = FrameCounter()
    private var queued = 0
    private var finished = false

    /// The `ffmpeg` on `PATH`: the first regular, executable file of that name (a folder called
    /// ffmpeg earlier on PATH is passed over), or nil.
    package static func locate() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (dir.isEmpty ? "." : String(dir)) + "/ffmpeg"
            var st = stat()
            guard stat(candidate, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 else { continue }
            return candidate
        }
        return nil
    }

    /// With `alpha`, frames keep their transparency (a transparent page): they are un-premultiplied
    /// on the pipe's thread, once each, and encoded with an alpha channel.
    package init(ffmpeg: String, format: RecordFormat, width: Int, height: Int, fps: Double, quality: Int?, alpha: Bool = false, out: String) throws {
        self.out = out
        self.format = format
        output = try AtomicOutput(out, suffix: format.rawValue)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostats",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                             "-framerate", RecordFormat.rate(fps), "-i", "pipe:0"]
            + format.encoderArguments(quality: quality, alpha: alpha) + ["-y", output.temp]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        stdin = input.fileHandleForWriting
        let process = self.process
        do { child = try Cleanup.addProcess { try process.run(); return process.processIdentifier } } catch {
            output.abandon()
            throw RecordError.ffmpegDidNotStart(path: ffmpeg, reason: error.localizedDescription)
        }
        stderrTail.drain(errors.fileHandleForReading)
        // A bigger pipe lets ffmpeg take a whole frame while we render the next (Linux: F_SETPIPE_SZ).
        _ = fcntl(stdin.fileDescriptor, 1031 /* F_SETPIPE_SZ */, 1 << 20)
        let fd = stdin.fileDescriptor
        let counter = written
        queue.start(name: "radial-ffmpeg-pipe") { frame in
            // A write to a pipe whose reader died raises SIGPIPE in the writing thread, which by
            // default kills the whole process (a library's host too): blocked on this thread, the
            // write fails with EPIPE instead, ffmpeg's failure is read and reported, and the
            // pending signal is taken off the thread before it ends. The process's own handling of
            // SIGPIPE is left as it was.
            PipeSignal.blockOnThisThread()
            let image = alpha ? frame.straightened() : frame
            let ok = image.pixels.withUnsafeBytes { raw in Self.writeAll(fd, raw) }
            if !ok {
                PipeSignal.discardPending()
                throw PipeClosed()
            }
            counter.increment()
        }
    }

    private struct PipeClosed: Error {}

    package func write(_ image: RGBAImage) throws {
        do { try queue.push(image); queued += 1 } catch {
            // The pipe broke: ffmpeg has stopped. Say why in its words, as finish does.
            throw stopped()
        }
    }

    /// Waits for a failed ffmpeg to exit, removes its output and says what it said.
    private func stopped() -> RecordError {
        try? stdin.close()
        process.waitUntilExit()
        forgetChild()
        stderrTail.wait()
        output.abandon()
        let status = process.terminationStatus
        let how = process.terminationReason == .exit ? "exit \(status)" : "signal \(status)"
        return .ffmpegFailed(how: how, said: stderrTail.reason, out: out)
    }

    private func forgetChild() {
        if let child { Cleanup.remove(child) }
        child = nil
    }

    package func finish() throws { try finish(then: { _ in }) }

    /// Finishes, then runs `then` on the finished temporary (a sound track added) before it is
    /// checked and put in place.
    package func finish(then: (String) throws -> Void) throws {
        var pipeError: Error?
        do { try queue.close() } catch { pipeError = error }
        try? stdin.close()
        process.waitUntilExit()
        forgetChild()
        stderrTail.wait()
        let status = process.terminationStatus
        guard pipeError == nil, status == 0, process.terminationReason == .exit else { throw stopped() }
        let frames = queued, sent = written.value, format = self.format, out = self.out
        do {
            try output.commit { temp in
                guard sent == frames else { throw RecordError.incomplete(out: out, why: "\(sent) of \(frames) frames reached ffmpeg") }
                try then(temp)
                if let why = VideoCheck.problem(temp, format: format, frames: frames) { throw RecordError.incomplete(out: out, why: why) }
            }
        } catch let e as RecordError { throw e } catch let e as OutputError { throw e } catch { throw RecordError.incomplete(out: out, why: "\(error)") }
        finished = true
    }

    package func cancel() {
        guard !finished else { return }
        // Stop ffmpeg first, so a write blocked on the pipe fails (EPIPE) and the thread ends.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        queue.abandon(PipeClosed())
        try? queue.close()
        try? stdin.close()
        process.waitUntilExit()
        forgetChild()
        output.abandon()
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

/// A count shared with a writer thread.
final class FrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
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
/// the folder is an `AtomicOutput`: it appears at `--out` (an empty or new folder, or the one a
/// symbolic link names) only when every frame is in it.
package final class PNGFolderWriter: FrameWriter {
    private let queue = FrameQueue<RGBAImage>()
    private let out: String
    private let output: AtomicOutput
    private let written = FrameCounter()
    private var queued = 0
    private var finished = false

    package init(out: String, compression: PNGFile.Compression) throws {
        self.out = out
        output = try AtomicOutput(out, kind: .folder)
        let dir = output.temp
        let counter = written
        queue.start(name: "radial-png-frames") { image in
            let name = dir + "/" + String(format: "frame-%05d.png", counter.value)
            try PNGFile.encode(image, toFile: name, compression: compression)
            counter.increment()
        }
    }

    package func write(_ image: RGBAImage) throws {
        do { try queue.push(image); queued += 1 } catch { output.abandon(); throw RecordError.frameNotWritten(out: out, why: "\(error)") }
    }

    package func finish() throws {
        do { try queue.close() } catch { output.abandon(); throw RecordError.frameNotWritten(out: out, why: "\(error)") }
        let frames = queued, out = self.out
        try output.commit { temp throws(RecordError) in
            let count = ((try? FileManager.default.contentsOfDirectory(atPath: temp)) ?? []).filter { $0.hasSuffix(".png") }.count
            guard count == frames else { throw .incomplete(out: out, why: "\(count) of \(frames) frames were written") }
        }
        finished = true
    }

    package func cancel() {
        guard !finished else { return }
        queue.abandon(RecordError.frameNotWritten(out: out, why: "cancelled"))
        try? queue.close()
        output.abandon()
    }
}

/// SIGPIPE kept from the process: blocked on the thread that writes to ffmpeg's pipe (a signal a
/// write raises goes to the thread that wrote), and taken off it once a write has failed.
enum PipeSignal {
    private static var pipeOnly: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        return set
    }

    static func blockOnThisThread() {
        var set = pipeOnly
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Takes a pending SIGPIPE off the calling thread (where it was blocked), so it is never delivered.
    static func discardPending() {
        var set = pipeOnly
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&set, nil, &none) == SIGPIPE {}
    }
}
