import Foundation
import RadialGL
import RadialText
import RadialCore

/// The temporary file being written beside an output, removed if the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP) so an interrupted `radial render` leaves no `.radial-*.tmp` behind.
///
/// One file at a time: outputs are written one after another. The path lives in a fixed C buffer
/// so the signal handler only reads memory and calls `unlink`, both async-signal-safe.
public enum TemporaryFiles {
    private static let capacity = 4096
    nonisolated(unsafe) fileprivate static let path: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: capacity + 1)
        p[0] = 0
        return p
    }()

    /// A fresh temporary name beside `target`: `.radial-PID-N.EXT.tmp`.
    public static func name(beside target: String, extension ext: String) -> String {
        let dir = (target as NSString).deletingLastPathComponent
        return (dir.isEmpty ? "." : dir) + "/.radial-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(ext).tmp"
    }

    /// Removes `temp` if a signal arrives before `end()`.
    public static func begin(_ temp: String) {
        let bytes = Array(temp.utf8.prefix(capacity))
        path[bytes.count] = 0
        for (i, b) in bytes.enumerated() { path[i] = CChar(bitPattern: b) }
    }

    public static func end() { path[0] = 0 }

    /// Installs the handlers: remove the file, then die of the signal as before.
    public static func removeOnSignals() {
        _ = path   // initialized here, never first inside the handler
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP] {
            signal(s, removeAndReraise)
            sigaddset(&set, s)
        }
        // A parent may start us with them blocked (the mask survives exec): unblock them, or the
        // signal waits until exit and the file stays.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Temporary files left beside `target` by an interrupted run (killed with SIGKILL, or older versions).
    public static func stale(beside target: String) -> [String] {
        let dir = (target as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir)) ?? []
        return names.filter { $0.hasPrefix(".radial-") && $0.hasSuffix(".tmp") }.sorted()
    }

    /// Why a write failed, in the user's terms: "the disk is full" for ENOSPC.
    public static func reason(errno code: Int32) -> String {
        switch code {
        case ENOSPC: "the disk is full"
        case EDQUOT: "the disk quota is used up"
        case EROFS: "the file system is read-only"
        default: String(cString: strerror(code))
        }
    }
}

private func removeAndReraise(_ sig: Int32) {
    if TemporaryFiles.path[0] != 0 { unlink(TemporaryFiles.path) }
    signal(sig, SIG_DFL)
    raise(sig)
}
