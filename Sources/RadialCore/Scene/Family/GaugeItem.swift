import Foundation

/// A gauge: a track on an arc (240°, open at the bottom, by default), the value's progress arc
/// with round caps over it, colored bands inside, a threshold mark, an optional needle, the
/// value in the middle and the scale's ends under the arc's ends.
///
/// The value springs from the minimum on appear (the seeds' `spring(0.9, 0.25)`) and, on a
/// reload or a stream's update, from wherever it was to the new value, keeping its velocity.
final class GaugeItem: FamilyItem {
    let chart: GaugeChart
    /// The value drawn, in the value's own units (the arc clamps it to the scale).
    private var value: AnimatedValue

    init(chart: GaugeChart, measurer: TextShaping, formatting: Formatting) {
        self.chart = chart
        value = AnimatedValue(chart.minimum, velocity: 0, at: 0, to: chart.value, spring: FamilyItem.spring)
        super.init(measurer: measurer, formatting: formatting, data: 0)
        // The progress arc is solid; the bands beside it take the patterns after it.
        patterns = PatternAssignment(chart.bands.map(\.pattern), avoiding: [.solid])
        finalText = formatting.format(chart.value, chart.effectiveFormat)
    }

    override var chartTitle: String? { chart.title }
    override var chartSubtitle: String? { chart.subtitle }

    // MARK: - Animation

    override func continueFrom(_ old: ChartItem?, at time: Double) {
        if let old = old as? GaugeItem, old.chart.minimum == chart.minimum, old.chart.maximum == chart.maximum {
            let s = old.value.state(at: time)
            value = AnimatedValue(s.value, velocity: s.velocity, at: time, to: chart.value, spring: Self.spring)
            appearTime = old.appearTime
        } else {
            replay(at: time)
        }
    }

    override func replay(at time: Double) {
        appearTime = time
        value = AnimatedValue(chart.minimum, velocity: 0, at: time, to: chart.value, spring: Self.spring)
    }

    override func settleTime(reduceMotion: Bool) -> Double { reduceMotion ? 0 : max(value.settleTime, appearTime) }

    /// The value drawn at `moment` (the final one with reduce motion).
    func shownValue(_ moment: Moment) -> Double { moment.reduceMotion ? chart.value : value.value(at: moment.animationTime) }

    // MARK: - Layout

    private var thickness: Double { chart.thickness }
    static let labelStyle = TextStyle.caption
    static let nameStyle = TextStyle.footnote
    /// The value's styles, largest first: the first that fits the hole is used.
    static let valueStyles = [TextStyle(size: 40, weight: .semibold), TextStyle.largeTitle.weight(.semibold), TextStyle.title.weight(.semibold),
                              TextStyle.title2.weight(.semibold), TextStyle.title3.weight(.semibold), TextStyle.headline]
    /// Past the headline, for a value line that is long (its unit) before it is shortened.
    static let smallValueStyles = [TextStyle.subheadline.weight(.semibold), TextStyle.footnote.weight(.semibold), TextStyle.caption.weight(.semibold)]

    override func unitBounds() -> Rect {
        let arc = Self.arcBounds(center: .zero, inner: 1 - thickness, outer: 1, from: chart.startAngle, to: chart.endAngle, caps: true)
        return arc.union(Rect(x: -0.35, y: -0.3, width: 0.7, height: 0.6))
    }

    /// The scale's ends are written in a row under the chart.
    override func labelInsets() -> (top: Double, left: Double, bottom: Double, right: Double) {
        (0, 0, measurer.lineHeight(Self.labelStyle) + 6, 0)
    }

