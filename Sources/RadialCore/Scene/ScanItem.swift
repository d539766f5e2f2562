import Foundation

/// The radar-scan sweep on a card: a bordered circle, a beam turning forever, blips that light
/// up as it passes and fade like phosphor.
final class ScanItem: ChartItem {
    let chart: ScanChart
    let measurer: TextShaping
    let card = CardStyle.radar
    var embeddedTitle: (String, String?)? { didSet { headerCache = nil } }
    var sharesPlotSize = false
    private(set) var square = Rect.zero
    private var headerTop = 0.0
    /// The header as drawn: cut to the card's width at layout.
    private var shownHeader = CardHeader()
    private var statusY = 0.0
    private var statusTop = 0.0
    private var statusWidth = 0.0
    /// Where each contact's label goes, and the text shown there (see `placeLabels`).
    private var labelPlaces: [Int: (box: Rect, text: String)] = [:]
    let replayButton: Rect? = nil
    var fillsCard: Bool { false }
    /// The hovered or focused contact gets a ring and its label.
    var highlight: ElementKey?
    private let status: String
    /// The caption with reduce motion on, when the beam stands still.
    private let stillStatus: String
    /// The gradient stops per theme, premultiplied once.
    private let lightStops: AngularGradientInstance.Stops
    private let darkStops: AngularGradientInstance.Stops
    private let highContrastStops: AngularGradientInstance.Stops
    /// Where the gradient stops being clear (0...1 of a turn) per theme: the beam's quad covers
    /// only the wedge from there to the leading edge.
    /// How many stops the shader uses. (`chart.stops` builds an array each time it is asked:
    /// asking it per frame was the scan's one heap allocation a frame.)
    private let stopCount: Int
    private let lightBeamStart: Double
    private let darkBeamStart: Double
    private let highContrastBeamStart: Double
    static let stackSpacing = 20.0
    static let blipRadius = 4.0

    init(chart: ScanChart, measurer: TextShaping, formatting: Formatting) {
        self.chart = chart
        self.measurer = measurer
        let n = chart.blips.count
        let turn = chart.duration == 1 ? "1 second" : "\(formatting.number(chart.duration)) seconds"
        stopCount = min(chart.stops.count, AngularGradientInstance.maxStops)
        lightStops = AngularGradientInstance.stops(chart.stops.map { $0.resolved(.light) })
        darkStops = AngularGradientInstance.stops(chart.stops.map { $0.resolved(.dark) })
        lightBeamStart = Self.beamStart(chart.stops.prefix(AngularGradientInstance.maxStops).map { $0.resolved(.light) })
        darkBeamStart = Self.beamStart(chart.stops.prefix(AngularGradientInstance.maxStops).map { $0.resolved(.dark) })
        highContrastStops = AngularGradientInstance.stops(chart.stops.map { $0.resolved(.highContrast) })
        highContrastBeamStart = Self.beamStart(chart.stops.prefix(AngularGradientInstance.maxStops).map { $0.resolved(.highContrast) })
        let contacts = "\(n == 0 ? "no" : String(n)) contact\(n == 1 ? "" : "s")"
        status = "One turn every \(turn) · " + contacts
        stillStatus = "Beam held still (reduce motion) · " + contacts
    }

    // MARK: - Math

    /// The beam's rotation at `time`: degrees clockwise (counter-clockwise scans turn the other
    /// way), 360° per `duration`, from the moment the chart appears. Reduce motion holds it at 0.
    static func rotation(time: Double, duration: Double, reduceMotion: Bool) -> Double {
        guard !reduceMotion, duration > 0, duration.isFinite, time.isFinite else { return 0 }
        // Wrap to one turn before dividing: `time / duration` overflows to infinity for a tiny
        // duration, and infinity minus itself is NaN. The remainder is exact and < duration.
        var wrapped = time.truncatingRemainder(dividingBy: duration)
        if wrapped < 0 { wrapped += duration }
        return min(360 * (wrapped / duration), 360).finiteOr(0)
    }

    /// The leading edge in degrees clockwise from 12 o'clock, as `--geometry` reports it.
    static func leadingAngle(time: Double, chart: ScanChart, reduceMotion: Bool) -> Double {
        let r = rotation(time: time, duration: chart.duration, reduceMotion: reduceMotion)
        // SwiftUI's gradient starts at 3 o'clock (90° from 12); its seam is the leading edge.
        let a = chart.clockwise ? 90 + r : 90 - r
        return a - 360 * (a / 360).rounded(.down)
    }

