import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

extension GoldenPages {
    /// Tests/legends: the pages of the legends' tests.
    static let legendFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("legends")

    /// The gradient legend of a color scale by value (#31): Nightingale's deaths from disease by
    /// month, light and high contrast. Their goldens are in LegendTests; the oracle draws them with cairo.
    static var legends: [Case] {
        let page: @Sendable () throws -> Page = {
            try Spec.decode(String(contentsOf: legendFolder.appendingPathComponent("nightingale-value.json"), encoding: .utf8))
        }
        return [Case(name: "legend-gradient-light", page: page, size: Size(640, 680), scale: 1, time: 5, theme: .light),
                Case(name: "legend-gradient-high-contrast", page: page, size: Size(480, 520), scale: 2, time: 5, theme: .highContrast)]
    }
}

/// Legends that give way and say so (#31, #32): a color scale's gradient bar, a pie legend
/// condensed to "+ N more", and small multiples whose plots are one size whatever their legends.
/// Each reads `--geometry` as drawn (the scene's own account, in pixels).
@Suite("Legends")
struct LegendTests {
    static func page(_ name: String) throws -> Page {
        try Spec.decode(String(contentsOf: GoldenPages.legendFolder.appendingPathComponent(name + ".json"), encoding: .utf8))
    }
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

    static func geometry(_ page: Page, _ size: Size, textSize: TextSize = .large, theme: Theme = .light) throws -> JSONOut {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        return scene.geometry(FrameRequest(size: size, time: scene.restingTime, theme: theme, textSize: textSize))
    }

    static func bool(_ j: JSONOut?) -> Bool? { if case .bool(let b)? = j { return b }; return nil }

    static func inside(_ r: Rect, _ card: Rect) -> Bool {
        r.minX >= card.minX - 0.5 && r.maxX <= card.maxX + 0.5 && r.minY >= card.minY - 0.5 && r.maxY <= card.maxY + 0.5
    }

    // MARK: - The gradient bar (#31)

