import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

/// Issue #32: every size draws. A chart too small for its words stands as a thumbnail (its shapes
/// without text, its title when it fits) instead of the page refusing; only a page without 160×160
/// points per chart still asks for a larger size.
@Suite("Every size")
struct EverySizeTests {
    /// The smallest grid that gives each of `n` charts a 160-point square.
    static func roomPerChart(_ n: Int) -> Size {
        let c = Int(Double(n).squareRoot().rounded(.up))
        return Size(160 * Double(c), 160 * Double((n + c - 1) / c))
    }

    @Test("with 160×160 per chart no corpus page says too small: the charts that cannot be read stand as thumbnails, shapes inside their cards and no text but a title",
          arguments: [TextSize.large, .accessibility3])
    func thumbnails(textSize: TextSize) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var thumbnails = 0
        for (name, page) in try LayoutCorpusTests.pages() {
            for size in [Self.roomPerChart(page.charts.count), Size(320, 320)] where size == Self.roomPerChart(page.charts.count) || page.charts.count <= 4 {
                let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
                scene.advice = .size
                let g = scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: textSize))
                let at = "\(name) \(Int(size.width))x\(Int(size.height)) \(textSize)"
                #expect(!scene.tooSmall && !g.texts.contains { $0.role == "message" }, "\(at) refuses")
                for (k, chart) in g.charts.enumerated() {
                    guard case .object(let layout)? = chart["layout"], case .bool(true)? = layout.first(where: { $0.key == "thumbnail" })?.value else { continue }
                    thumbnails += 1
                    // (The page's cards in points, at a scale of 1: the pixels of the picture.)
                    let card = scene.cards[k]
                    // The shapes are drawn where the card is, as much smaller as they were laid out larger.
                    // (Their marks: the room the chart's layout kept for its words, which a thumbnail
                    // does not draw, may reach past the card.)
                    // (A gauge's record gives its circle, not its 240° arc's extent: 3 points of slack.)
                    let slack = chart.type == "gauge" ? 3 : 0.5
                    if let frame = EverySizeThumbnailTests.marks(chart), frame.width > 0 {
                        #expect(frame.minX >= card.minX - slack && frame.maxX <= card.maxX + slack && frame.minY >= card.minY - slack && frame.maxY <= card.maxY + slack,
                                "\(at) charts[\(k)]: \(frame) outside its card \(card)")
                    }
                    let own = g.texts.filter { $0.chart == k }
                    #expect(own.allSatisfy { $0.role == "title" }, "\(at) charts[\(k)] writes \(own.map(\.text))")
                }
            }
        }
        // (The corpus has charts that need more than 160 points: the test is not empty.)
        #expect(thumbnails >= 10, "\(thumbnails) thumbnails")
    }

    @Test("below 160×160 per chart the page still asks for a larger size, and a thumbnail's shapes are drawn: sectors, meshes")
    func belowRoom() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let pages = Dictionary(uniqueKeysWithValues: try LayoutCorpusTests.pages())
        let trio = try #require(pages["new-user-trio"])
        let small = PageScene(page: trio, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        small.layout(size: Size(470, 150))
        #expect(small.tooSmall)
        let scene = PageScene(page: trio, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let frame = Frame()
        scene.draw(into: frame, FrameRequest(size: Size(330, 320), time: scene.restingTime, textSize: .large))
        #expect(!scene.tooSmall && !scene.thumbnails.isEmpty)
        #expect(!frame.sectors.isEmpty && frame.commands.contains { if case .mesh = $0 { true } else { false } })
        // Only titles are written, whole or shortened to at least three characters.
        let thumbnailed = frame.labels.filter { $0.chart.map { scene.thumbnails[$0] != nil } ?? false }
        #expect(!thumbnailed.isEmpty && thumbnailed.allSatisfy { $0.role == .title }, "\(thumbnailed.map { ($0.text, $0.role) })")
    }
}

