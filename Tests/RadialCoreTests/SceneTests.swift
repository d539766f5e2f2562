import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

private func ebikeScene() -> PageScene { PageScene(page: Demo.ebike.page, measurer: TestMeasurer(), formatting: enUS) }

private func radarGeometry(_ scene: PageScene, time: Double, scale: Double = 1, reduceMotion: Bool = false) -> JSONOut {
    scene.geometry(FrameRequest(size: Size(800, 800), scale: scale, time: time, theme: .light, reduceMotion: reduceMotion))[key: "charts"]?[index: 0] ?? .null
}

private func points(_ chart: JSONOut, series: Int) -> [Vec2] {
    (chart[key: "series"]?[index: series]?[key: "points"]?.items ?? []).compactMap(\.point)
}

@Suite("Page scene")
struct SceneTests {
    @Test("the e-bike radar sits where a hand layout with the test measurer puts it")
    func handLayout() throws {
        // Card: chrome = header 22 + 4 + 15, 20, 20, legend 15, 20, button 17 + 14 = 147 pt;
        // chart side = 768 − 40 − 147 = 581; the card is 621 × 768, centered in the 768 pt area.
        let chart = radarGeometry(ebikeScene(), time: 5)
        let frame = try #require(chart[key: "frame"]?.rect)
        #expect(close(frame.x, 109.5) && close(frame.y, 97) && close(frame.width, 581) && close(frame.height, 581))
        #expect(try #require(chart[key: "center"]?.point) == Vec2(400, 387.5))
        #expect(chart[key: "radius"]?.number == 256.5)
    }

    @Test("the radar's center is the middle of its frame and its radius half the frame less 34")
    func centerAndRadius() throws {
        let chart = radarGeometry(ebikeScene(), time: 5)
        #expect(chart[key: "type"]?.text == "radar")
        let frame = try #require(chart[key: "frame"]?.rect)
        let center = try #require(chart[key: "center"]?.point)
        #expect(close(center, Vec2(frame.midX, frame.midY)))
        #expect(close(try #require(chart[key: "radius"]?.number), frame.width / 2 - 34))
        #expect(frame.width == frame.height)
    }

    @Test("at time 5 the series corners are the full-size corners of the data")
    func cornersAtRest() throws {
        let chart = radarGeometry(ebikeScene(), time: 5)
        #expect(close(try #require(chart[key: "growth"]?.number), 1, 1e-3))
        let center = try #require(chart[key: "center"]?.point)
        let radius = try #require(chart[key: "radius"]?.number)
        let data = [[55.0, 40, 62, 90, 85, 70], [80, 92, 78, 50, 45, 82]]
        for (s, values) in data.enumerated() {
            let pts = points(chart, series: s)
            #expect(pts.count == 6)
            for (i, v) in values.enumerated() {
                #expect(close(pts[i], center + clockHand(i, of: 6) * (radius * v / 100), 1e-3), "series \(s) axis \(i)")
            }
        }
        #expect(chart[key: "series"]?[index: 0]?[key: "name"]?.text == "City")
        #expect(chart[key: "series"]?[index: 1]?[key: "color"]?.text == SystemColor.orange.resolved(.light).hexString)
    }

