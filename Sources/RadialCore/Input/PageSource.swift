import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a page comes from.
package enum PageSource: Sendable, Equatable {
    /// A built-in demo.
    case demo(Demo)
    /// A JSON spec file at this path; "-" is standard input.
    case file(String)   // "-" is standard input
    /// A CSV or TSV table drawn as one chart (`--type`), with a `--spec` file's keys applied.
    case table(String, CSV.Options, spec: String?)
    /// Newline-delimited JSON pages and updates, read as they come (`radial show -`, a FIFO).
    case stream(String)
    /// A page a program holds and updates (`RadialWindow.update`).
    case live(LivePage)

    /// How problems and the window's title name the source: the demo's name, the file's name…
    package var name: String {
        switch self {
        case .live(let p): p.name
        case .demo(let d): d.rawValue
        case .file(let p), .table(let p, _, _), .stream(let p): p == "-" ? "standard input" : p
        }
    }

    /// The tables a chart file's charts read (`"data": {"table": …}`), which a window watches too.
    package var tablePaths: [String] {
        guard case .file(let p) = self, p != "-", let bytes = try? Self.read(p) else { return [] }
        return TableData.paths(bytes, folder: PathText.folder(of: p))
    }

    /// The file a window watches for changes (none for demos and standard input).
    package var watchPath: String? {
        switch self {
        case .demo, .stream, .live: nil
        case .file(let p), .table(let p, _, _): p == "-" ? nil : p
        }
    }

    /// Reads and validates the page, with `palette` (a `--palette` flag) instead of the one the
    /// page asks for. Files are bounded before they are read whole.
    package func load(palette: CategoricalPalette? = nil, legend: LegendPosition? = nil, compact: Bool = false, as type: String? = nil) throws(UsageError) -> Page {
        try Self.shaped(try loadPage(), palette: palette, legend: legend, compact: compact, as: type)
    }

    /// `page` as the command line's options shape it, the one function a file, a table, a reload
    /// and every page of a stream pass through: drawn `as` another kind, with `palette` and
    /// `legend` instead of the page's own, its numbers compact.
    package static func shaped(_ page: Page, palette: CategoricalPalette? = nil, legend: LegendPosition? = nil, compact: Bool = false,
                               as type: String? = nil) throws(UsageError) -> Page {
        var page = page
        if let type {
            let (converted, unfit) = page.converted(to: type)
            if let i = unfit.first {
                let c = page.charts[i]
                throw UsageError("--as \(type): charts[\(i)] (\(c.kind.noun(c.isDonut ? "donut" : c.typeName))) has no data a \(type) chart can draw; its data fits \(Descriptions.list(c.fittingTypes)).")
            }
            page = converted
        }
        let placed = page.styled(palette: palette, legend: legend)
        return compact ? placed.applyingCompactNumbers() : placed
    }

    private func loadPage() throws(UsageError) -> Page {
        switch self {
        case .demo(let d): return d.page
        case .live(let p):
            let page = p.current.page
            let problems = page.problems
            if !problems.isEmpty {
                throw UsageError("\(name) is not a valid page:\n" + problems.map { "  " + $0.description }.joined(separator: "\n"))
            }
            return page
        case .file(let path):
            let bytes = try Self.read(path)
            // Charts whose "data" is a table: the tables read (relative to the file) into the page first.
            if let (root, notes) = try TableData.expand(bytes, folder: path == "-" ? "" : PathText.folder(of: path), read: { p throws(UsageError) in try Self.read(p) }) {
                if !notes.isEmpty { StandardStreams.err(notes.map { "note: \(name): \($0)\n" }.joined()) }
                do { return try Spec.decode(root) } catch {
                    throw UsageError("\(name) is not a valid chart file:\n" + error.problems.map { "  " + $0.description }.joined(separator: "\n"))
                }
            }
            do { return try Spec.decode(bytes) } catch {
                throw UsageError("\(name) is not a valid chart file:\n" + error.problems.map { "  " + $0.description }.joined(separator: "\n"))
            }
        case .stream(let path):
            return try StreamReader.shared(path).firstPage()
        case .table(let path, let options, let spec):
            let bytes = try Self.read(path)
            let specBytes = try spec.map { p throws(UsageError) in try Self.read(p) }
            let page: Page
            do {
                let (read, notes) = try CSV.read(bytes, path: path, options: options, spec: specBytes)
                // Said, not refused: columns left out, empty cells an aggregate skipped.
                if !notes.isEmpty { StandardStreams.err(notes.map { "note: \(name): \($0)\n" }.joined()) }
                page = read
            } catch {
                throw UsageError("\(name) cannot be drawn as a \(options.type.rawValue) chart:\n" + error.lines.map { "  " + $0 }.joined(separator: "\n"))
            }
            // A table's page is held to the rules of a file's (a radar needs three axes: rows, or columns with --transpose).
            let problems = page.problems
            if !problems.isEmpty {
                throw UsageError("\(name) cannot be drawn as a \(options.type.rawValue) chart:\n" + problems.map { "  " + $0.description }.joined(separator: "\n"))
            }
            return page
        }
    }

    /// The bytes of a chart file or table, at most `SpecLimits.fileBytes`. Only regular files
    /// are read (and standard input, and the pipes `<(…)` names as /dev/fd/N): a named pipe or
    /// a device given as a file would block until a writer comes, or read forever, so it is
    /// refused with what to do instead. The file is opened without blocking and checked on the
    /// descriptor itself, so a file swapped for a pipe between a look and the read (a window
    /// reloading) is refused too, never waited on.
    package static func read(_ path: String) throws(UsageError) -> [UInt8] {
        let limit = SpecLimits.fileBytes
        let name = path == "-" ? "standard input" : path
        let fd: Int32
        if path == "-" { fd = 0 } else {
            // stat, not FileManager.fileExists: that says "does not exist" for a loop of links.
            var info = stat()
            guard stat(path, &info) == 0 else {
                let code = errno
                switch code {
                case ENOENT: throw UsageError("\(path) does not exist.")
                case ELOOP: throw UsageError("\(path) is a loop of symbolic links; point it at a .json chart file.")
                default: throw UsageError("\(path) cannot be read: \(String(cString: strerror(code))).")
                }
            }
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw UsageError("\(path) cannot be read: \(String(cString: strerror(errno))).") }
            var st = stat()
            guard fstat(fd, &st) == 0 else { let code = errno; close(fd); throw UsageError("\(path) cannot be read: \(String(cString: strerror(code))).") }
            let processPipe = (path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/")) && (st.st_mode & S_IFMT) == S_IFIFO
            if let why = refusal(path, st), !processPipe { close(fd); throw UsageError(why) }
            // Regular files (and <(…)) are read as usual: blocking, to the end.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        defer { if path != "-" { close(fd) } }
        // Read one byte past the limit: enough to know the file is too big without reading it all.
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw UsageError("\(name) cannot be read: \(String(cString: strerror(errno))).")
            }
            if n == 0 { break }
            count += n
        }
        if count > limit {
            throw UsageError("\(name) is larger than \(limit / 1024 / 1024) MiB, the limit for a chart file.")
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Why `st` is not a file a page can be read from, or nil for a regular file.
    static func refusal(_ path: String, _ st: stat) -> String? {
        switch st.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "\(path) is a folder; give a .json chart file."
        case S_IFIFO: "\(path) is a named pipe, not a chart file: `radial show \(path)` follows it as a stream of pages; to draw one page from it, give it on standard input (`radial render - … < \(path)`)."
        case S_IFCHR, S_IFBLK: "\(path) is a device, not a chart file."
        case S_IFSOCK: "\(path) is a socket, not a chart file."
        default: "\(path) is not a regular file."
        }
    }

    /// The system's words for a read error ("Is a directory"), not Foundation's wrapper text.
    package static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }
}


extension PageSource {
    /// The file a page is read from (none for demos).
    package var inputPath: String? {
        switch self {
        case .demo, .live: nil
        case .file(let p), .stream(let p): p
        case .table(let p, _, _): p
        }
    }

    /// A table's --spec file.
    package var specPath: String? {
        if case .table(_, _, let spec) = self { return spec }
        return nil
    }
}
