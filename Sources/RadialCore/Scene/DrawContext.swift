/// The layers a page is drawn in. Every chart draws each layer in turn, so a page's small shapes,
/// its main shapes, its overlays and its text each become one batch (cards never overlap, so
/// this changes nothing on screen; llvmpipe pays per draw call).
package enum DrawPhase: CaseIterable, Sendable {
    /// Legend dots, buttons, placeholders.
    case shapes
    /// Radar meshes, pie sectors, the scan's rings and beam.
    case main
    /// What sits on the main shapes: annotation cards, blips.
    case overlay
    case text
    /// Hover tooltips, above everything else.
    case top
}

/// Everything a chart needs to draw itself into a frame at one instant.
package struct DrawContext {
    package let frame: Frame
    /// Pixels per point.
    package let scale: Double
    package let theme: Theme
    package let palette: Palette
    /// The moment drawn: seconds since the page appeared, and reduce motion.
    package let moment: Moment
    /// Animation seconds since the page appeared.
    package var time: Double { moment.time }
    package var reduceMotion: Bool { moment.reduceMotion }
    package let measurer: TextShaping
    /// Whether marks are drawn with their patterns (and lines with their dashes).
    package let patterns: Bool
    /// The layer being drawn (charts draw only their part of it).
    package var phase: DrawPhase = .text
    /// The chart being drawn (its index on the page), which its text labels name; nil for the page's own.
    package var chart: Int?
    /// The card of the chart being drawn, in points (recording frames list it with the chart).
    package var card: Rect?
    /// How strongly the chart's `fadedRoles` text is drawn: the morph's progress while the chart
    /// turns into a new kind (its labels fade in over the moving marks), else 1.
    package var labelOpacity: Double = 1
    /// The roles `labelOpacity` applies to: the kind's own labels (`TextRole.kindLabels`), and
    /// whatever a kind adds (radial bars' names on their tracks, which are its legend).
    package var fadedRoles: Set<TextRole> = TextRole.kindLabels

    /// The opacity text of `role` is drawn with.
    func opacity(of role: TextRole) -> Double { labelOpacity < 1 && fadedRoles.contains(role) ? max(labelOpacity, 0) : 1 }

    package init(frame: Frame, scale: Double, theme: Theme, moment: Moment, measurer: TextShaping, patterns: Bool = false) {
        self.frame = frame; self.scale = scale; self.theme = theme; self.palette = .of(theme)
        self.moment = moment; self.measurer = measurer; self.patterns = patterns
    }

    // MARK: - Primitives in points

    package func rect(_ r: Rect, radius: Double, color: RGBA, border: Double = 0, shadow: Double = 0, shadowColor: RGBA = .clear) {
        if border == 0 && shadow == 0 && color.a >= 1 && r.width * scale >= 96 && r.height * scale >= 96 {
            return cardBackground(r, radius: radius, color: color, part: .both)
        }
        frame.add(RoundedRectInstance(rect: r.scaled(scale), radius: radius * scale, color: color,
                                      borderWidth: border * scale, shadowRadius: shadow * scale, shadowColor: shadowColor))
    }

    package enum CardPart { case interior, corners, both }

    /// A large opaque rounded rectangle (a card) snapped to whole pixels: its straight middle is
    /// two solid rectangles, only its four corners are shaded (as circles). On llvmpipe shading a
    /// card-sized SDF costs milliseconds; an opaque flat fill much less. Drawing all interiors, then all
    /// corners, lets a page's cards batch.
    package func cardBackground(_ r: Rect, radius: Double, color: RGBA, part: CardPart) {
        guard color.a >= 1, r.width * scale >= 96, r.height * scale >= 96 else {
            if part != .corners { frame.add(RoundedRectInstance(rect: r.scaled(scale), radius: radius * scale, color: color)) }
            return
        }
        let x0 = (r.minX * scale).rounded(), y0 = (r.minY * scale).rounded()
        let x1 = (r.maxX * scale).rounded(), y1 = (r.maxY * scale).rounded()
        let w = x1 - x0, h = y1 - y0
        let rp = min(radius * scale, w / 2, h / 2)
        if part != .corners {
            // Inside the corner squares of side floor(rp) the rounded rectangle is exactly the circle.
            let k = rp.rounded(.down)
            // Three bands that do not overlap: no pixel is filled twice.
            // An interior alone is part of the page's background (see `Frame.Background`).
            for band in [Rect(x: x0 + k, y: y0, width: w - 2 * k, height: k), Rect(x: x0, y: y0 + k, width: w, height: h - 2 * k),
                         Rect(x: x0 + k, y: y1 - k, width: w - 2 * k, height: k)] {
                if part == .interior { frame.addBackgroundFill(band, color: color) } else { frame.addSolid(band, color: color) }
            }
        }
        guard part != .interior, rp > 0 else { return }
        for (cx, cy) in [(x0, y0), (x1 - 2 * rp, y0), (x0, y1 - 2 * rp), (x1 - 2 * rp, y1 - 2 * rp)] {
            frame.add(RoundedRectInstance(rect: Rect(x: cx, y: cy, width: 2 * rp, height: 2 * rp), radius: rp, color: color))
        }
    }

    package func circle(center: Vec2, radius: Double, color: RGBA, border: Double = 0) {
        if border == 0, let d = disc(center: center, radius: radius, color: color) { return frame.add(d) }
        rect(Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), radius: radius, color: color, border: border)
    }

    /// The rounded rectangle `circle` adds for a filled disc, or nil when it draws one otherwise
    /// (an opaque disc 96 pixels across or more is drawn as a card's parts): what a layer made
    /// ahead of the frame holds, so that it draws the pixels `circle` would.
    package func disc(center: Vec2, radius: Double, color: RGBA) -> RoundedRectInstance? {
        let r = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        if color.a >= 1 && r.width * scale >= 96 { return nil }
        return RoundedRectInstance(rect: r.scaled(scale), radius: radius * scale, color: color)
    }

    // MARK: - Patterns (issue #37)

    /// The pattern fill of a mark drawn with `pattern` over `color`, its tiles from the chart's
    /// `center` (points); nil for solid. `size` scales the pattern (a legend swatch's is smaller).
    package func patternFill(_ pattern: FillPattern, over color: RGBA, center: Vec2, size: Double = 1) -> PatternFill? {
        guard pattern != .solid else { return nil }
        return PatternFill(pattern: pattern, ink: PatternFill.ink(over: color), scale: scale * size, origin: PatternFill.origin(center: center, scale: scale))
    }

    /// How large a legend swatch's pattern is against the marks' (a swatch shows two or three periods).
    package static let swatchPatternSize = 0.75
    /// How much larger (points, in radius) a patterned swatch is than the dot it replaces.
    package static let swatchGrowth = 2.0

    /// A legend entry's symbol: the dot, or — when the entry's mark is drawn with a pattern — a
    /// disc a little larger showing that pattern; a hidden entry's is a hollow ring either way
    /// (shown and hidden differ by shape).
    package func swatch(center: Vec2, radius: Double, color: RGBA, pattern: FillPattern, hidden: Bool) {
        guard !hidden, pattern != .solid else { return circle(center: center, radius: radius, color: color, border: hidden ? 1.5 : 0) }
        let r = radius + Self.swatchGrowth
        frame.add(SectorInstance(center: center * scale, innerRadius: 0, outerRadius: r * scale, startAngle: 0, endAngle: 2 * .pi, halfInset: 0,
                                 cornerRadius: 0, color: color,
                                 pattern: PatternFill(pattern: pattern, ink: PatternFill.ink(over: color), scale: scale * Self.swatchPatternSize,
                                                      origin: PatternFill.origin(center: center, scale: scale))))
    }

    package func line(_ a: Vec2, _ b: Vec2, width: Double, color: RGBA) {
        frame.add(LineInstance(from: a * scale, to: b * scale, width: width * scale, color: color))
    }

    /// Draws `s` on one line with its line box centered on `center`, shrunk uniformly by `shrink`,
    /// turned `angle` radians clockwise about `center` (0: horizontal), and records it as a `role`
    /// label. `whole`: the text `s` was shortened from, if it was.
    package func text(_ s: String, style: TextStyle, center: Vec2, color: RGBA, role: TextRole, shrink: Double = 1, whole: String? = nil,
                      angle: Double = 0) {
        text(measurer.shape(s, weight: style.weight), style: style, center: center, color: color, role: role, shrink: shrink, whole: whole, angle: angle)
    }

    /// Draws `s` with the left end of its line box at `leading`, vertically centered on `leading.y`.
    package func text(_ s: String, style: TextStyle, leading: Vec2, color: RGBA, role: TextRole, whole: String? = nil) {
        text(measurer.shape(s, weight: style.weight), style: style, leading: leading, color: color, role: role, whole: whole)
    }

    /// A line shaped beforehand (at layout), its line box centered on `center`, turned `angle`
    /// radians clockwise about it.
    package func text(_ line: ShapedLine, style: TextStyle, center: Vec2, color: RGBA, role: TextRole, shrink: Double = 1, whole: String? = nil,
                      angle: Double = 0) {
        let m = line.metrics(measurer.textSize.resolve(style))
        emit(line, style: style, leftTop: Vec2(center.x - m.width * shrink / 2, center.y - m.height * shrink / 2), color: color,
             role: role, shrink: shrink, whole: whole, angle: angle, pivot: center)
    }

    /// A line shaped beforehand, the left end of its line box at `leading`, vertically centered on it.
    package func text(_ line: ShapedLine, style: TextStyle, leading: Vec2, color: RGBA, role: TextRole, whole: String? = nil) {
        let m = line.metrics(measurer.textSize.resolve(style))
        emit(line, style: style, leftTop: Vec2(leading.x, leading.y - m.height / 2), color: color, role: role, shrink: 1, whole: whole)
    }

    /// One run with its line box's top-left corner at `leftTop` (points) before it is turned
    /// `angle` radians clockwise about `pivot` (points), and its label.
    private func emit(_ line: ShapedLine, style nominal: TextStyle, leftTop: Vec2, color: RGBA, role: TextRole, shrink: Double, whole: String?,
                      angle: Double = 0, pivot: Vec2 = .zero) {
        let style = measurer.textSize.resolve(nominal)
        let m = line.metrics(style)
        let o = opacity(of: role)
        let box = Rect(x: leftTop.x * scale, y: leftTop.y * scale, width: m.width * shrink * scale, height: m.height * shrink * scale)
        let baseline = Vec2(leftTop.x, leftTop.y + m.ascent * shrink) * scale
        var label = TextLabel(text: whole ?? line.text, role: role, box: box, fontSize: style.size * shrink * scale, lines: 1,
                              shortened: whole.map { $0 != line.text } ?? false, chart: chart, runs: frame.texts.count..<frame.texts.count + 1,
                              opacity: o)
        var origin = baseline
        if angle != 0 {
            // The run turns about its own origin: put that origin where turning about `pivot` takes it.
            let p = pivot * scale
            origin = TextLabel.corners(of: Rect(x: baseline.x, y: baseline.y, width: 0, height: 0), turned: angle, about: p)[0]
            label.angle = angle
            label.corners = TextLabel.corners(of: box, turned: angle, about: p)
            let xs = label.corners.map(\.x), ys = label.corners.map(\.y)
            label.box = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        frame.add(TextRun(line: line, style: style, origin: origin, scale: scale * shrink, color: color.opacity(Float(o)), angle: angle))
        frame.add(label)
    }

    // MARK: - What is drawn (recording frames)

    /// Whether the frame records groups and chart geometry (`Frame.records`).
    package var records: Bool { frame.records }

    /// Draws `body` as the element `key` of the current chart (or `part` of it: `card`, `label`),
    /// a group in recording frames; just `body` otherwise (the id and name are never made).
    package func group(_ key: ElementKey, part: String? = nil, name: @autoclosure () -> String, _ body: () -> Void) {
        guard frame.records, let chart else { return body() }
        frame.beginGroup(FrameGroup(id: "charts[\(chart)]" + key.pathSuffix + (part.map { "." + $0 } ?? ""),
                                    role: part == nil ? key.role.rawValue : part!, name: name()))
        body()
        frame.endGroup()
    }

    /// Records the current chart's geometry (recording frames only): `type` then `fields`.
    package func record(type: String, _ fields: @autoclosure () -> [(String, JSONOut)]) {
        guard frame.records, let chart else { return }
        frame.add(ChartRecord(chart: chart, fields: .object([("type", .string(type))] + (card.map { [("card", px($0))] } ?? []) + fields())))
    }

    /// Points as output pixels, for records.
    package func px(_ v: Double) -> JSONOut { .number(v * scale) }
    package func px(_ p: Vec2) -> JSONOut { .array([.number(p.x * scale), .number(p.y * scale)]) }
    package func px(_ r: Rect) -> JSONOut { .array([r.x, r.y, r.width, r.height].map { .number($0 * scale) }) }

    /// `color` with `alpha` of it laid over the card background: an opaque color that looks the
    /// same as the translucent one but does not darken where lines cross.
    package func flattened(_ color: RGBA, over background: RGBA) -> RGBA {
        let a = color.a
        return RGBA(color.r * a + background.r * (1 - a), color.g * a + background.g * (1 - a), color.b * a + background.b * (1 - a), 1)
    }
}

