import Foundation

/// A pie or donut chart on a card, in the look of Swift Charts' `SectorMark`: a title with the
/// total as currency, sectors that arrive one by one on springs, overlay annotations and a legend.
final class PieItem: ChartItem, ChartMorphing {
    let chart: PieChart
    let measurer: TextShaping
    let card = CardStyle.pie
    /// A lone pie without a title of its own writes the page's title, and its subtitle under it.
    var embeddedTitle: (String, String?)? {
        didSet { titles = Self.titles(chart, name: name, formatting: formatting); headerCache = nil }
    }
    /// The card's title: the chart's, the page's, or the kind's name.
    var name: String { chart.title ?? embeddedTitle?.0 ?? (chart.innerRadius > 0 ? "Donut" : "Pie") }
    /// The page's subtitle, under the title (a lone pie's card).
    var subtitle: String? { chart.title == nil ? embeddedTitle?.1 : nil }
    let replayButton: Rect? = nil

    /// Page time at which each sector arrives (set by the page, which sequences all its pies).
    private(set) var arrivals: [Double]
    /// Each sector's share of the whole, animated: existing sectors shrink as others arrive, a
    /// new one grows from zero width. The shares always add up to one. Sectors arriving one by
    /// one share one `PieArrivals`; after a reload each sector has its own spring.
    private var arrivalShares: PieArrivals
    private var transitionShares: [AnimatedValue]?
    var colors: [ChartColor]
    /// Each sector's pattern (issue #37), resolved with its color.
    var patterns: PatternAssignment
    /// "Earnings $1,120.00" for each number of arrived sectors, made once.
    private(set) var titles: [String] { didSet { longestTitleCount = Self.longest(titles) } }
    /// The title for each count of arrived sectors: the name, with the running total when the chart asks for it.
    static func titles(_ chart: PieChart, name: String, formatting: Formatting) -> [String] {
        guard chart.totalInTitle else { return Array(repeating: name, count: chart.sectors.count + 1) }
        var running = 0.0
        return (0...chart.sectors.count).map { k in
            if k > 0 { running += chart.sectors[k - 1].value }
            return name + " " + formatting.format(running, chart.format)
        }
    }
    let centerTotals: [String]
    let valueTexts: [String]
    /// The hovered or focused element: its sector lifts out.
    var highlight: ElementKey?
    var fillsCard: Bool { true }
    /// Each sector's presence, 1 shown, 0 hidden by its legend entry. A hidden sector shrinks
    /// away and the others spring to share the circle (shares are divided by what is shown).
    var visibility: [AnimatedValue]
    /// Sectors hidden by their legend entries.
    var hidden: Set<Int> = [] { didSet { sectorValueCache = nil; sectorLabelCache = nil } }
    /// The labels written inside the sectors (`"labels"`) and their widths, made once per set of hidden sectors.
    var sectorLabelCache: [(text: String, width: Double)]?
    /// Every sector's value and share as elements and tooltips say them, made once per set of
    /// hidden sectors (a tooltip read every frame costs nothing proportional to the pie).
    var sectorValueCache: [String]?
    /// The title and center total while sectors are hidden, made when a toggle changes them.
    var hiddenTexts: (count: Int, title: String, center: String)?
    let formatting: Formatting
    /// The arrival times the page gave, for replaying the chart alone.
    var scheduled: [Double] = []
    /// Points a hovered sector moves out along its middle.
    static let lift = 6.0
    let total: Double

    // Layout, in points.
    /// The header as laid out (#32): set for the longest title over every count of arrived
    /// sectors, so its height, and the chart under it, stay put while the total grows; each
    /// count's title is set on at most as many lines (`fittedTitle(count:)`).
    private(set) var shownHeader = CardHeader()
    /// The top of the header and the height kept for it.
    private(set) var headerTop = 0.0
    private(set) var headerHeight = 0.0
    private(set) var plot = Rect.zero
    private(set) var legendTop = 0.0
    var legendRows: [[Int]] = []
    private(set) var contentRect = Rect.zero
    /// Where the legend's rows go: under the plot across the card, or a column beside it.
    private(set) var legendRect = Rect.zero

    /// Sectors leaving after a reload: they shrink to nothing where they were.
    struct Ghost { var color: ChartColor; var pattern: FillPattern; var share: AnimatedValue }
    var ghosts: [Ghost] = []
    /// Drawing order, clockwise: a sector index, or −(g + 1) for ghost g.
    var order: [Int]
    /// When a reload's transition comes to rest (nil: no transition).
    var transitionEnd: Double?