    /// How much of a contact a still shows at least: a still (`Moment.still`, `render` without
    /// `--at`) is the page's picture, not one frame, so every contact is in it — those the beam
    /// lit in the last `fade` seconds as bright as in the frame, the others as this afterglow.
    static let stillAfterglow = 0.45

    /// How lit a blip is at a moment: 1 as the beam crosses it, fading to 0 over `fade` seconds;
    /// 0 until the beam first reaches it; 1 always with reduce motion; in a still, as if the beam
    /// had always been turning, and never under `stillAfterglow`.
    static func intensity(of blip: Blip, moment: Moment, chart: ScanChart) -> Double {
        let lit = intensity(of: blip, time: beamTime(moment, chart: chart), chart: chart, reduceMotion: moment.reduceMotion)
        return isStill(moment, chart: chart) ? max(lit, stillAfterglow) : lit
    }

    /// Whether `moment` is a still of this turning scan (reduce motion already shows every contact).
    private static func isStill(_ moment: Moment, chart: ScanChart) -> Bool {
        moment.still && !moment.reduceMotion && chart.duration > 0 && chart.duration.isFinite && moment.time.isFinite && moment.time >= 0
    }

    /// The time the contacts are lit for: the moment's, or in a still a turn later, when the beam
    /// is where it is now and has reached every contact once.
    private static func beamTime(_ moment: Moment, chart: ScanChart) -> Double {
        isStill(moment, chart: chart) ? moment.time.truncatingRemainder(dividingBy: chart.duration) + chart.duration : moment.time
    }

    /// How lit a blip is at `time` in the animation: 1 as the beam crosses it, fading to 0 over
    /// `fade` seconds; 0 until the beam first reaches it; 1 always with reduce motion.
    static func intensity(of blip: Blip, time: Double, chart: ScanChart, reduceMotion: Bool) -> Double {
        if reduceMotion { return 1 }
        guard time >= 0, chart.duration > 0, chart.duration.isFinite else { return 0 }
        let start = 90.0   // leading edge at t = 0
        // Angle the beam must turn from its start to first reach the blip.
        var first = chart.clockwise ? blip.turnAngle - start : start - blip.turnAngle
        first -= 360 * (first / 360).rounded(.down)
        // Seconds since the beam first reached the blip, then wrapped to one turn before
        // converting to degrees, so a tiny duration cannot overflow.
        let firstAt = first / 360 * chart.duration
        guard time >= firstAt else { return 0 }
        let sincePass = (time - firstAt).truncatingRemainder(dividingBy: chart.duration)
        let k = max(0, 1 - sincePass / chart.fade)
        return (k * k).finiteOr(0)
    }

    /// The gradient parameter from which the gradient can be non-clear: the stop before the
    /// first non-clear one (interpolation starts there), 0 if the first stop shows.
    static func beamStart(_ stops: [RGBA]) -> Double {
        guard stops.count > 1, let first = stops.firstIndex(where: { $0.a > 0 }) else { return stops.isEmpty ? 1 : 0 }
        return first == 0 ? 0 : Double(first - 1) / Double(stops.count - 1)
    }

    /// The arc the beam's fan covers: where the gradient can show, from `a0` to `a1`, widened by
    /// 3 px at the rim so the anti-aliased seam and edge are not cut off; never more than a turn.
    static func beamArc(from a0: Double, to a1: Double, radius r: Double) -> (Double, Double) {
        let margin = 3 / max(r, 1)
        if a1 - a0 + 2 * margin >= 2 * .pi { return (a0, a0 + 2 * .pi) }
        return (a0 - margin, a1 + margin)
    }

    // MARK: - Layout

    private var header: CardHeader { CardHeader(title: chart.title ?? embeddedTitle?.0, subtitle: embeddedTitle?.1, pageTitle: chart.title == nil) }
    /// The header set for a card of content `content` by CardHeader's rule (a second line only
    /// while the scan keeps its size), made once per size and text size.
    private func fittedHeader(in content: Size) -> CardHeader {
        if let c = headerCache, c.size == content, c.textSize == measurer.textSize { return c.header }
        let rest = chromeHeight(width: content.width, header: 0)
        let marks = { (h: Double) -> Double in max(min(content.width, content.height - rest - (h > 0 ? h + Self.stackSpacing : 0)), 0) }
        let h = header.fitted(width: content.width, cardHeight: content.height, marks: marks, measurer)
        headerCache = (content, measurer.textSize, h)
        return h
    }
    private var headerCache: (size: Size, textSize: TextSize, header: CardHeader)?

