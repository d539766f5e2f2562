import Foundation

/// What the pie emits, phase by phase, and the texts it shows (title with total, center, legend).
/// Nothing here changes layout or animation state.
extension PieItem {
    /// Legend dots (shapes layer), sectors (main), annotation cards (overlay), every piece of
    /// text (text), the hover tooltip (top).
    func draw(_ ctx: DrawContext) {
        let pal = ctx.palette
        let k = arrivedCount(moment: ctx.moment)
        let c = pieCenter, s = ctx.scale
        let ro = outerRadius, ri = innerRadius
        let empty = shownTotal(count: k) <= 0 || chart.sectors.isEmpty
        let waitingForNothing = k == arrivals.count
        switch ctx.phase {
        case .shapes:
            // Legend dots: the sectors that have arrived, in rows under the plot.
            forEachLegendItem(count: k) { i, x, y in
                // A hidden sector's dot is hollow: shown and hidden differ by shape, not only shade.
                ctx.group(.legend(i), name: chart.sectors[i].name) {
                    ctx.swatch(center: Vec2(x + Self.legendDot / 2, y), radius: Self.legendDot / 2, color: colors[i].resolved(ctx.theme),
                               pattern: patterns.drawn(i, on: ctx.patterns), hidden: hidden.contains(i))
                }
            }
            if empty && waitingForNothing {   // nothing to wait for: say so
                ctx.circle(center: c, radius: ro, color: pal.quaternaryLabel, border: ri > 0 ? max(ro - ri, 1) : 1)
            }
        case .main:
            // The sectors as drawn, for the chart's geometry record.
            var drawn: [JSONOut] = []
            defer { if ctx.records { record(ctx, count: k, sectors: drawn) } }
            guard !empty else { return }
            let hovered = liftedSector
            let fit = drawScale(count: k, moment: ctx.moment)
            var start = 0.0
            for entry in order where entry < k {
                let f = wedgeShare(entry, moment: ctx.moment) * fit
                let end = start + f
                var c = c
                // Pulled out along its middle: by its own offset, and by the hover offset when hovered.
                let pull = (entry >= 0 ? chart.sectors[entry].offset : 0) + (entry == hovered ? chart.hoverOffset : 0)
                if pull > 0 {
                    let mid = turn(start + f / 2) * 2 * .pi
                    c = c + Vec2(sin(mid), -cos(mid)) * pull
                }
                let color = (entry >= 0 ? colors[entry] : ghosts[-entry - 1].color).resolved(ctx.theme)
                let pattern = entry >= 0 ? patterns.drawn(entry, on: ctx.patterns) : ctx.patterns ? ghosts[-entry - 1].pattern : .solid
                let sector = SectorInstance(center: c * s, innerRadius: ri * s, outerRadius: ro * s,
                                            startAngle: turn(start) * 2 * .pi, endAngle: turn(end) * 2 * .pi,
                                            halfInset: chart.angularInset / 2 * s, cornerRadius: chart.cornerRadius * s,
                                            color: color, pattern: ctx.patternFill(pattern, over: color, center: c))
                if entry >= 0 {   // leaving sectors take room but are no longer data
                    ctx.group(.sector(entry), name: chart.sectors[entry].name) { ctx.frame.add(sector) }
                    if ctx.records && total > 0 {
                        drawn.append(.object([
                            ("name", .string(chart.sectors[entry].name)), ("value", .number(chart.sectors[entry].value)),
                            ("color", .string(colors[entry].resolved(ctx.theme).hexString)), ("pattern", .string(pattern.rawValue)),
                            ("startAngle", .number(turn(start) * 360)), ("endAngle", .number(turn(end) * 360)),
                            ("innerRadius", ctx.px(ri)), ("outerRadius", ctx.px(ro)), ("offset", ctx.px(pull)),
                        ]))
                    }
                } else {
                    ctx.frame.add(sector)
                }
                start = end
            }
        case .overlay:
            for a in annotations {
                ctx.group(.sector(a.sector), part: "card", name: chart.sectors[a.sector].name) {
                    if let l = a.leader {
                        ctx.line(l.rim, l.elbow, width: 1, color: pal.secondaryLabel)
                        ctx.line(l.elbow, l.end, width: 1, color: pal.secondaryLabel)
                    }
                    ctx.rect(a.box, radius: 8, color: pal.annotationBackground, shadow: 4, shadowColor: pal.shadow)
                }
            }
        case .text:
            // The title with its total, annotations, the center total, legend names.
            // The subtitle under the lines kept for the title (as many as the longest title takes).
            fittedTitle(count: k).draw(ctx, top: headerTop, centerX: contentRect.midX, color: pal.label, role: .title)
            if let s = shownHeader.subtitleLines {
                let top = headerTop + Double(shownHeader.titleLineCount) * measurer.lineHeight(shownHeader.titleStyle) + shownHeader.gap
                s.draw(ctx, top: top, centerX: contentRect.midX, color: pal.secondaryLabel, role: .subtitle)
            }
            if empty && waitingForNothing { ctx.text("No data", style: .subheadline, center: c, color: pal.secondaryLabel, role: .message) }
            let lineH = measurer.lineHeight(Self.annotationStyle)
            for a in annotations {
                ctx.group(.sector(a.sector), part: "label", name: chart.sectors[a.sector].name) {
                    let lines = cardNameLines(a.sector)
                    if lines.count == 1 {
                        ctx.text(chart.sectors[a.sector].name, style: Self.annotationStyle, center: Vec2(a.center.x, a.center.y - lineH / 2), color: pal.label, role: .card)
                    } else {
                        let name = TextBlock(lines: lines, of: chart.sectors[a.sector].name, style: Self.annotationStyle, shortened: false, measurer)
                        ctx.text(name, at: Vec2(a.center.x - name.size.width / 2, a.center.y - (Double(lines.count) + 1) * lineH / 2), color: pal.label, role: .card)
                    }
                    ctx.text(valueTexts[a.sector], style: Self.annotationStyle, center: Vec2(a.center.x, a.center.y + (Double(lines.count) + 1) * lineH / 2 - lineH / 2),
                             color: pal.label, role: .card)
                }
            }
            if chart.labels != .none && !empty { drawSectorLabels(ctx, count: k) }
            if chart.centerLabel == .total && ri > 0 && !empty && centerShrink > 0 {
                ctx.text(centerText(count: k), style: .headline, center: centerTotalPoint, color: pal.label, role: .total, shrink: centerShrink)
            }
            forEachLegendItem(count: k) { i, x, y in
                ctx.group(.legend(i), part: "label", name: chart.sectors[i].name) {
                    let name = chart.sectors[i].name, room = legendRect.maxX - (x + Self.legendDot + 4)
                    let shown = legendItemWidth(i) - Self.legendDot - 4 > room ? measurer.truncated(name, Self.legendStyle, toWidth: room) : name
                    ctx.text(shown, style: Self.legendStyle, leading: Vec2(x + Self.legendDot + 4, y),
                             color: hidden.contains(i) ? pal.tertiaryLabel : pal.secondaryLabel, role: .legend, whole: name)
                }
            }
            // "+ 48 more": the entries a condensed legend leaves out (their sectors still name themselves).
            if let summary = legendSummary {
                ctx.text(summary.text, style: Self.legendStyle, leading: summary.origin, color: pal.secondaryLabel, role: .legend)
            }
            // "2 small slices unlabeled": what placement could not fit, said where the legend is.
            if let p = notePosition() { ctx.text(noteText, style: Self.legendStyle, leading: p, color: pal.secondaryLabel, role: .note) }
        case .top:
            break
        }
    }

