import Foundation

/// The legend of the radial family's cards: the shared `Legend` (Scene/Layout) in centered rows
/// under the chart, at most three of them ("+ N more" past that), each name shortened with "…"
/// to the card's width (the whole name stays in the element and its tooltip). Measured, then
/// laid out: every width is taken through the chart's shaper at the page's text size, at each
/// layout, never kept across text sizes.
struct FamilyLegend {
    struct Item {
        /// The datum the entry stands for (a sector, ring, bar or top-level node).
        var index: Int
        /// The dot's left edge and the row's vertical middle.
        var origin: Vec2
        /// The name as drawn (shortened when it had to be) and in full.
        var shown: String, whole: String
        /// The whole entry's width: dot, gap and shown name.
        var width: Double
    }

    static let style = Legend.Style(marker: 10, markerGap: 6, spacing: 18, rowSpacing: 6, text: .subheadline, alignment: .center)
    static let maxRows = 3

    private(set) var legend = Legend(emptyWith: FamilyLegend.style)
    private(set) var items: [Item] = []

    private static func made(_ names: [String], width: Double, _ m: TextShaping) -> Legend {
        Legend(names, style: style, placement: .rows(width: width), maxRows: maxRows, m)
    }

    /// The legend's height at `width` (0 without entries).
    static func height(_ names: [String], width: Double, _ m: TextShaping) -> Double {
        names.isEmpty ? 0 : made(names, width: width, m).size.height
    }

    /// The widest entry (the narrowest a card can be and still show it whole).
    static func widest(_ names: [String], _ m: TextShaping) -> Double {
        names.reduce(0) { max($0, style.marker + style.markerGap + m.width($1, style.text)) }
    }

    /// Lays the entries (`names[k]` stands for datum `indexes[k]`) out in rows centered on
    /// `centerX`, from `top`, within `width`.
    mutating func layout(_ names: [String], indexes: [Int], top: Double, centerX: Double, width: Double, _ m: TextShaping) {
        items = []
        guard !names.isEmpty else { legend = Legend(emptyWith: Self.style); return }
        legend = Self.made(names, width: width, m)
        legend.place(at: Vec2(centerX - width / 2, top), width: width)
        items = legend.entries.map { e in
            Item(index: indexes[e.index], origin: e.origin, shown: e.name, whole: names[e.index], width: e.width)
        }
    }

    /// The entry of datum `index`, if it is in the legend.
    func item(_ index: Int) -> Item? { items.first { $0.index == index } }

    /// An entry's box (what the pointer hits and the focus ring goes round).
    func box(_ item: Item, _ m: TextShaping) -> Rect {
        let h = legend.rowHeight
        return Rect(x: item.origin.x - 3, y: item.origin.y - h / 2 - 2, width: item.width + 6, height: h + 4)
    }

    /// Dots (shapes phase; a hidden datum's dot is hollow, so shown and hidden differ by shape)
    /// or names and the summary (text phase), each entry in its element's group.
    func draw(_ ctx: DrawContext, color: (Int) -> RGBA, pattern: (Int) -> FillPattern, hidden: (Int) -> Bool, key: (Int) -> ElementKey) {
        let s = Self.style
        for item in items {
            switch ctx.phase {
            case .shapes:
                ctx.group(key(item.index), name: item.whole) {
                    ctx.swatch(center: Vec2(item.origin.x + s.marker / 2, item.origin.y), radius: s.marker / 2, color: color(item.index),
                               pattern: pattern(item.index), hidden: hidden(item.index))
                }
            case .text:
                ctx.group(key(item.index), part: "label", name: item.whole) {
                    ctx.text(item.shown, style: s.text, leading: Vec2(item.origin.x + s.marker + s.markerGap, item.origin.y),
                             color: hidden(item.index) ? ctx.palette.secondaryLabel : ctx.palette.label, role: .legend, whole: item.whole)
                }
            default:
                break
            }
        }
        if ctx.phase == .text, let summary = legend.summary {
            ctx.text(summary.text, style: s.text, leading: summary.origin, color: ctx.palette.secondaryLabel, role: .legend)
        }
    }
}
