import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

// The radial family (issue #26): specs, geometry against hand computation, springs, elements,
// words, streams and tables.

private func page(_ chart: String) throws -> Page { try Spec.decode("{\"charts\": [\(chart)]}") }

private func problems(_ chart: String) -> [String] {
    do { _ = try Spec.decode("{\"charts\": [\(chart)]}"); return [] } catch {
        return error.problems.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" }
    }
}

/// The first chart's geometry record at `time` (at rest by default), laid out at 600 × 600.
private func record(_ p: Page, at time: Double? = nil, reduceMotion: Bool = false, size: Size = Size(600, 600),
                    prepare: (PageScene) -> Void = { _ in }) -> (JSONOut, PageScene) {
    let scene = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS, controls: false)
    scene.layout(size: size)
    prepare(scene)
    let g = scene.geometry(FrameRequest(size: size, scale: 1, time: time ?? scene.restingTime, theme: .light, reduceMotion: reduceMotion))
    return (g[key: "charts"]?[index: 0] ?? .null, scene)
}

private func arcs(_ chart: JSONOut, _ key: String) -> [(name: String, start: Double, end: Double, inner: Double, outer: Double)] {
    (chart[key: key]?.items ?? []).map { a in
        (a[key: "name"]?.text ?? "", a[key: "startAngle"]?.number ?? .nan, a[key: "endAngle"]?.number ?? .nan,
         a[key: "innerRadius"]?.number ?? .nan, a[key: "outerRadius"]?.number ?? .nan)
    }
}

@Suite("The radial family: specs")
struct FamilySpecTests {
    @Test("Each kind decodes from its issue skeleton")
    func skeletons() throws {
        let p = try Spec.decode("""
        {"charts": [
          {"type": "gauge", "value": 72, "min": 0, "max": 100, "bands": [{"to": 60, "color": "green"}], "needle": true},
          {"type": "rings", "rings": [{"name": "Move", "value": 650, "goal": 500}, {"name": "Stand", "value": 9, "goal": 12}]},
          {"type": "rose", "scale": "area", "sectors": [{"name": "N", "value": 4}, {"name": "E", "value": 9}]},
          {"type": "radialBar", "maximum": 100, "bars": [{"name": "Reading", "value": 50}, {"name": "Sleep", "value": 25}]},
          {"type": "sunburst", "children": [{"name": "Europe", "children": [{"name": "France", "value": 30}]}]},
          {"type": "donut", "startAngle": -90, "endAngle": 90, "sort": "descending", "sectors": [{"name": "Big", "value": 60, "offset": 12}]},
          {"type": "radar", "grid": "circle", "bands": true, "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [1, 2, 3]}]}
        ]}
        """)
        #expect(p.charts.map(\.typeName) == ["gauge", "rings", "rose", "radialBar", "sunburst", "pie", "radar"])
        guard case .gauge(let g) = p.charts[0], case .rose(let r) = p.charts[2], case .sunburst(let s) = p.charts[4],
              case .pie(let d) = p.charts[5], case .radar(let radar) = p.charts[6] else { Issue.record("kinds"); return }
        #expect(g.needle && g.bands.count == 1 && g.startAngle == -120 && g.endAngle == 120)
        #expect(r.scale == .area)
        #expect(s.total == 30 && s.children[0].children[0].name == "France")
        #expect(d.startAngle == -90 && d.endAngle == 90 && d.sort == .descending && d.sectors[0].offset == 12 && d.innerRadius == 0.5)
        #expect(radar.circularGrid && radar.bands)
    }

