/// A card's title block: a bold title2 over a secondary subheadline, 4 pt apart, centered (the
/// radar seed's header). Shared by the radar and scan cards.
struct CardHeader {
    var title: String?
    var subtitle: String?
    /// What `title` and `subtitle` were cut from (`fitted`), for the labels' whole text.
    var whole: (title: String?, subtitle: String?) = (nil, nil)

    static let titleStyle = TextStyle.title2.bold
    static let spacing = 4.0
    /// The title's style (a nested pie's card keeps the pie seed's plain title2).
    var titleStyle = CardHeader.titleStyle

    func height(_ measurer: TextShaping) -> Double {
        var h = 0.0
        if title != nil { h += measurer.lineHeight(titleStyle) }
        if subtitle != nil { h += (h > 0 ? Self.spacing : 0) + measurer.lineHeight(.subheadline) }
        return h
    }

    func width(_ measurer: TextShaping) -> Double {
        max(title.map { measurer.width($0, titleStyle) } ?? 0, subtitle.map { measurer.width($0, .subheadline) } ?? 0)
    }

    /// The header as it fits `width`: each line cut with "…" at its end if it is longer.
    func fitted(width: Double, _ measurer: TextShaping) -> CardHeader {
        CardHeader(title: title.map { measurer.truncated($0, titleStyle, toWidth: width) },
                   subtitle: subtitle.map { measurer.truncated($0, .subheadline, toWidth: width) }, whole: (title, subtitle), titleStyle: titleStyle)
    }

    func draw(_ ctx: DrawContext, top: Double, centerX: Double) {
        var y = top
        if let t = title {
            let h = ctx.measurer.lineHeight(titleStyle)
            ctx.text(t, style: titleStyle, center: Vec2(centerX, y + h / 2), color: ctx.palette.label, role: .title, whole: whole.title)
            y += h + Self.spacing
        }
        if let s = subtitle {
            let h = ctx.measurer.lineHeight(.subheadline)
            ctx.text(s, style: .subheadline, center: Vec2(centerX, y + h / 2), color: ctx.palette.secondaryLabel, role: .subtitle, whole: whole.subtitle)
        }
    }
}