    @Test("at time 0 every corner is at the center; with reduce motion they are already out")
    func cornersAtStart() throws {
        let chart = radarGeometry(ebikeScene(), time: 0)
        #expect(chart[key: "growth"]?.number == 0)
        let center = try #require(chart[key: "center"]?.point)
        for s in 0..<2 { for p in points(chart, series: s) { #expect(close(p, center, 1e-9)) } }
        let reduced = radarGeometry(ebikeScene(), time: 0, reduceMotion: true)
        #expect(reduced[key: "growth"]?.number == 1)
        #expect(!close(points(reduced, series: 0)[0], center, 1))
        // Half way the corners are at growth × the full distance.
        let mid = radarGeometry(ebikeScene(), time: 0.2)
        let g = try #require(mid[key: "growth"]?.number)
        #expect(close(g, Spring.radarGrowth.value(at: 0.2), 1e-12))
        let radius = try #require(mid[key: "radius"]?.number)
        #expect(close(points(mid, series: 0)[0], center + clockHand(0, of: 6) * (radius * g * 0.55), 1e-9))
    }

    @Test("the axes are at 0°, 60°, … 300° with their labels")
    func axes() {
        let axes = radarGeometry(ebikeScene(), time: 5)[key: "axes"]?.items ?? []
        #expect(axes.compactMap { $0[key: "angle"]?.number } == [0, 60, 120, 180, 240, 300])
        #expect(axes.compactMap { $0[key: "label"]?.text } == ["Speed", "Power", "Range", "Comfort", "Price", "Design"])
    }

    @Test("at scale 2 every pixel coordinate doubles")
    func scale2() throws {
        let scene = ebikeScene()
        let g1 = scene.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 0.5, theme: .light, reduceMotion: false))
        let g2 = scene.geometry(FrameRequest(size: Size(800, 800), scale: 2, time: 0.5, theme: .light, reduceMotion: false))
        #expect(g2[key: "width"]?.number == 1600 && g2[key: "height"]?.number == 1600)
        let a = try #require(g1[key: "charts"]?[index: 0]), b = try #require(g2[key: "charts"]?[index: 0])
        let f1 = try #require(a[key: "frame"]?.rect), f2 = try #require(b[key: "frame"]?.rect)
        #expect(f2 == f1.scaled(2))
        #expect(try #require(b[key: "center"]?.point) == (try #require(a[key: "center"]?.point)) * 2)
        #expect(b[key: "radius"]?.number == (a[key: "radius"]?.number).map { $0 * 2 })
        #expect(a[key: "growth"]?.number == b[key: "growth"]?.number)
        for s in 0..<2 {
            for (p, q) in zip(points(a, series: s), points(b, series: s)) { #expect(close(q, p * 2, 1e-9)) }
        }
    }

    @Test("a drawn frame has commands, and the whole radar is one mesh draw: grid, then fill and outline per series")
    func drawnFrame() throws {
        let scene = ebikeScene()
        let frame = Frame()
        scene.draw(into: frame, FrameRequest(size: Size(800, 800), scale: 1, time: 5, theme: .light, reduceMotion: false))
        #expect(!frame.commands.isEmpty)
        #expect(frame.width == 800 && frame.height == 800)
        // The card covers most of an 800×800 window: the frame clears to the card's color and
        // paints the page around it (PageScene.backgroundPlan).
        #expect(frame.clearColor == Palette.of(.light).cardBackground)
        #expect(scene.backgroundPlan(width: 800, height: 800, scale: 1).inverted)
        let radar = try #require(scene.items[0] as? RadarItem)
        let draws = meshDraws(frame)
        #expect(draws.count == 1)
        let draw = try #require(draws.first)
        #expect(draw.mesh === radar.mesh && draw.indexRange == 0..<radar.mesh.indices.count)
        #expect(close(draw.growth, 1, 1e-3) && draw.center == Vec2(400, 387.5) && draw.pointScale == 256.5)
        guard case .roles(let colors, let fillOpacity, let strokeHalfWidth, _, let gridHalfWidth) = draw.style else {
            Issue.record("not a radar draw"); return
        }
        #expect(colors.colors == [SystemColor.teal.resolved(.light), SystemColor.orange.resolved(.light)])
        #expect(fillOpacity == 0.22 && strokeHalfWidth == 1 && gridHalfWidth == 0.5)
        // In index order: the grid, then per series its fill (not extruded) and its outline.
        #expect(radar.gridRange.lowerBound == 0 && radar.gridRange.upperBound == radar.fillRanges[0].lowerBound)
        #expect(radar.fillRanges[0].upperBound == radar.strokeRanges[0].lowerBound)
        #expect(radar.strokeRanges[0].upperBound == radar.fillRanges[1].lowerBound)
        let v = radar.mesh.vertices, idx = radar.mesh.indices
        func tags(_ r: Range<Int>) -> Set<[Int]> { Set(idx[r].map { [v[Int($0)].role.rawValue, v[Int($0)].series] }) }
        #expect(tags(radar.gridRange) == [[2, 0]])
        #expect(tags(radar.fillRanges[1]) == [[0, 1]] && tags(radar.strokeRanges[1]) == [[1, 1]])
        #expect(idx[radar.fillRanges[0]].allSatisfy { v[Int($0)].extrude == .zero })
        // The paths the mesh came from: the grid's rings and spokes, then each series' fill and outline.
        let paths = radar.mesh.paths
        #expect(paths.filter { $0.role == .grid }.count == radar.chart.rings + radar.chart.axes.count)
        #expect(paths.filter { $0.role == .fill }.map(\.series) == [0, 1] && paths.filter { $0.role == .stroke }.map(\.kind) == [.stroke(.round), .stroke(.round)])
        // The title, subtitle, labels, legend and button are all there.
        let texts = frame.texts.map(\.text)
        for s in ["Which e-bike?", "Two models, six things that matter", "Speed", "Design", "City", "Trail", "↻ Replay"] {
            #expect(texts.contains(s), "missing \(s)")
        }
    }

    @Test("drawing the same frame twice gives identical contents")
    func deterministic() {
        let scene = ebikeScene()
        let a = Frame(), b = Frame()
        scene.draw(into: a, FrameRequest(size: Size(800, 800), scale: 2, time: 0.37, theme: .dark, reduceMotion: false))
        let first = dump(a)
        scene.draw(into: a, FrameRequest(size: Size(800, 800), scale: 2, time: 0.37, theme: .dark, reduceMotion: false))
        scene.draw(into: b, FrameRequest(size: Size(800, 800), scale: 2, time: 0.37, theme: .dark, reduceMotion: false))
        #expect(dump(a) == first)
        #expect(dump(b) == first)
        // …and a different time gives a different frame.
        scene.draw(into: b, FrameRequest(size: Size(800, 800), scale: 2, time: 0.5, theme: .dark, reduceMotion: false))
        #expect(dump(b) != first)
    }

    @Test("a radar with two axes draws no shapes, says why, and does not crash")
    func twoAxes() throws {
        let page = Page(charts: [.radar(RadarChart(axes: ["A", "B"], series: [RadarSeries(name: "S", values: [10, 20], color: .system(.red))]))])
        let (scene, frame) = drawn(page, size: Size(600, 600), at: 5)
        let radar = try #require(scene.items[0] as? RadarItem)
        #expect(radar.fillRanges.allSatisfy(\.isEmpty) && radar.strokeRanges.allSatisfy(\.isEmpty))
        #expect(meshDraws(frame).isEmpty)   // two axes: no grid either
        #expect(frame.texts.map(\.text).contains("A radar chart needs at least 3 axes"))
        let g = scene.geometry(FrameRequest(size: Size(600, 600), scale: 1, time: 5, theme: .light, reduceMotion: false))
        #expect(g[key: "charts"]?[index: 0]?[key: "series"]?[index: 0]?[key: "points"]?.items.isEmpty == true)
        // No axes at all.
        let none = PageScene(page: Page(charts: [.radar(RadarChart(axes: [], series: []))]), measurer: TestMeasurer(), formatting: enUS)
        none.draw(into: frame, FrameRequest(size: Size(600, 600), scale: 1, time: 5, theme: .light, reduceMotion: false))
        #expect(frame.texts.map(\.text).contains("No axes"))
        #expect(meshDraws(frame).isEmpty)
    }

    @Test("hit: the replay button, the card, and nothing")
    func hit() throws {
        let scene = ebikeScene()
        scene.layout(size: Size(800, 800))
        let button = try #require((scene.items[0] as? RadarItem)?.replayButton)
        func at(_ p: Vec2) -> ElementRef? { scene.element(at: p, moment: Moment(time: 5, reduceMotion: false)) }
        #expect(at(button.center) == ElementRef(chart: 0, key: .replay))
        // By hand: a 102.8 × 31 pt button centered at x 400, at y 733.
        #expect(close(button.x, 348.6, 1e-9) && close(button.y, 733) && close(button.width, 102.8, 1e-9) && close(button.height, 31))
        #expect(at(Vec2(400, 748)) == ElementRef(chart: 0, key: .replay))
        #expect(at(Vec2(400, 60)) == ElementRef(chart: 0, key: .chart))   // the header
        #expect(at(Vec2(5, 5)) == nil)
    }

    @Test("the scan demo draws one sweep and settles never, unless motion is reduced")
    func scanScene() {
        let (scene, frame) = drawn(Demo.scan.page, size: Size(800, 800), at: 0.75)
        #expect(frame.scans.count == 1)
        #expect(close(frame.scans[0].gradientStart, .pi, 1e-9))   // a quarter turn from 3 o'clock: 6 o'clock, π from 12
        #expect(frame.scans[0].stopCount == 3)
        #expect(frame.texts.map(\.text).contains("One turn every 3 seconds · 4 contacts"))
        #expect(scene.settleTime(reduceMotion: false) == .infinity)
        #expect(scene.settleTime(reduceMotion: true) == 0)
        let g = scene.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 0.75, theme: .light, reduceMotion: false))
        #expect(g[key: "charts"]?[index: 0]?[key: "leadingAngle"]?.number.map { close($0, 180, 1e-9) } == true)
        #expect(g[key: "charts"]?[index: 0]?[key: "blips"]?.items.count == 4)
    }

    @Test("the pies demo draws every sector once all have arrived, and the header once")
    func piesScene() {
        let (scene, frame) = drawn(Demo.pies.page, size: Size(900, 600), at: 10)
        #expect(frame.sectors.count == 6)
        #expect(frame.texts.filter { $0.text == "SwiftUI Pie Chart" }.count == 1)
        scene.draw(into: frame, FrameRequest(size: Size(900, 600), scale: 1, time: 0, theme: .light, reduceMotion: false))
        #expect(frame.sectors.isEmpty)
    }

    @Test("the radar settles at rest twice its spring's duration after it appears")
    func settle() {
        #expect(close(ebikeScene().settleTime(reduceMotion: false), 1.8))
        #expect(ebikeScene().settleTime(reduceMotion: true) == 0)
    }
}
@Suite("Background plan")
struct BackgroundPlanTests {
    @Test("the complement of cards tiles exactly the page they do not cover")
    func complement() {
        let cards = [Rect(x: 10, y: 10, width: 30, height: 20), Rect(x: 50, y: 10, width: 40, height: 50)]
        let rects = PageScene.complement(of: cards, width: 100, height: 80)
        // Areas add up, and no rectangle overlaps a card or another rectangle.
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        let expected: Double = 100 * 80 - 30 * 20 - 40 * 50
        #expect(area == expected)
        func overlap(_ a: Rect, _ b: Rect) -> Bool { a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY }
        for r in rects {
            #expect(!cards.contains { overlap($0, r) })
            #expect(rects.filter { overlap($0, r) }.count == 1)
        }
    }