    // Layout results, in points.
    private var ro = 0.0, ri = 0.0
    private var bandOuter = 0.0, bandInner = 0.0
    private var valueStyle = TextStyle.headline
    /// The value block's middle and the name line's middle (nil: no room for the name).
    private var valueCenter = Vec2.zero
    private var nameCenter: Vec2?
    private var shownName = ""
    private var endLabels: [(text: String, center: Vec2)] = []
    /// How much the ends and the value are shrunk (1, or down to `TextBlock.leastShrink`) to keep the scale's ends.
    private var endShrink = 1.0, valueShrink = 1.0
    /// The scale's ticks inside the arc: each value, its angle, and its label's text and middle
    /// (nil where the label found no room: the mark still shows).
    private(set) var ticks: [(value: Double, angle: Double, label: String, center: Vec2?)] = []
    /// Tick labels that found no place, and the scale's ends when they are not written.
    override var labelsHidden: Int { ticks.filter { $0.center == nil }.count + (endLabels.isEmpty ? 2 : 0) + (!chart.valueName.isEmpty && (nameHidden || nameCenter == nil) ? 1 : 0) }
    /// Whether the value's name was left out (it would keep fewer than three characters); it is
    /// counted, as it is when the value alone took the row under the chart.
    private var nameHidden = false
    static let tickStyle = TextStyle.caption2
    /// Whether the value had to go in the row under the chart (a small gauge with a needle).
    private var valueInRow = false
    private var finalText = ""
    /// How wide the value line may be (the hole's room); longer lines are shortened from their end.
    private var valueRoom = Double.infinity
    /// The final text as drawn (shortened to `valueRoom`).
    private var shownFinal = ""

    /// `v` written as a number alone (a unit format's number without the unit).
    private func numberText(_ v: Double) -> String {
        if case .unit(_, let d) = chart.effectiveFormat { return formatting.format(v, .number(decimals: d)) }
        return formatting.format(v, chart.effectiveFormat)
    }
    /// The last animated value text made (made again only when the number drawn changes).
    private var animatedText: (value: Double, text: String)?

    override func layoutChart() {
        ro = radius
        ri = radius * (1 - thickness)
        valueInRow = false
        bandOuter = ri - max(3, radius * 0.03)
        bandInner = bandOuter - max(3, radius * 0.035)
        let hole = (chart.bands.isEmpty ? ri : bandInner) - 6
        // The largest value style whose widest text (digits at their widest) fits the hole.
        let widest = formatting.format(chart.maximum, chart.effectiveFormat).count >= finalText.count
            ? formatting.format(chart.maximum, chart.effectiveFormat) : finalText
        let probe = String(widest.map { $0.isNumber ? "8" : $0 })
        let nameH = measurer.lineHeight(Self.nameStyle)
        let room = chart.needle ? hole * 1.1 : hole * 1.7
        var fitting = Self.valueStyles.filter { measurer.width(probe, $0) <= room && measurer.lineHeight($0) + nameH <= hole * 1.3 }
        // A value line too long for every style (a long unit) is measured against its room: the
        // largest style in which the number itself fits, smaller ones after the headline
        // included, and the line shortened with "…" from its end, so the digits stay whole.
        valueRoom = max(room, 1)
        if fitting.isEmpty {
            let number = String(numberText(chart.value).map { $0.isNumber ? "8" : $0 }) + " …"
            fitting = (Self.valueStyles + Self.smallValueStyles).filter { measurer.width(number, $0) <= room }
        }
        valueStyle = fitting.first ?? Self.smallValueStyles.last!
        // Never cut to under three characters ("H…"): left out and counted instead.
        shownName = measurer.truncatedKeepingThree(chart.valueName, Self.nameStyle, toWidth: max(room, 0)) ?? ""
        nameHidden = shownName.isEmpty && !chart.valueName.isEmpty
        var valueH = measurer.lineHeight(valueStyle), valueW = min(measurer.width(probe, valueStyle), valueRoom)
        var blockH = valueH + nameH
        if chart.needle {
            // Below the hub, in the arc's opening, where the needle never goes: down the
            // opening's middle until the block is clear of the hub and every corner is outside
            // the needle's sweep; the largest style for which there is such a place.
            func place(_ style: TextStyle, name: Bool) -> Vec2? {
                openingSpot(width: max(min(measurer.width(probe, style), valueRoom), name ? measurer.width(shownName, Self.nameStyle) : 0),
                            height: measurer.lineHeight(style) + (name ? nameH : 0), hole: hole, belowHole: false)
            }
            // With its name, the largest style that has a place; else the value alone; else the
            // value in the row under the chart (where the scale's ends would go).
            var found: Vec2?
            var withName = true
            for style in fitting + [Self.valueStyles.last!] {
                if let c = place(style, name: true) { valueStyle = style; found = c; break }
            }
            if found == nil, let c = place(Self.valueStyles.last!, name: false) { valueStyle = Self.valueStyles.last!; found = c; withName = false }
            valueH = measurer.lineHeight(valueStyle); valueW = min(measurer.width(probe, valueStyle), valueRoom)
            if let c = found {
                blockH = valueH + (withName ? nameH : 0)
                valueCenter = Vec2(c.x, c.y - blockH / 2 + valueH / 2)
            } else {
                putValueInRow()
                valueH = measurer.lineHeight(valueStyle); valueW = min(measurer.width(probe, valueStyle), valueRoom)
                blockH = valueH; withName = false
            }
            nameCenter = withName ? Vec2(valueCenter.x, valueCenter.y + valueH / 2 + nameH / 2) : nil
        } else if measurer.truncatedKeepingThree(finalText, valueStyle, toWidth: valueRoom) != nil {
            valueCenter = Vec2(center.x, center.y - blockH / 2 + valueH / 2)
            nameCenter = Vec2(valueCenter.x, valueCenter.y + valueH / 2 + nameH / 2)
        } else {
            // The value would keep fewer than three characters in the hole ("7.…" for "7.2 kW",
            // three small gauges in accessibility3): it takes the row under the chart, as a
            // needle gauge's does, where the ends then stand beside it; its name is left out.
            putValueInRow()
            valueH = measurer.lineHeight(valueStyle); valueW = min(measurer.width(probe, valueStyle), valueRoom)
            blockH = valueH
            nameCenter = nil
        }
        shownFinal = measurer.truncated(finalText, valueStyle, toWidth: valueRoom)
        placeEnds(valueW: valueW, valueH: valueH, blockH: blockH, nameH: nameH)
        if endLabels.isEmpty && valueInRow && chart.needle { keepEndsBesideTheValue(probe: probe, nameH: nameH) }
        // A value cut in the row under the chart is shrunk a little instead, where that keeps it
        // whole (#32: text shrinks to 85 % before it is cut; "7.2 k…" is "7.2 kW"). Smaller about
        // its middle, it keeps clear of what was placed beside it.
        if valueInRow, valueShrink == 1, shownFinal != finalText {
            let full = measurer.width(finalText, valueStyle), least = TextBlock.leastShrink(valueStyle, measurer)
            if least < 1, full * least <= valueRoom {
                valueShrink = max(valueRoom / full, least)
                valueRoom /= valueShrink
                shownFinal = finalText
            }
        }
    }

