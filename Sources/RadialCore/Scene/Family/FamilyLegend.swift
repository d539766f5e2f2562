import Foundation

/// The legend of the radial family's cards: entries of a dot and a name, wrapped onto centered
/// rows under the chart, each name shortened with "…" to the card's width (the whole name stays
/// in the element and its tooltip). Measured, then laid out: every width is taken through the
/// chart's shaper at the page's text size, at each layout, never kept across text sizes.
///
/// The one place the family's legend lives, to be swapped for the shared legend of issue #24
/// when it lands.
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

    static let style = TextStyle.subheadline
    static let dot = 10.0
    static let gap = 6.0
    static let spacing = 18.0
    static let rowSpacing = 6.0

    private(set) var items: [Item] = []
    private(set) var height = 0.0

    static func rowHeight(_ m: TextShaping) -> Double { max(dot, m.lineHeight(style)) }

    /// The entries' widths, each at most `width` (a longer name is shortened).
    private static func measured(_ names: [String], width: Double, _ m: TextShaping) -> [(shown: String, width: Double)] {
        let room = max(width - dot - gap, 0)
        return names.map { name in
            let w = m.width(name, style)
            if w <= room { return (name, dot + gap + w) }
            let cut = m.truncated(name, style, toWidth: room)
            return (cut, dot + gap + m.width(cut, style))
        }
    }

    /// Rows of entry positions (indexes into `names`) for `width`.
    private static func rows(_ widths: [Double], width: Double) -> [[Int]] {
        var rows: [[Int]] = []
        var x = 0.0
        for (i, w) in widths.enumerated() {
            if rows.isEmpty || (x > 0 && x + spacing + w > width) { rows.append([]); x = 0 } else if x > 0 { x += spacing }
            rows[rows.count - 1].append(i)
            x += w
        }
        return rows
    }

    /// The legend's height at `width` (0 without entries).
    static func height(_ names: [String], width: Double, _ m: TextShaping) -> Double {
        guard !names.isEmpty else { return 0 }
        let n = Double(rows(measured(names, width: width, m).map(\.width), width: width).count)
        return n * rowHeight(m) + (n - 1) * rowSpacing
    }

    /// The widest entry (the narrowest a card can be and still show it whole).
    static func widest(_ names: [String], _ m: TextShaping) -> Double {
        names.reduce(0) { max($0, dot + gap + m.width($1, style)) }
    }

    /// Lays the entries (`names[k]` stands for datum `indexes[k]`) out in rows centered on
    /// `centerX`, from `top`, within `width`.
    mutating func layout(_ names: [String], indexes: [Int], top: Double, centerX: Double, width: Double, _ m: TextShaping) {
        items = []
        height = Self.height(names, width: width, m)
        guard !names.isEmpty else { return }
        let sized = Self.measured(names, width: width, m)
        let rowH = Self.rowHeight(m)
        var y = top + rowH / 2
        for row in Self.rows(sized.map(\.width), width: width) {
            let total = row.reduce(0) { $0 + sized[$1].width } + Double(row.count - 1) * Self.spacing
            var x = centerX - total / 2
            for k in row {
                items.append(Item(index: indexes[k], origin: Vec2(x, y), shown: sized[k].shown, whole: names[k], width: sized[k].width))
                x += sized[k].width + Self.spacing
            }
            y += rowH + Self.rowSpacing
        }
    }

    /// The entry of datum `index`, if it is in the legend.
    func item(_ index: Int) -> Item? { items.first { $0.index == index } }

    /// An entry's box (what the pointer hits and the focus ring goes round).
    func box(_ item: Item, _ m: TextShaping) -> Rect {
        let h = Self.rowHeight(m)
        return Rect(x: item.origin.x - 3, y: item.origin.y - h / 2 - 2, width: item.width + 6, height: h + 4)
    }

    /// Dots (shapes phase; a hidden datum's dot is hollow, so shown and hidden differ by shape)
    /// or names (text phase), each in its element's group.
    func draw(_ ctx: DrawContext, color: (Int) -> RGBA, hidden: (Int) -> Bool, key: (Int) -> ElementKey) {
        for item in items {
            switch ctx.phase {
            case .shapes:
                ctx.group(key(item.index), name: item.whole) {
                    ctx.circle(center: Vec2(item.origin.x + Self.dot / 2, item.origin.y), radius: Self.dot / 2, color: color(item.index),
                               border: hidden(item.index) ? 1.5 : 0)
                }
            case .text:
                ctx.group(key(item.index), part: "label", name: item.whole) {
                    ctx.text(item.shown, style: Self.style, leading: Vec2(item.origin.x + Self.dot + Self.gap, item.origin.y),
                             color: hidden(item.index) ? ctx.palette.secondaryLabel : ctx.palette.label, role: .legend, whole: item.whole)
                }
            default:
                break
            }
        }
    }
}