    @Test("A rose colored by value has a gradient bar from its data's lowest to its highest value, written in its format")
    func gradientEnds() throws {
        let page = try Self.page("nightingale-value")
        guard case .rose(let rose) = page.charts[0] else { Issue.record("not a rose"); return }
        let values = rose.sectors.map(\.value)
        for (size, theme) in [(Size(640, 680), Theme.light), (Size(380, 440), .dark), (Size(800, 800), .highContrast)] {
            let g = try Self.geometry(page, size, theme: theme)
            let chart = try #require(g[key: "charts"]?[index: 0])
            let card = try #require(chart[key: "card"]?.rect)
            let scale = try #require(chart[key: "colorScale"], "\(size) \(theme): no colorScale record")
            // The data's ends (not the rim, not 0), in the chart's format: "1 deaths", "2,761 deaths".
            #expect(scale[key: "minimum"]?.number == values.min() && scale[key: "maximum"]?.number == values.max())
            let ticks = scale[key: "ticks"]?.items ?? []
            #expect(ticks.first?[key: "label"]?.text == "1 deaths" && ticks.last?[key: "label"]?.text == "2,761 deaths", "\(ticks)")
            let bar = try #require(scale[key: "frame"]?.rect)
            #expect(Self.inside(bar, card) && bar.width > 100, "\(bar) in \(card)")
            for t in ticks { #expect(Self.inside(try #require(t[key: "box"]?.rect), card)) }
            // The ends' colors: the pale tint and the chart's color itself.
            #expect(scale[key: "maximumColor"]?.text == "#2A7F9EFF" && scale[key: "minimumColor"]?.text != scale[key: "maximumColor"]?.text)
            // Read by a screen reader as one element; no entry per month stands for a color it does not have.
            let elements = g[key: "elements"]?.items ?? []
            let e = try #require(elements.first { $0[key: "path"]?.text == "charts[0].colorScale" })
            #expect(e[key: "name"]?.text == "Color scale" && e[key: "value"]?.text == "1 deaths to 2,761 deaths")
            #expect(!elements.contains { $0[key: "role"]?.text == "legend-entry" })
            // Its labels are texts drawn, as --geometry's texts say.
            let texts = (g[key: "texts"]?.items ?? []).compactMap { $0[key: "text"]?.text }
            #expect(texts.contains("1 deaths") && texts.contains("2,761 deaths"))
        }
    }

    @Test("Radial bars and a rose colored by value, Seattle's rain by month: each chart's gradient ends are its own data's, in its format")
    func gradientRadialBars() throws {
        let page = try Self.page("seattle-rain-value")
        let g = try Self.geometry(page, Size(1280, 720))
        let charts = g[key: "charts"]?.items ?? []
        for (i, chart) in charts.enumerated() {
            let values: [Double], format: NumberFormat?
            switch page.charts[i] {
            case .rose(let r): (values, format) = (r.sectors.map(\.value), r.format)
            case .radialBar(let b): (values, format) = (b.bars.map(\.value), b.format)
            default: Issue.record("chart \(i)"); continue
            }
            // The chart's own format (one decimal and "mm"): 5.35 is written as the format rounds it.
            let formatting = Formatting(localeIdentifier: "en_US")
            let ticks = chart[key: "colorScale"]?[key: "ticks"]?.items ?? []
            let low = formatting.format(try #require(values.min()), format), high = formatting.format(try #require(values.max()), format)
            #expect(ticks.first?[key: "label"]?.text == low && ticks.last?[key: "label"]?.text == high, "\(ticks)")
            #expect(ticks.first?[key: "label"]?.text == "0.4 mm")
            let card = try #require(chart[key: "card"]?.rect)
            #expect(Self.inside(try #require(chart[key: "colorScale"]?[key: "frame"]?.rect), card))
        }
        #expect((g[key: "elements"]?.items ?? []).filter { $0[key: "path"]?.text?.hasSuffix(".colorScale") == true }.count == 2)
    }

    @Test("A rose of one color has no legend at all")
    func oneColorNoLegend() throws {
        var page = try Self.page("nightingale-value")
        guard case .rose(var rose) = page.charts[0] else { Issue.record("not a rose"); return }
        rose.colorScale = .categorical
        page.charts[0] = .rose(rose)
        let g = try Self.geometry(page, Size(640, 680))
        #expect(g[key: "charts"]?[index: 0]?[key: "colorScale"] == nil && g[key: "charts"]?[index: 0]?[key: "sectors"] != nil)
        let elements = g[key: "elements"]?.items ?? []
        #expect(!elements.contains { ["legend-entry"].contains($0[key: "role"]?.text) || $0[key: "path"]?.text == "charts[0].colorScale" })
        #expect(!(g[key: "texts"]?.items ?? []).contains { $0[key: "role"]?.text == "legend" })
    }

    // MARK: - Condensing (#32, item 4)

    @Test("Sixty budget lines in accessibility3: the legend condenses to '+ N more' with the exact count, every entry still an element",
          arguments: [Size(520, 520), Size(1280, 720)])
    func condensed(_ size: Size) throws {
        let page = try Spec.decode([UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("sixty-budget-lines.json"))))
        let g = try Self.geometry(page, size, textSize: .accessibility3)
        let chart = try #require(g[key: "charts"]?[index: 0])
        let card = try #require(chart[key: "card"]?.rect)
        let layout = try #require(chart[key: "layout"])
        #expect(Self.bool(layout[key: "thumbnail"]) == false && Self.bool(layout[key: "legendCondensed"]) == true)
        let hidden = Int(try #require(layout[key: "legendHidden"]?.number))
        let legendTexts = (g[key: "texts"]?.items ?? []).filter { $0[key: "role"]?.text == "legend" }
        let summary = legendTexts.filter { $0[key: "text"]?.text?.hasPrefix("+ ") == true }
        #expect(summary.count == 1 && summary.first?[key: "text"]?.text == "+ \(hidden) more", "\(summary)")
        // The names drawn and the count left out make the sixty.
        #expect(legendTexts.count - 1 + hidden == 60, "\(legendTexts.count - 1) drawn, \(hidden) more")
        for t in legendTexts { #expect(Self.inside(try #require(t[key: "box"]?.rect), card), "\(t)") }
        // Every sector keeps its legend element (its toggle); those left out sit on the summary.
        let entries = (g[key: "elements"]?.items ?? []).filter { $0[key: "role"]?.text == "legend-entry" }
        #expect(entries.count == 60)
        for e in entries { #expect(Self.inside(try #require(e[key: "box"]?.rect), card)) }
        let summaryBox = try #require(summary.first?[key: "box"]?.rect)
        #expect(entries.filter { $0[key: "box"]?.rect.map { $0.insetBy(-4).contains(summaryBox.center) && $0.width < summaryBox.width + 12 } == true }.count == hidden)
        // The plot keeps at least the room the legend leaves it: it is not squeezed below a third of the card.
        let plot = try #require(chart[key: "frame"]?.rect)
        #expect(plot.height >= card.height / 3, "plot \(plot) in card \(card)")
    }

    @Test("Where no row fits under the chart, a wide card's legend stands beside it, condensed, before it goes")
    func besideThenGone() throws {
        let page = try Spec.decode([UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("sixty-budget-lines.json"))))
        let g = try Self.geometry(page, Size(1280, 300), textSize: .accessibility3)
        let chart = try #require(g[key: "charts"]?[index: 0])
        let card = try #require(chart[key: "card"]?.rect), plot = try #require(chart[key: "frame"]?.rect)
        let hidden = Int(try #require(chart[key: "layout"]?[key: "legendHidden"]?.number))
        let legend = (g[key: "texts"]?.items ?? []).filter { $0[key: "role"]?.text == "legend" }
        #expect(hidden > 0 && hidden < 60 && legend.count - 1 + hidden == 60, "\(legend.count) texts, \(hidden) hidden")
        #expect(legend.last?[key: "text"]?.text == "+ \(hidden) more")
        for t in legend {
            let box = try #require(t[key: "box"]?.rect)
            #expect(Self.inside(box, card) && box.minX >= plot.maxX, "\(box) beside \(plot) in \(card)")
        }
        // A card too narrow for a column beside the chart: the legend goes, and says so.
        let narrow = try Self.geometry(page, Size(360, 300), textSize: .accessibility3)
        let layout = try #require(narrow[key: "charts"]?[index: 0]?[key: "layout"])
        #expect(Self.bool(layout[key: "thumbnail"]) == false)
        #expect(layout[key: "legendHidden"]?.number == 60 && Self.bool(layout[key: "legendCondensed"]) == true)
        #expect(!(narrow[key: "texts"]?.items ?? []).contains { $0[key: "role"]?.text == "legend" })
    }

    @Test("A legend that fits is not condensed")
    func notCondensed() throws {
        let page = try Spec.decode([UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("sixty-budget-lines.json"))))
        let g = try Self.geometry(page, Size(3840, 2160))
        let layout = try #require(g[key: "charts"]?[index: 0]?[key: "layout"])
        #expect(Self.bool(layout[key: "legendCondensed"]) == false && layout[key: "legendHidden"]?.number == 0)
        #expect(!(g[key: "texts"]?.items ?? []).contains { $0[key: "text"]?.text?.hasPrefix("+ ") == true })
    }

    // MARK: - Small multiples (#32)

    @Test("Small multiples with one legend: every plot of a row is the same rectangle's size, at the same height",
          arguments: [Size(800, 800), Size(1920, 1080), Size(520, 520)])
    func smallMultiples(_ size: Size) throws {
        var page = try Spec.decode([UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("small-multiple-donuts.json"))))
        // As a faceted table makes it: one legend (the first card's), one plot size.
        page.uniform = true
        for i in page.charts.indices.dropFirst() {
            guard case .pie(var pie) = page.charts[i] else { continue }
            pie.legend = false
            page.charts[i] = .pie(pie)
        }
        let g = try Self.geometry(page, size)
        let charts = g[key: "charts"]?.items ?? []
        let rows = Dictionary(grouping: charts) { Int((($0[key: "card"]?.rect?.minY) ?? 0).rounded()) }
        #expect(rows.count >= 1)
        for (_, row) in rows where row.count > 1 {
            let frames = row.compactMap { $0[key: "frame"]?.rect }
            for f in frames.dropFirst() {
                #expect(abs(f.width - frames[0].width) <= 0.5 && abs(f.height - frames[0].height) <= 0.5 && abs(f.minY - frames[0].minY) <= 0.5,
                        "\(size): \(f) against \(frames[0])")
            }
        }
        // And the one legend's entries stay inside its card.
        let card = try #require(charts.first?[key: "card"]?.rect)
        for e in (g[key: "elements"]?.items ?? []) where e[key: "role"]?.text == "legend-entry" {
            #expect(Self.inside(try #require(e[key: "box"]?.rect), card))
        }
    }

    // MARK: - Goldens

    @Test("Goldens: the gradient legend, light and high contrast", arguments: GoldenPages.legends)
    func golden(_ c: GoldenPages.Case) throws {
        let (image, _) = try GLTestContext.render(try c.page(), size: c.size, scale: c.scale, at: c.time, theme: c.theme)
        try Goldens.check(image, named: c.name)
    }
}
