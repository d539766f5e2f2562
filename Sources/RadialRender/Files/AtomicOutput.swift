import Foundation
import RadialCore
#if canImport(Glibc)
import Glibc
#endif

/// Why an output could not be written. Mistakes in naming it (a FIFO, a device, one of the
/// inputs, a missing folder) are usage errors, exit 2, found before any work; failures while
/// writing it (a full disk, a folder that takes no files, an incomplete video) exit 1.
package enum OutputError: ExitingError, Equatable {
    /// `--out` names something that is not a regular file (a folder for a folder output).
    case notRegular(path: String, what: String)
    /// `--out` names one of the inputs.
    case isInput(path: String, input: String)
    /// The folder `--out` goes in does not exist.
    case folderMissing(path: String, folder: String)
    /// The folder takes no new files (read-only, /proc, permissions).
    case folderNotWritable(path: String, folder: String, reason: String)
    /// Creating the output's folder failed.
    case cannotCreateFolder(path: String, reason: String)
    /// Writing or renaming failed.
    case cannotWrite(path: String, reason: String)
    /// The result was checked before it was put in place, and is not whole.
    case incomplete(path: String, why: String)
    /// A folder output already holds files.
    case folderNotEmpty(path: String)

    package var exitCode: Int32 {
        switch self {
        // An output folder that takes no files is the user's to change, found before anything is
        // drawn (#27); failing to create a folder or to write is a run-time failure (#22).
        case .notRegular, .isInput, .folderMissing, .folderNotEmpty, .folderNotWritable: 2
        case .cannotCreateFolder, .cannotWrite, .incomplete: 1
        }
    }

    package var description: String {
        switch self {
        case .notRegular(let path, let what):
            "\(path) is \(what), not a file radial may replace; give the name of a file to write."
        case .isInput(let path, let input):
            "\(path) is \(input == "standard input" ? "the file standard input reads" : "the input " + input); writing it would replace the chart with a picture. Choose another output."
        case .folderMissing(let path, let folder):
            "The folder \(folder) for \(path) does not exist."
        case .folderNotWritable(let path, let folder, let reason):
            "Cannot write \(path): the folder \(folder) does not take new files (\(reason))."
        case .cannotCreateFolder(let path, let reason):
            "Could not create \(path): \(reason)."
        case .cannotWrite(let path, let reason):
            "Could not write \(path): \(reason)."
        case .incomplete(let path, let why):
            "\(why); nothing was written to \(path)."
        case .folderNotEmpty(let path):
            "\(path) already holds files; give a new or empty folder for the frames."
        }
    }
}