    /// The caption under the scan, wrapped to the card's width (two lines at most).
    private func caption(width: Double, reduceMotion: Bool) -> TextBlock {
        TextBlock(reduceMotion ? stillStatus : status, style: .footnote, width: width, maxLines: 2, measurer)
    }

    func chromeHeight(width: Double) -> Double { chromeHeight(width: width, header: fittedHeader(in: Size(width, .infinity)).shownHeight) }
    /// The header (as CardHeader's rule sets it for `content`) and the caption.
    private func chromeHeight(in content: Size) -> Double { chromeHeight(width: content.width, header: fittedHeader(in: content).shownHeight) }
    func largestChartSide(in content: Size) -> Double { max(min(content.width, content.height - chromeHeight(in: content)), 0) }
    func contentHeight(chartSide: Double, in content: Size) -> Double { chartSide + chromeHeight(in: content) }
    /// The header `header` points tall and the caption.
    private func chromeHeight(width: Double, header: Double) -> Double {
        let lines = max(caption(width: width, reduceMotion: false).lines.count, caption(width: width, reduceMotion: true).lines.count)
        return (header > 0 ? header + Self.stackSpacing : 0) + Self.stackSpacing + Double(lines) * measurer.lineHeight(.footnote)
    }
    func minimumContentWidth() -> Double {
        max(min(max(measurer.width(status, .footnote), measurer.width(stillStatus, .footnote)), 240), header.width(measurer))
    }

    /// A card holding only the scan is as wide as its caption on one line, when the page allows.
    func contentWidth(chartSide: Double, in content: Size) -> Double {
        let caption = max(measurer.width(status, .footnote), measurer.width(stillStatus, .footnote))
        return max(chartSide, minimumContentWidth(), min(caption, content.width))
    }

    static let labelStyle = TextStyle.caption2.weight(.medium)

