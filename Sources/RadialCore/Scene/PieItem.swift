import Foundation

/// A pie or donut chart on a card, in the look of Swift Charts' `SectorMark`: a title with the
/// total as currency, sectors that arrive one by one on springs, overlay annotations and a legend.
final class PieItem: ChartItem {
    let chart: PieChart
    let measurer: TextMeasuring
    let card = CardStyle.pie
    var embeddedTitle: (String, String?)?
    let replayButton: Rect? = nil

    /// Page time at which each sector arrives (set by the page, which sequences all its pies).
    private(set) var arrivals: [Double]
    /// Each sector's share of the whole, animated: existing sectors shrink as others arrive, a
    /// new one grows from zero width. The shares always add up to one. Sectors arriving one by
    /// one share one `PieArrivals`; after a reload each sector has its own spring.
    private var arrivalShares: PieArrivals
    private var transitionShares: [AnimatedValue]?
    var colors: [ChartColor]
    /// "Earnings $1,120.00" for each number of arrived sectors, made once.
    private let titles: [String]
    private let centerTotals: [String]
    private let valueTexts: [String]
    /// The hovered or focused element: its sector lifts out.
    var highlight: ElementKey?
    var fillsCard: Bool { true }
    /// Each sector's presence, 1 shown, 0 hidden by its legend entry. A hidden sector shrinks
    /// away and the others spring to share the circle (shares are divided by what is shown).
    var visibility: [AnimatedValue]
    /// Sectors hidden by their legend entries.
    var hidden: Set<Int> = []
    /// The title and center total while sectors are hidden, made when a toggle changes them.
    var hiddenTexts: (count: Int, title: String, center: String)?
    private let formatting: Formatting
    /// The arrival times the page gave, for replaying the chart alone.
    var scheduled: [Double] = []
    /// Points a hovered sector moves out along its middle.
    static let lift = 6.0
    private let total: Double

    // Layout, in points.
    private var titleY = 0.0
    private(set) var plot = Rect.zero
    private(set) var legendTop = 0.0
    private var legendRows: [[Int]] = []
    private(set) var contentRect = Rect.zero

    /// Sectors leaving after a reload: they shrink to nothing where they were.
    struct Ghost { var color: ChartColor; var share: AnimatedValue }
    var ghosts: [Ghost] = []
    /// Drawing order, clockwise: a sector index, or −(g + 1) for ghost g.
    var order: [Int]
    /// When a reload's transition comes to rest (nil: no transition).
    var transitionEnd: Double?

    // Per-frame scratch, reserved once: annotation boxes placed so far, and where their text goes.
    private(set) var placed: [Rect] = []
    /// A leader runs from inside the sector's rim out to an elbow just past the ring, then to the card.
    private(set) var annotations: [(sector: Int, center: Vec2, box: Rect, leader: Leader?)] = []
    typealias Leader = (rim: Vec2, elbow: Vec2, end: Vec2)
    /// Sectors whose card goes outside the ring (too narrow, or crowded out), with their mid-angle.
    private var outside: [(sector: Int, angle: Double)] = []
    /// Sectors that should have a card and found no place for one, in drawing order: the
    /// legend's note counts them ("2 small slices unlabeled").
    private(set) var unlabeled: [Int] = []
    /// Whether the layout keeps room for that note: annotations are on and some sector is, at
    /// rest, narrower than the minimum angle. Known from the data, so the page's layout
    /// (`chromeHeight`) and the chart's agree before anything is placed.
    let reservesNote: Bool
    /// The note's text, made when its count changes (not every frame).
    private var noteCache: (count: Int, text: String) = (0, "")
    /// Where the note goes: the right end of the legend's last row, or a row of its own.
    private var noteRow = 0

    static let titleStyle = TextStyle.title2
    static let legendStyle = TextStyle.caption
    static let legendDot = 8.0
    static let annotationStyle = TextStyle.caption
    static let spacing = 8.0
    /// Cards placed outside the ring per frame at most: past this many (a pie of thousands of
    /// slivers) the rest are counted without searching for room that is long gone.
    static let outsideAttempts = 48
    /// The narrowest sector that keeps its card inside: the chart's minimum, and never under 0.5°.
    var minimumInsideAngle: Double { max(chart.minimumAnnotationAngle, 0.5) }

