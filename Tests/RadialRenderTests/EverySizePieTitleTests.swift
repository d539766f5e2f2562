import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

/// Issue #32 for the pie's card: its title (with the running total, or the page's title a lone pie
/// carries) on two balanced lines, then shrunk to 85 %, before "…", at a height that stays put
/// while the sectors arrive; one rule for every card's second line (the chart keeps three quarters
/// of its size, or half the card's height); and a ring that gives way to its labels.
@Suite("Every size: the pie's title, the header's second line and the ring that gives way")
struct EverySizePieTitleTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    static func page(_ file: URL) throws -> Page { try Spec.decode([UInt8](try Data(contentsOf: file))) }
    static func corpus(_ name: String) throws -> Page { try page(LayoutCorpusTests.corpus.appendingPathComponent(name + ".json")) }

    static func geometry(_ page: Page, _ fonts: FontSystem, size: Size, textSize: TextSize, time: Double? = nil) -> PageGeometry {
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        return scene.pageGeometry(FrameRequest(size: size, time: time ?? scene.restingTime, textSize: textSize))
    }

    /// The same page with its title and subtitle a word each: the header on one line each, at the
    /// same line heights (what the chart has under a one-line header).
    static func oneLineHeader(_ page: Page) -> Page {
        var p = page
        if p.title != nil { p.title = "T" }
        if p.subtitle != nil { p.subtitle = "S" }
        return p
    }

    static func marksSide(_ chart: PageGeometry.Chart) throws -> Double {
        let m = try #require(EverySizeThumbnailTests.marks(chart))
        return max(m.width, m.height)
    }

    @Test("held to one line, a text a little too wide is shrunk whole (to no less than 85 %), much too wide it is cut on one line at full size; on two lines it wraps first")
    func oneLineShrinks() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let text = "Household spending this year", w = fonts.width(text, .title2)
        let shrunk = FittedText(text, style: .title2, width: 0.9 * w, maxLines: 1, fonts)
        #expect(!shrunk.block.shortened && shrunk.block.lines.count == 1 && shrunk.shrink >= 0.85 && shrunk.width <= 0.9 * w + 0.01, "\(shrunk.shrink)")
        let cut = FittedText(text, style: .title2, width: 0.7 * w, maxLines: 1, fonts)
        #expect(cut.block.shortened && cut.block.lines.count == 1 && cut.shrink == 1 && cut.width <= 0.7 * w + 0.01)
        let two = FittedText(text, style: .title2, width: 0.7 * w, fonts)
        #expect(!two.block.shortened && two.block.lines.count == 2 && two.shrink == 1)
    }

    @Test("the sixty-line budget's title at 520x520 in accessibility3 is on two balanced lines, whole, and the donut keeps three quarters of its size")
    func sixtyLines() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try Self.corpus("sixty-budget-lines"), size = Size(520, 520)
        let g = Self.geometry(page, fonts, size: size, textSize: .accessibility3)
        let title = try #require(g.texts.first { $0.role == "title" && $0.chart == 0 })
        #expect(title.text == page.title && title.lines == 2 && !title.shortened, "\(title.shown ?? [])")
        let nominal = TextSize.accessibility3.resolve(CardHeader.pageTitleStyle).size
        #expect(title.fontSize >= 0.85 * nominal - 1e-6, "\(title.fontSize)")
        let sub = try #require(g.texts.first { $0.role == "subtitle" && $0.chart == 0 })
        #expect(sub.box.minY >= title.box.maxY - 0.5 && !sub.shortened, "\(sub.box) \(title.box)")
        let pie = try #require(g.charts.first), ring = try #require(pie.frame)
        #expect(ring.minY >= sub.box.maxY, "the ring \(ring) under the subtitle \(sub.box)")
        let one = Self.geometry(Self.oneLineHeader(page), fonts, size: size, textSize: .accessibility3)
        #expect(try Self.marksSide(pie) >= CardHeader.keptShare * Self.marksSide(one.charts[0]) - 0.5)
    }

    @Test("a lone pie or donut writes the page's title whole on up to two lines, or on one line shrunk or cut at full size; never more lines than leave its ring three quarters of its size",
          arguments: ["lone-pie", "lone-donut", "sixty-budget-lines", "household-budget"], [Size(320, 320), Size(400, 400), Size(520, 520), Size(400, 760)])
    func lonePies(name: String, size: Size) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try Self.corpus(name)
        for textSize in [TextSize.large, .accessibility3] {
            let g = Self.geometry(page, fonts, size: size, textSize: textSize), at = "\(name) \(size) \(textSize)"
            guard case .object(let layout)? = g.charts.first?["layout"], case .bool(false)? = layout.first(where: { $0.key == "thumbnail" })?.value else { continue }
            for t in g.texts where (t.role == "title" || t.role == "subtitle") && t.chart == 0 {
                let nominal = textSize.resolve(t.role == "title" ? CardHeader.pageTitleStyle : .subheadline).size
                #expect(t.fontSize >= 0.85 * nominal - 1e-6 || t.fontSize >= 9 - 1e-6 && nominal * 0.85 < 9, "\(at) \(t.text): \(t.fontSize)")
                #expect(t.lines <= 2, "\(at) \(t.text)")
                // Cut only on one line at full size (the two-line form would cost the ring) or on two.
                if t.shortened { #expect(t.fontSize == nominal || t.lines == 2, "\(at) \(t.text) cut at \(t.fontSize)") }
            }
            let title = g.texts.first { $0.role == "title" && $0.chart == 0 }
            if title?.lines == 2 {
                let one = Self.geometry(Self.oneLineHeader(page), fonts, size: size, textSize: textSize)
                let kept = try Self.marksSide(g.charts[0]), before = try Self.marksSide(one.charts[0])
                let card = try #require(g.charts.first?.frame)
                #expect(kept >= CardHeader.keptShare * before - 0.5 || kept >= card.height / 2, "\(at): \(kept) of \(before)")
            }
        }
    }

    /// A pie whose running total makes its title grow as sectors arrive: two lines only at the end.
    static let growing = #"{"charts":[{"type":"pie","title":"Household spending","total":"title","currency":"EUR","sectors":[{"name":"Rent","value":9},{"name":"Food","value":90},{"name":"Travel","value":900},{"name":"Savings","value":9000000}]}]}"#

    @Test("while a pie's sectors arrive its header keeps the height of its longest title: the ring never moves, and every count's title is whole")
    func arrivalsDoNotMove() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try Spec.decode(Array(Self.growing.utf8))
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let size = Size(360, 560)
        var frames: Set<[Double]> = [], lines: [Int] = [], titles: Set<String> = []
        for k in 0...40 {
            let t = scene.restingTime * Double(k) / 40
            let g = scene.pageGeometry(FrameRequest(size: size, time: t, textSize: .large))
            let f = try #require(g.charts.first?.frame)
            frames.insert([f.minX, f.minY, f.width, f.height].map { ($0 * 100).rounded() })
            let title = try #require(g.texts.first { $0.role == "title" && $0.chart == 0 })
            #expect(!title.shortened && title.fontSize == TextSize.large.resolve(.title2).size, "\(t): \(title.shown ?? [])")
            lines.append(title.lines)
            titles.insert(title.text)
        }
        #expect(titles.count >= 3, "the total changed the title \(titles.count) times")
        #expect(frames.count == 1, "the ring moved: \(frames)")
        // One line while the total is short, two at the end: the ring stays put only because the
        // header kept the room the longest title takes.
        #expect(lines.first == 1 && lines.last == 2, "\(lines)")
    }

    @Test("the airports card at 520x520 in accessibility3 takes a second line for its title only, and its rim keeps three quarters of its one-line size (four lines took it from 120 to 72 points)")
    func airportsHeader() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try Self.page(Self.examples.appendingPathComponent("airports-bearing.json")), size = Size(520, 520)
        let g = Self.geometry(page, fonts, size: size, textSize: .accessibility3)
        let title = try #require(g.texts.first { $0.role == "title" && $0.chart == 0 })
        let sub = try #require(g.texts.first { $0.role == "subtitle" && $0.chart == 0 })
        #expect(title.lines + sub.lines <= 3, "\(title.shown ?? []) \(sub.shown ?? [])")
        #expect(!title.shortened, "\(title.shown ?? [])")
        let nominal = TextSize.accessibility3.resolve(.subheadline).size
        #expect(sub.lines == 1 && sub.fontSize >= 0.85 * nominal - 1e-6, "\(sub.shown ?? []) at \(sub.fontSize)")
        let one = Self.geometry(Self.oneLineHeader(page), fonts, size: size, textSize: .accessibility3)
        let kept = try Self.marksSide(g.charts[0]), before = try Self.marksSide(one.charts[0])
        #expect(kept >= CardHeader.keptShare * before - 0.5, "\(kept) of \(before)")
        // At a size with room, both go onto two lines (the rule only holds back what costs the chart).
        let tall = Self.geometry(page, fonts, size: Size(520, 1000), textSize: .accessibility3)
        #expect(tall.texts.first { $0.role == "subtitle" && $0.chart == 0 }?.lines == 2)
    }

    @Test("the README's pies at 400x760 label every slice: the donut gives way a little for 'Bicycle repair' (10 %), to no less than 80 % of its room")
    func readmePies() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let g = Self.geometry(Demo.pies.page, fonts, size: Size(400, 760), textSize: .large)
        let donut = try #require(g.charts.last)
        guard case .array(let unlabeled)? = donut["unlabeled"], case .array(let cards)? = donut["annotations"] else { Issue.record("no annotations"); return }
        #expect(unlabeled.isEmpty, "\(unlabeled)")
        #expect(cards.contains { if case .object(let f) = $0 { f.contains { $0.key == "name" && $0.value == .string("Bicycle repair") } } else { false } })
        // The pie above is as large as its room allows: the donut, in a card of the same size, gave way by no more than a fifth.
        let pie = try #require(g.charts.first?["outerRadius"]?.double), ring = try #require(donut["outerRadius"]?.double)
        #expect(ring < pie - 0.5 && ring >= 0.8 * pie - 0.5, "\(ring) of \(pie)")
        // No texts on texts.
        let boxes = g.texts.filter { $0.chart == 1 }.map(\.box)
        for (i, a) in boxes.enumerated() { for b in boxes[(i + 1)...] { #expect(!LabelPlacer.overlaps(a, b), "\(a) \(b)") } }
    }

    @Test("at 1080x1920 the small-slices pie labels every slice of more than 3 %: outside cards use the room above and below a ring narrower than its card is tall")
    func tallCard() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try Self.corpus("pie-small-slices")
        let g = Self.geometry(page, fonts, size: Size(1080, 1920), textSize: .large)
        let pie = try #require(g.charts.first)
        guard case .array(let sectors)? = pie["sectors"], case .array(let unlabeled)? = pie["unlabeled"] else { Issue.record("no sectors"); return }
        var value: [String: Double] = [:]
        for case .object(let f) in sectors {
            if case .string(let n)? = f.first(where: { $0.key == "name" })?.value { value[n] = f.first { $0.key == "value" }?.value.double ?? 0 }
        }
        let total = value.values.reduce(0, +)
        let large = unlabeled.compactMap { if case .string(let n) = $0 { n } else { nil } }.filter { (value[$0] ?? 0) / total > 0.03 }
        #expect(large.isEmpty, "unlabeled: \(large)")
        #expect(unlabeled.isEmpty, "\(unlabeled)")
    }

    @Test("a card's long name goes on two balanced lines, so a third of a donut named 'Accommodation and lodging for the conference' is labeled (long-sector-names at 800×800)")
    func longNamesWrapInCards() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let g = Self.geometry(try Self.corpus("long-sector-names"), fonts, size: Size(800, 800), textSize: .large)
        guard case .array(let unlabeled)? = g.charts[0]["unlabeled"] else { Issue.record("no unlabeled list"); return }
        #expect(unlabeled.isEmpty, "\(unlabeled)")
        let card = g.texts.first { $0.role == "card" && $0.text == "Accommodation and lodging for the conference" }
        #expect(card?.lines == 2 && card?.shortened == false, "\(String(describing: card))")
        // A short name stays on one line, as the seeds' cards do.
        #expect(g.texts.first { $0.role == "card" && $0.text == "Meals" }?.lines == 1)
    }
}
