import Foundation

/// The pie's elements: its sectors and legend entries; their hit testing, tooltips and actions.
extension PieItem {
    /// Its title and kind: "Expenses, donut" (a screen reader adds the role, "chart").
    func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    /// The chart's summary (its sectors say their values), then the legend's note if cards found
    /// no room, naming their sectors: "3 sectors, total €1,120.00. 1 small slice unlabeled: Other".
    func chartValue(formatting: Formatting) -> String {
        let text = Descriptions.summary(of: chart, formatting: formatting, hidden: hidden)
        guard !unlabeled.isEmpty else { return text }
        return text + ". " + Descriptions.unlabeledNote(count: unlabeled.count) + ": " + unlabeled.map { chart.sectors[$0].name }.joined(separator: ", ")
    }

    /// The box of each arrived sector's legend entry (nil: not in the legend), in one pass; with
    /// `summarized`, the entries a condensed legend leaves out have the box of its "+ N more"
    /// (their elements stay: a screen reader and the keyboard still reach their toggles).
    private func legendBoxes(count k: Int, summarized: Bool = false) -> [Rect?] {
        var boxes = [Rect?](repeating: nil, count: k)
        let h = measurer.lineHeight(Self.legendStyle)
        forEachLegendItem(count: k) { j, x, y in
            boxes[j] = Rect(x: x - 3, y: y - h / 2 - 2, width: legendItemWidth(j) + 6, height: h + 4)
        }
        if summarized, let s = legendSummary {
            let box = Rect(x: s.origin.x - 3, y: s.origin.y - h / 2 - 2, width: s.width + 6, height: h + 4)
            let shown = Set(legendRows.joined())
            for j in 0..<k where !shown.contains(j) { boxes[j] = box }
        }
        return boxes
    }

    /// Every sector's words ("$50.00, 5%"), from the cache.
    func sectorValues(_ formatting: Formatting) -> [String] {
        if let v = sectorValueCache { return v }
        let v = Descriptions.sectorValues(chart, formatting: formatting, hidden: hidden)
        sectorValueCache = v
        return v
    }

    /// The drawn extent of each arrived sector at `time`: (sector, start, end) in turns.
    private func sectorSpans(count k: Int, moment: Moment) -> [(Int, Double, Double)] {
        let scale = drawScale(count: k, moment: moment)
        var start = 0.0, out: [(Int, Double, Double)] = []
        for i in order where i < k {
            let f = wedgeShare(i, moment: moment) * scale
            if i >= 0 { out.append((i, start, start + f)) }
            start += f
        }
        return out
    }

    /// The bounding box of a ring sector from `a0` to `a1` turns (clockwise from 12 o'clock).
    private func sectorBox(_ a0: Double, _ a1: Double) -> Rect {
        let c = pieCenter, ro = outerRadius, ri = innerRadius
        let a0 = turn(a0), a1 = turn(a1)
        func at(_ turn: Double, _ r: Double) -> Vec2 { c + Vec2(sin(turn * 2 * .pi), -cos(turn * 2 * .pi)) * r }
        var pts = [at(a0, ro), at(a1, ro), ri > 0 ? at(a0, ri) : c, ri > 0 ? at(a1, ri) : c]
        var q = (a0 * 4).rounded(.up) / 4
        while q < a1 { pts.append(at(q, ro)); q += 0.25 }
        return Rect.bounding(pts)
    }

    func elements(chart index: Int, moment: Moment, formatting: Formatting) -> [ChartElement] {
        let k = arrivedCount(moment: moment)
        var out: [ChartElement] = []
        let occurrence = ChartElement.occurrences(chart.sectors.map(\.name))
        let values = sectorValues(formatting)
        for (i, a0, a1) in sectorSpans(count: k, moment: moment) where !hidden.contains(i) {
            out.append(ChartElement(key: .sector(i), chart: index, name: chart.sectors[i].name, value: values[i], frame: sectorBox(a0, a1),
                                    occurrence: occurrence[i]))
        }
        for (i, box) in legendBoxes(count: k, summarized: true).enumerated() {
            guard let box else { continue }
            out.append(ChartElement(key: .legend(i), chart: index, name: chart.sectors[i].name, value: values[i],
                                    frame: box, actions: [.toggle], checked: !hidden.contains(i), occurrence: occurrence[i]))
        }
        return out
    }

    func element(at p: Vec2, moment: Moment) -> ElementKey? {
        let k = arrivedCount(moment: moment)
        if let i = legendBoxes(count: k).firstIndex(where: { $0?.contains(p) == true }) { return .legend(i) }
        return sector(at: p, count: k, moment: moment).map { .sector($0) }
    }

    func focusRing(for key: ElementKey) -> Rect? { nil }

    func tooltip(for key: ElementKey, moment: Moment, theme: Theme, formatting: Formatting) -> Tooltip? {
        switch key {
        case .sector(let i) where i < chart.sectors.count:
            return Tooltip(title: chart.sectors[i].name, rows: [Tooltip.Row(dot: colors[i].resolved(theme), text: sectorValues(formatting)[i])]
                           + Descriptions.groupMembers(chart, sector: i, formatting: formatting).map { Tooltip.Row(text: $0) })
        case .legend(let i) where i < chart.sectors.count:
            let value = sectorValues(formatting)[i]
            return Tooltip(title: chart.sectors[i].name, rows: [Tooltip.Row(dot: colors[i].resolved(theme), text: value),
                                                                Tooltip.Row(text: hidden.contains(i) ? "Click to show" : "Click to hide")])
        default:
            return nil
        }
    }

    func perform(_ action: ChartElement.Action, on key: ElementKey, at moment: Moment) -> Bool {
        switch (action, key) {
        case (.toggle, .legend(let i)) where i < chart.sectors.count:
            if hidden.contains(i) { hidden.remove(i) } else { hidden.insert(i) }
            let target: Double = hidden.contains(i) ? 0 : 1
            visibility[i].redirect(to: target, at: moment.time, animated: !moment.reduceMotion)
            toggled = true
            hiddenTexts = nil
            return true
        case (.replay, _):
            // The chart's own arrival again, as the page first scheduled it, starting now.
            guard let first = scheduled.first else { return false }
            let lead: Double
            switch chart.appear {
            case .sequence(let interval): lead = interval
            case .all: lead = 0
            }
            ghosts = []
            order = Array(chart.sectors.indices)
            transitionEnd = nil
            schedule(arrivals: scheduled.map { $0 - first + lead + moment.time })
            return true
        default:
            return false
        }
    }

    /// Each shown sector at rest, by name, for a morph into another kind.
    func morphMarks() -> [MorphMark] {
        let total = chart.sectors.indices.reduce(0.0) { hidden.contains($1) ? $0 : $0 + Stacking.clean(chart.sectors[$1].value) }
        guard total > 0 else { return [] }
        var start = 0.0, out: [MorphMark] = []
        for i in chart.sectors.indices where !hidden.contains(i) {
            let f = Stacking.clean(chart.sectors[i].value) / total
            out.append(MorphMark(key: chart.sectors[i].name,
                                 shape: .arc(center: pieCenter, inner: innerRadius, outer: outerRadius, start: turn(start) * 360, end: turn(start + f) * 360),
                                 color: colors[i]))
            start += f
        }
        return out
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