    init(chart: PieChart, measurer: TextMeasuring, formatting: Formatting) {
        self.chart = chart
        self.measurer = measurer
        self.formatting = formatting
        visibility = Array(repeating: AnimatedValue(1, spring: .pieArrival), count: chart.sectors.count)
        // Sectors without a color take the system palette's in order, skipping colors their
        // siblings name, then generated ones (each pie starts the palette afresh).
        let chosen = CategoricalPalette.system.colors(count: chart.sectors.count { $0.color == nil }, avoiding: chart.sectors.compactMap(\.color))
        var next = 0
        colors = chart.sectors.map { s in
            if let c = s.color { return c }
            next += 1
            return chosen[next - 1]
        }
        arrivals = Array(repeating: 0, count: chart.sectors.count)
        order = Array(chart.sectors.indices)
        arrivalShares = PieArrivals(times: arrivals, values: chart.sectors.map(\.value), spring: .pieArrival)
        var running = 0.0
        var titles: [String] = [], centers: [String] = []
        let name = chart.title ?? (chart.innerRadius > 0 ? "Donut" : "Pie")
        for k in 0...chart.sectors.count {
            if k > 0 { running += chart.sectors[k - 1].value }
            let money = formatting.format(running, chart.format)
            titles.append(chart.totalInTitle ? name + " " + money : name)
            centers.append(money)
        }
        self.titles = titles
        self.centerTotals = centers
        valueTexts = chart.sectors.map { formatting.format($0.value, chart.format) }
        total = chart.total
        placed.reserveCapacity(chart.sectors.count)
        annotations.reserveCapacity(chart.sectors.count)
        outside.reserveCapacity(chart.sectors.count)
        unlabeled.reserveCapacity(chart.sectors.count)
        let minimum = max(chart.minimumAnnotationAngle, 0.5), sum = chart.total
        reservesNote = chart.annotations && sum > 0 && chart.sectors.contains { $0.value / sum * 360 < minimum }
    }

    /// Schedules the arrival of each sector at the given page times and builds the springs.
    func schedule(arrivals times: [Double]) {
        precondition(times.count == chart.sectors.count)
        if scheduled.isEmpty { scheduled = times }
        arrivals = times
        // The first sector to arrive is the whole circle at once (nothing to grow out of); later
        // arrivals spring, and since springs are linear the shares keep summing to exactly one.
        // Sectors that arrive together are placed at once.
        arrivalShares = PieArrivals(times: times, values: chart.sectors.map(\.value), spring: .pieArrival)
        transitionShares = nil
    }

    /// Sectors arrive one at a time after `clock`, each `interval` seconds after the previous
    /// one (the first after one interval), advancing the page's clock.
    func scheduleArrivals(clock: inout Double) {
        var times: [Double] = []
        times.reserveCapacity(chart.sectors.count)
        for _ in chart.sectors {
            switch chart.appear {
            case .sequence(let interval): clock += interval; times.append(clock)
            case .all: times.append(0)
            }
        }
        schedule(arrivals: times)
    }

    /// Sector `i`'s share and its velocity at `time`, before clamping at 0.
    func shareState(_ i: Int, time: Double) -> (value: Double, velocity: Double) {
        if let transitionShares { return transitionShares[i].state(at: time) }
        return arrivalShares.state(i, at: time)
    }

    /// Numbers kept to animate the shares (springs' segments and arrival states): linear in the
    /// sectors, whatever their number, and bounded across reloads.
    var retainedAnimationValues: Int {
        (transitionShares?.reduce(0) { $0 + 4 * $1.segments.count } ?? arrivalShares.storedValues)
            + ghosts.reduce(0) { $0 + 4 * $1.share.segments.count }
    }

    /// Sectors still leaving after a reload.
    var ghostCount: Int { ghosts.count }

