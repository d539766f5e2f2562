import Foundation

/// A page of charts ready to draw: its layout for a size and its animations at any time.
///
/// Layout is worked out when the size changes, meshes when the data changes; drawing a frame
/// at time t only evaluates springs and fills the reused `Frame`.
package final class PageScene {
    /// The page the scene draws.
    package let page: Page
    let items: [ChartItem]
    /// The page's fonts at its text size: every chart measures and draws through it.
    let measurer: Typesetter
    /// How the charts write numbers and currencies.
    package let formatting: Formatting

    private(set) var layoutSize: Size?
    private var headerSubtitleY = 0.0
    private var showsHeader = false
    /// Each chart's card as laid out, in points (on a page taller than the window, the page's).
    package private(set) var cards: [Rect] = []
    /// The page's heading as drawn: its title on one line or two balanced ones (then cut with
    /// "…"; on one line, shrunk a little first), its subtitle cut with "…", to the window's
    /// width at layout.
    private var shownTitle: FittedText?
    private var headerTitleTop = 0.0
    private var shownSubtitle: String?

    /// Whether some chart would be too small to read at this size: the page then asks for a
    /// larger window instead of drawing a jumble (its elements stay, for screen readers).
    package private(set) var tooSmall = false
    /// Where that request goes: the page under its heading.
    private var messageArea = Rect.zero
    /// The charts drawn as thumbnails at this size (their shapes without text), by index: laid
    /// out `factor` times larger than their plot and drawn that many times smaller, under their
    /// title when it fits (`title`, its center). Others are absent.
    private(set) var thumbnails: [Int: Thumbnail] = [:]
    struct Thumbnail {
        var factor: Double
        /// The card's title as set for the thumbnail (two balanced lines, shrunk a little, before "…").
        var title: FittedText?
        var titleTop: Vec2
    }
    /// The side each chart needs at least for the page to draw rather than refuse: below it (no
    /// grid gives every chart that square) the page asks for a larger window.
    static let thumbnailRoom = 160.0
    /// How much larger than its plot a thumbnail is laid out at least.
    static let thumbnailLeastFactor = 3.0
    /// The title style of a thumbnail's card.
    static let thumbnailTitleStyle = TextStyle.subheadline

    static let pagePadding = 16.0
    static let gridSpacing = 16.0

    /// Charts turning from another kind into theirs (a reload, a stream, a state, T in the
    /// window), by index: their marks move between the two kinds' until the morph rests.
    var morphs: [Int: Morph] = [:]

    /// True when this scene took over from another at a reload (Replay starts afresh instead).
    package let isContinuation: Bool

    /// A page ready to draw. With `previous`, it continues from that page at page time `time`
    /// (a reload): charts in the same place and of the same kind morph from what was on screen
    /// to the new data; other charts appear from `time`; a scan keeps turning.
    ///
    /// `controls`: the window's Replay buttons; `render` and `record` leave them out unless asked.
    package init(page: Page, measurer: TextShaping, formatting: Formatting, continuing previous: PageScene? = nil, at time: Double = 0,
                controls: Bool = true) {
        // The page's palette, applied by the one rule however the page came (a file, a reload, a
        // stream's update, a Swift update): a datum without a color of its own takes the color a
        // render of the same page gives it.
        // Radar series a program left without a color (`RadarChartSeries(name:values:)`) take the
        // system palette's, as a file's series do (a file's, already chosen, come out the same).
        let page = (page.palette.map { page.applyingPalette($0) } ?? page).choosingOpenRadarColors()
        self.page = page
        let measurer = Typesetter(measurer)
        self.measurer = measurer
        self.formatting = formatting
        // Each chart has its own categorical palette, as Swift Charts does.
        let context = ChartItemContext(measurer: measurer, formatting: formatting, controls: controls, compact: page.charts.count > 1,
                                       palette: page.palette ?? .system)
        let items = page.charts.map { $0.kind.item($0, context) }
        self.items = items
        // One chart and no title of its own: the page's title goes in its card (the e-bike look).
        if items.count == 1, page.charts[0].title == nil, let t = page.title {
            items[0].embeddedTitle = (t, page.subtitle)
        } else {
            showsHeader = page.title != nil || page.subtitle != nil
        }
        isContinuation = previous != nil
        // Sectors arrive one at a time across all pies of the page, in order (all earnings,
        // then all expenses).
        var clock = 0.0
        for item in items { item.scheduleArrivals(clock: &clock) }
        guard let previous else { return }
        for (i, item) in items.enumerated() {
            item.continueFrom(i < previous.items.count ? previous.items[i] : nil, at: time)
            // A chart that changed kind carries each datum from its old mark to its new one.
            if i < previous.items.count, previous.page.charts[i].kindID != page.charts[i].kindID, previous.items[i] is ChartMorphing {
                morphs[i] = Morph(from: previous, index: i, fromType: previous.page.charts[i].typeName, start: time)
                item.beginsMorph(at: time)
            }
        }
        // What was hovered or focused stays so where it still exists (ids are by name).
        focused = previous.focused.flatMap { previous.element($0, moment: Moment(time: time, reduceMotion: true)) }.flatMap { elementKey(id: $0.id) }
        hovered = previous.hovered.flatMap { previous.element($0, moment: Moment(time: time, reduceMotion: true)) }.flatMap { elementKey(id: $0.id) }
        pointer = previous.pointer
        // A stream's or a reload's new state scrolls as the last did (its page is as tall):
        // no dozen layouts to find the height again on every update.
        if previous.page.charts.count == page.charts.count { scrollHeightMemo = previous.scrollHeightMemo }
        applyHighlights()
    }

    // MARK: - Layout

    private var headerTitleStyle: TextStyle { .largeTitle }

    /// The Dynamic Type size the page's text is set at; changing it lays the page out again.
    package var textSize: TextSize {
        get { measurer.textSize }
        set { if newValue != measurer.textSize { measurer.textSize = newValue; layoutSize = nil } }
    }

    /// Lays the page out in a responsive grid of cards for a window of `size` points, at `textSize`.
    package func layout(size: Size) {
        if layoutSize == size { return }
        layoutSize = size
        plan = nil
        place(in: size)
        smallestReadableSize = nil
        defer { if tooSmall { shortenHeading() } }
        guard tooSmall, advice == .size else { return }
        smallestReadableSize = Self.smallestReadable(from: size) { place(in: $0); return !tooSmall }
        place(in: size)
    }

    /// How tall the window lays the page out for a window of `size` points, which it scrolls
    /// when that is taller than the window: `size.height` when every chart reads there. Else
    /// the page grows down, as a narrow window's column of cards does, to the shortest height
    /// up to eight windows (and 16,384 points) at which every chart reads and is at least
    /// `comfortableSide` across (or as wide as the window allows); else the shortest at which
    /// every chart reads at all (no thumbnail, no request for a larger window). Each is found
    /// by bisection (a taller page gives every card at least as much room: a dozen layouts at
    /// most, on a change of size or text size only). When even eight windows are not enough
    /// (the width is what is short) it is `size.height`, and the charts stand as thumbnails.
    /// Remembered for the last size and text size (and passed on to a continuing scene: a
    /// stream's update, a reload); the page is left laid out at that height.
    package func scrollHeight(for size: Size) -> Double {
        if let s = scrollHeightMemo, s.size == size, s.textSize == measurer.textSize {
            layout(size: Size(size.width, s.height))
            return s.height
        }
        func reads(_ h: Double) -> Bool {
            layout(size: Size(size.width, h))
            return !tooSmall && thumbnails.isEmpty
        }
        let target = min(Self.comfortableSide, size.width - 2 * Self.pagePadding - 2 * 16)
        func comfortable(_ h: Double) -> Bool { reads(h) && smallestChartSide >= target }
        func shortest(from lo: Double, to hi: Double, _ ok: (Double) -> Bool) -> Double {
            var lo = lo, hi = hi
            while hi - lo > max(size.height * 0.02, 4) {
                let mid = ((lo + hi) / 2).rounded()
                if ok(mid) { hi = mid } else { lo = mid }
            }
            return hi.rounded(.up)
        }
        var height = size.height
        let most = min(size.height * 8, 16_384)
        if !reads(size.height), most > size.height {
            if comfortable(most) { height = shortest(from: size.height, to: most, comfortable) }
            else if reads(most) { height = shortest(from: size.height, to: most, reads) }
        }
        layout(size: Size(size.width, height))
        scrollHeightMemo = (size, measurer.textSize, height)
        return height
    }
    /// The chart side (points) a page that scrolls gives each chart where the window's width allows.
    static let comfortableSide = 320.0
    /// The smallest chart side of the last placement (points).
    private var smallestChartSide = Double.infinity
    private var scrollHeightMemo: (size: Size, textSize: TextSize, height: Double)?

    /// The page's title on one line: whole, shrunk a little, else cut where that keeps three
    /// characters (`FittedText`); a page keeps its title, so else cut as it comes.
    private func oneLineTitle(_ title: String, width: Double) -> FittedText {
        let fitted = FittedText(oneLine: title, style: headerTitleStyle, width: width, measurer)
        return fitted.isHidden ? FittedText(block: TextBlock(title, style: headerTitleStyle, width: width, maxLines: 1, measurer), shrink: 1) : fitted
    }

    /// A page too small for its charts keeps its title on one line (cut with "…"), so that the
    /// request for a larger size stays on the canvas under it.
    /// Without room for the request's first line under it, the subtitle gives way too.
    private func shortenHeading() {
        guard showsHeader else { return }
        func lift(_ dy: Double) {
            titleBottom -= dy
            messageArea = Rect(x: messageArea.minX, y: messageArea.minY - dy, width: messageArea.width, height: messageArea.height + dy)
        }
        // (Unless one line would keep fewer than three characters and two lines keep more.)
        if let t = shownTitle, t.block.lines.count > 1, let title = page.title,
           case let one = oneLineTitle(title, width: messageArea.width),
           one.block.keepsThreeCharacters || !t.block.keepsThreeCharacters {
            let dy = t.height - one.height
            shownTitle = one
            headerSubtitleY -= dy
            lift(dy)
        }
        if shownSubtitle != nil, messageArea.minY + measurer.lineHeight(.headline) > (layoutSize?.height ?? .infinity) {
            shownSubtitle = nil
            lift(measurer.lineHeight(.subheadline) + 2)
        }
    }

    /// The canvases of `size`'s shape the too-small advice chooses from: 10 % steps up to eight
    /// times as large (21 of them).
    static func largerSizes(than size: Size) -> [Size] {
        var out: [Size] = []
        var k = 1.1
        while k <= 8 {
            out.append(Size((size.width * k).rounded(.up), (size.height * k).rounded(.up)))
            k *= 1.1
        }
        return out
    }

    /// A file's picture says how large it must be: the smallest of `largerSizes(than: size)` at
    /// which `readable` holds (every chart can be read), or nil when none is. Found by bisection
    /// (a larger canvas gives every card at least as much room), so the cost is at most six
    /// layouts whatever the size: a search step by step from a tiny size once took 22 layouts
    /// of a 64-chart page, half a minute.
    static func smallestReadable(from size: Size, _ readable: (Size) -> Bool) -> Size? {
        let ladder = largerSizes(than: size)
        guard let largest = ladder.last, readable(largest) else { return nil }
        var lo = -1, hi = ladder.count - 1   // ladder[hi] is readable; lo is unreadable (-1: `size` itself)
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if readable(ladder[mid]) { hi = mid } else { lo = mid }
        }
        return ladder[hi]
    }

    /// Who the too-small state speaks to: a window's user (make it larger) or a command's
    /// (give a larger `--size`).
    package enum TooSmallAdvice: Sendable {
        /// Ask for a larger window; ask for a larger `--size`.
        case window, size
    }
    /// Who the too-small message speaks to (default the window's user); changing it lays the page out again.
    package var advice = TooSmallAdvice.window { didSet { if advice != oldValue { layoutSize = nil } } }
    /// With `.size` advice, when the page is too small: the smallest canvas that is large enough.
    package private(set) var smallestReadableSize: Size?
    /// Where the page's title ends (its heading, or the header of the one card that shows it), in
    /// points: the window puts its error banner under it, never over it.
    package private(set) var titleBottom = 0.0

    /// How many times the page was placed for a size (the too-small search's cost, for tests).
    private(set) var placements = 0

    /// Places the heading and the cards for `size` points.
    private func place(in size: Size) {
        placements += 1
        var area = Rect(x: 0, y: 0, width: size.width, height: size.height).insetBy(Self.pagePadding)
        titleBottom = 0
        defer {
            // A page whose title is in its card: under that card's header.
            if !showsHeader, items.count == 1, items[0].embeddedTitle != nil, let b = items[0].headerBottom { titleBottom = b }
        }
        shownTitle = page.title.map { FittedText(block: TextBlock(balanced: $0, style: headerTitleStyle, width: area.width, measurer), shrink: 1) }
        // Two lines only while the heading leaves the page at least half of its height and keeps
        // three characters before any "…"; else one line (whole, shrunk a little, else cut),
        // unless only the two lines keep three (#32: "Ev…" at 160×160 in accessibility3 said
        // nothing; "Eve…" at 85 % does).
        if let t = shownTitle, t.block.lines.count > 1, let title = page.title {
            let tall = t.height + (page.subtitle == nil ? 0 : measurer.lineHeight(.subheadline) + 2) > area.height / 2
            let one = oneLineTitle(title, width: area.width)
            if tall || !t.block.keepsThreeCharacters, one.block.keepsThreeCharacters || !t.block.keepsThreeCharacters { shownTitle = one }
        }
        if showsHeader {
            var y = area.minY
            if let t = shownTitle {
                let h = t.height
                headerTitleTop = y; y += h
            }
            if page.subtitle != nil {
                let h = measurer.lineHeight(.subheadline)
                headerSubtitleY = y + 2 + h / 2; y += h + 2
            }
            titleBottom = y
            y += 12
            area = Rect(x: area.minX, y: y, width: area.width, height: max(area.maxY - y, 0))
        }
        // Cut to under three characters, the subtitle is left out.
        shownSubtitle = page.subtitle.flatMap { measurer.truncatedKeepingThree($0, .subheadline, toWidth: area.width) }
        cards = []
        tooSmall = false
        thumbnails = [:]
        smallestChartSide = .infinity
        messageArea = area
        guard !items.isEmpty else { return }
        if items.count == 1 {
            // A single card hugs its content and sits in the middle, as the seed's VStack does.
            let item = items[0], pad = item.card.padding
            let content = Size(max(area.width - 2 * pad, 0), max(area.height - 2 * pad, 0))
            var side = item.largestChartSide(in: content)
            var small = side < item.minimumChartSide
            if item.fillsCard { side = content.width }
            let width = item.fillsCard ? area.width : min(item.contentWidth(chartSide: side, in: content) + 2 * pad, area.width)
            let height = item.fillsCard ? area.height : min(item.contentHeight(chartSide: side, in: content) + 2 * pad, area.height)
            let card = Rect(x: area.midX - width / 2, y: area.midY - height / 2, width: width, height: height)
            cards = [card]
            item.layout(content: card.insetBy(pad), chartSide: side)
            smallestChartSide = side
            if !item.isReadable { small = true }
            if small { giveWay([0], in: size) }
            return
        }
        // A grid: the column count that gives the charts the most room.
        let n = items.count
        var best = (columns: 1, side: -1.0)
        for columns in 1...n {
            let rows = (n + columns - 1) / columns
            // Fewer columns with as many rows give every card more width and the same height:
            // only the fewest columns of each row count can win (64 charts: 15 grids, not 64).
            if columns > 1, (n + columns - 2) / (columns - 1) == rows { continue }
            let cw = (area.width - Double(columns - 1) * Self.gridSpacing) / Double(columns)
            let ch = (area.height - Double(rows - 1) * Self.gridSpacing) / Double(rows)
            let side = items.map { item in
                item.largestChartSide(in: Size(cw - 2 * item.card.padding, ch - 2 * item.card.padding))
            }.min() ?? 0
            // More columns only when they make the charts clearly bigger (10 %): the seeds stack cards.
            if side > best.side * 1.1 + 0.5 { best = (columns, side) }
        }
        let columns = best.columns, rows = (n + columns - 1) / columns
        let cw = (area.width - Double(columns - 1) * Self.gridSpacing) / Double(columns)
        let ch = (area.height - Double(rows - 1) * Self.gridSpacing) / Double(rows)
        // Each chart as large as its card allows; rows are as tall as their tallest card needs
        // (no taller than their share), and the grid sits in the middle of the page.
        func needed(_ item: ChartItem) -> Double {
            let pad = item.card.padding
            let content = Size(cw - 2 * pad, ch - 2 * pad)
            return min(ch, item.contentHeight(chartSide: item.largestChartSide(in: content), in: content) + 2 * pad)
        }
        var rowHeights: [Double] = []
        for r in 0..<rows {
            let members = items[(r * columns)..<min((r + 1) * columns, n)]
            rowHeights.append(members.map(needed).max() ?? ch)
        }
        let gridHeight = rowHeights.reduce(0, +) + Double(rows - 1) * Self.gridSpacing
        var y = area.minY + max((area.height - gridHeight) / 2, 0)
        // Small multiples (`uniform`): every plot as large as the smallest, so their sizes compare.
        var uniformSide = Double.infinity
        if page.uniform {
            for (k, item) in items.enumerated() {
                let card = Size(max(cw, 0), rowHeights[k / columns])
                uniformSide = min(uniformSide, item.largestChartSide(in: Size(card.width - 2 * item.card.padding, card.height - 2 * item.card.padding)))
            }
        }
        var small: [Int] = []
        for r in 0..<rows {
            for c in 0..<columns where r * columns + c < n {
                let item = items[r * columns + c]
                let card = Rect(x: area.minX + Double(c) * (cw + Self.gridSpacing), y: y, width: max(cw, 0), height: rowHeights[r])
                cards.append(card)
                let content = card.insetBy(item.card.padding)
                let s = min(item.largestChartSide(in: content.size), uniformSide)
                item.sharesPlotSize = page.uniform
                item.layout(content: content, chartSide: s)
                smallestChartSide = min(smallestChartSide, s)
                if s < item.minimumChartSide || !item.isReadable { small.append(r * columns + c) }
            }
            y += rowHeights[r] + Self.gridSpacing
        }
        if !small.isEmpty { giveWay(small, in: size) }
    }

    /// Whether some grid of `size` gives each of the page's charts a square of `thumbnailRoom`.
    func hasRoomForThumbnails(_ size: Size) -> Bool {
        let n = items.count
        return (1...max(n, 1)).contains { c in
            size.width / Double(c) >= Self.thumbnailRoom && size.height / Double((n + c - 1) / c) >= Self.thumbnailRoom
        }
    }

    /// The charts `small` cannot be read in their cards: with room enough on the page they stand as
    /// thumbnails (the data's shapes without text, the title kept if it fits); without it the page
    /// asks for a larger window.
    private func giveWay(_ small: [Int], in size: Size) {
        guard hasRoomForThumbnails(size) else { tooSmall = true; return }
        for i in small {
            let item = items[i]
            // A single card that hugs its content takes the whole page as a thumbnail.
            if items.count == 1 { cards[0] = messageArea }
            let card = cards[i]
            let inner = card.insetBy(min(item.card.padding, card.width / 10, card.height / 10))
            var plot = inner
            var thumb = Thumbnail(factor: 1, title: nil, titleTop: .zero)
            // The title as a card's: whole on one or two balanced lines, else shrunk a little, else
            // cut, where that leaves three characters or more before each "…" and the chart most
            // of the card (one line, then none, where two would not).
            // The page's own title (a lone chart's card carries it) is kept while the shapes keep
            // 40 % of the card: a page never loses its title.
            if let title = page.charts[i].title ?? item.embeddedTitle?.0 {
                let least = page.charts[i].title == nil ? 0.4 : 0.6
                var set = FittedText(title, style: Self.thumbnailTitleStyle, width: inner.width, measurer)
                if set.block.lines.count > 1, inner.height - set.height - 4 < least * inner.height {
                    set = FittedText(oneLine: title, style: Self.thumbnailTitleStyle, width: inner.width, measurer)
                }
                // A title of wide characters (CJK at accessibility sizes) may take the card's
                // padding too (a lone card's, the page's margin) rather than be cut to under three.
                if set.isHidden || !set.block.keepsThreeCharacters {
                    // (A lone card's title is the page's: it may take the page's width.)
                    let room = items.count == 1 && page.charts[i].title == nil ? (layoutSize?.width ?? card.width) : card.width
                    set = FittedText(oneLine: title, style: Self.thumbnailTitleStyle, width: max(room - 8, inner.width), measurer)
                }
                if !set.isHidden, set.block.keepsThreeCharacters, inner.height - set.height - 4 >= least * inner.height {
                    thumb.title = set
                    thumb.titleTop = Vec2(inner.midX, inner.minY)
                    plot = Rect(x: inner.minX, y: inner.minY + set.height + 4, width: inner.width, height: max(inner.height - set.height - 4, 0))
                }
            }
            // Laid out larger by as much as its chart needs to read, and at least three times (its
            // words are not drawn: no search for where they fit); then its marks alone, without
            // the room kept for those words, are fitted to the thumbnail: laid out again where,
            // drawn `factor` times smaller, they fill the plot's middle.
            let side = max(item.largestChartSide(in: plot.size), 1)
            let f = min(max(Self.thumbnailLeastFactor, 1.25 * item.minimumChartSide / side), 16)
            var content = Rect(x: plot.minX * f, y: plot.minY * f, width: plot.width * f, height: plot.height * f)
            let chartSide = item.fillsCard ? content.width : item.largestChartSide(in: content.size)
            item.layoutMarks(content: content, chartSide: chartSide)
            thumb.factor = f
            if let marks = item.marksFrame, marks.width > 0, marks.height > 0, plot.width > 0, plot.height > 0 {
                let fit = max(marks.width / plot.width, marks.height / plot.height, 1)
                content.x += fit * plot.midX - marks.midX
                content.y += fit * plot.midY - marks.midY
                item.layoutMarks(content: content, chartSide: chartSide)
                thumb.factor = fit
            }
            thumbnails[i] = thumb
        }
    }

    // MARK: - Frames

    /// Fills `frame` with the picture `request` asks for.
    package func draw(into frame: Frame, _ request: FrameRequest) {
        let size = request.size, scale = request.scale, theme = request.theme, moment = request.moment
        textSize = request.textSize
        layout(size: size)
        let palette = Palette.of(theme)
        let width = request.pixelWidth, height = request.pixelHeight
        let background = request.background
        let pageColor = background.isTransparent ? RGBA.clear : palette.pageBackground
        if tooSmall {
            drawTooSmall(into: frame, size: size, scale: scale, width: width, height: height, palette: palette, theme: theme,
                         moment: moment, pageColor: pageColor)
            return
        }
        // The background: a color and opaque fills over it. When the cards cover most of the
        // window it is the card color with the page around the cards filled (a full clear is
        // llvmpipe's fast path); otherwise the page color with the card interiors filled. A
        // transparent page is clear with the card interiors filled (or, with no cards, just clear).
        let plan = background.isTransparent ? nil : backgroundPlan(width: width, height: height, scale: scale)
        let inverted = plan?.inverted ?? false
        frame.reset(width: width, height: height, background: inverted ? palette.cardBackground : pageColor)
        let ctx = DrawContext(frame: frame, scale: scale, theme: theme, moment: moment, measurer: measurer, patterns: request.patterns(for: page))
        if let plan, inverted {
            for r in plan.pageRects { frame.addBackgroundFill(r, color: palette.pageBackground) }
        } else if background.drawsCards {
            for (i, item) in items.enumerated() { ctx.cardBackground(cards[i], radius: item.card.cornerRadius, color: palette.cardBackground, part: .interior) }
        }
        // Then every card's rounded corners, so they are one batch.
        if background.drawsCards {
            for (i, item) in items.enumerated() { ctx.cardBackground(cards[i], radius: item.card.cornerRadius, color: palette.cardBackground, part: .corners) }
        }
        // The page heading goes after the backgrounds, which may paint the page around it.
        drawHeading(ctx, size: size, palette: palette)
        for item in items { item.update(moment: moment) }
        if frame.records {
            // Chart by chart, every layer of one before the next, so each chart is one group
            // (cards never overlap: the picture is the same).
            for (i, item) in items.enumerated() {
                var layer = ctx
                layer.chart = i
                layer.card = i < cards.count ? cards[i] : nil
                layer.group(.chart, name: item.chartName(formatting: formatting)) {
                    for phase in DrawPhase.allCases {
                        layer.phase = phase
                        draw(item: i, layer)
                    }
                }
            }
            var top = ctx
            top.phase = .top
            drawFocusAndTooltip(top, size: size)
        } else {
            for phase in DrawPhase.allCases {
                var layer = ctx
                layer.phase = phase
                for i in items.indices {
                    layer.chart = i
                    draw(item: i, layer)
                }
                layer.chart = nil
                if phase == .top { drawFocusAndTooltip(layer, size: size) }
            }
        }
        frame.fontFaces = measurer.faces
        // Finite by construction: the renderer must never see NaN or infinity (debug builds).
        assert(frame.firstNonFinite() == nil, "a non-finite value in the frame at t = \(moment.time): \(frame.firstNonFinite() ?? "")")
    }

    /// Chart `i`'s part of `ctx.phase` as a thumbnail: its main shapes, drawn from its enlarged
    /// layout that many times smaller, and its title in the text phase.
    private func drawThumbnail(_ i: Int, _ ctx: DrawContext) {
        guard let thumb = thumbnails[i] else { return }
        if ctx.phase == .text, let title = thumb.title {
            title.draw(ctx, top: thumb.titleTop.y, centerX: thumb.titleTop.x, color: ctx.palette.label, role: .title)
        }
        guard ctx.phase == .main else { return }
        var small = DrawContext(frame: ctx.frame, scale: ctx.scale / thumb.factor, theme: ctx.theme, moment: ctx.moment, measurer: ctx.measurer,
                                patterns: ctx.patterns)
        small.phase = ctx.phase
        small.chart = ctx.chart
        small.card = ctx.card?.scaled(thumb.factor)
        items[i].draw(small)
    }

    /// The page's heading and, in the middle of what is left, a request for a larger window.
    private func drawTooSmall(into frame: Frame, size: Size, scale: Double, width: Int, height: Int, palette: Palette, theme: Theme,
                              moment: Moment, pageColor: RGBA) {
        frame.reset(width: width, height: height, background: pageColor)
        let ctx = DrawContext(frame: frame, scale: scale, theme: theme, moment: moment, measurer: measurer)
        defer { frame.fontFaces = measurer.faces }
        drawHeading(ctx, size: size, palette: palette)
        // Wrapped at word boundaries to the page's width, centered in what is under the heading.
        let w = max(messageArea.width, 1)
        let message = tooSmallMessage
        let lines = Overlays.wrap(message.0, width: w, style: .headline, measurer: measurer).map { ($0, TextStyle.headline, palette.label) }
            + Overlays.wrap(message.1, width: w, style: .footnote, measurer: measurer).map { ($0, TextStyle.footnote, palette.secondaryLabel) }
        let total = lines.reduce(0) { $0 + measurer.lineHeight($1.1) }
        var y = max(messageArea.midY - total / 2, messageArea.minY)
        for (n, (text, style, color)) in lines.enumerated() {
            let h = measurer.lineHeight(style)
            // What does not fit under the heading is left out (the first line always shows).
            if n > 0 && y + h > messageArea.maxY + Self.pagePadding { break }
            // Nor what would leave the canvas (a heading at accessibility sizes fills a tiny page).
            if y + h > size.height { break }
            ctx.text(measurer.truncated(text, style, toWidth: w), style: style, center: Vec2(messageArea.midX, y + h / 2), color: color, role: .message, whole: text)
            y += h
        }
    }

    /// What the page says when the window is too small for its charts.
    package var tooSmallMessage: (String, String) {
        let what = items.count == 1 ? "the chart" : "its \(items.count) charts"
        switch advice {
        case .window: return ("Make the window larger", "to see " + what)
        case .size:
            let atLeast = smallestReadableSize.map { " (at least \(Int($0.width))x\(Int($0.height)))" } ?? ""
            return ("Too small to show " + what, "use a larger --size" + atLeast)
        }
    }

    private func drawHeading(_ ctx: DrawContext, size: Size, palette: Palette) {
        guard showsHeader else { return }
        if let t = shownTitle { ctx.text(t.block, at: Vec2(size.width / 2 - t.width / 2, headerTitleTop), color: palette.label, role: .title, shrink: t.shrink) }
        if let s = shownSubtitle { ctx.text(s, style: .subheadline, center: Vec2(size.width / 2, headerSubtitleY), color: palette.secondaryLabel, role: .subtitle, whole: page.subtitle) }
    }

    /// How the page and card backgrounds are filled at one pixel size: either clear to the page
    /// color and fill the cards, or clear to the card color and fill `pageRects` (the page
    /// around the cards and the squares behind their rounded corners), whichever touches fewer
    /// pixels. Worked out once per size.
    struct BackgroundPlan {
        var width: Int, height: Int, scale: Double
        var inverted: Bool
        var pageRects: [Rect]
    }
    private var plan: BackgroundPlan?

    func backgroundPlan(width: Int, height: Int, scale: Double) -> BackgroundPlan {
        if let p = plan, p.width == width, p.height == height, p.scale == scale { return p }
        // Card rectangles in whole pixels, snapped as DrawContext.cardBackground snaps them.
        var pixelCards: [(Rect, Double)] = []
        var eligible = true
        for (i, item) in items.enumerated() {
            let r = cards[i]
            let x0 = (r.minX * scale).rounded(), y0 = (r.minY * scale).rounded()
            let x1 = (r.maxX * scale).rounded(), y1 = (r.maxY * scale).rounded()
            if x1 - x0 < 96 || y1 - y0 < 96 { eligible = false }
            let k = min(item.card.cornerRadius * scale, (x1 - x0) / 2, (y1 - y0) / 2).rounded(.down)
            pixelCards.append((Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), k))
        }
        let total = Double(width * height)
        let covered = pixelCards.reduce(0) { $0 + $1.0.width * $1.0.height }
        var result = BackgroundPlan(width: width, height: height, scale: scale, inverted: false, pageRects: [])
        if eligible && !pixelCards.isEmpty && covered > total / 2 {
            result.inverted = true
            result.pageRects = Self.complement(of: pixelCards.map(\.0), width: Double(width), height: Double(height))
            for (r, k) in pixelCards where k > 0 {
                for (x, y) in [(r.minX, r.minY), (r.maxX - k, r.minY), (r.minX, r.maxY - k), (r.maxX - k, r.maxY - k)] {
                    result.pageRects.append(Rect(x: x, y: y, width: k, height: k))
                }
            }
        }
        plan = result
        return result
    }

    /// The parts of a `width`×`height` area no rectangle covers, as rectangles (band by band).
    static func complement(of rects: [Rect], width: Double, height: Double) -> [Rect] {
        let ys = Set([0, height] + rects.flatMap { [$0.minY, $0.maxY] }).filter { $0 >= 0 && $0 <= height }.sorted()
        var out: [Rect] = []
        for b in 0..<max(ys.count - 1, 0) {
            let y0 = ys[b], y1 = ys[b + 1]
            guard y1 > y0 else { continue }
            let spans = rects.filter { $0.minY <= y0 && $0.maxY >= y1 }.map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
            var x = 0.0
            for (a, e) in spans {
                if a > x { out.append(Rect(x: x, y: y0, width: a - x, height: y1 - y0)) }
                x = max(x, e)
            }
            if x < width { out.append(Rect(x: x, y: y0, width: width - x, height: y1 - y0)) }
        }
        return out
    }

    /// The page's controls (the radars' Replay buttons), which window messages keep clear of.
    package var controlRects: [Rect] { items.compactMap(\.replayButton) }

    /// The time `render` shows by default: when the page has come to rest; on a page with a
    /// scan (which never rests), also far enough into the first turn that the beam has swept
    /// most of the circle and lit its contacts (0.73 of a turn, the README's picture).
    package var restingTime: Double {
        var t = 0.0
        for (item, chart) in zip(items, page.charts) {
            let settle = item.settleTime(reduceMotion: false)
            if settle.isFinite { t = max(t, settle) }
            if case .scan(let c) = chart { t = max(t, 0.73 * c.duration) }
        }
        return t
    }

    /// When every chart on the page has come to rest (infinity while a scan turns).
    package func settleTime(reduceMotion: Bool) -> Double {
        // Asked every pass of the window's loop: no intermediate array.
        let charts = items.reduce(0) { max($0, $1.settleTime(reduceMotion: reduceMotion)) }
        return reduceMotion ? charts : morphs.values.reduce(charts) { max($0, $1.endTime) }
    }

    /// Chart `i`'s part of `ctx.phase`: its own, or while it changes kind, its marks between
    /// the two kinds in the main phase.
    private func draw(item i: Int, _ ctx: DrawContext) {
        if !thumbnails.isEmpty, thumbnails[i] != nil { return drawThumbnail(i, ctx) }
        guard let m = morphs[i], m.isActive(ctx.moment), i < cards.count, let size = layoutSize, m.hasMarks(pageSize: size) else { return items[i].draw(ctx) }
        switch ctx.phase {
        case .main:
            m.prepare(items[i], card: cards[i])
            m.draw(ctx, type: page.charts[i].typeName, plot: cards[i])
        case .text:
            // The new kind's labels fade in with the marks (its title and legend are the card's).
            var faded = ctx
            faded.labelOpacity = m.labelOpacity(ctx.moment)
            items[i].draw(faded)
        default:
            items[i].draw(ctx)
        }
    }

    // MARK: - Element state (the rest is in PageScene+Elements.swift)
    /// The hovered and focused elements (chart index and key).
    package internal(set) var hovered: ElementRef?
    /// The element with keyboard focus (chart index and key), nil: none.
    package internal(set) var focused: ElementRef?
    /// Counts changes to what the elements say without a new scene (focus moved, a legend
    /// toggled, a chart replayed): the accessibility tree republishes when it changes.
    package internal(set) var revision = 0
    var pointer: Vec2?
    /// Every element at rest for one layout and state, made once: the focus ring and tooltip look
    /// theirs up here every frame instead of asking the chart for all its elements again.
    var elementCache: (size: Size?, textSize: TextSize, revision: Int, elements: [ChartElement], index: [ElementRef: Int])?
    /// Whether focus moved after the pointer last pointed at something: the tooltip and the
    /// emphasis then follow focus, otherwise the pointer.
    var keyboardLast = false

    // MARK: - Geometry

    /// `--geometry`: what is drawn for `request`, read from a frame drawn for it with records
    /// on (each chart's geometry, every text run drawn) and from the element model, in output pixels.
    package func geometry(_ request: FrameRequest) -> JSONOut { pageGeometry(request).jsonOut }

    /// What is drawn for `request`, as a value (`geometry(_:)` is its JSON).
    package func pageGeometry(_ request: FrameRequest) -> PageGeometry {
        let frame = Frame()
        frame.records = true
        draw(into: frame, request)
        var g = Self.geometry(of: frame, request: request, patterns: request.patterns(for: page), elements: elements(moment: request.moment),
                              focused: focused, hovered: hovered)
        for (k, record) in frame.chartRecords.enumerated() where k < g.charts.count {
            g.charts[k].fields.append(PageGeometry.Field("layout", .object(layoutFields(record.chart))))
        }
        return g
    }

    /// What chart `i` gave up to fit at this size (`--geometry`'s `layout`): whether it stands
    /// as a thumbnail (its shapes without text), and how many of its labels are hidden.
    func layoutFields(_ i: Int) -> [PageGeometry.Field] {
        guard i < items.count else { return [] }
        return [PageGeometry.Field("thumbnail", .bool(thumbnails[i] != nil)),
                PageGeometry.Field("labelsHidden", .integer(items[i].labelsHidden)),
                PageGeometry.Field("legendCondensed", .bool(items[i].legendHidden > 0)),
                PageGeometry.Field("legendHidden", .integer(items[i].legendHidden))]
    }

    /// The geometry of a recording `frame` drawn for `request`.
    static func geometry(of frame: Frame, request: FrameRequest, patterns: Bool, elements: [ChartElement], focused: ElementRef?, hovered: ElementRef?) -> PageGeometry {
        let scale = request.scale
        return PageGeometry(
            width: frame.width, height: frame.height, time: request.time, scale: scale, theme: request.theme,
            reduceMotion: request.reduceMotion, patterns: patterns, textSize: request.textSize,
            charts: frame.chartRecords.map { record in
                guard case .object(let fields) = PageGeometry.Value(record.fields) else { return PageGeometry.Chart(fields: []) }
                return PageGeometry.Chart(fields: fields)
            },
            texts: frame.labels.map { l in
                PageGeometry.Text(text: l.text, role: l.role.rawValue, box: l.box, fontSize: l.fontSize, lines: l.lines, shortened: l.shortened,
                                  chart: l.chart, shown: l.lines > 1 || l.shortened ? frame.texts[l.runs].map(\.text) : nil, opacity: l.opacity,
                                  angle: l.angle * 180 / .pi, corners: l.corners.isEmpty ? nil : l.corners)
            },
            elements: elements.map { e in
                let ref = ElementRef(chart: e.chart, key: e.key)
                return PageGeometry.Element(id: e.id, path: e.path, role: e.role.rawValue, name: e.name, value: e.value,
                                            box: Rect(x: e.frame.x * scale, y: e.frame.y * scale, width: e.frame.width * scale, height: e.frame.height * scale),
                                            actions: e.actions.map(\.rawValue), checked: e.checked, focused: ref == focused, hovered: ref == hovered)
            })
    }

    /// The accessibility text of the page.
    package var description: String { Descriptions.describe(page, formatting: formatting) }
}
