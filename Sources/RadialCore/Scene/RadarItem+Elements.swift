import Foundation

/// The radar's elements: its axes (a wedge around each spoke), its series (legend entry, outline
/// and fill) and Replay; their hit testing, tooltips and actions.
extension RadarItem {
    func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    /// The chart's summary (its values are its axes'; `describe` reads them all).
    func chartValue(formatting: Formatting) -> String {
        Descriptions.summary(of: chart, formatting: formatting, hidden: hiddenSeries)
    }

    /// Series hidden by their legend entries.
    var hiddenSeries: Set<Int> { Set(visibility.indices.filter { visibility[$0].target == 0 }) }

    /// The box of series i's legend entry (dot and name).
    /// A series the legend leaves out (summarized as "+ N more") has the summary's box.
    private func legendBox(_ i: Int) -> Rect {
        let h = legend.rowHeight
        if let e = legend.entry(i) {
            return Rect(x: e.origin.x - 3, y: e.origin.y - h / 2 - 3, width: e.width + 6, height: h + 6)
        }
        if let s = legend.summary { return Rect(x: s.origin.x - 3, y: s.origin.y - h / 2 - 3, width: s.width + 6, height: h + 6) }
        return .zero
    }

    /// The box of axis a: its spoke and its label, what it draws (its hit region is the whole
    /// wedge around the spoke).
    private func axisBox(_ a: Int) -> Rect {
        let rim = RadarMath.point(axis: a, count: chart.axes.count, share: 1, center: center, radius: radius)
        return Rect.bounding([center, rim]).union(axisLabelBox(a)).insetBy(-2)
    }

    /// Focus rings an axis' label (the emphasized spoke shows the rest).
    func focusRing(for key: ElementKey) -> Rect? {
        if case .axis(let a) = key { return axisLabelBox(a) }
        return nil
    }

    /// The box of axis a's label.
    private func axisLabelBox(_ a: Int) -> Rect {
        guard a < labels.count else { return Rect(x: center.x, y: center.y, width: 0, height: 0) }
        return labels[a].box.insetBy(-2)
    }

    func elements(chart index: Int, moment: Moment, formatting: Formatting) -> [ChartElement] {
        var out: [ChartElement] = []
        let hidden = hiddenSeries
        if chart.axes.count > 2 {
            let occurrence = ChartElement.occurrences(chart.axes)
            for (a, axis) in chart.axes.enumerated() {
                out.append(ChartElement(key: .axis(a), chart: index, name: axis,
                                        value: Descriptions.axisValue(chart, axis: a, formatting: formatting, hidden: hidden), frame: axisBox(a),
                                        occurrence: occurrence[a]))
            }
        }
        for (i, s) in chart.series.enumerated() {
            let shown = !hidden.contains(i)
            out.append(ChartElement(key: .series(i), chart: index, name: s.name,
                                    value: shown ? Descriptions.seriesValues(chart, series: i, formatting: formatting) : "hidden",
                                    frame: legendBox(i), actions: [.toggle], checked: shown))
        }
        if let b = replayButton {
            out.append(ChartElement(key: .replay, chart: index, name: Self.replayTitle, value: "", frame: b, actions: [.replay]))
        }
        return out
    }

    /// The Replay button and legend entries; near a spoke or past the rim, the axis; on a series'
    /// outline or inside its fill (the topmost), the series; elsewhere inside, the nearest axis.
    func element(at p: Vec2, moment: Moment) -> ElementKey? {
        if replayButton?.contains(p) == true { return .replay }
        for e in legend.entries where e.index < chart.series.count && legendBox(e.index).contains(p) { return .series(e.index) }
        let n = chart.axes.count
        guard n > 2, radius > 0 else { return nil }
        let d = p - center, r = d.length
        guard r <= radius + RadarMath.labelRoom else { return nil }
        // Turns clockwise from 12 o'clock, and the nearest axis.
        var turn = atan2(d.x, -d.y) / (2 * .pi)
        if turn < 0 { turn += 1 }
        let nearest = Int((turn * Double(n)).rounded()) % n
        let spoke = RadarMath.point(axis: nearest, count: n, share: 1, center: center, radius: radius) - center
        let along = max(0, min(1, (d.x * spoke.x + d.y * spoke.y) / max(radius * radius, 1e-9)))
        let offSpoke = (d - spoke * along).length
        if r > radius * 0.98 || offSpoke < 6 { return .axis(nearest) }
        let shapes = displayedShares(time: moment.animationTime)
        let g = transition == nil ? growth(moment: moment) : 1
        var inside: Int?
        for (i, shape) in shapes.enumerated().reversed() where shape.name != nil && visibility[i].target > 0 {
            let corners = (0..<n).map { RadarMath.point(axis: $0, count: n, share: max(shape.shares[$0].value, 0) * g, center: center, radius: radius) }
            if Self.distance(p, toOutline: corners) < 5 { return .series(i) }
            if inside == nil && Self.contains(corners, p) { inside = i }
        }
        return inside.map { .series($0) } ?? .axis(nearest)
    }