    /// Continues from `old` (the chart this one replaces on reload) at page time `time`: every
    /// sector springs from the share it had to its new one, new sectors grow from zero width,
    /// removed ones shrink away where they were. Nothing arrives one by one. A pie new to the
    /// page arrives as it would on a fresh page, from `time`.
    func continueFrom(_ old: ChartItem?, at time: Double) {
        guard let old = old as? PieItem else { return schedule(arrivals: arrivals.map { $0 + time }) }
        let oldK = old.arrivedCount(time: time, reduceMotion: false)
        var before: [String: (value: Double, velocity: Double)] = [:]
        for i in 0..<oldK { before[old.chart.sectors[i].name] = old.shareState(i, time: time) }
        let spring = Spring.pieArrival
        arrivals = Array(repeating: -.infinity, count: chart.sectors.count)
        transitionShares = chart.sectors.map { s in
            let from = before[s.name] ?? (0, 0)
            return AnimatedValue(from.value, velocity: from.velocity, at: time, to: total > 0 ? s.value / total : 0, spring: spring)
        }
        // A sector keeps the palette color it had; sectors new to the pie take palette colors
        // nobody is using, so nothing changes color under the user's eyes.
        var oldColor: [String: ChartColor] = [:]
        for i in 0..<oldK { oldColor[old.chart.sectors[i].name] = old.colors[i] }
        var fresh: [Int] = []
        for (i, s) in chart.sectors.enumerated() where s.color == nil {
            if let c = oldColor[s.name] { colors[i] = c } else { fresh.append(i) }
        }
        // Colors of leaving sectors count as used while they shrink away.
        // Past the palette, generated colors keep clear of every one in use.
        let used = colors.enumerated().filter { !fresh.contains($0.offset) }.map { $0.element } + old.colors + old.ghosts.map(\.color)
        let chosen = CategoricalPalette.system.colors(count: fresh.count, avoiding: used)
        for (n, i) in fresh.enumerated() { colors[i] = chosen[n] }
        // A removed sector stays where it was: after the nearest earlier sector that remains.
        ghosts = []
        order = Array(chart.sectors.indices)
        var anchor = -1   // position in `order` after which the next ghost goes
        for i in 0..<oldK {
            let name = old.chart.sectors[i].name
            if let j = chart.sectors.firstIndex(where: { $0.name == name }) {
                anchor = order.firstIndex(of: j) ?? anchor
            } else {
                let v = old.shareState(i, time: time)
                ghosts.append(Ghost(color: old.colors[i], share: AnimatedValue(v.value, velocity: v.velocity, at: time, to: 0, spring: spring)))
                order.insert(-ghosts.count, at: anchor + 1)
                anchor += 1
            }
        }
        transitionEnd = time + spring.duration * AnimatedValue.restAfterDurations
        // A sector hidden before the reload stays hidden (by name).
        for (i, s) in chart.sectors.enumerated() where old.chart.sectors.firstIndex(where: { $0.name == s.name }).map(old.hidden.contains) == true {
            hidden.insert(i)
            visibility[i] = AnimatedValue(0, spring: .pieArrival)
            toggled = true
        }
    }

    /// The share of a drawing-order entry (a sector or a leaving ghost) at `time`.
    func wedgeShare(_ entry: Int, time: Double, reduceMotion: Bool) -> Double {
        if entry >= 0 {
            let v = reduceMotion ? visibility[entry].target : max(visibility[entry].value(at: time), 0)
            return share(entry, time: time, reduceMotion: reduceMotion) * v
        }
        return reduceMotion ? 0 : max(ghosts[-entry - 1].share.value(at: time), 0)
    }

    /// What every share is multiplied by when drawn. A leaving sector's spring overshoots below
    /// zero and is drawn as zero, which would push the others past a full turn: they are scaled
    /// back so the pie stays one circle.
    func drawScale(count k: Int, time: Double, reduceMotion: Bool) -> Double {
        var sum = 0.0
        for i in order where i < k { sum += wedgeShare(i, time: time, reduceMotion: reduceMotion) }
        // With sectors hidden the rest are stretched to close the circle.
        return sum > 1 || (toggled && sum > 1e-9) ? 1 / sum : 1
    }

    /// The sum of every drawn share, leaving ones included (1 whenever the pie is whole).
    func shareSum(time: Double) -> Double {
        let k = arrivedCount(time: time, reduceMotion: false)
        let scale = drawScale(count: k, time: time, reduceMotion: false)
        return order.reduce(0) { $1 < k ? $0 + wedgeShare($1, time: time, reduceMotion: false) * scale : $0 }
    }

    /// How many sectors are on screen at `time`.
    func arrivedCount(time: Double, reduceMotion: Bool) -> Int {
        if reduceMotion { return arrivals.count }
        var k = 0
        while k < arrivals.count && arrivals[k] <= time { k += 1 }
        return k
    }