    /// Each arrived, shown sector's share (or value) inside it, on its middle between the rims,
    /// where the text fits across the sector (a chord of its angle there, less 4 points) and
    /// between the rims; black or white, whichever reads better on the sector's color.
    private func drawSectorLabels(_ ctx: DrawContext, count k: Int) {
        let texts = sectorLabelTexts()
        let fit = drawScale(count: k, moment: ctx.moment)
        let ri = innerRadius, ro = outerRadius
        let rm = ri > 0 ? (ri + ro) / 2 : ro * 0.62
        let h = measurer.lineHeight(Self.sectorLabelStyle)
        var start = 0.0
        for entry in order where entry < k {
            let f = wedgeShare(entry, moment: ctx.moment) * fit
            defer { start += f }
            guard entry >= 0, !hidden.contains(entry), f > 0 else { continue }
            let text = texts[entry]
            let span = f * 2 * .pi * (chart.arcTurns > 0 ? chart.arcTurns : 1)
            let chord = 2 * rm * sin(min(span, .pi) / 2) - chart.angularInset - 4
            guard text.width <= chord, h <= ro - ri - 4 || ri == 0 else { continue }
            let mid = turn(start + f / 2) * 2 * .pi
            let at = pieCenter + Vec2(sin(mid), -cos(mid)) * rm
            let ink = FamilyItem.ink(on: colors[entry].resolved(ctx.theme), needed: 4.5).color
            ctx.text(text.text, style: Self.sectorLabelStyle, center: at, color: ink, role: .valueLabel)
        }
    }
    static let sectorLabelStyle = TextStyle.caption.weight(.semibold)

