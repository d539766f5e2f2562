import Foundation

/// A page of charts ready to draw: its layout for a size and its animations at any time.
///
/// Layout is worked out when the size changes, meshes when the data changes; drawing a frame
/// at time t only evaluates springs and fills the reused `Frame`.
public final class PageScene {
    public let page: Page
    let items: [ChartItem]
    let measurer: TextMeasuring
    public let formatting: Formatting

    private var layoutSize: Size?
    private var headerTitleY = 0.0
    private var headerSubtitleY = 0.0
    private var showsHeader = false
    private var cards: [Rect] = []
    /// The page's heading as drawn: cut with "…" to the window's width at layout.
    private var shownTitle: String?
    private var shownSubtitle: String?

    static let pagePadding = 16.0
    static let gridSpacing = 16.0

    /// True when this scene took over from another at a reload (Replay starts afresh instead).
    public let isContinuation: Bool

    /// A page ready to draw. With `previous`, it continues from that page at page time `time`
    /// (a reload): charts in the same place and of the same kind morph from what was on screen
    /// to the new data; other charts appear from `time`; a scan keeps turning.
    ///
    /// `controls`: the window's Replay buttons; `render` and `record` leave them out unless asked.
    public init(page: Page, measurer: TextMeasuring, formatting: Formatting, continuing previous: PageScene? = nil, at time: Double = 0,
                controls: Bool = true) {
        self.page = page
        self.measurer = measurer
        self.formatting = formatting
        var items: [ChartItem] = []
        for chart in page.charts {
            // Each chart has its own categorical palette, as Swift Charts does.
            var paletteIndex = 0
            switch chart {
            case .radar(let c): items.append(RadarItem(chart: c, measurer: measurer, formatting: formatting, controls: controls))
            case .pie(let c): items.append(PieItem(chart: c, measurer: measurer, formatting: formatting, palette: &paletteIndex))
            case .scan(let c): items.append(ScanItem(chart: c, measurer: measurer, formatting: formatting))
            }
        }
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
        }
        // What was hovered or focused stays so where it still exists (ids are by name).
        focused = previous.focused.flatMap { previous.element($0, time: time, reduceMotion: true) }.flatMap { elementKey(id: $0.id) }
        hovered = previous.hovered.flatMap { previous.element($0, time: time, reduceMotion: true) }.flatMap { elementKey(id: $0.id) }
        pointer = previous.pointer
        applyHighlights()
    }

    // MARK: - Layout

    private var headerTitleStyle: TextStyle { .largeTitle }

    /// Lays the page out in a responsive grid of cards for a window of `size` points.
    public func layout(size: Size) {
        if layoutSize == size { return }
        layoutSize = size
        plan = nil
        var area = Rect(x: 0, y: 0, width: size.width, height: size.height).insetBy(Self.pagePadding)
        if showsHeader {
            var y = area.minY
            if page.title != nil {
                let h = measurer.lineHeight(headerTitleStyle)
                headerTitleY = y + h / 2; y += h
            }
            if page.subtitle != nil {
                let h = measurer.lineHeight(.subheadline)
                headerSubtitleY = y + 2 + h / 2; y += h + 2
            }
            y += 12
            area = Rect(x: area.minX, y: y, width: area.width, height: max(area.maxY - y, 0))
        }
        shownTitle = page.title.map { measurer.truncated($0, headerTitleStyle, toWidth: area.width) }
        shownSubtitle = page.subtitle.map { measurer.truncated($0, .subheadline, toWidth: area.width) }
        cards = []
        guard !items.isEmpty else { return }
        if items.count == 1 {
            // A single card hugs its content and sits in the middle, as the seed's VStack does.
            let item = items[0], pad = item.card.padding
            let chrome = item.chromeHeight(width: area.width - 2 * pad)
            var side = max(min(area.width - 2 * pad, area.height - 2 * pad - chrome), 0)
            if item.fillsCard { side = area.width - 2 * pad }
            let width = item.fillsCard ? area.width : min(max(side, item.minimumContentWidth()) + 2 * pad, area.width)
            let height = item.fillsCard ? area.height : min(side + chrome + 2 * pad, area.height)
            let card = Rect(x: area.midX - width / 2, y: area.midY - height / 2, width: width, height: height)
            cards = [card]
            item.layout(content: card.insetBy(pad), chartSide: side)
            return
        }
        // A grid: the column count that gives the charts the most room.
        let n = items.count
        var best = (columns: 1, side: -1.0)
        for columns in 1...n {
            let rows = (n + columns - 1) / columns
            let cw = (area.width - Double(columns - 1) * Self.gridSpacing) / Double(columns)
            let ch = (area.height - Double(rows - 1) * Self.gridSpacing) / Double(rows)
            let side = items.map { item in
                min(cw - 2 * item.card.padding, ch - 2 * item.card.padding - item.chromeHeight(width: cw - 2 * item.card.padding))
            }.min() ?? 0
            // More columns only when they make the charts clearly bigger (10 %): the seeds stack cards.
            if side > best.side * 1.1 + 0.5 { best = (columns, side) }
        }
        let columns = best.columns, rows = (n + columns - 1) / columns
        let cw = (area.width - Double(columns - 1) * Self.gridSpacing) / Double(columns)
        let ch = (area.height - Double(rows - 1) * Self.gridSpacing) / Double(rows)
        // Every chart square gets the same side; rows are as tall as their tallest card needs
        // (no taller than their share), and the grid sits in the middle of the page.
        let side = max(best.side, 0)
        func needed(_ item: ChartItem) -> Double {
            let pad = item.card.padding
            return min(ch, side + item.chromeHeight(width: cw - 2 * pad) + 2 * pad)
        }
        var rowHeights: [Double] = []
        for r in 0..<rows {
            let members = items[(r * columns)..<min((r + 1) * columns, n)]
            rowHeights.append(members.map(needed).max() ?? ch)
        }
        let gridHeight = rowHeights.reduce(0, +) + Double(rows - 1) * Self.gridSpacing
        var y = area.minY + max((area.height - gridHeight) / 2, 0)
        for r in 0..<rows {
            for c in 0..<columns where r * columns + c < n {
                let item = items[r * columns + c]
                let card = Rect(x: area.minX + Double(c) * (cw + Self.gridSpacing), y: y, width: max(cw, 0), height: rowHeights[r])
                cards.append(card)
                let content = card.insetBy(item.card.padding)
                let s = max(min(content.width, content.height - item.chromeHeight(width: content.width)), 0)
                item.layout(content: content, chartSide: s)
            }
            y += rowHeights[r] + Self.gridSpacing
        }
    }

    // MARK: - Frames

    /// Fills `frame` with the page at `time` for a `size`-point window drawn at `scale` pixels per point.
    public func draw(into frame: Frame, size: Size, scale: Double, time: Double, theme: Theme, reduceMotion: Bool) {
        layout(size: size)
        let palette = Palette.of(theme)
        let width = Int(checked: size.width * scale, rounding: .toNearestOrAwayFromZero)
        let height = Int(checked: size.height * scale, rounding: .toNearestOrAwayFromZero)
        let plan = backgroundPlan(width: width, height: height, scale: scale)
        // The background: a color and opaque fills over it. When the cards cover most of the
        // window it is the card color with the page around the cards filled (a full clear is
        // llvmpipe's fast path); otherwise the page color with the card interiors filled.
        frame.reset(width: width, height: height, background: plan.inverted ? palette.cardBackground : palette.pageBackground)
        let ctx = DrawContext(frame: frame, scale: scale, theme: theme, time: time, reduceMotion: reduceMotion, measurer: measurer)
        if plan.inverted {
            for r in plan.pageRects { frame.addBackgroundFill(r, color: palette.pageBackground) }
        } else {
            for (i, item) in items.enumerated() { ctx.cardBackground(cards[i], radius: item.card.cornerRadius, color: palette.cardBackground, part: .interior) }
        }
        // Then every card's rounded corners, so they are one batch.
        for (i, item) in items.enumerated() { ctx.cardBackground(cards[i], radius: item.card.cornerRadius, color: palette.cardBackground, part: .corners) }
        // The page heading goes after the backgrounds, which may paint the page around it.
        if showsHeader {
            if let t = shownTitle { ctx.text(t, style: headerTitleStyle, center: Vec2(size.width / 2, headerTitleY), color: palette.label) }
            if let s = shownSubtitle { ctx.text(s, style: .subheadline, center: Vec2(size.width / 2, headerSubtitleY), color: palette.secondaryLabel) }
        }
        for item in items { item.update(time: time, reduceMotion: reduceMotion) }
        for phase in DrawPhase.allCases {
            var layer = ctx
            layer.phase = phase
            for item in items { item.draw(layer) }
            if phase == .top { drawFocusAndTooltip(layer, size: size) }
        }
        // Finite by construction: the renderer must never see NaN or infinity (debug builds).
        assert(frame.firstNonFinite() == nil, "a non-finite value in the frame at t = \(time): \(frame.firstNonFinite() ?? "")")
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
    public var controlRects: [Rect] { items.compactMap(\.replayButton) }

    /// The time `render` shows by default: when the page has come to rest; on a page with a
    /// scan (which never rests), also far enough into the first turn that the beam has swept
    /// most of the circle and lit its contacts (0.73 of a turn, the README's picture).
    public var restingTime: Double {
        var t = 0.0
        for (item, chart) in zip(items, page.charts) {
            let settle = item.settleTime(reduceMotion: false)
            if settle.isFinite { t = max(t, settle) }
            if case .scan(let c) = chart { t = max(t, 0.73 * c.duration) }
        }
        return t
    }

    /// When every chart on the page has come to rest (infinity while a scan turns).
    public func settleTime(reduceMotion: Bool) -> Double {
        // Asked every pass of the window's loop: no intermediate array.
        items.reduce(0) { max($0, $1.settleTime(reduceMotion: reduceMotion)) }
    }

    // MARK: - Elements, hover and focus

    /// The hovered and focused elements (chart index and key).
    public private(set) var hovered: ElementRef?
    public private(set) var focused: ElementRef?
    /// Counts changes to what the elements say without a new scene (focus moved, a legend
    /// toggled, a chart replayed): the accessibility tree republishes when it changes.
    public private(set) var revision = 0
    private var pointer: Vec2?
    /// Page time of the last `setPointer`/focus call, for elements that depend on time.
    private var interactionTime = 0.0

    /// Every element of the page in reading order: each chart, then its elements. Boxes are in
    /// window points for the last laid-out size, at `time`.
    public func elements(time: Double, reduceMotion: Bool) -> [ChartElement] {
        var out: [ChartElement] = []
        for (i, item) in items.enumerated() {
            out.append(chartElement(i))
            out += item.elements(chart: i, time: time, reduceMotion: reduceMotion, formatting: formatting)
        }
        return out
    }

    /// The element of chart i itself: its name and `describe` text, its card as its box.
    private func chartElement(_ i: Int) -> ChartElement {
        let item = items[i]
        return ChartElement(key: .chart, chart: i, name: item.chartName(formatting: formatting), value: item.chartValue(formatting: formatting),
                            frame: i < cards.count ? cards[i] : .zero, actions: item.replayButton != nil || item.fillsCard ? [.replay] : [])
    }

    /// The element an id names (ids survive reloads; paths, like `charts[0].axes[2]`, are by position).
    public func element(_ ref: ElementRef, time: Double, reduceMotion: Bool) -> ChartElement? {
        guard ref.chart < items.count else { return nil }
        if ref.key == .chart { return chartElement(ref.chart) }
        return items[ref.chart].elements(chart: ref.chart, time: time, reduceMotion: reduceMotion, formatting: formatting).first { $0.key == ref.key }
    }

    private func elementKey(id: String) -> ElementRef? {
        elements(time: .infinity, reduceMotion: true).first { $0.id == id }.map { ElementRef(chart: $0.chart, key: $0.key) }
    }

    /// The element at `path` (`charts[1].legend[0]`), as `--focus` names it.
    public func element(path: String, time: Double, reduceMotion: Bool) -> ChartElement? {
        elements(time: time, reduceMotion: reduceMotion).first { $0.path == path }
    }

    /// The topmost element under `p` (points): a chart's own element, then its card.
    public func element(at p: Vec2, time: Double, reduceMotion: Bool) -> ElementRef? {
        for (i, item) in items.enumerated() where i < cards.count && cards[i].contains(p) {
            if let key = item.element(at: p, time: time, reduceMotion: reduceMotion) { return ElementRef(chart: i, key: key) }
            return ElementRef(chart: i, key: .chart)
        }
        return nil
    }

    /// Tells the page where the pointer is (points, nil when it left the window) at page time
    /// `time`. Returns whether what is hovered changed (and so the picture).
    @discardableResult
    public func setPointer(_ p: Vec2?, time: Double = .infinity, reduceMotion: Bool = false) -> Bool {
        pointer = p
        interactionTime = time
        var now = p.flatMap { element(at: $0, time: time, reduceMotion: reduceMotion) }
        if now?.key == .chart { now = nil }   // a card's background shows nothing
        guard now != hovered else { return false }
        hovered = now
        if now != nil { keyboardLast = false }
        applyHighlights()
        return true
    }

    /// Whether clicking at the pointer does something (the window shows a hand cursor).
    public func pointerIsOverAction(time: Double, reduceMotion: Bool) -> Bool {
        guard let p = pointer, let ref = element(at: p, time: time, reduceMotion: reduceMotion) else { return false }
        return clickable(ref)
    }

    /// A card's background answers a click only on a pie (the seed's tap replays it).
    private func clickable(_ ref: ElementRef) -> Bool {
        ref.key == .chart ? items[ref.chart].fillsCard : !defaultAction(for: ref).isEmpty
    }

    /// What clicking or pressing Enter on an element does.
    private func defaultAction(for ref: ElementRef) -> [(ChartElement.Action, ElementKey)] {
        switch ref.key {
        case .series, .legend: return [(.toggle, ref.key)]
        case .replay: return [(.replay, .chart)]
        // Enter on a chart replays it; the pie seed replays on a tap anywhere on the chart.
        case .chart: return chartElement(ref.chart).actions.contains(.replay) ? [(.replay, .chart)] : []
        case .sector: return items[ref.chart].fillsCard ? [(.replay, .chart)] : []
        case .axis, .contact: return []
        }
    }

    /// Clicks at `p`: toggles a legend entry, replays the chart of a Replay button (or of a pie,
    /// as the seed's tap does). Returns what was acted on.
    @discardableResult
    public func click(_ p: Vec2, time: Double, reduceMotion: Bool) -> ElementRef? {
        guard let ref = element(at: p, time: time, reduceMotion: reduceMotion), clickable(ref) else { return nil }
        return activate(ref, time: time, reduceMotion: reduceMotion) ? ref : nil
    }

    /// Does an element's action (Enter or Space on the focused element, a click, AT-SPI's
    /// AtkAction). Returns whether anything happened.
    @discardableResult
    public func activate(_ ref: ElementRef, time: Double, reduceMotion: Bool) -> Bool {
        guard ref.chart < items.count else { return false }
        var did = false
        for (action, key) in defaultAction(for: ref) {
            did = items[ref.chart].perform(action, on: key, at: time, reduceMotion: reduceMotion) || did
        }
        if did { revision += 1 }
        return did
    }

    /// Does `action` on the element (AT-SPI names the action).
    @discardableResult
    public func perform(_ action: ChartElement.Action, on ref: ElementRef, time: Double, reduceMotion: Bool) -> Bool {
        guard ref.chart < items.count else { return false }
        let key: ElementKey = action == .replay ? .chart : ref.key
        let did = items[ref.chart].perform(action, on: key, at: time, reduceMotion: reduceMotion)
        if did { revision += 1 }
        return did
    }

    /// Moves keyboard focus: Tab and Shift+Tab through the charts, the arrows through the
    /// focused chart's elements in reading order (wrapping). Returns the newly focused element.
    @discardableResult
    public func moveFocus(_ move: FocusMove, time: Double, reduceMotion: Bool) -> ElementRef? {
        guard !items.isEmpty else { return nil }
        let n = items.count
        switch move {
        case .nextChart, .previousChart:
            let step = move == .nextChart ? 1 : n - 1
            let chart = focused.map { ($0.chart + step) % n } ?? (move == .nextChart ? 0 : n - 1)
            focused = ElementRef(chart: chart, key: .chart)
        case .nextElement, .previousElement:
            let chart = focused?.chart ?? 0
            let keys = [ElementKey.chart] + items[chart].elements(chart: chart, time: time, reduceMotion: reduceMotion, formatting: formatting).map(\.key)
            let at = focused.flatMap { f in keys.firstIndex(of: f.key) } ?? 0
            let next = move == .nextElement ? (at + 1) % keys.count : (at + keys.count - 1) % keys.count
            focused = ElementRef(chart: chart, key: keys[next])
        }
        keyboardLast = true
        revision += 1
        applyHighlights()
        return focused
    }

    /// Focuses an element (nil clears focus: Esc).
    public func setFocus(_ ref: ElementRef?) {
        focused = ref
        keyboardLast = ref != nil
        revision += 1
        applyHighlights()
    }

    /// Whether focus moved after the pointer last pointed at something: the tooltip and the
    /// emphasis then follow focus, otherwise the pointer.
    private var keyboardLast = false

    /// The element whose tooltip shows and which its chart emphasizes.
    private var shownElement: ElementRef? {
        let f = focused?.key == .chart ? nil : focused
        return keyboardLast ? f ?? hovered : hovered ?? f
    }

    private func applyHighlights() {
        let shown = shownElement
        for (i, item) in items.enumerated() { item.highlight = shown?.chart == i ? shown?.key : nil }
    }

    /// The focus ring (2 pt in the accent color, outside the element's box: a shape, never color
    /// alone) and the tooltip of the hovered element, or else of the focused one.
    private func drawFocusAndTooltip(_ ctx: DrawContext, size: Size) {
        if let f = focused, let e = element(f, time: ctx.time, reduceMotion: ctx.reduceMotion) {
            let r = (items[f.chart].focusRing(for: f.key) ?? e.frame).insetBy(f.key == .chart ? 2 : -3)
            ctx.rect(r, radius: f.key == .chart ? max(items[f.chart].card.cornerRadius - 2, 4) : 6, color: ctx.palette.accent, border: 2)
        }
        guard let ref = shownElement,
              let tip = items[ref.chart].tooltip(for: ref.key, time: ctx.time, reduceMotion: ctx.reduceMotion, theme: ctx.theme, formatting: formatting),
              let e = element(ref, time: ctx.time, reduceMotion: ctx.reduceMotion) else { return }
        TooltipCard.draw(ctx, tip, beside: items[ref.chart].focusRing(for: ref.key) ?? e.frame, pointer: hovered == ref ? pointer : nil, within: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    // MARK: - Geometry

    /// `--geometry`: what was drawn at `time`, in output pixels.
    public func geometry(size: Size, scale: Double, time: Double, theme: Theme, reduceMotion: Bool) -> JSONOut {
        layout(size: size)
        return .object([
            ("width", .int(Int(checked: size.width * scale, rounding: .toNearestOrAwayFromZero))),
            ("height", .int(Int(checked: size.height * scale, rounding: .toNearestOrAwayFromZero))),
            ("time", .number(time)),
            ("scale", .number(scale)),
            ("theme", .string(theme.rawValue)),
            ("reduceMotion", .bool(reduceMotion)),
            ("charts", .array(items.map { $0.geometry(time: time, reduceMotion: reduceMotion, scale: scale, theme: theme) })),
            ("elements", .array(elements(time: time, reduceMotion: reduceMotion).map { e in
                var fields: [(String, JSONOut)] = [
                    ("id", .string(e.id)), ("path", .string(e.path)), ("role", .string(e.role.rawValue)),
                    ("name", .string(e.name)), ("value", .string(e.value)),
                    ("box", .array([e.frame.x, e.frame.y, e.frame.width, e.frame.height].map { .number($0 * scale) })),
                    ("actions", .array(e.actions.map { .string($0.rawValue) })),
                ]
                if let c = e.checked { fields.append(("checked", .bool(c))) }
                let ref = ElementRef(chart: e.chart, key: e.key)
                if ref == focused { fields.append(("focused", .bool(true))) }
                if ref == hovered { fields.append(("hovered", .bool(true))) }
                return .object(fields)
            })),
        ])
    }

    /// The accessibility text of the page.
    public var description: String { Descriptions.describe(page, formatting: formatting) }
}
