import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

// Charts that change kind (issue #36): the kinds a chart's data fits come from the descriptors,
// each datum's mark goes from its old shape to its new one, and at rest the chart is exactly
// the new kind.

private let energy = #"{"type": "pie", "title": "Energy", "sectors": [{"name": "Coal", "value": 40}, {"name": "Gas", "value": 25}, "#
    + #"{"name": "Wind", "value": 18}, {"name": "Solar", "value": 10}, {"name": "Hydro", "value": 7}]}"#

private struct Arc: Equatable {
    var start: Double, end: Double, outer: Double
}

/// Chart 0's arcs by name: a morph's `marks` by key, or a pie's or rose's `sectors` by name.
private func arcs(_ chart: JSONOut) -> [String: Arc] {
    var out: [String: Arc] = [:]
    for field in ["marks", "sectors"] {
        var i = 0
        while let m = chart[key: field]?[index: i] {
            let key = m[key: "key"]?.text ?? m[key: "name"]?.text ?? ""
            out[key] = Arc(start: m[key: "startAngle"]?.number ?? .nan, end: m[key: "endAngle"]?.number ?? .nan, outer: m[key: "outerRadius"]?.number ?? .nan)
            i += 1
        }
        if !out.isEmpty { return out }
    }
    return out
}

private func strictlyBetween(_ x: Double, _ a: Double, _ b: Double) -> Bool { min(a, b) < x && x < max(a, b) }

@Suite("Charts that change kind")
struct MorphTests {
    static let size = Size(500, 500)

    static func geometry(_ scene: PageScene, at time: Double, reduceMotion: Bool = false) -> JSONOut {
        scene.layout(size: size)
        return scene.geometry(FrameRequest(size: size, scale: 1, time: time, theme: .light, reduceMotion: reduceMotion))[key: "charts"]?[index: 0] ?? .null
    }