    /// The value alone in the row under the chart, where the scale's ends would go, as wide as
    /// the card: a gauge's value that has no place in or under its arc.
    private func putValueInRow() {
        valueStyle = TextStyle.footnote.weight(.semibold)
        valueRoom = max(contentRect.width - 8, 1)
        valueCenter = Vec2(center.x, plot.maxY - labelInsets().bottom + 2 + measurer.lineHeight(Self.labelStyle) / 2)
        valueInRow = true
    }

    /// A needle gauge whose value took the ends' row and that kept no ends there: the value
    /// smaller (down to the row's style at the least shrink) and lower in the arc's opening
    /// (down between the caps, still out of the needle's sweep), the ends under the caps, down to
    /// the bottom of the plot — the first value size for which the ends find a place. Else the
    /// value goes back to the row.
    private func keepEndsBesideTheValue(probe: String, nameH: Double) {
        let row = (style: valueStyle, center: valueCenter)
        let hole = (chart.bands.isEmpty ? ri : bandInner) - 6
        let options = [(Self.valueStyles.last!, 1.0)] + Self.smallValueStyles.prefix(2).map { ($0, 1.0) }
            + [(row.style, TextBlock.leastShrink(row.style, measurer))]
        for (style, k) in options where k < 1 || measurer.lineHeight(style) > measurer.lineHeight(row.style) || style == row.style {
            let w = min(measurer.width(probe, style), valueRoom), h = measurer.lineHeight(style)
            guard let c = openingSpot(width: w * k, height: h * k, hole: hole, belowHole: true) else { continue }
            valueInRow = false
            valueStyle = style
            valueCenter = c
            shownFinal = measurer.truncated(finalText, style, toWidth: valueRoom)
            placeEnds(valueW: w, valueH: h, blockH: h, nameH: nameH, valueShrink: k, low: true)
            if !endLabels.isEmpty { return }
        }
        valueInRow = true
        valueStyle = row.style
        valueCenter = row.center
        shownFinal = measurer.truncated(finalText, valueStyle, toWidth: valueRoom)
        let h = measurer.lineHeight(valueStyle)
        placeEnds(valueW: min(measurer.width(probe, valueStyle), valueRoom), valueH: h, blockH: h, nameH: nameH)
    }

