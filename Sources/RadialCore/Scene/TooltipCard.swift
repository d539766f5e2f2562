/// The card that shows a hovered or focused element's values: a title and rows, each with an
/// optional colored dot, on the annotation background with a shadow.
enum TooltipCard {
    static let titleStyle = TextStyle.footnote.weight(.semibold)
    static let rowStyle = TextStyle.footnote
    static let padding = 8.0
    static let dot = 8.0

    /// The card's size for `tip`.
    static func size(_ tip: Tooltip, measurer: TextShaping) -> Size {
        let lineH = measurer.lineHeight(rowStyle) + 2
        var w = measurer.width(tip.title, titleStyle)
        for row in tip.rows { w = max(w, (row.dot == nil ? 0 : dot + 6) + measurer.width(row.text, rowStyle)) }
        return Size(w + 2 * padding, measurer.lineHeight(titleStyle) + 2 + Double(tip.rows.count) * lineH + 2 * padding)
    }

    /// Draws `tip` next to the pointer when there is one, else beside `frame` (right, else left,
    /// else below), kept inside `bounds`.
    static func draw(_ ctx: DrawContext, _ tip: Tooltip, beside frame: Rect, pointer: Vec2?, within bounds: Rect) {
        let m = ctx.measurer
        let s = size(tip, measurer: m)
        var box: Rect
        if let p = pointer {
            box = Rect(x: p.x + 14, y: p.y + 14, width: s.width, height: s.height)
            if box.maxX > bounds.maxX - 4 { box.x = p.x - 14 - s.width }
            if box.maxY > bounds.maxY - 4 { box.y = p.y - 14 - s.height }
        } else {
            box = Rect(x: frame.maxX + 8, y: frame.midY - s.height / 2, width: s.width, height: s.height)
            if box.maxX > bounds.maxX - 4 { box.x = frame.minX - 8 - s.width }
            if box.minX < bounds.minX + 4 { box.x = frame.midX - s.width / 2; box.y = frame.maxY + 8 }
        }
        box.x = min(max(box.x, bounds.minX + 4), max(bounds.maxX - 4 - s.width, bounds.minX + 4))
        box.y = min(max(box.y, bounds.minY + 4), max(bounds.maxY - 4 - s.height, bounds.minY + 4))
        let pal = ctx.palette
        ctx.rect(box, radius: 8, color: pal.annotationBackground, shadow: 4, shadowColor: pal.shadow)
        var y = box.minY + padding + m.lineHeight(titleStyle) / 2
        ctx.text(tip.title, style: titleStyle, leading: Vec2(box.minX + padding, y), color: pal.label, role: .tooltip)
        y += m.lineHeight(titleStyle) / 2 + 2
        let lineH = m.lineHeight(rowStyle) + 2
        for row in tip.rows {
            y += lineH / 2
            var x = box.minX + padding
            if let c = row.dot {
                ctx.circle(center: Vec2(x + dot / 2, y), radius: dot / 2, color: c)
                x += dot + 6
            }
            ctx.text(row.text, style: rowStyle, leading: Vec2(x, y), color: pal.label, role: .tooltip)
            y += lineH / 2
        }
    }
}