@Suite("Every size: titles")
struct EverySizeTitleTests {
    @Test("a page of one pie or donut keeps the page's title and subtitle in its card, never \"Pie\" or \"Donut\"", arguments: ["lone-pie", "lone-donut"])
    func lonePieKeepsTitle(name: String) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try #require(Dictionary(uniqueKeysWithValues: try LayoutCorpusTests.pages())[name])
        let title = try #require(page.title), subtitle = try #require(page.subtitle)
        for size in [Size(520, 520), Size(800, 800)] {
            let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
            let g = scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: .large))
            #expect(g.texts.filter { $0.role == "title" }.map(\.text) == [title], "\(g.texts.map(\.text))")
            #expect(g.texts.filter { $0.role == "subtitle" }.map(\.text) == [subtitle], "\(g.texts.map(\.text))")
            // The subtitle sits under the title, above the ring.
            let t = try #require(g.texts.first { $0.role == "title" }), s = try #require(g.texts.first { $0.role == "subtitle" })
            let frame = try #require(g.charts.first?.frame)
            #expect(s.box.minY >= t.box.maxY - 0.5 && s.box.maxY <= frame.minY + 0.5, "\(t.box) \(s.box) \(frame)")
        }
    }
}

@Suite("Every size: a donut's total")
struct EverySizeCenterTotalTests {
    @Test("a donut's center total fits across its hole, at no less than 85 % of its size, or is left out and counted as hidden")
    func centerTotalFitsHole() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var totals = 0, left = 0
        for (name, page) in try LayoutCorpusTests.pages() where page.charts.contains(where: { if case .pie(let p) = $0 { p.innerRadius > 0 } else { false } }) {
            for size in [Size(520, 520), Size(800, 800), Size(1280, 720)] {
                for textSize in [TextSize.large, .accessibility3] {
                    let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
                    let g = scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: textSize))
                    let nominal = textSize.resolve(.headline).size
                    for (k, chart) in g.charts.enumerated() where k < page.charts.count {
                        guard case .pie(let pie) = page.charts[k], pie.innerRadius > 0, pie.centerLabel == .total,
                              case .object(let layout)? = chart["layout"], case .bool(false)? = layout.first(where: { $0.key == "thumbnail" })?.value,
                              case .number(let ri)? = chart["innerRadius"], let center = chart.center else { continue }
                        let at = "\(name) \(Int(size.width))x\(Int(size.height)) \(textSize) charts[\(k)]"
                        guard let total = g.texts.first(where: { $0.chart == k && $0.role == "total" }) else {
                            left += 1
                            // Left out: counted among the labels the chart gave up.
                            if case .integer(let hidden)? = layout.first(where: { $0.key == "labelsHidden" })?.value {
                                #expect(hidden >= 1, "\(at): no total and nothing hidden")
                            }
                            continue
                        }
                        totals += 1
                        #expect(total.fontSize >= 0.85 * nominal - 1e-9, "\(at): \(total.text) at \(total.fontSize) px")
                        // Both ends of the line inside the hole.
                        let b = total.box
                        for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)] {
                            let d = ((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot()
                            #expect(d <= ri + 0.5, "\(at): \"\(total.text)\" corner \(d) px from the center, hole \(ri)")
                        }
                    }
                }
            }
        }
        #expect(totals > 10 && left > 0, "\(totals) totals shown, \(left) left out")
    }
}

@Suite("Every size: the key help")
struct EverySizeHelpTests {
    @Test("the window's key help (H) is an opaque card over the page in every theme: nothing of the chart under it shows through", arguments: Theme.allCases)
    func helpIsOpaque(theme: Theme) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let scene = PageScene(page: Demo.ebike.page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"))
        let frame = Frame()
        let size = Size(760, 900)
        scene.draw(into: frame, FrameRequest(size: size, time: 5, theme: theme))
        let before = frame.roundedRects.count
        Overlays.drawHelp(DrawContext(frame: frame, scale: 1, theme: theme, moment: Moment(time: 5, reduceMotion: false), measurer: fonts),
                          size: size, keys: [("H", "Show or hide this help"), ("Q", "Quit")])
        let card = try #require(frame.roundedRects[before...].max { $0.rect.width * $0.rect.height < $1.rect.width * $1.rect.height })
        #expect(card.color.a >= 1, "the help's card is \(card.color.a) opaque")
        #expect(card.color == Palette.of(theme).cardBackground)
    }
}

@Suite("Every size: titles on two lines")
struct EverySizeWrapTests {
    @Test("a page title too wide for the page goes onto two balanced lines before any \"…\", and the cards start under it")
    func pageTitleWraps() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try #require(Dictionary(uniqueKeysWithValues: try LayoutCorpusTests.pages())["every-kind"])
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let g = scene.pageGeometry(FrameRequest(size: Size(400, 1400), time: scene.restingTime, textSize: .large))
        let title = try #require(g.texts.first { $0.role == "title" && $0.chart == nil })
        #expect(title.text == "Every kind on one page" && !title.shortened && title.lines == 2)
        // Balanced: "Every kind" over "on one page", not "Every kind on one" over "page".
        #expect(title.shown == ["Every kind", "on one page"], "\(title.shown ?? [])")
        #expect(scene.cards.allSatisfy { $0.minY >= title.box.maxY }, "\(title.box)")
        // Where one line holds it, one line.
        let wide = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let w = wide.pageGeometry(FrameRequest(size: Size(1280, 1400), time: wide.restingTime, textSize: .large))
        #expect(w.texts.first { $0.role == "title" && $0.chart == nil }?.lines == 1)
    }
}