    private static func distance(_ p: Vec2, toOutline c: [Vec2]) -> Double {
        var best = Double.infinity
        for i in c.indices {
            let a = c[i], b = c[(i + 1) % c.count], ab = b - a
            let t = max(0, min(1, ((p - a).x * ab.x + (p - a).y * ab.y) / max(ab.x * ab.x + ab.y * ab.y, 1e-12)))
            best = min(best, (p - (a + ab * t)).length)
        }
        return best
    }

    /// Even-odd point in polygon.
    private static func contains(_ c: [Vec2], _ p: Vec2) -> Bool {
        var inside = false
        var j = c.count - 1
        for i in c.indices {
            if (c[i].y > p.y) != (c[j].y > p.y), p.x < (c[j].x - c[i].x) * (p.y - c[i].y) / (c[j].y - c[i].y) + c[i].x { inside.toggle() }
            j = i
        }
        return inside
    }

    func tooltip(for key: ElementKey, moment: Moment, theme: Theme, formatting: Formatting) -> Tooltip? {
        switch key {
        case .axis(let a) where a < chart.axes.count:
            // ECharts' axis trigger: every shown series' value on this axis, with its color.
            let rows = chart.series.indices.filter { visibility[$0].target > 0 }.map { i in
                Tooltip.Row(dot: chart.series[i].color.resolved(theme),
                            text: chart.series[i].name + "  " + Descriptions.axisNumber(chart, series: i, axis: a, formatting: formatting))
            }
            return Tooltip(title: chart.axes[a], rows: rows.isEmpty ? [Tooltip.Row(text: "No series shown")] : rows)
        case .series(let i) where i < chart.series.count:
            let shown = visibility[i].target > 0
            return Tooltip(title: chart.series[i].name, rows: [Tooltip.Row(dot: chart.series[i].color.resolved(theme),
                                                                           text: shown ? "Shown · click to hide" : "Hidden · click to show")])
        default:
            return nil
        }
    }

    func perform(_ action: ChartElement.Action, on key: ElementKey, at moment: Moment) -> Bool {
        switch (action, key) {
        case (.toggle, .series(let i)) where i < visibility.count:
            // Shrinks into the center (or grows back) on the seed's spring.
            let target: Double = visibility[i].target == 0 ? 1 : 0
            visibility[i].redirect(to: target, at: moment.time, animated: !moment.reduceMotion)
            meshFollowsTime = true
            meshBuiltFor = nil
            return true
        case (.replay, .chart), (.replay, .replay):
            appearTime = moment.time
            transition = nil
            colors = [:]
            dimmed = nil
            meshFollowsTime = true
            meshBuiltFor = nil
            return true
        default:
            return false
        }
    }
}

extension RadarItem: ChartMorphing {
    /// Each shown series' closed shape at rest, keyed by its name, its corners by their axes'
    /// names (as a polar chart over those categories keys its points).
    func morphMarks() -> [MorphMark] {
        let n = chart.axes.count
        guard n > 2 else { return [] }
        return chart.series.indices.compactMap { s in
            guard s < visibility.count, visibility[s].target > 0 else { return nil }
            let points = (0..<n).map { RadarMath.point(axis: $0, count: n, share: chart.share(series: s, axis: $0), center: center, radius: radius) }
            return MorphMark(key: chart.series[s].name, shape: .path(center: center, points: points, keys: chart.axes, closed: true, filled: true),
                             color: chart.series[s].color)
        }
    }
}