    /// Where a block `width` × `height` sits in the arc's opening, below the hub, where the needle
    /// never goes: down the opening's middle until it is clear of the hub and every corner is
    /// outside the needle's sweep — inside the hole, or (`belowHole`) anywhere in the plot that
    /// keeps clear of the arc and its caps. Nil: no such place.
    private func openingSpot(width: Double, height: Double, hole: Double, belowHole: Bool) -> Vec2? {
        let dir = Self.direction((chart.startAngle + chart.endAngle) / 2 + 180)
        let half = Vec2(width / 2 + 4, height / 2 + 2)
        var d = Self.hubRadius + 4 + half.y
        while d + half.y < (belowHole ? ro + half.y * 2 : hole) {
            let c = center + dir * d
            let corners = [Vec2(c.x - half.x, c.y - half.y), Vec2(c.x + half.x, c.y - half.y), Vec2(c.x - half.x, c.y + half.y), Vec2(c.x + half.x, c.y + half.y)]
            // The box's nearest point to the hub, and each corner's angle.
            let near = Vec2(min(max(center.x, c.x - half.x), c.x + half.x), min(max(center.y, c.y - half.y), c.y + half.y))
            let box = Rect(x: c.x - width / 2, y: c.y - height / 2, width: width, height: height)
            // Clear of the hub and the sweep (the scale's ends then keep clear of it).
            if (near - center).length > Self.hubRadius + 3 && corners.allSatisfy({ q in
                let v = q - center
                return (belowHole || v.length < hole) && !Self.angle(Self.angle(of: v), isBetween: chart.startAngle - 2, and: chart.endAngle + 2)
            }) && (!belowHole || (box.maxY <= plot.maxY && !crossesArc(box))) { return c }
            d += 2
        }
        return nil
    }

    /// The scale's ends (#32: "a gauge keeps its scale at every size that draws it"): under the
    /// arc's ends, where that is clear of the arc, the value and each other; else one "0 – 100"
    /// in the row under the chart (unless the value is there); else each end beside its cap;
    /// else one row under the value. All of that at full size, then again with the ends shrunk
    /// to `TextBlock.leastShrink`; and where the value took the row, with the value shrunk as
    /// little too (the ends then fit under the caps beside it). Else the ends are hidden, and
    /// counted in `labelsHidden`.
    private func placeEnds(valueW: Double, valueH: Double, blockH: Double, nameH: Double, valueShrink fixed: Double = 1, low: Bool = false) {
        let lo = formatting.format(chart.minimum, chart.effectiveFormat), hi = formatting.format(chart.maximum, chart.effectiveFormat)
        let least = TextBlock.leastShrink(Self.labelStyle, measurer)
        let valueLeast = valueInRow ? TextBlock.leastShrink(valueStyle, measurer) : fixed
        /// The value drawn at `vk`: placed the ends and the ticks; whether the ends found a place.
        func attempt(_ vk: Double) -> Bool {
            valueShrink = vk
            endLabels = []
            endShrink = 1
            // The value (shrunk about its middle), and the name under it (which may be the wider of the two).
            let (w, h) = (valueW * vk, valueH * vk)
            var obstacles = [Rect(x: valueCenter.x - w / 2, y: valueCenter.y - h / 2, width: w, height: blockH - valueH + h)]
            if let c = nameCenter {
                let w = measurer.width(shownName, Self.nameStyle)
                obstacles.append(Rect(x: c.x - w / 2, y: c.y - nameH / 2, width: w, height: nameH))
            }
            var placer = LabelPlacer(bounds: Rect(x: contentRect.minX, y: plot.minY, width: contentRect.width, height: plot.height),
                                     obstacles: obstacles)
            // The ticks give way to the ends under the caps at full size, and keep their place against the rest.
            if let under = endsUnderCaps(lo, hi, shrink: 1, low: low, &placer) { endLabels = under }
            layoutTicks(&placer)
            if !endLabels.isEmpty { return true }
            for k in least < 1 ? [1, least] : [1.0] {
                endShrink = k
                if k < 1, let under = endsUnderCaps(lo, hi, shrink: k, low: low, &placer) { endLabels = under; return true }
                if let other = endsElsewhere(lo, hi, shrink: k, valueH: h, blockH: blockH - valueH + h, &placer) { endLabels = other; return true }
            }
            endShrink = 1
            return false
        }
        if attempt(fixed) { return }
        // The value took the ends' row: a little smaller, it leaves them room under the caps.
        if valueLeast < 1, attempt(valueLeast) { return }
        // Nowhere: the ends are hidden (and counted), the value and ticks as at full size.
        _ = attempt(fixed)
    }

