import Foundation
import RadialGL
import RadialText
import RadialCore

/// Writes a file whole or not at all: a temporary beside it (removed on SIGINT, SIGTERM, SIGHUP),
/// renamed over it when complete.
package enum AtomicFile {
    package static func write(_ text: String, to path: String) throws(RunTimeError) {
        try write(bytes: Array(text.utf8), to: path)
    }

    package static func write(bytes: [UInt8], to path: String) throws(RunTimeError) {
        let temp = TemporaryFiles.name(beside: path, extension: (path as NSString).pathExtension)
        TemporaryFiles.begin(temp)
        defer { TemporaryFiles.end() }
        guard let f = fopen(temp, "wx") else {
            throw RunTimeError("Could not write \(path): \(TemporaryFiles.reason(errno: errno)).")
        }
        let written = fwrite(bytes, 1, bytes.count, f)
        var code = written == bytes.count ? 0 : errno
        if fflush(f) != 0 && code == 0 { code = errno }
        if fclose(f) != 0 && code == 0 { code = errno }
        // For the tests: a signal arriving while the temporary file exists (never set by users).
        if let s = ProcessInfo.processInfo.environment["RADIAL_TEST_SIGNAL_WHILE_WRITING"], let n = Int32(s) { raise(n) }
        guard code == 0, rename(temp, path) == 0 else {
            if code == 0 { code = errno }
            unlink(temp)
            throw RunTimeError("Could not write \(path): \(TemporaryFiles.reason(errno: code)).")
        }
    }
}

/// Checks, before any rendering, that an output's folder takes new files, and names temporary
/// files an interrupted run left there. A folder that takes none is a mistake in the command
/// line, found before anything is drawn: exit 2, as `record` says of it (a disk that fills up
/// while writing is a failure at run time: exit 1).
package enum OutputFolder {
    package static func checkWritable(beside path: String) throws(UsageError) {
        // Create and remove a file rather than ask access(2), which says yes to root on a
        // folder it still cannot write (a read-only or special file system).
        let probe = TemporaryFiles.name(beside: path, extension: "probe")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else {
            let dir = (path as NSString).deletingLastPathComponent
            throw UsageError("Cannot write \(path): the folder \(dir.isEmpty ? "." : dir) does not take new files (\(TemporaryFiles.reason(errno: errno))).")
        }
        close(fd)
        unlink(probe)
        let stale = TemporaryFiles.stale(beside: path)
        if !stale.isEmpty {
            let dir = (path as NSString).deletingLastPathComponent
            FileHandle.standardError.write(Data(("radial: note: \(dir.isEmpty ? "." : dir) holds temporary files of an interrupted run: "
                + stale.joined(separator: ", ") + "; they are safe to delete.\n").utf8))
        }
    }
}
