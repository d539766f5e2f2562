import Foundation
import RadialCore
import RadialRender
import RadialTestSupport
import Testing

/// Charts that change kind (issue #36), drawn: each morph at its midpoint as a golden, and the
/// command line's `--as` and `--frame K --at T`.
@Suite("Charts that change kind, drawn", .serialized)
struct MorphRenderTests {
    static let shares = Page(title: "Energy", charts: [.pie(PieChart(title: "Sources", sectors: [
        PieSector(name: "Coal", value: 40, color: nil), PieSector(name: "Gas", value: 25, color: nil), PieSector(name: "Wind", value: 18, color: nil),
        PieSector(name: "Solar", value: 10, color: nil), PieSector(name: "Hydro", value: 7, color: nil),
    ]))]).applyingPalette(.system)

    struct Case: CustomStringConvertible, Sendable {
        var name: String, from: @Sendable () -> Page, to: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "morph-pie-rose", from: { shares }, to: "rose"),
        Case(name: "morph-donut-radialBar", from: { shares.converted(to: "donut").page }, to: "radialBar"),
        Case(name: "morph-pie-sunburst", from: { shares }, to: "sunburst"),
        Case(name: "morph-radar-polar", from: { Demo.ebike.page }, to: "polar"),
        Case(name: "morph-radialBar-rose", from: { shares.converted(to: "radialBar").page }, to: "rose"),
    ]

    @Test("Goldens: each morph at its midpoint (0.2 s in, about half way on the spring)", arguments: cases)
    func midpoint(_ c: Case) throws {
        let size = Size(480, 520), from = c.from()
        let (to, unfit) = from.converted(to: c.to)
        #expect(unfit.isEmpty)
        let image = try GLTestContext.with { h in
            let formatting = Formatting(localeIdentifier: "en_US")
            let old = h.scene(for: from, formatting: formatting, controls: false)
            let start = old.restingTime
            _ = try h.image(of: old, FrameRequest(size: size, scale: 1, time: start, theme: .light, reduceMotion: false))
            let scene = h.scene(for: to, formatting: formatting, controls: false, continuing: old, at: start)
            let request = FrameRequest(size: size, scale: 1, time: start + 0.2, theme: .light, reduceMotion: false)
            let image = try h.image(of: scene, request)
            #expect(scene.geometry(request)[key: "charts"]?[index: 0]?[key: "morph"]?[key: "from"]?.text == from.charts[0].typeName)
            return image
        }
        try Goldens.check(image, named: c.name)
    }

    @Test("render --as rose draws the page's data as a rose; --frame 2 --at 0.3 of a page whose second state changes the kind is between the two; describe --as says the new kind; a kind the data does not fit is refused")
    func commandLine() throws {
        let dir = NSTemporaryDirectory() + "radial-morph-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pie = #"{"type": "pie", "title": "Sources", "sectors": [{"name": "Coal", "value": 40}, {"name": "Gas", "value": 25}, {"name": "Wind", "value": 18}]}"#
        try #"{"charts": [\#(pie)]}"#.write(toFile: dir + "/pie.json", atomically: true, encoding: .utf8)
        try #"{"charts": [\#(pie)], "frames": [{"frame": "pie"}, {"frame": "rose", "charts": [{"type": "rose"}]}]}"#.write(toFile: dir + "/frames.json", atomically: true, encoding: .utf8)

        let asRose = try Tool.radial(["render", dir + "/pie.json", "--as", "rose", "--size", "400x400", "--out", dir + "/as.png", "--geometry", dir + "/as.json"])
        try #require(asRose.code == 0, "\(asRose.err)")
        let rose = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/as.json"))) as! [String: Any]
        #expect(((rose["charts"] as! [[String: Any]])[0]["type"] as? String) == "rose")

        let mid = try Tool.radial(["render", dir + "/frames.json", "--frame", "2", "--at", "0.3", "--size", "400x400", "--out", dir + "/mid.png", "--geometry", dir + "/mid.json"])
        try #require(mid.code == 0, "\(mid.err)")
        let g = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/mid.json"))) as! [String: Any]
        let chart = (g["charts"] as! [[String: Any]])[0]
        #expect((chart["morph"] as? [String: Any])?["from"] as? String == "pie", "\(chart.keys)")

        let said = try Tool.radial(["describe", dir + "/pie.json", "--as", "radialBar"])
        #expect(said.code == 0 && said.out.contains("radial bar"), "\(said.out)")
        let refused = try Tool.radial(["render", dir + "/pie.json", "--as", "radar", "--out", dir + "/no.png"])
        #expect(refused.code == 2 && refused.err.contains("radar") && !FileManager.default.fileExists(atPath: dir + "/no.png"), "\(refused.err)")
    }
}
