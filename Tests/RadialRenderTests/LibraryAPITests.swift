import Foundation
import Testing
import RadialCore
import RadialRender

/// RadialRender's API against the command line: the same bytes, the same rules, the same defaults.
@Suite("The library and the command line agree", .serialized)
struct LibraryAPITests {
    static func folder(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("radial-api-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test("png() and geometry().json() are byte for byte what radial render writes for the same page and options")
    func sameBytes() throws {
        try Self.folder { dir in
            for demo in [Demo.ebike, .pies, .gauge, .scan] {
                let r = try Tool.radial(["render", "--demo", demo.rawValue, "--size", "520x600", "--scale", "2", "--theme", "dark",
                                         "--out", dir + "/cli.png", "--geometry", dir + "/cli.json"])
                try #require(r.code == 0, "\(r.err)")
                let options = PictureOptions(size: Size(width: 520, height: 600), scale: 2, theme: .dark)
                #expect(try demo.page.png(at: nil, options) == Data(contentsOf: URL(fileURLWithPath: dir + "/cli.png")), "\(demo)")
                // The file ends its last line; the JSON text is the value alone.
                #expect(try demo.page.geometry(at: nil, options).json() + "\n" == String(contentsOfFile: dir + "/cli.json", encoding: .utf8), "\(demo)")
            }
        }
    }

    @Test("A radar built in Swift with series left without a color is drawn as the same file is: the palette's colors, skipping one a sibling names")
    func paletteColors() throws {
        let json = #"{"charts": [{"type": "radar", "axes": ["A", "B", "C", "D"], "series": [{"name": "a", "values": [60, 40, 80, 30]}, {"name": "b", "values": [20, 90, 50, 70], "color": "blue"}, {"name": "c", "values": [90, 20, 30, 60]}]}]}"#
        let swift = Page(charts: [.radar(RadarChart(axes: ["A", "B", "C", "D"], series: [
            RadarChartSeries(name: "a", values: [60, 40, 80, 30]),
            RadarChartSeries(name: "b", values: [20, 90, 50, 70], color: .blue),
            RadarChartSeries(name: "c", values: [90, 20, 30, 60] as [Int]),
        ]))])
        let options = PictureOptions(size: Size(width: 420, height: 480))
        let drawn = try swift.png(at: nil, options)
        #expect(drawn == (try Page(json: json).png(at: nil, options)))
        if let folder = ProcessInfo.processInfo.environment["RADIAL_KEEP_PNG"] {
            try drawn.write(to: URL(fileURLWithPath: folder + "/palette-radar.png"))
        }
    }

    @Test("record takes radial record's range and defaults: a GIF at 50 frames a second, from and to, quality")
    func recordDefaults() throws {
        try Self.folder { dir in
            let page = Demo.pies.page
            let small = PictureOptions(size: Size(width: 200, height: 240))
            try page.record(to: dir + "/a.gif", to: .milliseconds(200), small)
            let gif = try Tool.probe(dir + "/a.gif")
            #expect(gif.frames == 10 && gif.width == 200, "\(gif)")   // 0.2 s at 50 frames a second
            try page.record(to: URL(fileURLWithPath: dir + "/b.mp4"), fps: 30, from: .seconds(1), to: .seconds(1.5), quality: 40, small)
            let mp4 = try Tool.probe(dir + "/b.mp4")
            #expect(mp4.frames == 15 && mp4.codec == "h264", "\(mp4)")
            #expect(throws: RenderError.qualityNotApplicable(format: "gif")) { try page.record(to: dir + "/c.gif", quality: 50, small) }
            #expect(throws: RenderError.endAndTurns) { try Demo.scan.page.record(to: dir + "/d.mp4", to: .seconds(1), turns: 1, small) }
            #expect(throws: RenderError.noScanToTurn) { try page.record(to: dir + "/d.mp4", turns: 2, small) }
            #expect(throws: RenderError.invalidTimeRange(from: 2, to: 1)) { try page.record(to: dir + "/d.mp4", from: .seconds(2), to: .seconds(1), small) }
            #expect(throws: RenderError.pictureTooLarge(width: 32768, height: 32768, format: "png")) {
                _ = try page.render(at: nil, PictureOptions(size: Size(width: 8192, height: 8192), scale: 4))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.gif", "b.mp4"])
        }
    }
}
