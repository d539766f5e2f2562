/// Things the window draws over a page: the key help, a short status message, an error banner
/// and the frame-time overlay. Each is placed in the window: `size` is the window's, and `top`
/// where the window's top edge is on a page it scrolls (points; 0 when it does not).
package enum Overlays {
    /// A card in the middle of the window listing `keys` (keys, what they do): the window's key table.
    package static func drawHelp(_ ctx: DrawContext, size: Size, top: Double = 0, keys keyHelp: [(String, String)]) {
        let style = TextStyle.subheadline
        let keyStyle = TextStyle.subheadline.weight(.semibold)
        let lineH = ctx.measurer.lineHeight(style) + 6
        let keyW = keyHelp.map { ctx.measurer.width($0.0, keyStyle) }.max() ?? 0
        let textW = keyHelp.map { ctx.measurer.width($0.1, style) }.max() ?? 0
        let titleH = ctx.measurer.lineHeight(.headline) + 10
        let w = keyW + 24 + textW + 40, h = titleH + Double(keyHelp.count) * lineH + 32
        let card = Rect(x: (size.width - w) / 2, y: top + (size.height - h) / 2, width: w, height: h)
        // Opaque: the page under it (a chart's labels) must not show through the list (#32).
        ctx.rect(card, radius: 16, color: ctx.palette.cardBackground, shadow: 12, shadowColor: ctx.palette.shadow)
        ctx.text("Keys", style: .headline, leading: Vec2(card.minX + 20, card.minY + 16 + titleH / 2 - 5), color: ctx.palette.label, role: .overlay)
        var y = card.minY + 16 + titleH + lineH / 2
        for (key, what) in keyHelp {
            ctx.text(key, style: keyStyle, leading: Vec2(card.minX + 20, y), color: ctx.palette.accent, role: .overlay)
            ctx.text(what, style: style, leading: Vec2(card.minX + 20 + keyW + 24, y), color: ctx.palette.label, role: .overlay)
            y += lineH
        }
    }

    /// A short message in a capsule at the bottom of the window, lifted above any of `avoiding`
    /// (the page's controls) it would cover.
    package static func drawToast(_ ctx: DrawContext, size: Size, top: Double = 0, text: String, avoiding controls: [Rect] = []) {
        let style = TextStyle.subheadline.weight(.medium)
        let m = ctx.measurer.measure(text, style: style)
        let w = m.width + 28, h = m.height + 14
        var r = Rect(x: (size.width - w) / 2, y: top + size.height - h - 14, width: w, height: h)
        for c in controls.sorted(by: { $0.minY > $1.minY }) where c.minX < r.maxX && r.minX < c.maxX && c.minY < r.maxY && r.minY < c.maxY {
            r.y = c.minY - h - 8
        }
        ctx.rect(r, radius: h / 2, color: ctx.palette.label.opacity(0.82))
        ctx.text(text, style: style, center: r.center, color: ctx.palette.cardBackground, role: .overlay)
    }

    /// A red banner across the top naming what is wrong with a file; the last good chart stays
    /// below. Long problems wrap at word boundaries; at most 8 lines are shown.
    package static func drawErrorBanner(_ ctx: DrawContext, size: Size, top: Double = 0, lines: [String], below title: Double = 0) {
        let style = TextStyle.footnote
        let lineH = ctx.measurer.lineHeight(style) + 2
        let maxWidth = max(size.width - 40, 40)
        var shown: [String] = []
        for line in lines {
            for wrapped in wrap(line, width: maxWidth, style: style, measurer: ctx.measurer) { shown.append(wrapped) }
        }
        if shown.count > 8 { shown = Array(shown.prefix(7)) + ["… and more; see the terminal"] }
        let h = Double(shown.count) * lineH + 16
        // Under the page's title (never over it), and on the window even when the title is low.
        let r = Rect(x: 8, y: min(max(title + 6, top + 8), top + max(size.height - h - 8, 8)), width: size.width - 16, height: h)
        // White on the banner's red is 3.5:1 in light; high contrast darkens the red to 7:1 and drops the translucency.
        let red = SystemColor.red.resolved(ctx.theme)
        ctx.rect(r, radius: 10, color: ctx.theme == .highContrast ? red.withContrast(atLeast: Contrast.text, against: .white) : red.opacity(0.95))
        var y = r.minY + 8 + lineH / 2
        for line in shown {
            ctx.text(line, style: style, leading: Vec2(r.minX + 12, y), color: .white, role: .overlay)
            y += lineH
        }
    }

    /// Greedy word wrap to `width` points; a word longer than a line is cut.
    package static func wrap(_ text: String, width: Double, style: TextStyle, measurer: TextShaping) -> [String] {
        if measurer.width(text, style) <= width { return [text] }
        var out: [String] = [], current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if measurer.width(candidate, style) <= width || current.isEmpty {
                current = candidate
            } else {
                out.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// FPS, the frame times of the last seconds as bars with 16.7 and 8.3 ms lines, and the
    /// CPU/GPU split. `times` is a ring of milliseconds, `head` its next write position.
    package static func drawFrameTimes(_ ctx: DrawContext, size: Size, top: Double = 0, times: [Double], head: Int, fps: String, split: String) {
        let w = 240.0, h = 90.0
        let r = Rect(x: size.width - w - 12, y: top + 12, width: w, height: h + 44)
        ctx.rect(r, radius: 10, color: RGBA(0, 0, 0, 0.72))
        ctx.text(fps, style: TextStyle.footnote.weight(.semibold), leading: Vec2(r.minX + 10, r.minY + 14), color: .white, role: .overlay)
        ctx.text(split, style: .caption2, leading: Vec2(r.minX + 10, r.minY + 30), color: RGBA(1, 1, 1, 0.8), role: .overlay)
        // The graph below the two text lines, inside the panel's padding: a bar at the scale's
        // top (a frame of 33 ms or more) ends under the text, not on it.
        let graph = Rect(x: r.minX + 10, y: r.minY + 46, width: w - 20, height: r.maxY - 10 - (r.minY + 46))
        let scaleMs = 33.4
        let n = times.count
        let barW = graph.width / Double(max(n, 1))
        for i in 0..<n {
            let t = times[(head + i) % n]
            guard t > 0 else { continue }
            let bh = min(t / scaleMs, 1) * graph.height
            let color = t > 16.7 ? RGBA(1, 0.35, 0.3, 1) : RGBA(0.3, 0.85, 0.45, 1)
            ctx.rect(Rect(x: graph.minX + Double(i) * barW, y: graph.maxY - bh, width: max(barW - 0.5, 0.5), height: bh), radius: 0, color: color)
        }
        for ms in [16.7, 8.3] {
            let y = graph.maxY - ms / scaleMs * graph.height
            ctx.line(Vec2(graph.minX, y), Vec2(graph.maxX, y), width: 1, color: RGBA(1, 1, 1, 0.5))
        }
    }
}
