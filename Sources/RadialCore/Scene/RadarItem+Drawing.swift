import Foundation

/// What the radar emits, phase by phase: legend dots and the button (shapes), the mesh (main),
/// ring and value labels, axis labels, legend names (text). Nothing here changes state.
extension RadarItem {
    /// Small shapes (legend dots, button) in the shapes layer, the grid and series in the main
    /// layer, every piece of text in the text layer.
    func draw(_ ctx: DrawContext) {
        switch ctx.phase {
        case .shapes:
            drawShapes(ctx)
        case .main:
            drawMesh(ctx)
            if ctx.records { record(ctx) }
        case .text:
            drawText(ctx)
        case .overlay:
            drawOutOfRange(ctx)
            drawMissing(ctx)
            drawHighlight(ctx)
        case .top:
            break
        }
    }

    /// A hovered or focused axis: its spoke in the accent color and a ringed dot on every shown
    /// series' corner along it.
    private func drawHighlight(_ ctx: DrawContext) {
        guard case .axis(let a)? = highlight, a < chart.axes.count, chart.axes.count > 2 else { return }
        let n = chart.axes.count
        let g = growth(moment: ctx.moment)
        ctx.line(center, RadarMath.point(axis: a, count: n, share: 1, center: center, radius: radius), width: 2, color: ctx.palette.accent)
        for (i, shape) in displayedShares(time: ctx.moment.animationTime).enumerated() where shape.name != nil && visibility[i].target > 0 {
            let share = max(shape.shares[a].value, 0) * (transition == nil ? 1 : g)
            let p = RadarMath.point(axis: a, count: n, share: share, center: center, radius: radius)
            ctx.circle(center: p, radius: 5, color: ctx.palette.cardBackground)
            ctx.circle(center: p, radius: 3.5, color: shape.color.resolved(ctx.theme))
        }
    }

    /// Where each shown series' corners are drawn at the context's time: (series, corner points).
    private func shownCorners(_ ctx: DrawContext) -> [(series: Int, corners: [Vec2])] {
        let n = chart.axes.count
        guard n > 2 else { return [] }
        let g = growth(moment: ctx.moment)
        return displayedShares(time: ctx.moment.animationTime).enumerated().compactMap { i, shape in
            guard shape.name != nil, i < chart.series.count, visibility[i].target > 0 else { return nil }
            return (i, (0..<n).map { a in
                RadarMath.point(axis: a, count: n, share: max(shape.shares[a].value, 0) * (transition == nil ? 1 : g), center: center, radius: radius)
            })
        }
    }

    /// A value outside its axis' range: an open ring on its corner (on a halo of the card's
    /// color) and, where it is held at the rim, an arrow pointing on outwards.
    private func drawOutOfRange(_ ctx: DrawContext) {
        // Most charts have no value out of range: then a frame asks for no corners (they allocate).
        guard anyOutOfRange else { return }
        let n = chart.axes.count
        for (i, corners) in shownCorners(ctx) {
            let color = chart.series[i].color.resolved(ctx.theme)
            for a in 0..<n {
                guard let side = chart.outOfRange(series: i, axis: a) else { continue }
                let p = corners[a]
                ctx.circle(center: p, radius: 6.5, color: ctx.palette.cardBackground)
                ctx.circle(center: p, radius: 5, color: color, border: 2)
                guard (side == .above) != chart.scale(axis: a).inverted else { continue }
                let ang = RadarMath.angle(of: a, count: n)
                let dir = Vec2(cos(ang), sin(ang)), side2 = Vec2(-dir.y, dir.x)
                let tip = p + dir * 15, base = p + dir * 6
                ctx.line(base, tip, width: 2, color: color)
                ctx.line(tip, tip - dir * 5 + side2 * 4, width: 2, color: color)
                ctx.line(tip, tip - dir * 5 - side2 * 4, width: 2, color: color)
            }
        }
    }

    /// The seed's fill opacity for up to three series; past three it is shared among them, so
    /// many overlapping fills stay readable instead of turning the middle muddy.
    var fillOpacity: Double {
        let n = chart.series.count
        return n <= 3 ? 0.22 : max(0.22 * 3 / Double(n), 0.05)
    }

    /// A missing value sits at the center, as in the seed, and says so: a hollow ring in the
    /// series' color on the axis' spoke just out from the center (one step further per series
    /// already marked on that axis), on a halo of the card's color.
    private func drawMissing(_ ctx: DrawContext) {
        guard anyMissing, chart.axes.count > 2 else { return }
        for (i, a, p) in missingMarks() where visibility[i].target > 0 {
            ctx.circle(center: p, radius: 4.5, color: ctx.palette.cardBackground)
            ctx.circle(center: p, radius: 3.5, color: chart.series[i].color.resolved(ctx.theme), border: 1.5)
            _ = a
        }
    }