    @Test("cards covering most of the window invert the clear; a few small ones do not")
    func inversion() {
        let m = TestMeasurer(), f = Formatting(localeIdentifier: "en_US")
        let ebike = PageScene(page: Demo.ebike.page, measurer: m, formatting: f)
        ebike.layout(size: Size(800, 800))
        #expect(ebike.backgroundPlan(width: 800, height: 800, scale: 1).inverted)
        let wide = PageScene(page: Demo.ebike.page, measurer: m, formatting: f)
        wide.layout(size: Size(2400, 500))
        #expect(!wide.backgroundPlan(width: 2400, height: 500, scale: 1).inverted)
    }
}

@Suite("Overlays")
struct OverlayTests {
    @Test("the error banner wraps long problems at word boundaries within the width")
    func wrap() {
        let m = TestMeasurer()
        let text = "charts[0].series[0].values (line 11, column 36): has 12 values but the chart has 6 axes"
        let lines = Overlays.wrap(text, width: 200, style: .footnote, measurer: m)
        #expect(lines.count > 1)
        #expect(lines.joined(separator: " ") == text)
        for l in lines { #expect(m.width(l, .footnote) <= 200 || !l.contains(" ")) }
        #expect(Overlays.wrap("short", width: 200, style: .footnote, measurer: m) == ["short"])
    }
}
