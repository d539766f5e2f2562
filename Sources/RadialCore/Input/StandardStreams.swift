import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard output and standard error, written with write(2) and checked, as git and curl
/// check theirs: `radial describe > /dev/full` fails with exit 1 instead of losing the text,
/// and a closed standard error never crashes the process (Foundation's FileHandle raises on
/// EBADF and EPIPE, which is a crash in Swift).
///
/// `protect()` runs first thing: descriptors 0, 1 and 2 that were closed (`radial describe >&-`)
/// are opened on /dev/null, so that no file the process opens later becomes "standard output"
/// by accident (a PNG receiving a warning), and are remembered as closed: writing to a closed
/// standard output is still an error.
package enum StandardStreams {
    nonisolated(unsafe) private static var closed: [Bool] = [false, false, false]
    private static let lock = NSLock()

    /// Reopens closed standard descriptors on /dev/null and remembers which were closed.
    package static func protect() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd { dup2(opened, fd); close(opened) }
            closed[Int(fd)] = true
        }
    }

    /// Why standard output could not take `text`; thrown by `out`.
    package struct WriteError: ExitingError {
        package let code: Int32
        package var exitCode: Int32 { 1 }
        package var description: String {
            code == EBADF ? "standard output is closed; nothing could be written to it."
                          : "could not write to standard output: \(String(cString: strerror(code)))."
        }
    }

    /// Writes `text` to standard output, all of it, or throws why not (a full disk, a closed
    /// descriptor, a pipe whose reader went away with SIGPIPE ignored).
    package static func out(_ text: String) throws(WriteError) {
        if closed[1] { throw WriteError(code: EBADF) }
        if let code = write(Array(text.utf8), to: 1) { throw WriteError(code: code) }
    }

    /// `text` and a line break on standard output.
    package static func line(_ text: String) throws(WriteError) { try out(text + "\n") }

    /// Writes `text` to standard error; when that fails (closed, full) the text is dropped:
    /// there is nowhere left to say it, and a warning must not stop the work.
    package static func err(_ text: String) {
        if closed[2] { return }
        _ = write(Array(text.utf8), to: 2)
    }

    /// Whether standard error is a terminal (for progress lines).
    package static var errIsTerminal: Bool { !closed[2] && isatty(2) == 1 }

    /// Writes all of `bytes`; the errno of the failure, or nil.
    private static func write(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        lock.lock(); defer { lock.unlock() }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return errno }
            offset += n
        }
        return nil
    }
}