    /// Sector `i`'s share at `time` (final shares with reduce motion).
    func share(_ i: Int, time: Double, reduceMotion: Bool) -> Double {
        if reduceMotion { return total > 0 ? chart.sectors[i].value / total : 0 }
        return max(shareState(i, time: time).value, 0)
    }

    func settleTime(reduceMotion: Bool) -> Double {
        if reduceMotion { return 0 }
        let end = transitionEnd ?? (arrivals.last ?? 0) + Spring.pieArrival.duration * AnimatedValue.restAfterDurations
        return toggled ? visibility.reduce(end) { max($0, $1.settleTime) } : end
    }

    /// Whether any legend toggle has happened (shares are then divided by what is shown).
    var toggled = false

    // MARK: - Layout

    func chromeHeight(width: Double) -> Double {
        let rows = legendRowsFor(width: width).count
        let legend = chart.legend && rows > 0 ? Self.spacing + Double(rows) * measurer.lineHeight(Self.legendStyle) + Double(rows - 1) * 4 : 0
        return measurer.lineHeight(Self.titleStyle) + Self.spacing + legend
    }

    func minimumContentWidth() -> Double { measurer.width(titles.last ?? "", Self.titleStyle) }

    /// Each legend item's width, measured once: the page's layout asks for the legend's rows at
    /// many widths, and a 4096-sector pie's names took a tenth of a render to measure each time.
    private lazy var legendItemWidths: [Double] = chart.sectors.map { Self.legendDot + 4 + measurer.width($0.name, Self.legendStyle) }
    func legendItemWidth(_ i: Int) -> Double { legendItemWidths[i] }

    /// The legend's rows of sectors; with `reservesNote` the last row keeps room at its right
    /// end for the note, or an empty row is added for it.
    private func legendRowsFor(width: Double) -> [[Int]] {
        var rows: [[Int]] = []
        var x = 0.0
        if chart.legend && !chart.sectors.isEmpty {
            rows = [[]]
            for i in chart.sectors.indices {
                let w = legendItemWidth(i)
                if x > 0 && x + w > width { rows.append([]); x = 0 }
                rows[rows.count - 1].append(i)
                x += w + 12
            }
        }
        if reservesNote && (rows.isEmpty || x + noteWidth > width) { rows.append([]) }
        return rows
    }

    /// The widest the note can be: its text for every sector unlabeled, digits at their widest.
    private lazy var noteWidth: Double = measurer.width(Descriptions.unlabeledNote(count: chart.sectors.count)
        .replacingOccurrences(of: "[0-9]", with: "8", options: .regularExpression), Self.legendStyle)

    /// The note's text for the sectors unlabeled now, remade only when their number changes.
    private var noteText: String {
        if noteCache.count != unlabeled.count { noteCache = (unlabeled.count, Descriptions.unlabeledNote(count: unlabeled.count)) }
        return noteCache.text
    }

    /// The note's leading point (right-aligned in its row, vertically centered), if it shows:
    /// always where the layout reserved room for it; otherwise (cards crowded out of a pie with
    /// no narrow sector) only if it fits at the end of the legend's last row.
    func notePosition() -> Vec2? {
        guard !unlabeled.isEmpty, !legendRows.isEmpty else { return nil }
        let lineH = measurer.lineHeight(Self.legendStyle), w = measurer.width(noteText, Self.legendStyle)
        if !reservesNote {
            let used = legendRows[legendRows.count - 1].reduce(0) { $0 + legendItemWidth($1) + 12 }
            guard used + w <= contentRect.width else { return nil }
        }
        return Vec2(contentRect.maxX - w, legendTop + Double(noteRow) * (lineH + 4) + lineH / 2)
    }

    func layout(content: Rect, chartSide: Double) {
        contentRect = content
        titleY = content.minY + measurer.lineHeight(Self.titleStyle) / 2
        let top = content.minY + measurer.lineHeight(Self.titleStyle) + Self.spacing
        legendRows = legendRowsFor(width: content.width)
        let legendH = legendRows.isEmpty ? 0 : Self.spacing + Double(legendRows.count) * measurer.lineHeight(Self.legendStyle) + Double(legendRows.count - 1) * 4
        let side = max(min(content.width, content.maxY - top - legendH), 0)
        plot = Rect(x: content.midX - side / 2, y: top + (content.maxY - top - legendH - side) / 2, width: side, height: side)
        legendTop = content.maxY - legendH + (legendRows.isEmpty ? 0 : Self.spacing)
        noteRow = legendRows.count - 1
    }

