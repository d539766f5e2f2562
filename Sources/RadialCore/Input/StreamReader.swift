import Foundation

/// Reads a stream of newline-delimited JSON (`radial show -`, or a FIFO) on its own thread into
/// a `PageStream`, and hands the window the latest page at most once per frame: however many
/// lines arrived since the last frame, `poll()` returns one page (updates coalesce). The window
/// is woken when something arrives.
///
/// Interface for the window: `StreamReader.shared(path)`, `firstPage()` to start, `poll()` per frame.
package final class StreamReader: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private let arrived = NSCondition()
    private var stream = PageStream()
    private var ended = false
    /// The bytes before the first page, kept (bounded) so a stream that is one pretty-printed
    /// document rather than lines still reads as a page when it ends.
    private var head: [UInt8] = []
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

    private func start() {
        let thread = Thread { [self] in
            let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
            while let h = handle {
                let data = h.availableData   // blocks until bytes arrive; empty at the end
                if data.isEmpty { break }
                arrived.lock()
                if stream.page == nil, head.count < SpecLimits.fileBytes { head += data }
                stream.feed(data)
                arrived.broadcast()
                arrived.unlock()
                StreamReader.wake()
            }
            arrived.lock()
            if stream.page == nil, !head.isEmpty, let page = try? Spec.decode(head) { stream = PageStream(page: page) }
            head = []
            ended = true
            arrived.broadcast()
            arrived.unlock()
            StreamReader.wake()
        }
        thread.name = "radial stream \(path)"
        thread.start()
    }

    /// Waits for the first whole page; a stream that ends without one is a usage error.
    package func firstPage() throws(UsageError) -> Page {
        arrived.lock(); defer { arrived.unlock() }
        while stream.page == nil && !ended { arrived.wait() }
        guard let page = stream.page else {
            let why = stream.problems.last.map { ": " + $0 } ?? ""
            throw UsageError("\(path == "-" ? "standard input" : path) ended before a whole page arrived\(why)")
        }
        polledVersion = stream.version
        polledProblems = stream.problems
        return page
    }

    /// The latest page if it changed since the last poll, and the latest problems if they
    /// changed (for the banner); nil when nothing changed.
    package func poll() -> (page: Page?, problems: [String])? {
        arrived.lock(); defer { arrived.unlock() }
        let changed = stream.version != polledVersion, problemsChanged = stream.problems != polledProblems
        guard changed || problemsChanged else { return nil }
        polledVersion = stream.version
        polledProblems = stream.problems
        return (changed ? stream.page : nil, stream.problems)
    }
}
