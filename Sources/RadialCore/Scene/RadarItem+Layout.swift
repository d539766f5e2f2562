import Foundation

/// The radar card's layout: header, chart square, legend (under the chart, or beside it in a
/// wide card), Replay, and the axis labels measured first and fitted around the chart.
///
/// Axis labels keep their size; the chart gives way (Chart.js's `fitWithPointLabels`). Where
/// the seed's placement works (every label whole at full size in the 34 pt around the rim, as
/// the seeds' own data does) it is kept exactly. Otherwise each label is wrapped onto up to three
/// lines, aligned by its angle (leading on the right half, trailing on the left, centered at the
/// top and bottom) and given the room it needs: the largest radius at which every label fits
/// inside the chart's band of the card without touching another. Only when none does are labels
/// shortened with "…", and when even that leaves some on top of each other the chart is too
/// small to read.
extension RadarItem {
    private var header: CardHeader {
        CardHeader(title: chart.title ?? embeddedTitle?.0, subtitle: chart.subtitle ?? embeddedTitle?.1, pageTitle: chart.title == nil)
    }
    /// The header's width in a card `width` wide: clear of the corner button on both sides.
    private func headerWidth(_ width: Double) -> Double { compact && controls ? width - 2 * (buttonSize.width + 6) : width }
    /// The header set for a card of content `content` by CardHeader's rule (a second line only
    /// while the chart keeps its size), made once per size and text size.
    private func fittedHeader(in content: Size) -> CardHeader {
        if let c = headerCache, c.size == content, c.textSize == measurer.textSize { return c.header }
        let rest = chromeHeight(width: content.width, header: 0)
        let marks = { (h: Double) -> Double in
            max(min(content.width, content.height - rest - h - Self.stackSpacing) - 2 * RadarMath.labelRoom, 0)
        }
        let h = header.fitted(width: headerWidth(content.width), cardHeight: content.height, marks: marks, measurer)
        headerCache = (content, measurer.textSize, h)
        return h
    }
    var buttonLabel: String { compact ? Self.replayIcon : Self.replayLabel }
    private var buttonSize: Size {
        let h = measurer.lineHeight(Self.buttonStyle) + 2 * Self.buttonPadding.v
        if compact { return Size(max(measurer.width(buttonLabel, Self.buttonStyle) + 2 * Self.buttonPadding.v, h), h) }
        return Size(measurer.width(buttonLabel, Self.buttonStyle) + 2 * Self.buttonPadding.h, h)
    }
    static let legendRowSpacing = 8.0
    static let sideLegendGap = 16.0
    /// The seed's legend: a 10 pt dot, 6 pt to the name, 20 pt between entries, centered.
    static let legendLook = Legend.Style(marker: legendDot, markerGap: 6, spacing: legendSpacing, rowSpacing: legendRowSpacing,
                                         text: legendStyle, alignment: .center)
    /// A legend under the chart takes at most this many rows; the rest are summarized.
    static let legendMaxRows = 4

    /// The legend in rows under a chart `width` wide.
    func bottomLegend(width: Double) -> Legend {
        Legend(chart.legend == .none ? [] : chart.series.map(\.name), style: Self.legendLook, placement: .rows(width: width),
               maxRows: Self.legendMaxRows, measurer)
    }
    /// The legend in a column at most `width` wide and `height` tall.
    func columnLegend(width: Double, height: Double) -> Legend {
        var look = Self.legendLook
        look.alignment = .leading
        let rowH = max(Self.legendDot, measurer.lineHeight(Self.legendStyle))
        let rows = max(Int((height + Self.legendRowSpacing) / (rowH + Self.legendRowSpacing)), 1)
        return Legend(chart.series.map(\.name), style: look, placement: .column(width: width), maxRows: rows, measurer)
    }
    /// One row's height: what an empty legend still takes in the seed's stack.
    var legendRowHeight: Double { max(Self.legendDot, measurer.lineHeight(Self.legendStyle)) }

    private func bottomLegendHeight(width: Double) -> Double {
        chart.legend == .none ? 0 : max(bottomLegend(width: width).size.height, legendRowHeight)
    }