/// Text fitting helpers on the shaper.
extension TextShaping {
    /// `s`, or as much of it as fits in `width` followed by "…" (a long title is cut at its end,
    /// never clipped on both sides; its whole text stays in the tooltip and the accessible name).
    package func truncated(_ s: String, _ style: TextStyle, toWidth width: Double) -> String {
        // A page's layouts ask for the same names at the same widths again and again (every
        // grid the page tries, each of its small multiples): the typesetter remembers.
        if let typesetter = self as? Typesetter { return typesetter.truncation(s, style, width) { shortened(s, style, toWidth: width) } }
        return shortened(s, style, toWidth: width)
    }

    /// `s` within `width` in `style`: whole, or shortened with "…" where that keeps three
    /// characters or more before it; nil where it would keep fewer (#32: such a text is left out,
    /// and counted by its chart, never cut to "Hy…" less one).
    package func truncatedKeepingThree(_ s: String, _ style: TextStyle, toWidth width: Double) -> String? {
        let cut = truncated(s, style, toWidth: width)
        return cut == s || TextBlock.keepsThreeCharacters(cut) ? cut : nil
    }

    private func shortened(_ s: String, _ style: TextStyle, toWidth width: Double) -> String {
        if self.width(s, style) <= width { return s }
        // Where each character starts: a prefix of k characters is one slice, copied once (a
        // page's layouts shorten the same long names many times over).
        let starts = Array(s.indices)
        func prefix(_ k: Int) -> String { (k < starts.count ? s[..<starts[k]] : s[...]).trimmingTrailingSpaces + "…" }
        var lo = 0, hi = starts.count
        while lo < hi {   // the longest prefix that fits with the ellipsis
            let mid = (lo + hi + 1) / 2
            if self.width(prefix(mid), style) <= width { lo = mid } else { hi = mid - 1 }
        }
        return prefix(lo)
    }
}

extension StringProtocol {
    /// The text without the spaces at its end.
    var trimmingTrailingSpaces: String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[startIndex..<end])
    }
}
