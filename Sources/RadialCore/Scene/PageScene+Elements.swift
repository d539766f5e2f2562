import Foundation

/// The page's elements in reading order, hover, keyboard focus, clicks and the focus ring and
/// tooltip: what the window, `render --hover/--focus/--toggle` and the AT-SPI tree drive.
extension PageScene {
    /// Every element of the page in reading order: each chart, then its elements. Boxes are in
    /// window points for the last laid-out size, at `time`.
    package func elements(moment: Moment) -> [ChartElement] {
        var out: [ChartElement] = []
        for (i, item) in items.enumerated() {
            out.append(chartElement(i))
            out += thumbnailed(i, item.elements(chart: i, moment: moment, formatting: formatting))
        }
        return out
    }

    /// The element of chart i itself: its name and `describe` text, its card as its box.
    private func chartElement(_ i: Int) -> ChartElement {
        let item = items[i]
        return ChartElement(key: .chart, chart: i, name: item.chartName(formatting: formatting), value: item.chartValue(formatting: formatting),
                            frame: i < cards.count ? cards[i] : .zero, actions: item.replayButton != nil || item.fillsCard ? [.replay] : [])
    }

    /// The element `ref` names, with its box at `time`.
    package func element(_ ref: ElementRef, moment: Moment) -> ChartElement? {
        guard ref.chart < items.count else { return nil }
        if ref.key == .chart { return chartElement(ref.chart) }
        return thumbnailed(ref.chart, items[ref.chart].elements(chart: ref.chart, moment: moment, formatting: formatting)).first { $0.key == ref.key }
    }

    /// Chart `i`'s elements with their boxes where they are drawn: a thumbnail's, laid out
    /// larger, as much smaller as it is drawn.
    private func thumbnailed(_ i: Int, _ elements: [ChartElement]) -> [ChartElement] {
        guard let f = thumbnails[i]?.factor else { return elements }
        return elements.map { var e = $0; e.frame = e.frame.scaled(1 / f); return e }
    }

    /// The element `ref` names where it rests, from the cache of the current layout and state
    /// (made again when the size, the text size or what the elements say changes).
    func restingElement(_ ref: ElementRef) -> ChartElement? {
        if let c = elementCache, c.size == layoutSize, c.textSize == textSize, c.revision == revision {
            return c.index[ref].map { c.elements[$0] }
        }
        let list = elements(moment: .atRest)
        var index: [ElementRef: Int] = [:]
        index.reserveCapacity(list.count)
        for (i, e) in list.enumerated() { index[ElementRef(chart: e.chart, key: e.key)] = i }
        elementCache = (layoutSize, textSize, revision, list, index)
        return index[ref].map { list[$0] }
    }

    /// The element an id names (ids survive reloads; paths, like `charts[0].axes[2]`, are by position).
    func elementKey(id: String) -> ElementRef? {
        elements(moment: .atRest).first { $0.id == id }.map { ElementRef(chart: $0.chart, key: $0.key) }
    }

    /// The element at `path` (`charts[1].legend[0]`), as `--focus` names it.
    package func element(path: String, moment: Moment) -> ChartElement? {
        elements(moment: moment).first { $0.path == path }
    }

    /// The topmost element under `p` (points): a chart's own element, then its card.
    package func element(at p: Vec2, moment: Moment) -> ElementRef? {
        if tooSmall { return nil }   // nothing is drawn to point at
        for (i, item) in items.enumerated() where i < cards.count && cards[i].contains(p) {
            // A thumbnail's parts are too small to point at: it answers as a whole.
            if thumbnails[i] == nil, let key = item.element(at: p, moment: moment) { return ElementRef(chart: i, key: key) }
            return ElementRef(chart: i, key: .chart)
        }
        return nil
    }

    /// Tells the page where the pointer is (points, nil when it left the window) at page time
    /// `time`. Returns whether what is hovered changed (and so the picture).
    @discardableResult
    package func setPointer(_ p: Vec2?, moment: Moment = .atRest) -> Bool {
        pointer = p
        var now = p.flatMap { element(at: $0, moment: moment) }
        if now?.key == .chart { now = nil }   // a card's background shows nothing
        guard now != hovered else { return false }
        hovered = now
        if now != nil { keyboardLast = false }
        applyHighlights()
        return true
    }

    /// Whether clicking at the pointer does something (the window shows a hand cursor).
    package func pointerIsOverAction(moment: Moment) -> Bool {
        guard let p = pointer, let ref = element(at: p, moment: moment) else { return false }
        return clickable(ref)
    }

    /// A card's background answers a click only on a pie (the seed's tap replays it).
    private func clickable(_ ref: ElementRef) -> Bool {
        ref.key == .chart ? items[ref.chart].fillsCard : !defaultAction(for: ref).isEmpty
    }