    // Per-frame scratch, reserved once: annotation boxes placed so far, and where their text goes.
    var placed: [Rect] = []
    /// A leader runs from inside the sector's rim out to an elbow just past the ring, then to the card.
    var annotations: [(sector: Int, center: Vec2, box: Rect, leader: Leader?)] = []
    typealias Leader = (rim: Vec2, elbow: Vec2, end: Vec2)
    /// The cards' plan at rest (`planCards`), and what it was made for.
    var cardPlans: [CardPlan] = []
    struct PlanKey: Equatable { var content: Rect; var hidden: Set<Int>; var textSize: TextSize }
    var planKey: PlanKey?
    /// Sectors whose card goes outside the ring (too narrow, or crowded out), with their mid-angle.
    var outside: [(sector: Int, angle: Double)] = []
    /// Sectors that should have a card and found no place for one, in drawing order: the
    /// legend's note counts them ("2 small slices unlabeled").
    var unlabeled: [Int] = []
    var labelsHidden: Int { unlabeled.count + (chart.centerLabel == .total && innerRadius > 0 && centerShrink == 0 ? 1 : 0) }
    /// How much the center total is shrunk to fit across its hole (at least `leastShrink`), or 0
    /// when it does not fit even so and is left out (the title and `describe` still say it).
    var centerShrink = 1.0
    /// The least a label is shrunk to fit before it gives way (#32: no less than 85 %, never below 9 px).
    var leastShrink: Double { TextBlock.leastShrink(.headline, measurer) }

    /// Fits the center total (the whole pie's, the widest it writes) across the hole, at layout.
    func fitCenterTotal() {
        centerShrink = 1
        guard chart.centerLabel == .total, innerRadius > 0 else { return }
        let w = measurer.width(centerTotals.last ?? "", .headline), h = measurer.lineHeight(.headline)
        // The hole's width at the line's top and bottom, less a margin from the sectors.
        let half = h / 2, ri = innerRadius
        let chord = 2 * (max(ri * ri - half * half, 0)).squareRoot() - 8
        guard w > chord else { return }
        let k = chord / max(w, 1)
        centerShrink = k >= leastShrink ? k : 0
    }
    /// Whether the layout keeps room for that note: annotations are on and some sector is, at
    /// rest, narrower than the minimum angle. Known from the data, so the page's layout
    /// (`chromeHeight`) and the chart's agree before anything is placed.
    let reservesNote: Bool
    /// The note's text, made when its count changes (not every frame).
    private var noteCache: (count: Int, text: String) = (0, "")
    /// Where the note goes: the right end of the legend's last row, or a row of its own.
    private var noteRow = 0
    /// Whether the legend stands in a column beside the pie (`"legend": "trailing"` with room).
    private var legendBeside = false

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

    /// The page's palette, for the colors of sectors new to the pie after a reload.
    let palette: CategoricalPalette