    /// Where each missing value's mark goes: (series, axis, point).
    func missingMarks() -> [(series: Int, axis: Int, point: Vec2)] {
        let n = chart.axes.count
        var out: [(Int, Int, Vec2)] = []
        for a in 0..<n {
            var k = 0
            for i in chart.series.indices where !chart.value(series: i, axis: a).isFinite {
                let u = Self.direction(a, n)
                out.append((i, a, center + u * (8 + 6 * Double(k))))
                k += 1
            }
        }
        return out
    }

    /// How strongly value labels show at a growth: none until the shape is 70 % grown, fully
    /// from 95 % (the spring's overshoot keeps them full).
    static func valueLabelOpacity(growth g: Double) -> Double { min(max((g - 0.7) / 0.25, 0), 1) }
    /// The plate under a value label: the card's color at this opacity.
    static let valueLabelPlateOpacity = 0.85

    /// Ring labels (the first axis' scale at each ring) and value labels (each corner's value).
    private func drawScaleText(_ ctx: DrawContext) {
        let n = chart.axes.count
        guard n > 2 else { return }
        let pal = ctx.palette
        let lineH = measurer.lineHeight(Self.scaleStyle)
        for place in ringLabelPlaces {
            ctx.text(place.text, style: Self.scaleStyle, leading: Vec2(place.origin.x, place.origin.y + lineH / 2), color: pal.secondaryLabel, role: .ringLabel)
        }
        guard chart.valueLabels, !valueLabelPlaces.isEmpty else { return }
        // Placed for the chart at rest; each follows its corner as it grows, fading in over the
        // growth's last stretch (at the start every corner is at the center: the labels would
        // pile up there), on a plate of the card's color so a series line crossing it does not
        // cut through its digits.
        let fade = transition == nil ? Self.valueLabelOpacity(growth: growth(moment: ctx.moment)) : 1
        guard fade > 0 else { return }
        var c = ctx
        c.labelOpacity = min(ctx.labelOpacity, fade)
        let plate = pal.cardBackground.opacity(Float(Self.valueLabelPlateOpacity * c.opacity(of: .valueLabel)))
        for (i, corners) in shownCorners(ctx) {
            for place in valueLabelPlaces where place.series == i && place.axis < corners.count {
                let at = corners[place.axis] + place.offset
                let w = measurer.width(place.text, Self.scaleStyle)
                c.rect(Rect(x: at.x - w / 2 - 2, y: at.y - lineH / 2, width: w + 4, height: lineH), radius: 3, color: plate)
                c.text(place.text, style: Self.scaleStyle, center: at, color: chart.series[i].color.resolved(ctx.theme), role: .valueLabel)
            }
        }
        if unplacedValues > 0, let note = unplacedNote {
            ctx.text(note.text, style: Self.scaleStyle, leading: note.at, color: pal.secondaryLabel, role: .note)
        }
    }
    static let scaleStyle = TextStyle.caption2

    /// Legend dots and the bordered Replay button's background.
    private func drawShapes(_ ctx: DrawContext) {
        let pal = ctx.palette
        for e in legend.entries where e.index < chart.series.count {
            let i = e.index, o = e.origin
            ctx.group(.series(i), name: chart.series[i].name) {
                SeriesMarkers.legendSymbol(ctx, series: i, center: Vec2(o.x + Self.legendDot / 2, o.y), radius: Self.legendDot / 2,
                                           color: chart.series[i].color.resolved(ctx.theme), hidden: visibility[i].target == 0)
            }
        }
        if let b = replayButton {
            ctx.group(.replay, name: Self.replayTitle) {
                ctx.rect(b, radius: 10, color: pal.controlBorderWidth > 0 ? pal.accent : pal.accent.opacity(0.15), border: pal.controlBorderWidth)
            }
        }
    }

