import Foundation
import Testing
@testable import RadialCore

private func scene(_ demo: Demo, size: Size = Size(800, 800)) -> PageScene {
    let s = PageScene(page: demo.page, measurer: TestMeasurer(), formatting: enUS)
    s.layout(size: size)
    return s
}

private func ref(_ chart: Int, _ key: ElementKey) -> ElementRef { ElementRef(chart: chart, key: key) }

/// The radar's center and radius, from its geometry.
private func radar(_ s: PageScene) -> (center: Vec2, radius: Double) {
    let g = s.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 5, theme: .light, reduceMotion: false))[key: "charts"]?[index: 0]
    return (g?[key: "center"]?.point ?? .zero, g?[key: "radius"]?.number ?? 0)
}

@Suite("Elements: what can be pointed at, focused, read and acted on")
struct ElementTests {
    @Test("the e-bike radar reads as the chart, its six axes, its two legend entries and Replay, in that order")
    func radarReadingOrder() {
        let e = scene(.ebike).elements(moment: Moment(time: 5, reduceMotion: false))
        #expect(e.map(\.path) == ["charts[0]"] + (0..<6).map { "charts[0].axes[\($0)]" } + ["charts[0].legend[0]", "charts[0].legend[1]", "charts[0].replay"])
        #expect(e.map(\.role) == [.chart] + Array(repeating: .axis, count: 6) + [.legendEntry, .legendEntry, .button])
        #expect(e[1].name == "Speed" && e[1].value == "City 55, Trail 80, of 100")
        #expect(e[2].name == "Power" && e[2].value == "City 40, Trail 92, of 100")
        #expect(e[7].name == "City" && e[7].checked == true && e[7].actions == [.toggle])
        #expect(e[9].actions == [.replay])
        #expect(e[0].name == "Radar" && e[0].value == "City and Trail on 6 axes, each of 100" && e[0].actions == [.replay])
        #expect(e[1].id == "charts[0]/axis/Speed")
    }