    /// Every sector's label and its width, made once per set of hidden sectors.
    private func sectorLabelTexts() -> [(text: String, width: Double)] {
        if let t = sectorLabelCache { return t }
        let values = chart.sectors.indices.map { hidden.contains($0) ? 0 : chart.sectors[$0].value }
        let percents = Descriptions.roundedPercents(values)
        let t = chart.sectors.indices.map { i -> (text: String, width: Double) in
            let text = chart.labels == .percent ? Descriptions.shareText(percents[i], value: values[i], whole: false, formatting: formatting)
                : formatting.format(chart.sectors[i].value, chart.format)
            return (text, measurer.width(text, Self.sectorLabelStyle))
        }
        sectorLabelCache = t
        return t
    }

    /// The sector drawn lifted out: the hovered or focused sector or legend entry.
    private var liftedSector: Int? {
        switch highlight {
        case .sector(let i)?, .legend(let i)?: hidden.contains(i) ? nil : i
        default: nil
        }
    }

    /// The total of the arrived, shown sectors.
    func shownTotal(count k: Int) -> Double {
        hidden.isEmpty ? (k == chart.sectors.count ? total : chart.sectors.prefix(k).reduce(0) { $0 + $1.value })
            : (0..<k).reduce(0) { hidden.contains($1) ? $0 : $0 + chart.sectors[$1].value }
    }

    /// The title for `k` arrived sectors set for the card's width on at most the lines the header
    /// keeps (whole, on two balanced lines, shrunk a little, then cut), made once per layout and
    /// arrival count.
    func fittedTitle(count k: Int) -> FittedText {
        if hidden.isEmpty, let t = fittedTitles[k] { return t }
        var t = FittedText(titleText(count: k), style: shownHeader.titleStyle, width: contentRect.width,
                           maxLines: max(shownHeader.titleLineCount, 1), measurer)
        // The page's title (a lone pie's) is never left out, though no form keeps three
        // characters ("支…" at 160×160 in accessibility3): a page keeps its title, shortened.
        if t.isHidden, chart.title == nil {
            t = FittedText(block: TextBlock(titleText(count: k), style: shownHeader.titleStyle, width: contentRect.width, maxLines: 1, measurer), shrink: 1)
        }
        if hidden.isEmpty { fittedTitles[k] = t }
        return t
    }

    func titleText(count k: Int) -> String {
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
        let h = (k, chart.totalInTitle ? name + " " + money : name, money)
        hiddenTexts = h
        return h
    }

    /// Calls `body(sector, x, y)` for each arrived sector's legend item (dot's left edge, row middle).
    func forEachLegendItem(count k: Int, _ body: (Int, Double, Double) -> Void) {
        var y = legendTop + measurer.lineHeight(Self.legendStyle) / 2
        for row in legendRows {
            var x = legendRect.minX
            for i in row where i < k {
                body(i, x, y)
                x += min(legendItemWidth(i), legendRect.width) + 12
            }
            y += measurer.lineHeight(Self.legendStyle) + 4
        }
    }
}