    private func drawMesh(_ ctx: DrawContext) {
        let pal = ctx.palette
        let s = ctx.scale
        // Grid, then each series' fill and outline, as the seed's ZStack does: one draw call.
        // The grid is an opaque blend of the quaternary label color, so crossings do not darken.
        if let bands = bandMesh, !bands.indices.isEmpty {
            // Under the grid, at full size: a fill of one color, the card's label tint.
            if bandColors[ctx.theme] == nil {
                bandColors[ctx.theme] = SeriesColors([ctx.flattened(pal.quaternaryLabel.opacity(0.3), over: pal.cardBackground)])
            }
            var draw = MeshDraw(mesh: bands, indexRange: 0..<bands.indices.count, center: center * s, pointScale: radius * s, growth: 1,
                                style: .roles(colors: bandColors[ctx.theme]!, fillOpacity: 1, strokeHalfWidth: 0, gridColor: .clear, gridHalfWidth: 0))
            if ctx.records, let c = ctx.chart { draw.seriesGroups = [FrameGroup(id: "charts[\(c)].bands", role: "grid", name: "Bands")] }
            ctx.frame.add(draw)
        }
        if !mesh.indices.isEmpty {
            var colors = seriesColors(ctx.theme)
            if case .series(let i)? = highlight, i < visibility.count, visibility[i].target > 0 { colors = seriesColors(ctx.theme, emphasizing: i) }
            var draw = MeshDraw(mesh: mesh, indexRange: 0..<mesh.indices.count, center: center * s, pointScale: radius * s,
                                growth: growth(moment: ctx.moment),
                                style: .roles(colors: colors, fillOpacity: fillOpacity, strokeHalfWidth: 1 * s,
                                              gridColor: ctx.flattened(pal.quaternaryLabel, over: pal.cardBackground),
                                              gridHalfWidth: pal.hairlineHalfWidth * s))
            draw.patterns = meshPatterns(on: ctx.patterns)
            draw.patternScale = s
            if ctx.records, let c = ctx.chart {
                draw.gridGroup = FrameGroup(id: "charts[\(c)].grid", role: "grid", name: "Grid")
                // The mesh's series: the chart's, then (during a reload) those leaving.
                draw.seriesGroups = (0..<retainedShapes).map { i in
                    i < chart.series.count ? FrameGroup(id: "charts[\(c)].series[\(i)]", role: "series", name: chart.series[i].name) : nil
                }
            }
            ctx.frame.add(draw)
            // Hidden series (legend toggles) carry no markers: they are shrinking away.
            SeriesMarkers.radarCorners(ctx, shapes: SeriesMarkers.active(ctx) ? displayedShares(time: ctx.moment.animationTime).enumerated().map { i, s in
                i < visibility.count && visibility[i].target == 0 ? (nil, s.color, s.shares) : s
            } : [], center: center, radius: radius)
        }
    }

    /// The mesh's series patterns with the channel on or off (nil: all solid), made once each.
    private func meshPatterns(on: Bool) -> SeriesPatterns? {
        if let p = seriesPatterns[on] { return p.patterns.contains { $0 != .solid } ? p : nil }
        let list = (0..<retainedShapes).map { patterns.drawn($0, on: on) }
        let p = SeriesPatterns(list)
        seriesPatterns[on] = p
        return list.contains { $0 != .solid } ? p : nil
    }

    /// Header, axis labels, legend names, the button's title.
    private func drawText(_ ctx: DrawContext) {
        let pal = ctx.palette
        shownHeader.draw(ctx, top: headerTop, centerX: headerCenterX)
        drawScaleText(ctx)
        for (a, l) in labels.enumerated() where a < chart.axes.count && !l.hidden {
            ctx.group(.axis(a), name: chart.axes[a]) {
                ctx.text(l.block, at: l.origin, color: pal.secondaryLabel, role: .axisLabel, shrink: l.shrink)
            }
        }
        if chart.axes.count < 3 {
            let why = chart.axes.isEmpty ? "No axes" : "A radar chart needs at least 3 axes"
            ctx.text(why, style: .footnote, center: center, color: pal.secondaryLabel, role: .message)
        }
        for e in legend.entries where e.index < chart.series.count {
            let i = e.index, o = e.origin
            ctx.group(.series(i), part: "label", name: chart.series[i].name) {
                ctx.text(e.name, style: Self.legendStyle, leading: Vec2(o.x + Self.legendDot + 6, o.y),
                         color: visibility[i].target == 0 ? pal.secondaryLabel : pal.label, role: .legend,
                         whole: e.shortened ? chart.series[i].name : nil)
            }
        }
        if let s = legend.summary {
            ctx.text(s.text, style: Self.legendStyle, leading: s.origin, color: pal.secondaryLabel, role: .legend)
        }
        if let b = replayButton {
            ctx.group(.replay, part: "label", name: Self.replayTitle) {
                ctx.text(buttonLabel, style: Self.buttonStyle, center: b.center, color: pal.accent, role: .button)
            }
        }
    }
}

extension RadarItem {
    /// "2 values not labeled": where the collision pass left values out, in a corner of the
    /// chart's band that nothing else uses (else only in the chart's description).
    var unplacedNote: (text: String, at: Vec2)? {
        let text = unplacedValues == 1 ? "1 value not labeled" : "\(unplacedValues) values not labeled"
        let w = measurer.width(text, Self.scaleStyle), h = measurer.lineHeight(Self.scaleStyle)
        let b = labelsBand
        // Clear of the axis labels, the chart's circle and the ring labels (which may stand past it).
        let rings = ringLabelPlaces.map { Rect(x: $0.origin.x, y: $0.origin.y, width: measurer.width($0.text, Self.scaleStyle), height: h) }
        var placer = LabelPlacer(bounds: b, obstacles: labels.map(\.box) + rings + [Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)])
        let corners = [Vec2(b.minX, b.maxY - h), Vec2(b.maxX - w, b.maxY - h), Vec2(b.minX, b.minY), Vec2(b.maxX - w, b.minY)]
        guard let k = placer.place(corners.map { Rect(x: $0.x, y: $0.y, width: w, height: h) }) else { return nil }
        return (text, Vec2(corners[k].x, corners[k].y + h / 2))
    }
}