    /// The ends under the caps at `shrink` (just under them, or with `low` down to the plot's
    /// bottom), placed in `placer` (nil, and `placer` as it was, when either has no room).
    private func endsUnderCaps(_ lo: String, _ hi: String, shrink k: Double, low: Bool = false, _ placer: inout LabelPlacer) -> [(text: String, center: Vec2)]? {
        let lh = measurer.lineHeight(Self.labelStyle) * k
        let rm = (ro + ri) / 2, hw = (ro - ri) / 2
        var under: [(text: String, center: Vec2)] = []
        var trial = placer
        for (text, angle) in [(lo, chart.startAngle), (hi, chart.endAngle)] {
            let cap = center + Self.direction(angle) * rm
            let w = measurer.width(text, Self.labelStyle) * k
            // Centered under the cap, moved in to the card's edge where it would cross it; where
            // the value sits in the ends' row, else flanking it at the card's edge.
            var xs = [min(max(cap.x - w / 2, contentRect.minX), contentRect.maxX - w)]
            if valueInRow { xs.append(cap.x < center.x ? contentRect.minX : contentRect.maxX - w) }
            let ys = [cap.y + hw + 2] + (low && plot.maxY - lh > cap.y + hw + 2 ? [plot.maxY - lh] : [])
            let boxes = ys.flatMap { y in xs.map { Rect(x: $0, y: y, width: w, height: lh) } }.filter { !crossesArc($0) }
            guard let i = trial.place(boxes) else { return nil }
            under.append((text, Vec2(boxes[i].midX, boxes[i].midY)))
        }
        placer = trial
        return under
    }

    /// The ends at `shrink` in one row under the chart (unless the value is there), else each
    /// beside its cap, else in one row under the value; placed in `placer`, or nil.
    private func endsElsewhere(_ lo: String, _ hi: String, shrink k: Double, valueH: Double, blockH: Double,
                               _ placer: inout LabelPlacer) -> [(text: String, center: Vec2)]? {
        let lh = measurer.lineHeight(Self.labelStyle) * k, full = measurer.lineHeight(Self.labelStyle)
        let rm = (ro + ri) / 2, hw = (ro - ri) / 2
        let text = lo + " – " + hi, w = measurer.width(text, Self.labelStyle) * k
        let c = Vec2(center.x, plot.maxY - labelInsets().bottom + 2 + full / 2)
        if !valueInRow, placer.place([Rect(x: c.x - w / 2, y: c.y - lh / 2, width: w, height: lh)]) != nil { return [(text, c)] }
        // The row is taken (a needle gauge's value sits in the arc's opening): each end beside
        // its cap, toward the opening's middle or else outward; else the row under the value.
        var beside: [(text: String, center: Vec2)] = []
        var trial = placer
        for (text, angle) in [(lo, chart.startAngle), (hi, chart.endAngle)] {
            let cap = center + Self.direction(angle) * rm
            let w = measurer.width(text, Self.labelStyle) * k
            let inward = cap.x < center.x ? 1.0 : -1.0
            let sides = [inward, -inward].map { side in
                Rect(x: side > 0 ? cap.x + hw + 3 : cap.x - hw - 3 - w, y: cap.y - lh / 2, width: w, height: lh)
            }.filter { !crossesArc($0) && $0.minX >= contentRect.minX && $0.maxX <= contentRect.maxX }
            guard let i = trial.place(sides) else { break }
            beside.append((text, Vec2(sides[i].midX, sides[i].midY)))
        }
        if beside.count == 2 {
            placer = trial
            return beside
        }
        let below = Vec2(center.x, valueCenter.y - valueH / 2 + blockH + 2 + lh / 2)
        let box = Rect(x: below.x - w / 2, y: below.y - lh / 2, width: w, height: lh)
        if box.maxY <= contentRect.maxY, box.minX >= contentRect.minX, box.maxX <= contentRect.maxX, !crossesArc(box), placer.place([box]) != nil {
            return [(text, below)]
        }
        return nil
    }

