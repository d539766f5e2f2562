import Foundation
import Testing
@testable import RadialCore

private let radarLine = #"{"charts": [{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [10, 20, 30]}]}]}"#

private func lines(_ s: String...) -> [UInt8] { Array((s.joined(separator: "\n") + "\n").utf8) }


@Suite("Streams of pages and updates")
struct PageStreamTests {
    @Test("a whole page, then updates of single values; bad lines are reported and skipped")
    func updates() throws {
        var s = PageStream()
        s.feed(lines(radarLine, #"{"update": "charts[0].series[0].values[1]", "value": 55}"#, "not json",
                     #"{"update": "charts[0].series[3].values[1]", "value": 5}"#, #"{"update": "charts[0].series[0].values[2]", "value": "x"}"#))
        guard case .radar(let r)? = s.page?.charts[0] else { Issue.record("no radar"); return }
        #expect(r.series[0].values == [10, 55, 30])
        #expect(s.version == 2 && s.lineNumber == 5)
        #expect(s.problems.count == 3)
        #expect(s.problems[1] == "line 4: charts[0].series[3].values[1]: no such series; the chart has 1")
        // Judged by the rules of a file, in a file's words.
        #expect(s.problems[2] == #"line 5: charts[0].series[0].values[2]: expected a number, got "x""#)
        // A line split across reads is applied once it is whole.
        var t = PageStream()
        let bytes = lines(radarLine)
        t.feed(bytes.prefix(20)); #expect(t.page == nil)
        t.feed(bytes.dropFirst(20)); #expect(t.page != nil)
    }

    @Test("an index that is negative, too large or not a number is refused and the stream goes on (it once trapped)",
          arguments: ["charts[0].series[0].values[-1]", "charts[-1].series[0].values[0]", "charts[0].series[-1].values[0]",
                      "charts[0].series[0].values[99999999999999999999]", "charts[0].series[0].values[ 1]", "charts[0].series[0].values[+1]",
                      "charts[0].series[0].values[1", "charts[0]..series[0].values[1]", "charts[0].series[0].values[3]",
                      "charts[9223372036854775807].series[0].values[0]", "charts[0].sectors[-1].value", "charts[0].series[0].values[٣]"])
    func badIndices(path: String) {
        var s = PageStream()
        s.feed(lines(radarLine, #"{"update": "\#(path)", "value": 1}"#, #"{"update": "charts[0].series[0].values[2]", "value": 7}"#))
        #expect(s.problems.count == 1 && s.problems[0].hasPrefix("line 2: \(path): "), "\(s.problems)")
        guard case .radar(let r)? = s.page?.charts[0] else { Issue.record("no radar"); return }
        #expect(r.series[0].values == [10, 20, 7])
    }

    @Test("updates obey the rules of a file: a pie's total past the largest double is refused with the file's message")
    func updatesReadAsFiles() throws {
        let pie = #"{"charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1e308}, {"name": "B", "value": 1}]}]}"#
        var s = PageStream()
        s.feed(lines(pie, #"{"update": "charts[0].sectors[1].value", "value": 1.7e308}"#, #"{"update": "charts[0].sectors[1].value", "value": -5}"#,
                     #"{"update": "charts[0].sectors[1].value", "value": 1e999}"#, #"{"update": "charts[0].sectors[1].value", "value": 2}"#))
        #expect(s.problems == [
            "line 2: charts[0].sectors[1].value: charts[0].sectors: the values add up to more than 1.7976931348623157e+308, the largest number a total can be",
            "line 3: charts[0].sectors[1].value: expected a finite number ≥ 0, got -5",
            "line 4: charts[0].sectors[1].value: expected a finite number ≥ 0, got a number too large to represent",
        ])
        guard case .pie(let p)? = s.page?.charts[0] else { Issue.record("no pie"); return }
        #expect(p.sectors.map(\.value) == [1e308, 2] && p.total.isFinite)
        // The same total in a file is refused the same way.
        do { _ = try Spec.decode(#"{"charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1e308}, {"name": "B", "value": 1.7e308}]}]}"#); Issue.record("accepted") } catch {
            #expect(error.problems.map(\.message) == ["the values add up to more than 1.7976931348623157e+308, the largest number a total can be"])
        }
        // A radar value too large for a double counts as 0, as in a file.
        var r = PageStream()
        r.feed(lines(radarLine, #"{"update": "charts[0].series[0].values[0]", "value": 1e999}"#, #"{"update": "charts[0].series[0].values[1]", "value": null}"#))
        guard case .radar(let radar)? = r.page?.charts[0] else { Issue.record("no radar"); return }
        #expect(r.problems == [] && radar.series[0].values[0] == .infinity && radar.series[0].values[1].isNaN)
    }

    @Test("a grouped pie is regrouped after an update, and indices are the file's")
    func groupedPie() throws {
        let pie = #"{"charts": [{"type": "pie", "group": {"below": 0.1}, "sectors": [{"name": "Big", "value": 100}, {"name": "s1", "value": 1}, {"name": "s2", "value": 1}, {"name": "Mid", "value": 50}]}]}"#
        var s = PageStream()
        s.feed(lines(pie))
        guard case .pie(let before)? = s.page?.charts[0] else { Issue.record("no pie"); return }
        #expect(before.sectors.map(\.name) == ["Big", "Mid", "Other"])
        s.feed(lines(#"{"update": "charts[0].sectors[1].value", "value": 40}"#))   // s1, by the file's index
        guard case .pie(let after)? = s.page?.charts[0] else { Issue.record("no pie"); return }
        #expect(s.problems == [] && after.sectors.map(\.name) == ["Big", "s1", "s2", "Mid"] && after.sectors[1].value == 40)
    }

    @Test("many updates in one read: each is judged on its own, the good ones apply and the bad ones are reported in order")
    func batchedUpdates() {
        let pie = #"{"charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1}, {"name": "B", "value": 1}]}]}"#
        var s = PageStream()
        s.feed(lines(pie, #"{"update": "charts[0].sectors[0].value", "value": 5}"#, #"{"update": "charts[0].sectors[1].value", "value": -1}"#,
                     "not json", #"{"update": "charts[0].sectors[1].value", "value": 6}"#, #"{"update": "charts[0].sectors[0].value", "value": 1.7e308}"#,
                     #"{"update": "charts[0].sectors[1].value", "value": 1.7e308}"#))
        #expect(s.problems.map { String($0.prefix(7)) } == ["line 3:", "line 4:", "line 7:"], "\(s.problems)")
        guard case .pie(let p)? = s.page?.charts[0] else { Issue.record("no pie"); return }
        #expect(p.sectors.map(\.value) == [1.7e308, 6])
        #expect(s.version == 4)
    }

    @Test("a line over the limit is refused with the limit named, and the stream goes on")
    func longLine() {
        var s = PageStream()
        s.feed(Array(repeating: UInt8(ascii: "x"), count: PageStream.maxLineBytes + 10) + [10])
        s.feed(lines(radarLine))
        #expect(s.problems == ["line 1: the line is longer than 4 MiB, the limit for one line; skipped"])
        #expect(s.page != nil && s.lineNumber == 2)
    }

    @Test("memory stays flat over 100,000 updates and bad lines")
    func flatMemory() {
        var s = PageStream()
        s.feed(lines(radarLine))
        let chunk = (0..<1000).map { i in #"{"update": "charts[0].series[0].values[\#(i % 3)]", "value": \#(i % 100)}"# + (i % 10 == 0 ? "\nbad" : "") }
        let bytes = lines(chunk.joined(separator: "\n"))
        for _ in 0..<10 { s.feed(bytes) }   // warm up
        let before = s.retainedBytes
        for _ in 0..<100 { s.feed(bytes) }  // 100,000 updates, 10,000 bad lines
        #expect(s.version == 1 + 110 * 1000)
        #expect(s.problems.count == PageStream.keptProblems)
        // Only what the stream holds is measured: resident memory is the whole test process's,
        // which other suites running in parallel move by tens of megabytes.
        #expect(s.retainedBytes <= before + 64, "the stream holds \(s.retainedBytes) bytes, \(before) before")
        guard case .radar(let r)? = s.page?.charts[0] else { Issue.record("no radar"); return }
        #expect(r.series.count == 1 && r.series[0].values.count == 3)
    }

    @Test("an update animates: the corner springs from the old value to the new one over time")
    func animates() throws {
        var s = PageStream()
        s.feed(lines(radarLine))
        let first = PageScene(page: try #require(s.page), measurer: TestMeasurer(), formatting: enUS)
        first.layout(size: Size(800, 800))
        s.feed(lines(#"{"update": "charts[0].series[0].values[0]", "value": 90}"#))
        let t0 = 10.0
        let next = PageScene(page: try #require(s.page), measurer: TestMeasurer(), formatting: enUS, continuing: first, at: t0)
        next.layout(size: Size(800, 800))
        func topY(_ t: Double) -> Double {
            next.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: t, theme: .light, reduceMotion: false))[key: "charts"]?[index: 0]?[key: "series"]?[index: 0]?[key: "points"]?[index: 0]?.point?.y ?? .nan
        }
        let g = next.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: t0, theme: .light, reduceMotion: false))[key: "charts"]?[index: 0]
        let c = g?[key: "center"]?.point ?? .zero, radius = g?[key: "radius"]?.number ?? 0
        #expect(close(topY(t0), c.y - radius * 0.1, 1e-6))
        let mid = topY(t0 + 0.2)
        #expect(mid < c.y - radius * 0.1 - 1 && mid > c.y - radius * 0.9 + 1)
        #expect(close(topY(t0 + 5), c.y - radius * 0.9, 1e-6))
    }
}

/// Issue #38: updates are set in place in time that does not grow with the chart, and judged by
/// the rules of a file; issue #33: an update may set any key a file may.
@Suite("Stream updates in place and of any key")
struct StreamUpdateTests {
    static let family = #"{"title": "Page", "charts": [{"type": "radar", "axes": ["A", "B", "C", "D"], "series": [{"name": "S", "values": [1, 2]}, {"name": "T", "values": [5, 6, 7, 8]}]}, "#
        + #"{"type": "pie", "sectors": [{"name": "a", "value": 1}, {"name": "b", "value": 2}, {"name": "c", "value": 3}]}, "#
        + #"{"type": "rose", "sectors": [{"name": "N", "value": 4}, {"name": "E", "value": 5}, {"name": "S", "value": 6}]}, "#
        + #"{"type": "gauge", "value": 40, "bands": [{"to": 50, "color": "green"}, {"to": 100, "color": "red"}]}, "#
        + #"{"type": "rings", "rings": [{"name": "Move", "value": 300, "goal": 500}, {"name": "Stand", "value": 6, "goal": 12}]}, "#
        + #"{"type": "radialBar", "bars": [{"name": "x", "value": 10}, {"name": "y", "value": 20}]}]}"#

    static let targets = ["charts[0].series[0].values[0]", "charts[0].series[0].values[3]", "charts[0].series[1].values[2]",
                          "charts[1].sectors[0].value", "charts[1].sectors[2].value", "charts[2].sectors[1].value", "charts[3].value",
                          "charts[4].rings[0].value", "charts[4].rings[1].value", "charts[5].bars[1].value"]

    @Test("single values of every kind are set in place, and the page is what its edited document reads as")
    func inPlaceEqualsReread() throws {
        var s = PageStream()
        s.feed(lines(Self.family))
        var x: UInt64 = 12345
        var sent: [String] = []
        for _ in 0..<2000 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            let path = Self.targets[Int(x % UInt64(Self.targets.count))]
            sent.append(#"{"update": "\#(path)", "value": \#(Double(x >> 44 % 1000) / 10 + 1)}"#)
        }
        s.feed(lines(sent.joined(separator: "\n")))
        #expect(s.problems == [] && s.updatesApplied == 2000)
        #expect(s.rereads == 0, "\(s.rereads) updates read the whole page again")
        // The radar's first series was shorter than its axes: values[3] padded it (missing values in between).
        let page = try #require(s.page), reread = try #require(s.documentPage)
        guard case .radar(let r) = page.charts[0], case .radar(let rr) = reread.charts[0] else { Issue.record("no radar"); return }
        #expect(r.series[0].values.count == 4 && r.series[0].values.map(\.bitPattern) == rr.series[0].values.map(\.bitPattern))
        #expect(Array(page.charts[1...]) == Array(reread.charts[1...]) && r.series[1] == rr.series[1])
    }

    @Test("a value the rules might refuse, and any other key, reads the page again by the rules of a file")
    func rereadWhenNeeded() throws {
        var s = PageStream()
        s.feed(lines(Self.family))
        s.feed(lines(#"{"update": "charts[1].sectors[0].value", "value": 1e302}"#,   // could take a total past the largest double
                     #"{"update": "charts[4].rings[1].value", "value": 1201}"#,      // 100 laps of 12 is the limit
                     #"{"update": "charts[3].value", "value": null}"#,               // a gauge needs a value
                     #"{"update": "charts[0].series[0].values[1]", "value": "x"}"#))
        #expect(s.problems == [
            "line 3: charts[4].rings[1].value: 1201 is more than 100 times the goal 12; the limit is 100 laps",
            "line 4: charts[3].value: missing; expected a finite number",
            #"line 5: charts[0].series[0].values[1]: expected a number, got "x""#,
        ])
        #expect(s.rereads == 4 && s.updatesApplied == 1, "\(s.rereads) rereads, \(s.updatesApplied) applied")
        guard case .pie(let p)? = s.page?.charts[1], case .gauge(let g)? = s.page?.charts[3] else { Issue.record("no pie"); return }
        #expect(p.sectors[0].value == 1e302 && g.value == 40)
        #expect(s.page == s.documentPage)
    }

    @Test("titles, names, colors and page keys are set by the rules of a file; null removes a key")
    func anyKey() throws {
        var s = PageStream()
        s.feed(lines(Self.family))
        s.feed(lines(#"{"update": "title", "value": "Now"}"#, #"{"update": "charts[0].title", "value": "Radar"}"#,
                     #"{"update": "charts[0].series[1].name", "value": "Renamed"}"#, #"{"update": "charts[1].sectors[2].color", "value": "teal"}"#,
                     #"{"update": "theme", "value": "dark"}"#, ##"{"update": "charts[3].bands[1].color", "value": "#00FF00"}"##,
                     #"{"update": "charts[2].title", "value": null}"#))
        #expect(s.problems == [])
        let page = try #require(s.page)
        #expect(page.title == "Now" && page.charts[0].title == "Radar" && page.theme == .dark && page.charts[2].title == nil)
        guard case .radar(let r) = page.charts[0], case .pie(let p) = page.charts[1], case .gauge(let g) = page.charts[3] else { Issue.record("kinds"); return }
        #expect(r.series[1].name == "Renamed" && p.sectors[2].color == .system(.teal) && g.bands[1].color == .fixed(RGBA(hex: 0x00FF00)))
        s.feed(lines(#"{"update": "charts[0].title", "value": null}"#))
        #expect(s.page?.charts[0].title == nil && s.problems == [])
    }

    @Test("a title that is not a string, an unknown key and a path that is not there are refused in a file's words, and nothing changes",
          arguments: [
            (#"{"update": "charts[0].title", "value": 3}"#, "charts[0].title: expected a string, got 3"),
            (#"{"update": "charts[0].titel", "value": "x"}"#, #"charts[0].titel: unknown key; did you mean "title"?"#),
            (#"{"update": "charts[1].format.decimals", "value": 2}"#, "charts[1].format.decimals: charts[1] has no format; set charts[1].format whole"),
            (#"{"update": "charts[1].sectors.name", "value": "x"}"#, "charts[1].sectors.name: charts[1].sectors is an array, which has no keys"),
            (#"{"update": "charts[9].title", "value": "x"}"#, "charts[9].title: no such chart; the page has 6"),
            (#"{"update": "charts[1].sectors[3].value", "value": 1}"#, "charts[1].sectors[3].value: no such sector; the chart has 3"),
            (#"{"update": "charts[0].series[0].values[4]", "value": 1}"#, "charts[0].series[0].values[4]: no such value; the chart has 4 axes"),
            (#"{"update": "theme", "value": "drak"}"#, #"theme: unknown theme "drak"; did you mean "dark"?"#),
            (#"{"update": "title", "value": "\#(String(repeating: "x", count: 201))"}"#, "title: a string of 201 characters; the limit is 200"),
          ])
    func refused(line: String, message: String) throws {
        var s = PageStream()
        s.feed(lines(Self.family))
        let before = s.page, version = s.version
        s.feed(lines(line))
        #expect(s.problems == ["line 2: " + message])
        #expect(s.page == before && s.version == version && s.documentPage == before)
    }
}

/// The reader's thread applies the lines; the window only takes the newest page.
@Suite("The stream's reader")
struct StreamReaderTests {
    @Test("poll() answers while the reader is still applying a read's lines, and once they are in, the newest page has every update")
    func pollDoesNotWaitForTheReader() throws {
        let fifo = NSTemporaryDirectory() + "radial-reader-\(UUID().uuidString)"
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let reader = StreamReader.shared(fifo)
        let output = open(fifo, O_WRONLY)
        try #require(output >= 0)
        @Sendable func send(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(output, $0.baseAddress, $0.count) } }
        send(radarLine + "\n")
        _ = try reader.firstPage()
        // The next read is held before its lines are applied until this thread has polled.
        let applying = DispatchSemaphore(value: 0), polled = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var heldUntilPolled = true, held = false
        reader.willApply = {
            guard !held else { return }   // the first read only
            held = true
            applying.signal()
            if polled.wait(timeout: .now() + 10) == .timedOut { heldUntilPolled = false }
        }
        let updates = (0..<3000).map { #"{"update": "charts[0].series[0].values[\#($0 % 3)]", "value": \#($0 % 97)}"# }
        let burst = updates.joined(separator: "\n") + "\n"
        let sent = DispatchSemaphore(value: 0)
        Thread { send(burst); sent.signal() }.start()   // more than a pipe holds: written while the reader reads
        #expect(applying.wait(timeout: .now() + 10) == .success, "the reader never read the updates")
        _ = reader.poll()   // with the lock held while applying, this would wait for the reader (which waits for it)
        polled.signal()
        sent.wait()
        close(output)
        // Every update reaches the page the window takes: the last of each value.
        let last = [2997, 2998, 2999].map { Double($0 % 97) }
        func values(_ p: Page?) -> [Double]? { if case .radar(let r)? = p?.charts[0] { r.series[0].values } else { nil } }
        var newest: Page?
        for _ in 0..<1000 where values(newest) != last {
            if let (page, _) = reader.poll(), let page { newest = page }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(values(newest) == last)
        #expect(heldUntilPolled, "poll() waited for the reader to apply the lines")
    }
}

/// The two stream examples, run for real and read through `PageStream` as `radial show -` reads them.
@Suite("Stream examples")
struct StreamExampleTests {
    /// Runs `script` with `arguments` for `seconds` and returns its stdout.
    func output(of script: String, _ arguments: [String] = [], environment: [String: String] = [:], seconds: Double,
                ) throws -> [UInt8] {
        let p = Process()
        p.executableURL = examples.appendingPathComponent(script)
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        Thread.sleep(forTimeInterval: seconds)
        p.terminate()
        p.waitUntilExit()
        return [UInt8](out.fileHandleForReading.readDataToEndOfFile())
    }

    @Test("cpu-stream.sh: a radar with one axis per core of /proc/stat, then per-core updates between 0 and 100")
    func cpu() throws {
        let cores = try String(contentsOfFile: "/proc/stat", encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("cpu") && $0.dropFirst(3).first?.isNumber == true }.count
        var s = PageStream()
        s.feed(try output(of: "cpu-stream.sh", environment: ["INTERVAL": "0.1"], seconds: 2))
        #expect(s.problems == [])
        // A radar needs three axes: a machine of one or two cores gets the gauge instead.
        if cores < 3 {
            guard case .gauge(let g)? = s.page?.charts[0] else { Issue.record("no gauge on \(cores) cores"); return }
            #expect(g.value >= 0 && g.value <= 100 && s.lineNumber >= 2)
            return
        }
        guard case .radar(let r)? = s.page?.charts[0] else { Issue.record("no radar"); return }
        #expect(r.axes.count == cores && r.series.count == 1)
        #expect(s.lineNumber >= 1 + cores, "a page and at least one tick: \(s.lineNumber) lines")
        #expect(r.series[0].values.allSatisfy { $0 >= 0 && $0 <= 100 })
    }

    @Test("scan-stream.sh: a scan with the file's contacts, sent again when the file changes; bad lines left out")
    func scan() throws {
        let file = NSTemporaryDirectory() + "radial-contacts-\(UUID().uuidString).txt"
        defer { unlink(file) }
        try "# a comment\n40 0.62 Headphones\n135 x Broken\n218 0.8 Speaker \"Kitchen\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        // Line by line, as the window reads it: the file as it was, then (after the edit) as it became.
        let p = Process()
        p.executableURL = examples.appendingPathComponent("scan-stream.sh")
        p.arguments = [file]
        p.environment = ProcessInfo.processInfo.environment.merging(["INTERVAL": "0.1"]) { $1 }
        let out = Pipe()
        p.standardOutput = out; p.standardError = FileHandle.nullDevice
        try p.run()
        defer { p.terminate(); p.waitUntilExit() }
        var s = PageStream()
        func nextPage() {
            let before = s.version, deadline = Date().addingTimeInterval(20)
            while s.version == before && Date() < deadline {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                s.feed([UInt8](chunk))
            }
        }
        nextPage()
        guard case .scan(let first)? = s.page?.charts[0] else { Issue.record("no scan"); return }
        #expect(first.blips.map(\.label) == ["Headphones", "Speaker \"Kitchen\""])
        try "300 0.5 Keyboard\n".write(toFile: file, atomically: true, encoding: .utf8)
        nextPage()
        guard case .scan(let c)? = s.page?.charts[0] else { Issue.record("no scan"); return }
        #expect(c.blips.map(\.label) == ["Keyboard"] && c.blips[0].angle == 300 && c.blips[0].distance == 0.5)
        #expect(s.problems == [] && s.lineNumber == 2)
        // The shipped contacts file is valid.
        var shipped = PageStream()
        shipped.feed(try output(of: "scan-stream.sh", [examples.appendingPathComponent("contacts.txt").path], seconds: 1.5))
        if case .scan(let c)? = shipped.page?.charts[0] { #expect(c.blips.count == 4) } else { Issue.record("no scan from contacts.txt") }
    }
}