    /// The header and the space under it; a compact card without a header keeps a row for its
    /// corner button.
    private func headerBlock(_ header: Double) -> Double {
        if header > 0 { return header + Self.stackSpacing }
        return compact && controls ? buttonSize.height + 4 : 0
    }
    private func headerBlock(in content: Size) -> Double { headerBlock(fittedHeader(in: content).shownHeight) }

    /// The legend below the chart (the seed's stack): everything but the chart square.
    func chromeHeight(width: Double) -> Double { chromeHeight(in: Size(width, .infinity)) }
    /// The same with the header CardHeader's rule sets for `content`.
    private func chromeHeight(in content: Size) -> Double {
        chromeHeight(width: content.width, header: fittedHeader(in: content).shownHeight)
    }
    /// The same under a header `header` points tall.
    private func chromeHeight(width: Double, header: Double) -> Double {
        let legend = chart.legend == .none ? 0 : Self.stackSpacing + bottomLegendHeight(width: width)
        return headerBlock(header) + legend + (controls && !compact ? Self.stackSpacing + buttonSize.height : 0)
    }

    /// The widest the legend column may be: a third of the card.
    private func columnWidth(_ content: Size) -> Double {
        let widest = chart.series.map { Self.legendDot + 6 + measurer.width($0.name, Self.legendStyle) }.max() ?? 0
        return min(widest, max(content.width / 3, 80))
    }

    /// The chart side with the legend beside the chart: in a compact (grid) card, on a landscape
    /// page, or when the chart asks for it. `placing`: the card was sized already (a single card
    /// hugs its content, so it is no longer landscape): the legend goes beside the chart when the
    /// card was made wide enough for it.
    private func sideLegendChartSide(in content: Size, placing: Double? = nil) -> Double? {
        guard !chart.series.isEmpty, chart.legend != .none, chart.legend != .bottom else { return nil }
        if let side = placing, !compact, chart.legend != .trailing {
            guard content.width + 0.5 >= side + Self.sideLegendGap + columnWidth(content) else { return nil }
        } else {
            guard compact || chart.legend == .trailing || content.width > content.height * 1.2 else { return nil }
        }
        let w = columnWidth(content)
        let side = min(content.width - Self.sideLegendGap - w, content.height - headerBlock(in: content))
        guard side > 0 else { return nil }
        let col = columnLegend(width: w, height: side)
        return side >= col.size.height ? side : nil
    }

    func largestChartSide(in content: Size) -> Double {
        let below = content.width > 0 && chart.legend != .trailing ? min(content.width, content.height - chromeHeight(in: content)) : 0
        return max(below, sideLegendChartSide(in: content) ?? 0, 0)
    }

    /// With the legend beside the chart when `layout` would put it there.
    func contentHeight(chartSide: Double, in content: Size) -> Double {
        usesSideLegend(chartSide: chartSide, in: content) ? headerBlock(in: content) + chartSide : chartSide + chromeHeight(in: content)
    }

    /// The legend goes beside the chart when asked to, or when below it would not leave the
    /// chart this side.
    private func usesSideLegend(chartSide: Double, in content: Size, placing: Bool = false) -> Bool {
        guard let s = sideLegendChartSide(in: content, placing: placing ? chartSide : nil) else { return false }
        if chart.legend == .trailing { return true }
        return s + 0.5 >= chartSide && content.height + 0.5 < chartSide + chromeHeight(in: content)
    }

    func minimumContentWidth() -> Double {
        let widestEntry = chart.series.map { Self.legendDot + 6 + measurer.width($0.name, Self.legendStyle) }.max() ?? 0
        return max(min(widestEntry, 240), controls && !compact ? buttonSize.width : 0, header.width(measurer))
    }

    /// A card holding only this chart is as wide as the square, or wider when labels at 3 and 9
    /// o'clock need room past it (at the seed's radius, whole on one line) or the legend is beside it.
    func contentWidth(chartSide: Double, in content: Size) -> Double {
        var want = max(chartSide, minimumContentWidth())
        if usesSideLegend(chartSide: chartSide, in: content) {
            want = max(want, chartSide + Self.sideLegendGap + columnWidth(content))
        } else {
            // As wide as the legend's rows were planned for, so they wrap as the height assumed.
            want = max(want, bottomLegend(width: content.width).size.width)
        }
        let n = chart.axes.count
        guard n > 2 else { return want }
        let r = max(chartSide / 2 - RadarMath.labelRoom, 0) + Self.labelGap
        var overhang = 0.0
        for a in 0..<n {
            let u = Self.direction(a, n)
            guard abs(u.x) > Self.centeredBelow else { continue }
            overhang = max(overhang, abs(u.x) * r + measurer.width(chart.axes[a], Self.labelStyle) - chartSide / 2)
        }
        return max(want, chartSide + 2 * overhang)
    }

