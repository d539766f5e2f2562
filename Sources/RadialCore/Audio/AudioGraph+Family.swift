import Foundation

/// The radial family as audio graphs: one tone per datum, pitch by its place on the chart's own
/// scale, pan by where it is drawn (a ring or bar, drawn all round, in the middle).
extension AudioGraph {
    /// One tone per datum, one after another.
    private init(_ data: [(share: Double, turn: Double?, label: String, key: ElementKey)], chart index: Int) {
        self.init(tones: data.enumerated().map { k, d in
            Tone(start: Double(k) * Self.stepSeconds, duration: Self.toneSeconds, frequency: Self.frequency(share: d.share),
                 pan: d.turn.map { Self.pan(turn: $0) } ?? 0, timbre: .value, label: d.label, element: ElementRef(chart: index, key: d.key))
        })
    }

    /// A gauge's value: its place between the minimum and the maximum, panned where the arc ends.
    package init(gauge chart: GaugeChart, chart index: Int, formatting: Formatting) {
        let s = chart.share(of: chart.value)
        self.init([(s, chart.angle(ofShare: s) / 360, chart.valueName + " " + Descriptions.gaugeValue(chart, value: chart.value, formatting: formatting),
                    .gaugeValue)], chart: index)
    }

    /// Each shown ring, outermost first: its progress toward the goal (past it, the top).
    package init(rings chart: RingsChart, chart index: Int, hidden: Set<Int> = [], formatting: Formatting) {
        self.init(chart.rings.indices.filter { !hidden.contains($0) }.map { i in
            (min(chart.rings[i].progress, 1), nil, chart.rings[i].name + " " + Descriptions.ringValue(chart.rings[i], formatting: formatting), .ring(i))
        }, chart: index)
    }

    /// Each shown wedge clockwise from 12 o'clock: its value against the rim; with several
    /// series, each shown series wedge by wedge, as a radar's series play.
    package init(rose chart: RoseChart, chart index: Int, hidden: Set<Int> = [], formatting: Formatting) {
        let step = 1.0 / Double(max(chart.table.categories.count, 1))
        if !chart.series.isEmpty {
            self.init(series: chart.table, hidden: hidden, chart: index, format: chart.format, formatting: formatting,
                      share: { s, c in chart.radiusShare(value: Stacking.clean(chart.series[s].values.indices.contains(c) ? chart.series[s].values[c] : .nan)) },
                      turn: { c in chart.startAngle / 360 + Double(c) * step })
            return
        }
        self.init(chart.sectors.indices.filter { !hidden.contains($0) }.map { i in
            (min(max(chart.sectors[i].value / chart.rimValue, 0), 1), chart.startAngle / 360 + Double(i) * step,
             chart.sectors[i].name + " " + Descriptions.roseValue(chart, sector: i, formatting: formatting, hidden: hidden), .sector(i))
        }, chart: index)
    }

    /// Each shown bar, outermost first: its value against the shared maximum; with several
    /// series, each shown series track by track.
    package init(radialBar chart: RadialBarChart, chart index: Int, hidden: Set<Int> = [], formatting: Formatting) {
        if !chart.series.isEmpty {
            let m = chart.scaleMaximum
            self.init(series: chart.table, hidden: hidden, chart: index, format: chart.format, formatting: formatting,
                      share: { s, c in min(Stacking.clean(chart.table.values[s][c]) / m, 1) }, turn: { _ in nil })
            return
        }
        self.init(chart.bars.indices.filter { !hidden.contains($0) }.map { i in
            (chart.share(i), nil, chart.bars[i].name + " " + Descriptions.barValue(chart, bar: i, formatting: formatting), .bar(i))
        }, chart: index)
    }

    /// Several series over categories: each shown series in turn, category by category, with a
    /// pause between series; a missing value buzzes.
    init(series table: CategoryTable, hidden: Set<Int>, chart index: Int, format: NumberFormat?, formatting: Formatting,
         share: (Int, Int) -> Double, turn: (Int) -> Double?) {
        var out: [Tone] = [], t = 0.0
        for s in table.values.indices where !hidden.contains(s) {
            for c in table.categories.indices {
                let v = table.values[s][c]
                let missing = !v.isFinite
                out.append(Tone(start: t, duration: Self.toneSeconds, frequency: missing ? Self.lowest : Self.frequency(share: share(s, c)),
                                pan: turn(c).map { Self.pan(turn: $0) } ?? 0, timbre: missing ? .noValue : .value,
                                label: table.seriesNames[s] + ", " + table.categories[c] + " " + (missing ? "no value" : formatting.format(v, format)),
                                element: ElementRef(chart: index, key: .mark(series: s, category: c))))
                t += Self.stepSeconds
            }
            t += Self.seriesGap
        }
        self.init(tones: out)
    }

    /// The top level clockwise from 12 o'clock: each node's share of the whole.
    package init(sunburst chart: SunburstChart, chart index: Int, hidden: Set<Int> = [], formatting: Formatting) {
        let shown = chart.children.indices.filter { !hidden.contains($0) }
        let total = shown.reduce(0) { $0 + chart.children[$1].total }
        var start = 0.0, node = 0
        var data: [(Double, Double?, String, ElementKey)] = []
        for (k, n) in chart.children.enumerated() {
            defer { node += n.count }
            guard !hidden.contains(k) else { continue }
            let share = total > 0 ? n.total / total : 0
            data.append((share, start + share / 2,
                         n.name + " " + Descriptions.nodeValue(total: n.total, parentTotal: nil, parentName: nil, whole: total, format: chart.format, formatting: formatting),
                         .node(node)))
            start += share
        }
        self.init(data, chart: index)
    }

    /// A nested pie's rings, inner first, each sector by its share of its ring.
    package init(layers chart: PieChart, chart index: Int, formatting: Formatting) {
        var data: [(Double, Double?, String, ElementKey)] = []
        var flat = 0
        for layer in chart.layers {
            let sorted = PieChart(sectors: layer, sort: chart.sort).drawn.sectors
            let total = sorted.reduce(0) { $0 + $1.value }
            var start = 0.0
            for s in sorted {
                let share = total > 0 ? s.value / total : 0
                data.append((share, chart.startTurn + (start + share / 2) * chart.arcTurns, s.name + " " + formatting.format(s.value, chart.format), .sector(flat)))
                start += share
                flat += 1
            }
        }
        self.init(data, chart: index)
    }
}