    /// What clicking or pressing Enter on an element does.
    private func defaultAction(for ref: ElementRef) -> [(ChartElement.Action, ElementKey)] {
        // A kind that says what its element does (a sunburst node drills in, its middle goes up).
        if let own = items[ref.chart].defaultAction(for: ref.key) { return own.map { ($0, ref.key) } }
        switch ref.key {
        case .series, .legend: return [(.toggle, ref.key)]
        case .replay: return [(.replay, .chart)]
        // Enter on a chart replays it; the pie seed replays on a tap anywhere on the chart.
        case .chart: return chartElement(ref.chart).actions.contains(.replay) ? [(.replay, .chart)] : []
        case .sector: return items[ref.chart].fillsCard ? [(.replay, .chart)] : []
        case .axis, .contact, .gaugeValue, .band, .ring, .bar, .node, .center, .mark, .colorScale: return []
        }
    }

    /// Clicks at `p`: toggles a legend entry, replays the chart of a Replay button (or of a pie,
    /// as the seed's tap does). Returns what was acted on.
    @discardableResult
    package func click(_ p: Vec2, moment: Moment) -> ElementRef? {
        guard let ref = element(at: p, moment: moment), clickable(ref) else { return nil }
        return activate(ref, moment: moment) ? ref : nil
    }

    /// Does an element's action (Enter or Space on the focused element, a click, AT-SPI's
    /// AtkAction). Returns whether anything happened.
    @discardableResult
    package func activate(_ ref: ElementRef, moment: Moment) -> Bool {
        guard ref.chart < items.count else { return false }
        var did = false
        for (action, key) in defaultAction(for: ref) {
            did = items[ref.chart].perform(action, on: key, at: moment) || did
        }
        if did { revision += 1; followMove(ref.chart) }
        return did
    }

    /// A focus in `chart` follows it down or up a level (a sunburst opened or closed).
    private func followMove(_ chart: Int) {
        guard focused?.chart == chart, let next = items[chart].focusAfterMove else { return }
        focused = ElementRef(chart: chart, key: next)
        keyboardLast = true
        applyHighlights()
    }

    /// Does `action` on the element (AT-SPI names the action).
    @discardableResult
    package func perform(_ action: ChartElement.Action, on ref: ElementRef, moment: Moment) -> Bool {
        guard ref.chart < items.count else { return false }
        let key: ElementKey = action == .replay ? .chart : ref.key
        let did = items[ref.chart].perform(action, on: key, at: moment)
        if did { revision += 1; if action == .drill || action == .up { followMove(ref.chart) } }
        return did
    }

    /// Backspace: the focused (else hovered, else first) drilled chart goes up a level (a
    /// sunburst); a focus inside it moves to the node it came from. Returns whether anything happened.
    @discardableResult
    package func goUp(moment: Moment) -> Bool {
        let order = [focused?.chart, hovered?.chart].compactMap { $0 } + Array(items.indices)
        for c in order where c < items.count && items[c].perform(.up, on: .center, at: moment) {
            revision += 1
            followMove(c)
            applyHighlights()
            return true
        }
        return false
    }

    /// Moves keyboard focus: Tab and Shift+Tab through the charts, the arrows through the
    /// focused chart's elements in reading order (wrapping). Returns the newly focused element.
    @discardableResult
    package func moveFocus(_ move: FocusMove, moment: Moment) -> ElementRef? {
        guard !items.isEmpty else { return nil }
        let n = items.count
        switch move {
        case .nextChart, .previousChart:
            let step = move == .nextChart ? 1 : n - 1
            let chart = focused.map { ($0.chart + step) % n } ?? (move == .nextChart ? 0 : n - 1)
            focused = ElementRef(chart: chart, key: .chart)
        case .nextElement, .previousElement:
            let chart = focused?.chart ?? 0
            let keys = [ElementKey.chart] + items[chart].elements(chart: chart, moment: moment, formatting: formatting).map(\.key)
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
    package func setFocus(_ ref: ElementRef?) {
        focused = ref
        keyboardLast = ref != nil
        revision += 1
        applyHighlights()
    }

    /// The element whose tooltip shows and which its chart emphasizes.
    private var shownElement: ElementRef? {
        let f = focused?.key == .chart ? nil : focused
        return keyboardLast ? f ?? hovered : hovered ?? f
    }

    func applyHighlights() {
        let shown = shownElement
        for (i, item) in items.enumerated() { item.highlight = shown?.chart == i ? shown?.key : nil }
    }

    /// The focus ring (2 pt in the accent color, outside the element's box: a shape, never color
    /// alone) and the tooltip of the hovered element, or else of the focused one.
    func drawFocusAndTooltip(_ ctx: DrawContext, size: Size) {
        if let f = focused, let e = restingElement(f) {
            let r = ((thumbnails[f.chart] == nil ? items[f.chart].focusRing(for: f.key) : nil) ?? e.frame).insetBy(f.key == .chart ? 2 : -3)
            ctx.rect(r, radius: f.key == .chart ? max(items[f.chart].card.cornerRadius - 2, 4) : 6, color: ctx.palette.accent, border: 2)
        }
        guard let ref = shownElement,
              let tip = items[ref.chart].tooltip(for: ref.key, moment: ctx.moment, theme: ctx.theme, formatting: formatting),
              let e = restingElement(ref) else { return }
        var tipContext = ctx
        tipContext.chart = ref.chart
        TooltipCard.draw(tipContext, tip, beside: (thumbnails[ref.chart] == nil ? items[ref.chart].focusRing(for: ref.key) : nil) ?? e.frame, pointer: hovered == ref ? pointer : nil, within: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }
}
