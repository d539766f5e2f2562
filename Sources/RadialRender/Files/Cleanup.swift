import Foundation
import RadialCore
#if canImport(Glibc)
import Glibc
#endif

/// What an interrupted run leaves in order: temporary files and folders beside its outputs,
/// and child processes (ffmpeg). When one of `signals` arrives (Ctrl+C, SIGTERM, SIGHUP,
/// Ctrl+\, SIGUSR1, SIGUSR2, SIGALRM, SIGXFSZ) the handler only writes the signal's number to
/// a pipe; a thread of its own reads it and, on an ordinary stack, kills and reaps the
/// children, removes the temporaries, says `message` and ends the process: terminating
/// signals are re-raised with their default action (the shell sees 128+N), SIGQUIT and SIGXFSZ
/// end with exit status 128+N and no core file. This works however the main thread is stuck
/// (a write to an ffmpeg that stopped reading), and the handlers replace the Swift runtime's
/// crash reporter for these signals, which took SIGQUIT for a crash and carried on.
package enum Cleanup {
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXFSZ]

    package enum Item: Sendable {
        case file(String)
        case folder(String)
        case process(pid_t)
    }

    package struct Token: Hashable, Sendable { let id: Int }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var items: [Int: Item] = [:]
    nonisolated(unsafe) private static var nextID = 0
    nonisolated(unsafe) private static var message: String?
    nonisolated(unsafe) private static var installed = false
    /// The write end of the pipe the handlers write to (-1 until installed).
    nonisolated(unsafe) fileprivate static var pipeWrite: Int32 = -1
    /// Set by the handlers before anything else happens: from then on the process ends by the
    /// signal, whatever the run does meanwhile (`yieldToSignal`).
    nonisolated(unsafe) fileprivate static var signalled: sig_atomic_t = 0

    /// Whether a signal has arrived and the cleanup thread is ending the process.
    package static var interrupted: Bool { signalled != 0 }

    /// On the way out of a run (its error said, its exit code chosen): when a signal has
    /// arrived, waits for the cleanup thread to end the process with that signal (128+N), so a
    /// failure the signal itself caused (ffmpeg killed, its file empty) never wins the race and
    /// exits 1. A signal always wins.
    package static func yieldToSignal() {
        guard signalled != 0 else { return }
        while true { sleep(60) }
    }

    /// Remembers `item` until `remove` (an interruption cleans it up meanwhile).
    @discardableResult
    package static func add(_ item: Item) -> Token {
        install()
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        items[nextID] = item
        return Token(id: nextID)
    }

    /// Starts a child process with `start` (which returns its pid) and remembers it, under the
    /// lock the interruption's thread takes: a signal between the start and the `add` found no
    /// child to kill, and the orphan went on to write its output where the temporary had been.
    package static func addProcess(_ start: () throws -> pid_t) throws -> Token {
        install()
        lock.lock(); defer { lock.unlock() }
        let pid = try start()
        nextID += 1
        items[nextID] = .process(pid)
        return Token(id: nextID)
    }

    package static func remove(_ token: Token) {
        lock.lock(); defer { lock.unlock() }
        items[token.id] = nil
    }

    /// What to print on standard error if the run is interrupted ("recording interrupted; …").
    package static func onInterruption(say text: String?) {
        lock.lock(); defer { lock.unlock() }
        message = text
    }

    /// Installs the handlers and starts the thread that acts on them (once; every `add` does it).
    package static func install() {
        lock.lock(); defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        pipeWrite = fds[1]
        let readEnd = fds[0]
        let thread = Thread { Cleanup.wait(readEnd) }
        thread.name = "radial-signals"
        thread.start()
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { n in
                Cleanup.signalled = 1
                var byte = UInt8(truncatingIfNeeded: n)
                _ = write(Cleanup.pipeWrite, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(s, &action, nil)
            sigaddset(&set, s)
        }
        // A parent may hand these down blocked (posix_spawn keeps the mask, Foundation's
        // Process does not clear it): unblock them, or they would wait until exit.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    private static func wait(_ fd: Int32) {
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n == 1 { break }
            if n < 0 && errno == EINTR { continue }
            return
        }
        let signal = Int32(byte)
        lock.lock()
        let pending = items.sorted { $0.key < $1.key }.map(\.value)
        let text = message
        lock.unlock()
        // Children first, so nothing writes into a temporary while it is removed.
        for case .process(let pid) in pending {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        for item in pending {
            switch item {
            case .file(let path): unlink(path)
            case .folder(let path): try? FileManager.default.removeItem(atPath: path)
            case .process: break
            }
        }
        if let text { StandardStreams.err("radial: " + text + "\n") }
        if signal == SIGQUIT || signal == SIGXFSZ { _exit(128 + signal) }
        Glibc.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        _exit(128 + signal)
    }
}

/// Hidden temporary names beside an output (so the final rename stays on one file system):
/// `.radial-PID-RANDOM.SUFFIX.tmp`. The process id says whose a temporary is.
package enum TemporaryName {
    package static func beside(_ path: String, suffix: String) -> String {
        let dir = PathText.folder(of: path)
        return (dir.isEmpty ? "." : dir) + "/.radial-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(suffix).tmp"
    }

    /// Temporaries beside `target` that no running process owns: left by a run killed with
    /// SIGKILL (or by an older version without the process id). A concurrent run's live
    /// temporaries (its probe, its half-written image) are not named.
    package static func stale(beside target: String) -> [String] {
        let dir = PathText.folder(of: target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir)) ?? []
        return names.filter { name in
            guard name.hasPrefix(".radial-"), name.hasSuffix(".tmp") else { return false }
            let digits = name.dropFirst(".radial-".count).prefix { $0.isASCII && $0.isNumber }
            guard let pid = pid_t(digits), pid > 0, name.dropFirst(".radial-".count + digits.count).hasPrefix("-") else { return true }
            return kill(pid, 0) != 0 && errno == ESRCH
        }.sorted()
    }

    /// Why a write failed, in the user's terms: "the disk is full" for ENOSPC.
    package static func reason(errno code: Int32) -> String {
        switch code {
        case ENOSPC: "the disk is full"
        case EDQUOT: "the disk quota is used up"
        case EROFS: "the file system is read-only"
        case EFBIG: "the file would be larger than this process may write (ulimit -f)"
        default: String(cString: strerror(code))
        }
    }
}