    /// Where the ticks start: just inside the arc, or inside the bands.
    private var tickRadius: Double { (chart.bands.isEmpty ? ri : bandInner) - 3 }
    static let tickLength = 5.0

    /// Nice values strictly between the scale's ends (the ends are written under the arc), each
    /// a mark inside the arc and its value further in, where it is clear of the value and the
    /// other labels.
    private func layoutTicks(_ placer: inout LabelPlacer) {
        ticks = []
        guard chart.ticks, radius > 40 else { return }
        let scale = ValueScale(.linear, minimum: chart.minimum, maximum: chart.maximum)
        let h = measurer.lineHeight(Self.tickStyle)
        let reach = tickRadius - Self.tickLength - 3
        if chart.needle {
            // The needle at rest crosses no value: boxes along it are obstacles.
            let d = Self.direction(chart.angle(ofShare: chart.share(of: chart.value)))
            var t = 0.0
            while t < ri - 6 {
                let p = center + d * t
                placer.addObstacle(Rect(x: p.x - 3, y: p.y - 3, width: 6, height: 6))
                t += 4
            }
        }
        for v in scale.ticks(count: radius > 90 ? 5 : 3) where v > chart.minimum && v < chart.maximum {
            let a = chart.angle(ofShare: chart.share(of: v)), d = Self.direction(a)
            let text = formatting.format(v, chart.effectiveFormat)
            let w = measurer.width(text, Self.tickStyle)
            let c = center + d * (reach - abs(d.x) * w / 2 - abs(d.y) * h / 2)
            let box = Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
            ticks.append((v, a, text, placer.place([box]) != nil ? c : nil))
        }
    }

    /// Whether `box` touches the arc's ring (between its ends, caps included) or the bands.
    private func crossesArc(_ box: Rect) -> Bool {
        let inner = chart.bands.isEmpty ? ri : bandInner
        let rm = (ro + ri) / 2, hw = (ro - ri) / 2
        for yi in 0...4 {
            for xi in 0...6 {
                let p = Vec2(box.minX + box.width * Double(xi) / 6, box.minY + box.height * Double(yi) / 4)
                let v = p - center, r = v.length
                if r >= inner - 2 && r <= ro + 2 && Self.angle(Self.angle(of: v), isBetween: chart.startAngle, and: chart.endAngle) { return true }
                for a in [chart.startAngle, chart.endAngle] where (p - (center + Self.direction(a) * rm)).length < hw + 2 { return true }
            }
        }
        return false
    }

    static let hubRadius = 7.0

    // MARK: - Drawing

    /// The bands' outer edge as drawn: with patterns they reach across the gap to 1 point from
    /// the arc, so a band 3 points thin at a small size still shows its pattern.
    private func patternedBandOuter(_ ctx: DrawContext) -> Double {
        ctx.patterns && !chart.bands.isEmpty ? max(ri - 1, bandOuter) : bandOuter
    }

    /// The bands' angles: (band, start, end) in degrees.
    private var bandAngles: [(Int, Double, Double)] {
        var from = chart.minimum
        return chart.bands.enumerated().map { i, b in
            defer { from = b.to }
            return (i, chart.angle(ofShare: chart.share(of: from)), chart.angle(ofShare: chart.share(of: b.to)))
        }
    }

