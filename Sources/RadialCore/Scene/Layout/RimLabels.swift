import Foundation

/// Names around a circle — a radar's axes, a rose's rim names, a polar chart's angles, radial
/// bars' sweep ticks — placed by one rule (#32). Each label has its candidate places, tried in
/// order; the first inside the bounds and clear of the labels already placed is taken
/// (`LabelPlacer`):
/// 1. whole, as set for its room, beside the rim (the place every chart had before);
/// 2. whole on two balanced lines, at a word break (or between characters of a script without
///    spaces): narrower, where neighbours stand side by side;
/// 3. near 12 and 6 o'clock, where neighbours share a row, one row further out along its own
///    direction, then two (a stagger: every other label moves out, so neighbours no longer share
///    a row), in both forms.
/// A caller's passes then let labels give more, in the order: the circle's radius gives
/// way first (Chart.js's `fitWithPointLabels`), then a label is shrunk whole (to
/// `TextBlock.leastShrink`), then shortened (`TextBlock.keepsThreeCharacters`: at least three characters before its
/// "…"), and what still finds no place is hidden and counted (`labelsHidden`).
struct RimLabels {
    /// How a label's box sits against its point on the ray.
    enum Anchoring {
        /// The radar's: leading on the right half, trailing on the left, centered near 12 and 6
        /// o'clock; above the point at the top, below it at the bottom, centered on it at the sides.
        case byAngle
        /// Centered on the ray, its nearest side `reach` from the center (a rose's, a polar chart's).
        case onRay
    }

    /// Labels whose direction is this close to straight up or down are centered on their ray.
    static let centeredBelow = 0.2
    /// Labels at least this steep (|y| of the direction) stand beside their neighbours in a row
    /// and may stagger; at the sides they are stacked and moving out gains nothing.
    static let staggerAbove = 0.5
    /// The most rows a label moves out.
    static let maxStagger = 1
    /// The least share of its largest radius a circle gives way to, so that its names stay whole
    /// at full size, before they shrink (a fifth: beyond that a chart loses more than its words gain).
    static let leastRadiusShare = 0.8
    /// Points between a staggered label's rows.
    static let rowGap = 2.0

    let center: Vec2
    let anchoring: Anchoring
    let measurer: TextShaping
    /// How far one row of the stagger moves a label out (vertically): the caller's row (as tall as
    /// its tallest label, where names stand on one or two lines), else the label's own line.
    var row: Double? = nil

    /// How a label in direction `u` is aligned: by its side of the circle (`byAngle`), else centered.
    func alignment(_ u: Vec2) -> TextBlock.Alignment {
        guard anchoring == .byAngle, abs(u.x) >= Self.centeredBelow else { return .center }
        return u.x > 0 ? .leading : .trailing
    }

    /// `block` drawn at `shrink`, placed by its point `reach` from the center along `u` and moved
    /// `rows` rows (`row`) further out along `u` (a steep direction's stagger).
    func label(_ block: TextBlock, direction u: Vec2, reach: Double, shrink: Double = 1, rows: Int = 0) -> AxisLabel {
        let w = block.size.width * shrink, h = block.size.height * shrink
        var origin: Vec2
        switch anchoring {
        case .byAngle:
            let anchor = center + u * reach
            let x: Double
            switch block.alignment {
            case .leading: x = anchor.x
            case .trailing: x = anchor.x - w
            case .center: x = anchor.x - w / 2
            }
            origin = Vec2(x, anchor.y - h * (1 - u.y) / 2)
        case .onRay:
            let p = center + u * (reach + abs(u.x) * w / 2 + abs(u.y) * h / 2)
            origin = Vec2(p.x - w / 2, p.y - h / 2)
        }
        if rows > 0, abs(u.y) > 1e-9 {
            // Along its own direction, so far that it rises (or sinks) by `rows` lines.
            origin = origin + u * (Double(rows) * (row ?? block.lineHeight * shrink + Self.rowGap) / abs(u.y))
        }
        return AxisLabel(block: block, origin: origin, shrink: shrink)
    }

    /// `block`'s text whole on two balanced lines when it is set on one and has a break; nil otherwise.
    func twoLines(_ block: TextBlock) -> TextBlock? {
        guard block.lines.count == 1, !block.shortened,
              let two = TextBlock.balancedLines(block.text, style: block.style, width: block.size.width - 0.5, measurer), two.count == 2
        else { return nil }
        return TextBlock(lines: two, of: block.text, style: block.style, shortened: false, alignment: block.alignment, measurer)
    }

    /// A whole label's places in order: each of its `forms` (as set, on two lines) beside the rim;
    /// then, in a steep direction, one and two rows out.
    func moves(_ forms: [TextBlock], direction u: Vec2, reach: Double, shrink: Double = 1) -> [AxisLabel] {
        let rows = abs(u.y) >= Self.staggerAbove ? Self.maxStagger : 0
        return (0...rows).flatMap { k in forms.map { label($0, direction: u, reach: reach, shrink: shrink, rows: k) } }
    }

    /// The label that starts the round: the one pointing most to the right (3 o'clock), where
    /// labels stand above one another and the round closes with room to spare.
    static func start(_ directions: [Vec2]) -> Int {
        directions.indices.max { directions[$0].x < directions[$1].x } ?? 0
    }

    /// Each label's first candidate inside `bounds` and clear of `obstacles` and of the labels
    /// placed before it (`area` is the room a label keeps), going round from `start`; nil for a
    /// label none of whose candidates is free. With `failFast`, nil as soon as one label finds no
    /// place (a radius search stops early).
    static func firstFit(_ candidates: [[AxisLabel]], start: Int, bounds: Rect, obstacles: [Rect] = [], padding: Double,
                         area: (AxisLabel) -> Rect, failFast: Bool = false) -> [AxisLabel?]? {
        var placer = LabelPlacer(bounds: bounds, obstacles: obstacles)
        placer.padding = padding
        var out = [AxisLabel?](repeating: nil, count: candidates.count)
        let n = candidates.count
        for step in 0..<n {
            let i = (start + step) % n
            if let k = placer.place(candidates[i].map(area)) {
                out[i] = candidates[i][k]
            } else if failFast {
                return nil
            }
        }
        return out
    }
}

/// A label around a circle as laid out: its text set for its room, with its box's top-left
/// corner, drawn at `shrink` of its size; `hidden` when it is not written at all (it would be cut
/// to fewer than three characters), its box then empty at its place by the rim.
struct AxisLabel {
    var block: TextBlock
    var origin: Vec2
    var shrink = 1.0
    var hidden = false
    var box: Rect {
        hidden ? Rect(x: origin.x, y: origin.y, width: 0, height: 0)
            : Rect(x: origin.x, y: origin.y, width: block.size.width * shrink, height: block.size.height * shrink)
    }
}
