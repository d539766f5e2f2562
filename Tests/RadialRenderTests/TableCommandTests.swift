import Foundation
import Testing
import RadialCore
import RadialRender

/// Real tables from the command line alone (issue #33): the values in `--geometry` and
/// `describe` against pandas' (Tests/Fixtures/tables/expected.json), states recorded and drawn.
@Suite("Tables from the command line", .serialized)
struct TableCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/tables").path

    static func radial(_ args: [String]) throws -> (code: Int32, out: String, err: String) {
        try Tool.radial(args, environment: ["LANG": "en_US.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"])
    }

    static func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "radial-tables-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static let iowa = ["\(fixtures)/iowa-electricity.csv", "--type", "donut", "--category", "source", "--value", "net_generation"]

    @Test("a donut per year (--frame year): describe says 17 states; the recording's last frame is render --frame year=2017, whose angles are pandas' shares")
    func iowaStates() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let described = try Self.radial(["describe"] + Self.iowa + ["--frame", "year"])
        try #require(described.code == 0, "\(described.err)")
        let states = described.out.split(separator: "\n").filter { $0.hasPrefix("State ") }
        #expect(states.count == 17 && states.first == "State 1 of 17: 2001" && states.last == "State 17 of 17: 2017", "\(states)")

        let rec = try Self.radial(["record"] + Self.iowa + ["--frame", "year", "--frame-time", "0.4", "--fps", "10", "--size", "320x360", "--out", dir + "/frames/"])
        try #require(rec.code == 0, "\(rec.err)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").filter { $0.hasSuffix(".png") }.sorted()
        let still = try Self.radial(["render"] + Self.iowa + ["--frame", "year=2017", "--size", "320x360", "--out", dir + "/2017.png", "--geometry", dir + "/2017.json"])
        try #require(still.code == 0, "\(still.err)")
        let last = try PNGFile.read(dir + "/frames/" + frames.last!), rest = try PNGFile.read(dir + "/2017.png")
        let d = Difference(last, rest)
        #expect(d.fractionOver(24) < 0.0005, "the recording's last frame against render --frame year=2017: \(d)")
        // The first frames are 2001's arrival; 2001 at rest is not 2017 at rest.
        let first = try Self.radial(["render"] + Self.iowa + ["--frame", "year=2001", "--size", "320x360", "--out", dir + "/2001.png"])
        try #require(first.code == 0)
        #expect(Difference(try PNGFile.read(dir + "/2001.png"), rest).fractionOver(24) > 0.05)

        // 2017's sectors: Fossil Fuels 29,329, Nuclear Energy 5,214, Renewables 21,933 of 56,476 (pandas).
        let geometry = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/2017.json"))) as! [String: Any]
        let chart = (geometry["charts"] as! [[String: Any]])[0]
        let sectors = chart["sectors"] as! [[String: Any]]
        let values: [Double] = [29329, 5214, 21933], total = values.reduce(0, +)
        var start = 0.0
        for (s, v) in zip(sectors, values) {
            let end = start + 360 * v / total
            #expect(abs((s["endAngle"] as! Double) - end) < 0.02, "\(s)")   // geometry writes two decimals
            start = end
        }
        // Without --frame a still is the last state at rest (where the animation ends).
        let plain = try Self.radial(["render"] + Self.iowa + ["--frame", "year", "--size", "320x360", "--out", dir + "/plain.png"])
        try #require(plain.code == 0, "\(plain.err)")
        #expect(Difference(try PNGFile.read(dir + "/plain.png"), rest).fractionOver(24) < 0.0005)
    }

    @Test("a faceted page of roses by year has one shared maximum in --geometry and describe (pandas: Trebi 254.8 in 1931)")
    func barleyFacets() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["\(Self.fixtures)/barley.csv", "--type", "rose", "--facet", "year", "--category", "variety", "--value", "yield", "--aggregate", "sum"]
        let r = try Self.radial(["render"] + args + ["--size", "900x500", "--out", dir + "/b.png", "--geometry", dir + "/b.json"])
        try #require(r.code == 0, "\(r.err)")
        let geometry = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/b.json"))) as! [String: Any]
        let charts = geometry["charts"] as! [[String: Any]]
        #expect(charts.count == 2)
        // One rim value (pandas: 1931's Trebi, 254.79996) and one plot size for both, though only the first has a legend.
        let rims = charts.compactMap { $0["rim"] as? Double }   // --geometry writes four decimals
        #expect(rims.count == 2 && rims.allSatisfy { abs($0 - 254.79996) < 1e-4 }, "\(rims)")
        let radii = charts.compactMap { $0["radius"] as? Double }
        #expect(radii.count == 2 && radii[0] == radii[1], "\(radii)")
        let d = try Self.radial(["describe"] + args)
        #expect(d.out.contains("1931, rose chart") && d.out.contains("Trebi 254.8") && d.out.contains("1932, rose chart"), "\(d.out)")
    }

    @Test("record - records a stream of pages and updates: one state a line with --frame-time, bad lines warned and skipped, the last frame the last page at rest")
    func streamRecording() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = [#"{"title": "CPU", "charts": [{"type": "gauge", "title": "Load", "value": 10}]}"#,
                     #"{"update": "charts[0].value", "value": 55}"#,
                     #"{"update": "charts[0].valu", "value": 90}"#,
                     #"{"update": "charts[0].value", "value": 90}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/s.ndjson", atomically: true, encoding: .utf8)
        try #"{"title": "CPU", "charts": [{"type": "gauge", "title": "Load", "value": 90}]}"#.write(toFile: dir + "/last.json", atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = Tool.binary
        p.arguments = ["record", "-", "--frame-time", "1", "--fps", "10", "--size", "300x300", "--out", dir + "/frames/"]
        p.standardInput = FileHandle(forReadingAtPath: dir + "/s.ndjson")
        let err = Pipe()
        p.standardError = err
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("warning: standard input: line 3: charts[0].valu:"), "\(stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").filter { $0.hasSuffix(".png") }.sorted()
        // Three states a second apart (the bad line is no state), then the last one settles.
        #expect(frames.count > 25 && frames.count < 60, "\(frames.count)")
        let still = try Self.radial(["render", dir + "/last.json", "--size", "300x300", "--out", dir + "/last.png"])
        try #require(still.code == 0)
        let d = Difference(try PNGFile.read(dir + "/frames/" + frames.last!), try PNGFile.read(dir + "/last.png"))
        #expect(d.fractionOver(24) < 0.0005, "\(d)")
        // Two seconds in, the second state (55) is on screen, not the last (90).
        let middle = Difference(try PNGFile.read(dir + "/frames/" + frames[19]), try PNGFile.read(dir + "/last.png"))
        #expect(middle.fractionOver(24) > 0.001, "\(middle)")
    }

    @Test("a LibreOffice \"as shown\" export draws with no option, its format taken from the cells; mistakes get a did-you-mean")
    func asShown() throws {
        let r = try Self.radial(["describe", "\(Self.fixtures)/budget-as-shown.csv", "--type", "pie", "--value", "Betrag"])
        #expect(r.code == 0 && r.out.hasPrefix("Pie chart, €3,010.50: Miete €1,150.00, 38%"), "\(r.out) \(r.err)")
        let compact = try Self.radial(["describe", "\(Self.fixtures)/budget-as-shown.csv", "--type", "pie", "--value", "Betrag", "--format", "compact", "--locale", "de_DE"])
        #expect(compact.out.hasPrefix("Pie chart, 3010\u{A0}€: Miete 1150\u{A0}€"), "\(compact.out)")
        let typo = try Self.radial(["describe", "\(Self.fixtures)/cars.csv", "--type", "radar", "--series", "Orign", "--aggregate", "mean"])
        #expect(typo.code == 2 && typo.err.contains(#"--series: no column "Orign"; did you mean "Origin"?"#), "\(typo.err)")
        let filter = try Self.radial(["describe", "\(Self.fixtures)/cars.csv", "--type", "radar", "--series", "Origin", "--aggregate", "mean", "--filter", "Cylnders >= 6"])
        #expect(filter.code == 2 && filter.err.contains(#"no column "Cylnders"; did you mean "Cylinders"?"#), "\(filter.err)")
        let notes = try Self.radial(["describe", "\(Self.fixtures)/cars.csv", "--type", "radar", "--series", "Origin", "--aggregate", "mean"])
        #expect(notes.code == 0 && notes.err.contains("note: \(Self.fixtures)/cars.csv: 14 empty cells were left out of the mean"), "\(notes.err)")
    }
}