    var outerRadius: Double { plot.width / 2 }
    var innerRadius: Double { outerRadius * min(max(chart.innerRadius, 0), 0.99) }

    // MARK: - Drawing

    /// Legend dots (shapes layer), sectors (main), annotation cards (overlay), every piece of
    /// text (text), the hover tooltip (top).
    func draw(_ ctx: DrawContext) {
        let pal = ctx.palette
        let k = arrivedCount(time: ctx.time, reduceMotion: ctx.reduceMotion)
        let c = plot.center, s = ctx.scale
        let ro = outerRadius, ri = innerRadius
        let empty = shownTotal(count: k) <= 0 || chart.sectors.isEmpty
        let waitingForNothing = k == arrivals.count
        switch ctx.phase {
        case .shapes:
            // Legend dots: the sectors that have arrived, in rows under the plot.
            forEachLegendItem(count: k) { i, x, y in
                // A hidden sector's dot is hollow: shown and hidden differ by shape, not only shade.
                ctx.circle(center: Vec2(x + Self.legendDot / 2, y), radius: Self.legendDot / 2, color: colors[i].resolved(ctx.theme),
                           border: hidden.contains(i) ? 1.5 : 0)
            }
            if empty && waitingForNothing {   // nothing to wait for: say so
                ctx.circle(center: c, radius: ro, color: pal.quaternaryLabel, border: ri > 0 ? max(ro - ri, 1) : 1)
            }
        case .main:
            guard !empty else { return }
            let hovered = liftedSector
            let scale = drawScale(count: k, time: ctx.time, reduceMotion: ctx.reduceMotion)
            var start = 0.0
            for entry in order where entry < k {
                let f = wedgeShare(entry, time: ctx.time, reduceMotion: ctx.reduceMotion) * scale
                let end = start + f
                var c = c
                if entry == hovered {
                    let mid = (start + f / 2) * 2 * .pi
                    c = c + Vec2(sin(mid), -cos(mid)) * Self.lift
                }
                ctx.frame.add(SectorInstance(center: c * s, innerRadius: ri * s, outerRadius: ro * s,
                                             startAngle: start * 2 * .pi, endAngle: end * 2 * .pi,
                                             halfInset: chart.angularInset / 2 * s, cornerRadius: chart.cornerRadius * s,
                                             color: (entry >= 0 ? colors[entry] : ghosts[-entry - 1].color).resolved(ctx.theme)))
                start = end
            }
        case .overlay:
            for a in annotations {
                if let l = a.leader {
                    ctx.line(l.rim, l.elbow, width: 1, color: pal.secondaryLabel)
                    ctx.line(l.elbow, l.end, width: 1, color: pal.secondaryLabel)
                }
                ctx.rect(a.box, radius: 8, color: pal.annotationBackground, shadow: 4, shadowColor: pal.shadow)
            }
        case .text:
            // The title with its total, annotations, the center total, legend names.
            ctx.text(fittedTitle(count: k), style: Self.titleStyle, center: Vec2(contentRect.midX, titleY), color: pal.label)
            if empty && waitingForNothing { ctx.text("No data", style: .subheadline, center: c, color: pal.secondaryLabel) }
            let lineH = measurer.lineHeight(Self.annotationStyle)
            for a in annotations {
                ctx.text(chart.sectors[a.sector].name, style: Self.annotationStyle, center: Vec2(a.center.x, a.center.y - lineH / 2), color: pal.label)
                ctx.text(valueTexts[a.sector], style: Self.annotationStyle, center: Vec2(a.center.x, a.center.y + lineH / 2), color: pal.label)
            }
            if chart.centerLabel == .total && ri > 0 && !empty {
                ctx.text(centerText(count: k), style: .headline, center: c, color: pal.label)
            }
            forEachLegendItem(count: k) { i, x, y in
                ctx.text(chart.sectors[i].name, style: Self.legendStyle, leading: Vec2(x + Self.legendDot + 4, y),
                         color: hidden.contains(i) ? pal.tertiaryLabel : pal.secondaryLabel)
            }
            // "2 small slices unlabeled": what placement could not fit, said where the legend is.
            if let p = notePosition() { ctx.text(noteText, style: Self.legendStyle, leading: p, color: pal.secondaryLabel) }
        case .top:
            break
        }
    }

