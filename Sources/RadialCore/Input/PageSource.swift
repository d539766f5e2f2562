import Foundation

/// Where a page comes from.
public enum PageSource: Sendable, Equatable {
    case demo(Demo)
    case file(String)   // "-" is standard input
    /// A CSV or TSV table drawn as one chart (`--type`), with a `--spec` file's keys applied.
    case table(String, CSV.Options, spec: String?)
    /// Newline-delimited JSON pages and updates, read as they come (`radial show -`, a FIFO).
    case stream(String)
    /// A page a program holds and updates (`RadialWindow.update`).
    case live(LivePage)

    public var name: String {
        switch self {
        case .live(let p): p.name
        case .demo(let d): d.rawValue
        case .file(let p), .table(let p, _, _), .stream(let p): p == "-" ? "standard input" : p
        }
    }

    /// The file a window watches for changes (none for demos and standard input).
    public var watchPath: String? {
        switch self {
        case .demo, .stream, .live: nil
        case .file(let p), .table(let p, _, _): p == "-" ? nil : p
        }
    }

    /// Reads and validates the page, with `palette` (a `--palette` flag) instead of the one the
    /// page asks for. Files are bounded before they are read whole.
    public func load(palette: CategoricalPalette? = nil) throws(UsageError) -> Page {
        let page = try loadPage()
        return palette.map(page.applyingPalette) ?? page
    }

    private func loadPage() throws(UsageError) -> Page {
        switch self {
        case .demo(let d): return d.page
        case .live(let p): return p.current.page
        case .file(let path):
            let bytes = try Self.read(path)
            do { return try Spec.decode(bytes) } catch {
                throw UsageError("\(name) is not a valid chart file:\n" + error.problems.map { "  " + $0.description }.joined(separator: "\n"))
            }
        case .stream(let path):
            return try StreamReader.shared(path).firstPage()
        case .table(let path, let options, let spec):
            let bytes = try Self.read(path)
            let specBytes = try spec.map { p throws(UsageError) in try Self.read(p) }
            do { return try CSV.page(bytes, path: path, options: options, spec: specBytes) } catch {
                throw UsageError("\(name) cannot be drawn as a \(options.type.rawValue) chart:\n" + error.lines.map { "  " + $0 }.joined(separator: "\n"))
            }
        }
    }

    package static func read(_ path: String) throws(UsageError) -> [UInt8] {
        let limit = SpecLimits.fileBytes
        let handle: FileHandle
        if path == "-" { handle = FileHandle.standardInput } else {
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
            guard info.st_mode & S_IFMT != S_IFDIR else { throw UsageError("\(path) is a folder; give a .json chart file.") }
            guard let h = FileHandle(forReadingAtPath: path) else {
                throw UsageError("\(path) cannot be read: \(String(cString: strerror(errno))).")
            }
            handle = h
        }
        defer { if path != "-" { try? handle.close() } }
        // Read one byte past the limit: enough to know the file is too big without reading it all.
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw UsageError("\(path == "-" ? "standard input" : path) cannot be read: \(Self.reason(error)).")
        }
        if data.count > limit {
            throw UsageError("\(path == "-" ? "standard input" : path) is larger than \(limit / 1024 / 1024) MiB, the limit for a chart file.")
        }
        return [UInt8](data)
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
