import Foundation

/// What the bars engine emits, phase by phase: the grid under everything (shapes), the marks
/// (main), names, ticks and values (text), and the chart's geometry record.
extension PolarBarsItem {
    func drawBars(_ ctx: DrawContext) {
        switch ctx.phase {
        case .shapes: drawGrid(ctx)
        case .main: drawMarks(ctx)
        case .text: drawText(ctx)
        default: break
        }
    }

    /// A rose's grid rings at the ticks and the rim, under the wedges (whole rings: a command of
    /// their own, drawn before the wedges').
    private func drawGrid(_ ctx: DrawContext) {
        guard preset.categoryAxis == .angle, !gridRadii.isEmpty else { return }
        let pal = ctx.palette
        let grid = ctx.flattened(pal.quaternaryLabel, over: pal.cardBackground)
        let hw = pal.hairlineHalfWidth
        for r in gridRadii {
            ctx.frame.add(sector(ctx, inner: r - hw, outer: r + hw, from: 0, to: 360, color: grid))
        }
    }

    private func drawMarks(_ ctx: DrawContext) {
        updateSpans(ctx.moment)
        let g = growth(ctx.moment)
        var records: [JSONOut] = []
        let card = ctx.palette.cardBackground
        switch preset.categoryAxis {
        case .angle: drawWedges(ctx, growth: g, card: card, records: &records)
        case .radius: drawTracks(ctx, growth: g, card: card, records: &records)
        }
        if ctx.records { record(ctx, marks: records, growth: g) }
    }

    /// Rose wedges: per category, the series stacked outward, overlaid (largest behind) or side by side.
    private func drawWedges(_ ctx: DrawContext, growth g: Double, card: RGBA, records: inout [JSONOut]) {
        let inset = categoryCount * (preset.stack == .group ? seriesCount : 1) > 1 ? Self.gapPoints / 2 : 0
        for c in 0..<categoryCount {
            orderSeries(category: c)
            for s in drawOrder {
                let a = arc(series: s, category: c, growth: g)
                let key = key(series: s, category: c)
                let lifted = highlight == key || highlight == .legend(toggle(series: s, category: c))
                let mid = (a.a0 + a.a1) / 2
                let at = lifted && !multi ? center + PolarCoordinates.direction(mid) * Self.liftPoints : center
                let fill = color(series: s, category: c, ctx.theme, card: card)
                // Stacked segments keep a hairline of card between them.
                let r0 = a.r0 > 0 && a.r1 - a.r0 > 2 ? a.r0 + 0.75 : a.r0
                if a.r1 > r0 {
                    ctx.group(key, name: markName(series: s, category: c)) {
                        ctx.frame.add(sector(ctx, center: at, inner: r0, outer: lifted && multi ? a.r1 + 2 : a.r1, from: a.a0, to: a.a1,
                                             color: fill, halfInset: inset, pattern: pattern(series: s, category: c, ctx)))
                    }
                }
                if ctx.records {
                    records.append(markRecord(ctx, series: s, category: c, a, inner: r0, offset: lifted && !multi ? Self.liftPoints : 0, color: fill,
                                              pattern: pattern(series: s, category: c, ctx)))
                }
            }
        }
    }