    @Test("element ids are unique on a page even when names repeat, and stay put when a namesake is hidden")
    func uniqueIDs() throws {
        let page = try Spec.decode(#"""
            {"charts": [{"type": "pie", "appear": "all", "sectors": [{"name": "A", "value": 3}, {"name": "A", "value": 2}, {"name": "A#2", "value": 2}, {"name": "B", "value": 1}]},
                        {"type": "radar", "axes": ["X", "X", "Y"], "series": [{"name": "S", "values": [1, 2, 3]}]},
                        {"type": "scan", "blips": [{"angle": 1, "distance": 0.5, "label": "P"}, {"angle": 2, "distance": 0.5, "label": "P"}]}]}
            """#)
        let s = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
        s.layout(size: Size(1200, 900))
        let ids = s.elements(moment: Moment(time: 5, reduceMotion: true)).map(\.id)
        #expect(Set(ids).count == ids.count, "\(ids.sorted())")
        #expect(ids.contains("charts[0]/sector/A#2#2") && ids.contains("charts[0]/sector/A#2") && ids.contains("charts[1]/axis/X#2")
                && ids.contains("charts[2]/contact/P#2"), "\(ids)")
        // Hiding the first "A" leaves the second one's id as it was.
        let second = try #require(s.elements(moment: Moment(time: 5, reduceMotion: true)).first { $0.key == .sector(1) }?.id)
        _ = s.perform(.toggle, on: ElementRef(chart: 0, key: .legend(0)), moment: Moment(time: 5, reduceMotion: true))
        #expect(s.elements(moment: Moment(time: 6, reduceMotion: true)).first { $0.key == .sector(1) }?.id == second)
        #expect(ChartElement.occurrences(["a", "a", "a#2", "a"]) == [1, 2, 2, 3])
    }

    @Test("element texts and `describe` come from one source")
    func oneSource() {
        let s = scene(.ebike)
        let lines = Descriptions.describe(Demo.ebike.page, formatting: enUS).split(separator: "\n").map(String.init)
        let axes = s.elements(moment: Moment(time: 5, reduceMotion: false)).filter { $0.role == .axis }
        #expect(axes.map { "\($0.name): \($0.value)" } == Array(lines.suffix(6)))
        let pies = scene(.pies, size: Size(400, 760)).elements(moment: Moment(time: 20, reduceMotion: false))
        let payment = pies.first { $0.role == .sector && $0.name == "Payment" }
        #expect(payment?.value == "$1,000.00, 89%")
        #expect(Descriptions.describe(Demo.pies.page, formatting: enUS).contains("Payment " + (payment?.value ?? "?")))
        let scan = scene(.scan).elements(moment: Moment(time: 0.2, reduceMotion: false)).filter { $0.role == .contact }
        #expect(scan.count == 4)
        // Where each contact is, as `describe` says it, and when the beam passed.
        #expect(scan.allSatisfy { c in Descriptions.describe(Demo.scan.page, formatting: enUS).contains(c.name + " " + c.value.components(separatedBy: ", beam").first!) })
        #expect(scan.allSatisfy { $0.value.contains("beam passed") || $0.value.contains("beam not there yet") })
    }

    @Test("pointing: near a spoke or at a label is the axis, on an outline or in a fill the series")
    func radarHitTesting() throws {
        let s = scene(.ebike)
        let (c, r) = radar(s)
        func at(_ p: Vec2) -> ElementRef? { s.element(at: p, moment: Moment(time: 5, reduceMotion: false)) }
        func axisPoint(_ a: Int, _ share: Double) -> Vec2 { RadarMath.point(axis: a, count: 6, share: share, center: c, radius: r) }
        // Past the rim (the label) and right on a spoke: the axis.
        #expect(at(axisPoint(1, 1.08)) == ref(0, .axis(1)))
        #expect(at(axisPoint(4, 0.2)) == ref(0, .axis(4)))
        // On the outline of City (Comfort 90, between Comfort and Price): City.
        let cityComfort = axisPoint(3, 0.9), cityPrice = axisPoint(4, 0.85)
        #expect(at((cityComfort + cityPrice) * 0.5) == ref(0, .series(0)))
        // Trail on Power is 92: midway between its Power and Range corners, on Trail's outline.
        #expect(at((axisPoint(1, 0.92) + axisPoint(2, 0.78)) * 0.5) == ref(0, .series(1)))
        // Inside Trail's fill but outside City's (Power, between 40 and 92, off the spoke): Trail.
        let inTrail = (axisPoint(1, 0.7) + axisPoint(2, 0.7)) * 0.5
        #expect(at(inTrail) == ref(0, .series(1)))
        // A legend entry.
        let legend = try #require(s.elements(moment: Moment(time: 5, reduceMotion: false)).first { $0.path == "charts[0].legend[1]" })
        #expect(at(legend.frame.center) == ref(0, .series(1)))
        // Before the chart has grown, the same point inside Trail's final fill is empty: the axis.
        #expect(s.element(at: inTrail, moment: Moment(time: 0.05, reduceMotion: false)) == ref(0, .axis(2)) ||
                s.element(at: inTrail, moment: Moment(time: 0.05, reduceMotion: false)) == ref(0, .axis(1)))
    }

    @Test("pointing at pies: a sector by angle, a legend entry, the hole is the card")
    func pieHitTesting() throws {
        let s = scene(.pies, size: Size(400, 760))
        let g = s.geometry(FrameRequest(size: Size(400, 760), scale: 1, time: 20, theme: .light, reduceMotion: false))
        let donut = try #require(g[key: "charts"]?[index: 1])
        let c = try #require(donut[key: "center"]?.point)
        let ro = try #require(donut[key: "outerRadius"]?.number), ri = try #require(donut[key: "innerRadius"]?.number)
        func at(turn: Double, r: Double) -> ElementRef? {
            s.element(at: c + Vec2(sin(turn * 2 * .pi), -cos(turn * 2 * .pi)) * r, moment: Moment(time: 20, reduceMotion: false))
        }
        // Groceries 80 of 200: the first 40 % of the turn; Insurance 100: the next half.
        #expect(at(turn: 0.2, r: (ro + ri) / 2) == ref(1, .sector(0)))
        #expect(at(turn: 0.6, r: (ro + ri) / 2) == ref(1, .sector(1)))
        #expect(at(turn: 0.95, r: (ro + ri) / 2) == ref(1, .sector(2)))
        #expect(at(turn: 0.2, r: ri / 2) == ref(1, .chart))
    }

    @Test("Tab moves between charts, the arrows through a chart's elements, wrapping")
    func keyboardTraversal() {
        let s = scene(.pies, size: Size(400, 760))
        func move(_ m: FocusMove) -> String? {
            s.moveFocus(m, moment: Moment(time: 20, reduceMotion: false)).flatMap { s.element($0, moment: Moment(time: 20, reduceMotion: false))?.path }
        }
        #expect(move(.nextChart) == "charts[0]")
        #expect(move(.nextElement) == "charts[0].sectors[0]")
        #expect(move(.nextElement) == "charts[0].sectors[1]")
        #expect(move(.previousElement) == "charts[0].sectors[0]")
        #expect(move(.previousElement) == "charts[0]")
        #expect(move(.previousElement) == "charts[0].legend[2]")   // wraps to the last
        #expect(move(.nextChart) == "charts[1]")
        #expect(move(.nextChart) == "charts[0]")                   // wraps
        #expect(move(.previousChart) == "charts[1]")
        s.setFocus(nil)
        #expect(s.focused == nil)
        #expect(move(.previousChart) == "charts[1]")
    }

    @Test("a legend toggle hides a radar series: it shrinks into the center, reads hidden, leaves the description")
    func radarToggle() throws {
        let s = scene(.ebike)
        #expect(s.activate(ref(0, .series(1)), moment: Moment(time: 5, reduceMotion: false)))
        let (c, _) = radar(s)
        // Mid-shrink it is smaller but not gone; after the spring it is at the center.
        let mid = s.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 5.2, theme: .light, reduceMotion: false))[key: "charts"]?[index: 0]
        let midPoints = (mid?[key: "series"]?[index: 1]?[key: "points"]?.items ?? []).compactMap(\.point)
        #expect(midPoints.contains { ($0 - c).length > 5 })
        let end = s.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 8, theme: .light, reduceMotion: false))
        let endPoints = (end[key: "charts"]?[index: 0]?[key: "series"]?[index: 1]?[key: "points"]?.items ?? []).compactMap(\.point)
        #expect(endPoints.count == 6 && endPoints.allSatisfy { ($0 - c).length < 1e-6 })
        let e = s.elements(moment: Moment(time: 8, reduceMotion: false))
        #expect(e.first { $0.path == "charts[0].legend[1]" }?.checked == false)
        #expect(e.first { $0.path == "charts[0].axes[0]" }?.value == "City 55, of 100")
        #expect(e[0].value == "City on 6 axes, each of 100 (Trail hidden)")
        // The settle time waits for the shrink; toggling again brings it back.
        #expect(s.settleTime(reduceMotion: false) > 5)
        #expect(s.activate(ref(0, .series(1)), moment: Moment(time: 8, reduceMotion: false)))
        let back = s.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 12, theme: .light, reduceMotion: false))
        let backPoints = (back[key: "charts"]?[index: 0]?[key: "series"]?[index: 1]?[key: "points"]?.items ?? []).compactMap(\.point)
        #expect(backPoints.contains { ($0 - c).length > 100 })
    }

    @Test("a legend toggle hides a pie sector: the others share the circle, the total follows")
    func pieToggle() throws {
        let s = scene(.pies, size: Size(400, 760))
        #expect(s.activate(ref(1, .legend(0)), moment: Moment(time: 20, reduceMotion: false)))   // Groceries 80
        let g = s.geometry(FrameRequest(size: Size(400, 760), scale: 1, time: 25, theme: .light, reduceMotion: false))
        let donut = try #require(g[key: "charts"]?[index: 1])
        #expect(donut[key: "title"]?.text == "Expenses $120.00")
        let sectors = donut[key: "sectors"]?.items ?? []
        let spans = sectors.map { ($0[key: "name"]?.text ?? "", ($0[key: "endAngle"]?.number ?? 0) - ($0[key: "startAngle"]?.number ?? 0)) }
        let insurance = try #require(spans.first { $0.0 == "Insurance" }).1
        let bike = try #require(spans.first { $0.0 == "Bicycle repair" }).1
        #expect(close(insurance, 300, 1e-6) && close(bike, 60, 1e-6))   // 100 and 20 of 120
        #expect(close(spans.map(\.1).reduce(0, +), 360, 1e-6))
        let e = s.elements(moment: Moment(time: 25, reduceMotion: false))
        #expect(e.first { $0.path == "charts[1].legend[0]" }?.checked == false)
        #expect(e.first { $0.role == .sector && $0.name == "Insurance" }?.value == "$100.00, 83%")
        #expect(!e.contains { $0.role == .sector && $0.name == "Groceries" })
    }

    @Test("a radar axis tooltip lists every shown series' value on it, with its color")
    func axisTooltip() throws {
        let s = scene(.ebike)
        let item = try #require(s.items[0] as? RadarItem)
        let tip = try #require(item.tooltip(for: .axis(1), moment: Moment(time: 5), theme: .light, formatting: enUS))
        #expect(tip.title == "Power")
        #expect(tip.rows.map(\.text) == ["City  40", "Trail  92"])
        #expect(tip.rows.map(\.dot) == [SystemColor.teal.resolved(.light), SystemColor.orange.resolved(.light)])
    }

    @Test("hover redraws only when what is hovered changes; focus survives a reload by name")
    func hoverAndReload() {
        let s = scene(.ebike)
        let (c, r) = radar(s)
        let p = RadarMath.point(axis: 1, count: 6, share: 1.08, center: c, radius: r)
        #expect(s.setPointer(p, moment: Moment(time: 5)))
        #expect(!s.setPointer(p + Vec2(1, 0), moment: Moment(time: 5)))   // same axis: nothing to redraw
        #expect(s.hovered == ref(0, .axis(1)))
        #expect(s.setPointer(nil, moment: Moment(time: 5)))
        s.setFocus(ref(0, .series(1)))
        // The reload swaps the two series: Trail is now series 0.
        var page = Demo.ebike.page
        if case .radar(var chart) = page.charts[0] { chart.series.reverse(); page.charts[0] = .radar(chart) }
        let next = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS, continuing: s, at: 6)
        #expect(next.focused == ref(0, .series(0)))
    }

    @Test("focus draws a 2 pt ring in the accent color around the element, and its tooltip")
    func focusRing() throws {
        let s = scene(.ebike)
        s.setFocus(ref(0, .axis(2)))
        let frame = Frame()
        s.draw(into: frame, FrameRequest(size: Size(800, 800), scale: 1, time: 5, theme: .light, reduceMotion: false))
        // An axis is ringed around its label (the emphasized spoke shows the rest).
        let box = try #require((s.items[0] as? RadarItem)?.focusRing(for: .axis(2)))
        let ring = frame.roundedRects.filter { $0.borderWidth == 2 && $0.color == Palette.of(.light).accent }
        #expect(ring.count == 1)
        #expect(ring.first.map { $0.rect.minX <= box.minX && $0.rect.maxX >= box.maxX && $0.rect.minY <= box.minY && $0.rect.maxY >= box.maxY } == true)
        #expect(frame.texts.map(\.text).contains("City  62"))
    }
}

@Suite("Long titles")
struct LongTitleTests {
    @Test("a title longer than its card goes onto two lines, the second cut with an ellipsis at its end; the element keeps it whole")
    func ellipsized() throws {
        let title = "Quarterly customer satisfaction across every regional office we run"
        let page = Page(charts: [.radar(RadarChart(title: title, axes: ["A", "B", "C"], series: [RadarSeries(name: "S", values: [1, 2, 3], color: .system(.blue))]))])
        let (scene, frame) = drawn(page, size: Size(300, 400), at: 5)
        let m = TestMeasurer()
        let room = 300 - 2 * 16 - 2 * CardStyle.radar.padding
        // (#32: two lines before any "…"; one label for both, keeping the whole title.)
        let label = try #require(frame.labels.first { $0.role == .title && $0.text == title })
        let lines = frame.texts[label.runs].map(\.text)
        #expect(label.lines == 2 && lines.count == 2 && label.shortened, "\(lines)")
        #expect(!lines[0].hasSuffix("…") && title.hasPrefix(lines[0]), "\(lines)")
        let shown = try #require(lines.last)
        #expect(shown.hasSuffix("…") && lines.joined(separator: " ").count < title.count, "\(lines)")
        #expect(lines.allSatisfy { m.width($0, CardHeader.chartTitleStyle) <= room })
        #expect(scene.elements(moment: Moment(time: 5, reduceMotion: false))[0].name == title + ", radar")
    }
}

@Suite("Acting on elements when page time has gone back")
struct TimeGoesBackTests {
    @Test("toggling a legend entry after stepping back in time (, while paused) redirects, and does not trap")
    func toggleBackwards() throws {
        let s = PageScene(page: Demo.ebike.page, measurer: TestMeasurer(), formatting: enUS)
        s.layout(size: Size(800, 800))
        let trail = ElementRef(chart: 0, key: .series(1))
        #expect(s.activate(trail, moment: Moment(time: 6, reduceMotion: false)))    // hide at 6 s
        #expect(s.activate(trail, moment: Moment(time: 5, reduceMotion: false)))    // stepped back to 5 s: show again
        #expect(s.activate(trail, moment: Moment(time: 4, reduceMotion: true)))     // and further back, without motion: hide
        let g = s.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 9, theme: .light, reduceMotion: false))
        let center = try #require(g[key: "charts"]?[index: 0]?[key: "center"]?.point)
        let points = (g[key: "charts"]?[index: 0]?[key: "series"]?[index: 1]?[key: "points"]?.items ?? []).compactMap(\.point)
        // The last action wins: hidden from 4 s on, nothing left of the earlier plans.
        #expect(points.count == 6 && points.allSatisfy { ($0 - center).length < 1e-6 })
        let pies = PageScene(page: Demo.pies.page, measurer: TestMeasurer(), formatting: enUS)
        pies.layout(size: Size(400, 760))
        #expect(pies.activate(ElementRef(chart: 1, key: .legend(0)), moment: Moment(time: 20, reduceMotion: false)))
        #expect(pies.activate(ElementRef(chart: 1, key: .legend(0)), moment: Moment(time: 10, reduceMotion: false)))
    }
}
