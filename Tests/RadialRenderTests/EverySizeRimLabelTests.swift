import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

/// Issue #32, names around a circle (`RimLabels`, one placer for the radar's axes, a rose's rim
/// names, a polar chart's angles and radial bars' ticks): where a whole name would touch its
/// neighbour near 12 and 6 o'clock, it goes onto two lines or one row further out, and the radius
/// gives way, before it shrinks, is shortened or hidden.
@Suite("Every size: names around a circle")
struct EverySizeRimLabelTests {
    static func geometry(_ page: Page, _ size: Size, _ textSize: TextSize, _ fonts: FontSystem) -> PageGeometry {
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        return scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: textSize))
    }

    static func corpus(_ name: String) throws -> Page {
        try #require(Dictionary(uniqueKeysWithValues: try LayoutCorpusTests.pages())[name])
    }

    /// The layout corpus' checks (no two texts overlap, by their corners; none leaves its card)
    /// on one render.
    static func clean(_ g: PageGeometry, _ name: String, _ size: Size, _ textSize: TextSize) -> [String] {
        LayoutCorpusTests.problems(g.jsonOut, name: name, request: FrameRequest(size: size, time: 0, textSize: textSize)).map(\.detail)
    }

    @Test("the 24-hour radar at 520×520 writes all 24 hours whole, on one line, at full size: the hours near 12 and 6 o'clock stagger a row out and the radius gives way before any shrinks")
    func hourlyRadarWhole() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try Self.corpus("hourly-radar")
        let g = Self.geometry(page, Size(520, 520), .large, fonts)
        let labels = g.texts.filter { $0.chart == 0 && $0.role == "axis-label" }
        let nominal = TextSize.large.resolve(RadarItem.labelStyle).size
        #expect(labels.count == 24)
        for l in labels {
            #expect(!l.shortened && l.shown == nil && l.lines == 1, "\(l.text) shown as \(l.shown ?? [])")
            #expect(abs(l.fontSize - nominal) < 1e-6, "\(l.text) at \(l.fontSize) of \(nominal)")
        }
        // Some stand a row out: neighbours near 12 o'clock no longer share a row.
        let top = labels.filter { $0.box.maxY < (g.charts[0].center?.y ?? 0) - 100 }
        #expect(Set(top.map { Int($0.box.minY.rounded()) }).count >= 2, "\(top.map { ($0.text, $0.box.minY) })")
        #expect(Self.clean(g, "hourly-radar", Size(520, 520), .large).isEmpty, "\(Self.clean(g, "hourly-radar", Size(520, 520), .large))")
    }

    /// Roses of 24 months at sizes where their names left four out (before #32's rim placer).
    static let roses: [(String, Size)] = [("rose-24-months", Size(600, 600)), ("rose-24-months", Size(720, 720)), ("rose-24-months", Size(1280, 720)),
                                          ("short-months", Size(600, 600))]

    @Test("a rose of 24 months writes every month's name whole where it left four out (two lines, a row out near 12 and 6 o'clock; the radius gives way by up to a fifth), with nothing hidden and nothing overlapping",
          arguments: roses)
    func roseNamesWhole(_ c: (String, Size)) throws {
        let (name, size) = c
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = name == "short-months" ? Self.shortMonths : try Self.corpus(name)
        let g = Self.geometry(page, size, .large, fonts)
        let names = g.texts.filter { $0.chart == 0 && $0.role == "axis-label" }
        let nominal = TextSize.large.resolve(PolarBarsItem.nameStyle).size
        #expect(names.count == 24, "\(names.map(\.text))")
        #expect(names.allSatisfy { !$0.shortened && abs($0.fontSize - nominal) < 1e-6 }, "\(names.map { ($0.text, $0.shown ?? [], $0.fontSize) })")
        #expect(EverySizeKeptLabelsTests.labelsHidden(g.charts[0]).map { $0 - g.charts[0].tickLabelsMissing(in: g.texts, chart: 0) } == 0)
        // A name on two lines is set at a word break: each line is one of the name's words.
        for n in names where n.lines == 2 { #expect(n.shown?.joined(separator: " ") == n.text, "\(n.text): \(n.shown ?? [])") }
        if name == "rose-24-months" { #expect(names.contains { $0.lines == 2 }) }
        #expect(Self.clean(g, name, size, .large).isEmpty, "\(Self.clean(g, name, size, .large))")
    }

    /// 24 months as the issue wrote them ("Feb 2024").
    static let shortMonths: Page = {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let names = ["2023", "2024"].flatMap { y in months.map { "\($0) \(y)" } }
        let sectors = names.enumerated().map { PieSector(name: $1, value: Double(5 + ($0 * 37) % 116)) }
        return Page(title: "Rain by month", charts: [.rose(RoseChart(title: "Rain, two years", sectors: sectors))])
    }()

    @Test("a rose's room for a name grows with the text: in accessibility3 at 1920×1080 every name is whole (Nightingale's months were 'Ja…')",
          arguments: ["rose-multi-overlaid", "rose-multi-stacked"])
    func roseRoomGrowsWithText(_ name: String) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let g = Self.geometry(try Self.corpus(name), Size(1920, 1080), .accessibility3, fonts)
        let names = g.texts.filter { $0.role == "axis-label" }
        #expect(names.count >= 12)
        #expect(names.allSatisfy { !$0.shortened }, "\(names.filter(\.shortened).map { $0.shown ?? [] })")
    }

    @Test("on the corpus' radars and roses at every size, a name around the rim is never cut to fewer than three characters, never shrunk below 85 % or 9 px, and no two overlap",
          arguments: [TextSize.large, .accessibility3])
    func rimNamesEverywhere(textSize: TextSize) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var checked = 0
        for name in ["hourly-radar", "long-axis-names", "arabic-radar", "cjk-radar", "twenty-four-axes", "radar-circle-bands", "rose-24-months",
                     "rose-thirty-six", "polar-hourly", "rose-multi-overlaid", "rose-multi-stacked"] {
            let page = try Self.corpus(name)
            for size in [Size(320, 320), Size(520, 520), Size(800, 800), Size(1280, 720)] {
                let g = Self.geometry(page, size, textSize, fonts)
                let at = "\(name) \(Int(size.width))x\(Int(size.height)) \(textSize)"
                #expect(Self.clean(g, name, size, textSize).isEmpty, "\(at): \(Self.clean(g, name, size, textSize))")
                for l in g.texts where l.role == "axis-label" {
                    checked += 1
                    // Each line cut keeps three characters before its "…" ("Ja…" over "2023" does not).
                    for line in l.shown ?? [] where line.hasSuffix("…") {
                        #expect(line.dropLast().filter { $0 != " " }.count >= 3, "\(at): \(l.text) shown as \(l.shown ?? [])")
                    }
                    #expect(l.fontSize >= 9 - 1e-6, "\(at): \(l.text) at \(l.fontSize)")
                }
            }
        }
        // (At accessibility3 most of these charts are thumbnails at 320×320 and 520×520.)
        #expect(checked > (textSize == .large ? 300 : 120), "\(checked) names")
    }

    @Test("RimLabels: a name on one line has a two-line form at its word break; a steep direction staggers a row out along its own direction; a flat one does not")
    func placerCandidates() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let set = Typesetter(fonts, textSize: .large)
        let rim = RimLabels(center: Vec2(0, 0), anchoring: .onRay, measurer: set)
        let block = TextBlock("February 2024", style: PolarBarsItem.nameStyle, width: .infinity, set)
        let two = try #require(rim.twoLines(block))
        #expect(two.lines.map(\.text) == ["February", "2024"] && !two.shortened)
        #expect(rim.twoLines(TextBlock("06:00", style: PolarBarsItem.nameStyle, width: .infinity, set)) == nil)
        let up = Vec2(0, -1), right = Vec2(1, 0)
        let steep = rim.moves([block, two], direction: up, reach: 100)
        #expect(steep.count == 2 * (1 + RimLabels.maxStagger))
        // Beside the rim first (its bottom 100 points above the center), then a row further out.
        #expect(abs(steep[0].box.maxY + 100) < 1e-9 && steep[2].box.maxY < steep[0].box.maxY - block.lineHeight)
        #expect(rim.moves([block, two], direction: right, reach: 100).count == 2)
        // A name cut to fewer than three characters is not a candidate.
        #expect(!TextBlock("February", style: PolarBarsItem.nameStyle, width: 22, set).keepsThreeCharacters)
        #expect(TextBlock("February", style: PolarBarsItem.nameStyle, width: 40, set).keepsThreeCharacters)
    }
}
