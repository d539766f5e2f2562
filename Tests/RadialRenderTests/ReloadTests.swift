import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialTestSupport
import Testing

/// Live reload as `radial show` polls it: a sequence of file versions, valid, invalid, valid,
/// saved in place, by rename, and deleted and recreated.
@Suite("Live reload")
struct ReloadTests {
    let path = NSTemporaryDirectory() + "radial-reload-\(UUID().uuidString).json"

    func write(_ text: String, to p: String? = nil) throws {
        try text.write(toFile: p ?? path, atomically: false, encoding: .utf8)
    }

    func radar(_ values: String) -> String {
        #"{"title": "T", "charts": [{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [\#(values)]}]}]}"#
    }

    func values(_ r: FileWatch.Reload) -> [Double]? {
        guard case .reloaded(let page) = r, case .radar(let c) = page.charts[0] else { return nil }
        return c.series[0].values
    }

    @Test("valid, invalid, valid: new data, then a banner with the path, then new data again")
    func sequence() throws {
        try write(radar("1, 2, 3"))
        let watch = FileWatch(path: path)
        #expect(watch.usesInotify)
        let source = PageSource.file(path)
        guard case .unchanged = watch.reload(source) else { Issue.record("an untouched file reloaded"); return }
        try write(radar("4, 5, 6, 7, 8"))   // one byte longer: size and mtime change
        guard case .failed(let lines) = watch.reload(source) else { Issue.record("an invalid file was accepted"); return }
        #expect(lines.contains { $0.contains("charts[0].series[0].values") && $0.contains("5 values") })
        try write(radar("9, 9, 9"))
        #expect(values(watch.reload(source)) == [9, 9, 9])
        guard case .unchanged = watch.reload(source) else { Issue.record("reloaded twice"); return }
    }

    @Test("a save by rename and a delete-and-recreate are both noticed")
    func renameAndRecreate() throws {
        try write(radar("1, 2, 3"))
        let watch = FileWatch(path: path)
        let source = PageSource.file(path)
        let temp = path + ".tmp"
        try write(radar("3, 2, 1"), to: temp)
        #expect(rename(temp, path) == 0)
        #expect(values(watch.reload(source)) == [3, 2, 1])
        try FileManager.default.removeItem(atPath: path)
        guard case .failed(let gone) = watch.reload(source) else { Issue.record("a deleted file went unnoticed"); return }
        #expect(gone.first?.contains("was removed") == true)
        try write(radar("5, 5, 5"))
        #expect(values(watch.reload(source)) == [5, 5, 5])
    }

    @Test("the watch comes back when the file's folder is deleted and made again (it once stopped for good)")
    func folderRecreated() throws {
        let dir = NSTemporaryDirectory() + "radial-reload-dir-\(UUID().uuidString)"
        let file = dir + "/page.json"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(radar("1, 2, 3"), to: file)
        let watch = FileWatch(path: file)
        let source = PageSource.file(file)
        #expect(watch.usesInotify && watch.armed)
        try FileManager.default.removeItem(atPath: dir)
        guard case .failed = watch.reload(source) else { Issue.record("the folder's removal went unnoticed"); return }
        #expect(!watch.armed)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        try write(radar("4, 4, 4"), to: file)
        #expect(values(watch.reload(source)) == [4, 4, 4])
        #expect(watch.armed)
        // Watched by inotify again: an edit is noticed, and nothing else is.
        guard case .unchanged = watch.reload(source) else { Issue.record("reloaded without a change"); return }
        try write(radar("7, 7, 7, 7, 7, 7"), to: file)
        try write(radar("6, 6, 6"), to: file)
        #expect(values(watch.reload(source)) == [6, 6, 6])
    }

    @Test("a file replaced by a named pipe is refused at once, and the window's last good page stays (it once froze)")
    func replacedByFIFO() throws {
        try write(radar("1, 2, 3"))
        let watch = FileWatch(path: path)
        let source = PageSource.file(path)
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let start = Date()
        guard case .failed(let lines) = watch.reload(source) else { Issue.record("a FIFO was read as a page"); return }
        #expect(Date().timeIntervalSince(start) < 5, "the reload waited for a writer")
        #expect(lines.joined().contains("is a named pipe"), "\(lines)")
    }
}