    override func drawChart(_ ctx: DrawContext) {
        let pal = ctx.palette
        let v = shownValue(ctx.moment)
        let end = chart.angle(ofShare: chart.share(of: v))
        let color = chart.color.resolved(ctx.theme)
        let hovered = highlight == .gaugeValue
        switch ctx.phase {
        case .main:
            // Bands (plain ring parts) first, then the track and the progress arc (capped, drawn in order over them).
            for (i, a0, a1) in bandAngles where a1 > a0 {
                ctx.group(.band(i), name: Descriptions.bandName(chart, band: i)) {
                    ctx.frame.add(sector(ctx, inner: bandInner, outer: patternedBandOuter(ctx), from: a0, to: a1, color: chart.bands[i].color.resolved(ctx.theme),
                                         halfInset: highlight == .band(i) ? 0 : 0.5, pattern: patterns.drawn(i, on: ctx.patterns)))
                }
            }
            ctx.group(.gaugeValue, name: chart.valueName) {
                ctx.frame.add(track(ctx, inner: ri, outer: ro, from: chart.startAngle, to: chart.endAngle, color: color, caps: true))
                if chart.share(of: v) > 0 {
                    ctx.frame.add(sector(ctx, inner: hovered ? ri - 2 : ri, outer: hovered ? ro + 2 : ro, from: chart.startAngle, to: end, color: color, caps: true))
                }
            }
            if ctx.records { record(ctx, value: v, end: end) }
        case .overlay:
            let tickColor = ctx.flattened(pal.secondaryLabel, over: pal.cardBackground)
            for t in ticks {
                let d = Self.direction(t.angle)
                ctx.line(center + d * tickRadius, center + d * (tickRadius - Self.tickLength), width: max(1.5, pal.hairlineHalfWidth * 2), color: tickColor)
            }
            if let t = chart.threshold {
                let a = chart.angle(ofShare: chart.share(of: t)), d = Self.direction(a)
                ctx.line(center + d * (ri - 3), center + d * (ro + 3), width: 2.5, color: pal.label)
            }
            if chart.needle {
                let d = Self.direction(end)
                ctx.group(.gaugeValue, part: "needle", name: chart.valueName) {
                    ctx.line(center, center + d * (ri - 6), width: 3, color: pal.label)
                    ctx.circle(center: center, radius: Self.hubRadius, color: pal.label)
                    ctx.circle(center: center, radius: 2.5, color: pal.cardBackground)
                }
            }
        case .text:
            ctx.group(.gaugeValue, part: "label", name: chart.valueName) {
                ctx.text(valueText(v, ctx.moment), style: valueStyle, center: valueCenter, color: pal.label, role: .total, shrink: valueShrink, whole: finalText)
                if let c = nameCenter, !nameHidden { ctx.text(shownName, style: Self.nameStyle, center: c, color: pal.secondaryLabel, role: .caption, whole: chart.valueName) }
            }
            for l in endLabels { ctx.text(l.text, style: Self.labelStyle, center: l.center, color: pal.secondaryLabel, role: .axisLabel, shrink: endShrink) }
            for t in ticks { if let c = t.center { ctx.text(t.label, style: Self.tickStyle, center: c, color: pal.secondaryLabel, role: .ringLabel) } }
        default:
            break
        }
    }

    /// The number in the middle: the final text at rest, the animated value (to the final
    /// value's decimals) while it moves.
    private func valueText(_ v: Double, _ moment: Moment) -> String {
        if moment.reduceMotion || v == chart.value { return shownFinal }
        return measurer.truncated(animatedValueText(v), valueStyle, toWidth: valueRoom)
    }

    private func animatedValueText(_ v: Double) -> String {
        let decimals = chart.effectiveFormat.decimals ?? (chart.value == chart.value.rounded() ? 0 : 1)
        let p = pow(10, Double(decimals)), scaled = v * p
        // (Past 1e298 a value times 10^decimals overflows; such a number has no decimals to round.)
        let shown = scaled.isFinite ? scaled.rounded() / p : v
        if let a = animatedText, a.value == shown { return a.text }
        let f = chart.effectiveFormat.with(decimals: decimals)
        let text = formatting.format(shown, f)
        animatedText = (shown, text)
        return text
    }

