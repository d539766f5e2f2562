import Foundation
import Testing
@testable import RadialCore

/// The test measurer, counting the lines it shapes: what a layout's cost is made of.
private final class CountingMeasurer: TextShaping, @unchecked Sendable {
    let base = TestMeasurer()
    var shaped = 0
    var faces: [FontFaceDescriptor] { base.faces }
    func shape(_ text: String, weight: FontWeight) -> ShapedLine { shaped += 1; return base.shape(text, weight: weight) }
}

private func roses(_ count: Int, wedges: Int) -> Page {
    Page(charts: (0..<count).map { _ in .rose(RoseChart(sectors: (0..<wedges).map { PieSector(name: "W\($0)", value: Double($0 % 37 + 1)) })) })
}

/// Issue #38: work that grew without bound (a search over sizes, a legend of every name, a
/// reload's re-fitting of every label) now has one.
@Suite("Bounded work (issue #38)")
struct BoundedWorkTests {
    @Test("the smallest readable size is found by bisection: at most six layouts, the size a step-by-step search finds")
    func bisection() {
        let size = Size(16, 16), ladder = PageScene.largerSizes(than: size)
        #expect(ladder.count == 21 && ladder[0] == Size(18, 18) && ladder.last!.width <= 16 * 8)
        for first in 0...ladder.count {
            var asked = 0
            let found = PageScene.smallestReadable(from: size) { s in asked += 1; return s.width >= (first < ladder.count ? ladder[first].width : .infinity) }
            #expect(found == (first < ladder.count ? ladder[first] : nil), "readable from step \(first)")
            #expect(asked <= 6, "\(asked) layouts for step \(first)")
        }
    }

    @Test("a page of 64 roses asks for the size a step-by-step search finds, in at most eight layouts at any size", arguments: [16.0, 320.0, 1000.0])
    func rosesAdvice(side: Double) {
        // (24 wedges each: the step-by-step search the answer is checked against costs up to 21 layouts.)
        let page = roses(64, wedges: 24), size = Size(side, side)
        let scene = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
        scene.advice = .size
        scene.layout(size: size)
        #expect(scene.tooSmall)
        #expect(scene.placements <= 8, "\(scene.placements) layouts")
        // Step by step, as the search was: the first larger canvas at which the page reads.
        let stepwise = PageScene.largerSizes(than: size).first { s in
            let fresh = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
            fresh.layout(size: s)
            return !fresh.tooSmall
        }
        #expect(scene.smallestReadableSize == stepwise, "\(String(describing: scene.smallestReadableSize)) against \(String(describing: stepwise))")
        // From 16×16 nothing up to eight times as large reads: no size is offered.
        #expect((stepwise == nil) == (side == 16))
    }

    @Test("a legend of 4096 names in three rows measures only the names those rows can show, and counts the rest")
    func legendMeasuresWhatShows() {
        let names = (0..<4096).map { "Sector number \($0) with a long name" }
        let m = CountingMeasurer()
        let style = Legend.Style(marker: 10, markerGap: 6, spacing: 18, rowSpacing: 6, text: .subheadline, alignment: .center)
        let legend = Legend(names, style: style, placement: .rows(width: 600), maxRows: 3, m)
        #expect(m.shaped < 100, "\(m.shaped) lines shaped")
        let summary = legend.summary
        #expect(summary != nil && legend.entries.count + (summary?.count ?? 0) == 4096 && legend.rows == 3)
        // The rows it shows are the first rows of the whole legend.
        let whole = Legend(names, style: style, placement: .rows(width: 600), TestMeasurer())
        #expect(legend.entries.filter { $0.row < 2 }.map(\.name) == whole.entries.filter { $0.row < 2 }.map(\.name))
    }

    @Test("a rose's room for its names is measured once per text size")
    func roseInsetsPerTextSize() throws {
        let typesetter = Typesetter(TestMeasurer())
        let chart = Chart.rose(RoseChart(sectors: (0..<12).map { PieSector(name: "Name \($0)", value: 1) }))
        let item = try #require(chart.kind.item(chart, ChartItemContext(measurer: typesetter, formatting: enUS, controls: false, compact: false)) as? PolarBarsItem)
        let large = item.labelInsets()
        typesetter.textSize = .accessibility3
        let bigger = item.labelInsets()
        #expect(bigger.top > large.top && bigger.left > large.left)
        typesetter.textSize = .large
        #expect(item.labelInsets() == large)
    }

    @Test("a stream's next radar, new values at the same size, keeps its axis labels' placement instead of fitting them again")
    func radarLabelsCarriedOver() throws {
        let axes = (0..<64).map { "Axis \($0)" }
        func radar(_ k: Double) -> Page {
            Page(charts: [.radar(RadarChart(axes: axes, series: [RadarSeries(name: "S", values: axes.indices.map { Double(($0 * 7) % 90) + k }, color: .system(.blue))]))])
        }
        // (Large enough to read its 64 labels: a smaller radar is a thumbnail, laid out twice.)
        let size = Size(1400, 1400)
        let m = CountingMeasurer()
        let first = PageScene(page: radar(1), measurer: m, formatting: enUS)
        first.layout(size: size)
        let fitting = m.shaped
        m.shaped = 0
        let next = PageScene(page: radar(5), measurer: m, formatting: enUS, continuing: first, at: 1)
        next.layout(size: size)
        #expect(m.shaped * 4 < fitting, "\(m.shaped) lines shaped again, \(fitting) the first time")
        // The same placement a fresh layout finds.
        let fresh = PageScene(page: radar(5), measurer: TestMeasurer(), formatting: enUS)
        fresh.layout(size: size)
        let a = try #require(next.items[0] as? RadarItem), b = try #require(fresh.items[0] as? RadarItem)
        #expect(a.radius == b.radius && a.labels.map(\.box) == b.labels.map(\.box) && a.labelsFit == b.labelsFit)
    }

    @Test("a sunburst over the node limit names its whole count (it once named where the reader stopped: 4104 for 4680)")
    func sunburstCount() throws {
        let branch = (0..<467).map { #"{"name": "leaf\#($0)", "value": 1}"# }.joined(separator: ", ")
        let tops = (0..<10).map { #"{"name": "top\#($0)", "children": [\#(branch)]}"# }.joined(separator: ", ")
        do {
            _ = try Spec.decode(#"{"charts": [{"type": "sunburst", "children": [\#(tops)]}]}"#)
            Issue.record("4680 nodes were accepted")
        } catch {
            #expect(error.problems.map(\.message) == ["4680 nodes; the limit is 4096"])
        }
    }
}