    /// Radial bars: each category's track, and its bars along the sweep (segments stacked along
    /// the angle, or thin tracks side by side).
    private func drawTracks(_ ctx: DrawContext, growth g: Double, card: RGBA, records: inout [JSONOut]) {
        let whole = (preset.start, preset.start + preset.sweep)
        for c in 0..<categoryCount {
            let (ri, ro) = track(c)
            guard ro > ri else { continue }
            if !multi {
                // One series: the bar and its empty track are one element.
                let a = arc(series: 0, category: c, growth: g)
                let key = key(series: 0, category: c)
                let emphasized = highlight == key || highlight == .legend(c)
                let fill = color(series: 0, category: c, ctx.theme, card: card)
                ctx.group(key, name: table.categories[c]) {
                    ctx.frame.add(track(ctx, inner: ri, outer: ro, from: whole.0, to: whole.1, color: preset.colors[c].resolved(ctx.theme), caps: true))
                    if a.a1 > a.a0 {
                        ctx.frame.add(sector(ctx, inner: emphasized ? ri - 1.5 : ri, outer: emphasized ? ro + 1.5 : ro, from: a.a0, to: a.a1, color: fill, caps: true,
                                             pattern: pattern(series: 0, category: c, ctx)))
                    }
                }
                if ctx.records { records.append(markRecord(ctx, series: 0, category: c, a, inner: ri, offset: 0, color: fill, pattern: pattern(series: 0, category: c, ctx))) }
                continue
            }
            // Several series: the empty track (a lane per series when grouped), then the bars.
            let lanes = preset.stack == .group ? seriesCount : 1
            for lane in 0..<lanes {
                let (t0, t1) = groupSlice(ri, ro, series: lane)
                let tint = lanes > 1 ? preset.colors[lane].resolved(ctx.theme) : ctx.palette.quaternaryLabel
                ctx.frame.add(track(ctx, inner: t0, outer: t1, from: whole.0, to: whole.1, color: tint, caps: true))
            }
            // Stacked segments from the last to the first: each one's cap rounds into the next.
            for k in 0..<seriesCount {
                let s = preset.stack == .angle ? seriesCount - 1 - k : k
                let a = arc(series: s, category: c, growth: g)
                let key = key(series: s, category: c)
                let emphasized = highlight == key || highlight == .legend(s)
                let fill = color(series: s, category: c, ctx.theme, card: card)
                if a.a1 > a.a0 {
                    ctx.group(key, name: markName(series: s, category: c)) {
                        ctx.frame.add(sector(ctx, inner: emphasized ? a.r0 - 1.5 : a.r0, outer: emphasized ? a.r1 + 1.5 : a.r1,
                                             from: preset.stack == .angle ? whole.0 : a.a0, to: a.a1, color: fill, caps: true,
                                             pattern: pattern(series: s, category: c, ctx)))
                    }
                }
                if ctx.records { records.append(markRecord(ctx, series: s, category: c, a, inner: a.r0, offset: 0, color: fill, pattern: pattern(series: s, category: c, ctx))) }
            }
        }
    }

    /// The series in category `c` in drawing order (scratch kept on the item).
    private func orderSeries(category c: Int) {
        Stacking.drawOrder(table.values, category: c, mode: multi ? preset.stack : .radius, into: &drawOrder)
    }

    private func drawText(_ ctx: DrawContext) {
        let pal = ctx.palette
        for l in rimNames {
            let dim = !multi && hidden.contains(l.category)
            ctx.group(multi ? ElementKey.chart : key(series: 0, category: l.category), part: "label", name: table.categories[l.category]) {
                ctx.text(l.label.block, at: l.label.origin, color: dim ? pal.tertiaryLabel : pal.secondaryLabel, role: .axisLabel, shrink: l.label.shrink)
            }
        }
        // Names on the tracks are this kind's own even where they are its legend: they fade in with it.
        var named = ctx
        named.fadedRoles.insert(.legend)
        for n in trackNames {
            let entry = !multi && !showsLegend
            ctx.group(entry ? .legend(n.category) : .chart, part: "label", name: table.categories[n.category]) {
                named.text(n.text, style: Self.trackNameStyle, leading: Vec2(n.box.minX, n.box.midY),
                         color: !multi && hidden.contains(n.category) ? pal.secondaryLabel : pal.label, role: entry ? .legend : .axisLabel,
                         whole: table.categories[n.category])
            }
        }
        if preset.ticks {
            for t in ticks {
                guard let box = t.box else { continue }
                ctx.text(t.label, style: Self.tickStyle, leading: Vec2(box.minX, box.midY), color: pal.secondaryLabel, role: .ringLabel)
            }
        }
        if !valueLabels.isEmpty {
            let g = growth(ctx.moment)
            // Written once the marks have grown (they would pile up at the center before).
            if g > 0.98 || ctx.moment.reduceMotion {
                for v in valueLabels where presenceOf(series: v.series, category: v.category, ctx.moment) > 0.99 {
                    ctx.text(v.text, style: Self.valueStyle, center: v.center, color: pal.label, role: .valueLabel)
                }
            }
        }
        if categoryCount == 0 { ctx.text("No data", style: .subheadline, center: center, color: pal.secondaryLabel, role: .message) }
    }

