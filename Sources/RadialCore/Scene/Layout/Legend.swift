/// A chart's legend laid out for the room it has: a marker and a name per entry, in rows that
/// wrap to a width (each row centered, or from the leading edge) or in a column beside the
/// chart. A name wider than the whole room is shortened with "…" (the element and tooltip keep
/// it whole); past `maxRows` rows the rest are summarized in one last entry ("+ 12 more").
///
/// Positions are in points: each entry's `origin` is its marker's left edge on the row's middle.
struct Legend {
    struct Style {
        var marker: Double
        var markerGap: Double
        var spacing: Double
        var rowSpacing: Double
        var text: TextStyle
        var alignment: TextBlock.Alignment
    }
    enum Placement: Equatable {
        /// Rows wrapping within `width`.
        case rows(width: Double)
        /// One entry per row, as wide as the widest (shortened to `width` at most).
        case column(width: Double)
    }
    struct Entry {
        var index: Int
        var name: String
        var shortened: Bool
        var width: Double
        var row: Int
        var origin = Vec2.zero
        /// The entry's box: marker and name.
        func box(rowHeight: Double) -> Rect { Rect(x: origin.x, y: origin.y - rowHeight / 2, width: width, height: rowHeight) }
    }

    let style: Style
    let placement: Placement
    private(set) var entries: [Entry] = []
    /// "+ N more": the entries left out, and where the summary goes.
    private(set) var summary: (text: String, count: Int, width: Double, origin: Vec2)?
    let rowHeight: Double
    private(set) var rows = 0
    private(set) var size = Size.zero

    /// A legend with no entries (before layout).
    init(emptyWith style: Style) {
        self.style = style
        placement = .rows(width: 0)
        rowHeight = style.marker
    }

    /// The legend of `names` in `placement`, at most `maxRows` rows (the last one holding the
    /// summary when some do not fit).
    init(_ names: [String], style: Style, placement: Placement, maxRows: Int = .max, _ shaper: TextShaping) {
        self.style = style
        self.placement = placement
        rowHeight = max(style.marker, shaper.lineHeight(style.text))
        guard !names.isEmpty else { return }
        let limit: Double
        switch placement { case .rows(let w), .column(let w): limit = max(w, 1) }
        let textRoom = max(limit - style.marker - style.markerGap, 1)
        func entry(_ i: Int) -> Entry {
            var name = names[i]
            var shortened = false
            if shaper.width(name, style.text) > textRoom {
                name = shaper.truncated(name, style.text, toWidth: textRoom)
                shortened = true
            }
            return Entry(index: i, name: name, shortened: shortened,
                         width: style.marker + style.markerGap + shaper.width(name, style.text), row: 0)
        }
        // Rows: greedy, a new row when the next entry would pass the width. Entries past the
        // first one of row `maxRows` are never shown (the summary's row keeps a prefix of row
        // `maxRows - 1`: an entry that starts a new row cannot fit beside the summary either),
        // so they are not measured or shortened: 4096 long names cost what three rows of them do.
        var all: [Entry] = []
        var row = 0, x = 0.0
        for i in names.indices {
            var e = entry(i)
            switch placement {
            case .rows:
                if x > 0 && x + e.width > limit { row += 1; x = 0 }
                x += e.width + style.spacing
            case .column:
                if i > 0 { row += 1 }
            }
            e.row = row
            all.append(e)
            if maxRows > 0 && row >= maxRows { break }
        }
        var shown = all
        if row + 1 > maxRows, maxRows > 0 {
            // Keep what fits in maxRows rows with the summary at the end of the last.
            func summaryText(_ n: Int) -> String { "+ \(n) more" }
            let lastRow = maxRows - 1
            var keep = all.filter { $0.row < lastRow }
            let widest = shaper.width(summaryText(names.count), style.text)
            var used = 0.0
            for e in all where e.row >= lastRow {
                let fits: Bool
                switch placement {
                case .rows: fits = used + e.width + style.spacing + widest <= limit
                case .column: fits = false
                }
                guard fits else { break }
                var k = e; k.row = lastRow
                keep.append(k); used += e.width + style.spacing
            }
            shown = keep
            let n = names.count - keep.count
            summary = (summaryText(n), n, shaper.width(summaryText(n), style.text), .zero)
        }
        entries = shown
        rows = (entries.last?.row ?? -1) + 1
        // The summary has the last row, with the entries that fit beside it or alone: a row of
        // its own when none did (it must not join the full row before).
        if summary != nil { rows = maxRows }
        rows = max(rows, 1)
        let widths = (0..<rows).map { r in rowWidth(r) }
        size = Size(widths.max() ?? 0, Double(rows) * rowHeight + Double(rows - 1) * style.rowSpacing)
    }

    private var placementIsColumn: Bool { if case .column = placement { return true } else { return false } }

    /// The width of row `r`'s entries with the spacing between them (and the summary on the last).
    func rowWidth(_ r: Int) -> Double {
        let members = entries.filter { $0.row == r }
        var w = members.reduce(0) { $0 + $1.width } + Double(max(members.count - 1, 0)) * style.spacing
        if let s = summary, r == rows - 1 { w += (members.isEmpty ? 0 : style.spacing) + s.width }
        return w
    }

    /// Places the rows in a box of the legend's size whose top-left corner is `origin`: rows
    /// centered on the box's middle or from its leading edge.
    mutating func place(at origin: Vec2, width: Double? = nil) {
        let boxWidth = width ?? size.width
        for r in 0..<rows {
            let w = rowWidth(r)
            var x: Double
            switch style.alignment {
            case .center: x = origin.x + (boxWidth - w) / 2
            case .leading: x = origin.x
            case .trailing: x = origin.x + boxWidth - w
            }
            let y = origin.y + Double(r) * (rowHeight + style.rowSpacing) + rowHeight / 2
            for i in entries.indices where entries[i].row == r {
                entries[i].origin = Vec2(x, y)
                x += entries[i].width + style.spacing
            }
            if summary != nil && r == rows - 1 { summary!.origin = Vec2(x, y) }
        }
    }

    /// Where entry `index` (the chart's series or sector) is, if the legend shows it.
    func entry(_ index: Int) -> Entry? { entries.first { $0.index == index } }
}