    @Test("Problems by path, with what was expected", arguments: [
        (#"{"type": "gauge", "value": 5, "min": 10, "max": 10}"#, ["charts[0].min: expected min below max, got min 10 and max 10"]),
        (#"{"type": "gauge"}"#, ["charts[0].value: missing; expected a finite number"]),
        (#"{"type": "gauge", "value": 5, "bands": [{"to": 60, "color": "green"}, {"to": 40, "color": "red"}]}"#,
         ["charts[0].bands[1].to: expected a value above 60 (where the band starts) and at most the gauge's max 100, got 40"]),
        (#"{"type": "gauge", "value": 5, "bands": [{"to": 60}]}"#, ["charts[0].bands[0].color: missing; expected a color"]),
        (#"{"type": "gauge", "value": 5, "startAngle": 90, "endAngle": 90}"#,
         ["charts[0].endAngle: expected endAngle after startAngle by more than 0° and at most 360°, got 90° to 90°"]),
        (#"{"type": "gauge", "value": 5, "sectors": []}"#, [#"charts[0].sectors: unknown key for a gauge; "sectors" belongs to pie, donut and rose charts"#]),
        (#"{"type": "rings", "rings": [{"name": "Move", "value": 1, "goal": 0}]}"#, ["charts[0].rings[0].goal: expected a finite number > 0, got 0"]),
        (#"{"type": "rings", "rings": [{"name": "Move", "value": 5001, "goal": 50}]}"#,
         ["charts[0].rings[0].value: 5001 is more than 100 times the goal 50; the limit is 100 laps"]),
        (#"{"type": "rose", "scale": "aera", "sectors": []}"#, [#"charts[0].scale: unknown rose scale "aera"; did you mean "area"?"#]),
        (#"{"type": "radialBar", "bars": [{"name": "A", "value": -1}]}"#, ["charts[0].bars[0].value: expected a finite number ≥ 0, got -1"]),
        (#"{"type": "sunburst", "children": [{"name": "A", "children": [{"name": "B"}]}]}"#,
         ["charts[0].children[0].children[0].value: missing; expected a finite number ≥ 0 (a node without children needs a value)"]),
        (#"{"type": "sunburst", "children": [{"name": "A", "value": 2, "children": [{"name": "B", "value": 3}]}]}"#,
         ["charts[0].children[0].value: expected a finite number at least the sum of its children, 3, got 2"]),
        (#"{"type": "pie", "sectors": [], "layers": [[]]}"#, ["charts[0].sectors: give either sectors or layers, not both; layers are rings of sectors, inner to outer"]),
        (#"{"type": "pie", "sort": "up", "sectors": []}"#, [#"charts[0].sort: unknown sort order "up"; expected one of none, descending, ascending"#]),
        (#"{"type": "pie", "sectors": [{"name": "a", "value": 1, "offset": 100}]}"#, ["charts[0].sectors[0].offset: expected a number of points from 0 to 64, got 100"]),
        (#"{"type": "radar", "grid": "round", "axes": [], "series": []}"#, [#"charts[0].grid: unknown grid shape "round"; expected one of polygon, circle"#]),
    ])
    func messages(chart: String, expected: [String]) {
        #expect(problems(chart) == expected)
    }

    @Test("A sunburst's depth and node limits")
    func sunburstLimits() {
        var deep = #"{"name": "leaf", "value": 1}"#
        for i in 0..<SpecLimits.sunburstDepth - 1 { deep = #"{"name": "n\#(i)", "children": [\#(deep)]}"# }
        // Exactly the limit's 8 levels (the leaf the eighth) is fine; one more is not.
        #expect(problems(#"{"type": "sunburst", "children": [\#(deep)]}"#).isEmpty)
        deep = #"{"name": "n7", "children": [\#(deep)]}"#
        let tooDeep = problems(#"{"type": "sunburst", "children": [\#(deep)]}"#)
        #expect(tooDeep.count == 1 && tooDeep[0].hasSuffix("nodes nested 9 levels deep; the limit is 8"), "\(tooDeep)")
        let leaves = (0...SpecLimits.sunburstNodes).map { #"{"name": "n\#($0)", "value": 1}"# }.joined(separator: ", ")
        #expect(problems(#"{"type": "sunburst", "children": [\#(leaves)]}"#) == ["charts[0].children: 4097 nodes; the limit is 4096"])
        let fine = (0..<SpecLimits.sunburstNodes).map { #"{"name": "n\#($0)", "value": 1}"# }.joined(separator: ", ")
        #expect(problems(#"{"type": "sunburst", "children": [\#(fine)]}"#).isEmpty)
    }
}

@Suite("The radial family: geometry against hand computation")
struct FamilyGeometryTests {
    @Test("A half donut's sectors span exactly 180°, from −90° to 90°, in sorted order")
    func halfDonut() throws {
        let p = try page(#"{"type": "donut", "startAngle": -90, "endAngle": 90, "sort": "descending", "appear": "all", "sectors": [{"name": "a", "value": 1}, {"name": "b", "value": 3}, {"name": "c", "value": 2}]}"#)
        let (chart, _) = record(p)
        let s = chart[key: "sectors"]?.items ?? []
        #expect(s.map { $0[key: "name"]?.text } == ["b", "c", "a"])
        let starts = s.map { $0[key: "startAngle"]?.number ?? .nan }, ends = s.map { $0[key: "endAngle"]?.number ?? .nan }
        #expect(close(starts.first ?? 0, -90, 1e-9) && close(ends.last ?? 0, 90, 1e-9))
        #expect(close(zip(starts, ends).reduce(0) { $0 + $1.1 - $1.0 }, 180, 1e-9))
        #expect(close(ends[0] - starts[0], 90, 1e-9))   // 3 of 6
        // A half donut is twice as wide as tall: its frame is the ring's top half.
        let f = chart[key: "frame"]?.rect ?? .zero
        #expect(close(f.width / f.height, 2, 1e-6))
    }

    @Test("A rose's area radii go as the square root of the values; radius radii as the values")
    func roseRadii() throws {
        let values = [4.0, 9, 1, 16]
        for scale in ["area", "radius"] {
            let list = values.enumerated().map { #"{"name": "s\#($0.offset)", "value": \#($0.element)}"# }.joined(separator: ", ")
            let (chart, _) = record(try page(#"{"type": "rose", "scale": "\#(scale)", "legend": false, "sectors": [\#(list)]}"#))
            let r = arcs(chart, "sectors"), rim = chart[key: "radius"]?.number ?? .nan
            for (i, v) in values.enumerated() {
                let expected = scale == "area" ? (v / 16).squareRoot() : v / 16
                #expect(close(r[i].outer / rim, expected, 1e-9), "\(scale) \(i): \(r[i].outer / rim) vs \(expected)")
                #expect(close(r[i].end - r[i].start, 90, 1e-9) && close(r[i].start, -45 + 90 * Double(i), 1e-9))
            }
        }
    }

    @Test("A gauge at 75 of 0…100 on a 240° arc ends 60° past 12 o'clock")
    func gaugeEnd() throws {
        let (chart, _) = record(try page(#"{"type": "gauge", "value": 75}"#))
        let a = arcs(chart, "arcs")
        #expect(a.count == 2)
        #expect(a[0].start == -120 && a[0].end == 120)
        #expect(close(a[1].start, -120, 1e-12) && close(a[1].end, 60, 1e-9), "\(a[1])")
        // And on its own arc: 25 of 0…50 on 0…90 ends at 45°.
        let (other, _) = record(try page(#"{"type": "gauge", "value": 25, "max": 50, "startAngle": 0, "endAngle": 90}"#))
        #expect(close(arcs(other, "arcs")[1].end, 45, 1e-9))
    }

    @Test("A ring at 130 % runs 0…468 and its last lap's arc ends 108° past 12 o'clock, over a whole ring, its end cap shaded")
    func ringPastGoal() throws {
        let p = try page(#"{"type": "rings", "legend": false, "rings": [{"name": "Move", "value": 650, "goal": 500}, {"name": "Stand", "value": 6, "goal": 12}]}"#)
        let (chart, scene) = record(p)
        let a = arcs(chart, "arcs")
        #expect(a[0].start == 0 && close(a[0].end, 468, 1e-9) && close(a[1].end, 180, 1e-9))
        let frame = Frame()
        scene.draw(into: frame, FrameRequest(size: Size(600, 600), scale: 1, time: scene.restingTime, theme: .light, reduceMotion: false))
        let capped = frame.sectors.filter(\.roundCaps)
        #expect(capped.count == 2)
        #expect(close(capped[0].startAngle, 0) && close(capped[0].endAngle, 108 * .pi / 180, 1e-9) && capped[0].endShadow > 0)
        #expect(close(capped[1].endAngle, .pi, 1e-9) && capped[1].endShadow == 0)
        // Under the first ring's arc: its track and one whole lap in its own color.
        let whole = frame.sectors.filter { !$0.roundCaps && close($0.outerRadius, capped[0].outerRadius) }
        #expect(whole.count == 2 && whole.allSatisfy { close($0.endAngle - $0.startAngle, 2 * .pi) } && whole[1].color == capped[0].color)
    }

    @Test("Radial bars: each bar's angle is its share of the maximum over the sweep")
    func radialBars() throws {
        let (chart, _) = record(try page(#"{"type": "radialBar", "maximum": 200, "sweep": 270, "bars": [{"name": "A", "value": 50}, {"name": "B", "value": 200}, {"name": "C", "value": 300}]}"#))
        let a = arcs(chart, "bars")
        #expect(a.map(\.end) == [67.5, 270, 270])
        #expect(a[0].outer > a[1].outer && a[1].outer > a[2].outer)
    }

    @Test("A sunburst's nodes take their share of their parent's angle; drilled in, the node's children fill the circle")
    func sunburst() throws {
        let p = try page(#"{"type": "sunburst", "legend": false, "children": [{"name": "A", "children": [{"name": "A1", "value": 30}, {"name": "A2", "value": 10}]}, {"name": "B", "value": 60}]}"#)
        let (chart, scene) = record(p)
        let nodes = chart[key: "nodes"]?.items ?? []
        func span(_ name: String, in list: [JSONOut]) -> (Double, Double)? {
            list.first { $0[key: "name"]?.text == name }.map { ($0[key: "startAngle"]?.number ?? .nan, $0[key: "endAngle"]?.number ?? .nan) }
        }
        #expect(span("A", in: nodes).map { close($0.0, 0) && close($0.1, 144) } == true)
        #expect(span("A1", in: nodes).map { close($0.0, 0) && close($0.1, 108) } == true)
        #expect(span("B", in: nodes).map { close($0.0, 144) && close($0.1, 360) } == true)
        #expect(nodes.first { $0[key: "name"]?.text == "A1" }?[key: "depth"]?.number == 2)
        #expect(nodes.first { $0[key: "name"]?.text == "A1" }?[key: "parent"]?.text == "A")
        // Drilled into A: A1 and A2 make the whole turn, 3 : 1, on the first ring.
        #expect(scene.drill("A", moment: Moment(time: 0, reduceMotion: true)) == nil)
        let g = scene.geometry(FrameRequest(size: Size(600, 600), scale: 1, time: scene.restingTime, theme: .light, reduceMotion: true))
        let drilled = g[key: "charts"]?[index: 0]?[key: "nodes"]?.items ?? []
        #expect(drilled.compactMap { $0[key: "name"]?.text } == ["A1", "A2"])
        #expect(span("A1", in: drilled).map { close($0.0, 0) && close($0.1, 270) } == true)
        #expect(span("A2", in: drilled).map { close($0.0, 270) && close($0.1, 360) } == true)
        #expect(g[key: "charts"]?[index: 0]?[key: "root"]?.items.compactMap(\.text) == ["A"])
        #expect(scene.drill("B", moment: .atRest) != nil)   // a leaf has nothing to open
    }

    @Test("A circular radar grid is rings of points at one distance; bands are a mesh of their own that does not grow")
    func radarCircleBands() throws {
        let p = try page(#"{"type": "radar", "grid": "circle", "bands": true, "rings": 4, "axes": ["A", "B", "C", "D", "E"], "series": [{"name": "S", "values": [50, 60, 70, 80, 90]}]}"#)
        let (_, frame) = drawn(p, size: Size(600, 600), at: 0.2)
        let meshes = meshDraws(frame)
        #expect(meshes.count == 2)
        #expect(meshes[0].growth == 1 && meshes[1].growth < 1)
        let grid = meshes[1].mesh.paths.filter { $0.role == .grid && $0.closed }
        #expect(grid.count == 4 && grid.allSatisfy { $0.points.count == 96 })
        let outer = grid[3].points.map(\.length)
        #expect(outer.allSatisfy { close($0, 1, 1e-9) })
        // Bands between rings 0–1 and 2–3 (the 1st and 3rd from the center).
        let bandPaths = meshes[0].mesh.paths
        #expect(bandPaths.count == 2)
        #expect(bandPaths[1].points.map(\.length).allSatisfy { close($0, 0.5, 1e-9) || close($0, 0.75, 1e-9) })
    }
}

@Suite("The radial family: springs")
struct FamilyAnimationTests {
    @Test("A gauge's value springs from the minimum on spring(0.9, 0.25); a reload retargets from where it was, keeping its velocity")
    func gaugeSpring() throws {
        let p = try page(#"{"type": "gauge", "value": 80, "min": 20, "max": 120}"#)
        let spring = Spring(duration: 0.9, bounce: 0.25)
        for t in [0.0, 0.2, 0.45, 0.9] {
            let (chart, _) = record(p, at: t)
            let expected = 20 + 60 * spring.value(at: t)
            #expect(close(chart[key: "value"]?.number ?? .nan, expected, 1e-9), "t = \(t)")
            #expect(close(arcs(chart, "arcs")[1].end, -120 + (expected - 20) / 100 * 240, 1e-9))
        }
        let (rest, scene) = record(p)
        #expect(rest[key: "value"]?.number == 80 && close(scene.restingTime, spring.restTime))
        let (still, _) = record(p, at: 0, reduceMotion: true)
        #expect(still[key: "value"]?.number == 80)
        // A reload at 0.3 s to 40: the value is continuous and heads for 40.
        let old = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS)
        let new = PageScene(page: try page(#"{"type": "gauge", "value": 40, "min": 20, "max": 120}"#), measurer: TestMeasurer(), formatting: enUS,
                            continuing: old, at: 0.3)
        func value(_ s: PageScene, _ t: Double) -> Double {
            s.geometry(FrameRequest(size: Size(600, 600), time: t))[key: "charts"]?[index: 0]?[key: "value"]?.number ?? .nan
        }
        #expect(close(value(new, 0.3), value(old, 0.3), 1e-9))
        #expect(value(new, 0.32) < value(old, 0.32) || value(old, 0.32) > 40)
        #expect(close(value(new, 0.3 + spring.restTime), 40))
        #expect(new.settleTime(reduceMotion: false) <= 0.3 + spring.restTime + 1e-9)
    }

    @Test("Each ring springs on its own from 0; a rose and radial bars grow from the center; all at rest after the spring")
    func grow() throws {
        let spring = Spring.radarGrowth
        let (rings, _) = record(try page(#"{"type": "rings", "rings": [{"name": "A", "value": 13, "goal": 10}, {"name": "B", "value": 5, "goal": 10}]}"#), at: 0.3)
        let r = arcs(rings, "arcs")
        #expect(close(r[0].end, 468 * spring.value(at: 0.3), 1e-9) && close(r[1].end, 180 * spring.value(at: 0.3), 1e-9))
        let (rose, _) = record(try page(#"{"type": "rose", "legend": false, "sectors": [{"name": "A", "value": 2}, {"name": "B", "value": 4}]}"#), at: 0.3)
        #expect(close(arcs(rose, "sectors")[1].outer / (rose[key: "radius"]?.number ?? 1), spring.value(at: 0.3), 1e-9))
        let (start, _) = record(try page(#"{"type": "rose", "legend": false, "sectors": [{"name": "A", "value": 2}]}"#), at: 0)
        #expect(arcs(start, "sectors")[0].outer == 0)
    }

    @Test("A legend toggle shrinks a rose's wedge away and the page comes to rest again")
    func toggle() throws {
        let p = try page(#"{"type": "rose", "sectors": [{"name": "A", "value": 2}, {"name": "B", "value": 4}]}"#)
        let (_, scene) = record(p)
        let t0 = scene.restingTime
        #expect(scene.perform(.toggle, on: ElementRef(chart: 0, key: .legend(1)), moment: Moment(time: t0)))
        let after = scene.geometry(FrameRequest(size: Size(600, 600), time: t0 + Spring.radarGrowth.restTime))
        #expect(arcs(after[key: "charts"]?[index: 0] ?? .null, "sectors")[1].outer == 0)
        #expect(scene.settleTime(reduceMotion: false) == t0 + Spring.radarGrowth.restTime)
        #expect(!scene.elements(moment: .atRest).contains { $0.path == "charts[0].sectors[1]" })
    }
}

@Suite("The radial family: elements and words")
struct FamilyElementTests {
    @Test("A gauge and each ring are meters with their range; the words say the value on its scale")
    func meters() throws {
        let p = try Spec.decode(#"{"charts": [{"type": "gauge", "title": "CPU", "value": 72, "format": "percent", "bands": [{"to": 60, "color": "green", "name": "Normal"}, {"to": 100, "color": "red", "name": "High"}]}, {"type": "rings", "title": "Today", "rings": [{"name": "Move", "value": 650, "goal": 500, "unit": "kcal"}]}]}"#)
        let scene = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS)
        scene.layout(size: Size(800, 600))
        let e = scene.elements(moment: .atRest)
        let gauge = try #require(e.first { $0.path == "charts[0].value" })
        #expect(gauge.role == .meter && gauge.name == "CPU" && gauge.value == "72%, High, of 100%")
        #expect(gauge.range == ChartElement.Range(minimum: 0, maximum: 100, current: 72))
        let ring = try #require(e.first { $0.path == "charts[1].rings[0]" })
        #expect(ring.role == .meter && ring.value == "650 of 500 kcal, 130%" && ring.range == .init(minimum: 0, maximum: 500, current: 650))
        #expect(e.first { $0.path == "charts[0].bands[0]" }?.value == "0% to 60%")
        #expect(Descriptions.describe(p, formatting: enUS) == """
            CPU, gauge chart: CPU 72%, High, of 100%. Bands: Normal 0% to 60%; High 60% to 100%
            Today, activity rings chart: Move 650 of 500 kcal, 130%
            """)
    }

    @Test("Sunburst nodes are a tree under the current root; Enter drills, Backspace goes back up, focus follows")
    func sunburstTree() throws {
        let p = try page(#"{"type": "sunburst", "title": "Sales", "children": [{"name": "A", "children": [{"name": "A1", "value": 30}, {"name": "A2", "value": 10}]}, {"name": "B", "value": 60}]}"#)
        let scene = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS)
        scene.layout(size: Size(600, 600))
        let top = scene.elements(moment: .atRest).filter { $0.role == .node }
        #expect(top.map(\.name) == ["A", "A1", "A2", "B"])
        #expect(top.map(\.parent) == [nil, .node(0), .node(0), nil])
        #expect(top[1].value == "30, 75% of A, 30% of all" && top[0].actions == [.drill] && top[1].actions.isEmpty)
        scene.setFocus(ElementRef(chart: 0, key: .node(0)))
        #expect(scene.activate(ElementRef(chart: 0, key: .node(0)), moment: Moment(time: 1)))
        #expect(scene.focused == ElementRef(chart: 0, key: .node(1)))
        let drilled = scene.elements(moment: .atRest)
        #expect(drilled.filter { $0.role == .node }.map(\.name) == ["A1", "A2"])
        #expect(drilled.filter { $0.role == .node }.allSatisfy { $0.parent == nil })
        #expect(drilled.first { $0.key == .center }?.name == "Up to All")
        #expect(scene.elements(moment: .atRest).first?.value == "A, 40 of 100, 2 nodes")
        #expect(scene.goUp(moment: Moment(time: 2)))
        #expect(scene.focused == ElementRef(chart: 0, key: .node(0)))
        #expect(!scene.goUp(moment: Moment(time: 3)))
        #expect(Descriptions.describe(p, formatting: enUS) == "Sales, sunburst chart, 100 in all: A 40, 40%; B 60, 60%\nA: A1 30, 75%; A2 10, 25%")
    }

    @Test("Streams update a gauge's value, a ring's, a rose wedge's and a bar's")
    func streams() throws {
        var s = PageStream()
        s.apply(line: Array(#"{"charts": [{"type": "gauge", "value": 10}, {"type": "rings", "rings": [{"name": "M", "value": 1, "goal": 2}]}, {"type": "rose", "sectors": [{"name": "N", "value": 1}]}, {"type": "radialBar", "bars": [{"name": "R", "value": 1}]}]}"#.utf8))
        for line in [#"{"update": "charts[0].value", "value": 42}"#, #"{"update": "charts[1].rings[0].value", "value": 3}"#,
                     #"{"update": "charts[2].sectors[0].value", "value": 7}"#, #"{"update": "charts[3].bars[0].value", "value": 9}"#,
                     #"{"update": "charts[1].rings[0].value", "value": 500}"#] {
            s.apply(line: Array(line.utf8))
        }
        guard case .gauge(let g)? = s.page?.charts[0], case .rings(let r)? = s.page?.charts[1], case .rose(let o)? = s.page?.charts[2],
              case .radialBar(let b)? = s.page?.charts[3] else { Issue.record("kinds"); return }
        #expect(g.value == 42 && r.rings[0].value == 3 && o.sectors[0].value == 7 && b.bars[0].value == 9)
        #expect(s.problems.last?.hasSuffix("charts[1].rings[0].value: 500 is more than 100 times the goal 2; the limit is 100 laps") == true, "\(s.problems)")
    }

    @Test("A table with a column per level is a sunburst; rows add up by path")
    func table() throws {
        let csv = "Region,Country,City,Sales\nEurope,France,Paris,40\nEurope,France,Lyon,10\nEurope,Germany,Berlin,30\nAsia,Japan,Tokyo,20\nEurope,France,Paris,5\n"
        let p = try CSV.page(Array(csv.utf8), path: "sales.csv", options: CSV.Options(type: .sunburst, valueColumn: "Sales", levels: ["Region", "Country", "City"]))
        guard case .sunburst(let s) = p.charts[0] else { Issue.record("no sunburst"); return }
        #expect(s.children.map(\.name) == ["Europe", "Asia"] && s.total == 105)
        #expect(s.children[0].children.map(\.name) == ["France", "Germany"] && s.children[0].children[0].children[0].value == 45)
        let two = try CSV.page(Array(csv.utf8), path: "sales.csv", options: CSV.Options(type: .sunburst, levels: ["Region", "Country"]))
        guard case .sunburst(let t) = two.charts[0] else { Issue.record("no sunburst"); return }
        #expect(t.children[0].children.map { $0.total } == [55, 30])
        #expect(throws: CSV.ImportError.self) {
            try CSV.page(Array(csv.utf8), path: "sales.csv", options: CSV.Options(type: .sunburst, levels: ["Region", "Nation"]))
        }
        let rose = try CSV.page(Array("Direction,Hours\nN,4\nE,7\n".utf8), path: "w.csv", options: CSV.Options(type: .rose))
        guard case .rose(let r) = rose.charts[0] else { Issue.record("no rose"); return }
        #expect(r.sectors.map(\.value) == [4, 7])
    }
}