    /// The sector drawn lifted out: the hovered or focused sector or legend entry.
    private var liftedSector: Int? {
        switch highlight {
        case .sector(let i)?, .legend(let i)?: hidden.contains(i) ? nil : i
        default: nil
        }
    }

    /// The total of the arrived, shown sectors.
    private func shownTotal(count k: Int) -> Double {
        hidden.isEmpty ? (k == chart.sectors.count ? total : chart.sectors.prefix(k).reduce(0) { $0 + $1.value })
            : (0..<k).reduce(0) { hidden.contains($1) ? $0 : $0 + chart.sectors[$1].value }
    }

    /// Titles cut to the card's width, made once per layout and arrival count.
    private var fittedTitles: [Int: String] = [:]
    private var fittedWidth = 0.0
    private func fittedTitle(count k: Int) -> String {
        if fittedWidth != contentRect.width || !hidden.isEmpty { fittedTitles.removeAll(); fittedWidth = contentRect.width }
        if let t = fittedTitles[k] { return t }
        let t = measurer.truncated(titleText(count: k), Self.titleStyle, toWidth: contentRect.width)
        if hidden.isEmpty { fittedTitles[k] = t }
        return t
    }

    private func titleText(count k: Int) -> String {
        guard !hidden.isEmpty else { return titles[k] }
        return hiddenTexts(count: k).title
    }

    private func centerText(count k: Int) -> String {
        guard !hidden.isEmpty else { return centerTotals[k] }
        return hiddenTexts(count: k).center
    }

    /// Title and center total of what is shown, made once per toggle and arrival (not per frame).
    func hiddenTexts(count k: Int) -> (count: Int, title: String, center: String) {
        if let h = hiddenTexts, h.count == k { return h }
        let money = formatting.format(shownTotal(count: k), chart.format)
        let name = chart.title ?? (chart.innerRadius > 0 ? "Donut" : "Pie")
        let h = (k, chart.totalInTitle ? name + " " + money : name, money)
        hiddenTexts = h
        return h
    }

    /// Calls `body(sector, x, y)` for each arrived sector's legend item (dot's left edge, row middle).
    func forEachLegendItem(count k: Int, _ body: (Int, Double, Double) -> Void) {
        var y = legendTop + measurer.lineHeight(Self.legendStyle) / 2
        for row in legendRows {
            var x = contentRect.minX
            for i in row where i < k {
                body(i, x, y)
                x += legendItemWidth(i) + 12
            }
            y += measurer.lineHeight(Self.legendStyle) + 4
        }
    }

    func update(time: Double, reduceMotion: Bool) {
        annotations.removeAll(keepingCapacity: true)
        unlabeled.removeAll(keepingCapacity: true)
        let k = arrivedCount(time: time, reduceMotion: reduceMotion)
        if shownTotal(count: k) > 0 && !chart.sectors.isEmpty && chart.annotations { placeAnnotations(time: time, reduceMotion: reduceMotion, count: k) }
    }

    /// Name and value on a white rounded card at each sector's centroid. A card that would
    /// overlap one already placed, or whose sector is (at rest) narrower than the minimum angle,
    /// goes outside the ring with a leader line once every inside card is placed: along its
    /// sector's middle, else beside the ring at the nearest free height. Outside cards stay
    /// between the title and the legend, clear of the ring and of each other; one that finds no
    /// room is counted in `unlabeled` for the legend's note. A sector still growing in, narrow
    /// only for now, gets its card when it is wide enough, as before. Leaves the cards, leader
    /// lines and text positions in `annotations` for `draw`.
    private func placeAnnotations(time: Double, reduceMotion: Bool, count k: Int) {
        let c = plot.center
        placed.removeAll(keepingCapacity: true)
        outside.removeAll(keepingCapacity: true)
        let scale = drawScale(count: k, time: time, reduceMotion: reduceMotion)
        let minimum = minimumInsideAngle
        // What each shown sector's share will be at rest (every sector arrived, toggles settled).
        let restTotal = hidden.isEmpty ? total : chart.sectors.indices.reduce(0) { hidden.contains($1) ? $0 : $0 + chart.sectors[$1].value }
        var start = 0.0
        for i in order where i < k {
            let f = wedgeShare(i, time: time, reduceMotion: reduceMotion) * scale
            defer { start += f }
            guard i >= 0, f > 0 else { continue }
            let mid = (start + f / 2) * 2 * .pi - .pi / 2
            if !hidden.contains(i) && restTotal > 0 && chart.sectors[i].value / restTotal * 360 < minimum {
                outside.append((i, mid))
                continue
            }
            guard f * 360 >= minimum else { continue }
            let (w, h) = cardSize(i)
            let p = c + Vec2(cos(mid), sin(mid)) * ((innerRadius + outerRadius) / 2)
            let box = Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
            if placed.contains(where: { Self.overlaps($0, box) }) { outside.append((i, mid)); continue }
            placed.append(box)
            annotations.append((i, p, box, nil))
        }
        for (n, o) in outside.enumerated() {
            if n < Self.outsideAttempts, let a = outsideCard(o.sector, angle: o.angle) {
                placed.append(a.box)
                annotations.append((o.sector, a.center, a.box, a.leader))
            } else if !hidden.contains(o.sector) {
                unlabeled.append(o.sector)
            }
        }
    }

