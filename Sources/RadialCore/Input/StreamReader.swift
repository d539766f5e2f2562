import Foundation

/// Reads a stream of newline-delimited JSON (`radial show -`, or a FIFO) on its own thread into
/// a `PageStream` that only that thread touches: lines are parsed, checked and applied there, and
/// the newest page is handed over by swapping it in under a lock held for nothing else (a few
/// pointer copies). The window takes it at most once per frame with `poll()`: however many lines
/// arrived since the last frame, it gets one page holding all of them (updates coalesce; none is
/// lost). The window is woken when something arrives.
///
/// Interface for the window: `StreamReader.shared(path)`, `firstPage()` to start, `poll()` per frame.
package final class StreamReader: @unchecked Sendable {
    private let path: String
    /// Guards the handed-over state below, and signals `firstPage()`.
    private let handover = NSCondition()
    private var latest: (page: Page?, version: Int, problems: [String]) = (nil, 0, [])
    private var ended = false
    private var polledVersion = 0
    private var polledProblems: [String] = []

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: StreamReader] = [:]

    /// The one reader of `path` ("-" is standard input), started on first use.
    package static func shared(_ path: String) -> StreamReader {
        registryLock.lock(); defer { registryLock.unlock() }
        if let r = registry[path] { return r }
        let r = StreamReader(path: path)
        registry[path] = r
        r.start()
        return r
    }

    /// Whether `path` is a named pipe (read as a stream).
    package static func isFIFO(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO
    }

    private init(path: String) { self.path = path }

    /// Called on the reading thread whenever something arrived or the stream ended: a window sets
    /// it to wake its event loop (GLFW's `glfwPostEmptyEvent`). Set it before the first reader starts.
    nonisolated(unsafe) package static var wake: @Sendable () -> Void = {}

    /// Called on the reading thread before each read's lines are applied (tests hold it there to
    /// see that `poll()` does not wait for them).
    nonisolated(unsafe) package var willApply: @Sendable () -> Void = {}

    /// The bytes read at most at once: the lines of one read are applied before the page is
    /// handed over, so a burst is handed over in pieces of this size (about a thousand updates).
    package static let readSize = 64 * 1024

    private func start() {
        let thread = Thread { [self] in
            let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
            var stream = PageStream()
            // The bytes before the first page, kept (bounded) so a stream that is one
            // pretty-printed document rather than lines still reads as a page when it ends.
            var head: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: Self.readSize)
            while fd >= 0 {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                let chunk = buffer[..<n]
                if stream.page == nil, head.count < SpecLimits.fileBytes { head += chunk }
                willApply()
                stream.feed(chunk)
                if stream.page != nil { head = [] }
                hand(stream)
            }
            if fd > 0 { close(fd) }
            if stream.page == nil, !head.isEmpty, let page = try? Spec.decode(head) { stream = PageStream(page: page) }
            hand(stream, ended: true)
        }
        thread.name = "radial stream \(path)"
        thread.start()
    }

    /// Swaps `stream`'s page and problems in for the window (only when they changed), and wakes it.
    private func hand(_ stream: PageStream, ended: Bool = false) {
        handover.lock()
        let changed = stream.version != latest.version || stream.problems != latest.problems || ended
        if changed { latest = (stream.page, stream.version, stream.problems) }
        if ended { self.ended = true }
        handover.broadcast()
        handover.unlock()
        if changed { StreamReader.wake() }
    }

    /// Waits for the first whole page; a stream that ends without one is a usage error.
    package func firstPage() throws(UsageError) -> Page {
        handover.lock(); defer { handover.unlock() }
        while latest.page == nil && !ended { handover.wait() }
        guard let page = latest.page else {
            let why = latest.problems.last.map { ": " + $0 } ?? ""
            throw UsageError("\(path == "-" ? "standard input" : path) ended before a whole page arrived\(why)")
        }
        polledVersion = latest.version
        polledProblems = latest.problems
        return page
    }

    /// The latest page if it changed since the last poll, and the latest problems if they
    /// changed (for the banner); nil when nothing changed.
    package func poll() -> (page: Page?, problems: [String])? {
        handover.lock(); defer { handover.unlock() }
        let changed = latest.version != polledVersion, problemsChanged = latest.problems != polledProblems
        guard changed || problemsChanged else { return nil }
        polledVersion = latest.version
        polledProblems = latest.problems
        return (changed ? latest.page : nil, latest.problems)
    }
}