    private func record(_ ctx: DrawContext, value v: Double, end: Double) {
        var from = chart.minimum
        ctx.record(type: "gauge", [
            ("frame", ctx.px(plot)), ("center", ctx.px(center)), ("outerRadius", ctx.px(ro)), ("innerRadius", ctx.px(ri)),
            ("value", .number(v)), ("target", .number(chart.value)), ("min", .number(chart.minimum)), ("max", .number(chart.maximum)),
            ("arcs", .array([
                arcRecord(ctx, name: "track", value: chart.maximum, from: chart.startAngle, to: chart.endAngle, inner: ri, outer: ro),
                arcRecord(ctx, name: chart.valueName, value: v, from: chart.startAngle, to: end, inner: ri, outer: ro, extra: [("pattern", .string("solid"))]),
            ])),
            ("bands", .array(bandAngles.map { i, a0, a1 in
                defer { from = chart.bands[i].to }
                return arcRecord(ctx, name: Descriptions.bandName(chart, band: i), value: chart.bands[i].to, from: a0, to: a1, inner: bandInner, outer: patternedBandOuter(ctx),
                                 extra: [("from", .number(from)), ("pattern", .string(patterns.drawn(i, on: ctx.patterns).rawValue))])
            })),
            ("threshold", chart.threshold.map { .number(chart.angle(ofShare: chart.share(of: $0))) } ?? .null),
            ("needle", chart.needle ? .object([("angle", .number(end)), ("length", ctx.px(ri - 6))]) : .null),
            ("ticks", .array(ticks.map { t in
                .object([("value", .number(t.value)), ("label", .string(t.label)), ("angle", .number(t.angle)), ("shown", .bool(t.center != nil))])
            })),
        ])
    }

    // MARK: - Elements

    override func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    override func chartValue(formatting: Formatting) -> String {
        chart.valueName + " " + Descriptions.gaugeValue(chart, value: chart.value, formatting: formatting)
    }

    private var arcBox: Rect { Self.arcBounds(center: center, inner: ri, outer: ro, from: chart.startAngle, to: chart.endAngle, caps: true) }

    override func chartElements(chart index: Int, moment: Moment) -> [ChartElement] {
        var out = [ChartElement(key: .gaugeValue, chart: index, name: chart.valueName,
                                value: Descriptions.gaugeValue(chart, value: chart.value, formatting: formatting), frame: arcBox,
                                range: .init(minimum: chart.minimum, maximum: chart.maximum, current: chart.value))]
        for (i, a0, a1) in bandAngles {
            out.append(ChartElement(key: .band(i), chart: index, name: Descriptions.bandName(chart, band: i),
                                    value: Descriptions.bandValue(chart, band: i, formatting: formatting),
                                    frame: Self.arcBounds(center: center, inner: bandInner, outer: bandOuter, from: a0, to: a1)))
        }
        return out
    }

    override func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? {
        let v = p - center, r = v.length, a = Self.angle(of: v)
        if r >= bandInner - 2 && r <= bandOuter + 2 {
            for (i, a0, a1) in bandAngles where Self.angle(a, isBetween: a0, and: a1) { return .band(i) }
        }
        if r >= ri - 2 && r <= ro + 2 && Self.angle(a, isBetween: chart.startAngle, and: chart.endAngle) { return .gaugeValue }
        if r < ri - 2 && (valueCenter - p).length < measurer.lineHeight(valueStyle) { return .gaugeValue }
        return nil
    }

    override func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? {
        switch key {
        case .gaugeValue:
            return Tooltip(title: chart.valueName, rows: [Tooltip.Row(dot: chart.color.resolved(theme),
                                                                      text: Descriptions.gaugeValue(chart, value: chart.value, formatting: formatting))])
        case .band(let i) where i < chart.bands.count:
            return Tooltip(title: Descriptions.bandName(chart, band: i),
                           rows: [Tooltip.Row(dot: chart.bands[i].color.resolved(theme), text: Descriptions.bandValue(chart, band: i, formatting: formatting))])
        default:
            return nil
        }
    }
}