@Suite("Every size: pie labels")
struct EverySizePieLabelTests {
    @Test("no pie leaves a slice unlabeled that is larger than a labeled one, on the corpus at five sizes and two text sizes")
    func smallestHideFirst() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var checked = 0
        for (name, page) in try LayoutCorpusTests.pages() where page.charts.contains(where: { if case .pie = $0 { true } else { false } }) {
            for size in [Size(320, 320), Size(520, 520), Size(800, 800), Size(1280, 720), Size(1920, 1080)] {
                for textSize in [TextSize.large, .accessibility3] {
                    let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
                    let g = scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: textSize))
                    for chart in g.charts where chart.type == "pie" {
                        guard case .array(let un)? = chart["unlabeled"], case .array(let sectors)? = chart["sectors"],
                              case .object(let layout)? = chart["layout"], case .bool(false)? = layout.first(where: { $0.key == "thumbnail" })?.value else { continue }
                        let unlabeled = Set(un.compactMap { if case .string(let s) = $0 { s } else { nil } })
                        var labeled: [Double] = [], hidden: [Double] = []
                        for case .object(let s) in sectors {
                            guard case .string(let n)? = s.first(where: { $0.key == "name" })?.value,
                                  case .number(let v)? = s.first(where: { $0.key == "value" })?.value else { continue }
                            if unlabeled.contains(n) { hidden.append(v) } else { labeled.append(v) }
                        }
                        checked += 1
                        if let h = hidden.max(), let l = labeled.min() {
                            #expect(h <= l, "\(name) \(Int(size.width))x\(Int(size.height)) \(textSize): a slice of \(h) unlabeled, one of \(l) labeled")
                        }
                    }
                }
            }
        }
        #expect(checked > 50)
    }
}

@Suite("Every size: the smallest pages")
struct EverySizeSmallestTests {
    @Test("at 160×160 every corpus page keeps its text on the canvas: a page that asks for a larger size keeps its title on one line above the request")
    func smallestOnCanvas() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var refused = 0
        for (name, page) in try LayoutCorpusTests.pages() {
            for textSize in [TextSize.large, .accessibility3] {
                let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
                scene.advice = .size
                let g = scene.pageGeometry(FrameRequest(size: Size(160, 160), time: scene.restingTime, textSize: textSize))
                if scene.tooSmall {
                    refused += 1
                    #expect(g.texts.contains { $0.role == "message" }, "\(name) \(textSize): too small, and no request for a larger size")
                }
                for t in g.texts where t.box.minX < -0.5 || t.box.minY < -0.5 || t.box.maxX > 160.5 || t.box.maxY > 160.5 {
                    Issue.record("\(name) \(textSize): \"\(t.text)\" (\(t.role)) at \(t.box) leaves the canvas")
                }
            }
        }
        #expect(refused > 5)
    }
}