/// The files a command reads, by device and inode, so that no output replaces one of them:
/// chart files, tables and their --spec, and standard input (`radial render - --out chart.json
/// < chart.json`).
package struct InputSet: Sendable {
    package var inputs: [(name: String, device: UInt64, inode: UInt64)] = []

    package init() {}

    package init(_ sources: [PageSource]) {
        for path in sources.compactMap(\.inputPath) + sources.compactMap(\.specPath) { add(path) }
    }

    package mutating func add(_ path: String) {
        var st = stat()
        if path == "-" {
            if fstat(0, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { inputs.append(("standard input", UInt64(st.st_dev), UInt64(st.st_ino))) }
        } else if stat(path, &st) == 0 {
            inputs.append((path, UInt64(st.st_dev), UInt64(st.st_ino)))
        }
    }

    /// The input that `st` is, if any.
    func input(matching st: stat) -> String? {
        inputs.first { $0.device == UInt64(st.st_dev) && $0.inode == UInt64(st.st_ino) }?.name
    }
}

/// One output, written whole or not at all, the one way every writer does it (stills,
/// `--geometry`, JSON reports, videos, folders of frames, batches):
///
/// 1. `check` before any work: the target is a regular file or missing (a folder or missing,
///    for a folder output), never /dev/null, a FIFO, a device, a socket or `/dev/stdout`
///    (checked through symbolic links: a link to a regular file is replaced, not followed; a
///    folder output follows a link to a folder); it is none of the inputs; its folder exists
///    and takes new files.
/// 2. `init` makes a hidden temporary beside it (`TemporaryName`), which `Cleanup` removes if
///    the run is interrupted.
/// 3. The writer writes to `temp`.
/// 4. `commit(verify:)` checks the result (`verify`, then the target again, in case something
///    took its place meanwhile) and renames it over the target; `abandon()` removes it.
package final class AtomicOutput {
    package enum Kind: Sendable { case file, folder }

    /// The path as given, or for a folder output the folder a symbolic link names.
    package let path: String
    package let kind: Kind
    /// Where the writer writes.
    package let temp: String
    private var token: Cleanup.Token?
    private var done = false

    /// The path a folder output ends at: without a trailing slash, through a symbolic link
    /// to a folder (`record --out frames/` with `frames` a link).
    package static func resolved(_ path: String, kind: Kind) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        guard kind == .folder else { return p }
        var lst = stat(), st = stat()
        if lstat(p, &lst) == 0, (lst.st_mode & S_IFMT) == S_IFLNK, stat(p, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR,
           let real = realpath(p, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        return p
    }

    /// What `st` is, in words, when it is not what `kind` may replace.
    static func wrongKind(_ st: stat, kind: Kind) -> String? {
        switch (st.st_mode & S_IFMT, kind) {
        case (S_IFREG, .file), (S_IFDIR, .folder): nil
        case (S_IFDIR, .file): "a folder"
        case (S_IFREG, .folder): "a file"
        case (S_IFIFO, _): "a named pipe"
        case (S_IFCHR, _): "a character device"
        case (S_IFBLK, _): "a block device"
        case (S_IFSOCK, _): "a socket"
        default: "not a regular file"
        }
    }

    /// Everything that can be known about `path` as an output before any work (see the type).
    /// A folder output's own folder may be missing (it is made, one level, like `mkdir`), but
    /// the folder it goes in must exist, as a file's must; `empty`: an existing one must be
    /// empty (a folder of frames; a batch's folder may hold other files).
    package static func check(_ path: String, kind: Kind, inputs: InputSet, empty: Bool = true) throws(OutputError) {
        let target = resolved(path, kind: kind)
        var lst = stat()
        if lstat(target, &lst) == 0 {
            var st = stat()
            let followed = stat(target, &st) == 0
            if (lst.st_mode & S_IFMT) == S_IFLNK {
                // A link is replaced, not followed, unless it leads to what is not a file (or
                // leads out of the file system: /dev/stdout, /proc/self/fd/1).
                let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: target)) ?? ""
                if link.hasPrefix("/proc/") || link.hasPrefix("/dev/fd/") || target.hasPrefix("/dev/") {
                    throw .notRegular(path: path, what: "a link to a stream (\(link))")
                }
                if followed, let what = wrongKind(st, kind: kind) { throw .notRegular(path: path, what: "a link to \(what)") }
            } else if let what = wrongKind(lst, kind: kind) {
                if kind == .folder && what == "a file" { throw .notRegular(path: path, what: "a file (a folder output needs a new or empty folder)") }
                throw .notRegular(path: path, what: what)
            }
            if followed, let input = inputs.input(matching: st) { throw .isInput(path: path, input: input) }
            if kind == .folder, empty, (lst.st_mode & S_IFMT) == S_IFDIR || followed,
               !((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).isEmpty {
                throw .folderNotEmpty(path: path)
            }
        }
        let folder = PathText.folder(of: target)
        var dir = stat()
        guard stat(folder.isEmpty ? "." : folder, &dir) == 0, (dir.st_mode & S_IFMT) == S_IFDIR else {
            throw .folderMissing(path: path, folder: folder)
        }
    }

    /// Makes sure the folder `path` goes in takes new files (by making and removing one:
    /// access(2) says yes to root on a read-only or special file system), and names the
    /// temporaries of interrupted runs lying there. Run time: exit 1.
    package static func checkWritable(_ path: String, kind: Kind) throws(OutputError) {
        let target = resolved(path, kind: kind)
        let folder = PathText.folder(of: target)
        let probe = TemporaryName.beside(target, suffix: "probe")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .folderNotWritable(path: path, folder: folder.isEmpty ? "." : folder, reason: TemporaryName.reason(errno: errno))
        }
        close(fd)
        unlink(probe)
        let stale = TemporaryName.stale(beside: target)
        if !stale.isEmpty {
            StandardStreams.err("radial: note: \(folder.isEmpty ? "." : folder) holds temporary files of an interrupted run: "
                + stale.joined(separator: ", ") + "; they are safe to delete.\n")
        }
    }

    /// Starts writing `path`: a hidden temporary beside it (a file created empty, or a
    /// folder), removed if the run is interrupted.
    package init(_ path: String, kind: Kind = .file, suffix: String? = nil) throws(OutputError) {
        self.path = Self.resolved(path, kind: kind)
        self.kind = kind
        let name = PathText.name(of: path)
        let ext = suffix ?? (kind == .folder ? "frames" : name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? "out")
        temp = TemporaryName.beside(self.path, suffix: ext)
        token = Cleanup.add(kind == .file ? .file(temp) : .folder(temp))
        let ok: Bool
        switch kind {
        case .file:
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            ok = fd >= 0
            if ok { close(fd) }
        case .folder:
            ok = mkdir(temp, 0o755) == 0
        }
        guard ok else {
            let code = errno
            if let token { Cleanup.remove(token) }
            token = nil
            throw .cannotWrite(path: path, reason: TemporaryName.reason(errno: code))
        }
    }

    deinit { abandon() }

    /// Checks the result with `verify` (which throws why it is not whole), then that the
    /// target is still something it may replace, and renames the temporary over it.
    package func commit(verify: (String) throws -> Void = { _ in }) throws {
        guard !done else { return }
        do { try verify(temp) } catch { abandon(); throw error }
        // For the tests: a signal arriving while the temporary exists (never set by users).
        if let s = ProcessInfo.processInfo.environment["RADIAL_TEST_SIGNAL_WHILE_WRITING"], let n = Int32(s) {
            raise(n)
            sleep(10)   // the cleanup thread ends the process; without it, the write goes on
        }
        var lst = stat()
        if lstat(path, &lst) == 0, (lst.st_mode & S_IFMT) != S_IFLNK, let what = Self.wrongKind(lst, kind: kind) {
            abandon(); throw OutputError.notRegular(path: path, what: what)
        }
        guard rename(temp, path) == 0 else {
            let code = errno
            abandon()
            if kind == .folder && (code == ENOTEMPTY || code == EEXIST) { throw OutputError.folderNotEmpty(path: path) }
            throw OutputError.cannotWrite(path: path, reason: TemporaryName.reason(errno: code))
        }
        done = true
        if let token { Cleanup.remove(token) }
        token = nil
    }

    /// Removes the temporary (and what is in it); the target is left as it was.
    package func abandon() {
        guard !done else { return }
        done = true
        switch kind {
        case .file: unlink(temp)
        case .folder: try? FileManager.default.removeItem(atPath: temp)
        }
        if let token { Cleanup.remove(token) }
        token = nil
    }

    /// Writes `bytes` to `path` whole or not at all: the text outputs (`--geometry`, JSON and
    /// CSV reports).
    package static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let output = try staged(bytes, to: path)
        do { try output.commit() } catch let e as OutputError { throw e } catch { throw .cannotWrite(path: path, reason: "\(error)") }
    }

    /// `bytes` written whole to a temporary beside `path`, not yet in place: a sidecar of
    /// another output (`--geometry` beside the image), committed only once that output is in
    /// place, and abandoned (the old file kept) when it fails. Files one command writes are
    /// whole together or not at all.
    package static func staged(_ bytes: [UInt8], to path: String) throws(OutputError) -> AtomicOutput {
        let output = try AtomicOutput(path)
        guard let f = fopen(output.temp, "w") else {
            let code = errno
            output.abandon()
            throw .cannotWrite(path: path, reason: TemporaryName.reason(errno: code))
        }
        let written = fwrite(bytes, 1, bytes.count, f)
        var code = written == bytes.count ? 0 : errno
        if fflush(f) != 0 && code == 0 { code = errno }
        if fclose(f) != 0 && code == 0 { code = errno }
        guard code == 0 else { output.abandon(); throw .cannotWrite(path: path, reason: TemporaryName.reason(errno: code)) }
        return output
    }

    package static func write(_ text: String, to path: String) throws(OutputError) { try write(Array(text.utf8), to: path) }
}