    /// State 1 a pie, state 2 the same data as `type`, played as the window and `render --frame 2 --at T` play them.
    static func states(_ type: String, reduceMotion: Bool = false) throws -> StateSequence {
        let page = try Spec.decode(#"{"charts": [\#(energy)], "frames": [{}, {"charts": [{"type": "\#(type)"}]}]}"#)
        return StateSequence(page.states, reduceMotion: reduceMotion) { p, previous, at in
            PageScene(page: p, measurer: TestMeasurer(), formatting: enUS, continuing: previous, at: at, controls: false)
        }
    }

    @Test("the kinds a chart's data fits come from the kind descriptors, in the registry's order")
    func fittingTypes() throws {
        let pie = try Spec.decode(#"{"charts": [\#(energy)]}"#).charts[0]
        #expect(pie.fittingTypes == ["pie", "donut", "rose", "radialBar", "sunburst"])
        #expect(pie.nextType() == "donut" && pie.nextType(step: -1) == "sunburst")
        let radar = Demo.ebike.page.charts[0]
        #expect(radar.fittingTypes == ["radar", "rose", "radialBar", "polar"], "\(radar.fittingTypes)")
        // A scan's contacts and a gauge's one value fit nothing else.
        #expect(Demo.scan.page.charts[0].fittingTypes == ["scan"] && Demo.scan.page.charts[0].nextType() == nil)
        // Every kind a chart converts to reads back as that kind and keeps the values.
        for type in pie.fittingTypes {
            let c = try #require(pie.as(type))
            #expect(c.fittingName == type)
            #expect(Descriptions.describe(Page(charts: [c]), formatting: enUS).contains("Coal 40"), "\(type)")
        }
    }

    @Test("T comes back to a kind with that kind's own keys: a donut's hole, a rose's scale")
    func keysComeBack() throws {
        var donut = try #require(try Spec.decode(#"{"charts": [\#(energy)]}"#).charts[0].as("donut"))
        guard case .pie(var p) = donut else { Issue.record("no donut"); return }
        p.innerRadius = 0.7
        donut = .pie(p)
        let rose = try #require(donut.converted(to: "rose"))
        guard case .pie(let plain)? = rose.converted(to: "donut"), case .pie(let back)? = rose.converted(to: "donut", template: donut) else {
            Issue.record("no donut back"); return
        }
        #expect(plain.innerRadius == 0.5 && back.innerRadius == 0.7)
        #expect(back.sectors.map(\.value) == [40, 25, 18, 10, 7])
    }

    @Test("a frame that changes kind morphs: 0.3 s in, each sector's angles and outer radius lie strictly between the pie's and the rose's; at rest they are the rose's")
    func pieToRose() throws {
        let s = try Self.states("rose")
        let start = s.start(of: 1)
        let pie = arcs(Self.geometry(s.scene(0), at: start))
        let mid = Self.geometry(s.scene(1), at: start + 0.3)
        let rose = arcs(try Self.restingRose())
        #expect(mid[key: "type"]?.text == "rose" && mid[key: "morph"]?[key: "from"]?.text == "pie")
        let between = arcs(mid)
        #expect(between.count == 5 && pie.count == 5 && rose.count == 5)
        for (name, m) in between {
            let a = try #require(pie[name]), b = try #require(rose[name])
            #expect(strictlyBetween(m.outer, a.outer, b.outer), "\(name) outer \(m.outer) not between \(a.outer) and \(b.outer)")
            #expect(strictlyBetween(m.end - m.start, a.end - a.start, b.end - b.start), "\(name) sweep")
            // Coal starts at 12 o'clock as a pie and is centered there as a rose: its start goes the short way round.
            if name != "Coal" { #expect(strictlyBetween(m.start, a.start, b.start), "\(name) start \(m.start) not between \(a.start) and \(b.start)") }
        }
        // At rest the chart is the rose `render --as rose` draws, exactly.
        let after = Self.geometry(s.scene(1), at: start + 5)
        #expect(after[key: "morph"] == nil)
        #expect(arcs(after) == rose)
    }

    /// State 2 drawn fresh at rest: the rose `render --frame 2` draws (a state names itself in its subtitle).
    static func restingRose() throws -> JSONOut {
        let scene = PageScene(page: try states("rose").states[1].page, measurer: TestMeasurer(), formatting: enUS, controls: false)
        return geometry(scene, at: 30)
    }

    /// Every text's role and opacity (1 where `--geometry` writes none) at `time`.
    static func textOpacities(_ scene: PageScene, at time: Double, reduceMotion: Bool = false) -> [(role: String, opacity: Double)] {
        scene.layout(size: size)
        let texts = scene.geometry(FrameRequest(size: size, scale: 1, time: time, theme: .light, reduceMotion: reduceMotion))[key: "texts"]
        var out: [(String, Double)] = []
        while let t = texts?[index: out.count] { out.append((t[key: "role"]?.text ?? "", t[key: "opacity"]?.number ?? 1)) }
        return out
    }

    @Test("the new kind's labels fade in with the morph: 0.3 s in, the rose's names and ticks are drawn at the morph's progress, its title and legend whole; at rest and with reduce motion all whole")
    func labelsFadeIn() throws {
        let s = try Self.states("rose")
        let start = s.start(of: 1)
        let progress = try #require(Self.geometry(s.scene(1), at: start + 0.3)[key: "morph"]?[key: "progress"]?.number)
        #expect(progress > 0.05 && progress < 0.95)
        let mid = Self.textOpacities(s.scene(1), at: start + 0.3)
        let kinds = mid.filter { ["axis-label", "ring-label"].contains($0.role) }
        #expect(kinds.count >= 5, "\(mid)")
        for t in kinds { #expect(abs(t.opacity - progress) < 1e-3, "\(t.role) at \(t.opacity), the morph at \(progress)") }
        let card = mid.filter { ["title", "subtitle", "legend"].contains($0.role) }
        #expect(!card.isEmpty && card.allSatisfy { $0.opacity == 1 }, "\(card)")
        #expect(Self.textOpacities(s.scene(1), at: start + 5).allSatisfy { $0.opacity == 1 })
        let still = try Self.states("rose", reduceMotion: true)
        #expect(Self.textOpacities(still.scene(1), at: still.start(of: 1) + 0.05, reduceMotion: true).allSatisfy { $0.opacity == 1 })
    }

    @Test("with reduce motion the new kind is there at once")
    func reduceMotion() throws {
        let s = try Self.states("rose", reduceMotion: true)
        let mid = Self.geometry(s.scene(1), at: s.start(of: 1) + 0.05, reduceMotion: true)
        let rose = arcs(try Self.restingRose())
        #expect(mid[key: "morph"] == nil && arcs(mid) == rose)
    }

    @Test("a donut unrolls onto radial bars' tracks, a pie becomes a sunburst's first ring, a radar's shape a polar line, radial bars a rose")
    func everyMorph() throws {
        for type in ["radialBar", "sunburst"] {
            let s = try Self.states(type)
            let mid = Self.geometry(s.scene(1), at: s.start(of: 1) + 0.25)
            #expect(mid[key: "morph"]?[key: "from"]?.text == "pie" && arcs(mid).count == 5, "\(type): \(mid)")
        }
        // A radar's closed lines, matched by axis, become a polar chart's.
        let radar = Demo.ebike.page
        let a = PageScene(page: radar, measurer: TestMeasurer(), formatting: enUS, controls: false)
        a.layout(size: Self.size)
        let b = PageScene(page: radar.converted(to: "polar").page, measurer: TestMeasurer(), formatting: enUS, continuing: a, at: 6, controls: false)
        let mid = Self.geometry(b, at: 6.2)
        #expect(mid[key: "type"]?.text == "polar" && mid[key: "morph"]?[key: "from"]?.text == "radar")
    }

    @Test("a stream line that sets a chart's type turns it into that kind, keeping the keys the kind takes")
    func streamType() {
        var s = PageStream()
        let donut = energy.replacingOccurrences(of: #""type": "pie""#, with: #""type": "donut", "innerRadius": 0.6"#)
        s.feed(Array((#"{"charts": [\#(donut)]}"# + "\n" + #"{"update": "charts[0].type", "value": "rose"}"# + "\n").utf8))
        #expect(s.problems.isEmpty, "\(s.problems)")
        guard case .rose(let r)? = s.page?.charts[0] else { Issue.record("no rose: \(String(describing: s.page))"); return }
        #expect(r.sectors.map(\.value) == [40, 25, 18, 10, 7] && r.title == "Energy")
        // A kind the data's keys do not fit is refused in the file's words, and the page stays.
        s.feed(Array((#"{"update": "charts[0].type", "value": "gauge"}"# + "\n").utf8))
        #expect(s.problems.count == 1 && s.page?.charts[0].typeName == "rose", "\(s.problems)")
    }

    @Test("T says the new kind: \"Rose chart, 5 wedges\"")
    func spoken() throws {
        let pie = try Spec.decode(#"{"charts": [\#(energy)]}"#).charts[0]
        #expect(Descriptions.kindName(of: try #require(pie.as("rose"))) == "Rose chart, 5 wedges")
        #expect(Descriptions.kindName(of: try #require(pie.as("donut"))) == "Donut chart, 5 sectors")
        #expect(Descriptions.kindName(of: Demo.ebike.page.charts[0]) == "Radar chart, 6 axes")
        #expect(Descriptions.noOtherKind(Demo.scan.page.charts[0]).hasSuffix("its data fits no other kind"))
    }

    @Test("a page as another kind: the charts that do not fit are named")
    func pageAs() throws {
        let page = Page(charts: [try Spec.decode(#"{"charts": [\#(energy)]}"#).charts[0], Demo.scan.page.charts[0]])
        let (converted, unfit) = page.converted(to: "radialBar")
        #expect(converted.charts[0].typeName == "radialBar" && unfit == [1])
    }
}