    /// Sector i's card: the wider of its name and value, two lines, padded.
    private func cardSize(_ i: Int) -> (Double, Double) {
        let w = max(measurer.width(chart.sectors[i].name, Self.annotationStyle), measurer.width(valueTexts[i], Self.annotationStyle)) + 8
        return (w, 2 * measurer.lineHeight(Self.annotationStyle) + 8)
    }

    /// A place for sector i's card outside the ring, its sector's middle at `angle` (radians,
    /// clockwise from 3 o'clock): along that angle just clear of the ring; else beside the ring
    /// on the side the sector faces (then the other), at the height of the sector's edge or the
    /// nearest free height, hugging the ring. The leader runs from the sector's rim to the card
    /// and may cross neither the ring nor another card. nil when nothing fits.
    private func outsideCard(_ i: Int, angle: Double) -> (center: Vec2, box: Rect, leader: Leader)? {
        let c = plot.center, ro = outerRadius
        let (w, h) = cardSize(i)
        let dir = Vec2(cos(angle), sin(angle))
        // Outside cards stay between the title and the legend.
        let room = Rect(x: contentRect.minX, y: plot.minY - 4, width: contentRect.width,
                        height: max(legendTop - Self.spacing - plot.minY + 4, 0))
        func free(_ box: Rect) -> Bool {
            box.minX >= room.minX && box.maxX <= room.maxX && box.minY >= room.minY && box.maxY <= room.maxY
                && !placed.contains(where: { Self.overlaps($0, box) })
        }
        // Along the mid-angle, far enough that the card clears the ring.
        let reach = ro + 10 + abs(dir.x) * w / 2 + abs(dir.y) * h / 2
        let p = c + dir * reach
        let radial = Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
        let elbow = c + dir * (ro + 6)
        // The leader ends where the line to the center leaves the card.
        let exit = min(abs(dir.x) > 1e-12 ? w / 2 / abs(dir.x) : .infinity, abs(dir.y) > 1e-12 ? h / 2 / abs(dir.y) : .infinity)
        if free(radial) { return (p, radial, (c + dir * (ro - 4), elbow, p - dir * exit)) }
        // Beside the ring: rows of card height, nearest to the rim's height first.
        guard room.height >= h else { return nil }
        let rim = c + dir * ro
        let y0 = min(max(rim.y, room.minY + h / 2), room.maxY - h / 2)
        let step = h + 4, rows = Int(room.height / step) + 1
        for side in dir.x < 0 ? [-1.0, 1.0] : [1.0, -1.0] {
            for n in 0..<(2 * rows + 1) {
                let y = y0 + Double((n + 1) / 2) * step * (n % 2 == 1 ? 1 : -1)
                guard y - h / 2 >= room.minY - 1e-9, y + h / 2 <= room.maxY + 1e-9 else { continue }
                // As close to the ring as leaves 8 points between them.
                let dy = max(abs(y - c.y) - h / 2, 0), clear = ro + 8
                let dx = dy < clear ? (clear * clear - dy * dy).squareRoot() : 0
                let box = Rect(x: side > 0 ? c.x + dx : c.x - dx - w, y: y - h / 2, width: w, height: h)
                guard free(box) else { continue }
                let end = Vec2(side > 0 ? box.minX : box.maxX, y)
                guard leaderIsClear(from: elbow, to: end) else { continue }
                return (Vec2(box.midX, y), box, (c + dir * (ro - 4), elbow, end))
            }
        }
        return nil
    }