    init(chart: PieChart, measurer: TextShaping, formatting: Formatting, palette: CategoricalPalette = .system) {
        self.palette = palette
        let chart = chart.drawn
        self.chart = chart
        self.measurer = measurer
        self.formatting = formatting
        visibility = Array(repeating: AnimatedValue(1, spring: .pieArrival), count: chart.sectors.count)
        // Sectors without a color take the page's palette in order, skipping colors their
        // siblings name, then generated ones (each pie starts the palette afresh).
        let chosen = palette.colors(count: chart.sectors.count { $0.color == nil }, avoiding: chart.sectors.compactMap(\.color))
        var next = 0
        colors = chart.sectors.map { s in
            if let c = s.color { return c }
            next += 1
            return chosen[next - 1]
        }
        patterns = PatternAssignment(chart.sectors.map(\.pattern))
        arrivals = Array(repeating: 0, count: chart.sectors.count)
        order = Array(chart.sectors.indices)
        arrivalShares = PieArrivals(times: arrivals, values: chart.sectors.map(\.value), spring: .pieArrival)
        var running = 0.0
        var centers: [String] = []
        for k in 0...chart.sectors.count {
            if k > 0 { running += chart.sectors[k - 1].value }
            centers.append(formatting.format(running, chart.format))
        }
        self.titles = Self.titles(chart, name: chart.title ?? (chart.innerRadius > 0 ? "Donut" : "Pie"), formatting: formatting)
        longestTitleCount = Self.longest(titles)
        self.centerTotals = centers
        valueTexts = chart.sectors.map { formatting.format($0.value, chart.format) }
        total = chart.total
        placed.reserveCapacity(chart.sectors.count)
        annotations.reserveCapacity(chart.sectors.count)
        outside.reserveCapacity(chart.sectors.count)
        unlabeled.reserveCapacity(chart.sectors.count)
        let minimum = max(chart.minimumAnnotationAngle, 0.5), sum = chart.total
        reservesNote = chart.annotations && sum > 0 && chart.sectors.contains { $0.value / sum * 360 * chart.arcTurns < minimum }
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

    /// Every sector is there at `time` (the morph brings them in from another kind).
    func beginsMorph(at time: Double) {
        schedule(arrivals: Array(repeating: time, count: chart.sectors.count))
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
        let oldK = old.arrivedCount(moment: Moment(time: time, reduceMotion: false))
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
        let isFresh = Set(fresh)
        let used = colors.enumerated().filter { !isFresh.contains($0.offset) }.map { $0.element } + old.colors + old.ghosts.map(\.color)
        let chosen = palette.colors(count: fresh.count, avoiding: used)
        for (n, i) in fresh.enumerated() { colors[i] = chosen[n] }
        // Each name's first sector, new and old: looked up per sector (a stream's 4096-sector pie
        // continues from itself every frame; searching the list each time took seconds).
        let newIndex = Self.firstIndexByName(chart.sectors), oldIndex = Self.firstIndexByName(old.chart.sectors)
        // Patterns stay with their sectors too.
        var oldPattern: [String: FillPattern] = [:]
        for i in 0..<oldK { oldPattern[old.chart.sectors[i].name] = old.patterns.patterns[i] }
        patterns.keep(oldPattern, names: chart.sectors.map(\.name))
        // A removed sector stays where it was: after the nearest earlier sector that remains.
        ghosts = []
        order = Array(chart.sectors.indices)
        var anchor = -1   // position in `order` after which the next ghost goes
        for i in 0..<oldK {
            let name = old.chart.sectors[i].name
            if let j = newIndex[name] {
                // Until a ghost goes in, sector j is at position j.
                anchor = ghosts.isEmpty ? j : order.firstIndex(of: j) ?? anchor
            } else {
                let v = old.shareState(i, time: time)
                ghosts.append(Ghost(color: old.colors[i], pattern: old.patterns.drawn(i, on: true),
                                    share: AnimatedValue(v.value, velocity: v.velocity, at: time, to: 0, spring: spring)))
                order.insert(-ghosts.count, at: anchor + 1)
                anchor += 1
            }
        }
        transitionEnd = time + spring.restTime
        // A sector hidden before the reload stays hidden (by name).
        for (i, s) in chart.sectors.enumerated() where oldIndex[s.name].map(old.hidden.contains) == true {
            hidden.insert(i)
            visibility[i] = AnimatedValue(0, spring: .pieArrival)
            toggled = true
        }
    }

    /// Where each name first appears in `sectors`.
    static func firstIndexByName(_ sectors: [PieSector]) -> [String: Int] {
        var out: [String: Int] = [:]
        out.reserveCapacity(sectors.count)
        for (i, s) in sectors.enumerated() where out[s.name] == nil { out[s.name] = i }
        return out
    }

    /// The share of a drawing-order entry (a sector or a leaving ghost) at `time`.
    func wedgeShare(_ entry: Int, moment: Moment) -> Double {
        if entry >= 0 {
            let v = moment.reduceMotion ? visibility[entry].target : max(visibility[entry].value(at: moment.time), 0)
            return share(entry, moment: moment) * v
        }
        return moment.reduceMotion ? 0 : max(ghosts[-entry - 1].share.value(at: moment.time), 0)
    }

    /// What every share is multiplied by when drawn. A leaving sector's spring overshoots below
    /// zero and is drawn as zero, which would push the others past a full turn: they are scaled
    /// back so the pie stays one circle.
    func drawScale(count k: Int, moment: Moment) -> Double {
        var sum = 0.0
        for i in order where i < k { sum += wedgeShare(i, moment: moment) }
        // With sectors hidden the rest are stretched to close the circle.
        return sum > 1 || (toggled && sum > 1e-9) ? 1 / sum : 1
    }

    /// The sum of every drawn share, leaving ones included (1 whenever the pie is whole).
    func shareSum(time: Double) -> Double {
        let k = arrivedCount(moment: Moment(time: time, reduceMotion: false))
        let scale = drawScale(count: k, moment: Moment(time: time, reduceMotion: false))
        return order.reduce(0) { $1 < k ? $0 + wedgeShare($1, moment: Moment(time: time, reduceMotion: false)) * scale : $0 }
    }

    /// How many sectors are on screen at `time`.
    func arrivedCount(moment: Moment) -> Int {
        if moment.reduceMotion { return arrivals.count }
        var k = 0
        while k < arrivals.count && arrivals[k] <= moment.time { k += 1 }
        return k
    }

    /// Sector `i`'s share at `time` (final shares with reduce motion).
    func share(_ i: Int, moment: Moment) -> Double {
        if moment.reduceMotion { return total > 0 ? chart.sectors[i].value / total : 0 }
        return max(shareState(i, time: moment.time).value, 0)
    }

    func settleTime(reduceMotion: Bool) -> Double {
        if reduceMotion { return 0 }
        let end = transitionEnd ?? (arrivals.last ?? 0) + Spring.pieArrival.restTime
        return toggled ? visibility.reduce(end) { max($0, $1.settleTime) } : end
    }

    /// Whether any legend toggle has happened (shares are then divided by what is shown).
    var toggled = false
    /// The title as set for the header, per arrived count (drawing reads it), made once per layout.
    var fittedTitles: [Int: FittedText] = [:]
    /// The header set for a card's content size and text size (the page asks at many sizes).
    var headerCache: (size: Size, textSize: TextSize, header: CardHeader)?

    // MARK: - Layout

    func chromeHeight(width: Double) -> Double { chromeHeight(width: width, height: .infinity) }

    /// The card's header with `title` (the page's title is bold).
    func header(_ title: String) -> CardHeader {
        CardHeader(title: title, subtitle: subtitle, pageTitle: chart.title == nil && embeddedTitle != nil, gap: 2)
    }
    /// The count whose title is longest (the most characters, the last of those): the title the
    /// header is laid out for.
    /// (Worked out when the titles are made: a layout asks for it at every size it tries, and
    /// counting 4097 titles' characters each time was a tenth of a 4096-sector page's layout.)
    private(set) var longestTitleCount = 0
    private static func longest(_ titles: [String]) -> Int {
        let counts = titles.map(\.count)
        return counts.indices.reduce(0) { counts[$1] >= counts[$0] ? $1 : $0 }
    }
    /// The header set for a card of content `width` × `height` by CardHeader's rule (a second line
    /// only while the ring keeps its size), for the longest title; made once per size and text size.
    func fittedHeader(width: Double, height: Double) -> CardHeader {
        if let c = headerCache, c.size == Size(width, height), c.textSize == measurer.textSize { return c.header }
        let legend = legendHeight(width: width, height: height)
        let b = Self.unitBounds(chart)
        let marks = { (h: Double) -> Double in
            // The ring's side under a header h tall (as `place` sets it, legend under the ring).
            max(min(width / b.width, (height - h - Self.spacing - legend) / b.height), 0) * max(b.width, b.height)
        }
        let h = header(titles[longestTitleCount]).fitted(width: width, cardHeight: height, marks: marks, measurer)
        headerCache = (Size(width, height), measurer.textSize, h)
        return h
    }
    /// The height kept for a fitted header: its title's lines at full size (any count's title fits
    /// in them), and its subtitle as set.
    func keptHeight(_ h: CardHeader) -> Double {
        let title = Double(h.titleLineCount) * measurer.lineHeight(h.titleStyle)
        guard let s = h.subtitleLines else { return title }
        return title + (title > 0 ? h.gap : 0) + s.height
    }
    /// The legend's rows under the ring and the space above them, in a card of content `width` × `height`.
    private func legendHeight(width: Double, height: Double) -> Double {
        let rows = legendRowsFor(width: width, height: height).rows.count
        return chart.legend && rows > 0 ? Self.spacing + Double(rows) * measurer.lineHeight(Self.legendStyle) + Double(rows - 1) * 4 : 0
    }

    /// The header and the legend's rows in a card of content `width` × `height` (the legend
    /// condensed to its share of the height).
    func chromeHeight(width: Double, height: Double) -> Double {
        keptHeight(fittedHeader(width: width, height: height)) + Self.spacing + legendHeight(width: width, height: height)
    }

    func largestChartSide(in content: Size) -> Double {
        max(min(content.width, content.height - chromeHeight(width: content.width, height: content.height)), 0)
    }
    func contentHeight(chartSide: Double, in content: Size) -> Double { chartSide + chromeHeight(width: content.width, height: content.height) }

    func minimumContentWidth() -> Double { measurer.width(titles.last ?? "", Self.titleStyle) }

    /// Each legend item's width, measured once when first asked: the page's layout asks for the
    /// legend's rows at many widths, and a 4096-sector pie's names took a tenth of a render to
    /// measure each time.
    private var legendItemWidths: (size: TextSize, widths: [Double?])?
    func legendItemWidth(_ i: Int) -> Double {
        // Measured as asked (a condensed legend of 4096 names asks for its first rows' only).
        if legendItemWidths?.size != measurer.textSize {
            legendItemWidths = (measurer.textSize, Array(repeating: nil, count: chart.sectors.count))
        }
        if let w = legendItemWidths?.widths[i] { return w }
        let w = Self.legendDot + 4 + measurer.width(chart.sectors[i].name, Self.legendStyle)
        legendItemWidths?.widths[i] = w
        return w
    }

    /// The most of a card's content height the legend's rows take (#32): past it the legend
    /// condenses to fewer rows ending in "+ N more", and where not even one row fits, it goes.
    static let legendShare = 1.0 / 3

    /// The legend's rows of sectors in a card of content `width` × `height`, and the entries
    /// left out (summarized as "+ N more" at the end of the last row, or all of them when the
    /// legend goes); with `reservesNote` the last row keeps room at its right end for the note,
    /// or an empty row is added for it.
    func legendRowsFor(width: Double, height: Double) -> (rows: [[Int]], left: Int, summaryRow: Int) {
        var rows: [[Int]] = []
        var x = 0.0, left = 0, summaryRow = -1
        if chart.legend && !chart.sectors.isEmpty {
            let lineH = measurer.lineHeight(Self.legendStyle)
            let cap = height.isFinite ? Int(((height * Self.legendShare + 4) / (lineH + 4)).rounded(.down)) - (reservesNote ? 1 : 0) : .max
            rows = [[]]
            for i in chart.sectors.indices {
                // A name wider than the card is shortened to it when drawn.
                let w = min(legendItemWidth(i), width)
                if x > 0 && x + w > width {
                    // Past the rows it may have, the legend condenses (below): the rest need no rows.
                    if rows.count > cap { break }
                    rows.append([]); x = 0
                }
                rows[rows.count - 1].append(i)
                x += w + 12
            }
            if rows.count > cap {
                // The first cap − 1 rows whole, then what fits beside "+ N more" (the widest count);
                // where not even the summary fits, the legend goes.
                let summary = measurer.width(Self.summaryText(chart.sectors.count), Self.legendStyle)
                guard cap > 0, summary <= width else { return (reservesNote && height.isFinite ? [[]] : [], chart.sectors.count, -1) }
                rows = Array(rows.prefix(cap))
                let kept = rows.dropLast().reduce(0) { $0 + $1.count }
                var last: [Int] = []
                x = 0
                for i in rows[cap - 1] {
                    let w = min(legendItemWidth(i), width)
                    guard x + w + 12 + summary <= width else { break }
                    last.append(i); x += w + 12
                }
                rows[cap - 1] = last
                left = chart.sectors.count - kept - last.count
                summaryRow = cap - 1
                x += summary + 12
            }
        }
        if reservesNote && (rows.isEmpty || x + noteWidth > width) { rows.append([]) }
        return (rows, left, summaryRow)
    }

    /// The legend's summary of the entries it leaves out.
    static func summaryText(_ n: Int) -> String { "+ \(n) more" }

    /// After layout: how many sectors the legend leaves out (condensed), all of them when it went.
    private(set) var legendHidden = 0
    var sharesPlotSize = false
    /// The summary's leading point, when the legend condensed (on its last row of entries).
    private(set) var legendSummary: (text: String, origin: Vec2, width: Double)?

    /// The widest the note can be: its text for every sector unlabeled, digits at their widest.
    private var noteWidth: Double {
        if noteWidths?.size != measurer.textSize {
            noteWidths = (measurer.textSize, measurer.width(Descriptions.unlabeledNote(count: chart.sectors.count)
                .replacingOccurrences(of: "[0-9]", with: "8", options: .regularExpression), Self.legendStyle))
        }
        return noteWidths!.width
    }
    private var noteWidths: (size: TextSize, width: Double)?

    /// The note's text for the sectors unlabeled now, remade only when their number changes.
    var noteText: String {
        if noteCache.count != unlabeled.count { noteCache = (unlabeled.count, Descriptions.unlabeledNote(count: unlabeled.count)) }
        return noteCache.text
    }

    /// The note's leading point (right-aligned in its row, vertically centered), if it shows:
    /// always where the layout reserved room for it; otherwise (cards crowded out of a pie with
    /// no narrow sector) only if it fits at the end of the legend's last row.
    func notePosition() -> Vec2? {
        guard !unlabeled.isEmpty, !legendRows.isEmpty else { return nil }
        let lineH = measurer.lineHeight(Self.legendStyle), w = measurer.width(noteText, Self.legendStyle)
        // A note wider than the card is not written (the chart's words and `labelsHidden` still count them).
        guard w <= (legendBeside ? contentRect.width : legendRect.width) else { return nil }
        if !reservesNote {
            var used = legendRows[legendRows.count - 1].reduce(0) { $0 + legendItemWidth($1) + 12 }
            // After a condensed legend's "+ N more" when it ends the same row.
            if let s = legendSummary, abs(s.origin.y - (legendTop + Double(noteRow) * (lineH + 4) + lineH / 2)) < 1 {
                used = max(used, s.origin.x - legendRect.minX + s.width + 12)
            }
            guard used + w <= legendRect.width else { return nil }
        }
        // Beside the pie the note starts where the entries do; under it, it ends the last row.
        let x = legendBeside ? min(legendRect.minX, contentRect.maxX - w) : legendRect.maxX - w
        return Vec2(x, legendTop + Double(noteRow) * (lineH + 4) + lineH / 2)
    }

    func layout(content: Rect, chartSide: Double) {
        contentRect = content
        headerTop = content.minY
        shownHeader = fittedHeader(width: content.width, height: content.height)
        headerHeight = keptHeight(shownHeader)
        fittedTitles.removeAll()
        let top = content.minY + headerHeight + Self.spacing
        // `"legend": "trailing"`: one entry a row in a column beside the pie (at most a third of the card).
        // (Under the pie when its column is taller than the card: the legend condenses into rows.)
        let lineH = measurer.lineHeight(Self.legendStyle), n = Double(chart.sectors.count)
        // The count of unlabeled slices takes a row of its own under the column, which is as
        // wide as the widest entry or that note.
        let rows = n + (reservesNote ? 1 : 0)
        var beside = chart.legendPosition == .trailing && !chart.sectors.isEmpty && rows * lineH + (rows - 1) * 4 <= content.maxY - top
        let widest = max(chart.sectors.indices.map(legendItemWidth).max() ?? 0, reservesNote ? noteWidth : 0)
        var column = beside ? min(widest, max(content.width / 3, 80)) : 0
        let condensed = legendRowsFor(width: content.width, height: content.height)
        legendRows = beside ? chart.sectors.indices.map { [$0] } + (reservesNote ? [[]] : []) : condensed.rows
        legendHidden = beside ? 0 : condensed.left
        var summaryRow = beside ? -1 : condensed.summaryRow
        // Where no row fits under the chart (the legend would go), a column beside it when the card
        // is wide enough that the chart keeps its size: the entries its height holds, the last
        // row "+ N more" (and the note's row under it).
        if !beside && chart.legendPosition == .automatic && !chart.sectors.isEmpty && condensed.left == chart.sectors.count {
            let roomH = content.maxY - top, k = Int(((roomH + 4) / (lineH + 4)).rounded(.down)) - (reservesNote ? 1 : 0)
            let summary = measurer.width(Self.summaryText(chart.sectors.count), Self.legendStyle)
            let w = max(min(max(chart.sectors.indices.map(legendItemWidth).max() ?? 0, reservesNote ? noteWidth : 0), max(content.width / 3, 80)), summary)
            if k >= 2 && content.width - w - 16 >= roomH {
                beside = true
                column = w
                let shown = chart.sectors.count <= k ? chart.sectors.count : k - 1
                legendRows = (0..<shown).map { [$0] } + (shown < chart.sectors.count ? [[]] : []) + (reservesNote ? [[]] : [])
                legendHidden = chart.sectors.count - shown
                summaryRow = legendHidden > 0 ? k - 1 : -1
            }
        }
        legendBeside = beside
        legendSummary = nil
        func place() {
            let rowsH = legendRows.isEmpty ? 0 : Double(legendRows.count) * measurer.lineHeight(Self.legendStyle) + Double(legendRows.count - 1) * 4
            let legendH = beside || legendRows.isEmpty ? 0 : Self.spacing + rowsH
            // The ring's extent (a square for a whole pie; a half donut is twice as wide as tall)
            // as large as the room between title and legend (or left of a legend beside it)
            // allows, in its middle; pulled-out sectors keep their offset inside it.
            var room = Rect(x: content.minX, y: top, width: max(content.width - (beside ? column + 16 : 0), 0),
                            height: max(content.maxY - top - legendH, 0))
            let pull = chart.sectors.reduce(0) { max($0, $1.offset) }
            let b = Self.unitBounds(chart)
            pieRadius = max(min((room.width - 2 * pull) / b.width, (room.height - 2 * pull) / b.height), 0) * ringScale
            if sharesPlotSize {
                // Small multiples: the page's one plot size, at the top of the room.
                pieRadius = min(pieRadius, max((chartSide - 2 * pull) / max(b.width, b.height), 0))
                room.height = min(room.height, b.height * pieRadius + 2 * pull)
            }
            pieCenter = Vec2(room.midX - b.midX * pieRadius, room.midY - b.midY * pieRadius)
            plot = Rect(x: pieCenter.x + b.minX * pieRadius, y: pieCenter.y + b.minY * pieRadius, width: b.width * pieRadius, height: b.height * pieRadius)
            ringRoom = room
            if beside {
                legendRect = Rect(x: room.maxX + 16, y: plot.midY - rowsH / 2, width: column, height: rowsH)
                legendTop = legendRect.minY
            } else {
                legendTop = content.maxY - legendH + (legendRows.isEmpty ? 0 : Self.spacing)
                legendRect = Rect(x: content.minX, y: legendTop, width: content.width, height: rowsH)
            }
            noteRow = legendRows.count - 1
            if summaryRow >= 0 && summaryRow < legendRows.count {
                let row = summaryRow, lineH = measurer.lineHeight(Self.legendStyle)
                let x = legendRows[row].reduce(legendRect.minX) { $0 + min(legendItemWidth($1), legendRect.width) + 12 }
                let text = Self.summaryText(legendHidden)
                legendSummary = (text, Vec2(x, legendTop + Double(row) * (lineH + 4) + lineH / 2), measurer.width(text, Self.legendStyle))
            }
        }
        place()
        // (After every placement: the note's row, below, makes the ring smaller.)
        defer { fitCenterTotal() }
        // Cards are planned now; a count of unlabeled slices with no room at the end of the
        // legend gets a row of its own (the pie gives way a little), and the cards are planned again.
        ringScale = 1
        guard chart.annotations, !chart.sectors.isEmpty else { return }
        planCards()
        giveWay(place)
        if !unlabeled.isEmpty && notePosition() == nil && !legendRows.isEmpty {
            legendRows.append([])
            place()
            planCards()
        }
    }

    /// The ring's size as a share of the largest its room allows: less than 1 when it gave way to
    /// its labels (`giveWay`).
    private(set) var ringScale = 1.0
    /// The room the ring was placed in the middle of (between the header and the legend).
    private(set) var ringRoom = Rect.zero
    /// The smallest share of the pie whose slice the ring gives way for, and the sizes it tries.
    static let giveWayShare = 0.03
    static let giveWayScales = [0.95, 0.9, 0.85, 0.8]

    /// Slices of more than `giveWayShare` of what is shown that found no place for their card.
    private var largeUnlabeled: Int {
        let shown = chart.sectors.indices.reduce(0.0) { hidden.contains($1) ? $0 : $0 + max(chart.sectors[$1].value, 0) }
        return unlabeled.count { shown > 0 && chart.sectors[$0].value / shown > Self.giveWayShare }
    }

    /// Chart.js's `fitWithPointLabels` for cards (#32): while a slice of more than 3 % goes
    /// unlabeled, the ring gives way a little (down to 80 % of the size its room allows; the cards
    /// keep their size) when a smaller ring labels more of those slices; the largest such ring is
    /// kept. Cards are planned again at each size tried (at layout, a few times at most).
    private func giveWay(_ place: () -> Void) {
        var best = (scale: 1.0, missing: largeUnlabeled)
        guard best.missing > 0 else { return }
        for s in Self.giveWayScales {
            ringScale = s
            place()
            planCards()
            let m = largeUnlabeled
            if m < best.missing { best = (s, m) }
            if m == 0 { break }
        }
        if ringScale != best.scale {
            ringScale = best.scale
            place()
            planCards()
        }
    }

    /// The ring's center and outer radius (points), once laid out.
    var marksFrame: Rect? { plot }
    var headerBottom: Double? { headerHeight > 0 ? headerTop + headerHeight : nil }
    private(set) var pieCenter = Vec2.zero
    private(set) var pieRadius = 0.0
    var outerRadius: Double { pieRadius }

    /// The ring's extent in units of its outer radius about its center: the unit square for a
    /// whole pie, the box of the ring part between `startAngle` and `endAngle` otherwise.
    static func unitBounds(_ chart: PieChart) -> Rect {
        guard chart.arcTurns < 1 else { return Rect(x: -1, y: -1, width: 2, height: 2) }
        return FamilyItem.arcBounds(center: .zero, inner: min(max(chart.innerRadius, 0), 0.99), outer: 1, from: chart.startAngle, to: chart.endAngle)
    }

    /// A turn clockwise from 12 o'clock for a position `s` (0…1) along the pie's arc.
    func turn(_ s: Double) -> Double { chart.startTurn + s * chart.arcTurns }
    /// The position along the pie's arc (0…1) of the turn `a` (0…1), or nil outside the arc.
    func position(ofTurn a: Double) -> Double? {
        var t = (a - chart.startTurn).truncatingRemainder(dividingBy: 1)
        if t < 0 { t += 1 }
        let s = t / max(chart.arcTurns, 1e-9)
        return s <= 1 ? s : nil
    }
    var innerRadius: Double { outerRadius * min(max(chart.innerRadius, 0), 0.99) }

    /// The middle of the center total's line: the ring's center, raised into the hole when the
    /// ring ends there (a half donut's box ends at its center, and the legend starts just under
    /// it), so the line sits on the ring's ends and never on the legend.
    var centerTotalPoint: Vec2 {
        let h = measurer.lineHeight(.headline)
        return Vec2(pieCenter.x, min(pieCenter.y, plot.maxY - h / 2 - 2))
    }

    /// The arrived sector under `p`, if any.
    func sector(at p: Vec2, count k: Int, moment: Moment) -> Int? {
        let d = p - pieCenter
        let r = d.length
        guard r <= outerRadius + chart.hoverOffset, r >= innerRadius else { return nil }
        var turns = atan2(d.x, -d.y) / (2 * .pi)   // turns clockwise from 12 o'clock
        if turns < 0 { turns += 1 }
        guard let a = position(ofTurn: turns) else { return nil }
        let scale = drawScale(count: k, moment: moment)
        var start = 0.0
        for i in order where i < k {
            let f = wedgeShare(i, moment: moment) * scale
            if i >= 0 && f > 0 && a >= start && a < start + f { return i }
            start += f
        }
        return nil
    }

    // MARK: - Geometry

    /// What `--geometry` lists for the pie, as drawn (`sectors`: the drawing loop's), in pixels.
    func record(_ ctx: DrawContext, count k: Int, sectors: [JSONOut]) {
        ctx.record(type: "pie", [
            ("frame", ctx.px(plot)),
            ("center", ctx.px(pieCenter)),
            ("startAngle", .number(chart.startAngle)), ("endAngle", .number(chart.endAngle)),
            ("outerRadius", ctx.px(outerRadius)),
            ("innerRadius", ctx.px(innerRadius)),
            ("title", .string(titleText(count: k))),
            ("sectors", .array(sectors)),
            // The cards placed at the last update, their leader lines, and the sectors left without one.
            ("annotations", .array(annotations.map { a in
                var fields: [(String, JSONOut)] = [("name", .string(chart.sectors[a.sector].name)), ("box", ctx.px(a.box))]
                if let l = a.leader { fields.append(("leader", .array([l.rim, l.elbow, l.end].map(ctx.px)))) }
                return .object(fields)
            })),
            ("unlabeled", .array(unlabeled.map { .string(chart.sectors[$0].name) })),
        ])
    }
}
