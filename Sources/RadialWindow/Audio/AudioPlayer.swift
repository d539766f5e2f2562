import CPulseSimple
import Foundation
import RadialCore

/// Plays an audio graph through the desktop's sound server (PulseAudio, or PipeWire through
/// pipewire-pulse) with libpulse-simple, opened with dlopen on first use. One graph at a time,
/// on a thread of its own, in 20 ms writes; `step` jumps to the previous or next tone while it
/// plays.
final class AudioPlayer: @unchecked Sendable {
    /// Why nothing can be played, in one sentence that says what to do.
    struct Unavailable: Error, CustomStringConvertible { var description: String }

    private let lock = NSLock()
    private var samples: [Int16] = []
    private var starts: [Int] = []   // each tone's first frame
    private var position = 0         // next frame to write
    private var generation = 0       // bumped by play/stop: an older thread ends
    private(set) var isPlaying = false
    static let rate = 44_100

    private typealias New = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, pa_stream_direction_t, UnsafePointer<CChar>?,
                                            UnsafePointer<CChar>?, UnsafePointer<pa_sample_spec>?, UnsafePointer<pa_channel_map>?,
                                            UnsafePointer<pa_buffer_attr>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?
    private typealias Write = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int32>?) -> Int32
    private typealias Drain = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    private typealias Free = @convention(c) (OpaquePointer?) -> Void
    private typealias Describe = @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// The playback stream, handed to the thread that writes it (and alone uses it).
    private struct Stream: @unchecked Sendable { var pointer: OpaquePointer }
    private struct Library: @unchecked Sendable { var new: New; var write: Write; var drain: Drain; var flush: Drain; var free: Free; var strerror: Describe? }
    nonisolated(unsafe) private static var library: Library?

    private static func load() throws(Unavailable) -> Library {
        if let l = library { return l }
        guard let h = dlopen("libpulse-simple.so.0", RTLD_NOW) else {
            throw Unavailable(description: "No sound: libpulse-simple is not installed (Debian: libpulse0); `radial listen` writes the audio graph to a file instead.")
        }
        func f<T>(_ name: String, _ type: T.Type) -> T? { dlsym(h, name).map { unsafeBitCast($0, to: type) } }
        let pulse = dlopen("libpulse.so.0", RTLD_NOW)
        guard let new = f("pa_simple_new", New.self), let write = f("pa_simple_write", Write.self), let drain = f("pa_simple_drain", Drain.self),
              let flush = f("pa_simple_flush", Drain.self), let free = f("pa_simple_free", Free.self) else {
            throw Unavailable(description: "No sound: this libpulse-simple lacks pa_simple_new; `radial listen` writes the audio graph to a file instead.")
        }
        let l = Library(new: new, write: write, drain: drain, flush: flush, free: free,
                        strerror: pulse.flatMap { dlsym($0, "pa_strerror") }.map { unsafeBitCast($0, to: Describe.self) })
        library = l
        return l
    }

    /// Starts playing `graph` (stopping what played). Throws, at once and in one sentence,
    /// when there is no sound server to play to.
    func play(_ graph: AudioGraph) throws(Unavailable) {
        let l = try Self.load()
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(Self.rate), channels: 2)
        var error: Int32 = 0
        guard let stream = l.new(nil, "Radial", PA_STREAM_PLAYBACK, nil, "Audio graph", &spec, nil, nil, &error) else {
            let why = l.strerror?(error).map { String(cString: $0) } ?? "error \(error)"
            throw Unavailable(description: "No sound server to play the audio graph (PulseAudio or PipeWire: \(why)); `radial listen --out FILE.wav` writes it to a file.")
        }
        lock.lock()
        // A quarter second of silence first: a sound server wakes a suspended sink (and a
        // recorder attaches) before the first tone, which would otherwise be clipped.
        let lead = Self.rate / 4
        samples = [Int16](repeating: 0, count: lead * 2) + graph.samples(sampleRate: Self.rate)
        starts = graph.tones.map { lead + Int(($0.start * Double(Self.rate)).rounded()) }
        position = 0
        generation += 1
        isPlaying = true
        let mine = generation
        lock.unlock()
        let handle = Stream(pointer: stream)
        let thread = Thread { [self] in self.run(handle.pointer, l, generation: mine) }
        thread.name = "radial audio graph"
        thread.start()
    }

    func stop() {
        lock.lock(); generation += 1; isPlaying = false; lock.unlock()
    }

    /// While playing: jumps to the start of the next (`by` 1) or previous (-1) tone, or the
    /// current one's start again when it began more than a step ago. Returns the tone's index.
    @discardableResult
    func step(by: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard isPlaying, !starts.isEmpty else { return nil }
        let current = (starts.lastIndex { $0 <= position } ?? 0)
        let target = max(0, min(starts.count - 1, current + by))
        position = starts[target]
        return target
    }

    private func run(_ stream: OpaquePointer, _ l: Library, generation mine: Int) {
        defer { l.free(stream) }
        let chunk = Self.rate / 50   // 20 ms
        var buffer = [Int16](repeating: 0, count: chunk * 2)
        var error: Int32 = 0
        while true {
            lock.lock()
            guard generation == mine, position < samples.count / 2 else {
                let stopped = generation != mine
                if !stopped { isPlaying = false }
                lock.unlock()
                if stopped { _ = l.flush(stream, &error) } else { _ = l.drain(stream, &error) }
                return
            }
            let n = min(chunk, samples.count / 2 - position)
            for k in 0..<(n * 2) { buffer[k] = samples[position * 2 + k] }
            position += n
            lock.unlock()
            let ok = buffer.withUnsafeBytes { l.write(stream, $0.baseAddress, n * 4, &error) }
            if ok < 0 { lock.lock(); if generation == mine { isPlaying = false }; lock.unlock(); return }
        }
    }
}