/// Issue #32: "a gauge keeps its scale at every size that draws it", and a chart that leaves
/// labels out says how many in `--geometry` (`layout.labelsHidden`), whatever its kind.
@Suite("Every size: what a gauge and a rose keep, and what they say they gave up")
struct EverySizeKeptLabelsTests {
    static func geometry(_ page: Page, _ size: Size) throws -> (PageGeometry, FontSystem) {
        let fonts = try FontSystem()
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        return (scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: .large)), fonts)
    }

    static func labelsHidden(_ chart: PageGeometry.Chart) -> Int? {
        guard case .object(let layout)? = chart["layout"], case .integer(let n)? = layout.first(where: { $0.key == "labelsHidden" })?.value else { return nil }
        return n
    }

    @Test("a needle gauge writes its scale's ends at every size where the cards are side by side or stacked (under, beside its caps, or in one row)",
          arguments: [Size(320, 320), Size(400, 400), Size(520, 520), Size(760, 736), Size(800, 800), Size(1280, 720), Size(1920, 1080)])
    func gaugeKeepsItsEnds(size: Size) throws {
        // (At 240×240 and 160×160 the page is too small for its two charts, and a page of the
        // memory gauge alone draws it as a thumbnail there: no text to keep.)
        let page = try Page(contentsOf: LibraryExampleTests.root.appendingPathComponent("examples/gauge.json"))
        let (g, fonts) = try Self.geometry(page, size)
        defer { fonts.shutdown() }
        for (i, ends) in [["0%", "100%"], ["0.0 GB", "16.0 GB"]].enumerated() {
            let texts = g.texts.filter { $0.chart == i && $0.role == "axis-label" }
            let written = texts.map(\.text).joined(separator: " | ")
            #expect(ends.allSatisfy { written.contains($0) }, "chart \(i) at \(size): \(written)")
            #expect(Self.labelsHidden(g.charts[i]) == g.charts[i].tickLabelsMissing(in: g.texts, chart: i), "chart \(i) at \(size)")
            // Shrunk to keep them, never below 85 % of 12 points.
            for t in texts { #expect(t.fontSize >= 0.85 * 12 - 0.01, "\(t.text) at \(t.fontSize) px (\(size))") }
            // Clear of the value and of each other.
            let value = g.texts.filter { $0.chart == i && ($0.role == "total" || $0.role == "caption") }
            for t in texts {
                for o in value + texts where o != t { #expect(!LabelPlacer.overlaps(t.box, o.box), "\(t.text) \(t.box) over \(o.text) \(o.box) at \(size)") }
            }
        }
    }

    @Test("a needle gauge too small for its ends and its value in one row keeps both: the value shrunk a little in the arc's opening, the ends under the caps (320×320)")
    func smallNeedleGaugeKeepsItsEnds() throws {
        let page = try Page(contentsOf: LibraryExampleTests.root.appendingPathComponent("examples/gauge.json"))
        let (g, fonts) = try Self.geometry(page, Size(320, 320))
        defer { fonts.shutdown() }
        let value = try #require(g.texts.first { $0.chart == 1 && $0.role == "total" })
        let ends = g.texts.filter { $0.chart == 1 && $0.role == "axis-label" }
        try #require(ends.map(\.text) == ["0.0 GB", "16.0 GB"])
        // The value above the ends, between them; each end under its cap's side.
        let center = try #require(g.charts[1].center)
        for e in ends { #expect(e.box.minY >= value.box.midY, "\(e.text) \(e.box) above the value \(value.box)") }
        #expect(ends[0].box.midX < center.x && ends[1].box.midX > center.x)
        #expect(value.fontSize >= 13 * 0.85 - 0.01 && value.fontSize <= 13 + 0.01, "value at \(value.fontSize) px")
    }

    @Test("a gauge that finds no place for its scale's ends counts them as hidden, whatever holds the row (the memory gauge alone, 320×320 in xxxLarge)")
    func endsHiddenAreCounted() throws {
        var page = try Page(contentsOf: LibraryExampleTests.root.appendingPathComponent("examples/gauge.json"))
        page.charts = [page.charts[1]]
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let g = scene.pageGeometry(FrameRequest(size: Size(320, 320), time: scene.restingTime, textSize: .xxxLarge))
        let ends = g.texts.filter { $0.chart == 0 && $0.role == "axis-label" }
        #expect(g.texts.contains { $0.chart == 0 && $0.role == "total" })
        #expect(ends.isEmpty, "\(ends.map(\.text)): pick a size where the ends find no place")
        #expect(Self.labelsHidden(g.charts[0]) == g.charts[0].tickLabelsMissing(in: g.texts, chart: 0) + 2)
    }

    @Test("a 24-wedge rose that leaves month names out for want of room counts them, with its tick labels, in labelsHidden")
    func roseCountsHiddenNames() throws {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let names = ["2024", "2025"].flatMap { y in months.map { "\($0) \(y)" } }
        let sectors = names.enumerated().map { PieSector(name: $1, value: Double(5 + ($0 * 37) % 116)) }
        let page = Page(title: "Rain by month", charts: [.rose(RoseChart(title: "Rain, two years", sectors: sectors))])
        var sawHidden = false
        for size in [Size(520, 520), Size(800, 800), Size(1280, 720)] {
            let (g, fonts) = try Self.geometry(page, size)
            defer { fonts.shutdown() }
            let shown = Set(g.texts.filter { $0.chart == 0 && $0.role == "axis-label" }.map(\.text))
            let namesHidden = names.filter { !shown.contains($0) }.count
            sawHidden = sawHidden || namesHidden > 0
            #expect(Self.labelsHidden(g.charts[0]) == namesHidden + g.charts[0].tickLabelsMissing(in: g.texts, chart: 0), "at \(size): shown \(shown.sorted())")
        }
        #expect(sawHidden, "no size left a name out: the count is not tested")
    }
}

extension PageGeometry.Chart {
    /// How many of the chart's `ticks` have no ring or axis label written with their text.
    func tickLabelsMissing(in texts: [PageGeometry.Text], chart: Int) -> Int {
        guard case .array(let ticks)? = self["ticks"] else { return 0 }
        let written = texts.filter { $0.chart == chart && ($0.role == "ring-label" || $0.role == "tick-label") }.map(\.text)
        var left = written
        return ticks.filter { t in
            guard case .object(let f) = t, case .string(let label)? = f.first(where: { $0.key == "label" })?.value else { return false }
            if let k = left.firstIndex(of: label) { left.remove(at: k); return false }
            return true
        }.count
    }
}

/// Issue #32: "with `--legend trailing`, '7 small slices unlabeled' is drawn over the last legend
/// entry" — legends, notes and totals never overlap.
@Suite("Every size: a legend beside the pie and its note")
struct EverySizeTrailingLegendTests {
    @Test("with the legend beside it, a pie's count of unlabeled slices has its own row under the entries, overlapping nothing",
          arguments: [Size(400, 400), Size(520, 520), Size(800, 600), Size(1280, 720)])
    func noteUnderTheColumn(size: Size) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try Page(contentsOf: LibraryExampleTests.root.appendingPathComponent("examples/budget.json")).styled(palette: nil, legend: .trailing)
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let request = FrameRequest(size: size, time: scene.restingTime, textSize: .large)
        let problems = LayoutCorpusTests.problems(scene.geometry(request), name: "budget --legend trailing", request: request)
        #expect(problems.isEmpty, "\(problems.prefix(3).map(\.description))")
        let g = scene.pageGeometry(request)
        let note = g.texts.first { $0.role == "note" && $0.text.contains("unlabeled") }
        let legend = g.texts.filter { $0.role == "legend" }
        if let note, let last = legend.max(by: { $0.box.maxY < $1.box.maxY }) {
            #expect(note.box.minY >= last.box.maxY - 0.5, "the note \(note.box) is not under the last entry \(last.box)")
        }
    }
}

/// Issue #32: the window scrolls a page whose charts would stand as thumbnails at its size.
@Suite("Every size: how tall the window lays a page out")
struct EverySizeScrollHeightTests {
    @Test("a page that reads in the window keeps the window's height; one that does not grows down until every chart reads, none a thumbnail")
    func scrollHeight() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let seed = PageScene(page: Demo.ebike.page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"))
        #expect(seed.scrollHeight(for: Size(800, 800)) == 800)
        var grew = 0
        for (name, page) in try LayoutCorpusTests.pages() {
            let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"))
            let window = Size(420, 480)
            let h = scene.scrollHeight(for: window)
            #expect(h >= window.height && h <= window.height * 8, "\(name): \(h)")
            guard h > window.height else { continue }
            grew += 1
            // Laid out at that height (the window's frame): no thumbnail, no request for more room.
            let g = scene.pageGeometry(FrameRequest(size: Size(window.width, h), time: scene.restingTime))
            for (i, chart) in g.charts.enumerated() {
                guard case .object(let layout)? = chart["layout"], case .bool(let thumb)? = layout.first(where: { $0.key == "thumbnail" })?.value else { continue }
                #expect(!thumb, "\(name): chart \(i) is a thumbnail on a page \(h) points tall")
            }
            #expect(!g.texts.contains { $0.text.contains("Too small") || $0.text.contains("larger") }, "\(name) asks for more room at \(h)")
        }
        #expect(grew >= 5, "only \(grew) corpus pages scroll at 420×480: the test shows little")
    }

    @Test("a stream's next state scrolls as the last did: one layout, not a new search")
    func continuationKeepsHeight() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try Page(contentsOf: LibraryExampleTests.root.appendingPathComponent("examples/dashboard.json"))
        let window = Size(420, 480)
        let first = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"))
        let h = first.scrollHeight(for: window)
        #expect(h > window.height && first.placements > 2)
        let next = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), continuing: first, at: 1)
        #expect(next.scrollHeight(for: window) == h)
        #expect(next.placements == 1, "\(next.placements) placements")
    }
}
