import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

/// Issue #32, labels that use the room there is: card titles and subtitles on two balanced lines
/// before "…", radar axis labels whole wherever they fit, text shrunk a little (to 85 %, never
/// below 9 px) before it is cut, and thumbnails whose shapes fill their cards.
@Suite("Every size: card titles and axis labels")
struct EverySizeCardTextTests {
    static func scene(_ json: String, _ fonts: FontSystem) throws -> PageScene {
        let page = try Spec.decode(Array(json.utf8))
        return PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
    }

    static let longTitle = "Weekly ratings of the whole support team"
    static let longSubtitle = "Five people rated on six skills by their peers, averaged over the spring quarter"

    /// One chart of each header-drawing kind (radar, rose of the family, scan) with a long title
    /// and subtitle of its own.
    static let pages: [(String, String)] = [
        ("radar", #"{"charts":[{"type":"radar","title":"\#(longTitle)","subtitle":"\#(longSubtitle)","axes":["Speed","Care","Tone","Depth","Reach"],"series":[{"name":"A","values":[1,2,3,4,5]}]}]}"#),
        ("rose", #"{"title":"\#(longTitle)","subtitle":"\#(longSubtitle)","charts":[{"type":"rose","sectors":[{"name":"N","value":3},{"name":"E","value":5},{"name":"S","value":2},{"name":"W","value":4}]}]}"#),
        ("scan", #"{"charts":[{"type":"scan","title":"\#(longTitle)","blips":[]}]}"#),
    ]

    @Test("a card's title and subtitle too wide for the card go onto two balanced lines, whole and at full size, and the chart starts under them",
          arguments: pages)
    func headerWraps(_ c: (String, String)) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let scene = try Self.scene(c.1, fonts)
        let g = scene.pageGeometry(FrameRequest(size: Size(360, 560), time: scene.restingTime, textSize: .large))
        let title = try #require(g.texts.first { $0.role == "title" && $0.chart == 0 }, "\(c.0): \(g.texts.map(\.text))")
        #expect(title.text == Self.longTitle && !title.shortened && title.lines == 2, "\(c.0): \(title.shown ?? [])")
        #expect(title.fontSize == fonts.textSize.resolve(.title2).size, "\(c.0): \(title.fontSize)")
        // Balanced: the two lines differ by less than a word or two, never "… support" over "team".
        let shown = try #require(title.shown)
        #expect(shown.count == 2 && abs(shown[0].count - shown[1].count) <= 12, "\(c.0): \(shown)")
        var bottom = title.box.maxY
        if c.0 != "scan" {
            let sub = try #require(g.texts.first { $0.role == "subtitle" && $0.chart == 0 })
            #expect(sub.text == Self.longSubtitle && !sub.shortened && sub.lines == 2, "\(c.0): \(sub.shown ?? [])")
            #expect(sub.box.minY >= title.box.maxY, "\(c.0): subtitle \(sub.box) over the title \(title.box)")
            bottom = sub.box.maxY
        }
        let marks = try #require(EverySizeThumbnailTests.marks(g.charts[0]))
        #expect(marks.minY >= bottom, "\(c.0): the chart \(marks) under the header's bottom \(bottom)")
        // Where one line holds it, one line (and every layout that fitted before is unchanged: the goldens).
        let wide = try Self.scene(c.1, fonts)
        let w = wide.pageGeometry(FrameRequest(size: Size(1400, 900), time: wide.restingTime, textSize: .large))
        #expect(w.texts.first { $0.role == "title" && $0.chart == 0 }?.lines == 1, "\(c.0)")
    }

    @Test("a title a little too wide for its card is shrunk whole, to no less than 85 % of its size; much too wide, it is cut at full size")
    func titleShrinks() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let word = "Donaudampfschifffahrtsgesellschaft"
        let w = fonts.width(word, .title2)
        let shrunk = FittedText(word, style: .title2, width: 0.9 * w, fonts)
        #expect(!shrunk.block.shortened && shrunk.block.lines.count == 1, "\(shrunk.block.lines.map(\.text))")
        #expect(shrunk.shrink >= 0.85 && shrunk.shrink < 1 && shrunk.width <= 0.9 * w + 0.01, "\(shrunk.shrink)")
        let cut = FittedText(word, style: .title2, width: 0.8 * w, fonts)
        #expect(cut.block.shortened && cut.shrink == 1)
        // Never below 9 px: a 10-point text shrinks to 90 % at most, so at 87 % of its width it is cut.
        let ten = TextStyle(size: 10)
        #expect(abs(TextBlock.leastShrink(ten, fonts) - 0.9) < 1e-9)
        let small = FittedText(word, style: ten, width: 0.87 * fonts.width(word, ten), fonts)
        #expect(small.block.shortened && small.shrink == 1, "\(small.shrink)")
        // The least shrink of a style keeps it at 9 points or more.
        for size in [TextSize.xSmall, .large, .accessibility3] {
            let set = Typesetter(fonts, textSize: size)
            for style in [TextStyle.caption2, .footnote, .title2] {
                let least = TextBlock.leastShrink(style, set)
                #expect(least >= 0.85 && least * size.resolve(style).size >= 9 - 1e-9, "\(style) at \(size): \(least)")
            }
        }
    }

    /// The axis labels of chart 0 in a geometry.
    static func axisLabels(_ g: PageGeometry) -> [PageGeometry.Text] { g.texts.filter { $0.role == "axis-label" && $0.chart == 0 } }

    @Test("the 24-hour radar at 520×520 writes 06:00 and 18:00 whole beside the free room, and shortens only where a whole label would touch another")
    func hourlyRadar() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let page = try #require(Dictionary(uniqueKeysWithValues: try LayoutCorpusTests.pages())["hourly-radar"])
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let g = scene.pageGeometry(FrameRequest(size: Size(520, 520), time: scene.restingTime, textSize: .large))
        let labels = Self.axisLabels(g)
        #expect(labels.count == 24)
        for hour in ["06:00", "18:00", "12:00"] {
            let l = try #require(labels.first { $0.text == hour })
            #expect(!l.shortened && l.shown == nil, "\(hour) shown as \(l.shown ?? [])")
        }
        // (Before: 17 of 24 were cut to "0…"-like stubs.)
        #expect(labels.filter(\.shortened).count <= 3, "\(labels.filter(\.shortened).map { $0.shown ?? [] })")
        let full = labels.map(\.fontSize).max() ?? 0
        #expect(labels.allSatisfy { $0.fontSize >= 0.85 * full - 1e-9 && $0.fontSize >= 9 }, "\(labels.map(\.fontSize))")
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] { #expect(!LabelPlacer.overlaps(a.box, b.box), "\(a.text) \(a.box) on \(b.text) \(b.box)") }
        }
    }

    @Test("on the corpus radars at every size, an axis label is shortened only when whole it would touch another label or leave the card, and none is shrunk below 85 % or 9 px",
          arguments: [TextSize.large, .accessibility3])
    func noNeedlessCuts(textSize: TextSize) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let set = Typesetter(fonts, textSize: textSize)
        let nominal = textSize.resolve(RadarItem.labelStyle).size
        var shortened = 0, checked = 0, wrapped = 0
        for (name, page) in try LayoutCorpusTests.pages() where page.charts.count == 1 {
            guard case .radar = page.charts[0] else { continue }
            for size in [Size(320, 320), Size(520, 520), Size(800, 800), Size(1280, 720)] {
                let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
                let g = scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: textSize))
                guard case .object(let layout)? = g.charts.first?["layout"], case .bool(false)? = layout.first(where: { $0.key == "thumbnail" })?.value else { continue }
                let labels = Self.axisLabels(g), at = "\(name) \(Int(size.width))x\(Int(size.height)) \(textSize)"
                // The labels' band is the card's inside: its padding is not room for a label.
                let card = scene.cards[0].insetBy(CardStyle.radar.padding)
                for l in labels {
                    checked += 1
                    #expect(l.fontSize >= 0.85 * nominal - 1e-6 && l.fontSize >= 9 - 1e-6, "\(at) \(l.text): \(l.fontSize)")
                    if l.lines == 2 && !l.shortened { wrapped += 1 }
                    guard l.shortened else { continue }
                    shortened += 1
                    let chart = try #require(g.charts.first), c = try #require(chart.center), r = try #require(chart["radius"]?.double)
                    let square = try #require(chart.frame)
                    // A legend beside the chart ends the labels' band at the chart's square.
                    let beside = g.texts.contains { $0.chart == 0 && $0.role == "legend" && $0.box.minX >= square.maxX - 1 }
                    let bandMaxX = beside ? square.maxX : card.maxX
                    // At its place by the rim: the point of the shortened label's box that faces its
                    // axis stays (leading right of the center, trailing left of it, centered at the
                    // top and bottom; its bottom at the top, its top at the bottom).
                    let axis = try #require(labels.firstIndex { $0.text == l.text })
                    let angle = try #require(g.charts[0]["axes"]?[axis]?["angle"]?.double) * .pi / 180
                    let u = Vec2(sin(angle), -cos(angle))
                    let centered = abs(u.x) < RadarItem.centeredBelow
                    let room = centered ? 2 * min(l.box.midX - card.minX, bandMaxX - l.box.midX) : (u.x > 0 ? bandMaxX - l.box.minX : l.box.maxX - card.minX)
                    // Whole, wrapped on up to three lines in that room at 85 %.
                    let least = TextBlock.leastShrink(RadarItem.labelStyle, set)
                    let block = TextBlock(l.text, style: RadarItem.labelStyle, width: room / least, maxLines: 3, set)
                    guard !block.shortened else { continue }
                    let w = block.size.width * least, h = block.size.height * least
                    let anchorY = l.box.minY + l.box.height * (1 - u.y) / 2, y = anchorY - h * (1 - u.y) / 2
                    let x = centered ? l.box.midX - w / 2 : (u.x > 0 ? l.box.minX : l.box.maxX - w)
                    let spot = Rect(x: x, y: y, width: w, height: h)
                    // (Every other text of the chart: the legend beside it too.)
                    let others = g.texts.filter { $0.chart == 0 && $0.text != l.text }.map(\.box)
                    // Clear of the chart's disc (its rim and the gap kept from it) and inside the
                    // chart's band of the card.
                    func clearOfDisc(_ s: Rect) -> Bool {
                        let nx = min(max(c.x, s.minX), s.maxX), ny = min(max(c.y, s.minY), s.maxY)
                        return (nx - c.x) * (nx - c.x) + (ny - c.y) * (ny - c.y) > (r + RadarItem.labelGap - 2) * (r + RadarItem.labelGap - 2)
                    }
                    // (Kept as the layout keeps its labels: half a point inside the band, 3 points apart.)
                    let free = [spot].first { s in
                        s.minX >= card.minX + 0.5 && s.maxX <= bandMaxX - 0.5 && s.minY >= square.minY + 0.5 && s.maxY <= square.maxY - 0.5
                            && clearOfDisc(s) && !others.contains { LabelPlacer.overlaps($0, s, padding: 3) }
                    }
                    #expect(free == nil, "\(at): \(l.text) shortened to \(l.shown ?? []) with room for it whole at \(free.map { "\($0)" } ?? "")")
                }
            }
        }
        #expect(checked > 250, "\(checked) labels")
        // The corpus has long names that wrap onto two lines whole (the test is not empty of them).
        #expect(wrapped > 0, "no label on two lines")
        _ = shortened
    }
}

