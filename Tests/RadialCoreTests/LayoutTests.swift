import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

/// How a page of several charts uses the window: the grid, the radar's compact Replay and side
/// legend, and the request for a larger window when the charts would not be readable.
@Suite("Page layout")
struct LayoutTests {
    func dashboard(controls: Bool = true) throws -> PageScene {
        PageScene(page: try example("dashboard.json"), measurer: TestMeasurer(), formatting: enUS, controls: controls)
    }

    func radar(_ scene: PageScene) throws -> RadarItem { try #require(scene.items.first as? RadarItem) }

    @Test("in a grid the radar's Replay is an icon in its card's top-right corner, not a row of its own")
    func compactReplay() throws {
        let scene = try dashboard()
        scene.layout(size: Size(900, 1000))
        let item = try radar(scene)
        let button = try #require(item.replayButton)
        let content = scene.cards[0].insetBy(item.card.padding)
        #expect(close(button.maxX, content.maxX) && close(button.minY, content.minY))
        #expect(button.width < 60, "icon only: \(button.width)")
        // The chrome under the chart is the legend alone: 20 + legend row, no button row.
        let seed = RadarItem(chart: item.chart, measurer: TestMeasurer(), controls: true)
        #expect(item.chromeHeight(width: 400) < seed.chromeHeight(width: 400) - 30)
        // The button still answers the pointer and is an element.
        #expect(scene.element(at: button.center, moment: Moment(time: 5, reduceMotion: false)) == ElementRef(chart: 0, key: .replay))
        // A single radar keeps the seed's button under its legend.
        let single = PageScene(page: Demo.ebike.page, measurer: TestMeasurer(), formatting: enUS)
        single.layout(size: Size(800, 800))
        let own = try radar(single)
        #expect(try #require(own.replayButton).minY > own.square.maxY)
    }

    @Test("a wide, short card puts the radar's legend in a column beside the chart, which is then larger")
    func sideLegend() throws {
        let scene = try dashboard()
        scene.layout(size: Size(1920, 1170))
        // Two rows of two cards fill the window.
        #expect(Set(scene.cards.map(\.minY)).count == 2 && Set(scene.cards.map(\.minX)).count == 2)
        let item = try radar(scene)
        let legend = item.legend.entries.map(\.origin)
        #expect(legend.count == 3)
        for o in legend { #expect(o.x > item.square.maxX) }
        #expect(Set(legend.map(\.x)).count == 1, "one column")
        // The legend column is beside the chart, not under it: the chart is as tall as the card
        // allows once the header is placed, larger than with the legend below.
        let content = scene.cards[0].insetBy(item.card.padding)
        let below = content.height - item.chromeHeight(width: content.width)
        #expect(item.square.height > below + 20, "\(item.square.height) vs \(below)")
        #expect(item.square.maxY <= content.maxY + 1e-9)
        // Legend entries are still what the pointer toggles.
        let entry = Vec2(legend[1].x + 4, legend[1].y)
        #expect(scene.element(at: entry, moment: Moment(time: 5, reduceMotion: false)) == ElementRef(chart: 0, key: .series(1)))
    }

    @Test("a tall window stacks the cards with the legend under the radar")
    func legendBelowInTallCards() throws {
        let scene = try dashboard()
        scene.layout(size: Size(900, 1000))
        let item = try radar(scene)
        for o in item.legend.entries.map(\.origin) { #expect(o.y > item.square.maxY) }
    }

    @Test("below what its charts need the page asks for a larger window: no chart drawn, nothing to point at")
    func tooSmall() throws {
        // (Under 160×160 points per chart: with more, a chart that cannot be read is a thumbnail.)
        for (page, size) in [(try example("dashboard.json"), Size(300, 300)), (Demo.ebike.page, Size(200, 150)), (Demo.pies.page, Size(120, 200))] {
            let (scene, frame) = drawn(page, size: size, at: 5)
            #expect(scene.tooSmall, "\(size)")
            // Wrapped at word boundaries where the window is narrow.
            let texts = frame.texts.map(\.text).joined(separator: " ")
            #expect(texts.contains("Make the window larger"), "\(texts)")
            #expect(frame.sectors.isEmpty && frame.scans.isEmpty && !frame.commands.contains { if case .mesh = $0 { true } else { false } })
            #expect(scene.element(at: Vec2(size.width / 2, size.height / 2), moment: Moment(time: 5, reduceMotion: false)) == nil)
            // A screen reader still reads the charts.
            #expect(scene.elements(moment: Moment(time: 5, reduceMotion: false)).count > page.charts.count)
        }
        #expect(try dashboard().tooSmallMessage == ("Make the window larger", "to see its 4 charts"))
        // At sizes that hold the charts, they are drawn.
        for (page, size) in [(try example("dashboard.json"), Size(900, 1000)), (try example("dashboard.json"), Size(360, 420)), (Demo.ebike.page, Size(360, 420)),
                             (Demo.pies.page, Size(360, 420))] {
            let (scene, frame) = drawn(page, size: size, at: 5)
            #expect(!scene.tooSmall, "\(size)")
            #expect(!frame.texts.map(\.text).joined(separator: " ").contains("Make the window"))
        }
    }
}

@Suite("Text size")
struct TextSizeTests {
    @Test("Dynamic Type's table: caption is 32 pt at accessibility3, every style grows with the size, large is the seed's")
    func table() {
        #expect(TextSize.accessibility3.resolve(.caption).size == 32)
        #expect(TextSize.large.resolve(.title2.bold) == TextStyle.title2.bold)
        #expect(TextSize.xxxLarge.resolve(.body).size == 23 && TextSize.xSmall.resolve(.body).size == 14)
        for style in [TextStyle.caption2, .caption, .footnote, .subheadline, .callout, .body, .title3, .title2, .title, .largeTitle] {
            let sizes = TextSize.allCases.map { $0.resolve(style).size }
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style)")
        }
    }

    @Test("GNOME's text-scaling-factor picks the size whose body text is nearest")
    func scaling() {
        #expect(TextSize(scalingFactor: 1) == .large)
        #expect(TextSize(scalingFactor: 1.25) == .xxLarge)
        #expect(TextSize(scalingFactor: 2) == .accessibility2)
    }

    @Test("A page's text size lays it out again: a larger one takes more room for the same labels")
    func relayout() throws {
        let scene = PageScene(page: Demo.ebike.page, measurer: TestMeasurer(), formatting: enUS)
        let small = scene.geometry(FrameRequest(size: Size(800, 800), time: 5))
        let big = scene.geometry(FrameRequest(size: Size(800, 800), time: 5, textSize: .accessibility3))
        func radius(_ g: JSONOut) -> Double { g[key: "charts"]?[index: 0]?[key: "radius"]?.number ?? 0 }
        func fontSize(_ g: JSONOut) -> Double { g[key: "texts"]?.items.first { $0[key: "role"]?.text == "axis-label" }?[key: "fontSize"]?.number ?? 0 }
        #expect(fontSize(big) == 2 * 32 / 2 && fontSize(small) == 12)
        #expect(radius(big) < radius(small))
        #expect(big[key: "textSize"]?.text == "accessibility3")
    }

    @Test("Ctrl+plus, Ctrl+minus and Ctrl+0 are the window's text size keys")
    func keys() {
        #expect(TextSize.large.larger == .xLarge && TextSize.xSmall.smaller == nil && TextSize.accessibility5.larger == nil)
    }
}
