import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore
#if canImport(Glibc)
import Glibc
#endif

/// Notices when a file changes, including an editor's save-by-rename and a delete-and-recreate.
///
/// It watches the file's folder with inotify (so renames onto the file and re-creations are
/// seen) and reads the queued events without blocking each time it is asked; where inotify is
/// unavailable it falls back to comparing inode, size and modification time on every call. Either
/// way a change is confirmed by those stamps, so an editor's burst of events counts once.
///
/// When the folder itself goes (deleted, or moved away), its watch goes with it: the watch
/// then compares stamps on every call and tries to watch the folder again, so a folder that is
/// deleted and made anew (a `git checkout`, a build that wipes its output) is watched again.
package final class FileWatch {
    /// The file watched.
    package let path: String
    private var stamp: [Int]?
    /// Whether the file was there at the last look.
    package private(set) var exists = true
    private var inotify: Int32 = -1
    private let name: String
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    private let folder: String
    /// Whether the folder is watched now (false after it went away, until it is back).
    package private(set) var armed = false
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MODIFY | IN_ATTRIB
                                     | IN_DELETE_SELF | IN_MOVE_SELF)

    /// A watch on the file at `path` (which need not exist yet).
    package init(path: String) {
        self.path = path
        name = PathText.name(of: path)
        stamp = Self.stamp(path)
        exists = stamp != nil
        let dir = PathText.folder(of: path)
        folder = dir.isEmpty ? "." : dir
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd >= 0 {
            inotify = fd
            arm()
            if !armed && access(folder, F_OK) == 0 { close(fd); inotify = -1 }   // inotify refuses this folder: poll
        }
    }

    /// Watches the folder (again); false while it does not exist.
    private func arm() {
        armed = inotify_add_watch(inotify, folder, Self.mask) >= 0
    }

    deinit { if inotify >= 0 { close(inotify) } }

    /// Whether inotify is doing the watching (false: polling the file's stamps).
    package var usesInotify: Bool { inotify >= 0 }

    package static func stamp(_ path: String) -> [Int]? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return [Int(st.st_ino), Int(st.st_size), Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec)]
    }

    /// Drains queued inotify events; true if any names our file.
    private func eventsForFile() -> Bool {
        var relevant = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let headerSize = MemoryLayout<inotify_event>.size
                while offset + headerSize <= n {
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    // The folder went away, and its watch with it (IN_IGNORED follows): watch again when it is back.
                    if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { armed = false; relevant = true }
                    if length > 0 {
                        let bytes = raw[(offset + headerSize)..<(offset + headerSize + length)].prefix { $0 != 0 }
                        if String(decoding: bytes, as: UTF8.self) == name { relevant = true }
                    }
                    offset += headerSize + length
                }
            }
        }
        return relevant
    }

    /// Whether the file changed (or appeared, or went away) since the last call.
    package func changed() -> Bool {
        if inotify >= 0 && armed && !eventsForFile() { return false }
        if inotify >= 0 && !armed {
            _ = eventsForFile()
            arm()
        }
        let now = Self.stamp(path)
        exists = now != nil
        if now == stamp { return false }
        stamp = now
        return true
    }

    /// What a poll found.
    package enum Reload {
        /// Nothing changed since the last poll.
        case unchanged
        /// A valid new version: show it.
        case reloaded(Page)
        /// Removed or invalid: keep the last good page and show these lines in the banner.
        case failed([String])
    }

    /// Checks the file and, if it changed, loads and validates it again.
    /// `force`: reload though this file did not change (a table it reads did).
    package func reload(_ source: PageSource, palette: CategoricalPalette? = nil, legend: LegendPosition? = nil, compact: Bool = false,
                        as type: String? = nil, force: Bool = false) -> Reload {
        guard changed() || force else { return .unchanged }
        guard exists else { return .failed(["\(source.name) was removed; showing the last good version until it is back."]) }
        do { return .reloaded(try source.load(palette: palette, legend: legend, compact: compact, as: type)) } catch {
            return .failed(error.description.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }
}