@Suite("Every size: thumbnails fill their cards")
struct EverySizeThumbnailTests {
    /// What a chart's record says of its marks: the circle of its center and (outer) radius, within
    /// its frame (a gauge's or half donut's arc is less tall than its circle), else its frame.
    static func marks(_ chart: PageGeometry.Chart) -> Rect? {
        if let c = chart.center, let r = (chart["radius"] ?? chart["outerRadius"])?.double {
            let circle = Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
            guard let f = chart.frame else { return circle }
            let x0 = max(circle.minX, f.minX), y0 = max(circle.minY, f.minY), x1 = min(circle.maxX, f.maxX), y1 = min(circle.maxY, f.maxY)
            return Rect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
        }
        return chart.frame
    }

    @Test("a thumbnail's shapes are laid out without the room for its words: they fill most of the card, not a third of it",
          arguments: [TextSize.large, .accessibility3])
    func thumbnailsFill(textSize: TextSize) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var checked = 0
        for (name, page) in try LayoutCorpusTests.pages() {
            let size = EverySizeTests.roomPerChart(page.charts.count)
            let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
            let g = scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: textSize))
            for (k, chart) in g.charts.enumerated() {
                guard case .object(let layout)? = chart["layout"], case .bool(true)? = layout.first(where: { $0.key == "thumbnail" })?.value,
                      chart.type == "radar" || chart.type == "rose" || chart.type == "polar", let m = Self.marks(chart) else { continue }
                let card = scene.cards[k]
                let title = g.texts.first { $0.chart == k && $0.role == "title" }.map { $0.box.height + 4 } ?? 0
                let room = min(card.width, card.height - title) - 2 * min(16, card.width / 10)
                checked += 1
                #expect(max(m.width, m.height) >= 0.8 * room, "\(name) \(textSize) charts[\(k)]: marks \(Int(m.width)) pt in a card with \(Int(room)) pt of room")
            }
        }
        #expect(checked >= 10, "\(checked) thumbnails")
    }

    @Test("a thumbnail's title is set as a card's: on two balanced lines or shrunk a little before '…', never cut to under three characters",
          arguments: [TextSize.large, .accessibility3])
    func thumbnailTitles(textSize: TextSize) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var titles = 0, twoLines = 0
        for (name, page) in try LayoutCorpusTests.pages() {
            for size in [EverySizeTests.roomPerChart(page.charts.count), Size(520, 520)] {
                let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
                let g = scene.pageGeometry(FrameRequest(size: size, time: scene.restingTime, textSize: textSize))
                for (k, chart) in g.charts.enumerated() {
                    guard case .object(let layout)? = chart["layout"], case .bool(true)? = layout.first(where: { $0.key == "thumbnail" })?.value else { continue }
                    for t in g.texts where t.chart == k && t.role == "title" {
                        titles += 1
                        if t.lines == 2 && !t.shortened { twoLines += 1 }
                        for line in t.shown ?? [] where line.hasSuffix("…") {
                            #expect(line.dropLast().filter { $0.unicodeScalars.first?.properties.generalCategory != .format }.count >= 3,
                                    "\(name) \(size) \(textSize) charts[\(k)]: \(line)")
                        }
                    }
                }
            }
        }
        #expect(titles >= 10, "\(titles) thumbnail titles")
        // Titles that one line cuts are whole on two (one line only before).
        #expect(twoLines >= 3, "\(twoLines) of \(titles) thumbnail titles whole on two lines")
    }

    @Test("a page of one chart keeps its title at 160×160 in every text size, though the chart stands as a thumbnail (shortened, never lost)",
          arguments: [TextSize.large, .xxxLarge, .accessibility3])
    func loneThumbnailKeepsPageTitle(textSize: TextSize) throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var checked = 0
        for (name, page) in try LayoutCorpusTests.pages() where page.charts.count == 1 {
            guard let title = page.title else { continue }
            let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
            let g = scene.pageGeometry(FrameRequest(size: Size(160, 160), time: scene.restingTime, textSize: textSize))
            guard !g.texts.contains(where: { $0.role == "message" }) else { continue }
            checked += 1
            let shown = g.texts.first { $0.role == "title" && $0.text == title }
            #expect(shown != nil, "\(name) \(textSize): the page's title is not drawn")
        }
        #expect(checked >= 8, "\(checked) pages")
    }

    @Test("a card's title is never cut to under three characters: cut at the least shrink where that keeps three, else left out")
    func titleNeverUnderThree() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let style = CardHeader.chartTitleStyle
        var widths = 0
        for width in stride(from: 20.0, through: 400, by: 4) {
            let set = FittedText("Temperature", style: style, width: width, fonts)
            #expect(set.block.keepsThreeCharacters, "\(width): \(set.block.lines.map(\.text))")
            #expect(set.width <= width + 0.5, "\(width): \(set.width)")
            if set.isHidden { widths += 1 }
            // Shown, it says three characters or more.
            for line in set.block.lines { #expect(line.text.dropLast(line.text.hasSuffix("…") ? 1 : 0).count >= 3 || !line.text.hasSuffix("…")) }
        }
        // The narrowest cards leave it out; at its full width it is whole.
        #expect(widths > 0)
        #expect(!FittedText("Temperature", style: style, width: 400, fonts).block.shortened)
        // Where full size keeps two characters and 85 % keeps three, it is drawn at 85 %.
        let three = fonts.width("Tem…", style)
        let at = FittedText("Temperature", style: style, width: three * 0.86, fonts)
        #expect(at.shrink < 1 && at.block.lines.first?.text == "Tem…", "\(at.block.lines.map(\.text)) at \(at.shrink)")
    }
}