    /// Whether a leader from `a` (its elbow, just outside the rim) to `b` stays outside the ring,
    /// off every card placed and crosses no other leader.
    private func leaderIsClear(from a: Vec2, to b: Vec2) -> Bool {
        let c = plot.center, d = b - a, len2 = d.dot(d)
        let t = len2 > 0 ? min(max((c - a).dot(d) / len2, 0), 1) : 0
        if (a + d * t - c).length < outerRadius { return false }
        for s in 1...16 {
            let q = a + d * (Double(s) / 16)
            if placed.contains(where: { $0.contains(q) }) { return false }
        }
        for case let (_, _, _, l?) in annotations where Self.crosses(a, b, l.elbow, l.end) || Self.crosses(a, b, l.rim, l.elbow) { return false }
        return true
    }

    /// Whether segments pq and rs cross (touching ends do not count).
    static func crosses(_ p: Vec2, _ q: Vec2, _ r: Vec2, _ s: Vec2) -> Bool {
        let d1 = (q - p).cross(r - p), d2 = (q - p).cross(s - p), d3 = (s - r).cross(p - r), d4 = (s - r).cross(q - r)
        return d1 * d2 < 0 && d3 * d4 < 0
    }

    /// The arrived sector under `p`, if any.
    func sector(at p: Vec2, count k: Int, time: Double, reduceMotion: Bool) -> Int? {
        let d = p - plot.center
        let r = d.length
        guard r <= outerRadius + Self.lift, r >= innerRadius else { return nil }
        var a = atan2(d.x, -d.y) / (2 * .pi)   // turns clockwise from 12 o'clock
        if a < 0 { a += 1 }
        let scale = drawScale(count: k, time: time, reduceMotion: reduceMotion)
        var start = 0.0
        for i in order where i < k {
            let f = wedgeShare(i, time: time, reduceMotion: reduceMotion) * scale
            if i >= 0 && f > 0 && a >= start && a < start + f { return i }
            start += f
        }
        return nil
    }

    // MARK: - Geometry

    func geometry(time: Double, reduceMotion: Bool, scale: Double, theme: Theme) -> JSONOut {
        let k = arrivedCount(time: time, reduceMotion: reduceMotion)
        var start = 0.0
        var sectors: [JSONOut] = []
        let scale = drawScale(count: k, time: time, reduceMotion: reduceMotion)
        for i in order where i < k && total > 0 {
            let f = wedgeShare(i, time: time, reduceMotion: reduceMotion) * scale
            defer { start += f }
            guard i >= 0 else { continue }   // leaving sectors take room but are no longer data
            sectors.append(.object([
                ("name", .string(chart.sectors[i].name)), ("value", .number(chart.sectors[i].value)),
                ("color", .string(colors[i].resolved(theme).hexString)),
                ("startAngle", .number(start * 360)), ("endAngle", .number((start + f) * 360)),
            ]))
        }
        return .object([
            ("type", .string("pie")),
            ("frame", .array([.number(plot.x * scale), .number(plot.y * scale), .number(plot.width * scale), .number(plot.height * scale)])),
            ("center", .array([.number(plot.midX * scale), .number(plot.midY * scale)])),
            ("outerRadius", .number(outerRadius * scale)),
            ("innerRadius", .number(innerRadius * scale)),
            ("title", .string(titleText(count: k))),
            ("sectors", .array(sectors)),
            // The cards placed at the last update, their leader lines, and the sectors left without one.
            ("annotations", .array(annotations.map { a in
                var fields: [(String, JSONOut)] = [("name", .string(chart.sectors[a.sector].name)),
                                                   ("box", .array([a.box.x, a.box.y, a.box.width, a.box.height].map { .number($0 * scale) }))]
                if let l = a.leader {
                    fields.append(("leader", .array([l.rim, l.elbow, l.end].map { .array([.number($0.x * scale), .number($0.y * scale)]) })))
                }
                return .object(fields)
            })),
            ("unlabeled", .array(unlabeled.map { .string(chart.sectors[$0].name) })),
        ])
    }
}
