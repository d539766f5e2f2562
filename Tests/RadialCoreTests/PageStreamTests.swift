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
        #expect(s.problems[2] == #"line 5: charts[0].series[0].values[2]: expected a number or null, got "x""#)
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