    /// Each labeled contact's label where the collision pass put it (right of the dot, else left,
    /// above or below, else shortened to the room beside it); a label with no room is left out
    /// (its contact is still an element, read and focused as any other).
    private func placeLabels(in content: Rect) {
        labelPlaces = [:]
        let blips = Array(chart.blips.prefix(AngularGradientInstance.maxBlips))
        let r = Self.blipRadius * 2.2
        // Between the header and the caption: a name never runs into either.
        let top = max(content.minY, headerBottom ?? content.minY)
        var placer = LabelPlacer(bounds: Rect(x: content.minX, y: top, width: content.width, height: max(statusTop - top, 0)),
                                 obstacles: blips.indices.map { i in let p = blipPosition(i); return Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r) })
        let h = measurer.lineHeight(Self.labelStyle), gap = Self.blipRadius * 2.5
        for (i, blip) in blips.enumerated() {
            guard let label = blip.label else { continue }
            let p = blipPosition(i), w = measurer.width(label, Self.labelStyle)
            // Above and below clear their own dot by more than the placer's padding (touching it,
            // they never fitted: every long name was cut on its side instead).
            let clear = r + placer.padding + 1
            let whole = [Rect(x: p.x + gap, y: p.y - h / 2, width: w, height: h), Rect(x: p.x - gap - w, y: p.y - h / 2, width: w, height: h),
                         Rect(x: p.x - w / 2, y: p.y - clear - h, width: w, height: h), Rect(x: p.x - w / 2, y: p.y + clear, width: w, height: h)]
            if let k = placer.place(whole) { labelPlaces[i] = (whole[k], label); continue }
            // Shortened to the room on the right, then on the left.
            for right in [true, false] {
                let room = right ? content.maxX - (p.x + gap) : p.x - gap - content.minX
                guard room > 24 else { continue }
                guard let shown = measurer.truncatedKeepingThree(label, Self.labelStyle, toWidth: room) else { continue }
                let sw = measurer.width(shown, Self.labelStyle)
                let box = Rect(x: right ? p.x + gap : p.x - gap - sw, y: p.y - h / 2, width: sw, height: h)
                if placer.place([box]) != nil { labelPlaces[i] = (box, shown); break }
            }
        }
    }

    func layout(content: Rect, chartSide: Double) {
        // The header takes the lines the card has room for over the scan it was sized for.
        let below = chartSide + chromeHeight(width: content.width, header: 0)
        shownHeader = self.header.fitted(width: content.width, room: content.height - below - Self.stackSpacing, measurer)
        let header = shownHeader.shownHeight
        // The stack sits in the middle of a card taller than it needs (a grid row's height).
        var y = content.minY + max((content.height - below - (header > 0 ? header + Self.stackSpacing : 0)) / 2, 0)
        headerTop = y
        if header > 0 { y += header + Self.stackSpacing }
        square = Rect(x: content.midX - chartSide / 2, y: y, width: chartSide, height: chartSide)
        y += chartSide + Self.stackSpacing
        statusTop = y
        statusWidth = content.width
        statusY = y + measurer.lineHeight(.footnote) / 2
        placeLabels(in: content)
    }

    var marksFrame: Rect? { square }
    /// Contacts' names left out for want of room (each contact is still an element, read and focused).
    var labelsHidden: Int { chart.blips.prefix(AngularGradientInstance.maxBlips).filter { $0.label != nil }.count - labelPlaces.count }
    var headerBottom: Double? { shownHeader.shownHeight > 0 ? headerTop + shownHeader.shownHeight : nil }
    func settleTime(reduceMotion: Bool) -> Double { reduceMotion ? 0 : .infinity }
    func update(moment: Moment) {}
    func scheduleArrivals(clock: inout Double) {}
    /// A scan keeps turning across a reload: its angle depends only on page time.
    func continueFrom(_ old: ChartItem?, at time: Double) {}

    // MARK: - Drawing

    /// Rings, spokes and the beam (main layer), blips (overlay), text (text layer).
    func draw(_ ctx: DrawContext) {
        let pal = ctx.palette
        let color = chart.color.resolved(ctx.theme)
        let center = square.center
        let radius = square.width / 2
        switch ctx.phase {
        case .main:
            if ctx.records { record(ctx) }
        case .overlay:
            // Blips: a halo, a ring in the card's color (so a dot stays visible on the beam of its
            // own color just as it lights up) and a dot.
            forEachLitBlip(ctx, center: center, radius: radius) { _, _, p, k in
                ctx.circle(center: p, radius: Self.blipRadius * 2.2, color: color.opacity(Float(0.25 * k)))
                // High contrast: the dot stays solid while lit (its label does too); the halo fades.
                let solid: Float = ctx.theme == .highContrast ? 1 : Float(k)
                ctx.circle(center: p, radius: Self.blipRadius + 1.5, color: pal.cardBackground.opacity(solid))
                ctx.circle(center: p, radius: Self.blipRadius, color: color.opacity(solid))
            }
            if case .contact(let i)? = highlight, i < chart.blips.count {
                ctx.circle(center: blipPosition(i), radius: Self.blipRadius * 2.2 + 2, color: pal.label, border: 2)
            }
            return
        case .text:
            forEachLitBlip(ctx, center: center, radius: radius, part: "label") { i, blip, _, k in
                if let place = labelPlaces[i] {
                    ctx.text(place.text, style: Self.labelStyle, leading: Vec2(place.box.minX, place.box.midY),
                             color: pal.label.opacity(ctx.theme == .highContrast || ctx.moment.still ? 1 : Float(k)), role: .contact, whole: blip.label)
                }
            }
            shownHeader.draw(ctx, top: headerTop, centerX: square.midX)
            let block = caption(width: statusWidth, reduceMotion: ctx.reduceMotion)
            ctx.text(block, at: Vec2(square.midX - block.size.width / 2, statusTop), color: pal.secondaryLabel, role: .caption)
            return
        case .shapes, .top:
            return
        }
        // Border (inside the circle, as strokeBorder draws it), range rings and spokes under the
        // beam. The circles are annuli drawn as signed distances on strips along them (a few
        // dozen triangles each, exactly round at any size); rings and spokes are opaque (their
        // color flattened over the card), so crossings do not darken.
        let s = ctx.scale
        let r = radius * s, c = center * s
        let bw = min(chart.borderWidth, radius) * s
        let inner = r - bw
        // High contrast: rings and spokes in the full color (3:1 or more), a little wider.
        let grid = ctx.flattened(color.opacity(ctx.theme == .highContrast ? 1 : 0.3), over: pal.cardBackground)
        let half = pal.hairlineHalfWidth * s
        if chart.rings > 0 {
            for i in 1...chart.rings {
                let ri = inner * Double(i) / Double(chart.rings + 1)
                ctx.frame.add(SectorInstance(center: c, innerRadius: max(ri - half, 0), outerRadius: ri + half, startAngle: 0, endAngle: 2 * .pi,
                                             halfInset: 0, cornerRadius: 0, color: grid))
            }
        }
        if bw > 0 {
            ctx.frame.add(SectorInstance(center: c, innerRadius: inner, outerRadius: r, startAngle: 0, endAngle: 2 * .pi,
                                         halfInset: 0, cornerRadius: 0, color: color))
        }
        // Spokes stop half a pixel short of the border, where its anti-aliased edge begins.
        for i in 0..<max(chart.spokes, 0) {
            let a = Double(i) / Double(chart.spokes) * 2 * .pi - .pi / 2
            ctx.frame.add(LineInstance(from: c, to: c + Vec2(cos(a), sin(a)) * max(inner - 0.5, 0), width: 2 * half, color: grid))
        }
        // The beam: one fan over just the arc where the gradient is not clear.
        let rot = Self.rotation(time: ctx.time, duration: chart.duration, reduceMotion: ctx.reduceMotion)
        let stops = switch ctx.theme { case .light: lightStops; case .dark: darkStops; case .highContrast: highContrastStops }
        let start = (chart.clockwise ? rot : -rot) * .pi / 180
        let u0 = switch ctx.theme { case .light: lightBeamStart; case .dark: darkBeamStart; case .highContrast: highContrastBeamStart }
        let (a0, a1) = chart.clockwise ? (start + 2 * .pi * u0, start + 2 * .pi) : (start - 2 * .pi, start - 2 * .pi * u0)
        let arc = Self.beamArc(from: a0, to: a1, radius: radius * s)
        if u0 < 1 {
            ctx.frame.add(AngularGradientInstance(
                center: center * s, radius: radius * s, arc: (arc.0 + .pi / 2, arc.1 + .pi / 2),
                gradientStart: start + .pi / 2, direction: chart.clockwise ? 1 : -1,
                stops: stops, stopCount: stopCount))
        }
        // A label may sit on the beam, where black on green is under 7:1: in high contrast each
        // lit label gets a plate of the card's color under it (drawn here, above the beam).
        if ctx.theme == .highContrast {
            forEachLitBlip(ctx, center: center, radius: radius, part: "plate") { i, _, _, _ in
                guard let place = labelPlaces[i] else { return }
                ctx.rect(place.box.insetBy(dx: -3, dy: -2), radius: 4, color: pal.cardBackground)
            }
        }
    }

    /// Calls `body(blip, position, intensity)` for every blip lit at the context's time.
    /// In recording frames each blip's part of the layer is the group of its contact (`part`
    /// names the layer's piece: nil for the dot, "label", "plate").
    private func forEachLitBlip(_ ctx: DrawContext, center: Vec2, radius: Double, part: String? = nil, _ body: (Int, Blip, Vec2, Double) -> Void) {
        for (i, blip) in chart.blips.prefix(AngularGradientInstance.maxBlips).enumerated() {
            let k = Self.intensity(of: blip, moment: ctx.moment, chart: chart)
            guard k > 0.002 else { continue }
            let a = blip.turnAngle * .pi / 180 - .pi / 2
            let r = (radius - chart.borderWidth) * min(max(blip.distance, 0), 1)
            ctx.group(.contact(i), part: part, name: Descriptions.contactName(chart, i)) {
                body(i, blip, Vec2(center.x + cos(a) * r, center.y + sin(a) * r), k)
            }
        }
    }

    // MARK: - Elements

    /// Where blip i sits, in points.
    private func blipPosition(_ i: Int) -> Vec2 {
        let blip = chart.blips[i]
        let a = blip.turnAngle * .pi / 180 - .pi / 2
        let r = (square.width / 2 - chart.borderWidth) * min(max(blip.distance, 0), 1)
        return square.center + Vec2(cos(a), sin(a)) * r
    }

    func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    func chartValue(formatting: Formatting) -> String { Descriptions.summary(of: chart, formatting: formatting) }

    /// Where contact i is and when the beam passed it: it changes by itself, as the beam turns
    /// (the window's tree marks contacts transient and updates them without events).
    private func contactValue(_ i: Int, moment: Moment, formatting: Formatting) -> String {
        Descriptions.contactValue(chart.blips[i], sincePass: Self.sincePass(of: chart.blips[i], time: Self.beamTime(moment, chart: chart), chart: chart, reduceMotion: moment.reduceMotion),
                                  beamMoves: !moment.reduceMotion && chart.duration > 0, formatting: formatting)
    }

    func elements(chart index: Int, moment: Moment, formatting: Formatting) -> [ChartElement] {
        let occurrence = ChartElement.occurrences(chart.blips.indices.map { Descriptions.contactName(chart, $0) })
        return chart.blips.indices.prefix(AngularGradientInstance.maxBlips).map { i in
            let p = blipPosition(i), r = Self.blipRadius * 2.2
            var box = Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)
            if let place = labelPlaces[i] { box = box.union(place.box) }
            return ChartElement(key: .contact(i), chart: index, name: Descriptions.contactName(chart, i),
                                value: contactValue(i, moment: moment, formatting: formatting), frame: box, occurrence: occurrence[i])
        }
    }

    func element(at p: Vec2, moment: Moment) -> ElementKey? {
        var best: (Int, Double)?
        for i in chart.blips.indices.prefix(AngularGradientInstance.maxBlips) {
            let d = (blipPosition(i) - p).length
            if d <= 12 && d < (best?.1 ?? .infinity) { best = (i, d) }
        }
        return best.map { .contact($0.0) }
    }

    func focusRing(for key: ElementKey) -> Rect? { nil }

    func tooltip(for key: ElementKey, moment: Moment, theme: Theme, formatting: Formatting) -> Tooltip? {
        guard case .contact(let i) = key, i < chart.blips.count else { return nil }
        let place = Descriptions.contactPlace(chart.blips[i], formatting: formatting)
        guard let ago = Self.sincePass(of: chart.blips[i], time: Self.beamTime(moment, chart: chart), chart: chart, reduceMotion: moment.reduceMotion) else {
            return Tooltip(title: Descriptions.contactName(chart, i), rows: [Tooltip.Row(text: place), Tooltip.Row(text: "The beam has not reached it yet")])
        }
        let secs = (ago * 10).rounded() / 10
        return Tooltip(title: Descriptions.contactName(chart, i),
                       rows: [Tooltip.Row(text: place), Tooltip.Row(text: "Beam passed \(formatting.number(secs)) s ago")])
    }

    func perform(_ action: ChartElement.Action, on key: ElementKey, at moment: Moment) -> Bool { false }

    /// Seconds since the beam last crossed `blip` (nil before it first does, or when it stands still).
    static func sincePass(of blip: Blip, time: Double, chart: ScanChart, reduceMotion: Bool) -> Double? {
        guard !reduceMotion, time >= 0, chart.duration > 0 else { return nil }
        let degreesPerSecond = 360 / chart.duration
        var first = chart.clockwise ? blip.turnAngle - 90 : 90 - blip.turnAngle
        first -= 360 * (first / 360).rounded(.down)
        let swept = time * degreesPerSecond
        guard swept >= first else { return nil }
        return (swept - first).truncatingRemainder(dividingBy: 360) / degreesPerSecond
    }

    // MARK: - Geometry

    /// What `--geometry` lists for the scan at the context's moment, in pixels.
    private func record(_ ctx: DrawContext) {
        let m = ctx.moment
        ctx.record(type: "scan", [
            ("frame", ctx.px(square)),
            ("center", ctx.px(square.center)),
            ("radius", ctx.px(square.width / 2)),
            ("leadingAngle", .number(Self.leadingAngle(time: m.time, chart: chart, reduceMotion: m.reduceMotion))),
            ("blips", .array(chart.blips.map { b in
                .object([("label", b.label.map(JSONOut.string) ?? .null), ("angle", .number(b.angle)), ("distance", .number(b.distance)),
                         ("intensity", .number(Self.intensity(of: b, moment: m, chart: chart)))])
            })),
        ])
    }
}
