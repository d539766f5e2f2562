import Foundation

/// The legend of a sequential color scale (`"colorScale": "value"`, #31), Vega-Lite's gradient
/// legend: a bar shading from the lowest value's color to the highest's, with the two values
/// written under its ends in the chart's number format and one nice value between them where it
/// fits. The bar is made of pixel-aligned solid slices, one ramp color each (framed in the
/// grid's gray, the label color in high contrast, so its pale end shows on the card): GL and
/// cairo draw the same pixels, in the frame's painter's order with the shapes phase.
struct GradientLegend {
    /// A value written under the bar: where (its x in points) and how wide its label is.
    struct Tick: Equatable {
        var value: Double
        var label: String
        var x: Double
        var width: Double
    }

    static let barHeight = 10.0
    static let tickLength = 3.0
    static let labelGap = 2.0
    /// The bar's length at most (points); it takes the card's width below that.
    static let longest = 240.0
    static let textStyle = TextStyle.subheadline

    /// The data's lowest and highest value: the bar's ends.
    let minimum: Double, maximum: Double
    /// The bar (points).
    private(set) var bar = Rect.zero
    /// The values written under it, lowest first.
    private(set) var ticks: [Tick] = []
    private(set) var lineHeight = 0.0

    /// The block's height: bar, tick marks and one line of labels.
    static func height(_ m: TextShaping) -> Double { barHeight + tickLength + labelGap + m.lineHeight(textStyle) }

    /// The narrowest the block can be: its two end labels side by side.
    static func narrowest(_ labels: [String], _ m: TextShaping) -> Double {
        labels.reduce(0) { $0 + m.width($1, textStyle) } + 16
    }

    /// A legend from `minimum` to `maximum`, each value written by `label`, laid out from `top`
    /// centered on `centerX` within `width`.
    init(minimum: Double, maximum: Double, label: (Double) -> String, top: Double, centerX: Double, width: Double, _ m: TextShaping) {
        self.minimum = minimum
        self.maximum = maximum
        lineHeight = m.lineHeight(Self.textStyle)
        let low = label(minimum), high = label(maximum)
        let ends = Self.narrowest([low, high], m)
        let w = min(max(Self.longest, ends), max(width, 1))
        bar = Rect(x: centerX - w / 2, y: top, width: w, height: Self.barHeight)
        func tick(_ v: Double, _ text: String) -> Tick {
            Tick(value: v, label: text, x: bar.minX + bar.width * ValueScale.fraction(v, minimum, maximum), width: m.width(text, Self.textStyle))
        }
        guard maximum > minimum else {
            ticks = [tick(minimum, low)]
            ticks[0].x = bar.midX
            return
        }
        ticks = [tick(minimum, low), tick(maximum, high)]
        // One nice value between the ends (the one nearest the middle) where its label clears theirs.
        let middle = (minimum + maximum) / 2
        if let v = ValueScale.linearTicks(minimum, maximum, count: 3).filter({ $0 > minimum && $0 < maximum }).min(by: { abs($0 - middle) < abs($1 - middle) }) {
            let t = tick(v, label(v))
            let left = ticks[0].x + ticks[0].width, right = ticks[1].x - ticks[1].width
            if t.x - t.width / 2 >= left + 8 && t.x + t.width / 2 <= right - 8 { ticks.insert(t, at: 1) }
        }
    }

    /// A tick label's box: the lowest left-aligned at the bar's start, the highest right-aligned
    /// at its end, the others centered on their value.
    func labelBox(_ t: Tick) -> Rect {
        let top = bar.maxY + Self.tickLength + Self.labelGap
        let x: Double
        if ticks.count > 1 && t == ticks.first { x = bar.minX } else if ticks.count > 1 && t == ticks.last { x = bar.maxX - t.width } else { x = t.x - t.width / 2 }
        return Rect(x: x, y: top, width: t.width, height: lineHeight)
    }

    /// Everything it draws: bar, marks and labels (what the pointer hits and focus rings).
    var box: Rect { ticks.reduce(bar.insetBy(-1)) { $0.union(labelBox($1)) } }

    /// The bar and its tick marks (shapes phase) or the labels (text phase); `color` gives a
    /// value's color in the drawing's theme.
    func draw(_ ctx: DrawContext, color: (Double) -> RGBA) {
        let pal = ctx.palette, s = ctx.scale
        switch ctx.phase {
        case .shapes:
            let x0 = (bar.minX * s).rounded(), x1 = (bar.maxX * s).rounded()
            let y0 = (bar.minY * s).rounded(), y1 = (bar.maxY * s).rounded()
            let f = max(s.rounded(), 1)
            let edge = ctx.theme == .highContrast ? pal.label : pal.quaternaryLabel
            ctx.frame.addSolid(Rect(x: x0 - f, y: y0 - f, width: x1 - x0 + 2 * f, height: y1 - y0 + 2 * f),
                               color: ctx.flattened(edge, over: pal.cardBackground))
            // Slices two pixels wide: each the ramp's color at its middle.
            let n = max(Int(((x1 - x0) / 2).rounded(.down)), 1)
            for i in 0..<n {
                let a = x0 + ((x1 - x0) * Double(i) / Double(n)).rounded(), b = x0 + ((x1 - x0) * Double(i + 1) / Double(n)).rounded()
                let v = ValueScale.lerp(minimum, maximum, (Double(i) + 0.5) / Double(n))
                ctx.frame.addSolid(Rect(x: a, y: y0, width: b - a, height: y1 - y0), color: color(v))
            }
            let mark = ctx.theme == .highContrast ? pal.label : pal.secondaryLabel
            for t in ticks {
                let x = min(max(t.x, bar.minX + 0.5), bar.maxX - 0.5)
                ctx.line(Vec2(x, bar.maxY), Vec2(x, bar.maxY + Self.tickLength), width: 1, color: mark)
            }
        case .text:
            for t in ticks {
                let b = labelBox(t)
                ctx.text(t.label, style: Self.textStyle, leading: Vec2(b.minX, b.midY), color: pal.secondaryLabel, role: .legend)
            }
        default:
            break
        }
    }

    /// What `--geometry` lists: the bar, its ends' values and colors, and the values written.
    func record(_ ctx: DrawContext, color: (Double) -> RGBA) -> JSONOut {
        .object([("frame", ctx.px(bar)), ("minimum", .number(minimum)), ("maximum", .number(maximum)),
                 ("minimumColor", .string(color(minimum).hexString)), ("maximumColor", .string(color(maximum).hexString)),
                 ("ticks", .array(ticks.map { t in .object([("value", .number(t.value)), ("label", .string(t.label)), ("x", ctx.px(t.x)),
                                                            ("box", ctx.px(labelBox(t)))]) }))])
    }
}