    func presenceOf(series s: Int, category c: Int, _ moment: Moment) -> Double { presence(toggle(series: s, category: c), moment) }

    // MARK: - Records

    /// A mark as `--geometry` lists it: its datum, its value and its arc in pixels.
    private func markRecord(_ ctx: DrawContext, series s: Int, category c: Int, _ a: Arc, inner: Double, offset: Double, color: RGBA, pattern: FillPattern) -> JSONOut {
        var fields: [(String, JSONOut)] = [("name", .string(multi ? table.categories[c] : table.categories[c]))]
        if multi { fields += [("series", .string(table.seriesNames[s])), ("category", .string(table.categories[c]))] }
        let stackTotal = Arithmetic.total((0..<seriesCount).lazy.map { self.table.values[$0][c] })
        // A missing value is said so, not written as a number it is not (JSON would have null).
        let v = table.values[s][c]
        fields += v.isFinite ? [("value", .number(v))] : [("missing", .bool(true))]
        fields += [("startAngle", .number(a.a0)), ("endAngle", .number(a.a1)),
                   ("innerRadius", ctx.px(inner)), ("outerRadius", ctx.px(a.r1)), ("offset", ctx.px(offset)),
                   ("color", .string(color.hexString)), ("pattern", .string(pattern.rawValue))]
        if multi && (preset.stack == .radius || preset.stack == .angle) { fields.append(("stackTotal", .number(stackTotal))) }
        return .object(fields)
    }

    private func record(_ ctx: DrawContext, marks: [JSONOut], growth g: Double) {
        let tickList: [JSONOut] = ticks.map { t in
            var f: [(String, JSONOut)] = [("value", .number(t.value)), ("label", .string(t.label))]
            switch preset.categoryAxis {
            case .angle: f.append(("radius", ctx.px(radius * preset.scale.share(t.value))))
            case .radius: f.append(("angle", .number(preset.start + preset.sweep * preset.scale.share(t.value))))
            }
            return .object(f)
        }
        var fields: [(String, JSONOut)] = [("frame", ctx.px(plot)), ("center", ctx.px(center)), ("radius", ctx.px(radius)),
                                           ("scale", .string(preset.type == "rose" ? (preset.scale.type == .sqrt ? "area" : "radius") : preset.scale.type.rawValue)),
                                           ("minimum", .number(preset.scale.minimum)), ("maximum", .number(preset.scale.maximum)),
                                           ("startAngle", .number(preset.start)), ("sweep", .number(preset.sweep)),
                                           ("stack", .string(preset.stack.rawValue)), ("growth", .number(g))]
        if preset.type == "rose" { fields.append(("rim", .number(preset.scale.maximum))) }
        if !multi {
            // The one-series form's own list, as before the engine: `sectors` of a rose, `bars` of radial bars.
            fields.append((preset.type == "rose" ? "sectors" : "bars", .array(marks)))
        }
        fields += [("marks", .array(marks)), ("ticks", .array(tickList))]
        if let axis = categoryAxisRecord(ctx) { fields.append(axis) }
        if let gradient, let s = colorScale() { fields.append(("colorScale", gradient.record(ctx) { s.color($0, ctx.theme) })) }
        ctx.record(type: preset.type, fields)
    }

    /// The category axis: each category's name and where it is (its band's middle angle, or its track's radius).
    private func categoryAxisRecord(_ ctx: DrawContext) -> (String, JSONOut)? {
        guard categoryCount > 0 else { return nil }
        let list: [JSONOut] = table.categories.enumerated().map { c, name in
            switch preset.categoryAxis {
            case .angle:
                let (a0, a1) = angleBand(c)
                return .object([("label", .string(name)), ("angle", .number((a0 + a1) / 2))])
            case .radius:
                let (ri, ro) = track(c)
                return .object([("label", .string(name)), ("radius", ctx.px((ri + ro) / 2))])
            }
        }
        return ("categories", .array(list))
    }
}
