import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

/// Issue #32, "none is shortened to fewer than three characters before its '…'": the last renders
/// of the held-out corpus that still cut a text so, and the one rule under them
/// (`TextShaping.truncatedKeepingThree`): a text that would keep fewer is left out and counted.
@Suite("Every size: never under three characters")
struct EverySizeThreeCharactersTests {
    /// The renders that cut a text to under three characters before this rule reached them.
    static let renders: [(String, Size)] = [("radial-bars-grouped", Size(800, 800)), ("radial-bars-grouped", Size(1280, 720)),
                                            ("three-gauges", Size(520, 520)), ("every-kind", Size(160, 160)),
                                            ("small-multiple-donuts", Size(160, 160))]

    /// Every line drawn cut that keeps fewer than three characters before its "…".
    static func underThree(_ g: PageGeometry) -> [String] {
        g.texts.filter { $0.role != "tooltip" && $0.role != "overlay" }.flatMap { t in
            (t.shown ?? []).filter { !TextBlock.keepsThreeCharacters($0) }.map { "\(t.role) \(t.text) as \($0)" }
        }
    }

    @Test("in accessibility3, the renders that cut a text to under three characters cut none so: a track's name is left out and counted, a gauge's value goes under the chart, a page's title takes two lines",
          arguments: renders)
    func noneUnderThree(_ c: (String, Size)) throws {
        let (name, size) = c
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try EverySizeRimLabelTests.corpus(name)
        let g = EverySizeRimLabelTests.geometry(page, size, .accessibility3, fonts)
        let at = "\(name) \(Int(size.width))x\(Int(size.height))"
        #expect(Self.underThree(g).isEmpty, "\(at): \(Self.underThree(g))")
        #expect(EverySizeRimLabelTests.clean(g, name, size, .accessibility3).isEmpty, "\(at): \(EverySizeRimLabelTests.clean(g, name, size, .accessibility3))")
        // The page keeps its title, whole or cut to three characters or more.
        if let title = page.title { #expect(g.texts.contains { $0.role == "title" && $0.text == title }, "\(at): no title") }
        switch name {
        case "radial-bars-grouped":
            // Each track's name is written whole ("Hydro" takes the open quarter's width rather
            // than "Hy…" within its track's radius) or counted as hidden.
            let chart = try #require(g.charts.first)
            let hidden = try #require(EverySizeKeptLabelsTests.labelsHidden(chart))
            let written = g.texts.filter { $0.chart == 0 && $0.role == "axis-label" }
            #expect(written.count == 5 && written.allSatisfy { !$0.shortened } && hidden == 0, "\(at): \(hidden) hidden, \(written.map { ($0.text, $0.shown ?? []) })")
        case "three-gauges":
            // Every gauge's value is written with three characters or more (the power gauge's under its ring).
            let values = g.texts.filter { $0.role == "total" }
            #expect(values.count == 3 && values.allSatisfy { ($0.shown ?? [$0.text]).allSatisfy(TextBlock.keepsThreeCharacters) },
                    "\(at): \(values.map { ($0.text, $0.shown ?? []) })")
        default:
            break
        }
    }

    @Test("grouped radial bars too small to name their tracks count every name as hidden (the legend names the series, not the tracks)")
    func trackNamesCounted() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try EverySizeRimLabelTests.corpus("radial-bars-grouped")
        let g = EverySizeRimLabelTests.geometry(page, Size(700, 700), .accessibility3, fonts)
        #expect(g.texts.filter { $0.chart == 0 && $0.role == "axis-label" }.isEmpty)
        #expect(EverySizeKeptLabelsTests.labelsHidden(try #require(g.charts.first)) == 5)
    }

    @Test("a word wider than its line is cut wherever it starts a line, not only first, and the block says it was shortened")
    func wideWordCut() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let set = Typesetter(fonts, textSize: .large)
        let style = TextStyle.footnote
        let width = set.width("Supercalifragilistic", style) - 10
        let block = TextBlock("A Supercalifragilistic Z", style: style, width: width, maxLines: 3, set)
        #expect(block.shortened && block.size.width <= width + 1e-9, "\(block.lines.map(\.text)) \(block.size.width) of \(width)")
        #expect(block.lines.map(\.text).contains { $0.hasPrefix("Supercal") && $0.hasSuffix("…") })
    }

    @Test("truncatedKeepingThree: whole where it fits, cut where that keeps three characters, nil where it would keep fewer (a direction mark or a space is not a character)")
    func truncation() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let set = Typesetter(fonts, textSize: .large)
        let style = TextStyle.footnote
        #expect(set.truncatedKeepingThree("Hydro", style, toWidth: 1000) == "Hydro")
        let three = set.width("Hyd…", style)
        #expect(set.truncatedKeepingThree("Hydroelectric", style, toWidth: three + 0.1) == "Hyd…")
        #expect(set.truncatedKeepingThree("Hydroelectric", style, toWidth: three - 0.1) == nil)
        #expect(set.truncated("Hydroelectric", style, toWidth: three - 0.1) == "Hy…")
        #expect(!TextBlock.keepsThreeCharacters("H y…") && !TextBlock.keepsThreeCharacters("\u{200F}ab…") && TextBlock.keepsThreeCharacters("abc…"))
    }
}