    /// Axis labels need their room around even the smallest useful radar.
    var minimumChartSide: Double { 2 * RadarMath.labelRoom + 48 }
    var isReadable: Bool { labelsFit }
    var marksFrame: Rect? { Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius) }
    var headerBottom: Double? { shownHeader.shownHeight > 0 ? headerTop + shownHeader.shownHeight : nil }

    func layout(content: Rect, chartSide: Double) {
        marksOnly = false
        lay(content: content, chartSide: chartSide)
    }

    func layoutMarks(content: Rect, chartSide: Double) {
        marksOnly = true
        lay(content: content, chartSide: chartSide)
    }

    private func lay(content: Rect, chartSide: Double) {
        let b = buttonSize
        let corner = compact && controls
        replayButton = corner ? Rect(x: content.maxX - b.width, y: content.minY, width: b.width, height: b.height) : nil
        sideLegend = usesSideLegend(chartSide: chartSide, in: content.size, placing: true)
        // The header takes the lines the card has room for over the chart it was sized for.
        let below = sideLegend ? chartSide : chartSide + chromeHeight(width: content.width, header: 0) - headerBlock(0)
        shownHeader = header.fitted(width: headerWidth(content.width), room: content.height - below - Self.stackSpacing, measurer)
        // The stack sits in the middle of a card taller than it needs (a grid row's height).
        let stack = headerBlock(shownHeader.shownHeight) + below
        var y = content.minY + (sharesPlotSize ? 0 : max((content.height - stack) / 2, 0))
        headerTop = y
        headerCenterX = content.midX
        y += headerBlock(shownHeader.shownHeight)
        // The band the labels may use: the card's width at the chart's height (up to the legend beside it).
        var band: Rect
        if sideLegend {
            let w = columnWidth(content.size)
            var col = columnLegend(width: w, height: chartSide)
            let x0 = content.midX - (chartSide + Self.sideLegendGap + col.size.width) / 2
            square = Rect(x: x0, y: y, width: chartSide, height: chartSide)
            col.place(at: Vec2(square.maxX + Self.sideLegendGap, square.midY - col.size.height / 2))
            legend = col
            band = Rect(x: content.minX, y: square.minY, width: max(square.maxX - content.minX, 0), height: chartSide)
        } else {
            square = Rect(x: content.midX - chartSide / 2, y: y, width: chartSide, height: chartSide)
            y += chartSide
            var rows = bottomLegend(width: content.width)
            if chart.legend != .none {
                y += Self.stackSpacing
                rows.place(at: Vec2(content.minX, y), width: content.width)
                y += max(rows.size.height, legendRowHeight) + Self.stackSpacing
            }
            legend = rows
            if controls && !compact { replayButton = Rect(x: content.midX - b.width / 2, y: y, width: b.width, height: b.height) }
            band = Rect(x: content.minX, y: square.minY, width: content.width, height: chartSide)
        }
        center = square.center
        labelsBand = band
        layoutLabels(side: chartSide, band: band)
        layoutScaleLabels()
    }

    // MARK: - Axis labels

    /// Points between the rim and the nearest edge of a fitted label.
    static let labelGap = 8.0
    /// Labels whose direction is this close to straight up or down are centered on their axis.
    static let centeredBelow = RimLabels.centeredBelow
    /// Lines a label may wrap onto.
    static let maxLabelLines = 3

    static func direction(_ a: Int, _ n: Int) -> Vec2 {
        let ang = RadarMath.angle(of: a, count: n)
        return Vec2(cos(ang), sin(ang))
    }

    /// What the axis labels' placement depends on, and where it put them: a stream's next state
    /// (new values, the same axes, size and marks) keeps the labels its previous scene placed
    /// instead of fitting 512 of them again every frame.
    struct LabelPlacement {
        var axes: [String], square: Rect, band: Rect, aboveRange: Bool, textSize: TextSize
        var radius: Double, labels: [AxisLabel], fit: Bool
        func holds(for item: RadarItem, square: Rect, band: Rect) -> Bool {
            self.square == square && self.band == band && textSize == item.measurer.textSize && aboveRange == item.anyAboveRange
                && axes == item.chart.axes
        }
    }

    /// The seed's placement when it works, else the largest radius at which every label fits.
    private func layoutLabels(side: Double, band: Rect) {
        // A thumbnail's shapes: the seed's radius (its strokes as thick against it as a
        // thumbnail's always were), no labels.
        if marksOnly {
            radius = max(side / 2 - RadarMath.labelRoom, 0); labels = []; labelsFit = true
            return
        }
        if let p = placedLabels, p.holds(for: self, square: square, band: band) {
            radius = p.radius; labels = p.labels; labelsFit = p.fit
            return
        }
        fitAxisLabels(side: side, band: band)
        placedLabels = LabelPlacement(axes: chart.axes, square: square, band: band, aboveRange: anyAboveRange, textSize: measurer.textSize,
                                      radius: radius, labels: labels, fit: labelsFit)
    }

    private func fitAxisLabels(side: Double, band: Rect) {
        let n = chart.axes.count
        labels = []
        labelsFit = true
        if let seed = seedLabels(side: side, band: band) {
            radius = max(side / 2 - RadarMath.labelRoom, 0)
            labels = seed
            return
        }
        guard n > 0 else { radius = max(side / 2 - RadarMath.labelRoom, 0); return }
        // An above-range value's arrow reaches 15 pt past the rim: labels keep clear of it.
        let gap = Self.labelGap + (anyAboveRange ? 12 : 0)
        let rMax = max(side / 2 - gap - 2, 0)
        let rMin = min(max(24, side * 0.18), rMax)
        // Largest first: the labels fit at some radius between rMin and rMax, and a smaller
        // radius only gives them more room at the band's edges (less between neighbours).
        let step = max((rMax - rMin) / 40, 0.5)
        // The names' forms, kept from the layout before while the names and the text size are the same.
        if nameForms?.names != chart.axes || nameForms?.textSize != measurer.textSize {
            nameForms = NameForms(names: chart.axes, style: Self.labelStyle, measurer: measurer)
        }
        guard let forms = nameForms else { return }
        // Nothing fits whole at full size as set: whole labels on two lines or staggered near 12
        // and 6 o'clock (the radius gives way before a label shrinks); whole labels shrunk a
        // little; then labels shortened where they must be (each at most as wide as the room
        // between its neighbours), whole wherever they keep clear; what still collides at the
        // smallest useful radius means the chart is too small.
        for give in [LabelGive.none, .move, .shrink, .shorten, .hide] {
            var r = rMax
            // Moving, the radius gives way by up to a fifth (`RimLabels.leastRadiusShare`); past
            // that, labels shrink at the larger radius instead.
            let least = give == .move ? max(rMin, rMax * RimLabels.leastRadiusShare) : rMin
            while r >= least {
                if let fitted = fitLabels(radius: r, gap: gap, band: band, give: give, forms: forms, strict: true) {
                    radius = r
                    labels = fitted
                    return
                }
                r -= step
            }
        }
        radius = rMin
        labels = fitLabels(radius: rMin, gap: gap, band: band, give: .hide, forms: forms) ?? []
    }

    /// Whether some value is above its axis' range and drawn with an arrow past the rim.
    private var anyAboveRange: Bool {
        anyOutOfRange && chart.series.indices.contains { i in
            chart.axes.indices.contains { a in
                chart.outOfRange(series: i, axis: a) == (chart.scale(axis: a).inverted ? .below : .above)
            }
        }
    }

    /// The seed's labels (centered at radius + 0.55 × 34 pt), if every one is whole at full size,
    /// inside the band and clear of the others; nil otherwise.
    private func seedLabels(side: Double, band: Rect) -> [AxisLabel]? {
        let n = chart.axes.count
        guard !anyAboveRange else { return nil }
        let r = max(side / 2 - RadarMath.labelRoom, 0) + RadarMath.labelRoom * 0.55
        let centers = (0..<n).map { RadarMath.point(axis: $0, count: n, share: 1, center: square.center, radius: r) }
        let widths = chart.axes.map { measurer.width($0, Self.labelStyle) }
        let lineH = measurer.lineHeight(Self.labelStyle)
        var out: [AxisLabel] = []
        for i in 0..<n {
            let c = centers[i]
            var room = 2 * min(c.x - square.minX, square.maxX - c.x)
            if n > 1 {
                for j in [(i + n - 1) % n, (i + 1) % n] where j != i {
                    let o = centers[j]
                    // Neighbours on roughly the same line share the horizontal gap between them.
                    if abs(o.y - c.y) < lineH { room = min(room, 2 * abs(o.x - c.x) - widths[j] - 4) }
                }
            }
            guard widths[i] <= room else { return nil }
            let block = TextBlock(chart.axes[i], style: Self.labelStyle, width: .infinity, measurer)
            let origin = Vec2(c.x - block.size.width / 2, c.y - block.size.height / 2)
            out.append(AxisLabel(block: block, origin: origin))
        }
        guard Self.clear(out, within: band) else { return nil }
        return out
    }

    /// How much a pass over the radii lets a label give: nothing (whole at full size, as set for
    /// its room), its place (whole at full size on two lines, or staggered a row out near 12 and
    /// 6 o'clock: `RimLabels`), its size (whole, shrunk a little), its end (shortened with "…",
    /// keeping three characters), or, as a last resort, itself (hidden where it would keep fewer;
    /// at most half the labels, else the chart is too small to read).
    enum LabelGive: Comparable { case none, move, shrink, shorten, hide }

    /// The labels around a circle of `radius`, each aligned by its angle `gap` points past the
    /// rim and wrapped to the room it has. Each label has candidates: whole at full size (up to
    /// three lines), then on two balanced lines and staggered outward (`RimLabels.moves`), whole
    /// shrunk (not below `TextBlock.leastShrink`, nor 9 px), shortened within the room between its
    /// neighbours (two lines, at least three characters before "…") — as far as `give` allows.
    /// Moving: the circle works when every label, going round from 3 o'clock, finds a place clear
    /// of those placed before it. Shrinking or shortening: when every label's last (most given)
    /// candidate keeps clear of the others; then each label takes its first candidate that still
    /// does (`settle`). Nil when the circle does not work (or, with `.hide` and not `strict`,
    /// never: what still collides is kept and the chart is too small). A form that cannot be
    /// whole in its room (a word wider than it) is not made: it could only be shortened; nor is
    /// a label cut to nothing made again at each radius (`NameForms`).
    private func fitLabels(radius r: Double, gap: Double, band: Rect, give: LabelGive, forms: NameForms, strict: Bool = false) -> [AxisLabel]? {
        let n = chart.axes.count
        let rim = RimLabels(center: square.center, anchoring: .byAngle, measurer: measurer)
        // Labels centered on vertical axes may be as wide as the space between their neighbours.
        let chord = n > 1 ? 2 * (r + gap) * sin(.pi / Double(n)) : .infinity
        let least = TextBlock.leastShrink(Self.labelStyle, measurer)
        var out: [AxisLabel] = []
        // Labels are placed as they are made and, where the circle fails anyway (every pass but
        // the last resort), the first that finds no place ends the try: at a small size the
        // search over radii stops after a few of 512 labels, not all of them.
        let failFast = give < .shorten || strict
        var placer = LabelPlacer(bounds: band.insetBy(-0.5))
        var crowded = false
        var options: [[AxisLabel]] = []
        var directions: [Vec2] = []
        var surelyHidden = 0
        for a in 0..<n {
            let u = Self.direction(a, n)
            let anchor = square.center + u * (r + gap)
            let alignment = rim.alignment(u)
            var room: Double
            switch alignment {
            case .leading: room = band.maxX - anchor.x
            case .trailing: room = anchor.x - band.minX
            case .center: room = min(2 * min(anchor.x - band.minX, band.maxX - anchor.x), max(chord - 4, 0))
            }
            room = max(room, 0)
            // A centered label kept within the room between its neighbours while the circle is
            // searched as it always was; moved or placed (`settle`), it may be as wide as it keeps
            // clear of them.
            let wholeRoom = alignment == .center && give != .none ? max(2 * min(anchor.x - band.minX, band.maxX - anchor.x), 0) : room
            func label(_ block: TextBlock, shrink: Double = 1) -> AxisLabel { rim.label(block, direction: u, reach: r + gap, shrink: shrink) }
            var candidates: [AxisLabel] = []
            let text = chart.axes[a]
            // Whole at full size, as set for its room (if it fits there).
            let set: TextBlock? = forms.mayBeWhole(a, width: wholeRoom)
                ? TextBlock(text, style: Self.labelStyle, width: wholeRoom, maxLines: Self.maxLabelLines, alignment: alignment, measurer) : nil
            let whole = set?.shortened == false ? set : nil
            if give >= .move {
                // As set, on two balanced lines (also where one line does not fit its room), a row or two out.
                let two = forms.twoLines(a, alignment: alignment)
                let blocks = (whole.map { [$0] } ?? []) + (two.map { [$0] } ?? []).filter { $0.size.width <= wholeRoom + 1e-9 }
                candidates += rim.moves(blocks, direction: u, reach: r + gap)
            } else if let whole {
                candidates.append(label(whole))
            }
            if give >= .shrink && least < 1 && forms.mayBeWhole(a, width: wholeRoom / least) {
                // Whole and shrunk: as little as its room asks (when it does), then to the least.
                let small = TextBlock(text, style: Self.labelStyle, width: wholeRoom / least, maxLines: Self.maxLabelLines,
                                      alignment: alignment, measurer)
                if !small.shortened {
                    let k = max(least, min(1, wholeRoom / max(small.size.width, 1e-9)))
                    if k < 1 { candidates.append(label(small, shrink: k)) }
                    if k > least || whole != nil { candidates.append(label(small, shrink: least)) }
                }
            }
            if give >= .shorten {
                // Shortened labels stay within the room between neighbours, on at most two lines,
                // and keep three characters before their "…" (else the circle does not work here).
                // Hiding, a label that would keep fewer is hidden (counted in `labelsHidden`).
                let width = min(room, max(chord - 4, 0))
                let cut: TextBlock, keeps: Bool
                if width < forms.keepsNothingBelow(a) {
                    // "…" alone, however narrow: it keeps nothing.
                    (cut, keeps) = (forms.cutToNothing(a, alignment: alignment), false)
                } else {
                    cut = TextBlock(text, style: Self.labelStyle, width: width, maxLines: 2, alignment: alignment, measurer)
                    keeps = cut.keepsThreeCharacters
                }
                var last = label(cut)
                last.hidden = !keeps
                if !last.hidden || give == .hide { candidates.append(last) }
            }
            guard let last = candidates.last else { return nil }
            // Hidden with nothing else to be, a label stays hidden: past half of them, the circle fails.
            if last.hidden && candidates.count == 1 {
                surelyHidden += 1
                if strict && 2 * surelyHidden > n { return nil }
            }
            options.append(candidates)
            directions.append(u)
            if give == .move { continue }
            if !last.hidden && placer.place([last.box.insetBy(-1)]) == nil {
                if failFast { return nil }
                crowded = true
            }
            out.append(last)
        }
        if give == .move {
            // Each label's first place clear of those placed before it, round from 3 o'clock.
            let placed = RimLabels.firstFit(options, start: RimLabels.start(directions), bounds: band.insetBy(-0.5), padding: 1,
                                            area: { $0.box.insetBy(-1) }, failFast: true)
            return placed.map { $0.compactMap { $0 } }
        }
        // Shortened and still crowded: kept in axis order; the chart is too small.
        if crowded { labelsFit = false; return out }
        let settled = Self.settle(out, options: options, within: band)
        // More than half the labels hidden: the chart cannot be read here.
        if 2 * settled.filter(\.hidden).count > n {
            if strict { return nil }
            labelsFit = false
        }
        return settled
    }

    /// Each label given back what it gave where it can (#32: no label shortened or shrunk while a
    /// whole placement was possible): in axis order, the first of its `options` that lies inside
    /// `band` and clear of every other label as it stands now. A shortened label may be taller
    /// than its whole one (two lines for one), so a label kept from its whole form by a neighbour
    /// not yet settled gets a second sweep.
    private static func settle(_ labels: [AxisLabel], options: [[AxisLabel]], within band: Rect) -> [AxisLabel] {
        var out = labels
        // Which option each label stands in now (the last: the most given).
        var taken = options.map { $0.count - 1 }
        for _ in 0..<2 {
            var changed = false
            for a in out.indices where taken[a] > 0 {
                let tries = options[a].prefix(taken[a]).map { $0.box.insetBy(-1) }
                // Only the labels near its tries can keep a label from one (512 axes: a few, not 511).
                let near = tries.dropFirst().reduce(tries[0]) { $0.union($1) }.insetBy(-2)
                let obstacles = out.indices.compactMap { b -> Rect? in
                    guard b != a, !out[b].hidden else { return nil }
                    let box = out[b].box.insetBy(-1)
                    return LabelPlacer.overlaps(box, near) ? box : nil
                }
                var others = LabelPlacer(bounds: band.insetBy(-0.5), obstacles: obstacles)
                if let k = others.place(tries) {
                    out[a] = options[a][k]
                    taken[a] = k
                    changed = true
                }
            }
            if !changed { break }
        }
        return out
    }

    /// What a search over radii asks of each axis name at every radius and in every pass, worked
    /// out once per text size (and kept from one layout to the next): its width on one line and
    /// its widest word's (`mayBeWhole`), its two balanced lines, and the name cut to
    /// nothing ("…") within a room under the narrower of "…" and its narrowest word — the same
    /// block at any such room (512 names round each of 64 small radars asked for it 3 million
    /// times in one layout of the page).
    final class NameForms {
        let names: [String], style: TextStyle, textSize: TextSize
        private let measurer: TextShaping
        // Each made when first asked for, by name.
        private var widths: [(line: Double, widest: Double, narrowest: Double)?]
        private var two: [TextBlock??]
        private var nothing: [TextBlock?]

        init(names: [String], style: TextStyle, measurer: TextShaping) {
            self.names = names; self.style = style; self.measurer = measurer
            textSize = measurer.textSize
            widths = Array(repeating: nil, count: names.count)
            two = Array(repeating: nil, count: names.count)
            nothing = Array(repeating: nil, count: names.count)
        }

        private func widths(_ a: Int) -> (line: Double, widest: Double, narrowest: Double) {
            if let known = widths[a] { return known }
            let words = TextBlock.breaks(names[a], style: style, measurer).pieces
                .map { String($0.drop { $0 == " " }).trimmingTrailingSpaces }.filter { !$0.isEmpty }.map { measurer.width($0, style) }
            let made = (measurer.width(names[a], style), words.max() ?? 0, words.min() ?? 0)
            widths[a] = made
            return made
        }

        /// Whether name `a` can be whole within `width`, on as many lines as it takes: false when
        /// it is wider than `width` and so is one of its words, so that every block of it that
        /// narrow is shortened (the search skips making it).
        func mayBeWhole(_ a: Int, width: Double) -> Bool {
            let w = widths(a)
            return w.line <= width || w.widest <= width
        }

        /// Name `a` on two balanced lines (`RimLabels.twoLines`), nil where it has none.
        func twoLines(_ a: Int, alignment: TextBlock.Alignment) -> TextBlock? {
            if let made = two[a] { return made }
            let rim = RimLabels(center: .zero, anchoring: .byAngle, measurer: measurer)
            let made = rim.twoLines(TextBlock(names[a], style: style, width: .infinity, alignment: alignment, measurer))
            two[a] = made
            return made
        }

        /// The room under which name `a`, set on up to two lines, keeps nothing but "…" on each
        /// (a name of spaces alone: none).
        func keepsNothingBelow(_ a: Int) -> Double {
            let w = widths(a)
            return w.line > 0 ? min(measurer.width("…", style), w.narrowest) : 0
        }

        /// Name `a` cut within a room under `keepsNothingBelow(a)`.
        func cutToNothing(_ a: Int, alignment: TextBlock.Alignment) -> TextBlock {
            if let made = nothing[a] { return made }
            let made = TextBlock(names[a], style: style, width: 0, maxLines: 2, alignment: alignment, measurer)
            nothing[a] = made
            return made
        }
    }

    /// Whether the labels lie inside `band` and keep 2 pt from one another.
    private static func clear(_ labels: [AxisLabel], within band: Rect) -> Bool {
        var placer = LabelPlacer(bounds: band.insetBy(-0.5))
        return labels.allSatisfy { $0.hidden || placer.place([$0.box.insetBy(-1)]) != nil }
    }

    // MARK: - Ring and value labels

    /// Ring labels along the first axis, then each corner's value at rest, placed clear of the
    /// axis labels, the out-of-range marks and each other (the collision pass): a value that
    /// finds no place is left out and counted (`unplacedValues`); its axis' tooltip still has it.
    private func layoutScaleLabels() {
        ringLabelPlaces = []
        valueLabelPlaces = []
        unplacedValues = 0
        let n = chart.axes.count
        guard n > 2, !marksOnly, chart.ringLabels || chart.valueLabels || chart.allTicks else { return }
        var placer = LabelPlacer(bounds: labelsBand, obstacles: labels.map(\.box))
        let style = Self.scaleStyle
        let lineH = measurer.lineHeight(style)
        if chart.ringLabels {
            let scale = chart.scale(axis: 0), rings = max(chart.rings, 1)
            for ring in 0...rings {
                let t = Double(ring) / Double(rings)
                let v = Arithmetic.lerp(from: scale.inverted ? scale.maximum : scale.minimum, to: scale.inverted ? scale.minimum : scale.maximum, t)
                let text = formatting.format(v, scale.effectiveFormat)
                let w = measurer.width(text, style)
                let p = RadarMath.point(axis: 0, count: n, share: t, center: center, radius: radius)
                // Beside the first spoke, just above the ring (the seed's place), else below it.
                let candidates = [Rect(x: p.x + 4, y: p.y - 7 - lineH / 2, width: w, height: lineH),
                                  Rect(x: p.x + 4, y: p.y + 1, width: w, height: lineH)]
                if let k = placer.place(candidates) { ringLabelPlaces.append((text, Vec2(candidates[k].x, candidates[k].y))) }
            }
        }
        if chart.allTicks {
            // Every axis' own value at each ring, beside its spoke (the center, where the axes
            // meet, says nothing: each axis' range is in its tooltip and words).
            let rings = max(chart.rings, 1)
            for a in 0..<n {
                let scale = chart.scale(axis: a)
                let u = Self.direction(a, n), side = Vec2(-u.y, u.x)
                for ring in 1...rings {
                    let t = Double(ring) / Double(rings)
                    let v = ValueScale.lerp(scale.minimum, scale.maximum, scale.inverted ? 1 - t : t)
                    let text = formatting.format(v, scale.effectiveFormat)
                    let w = measurer.width(text, style)
                    let p = RadarMath.point(axis: a, count: n, share: t, center: center, radius: radius)
                    let candidates = [side * (w / 2 + 4), side * -(w / 2 + 4)].map { o in
                        Rect(x: p.x + o.x - w / 2, y: p.y + o.y - lineH / 2, width: w, height: lineH)
                    }
                    if let k = placer.place(candidates) { ringLabelPlaces.append((text, Vec2(candidates[k].x, candidates[k].y))) }
                }
            }
        }
        guard chart.valueLabels else { return }
        // Out-of-range marks (a ring and maybe an arrow) are obstacles.
        for i in chart.series.indices {
            for a in 0..<n where chart.outOfRange(series: i, axis: a) != nil {
                let p = RadarMath.point(axis: a, count: n, share: chart.share(series: i, axis: a), center: center, radius: radius)
                let u = Self.direction(a, n)
                placer.addObstacle(Rect.bounding([p + Vec2(-7, -7), p + Vec2(7, 7), p + u * 16]))
            }
        }
        for i in chart.series.indices {
            for a in 0..<n {
                let v = chart.value(series: i, axis: a)
                guard v.isFinite else { continue }
                let text = formatting.format(v, chart.scale(axis: a).effectiveFormat)
                let w = measurer.width(text, style)
                let corner = RadarMath.point(axis: a, count: n, share: chart.share(series: i, axis: a), center: center, radius: radius)
                let u = Self.direction(a, n), side = Vec2(-u.y, u.x)
                // Outward from the corner (the seed's place), then to either side, then inward.
                let offsets = [u * 12, u * 12 + side * (w / 2 + 6), u * 12 - side * (w / 2 + 6), u * 24, -u * 12]
                let candidates = offsets.map { o in Rect(x: corner.x + o.x - w / 2, y: corner.y + o.y - lineH / 2, width: w, height: lineH) }
                if let k = placer.place(candidates) {
                    valueLabelPlaces.append((i, a, text, offsets[k]))
                } else {
                    unplacedValues += 1
                }
            }
        }
    }
}
