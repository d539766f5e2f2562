// What every accepted page must satisfy, checked by the parser targets (FuzzSpec, FuzzCSV,
// FuzzStream) on each page they accept. The sums and spans are computed here the plain way (a
// `+` or `-` that overflows is infinite), independently of the reader's own rule, so a page the
// reader lets through with a total or a span past the largest double is a finding.

#if canImport(RadialCore)
import RadialCore   // the options target builds RadialCore as a module of its own
#endif

/// Stops the run with `what` when `ok` is false (libFuzzer writes the input as a crash).
func require(_ ok: Bool, _ what: @autoclosure () -> String) {
    if !ok { fatalError("invariant: " + what()) }
}

func checkPage(_ page: Page) {
    require(!page.charts.isEmpty, "an accepted page has charts")
    for (i, chart) in page.charts.enumerated() {
        let c = "charts[\(i)]"
        switch chart {
        case .radar(let r):
            for a in r.axes.indices {
                let s = r.scale(axis: a)
                require(s.minimum.isFinite && s.maximum.isFinite && s.minimum < s.maximum, "\(c).axes[\(a)] has a range")
                require((s.maximum - s.minimum).isFinite, "\(c).axes[\(a)]: max − min is finite")
            }
            require(r.series.allSatisfy { $0.values.count <= r.axes.count }, "\(c): no series has more values than axes")
        case .pie(let p):
            for ring in [p.sectors] + p.layers {
                require(ring.allSatisfy { $0.value.isFinite && $0.value >= 0 }, "\(c): sector values are finite and ≥ 0")
                require(ring.reduce(0) { $0 + $1.value }.isFinite, "\(c): a ring's total is finite")
            }
            require(p.endAngle > p.startAngle && p.endAngle - p.startAngle <= 360, "\(c): the arc is at most a turn")
        case .scan(let s):
            require(s.blips.allSatisfy { $0.angle.isFinite && (0...1).contains($0.distance) }, "\(c): blips are placed")
        case .gauge(let g):
            require(g.minimum < g.maximum && (g.maximum - g.minimum).isFinite, "\(c): max − min is finite")
            require(g.value.isFinite && (g.threshold?.isFinite ?? true), "\(c): the value is finite")
        case .rings(let r):
            require(r.rings.allSatisfy { $0.goal > 0 && $0.progress.isFinite && $0.progress <= 100 }, "\(c): laps are bounded")
        case .rose(let r):
            require(r.sectors.reduce(0) { $0 + $1.value }.isFinite, "\(c): the total is finite")
            require(r.series.flatMap(\.values).reduce(0) { $0 + ($1.isFinite && $1 > 0 ? $1 : 0) }.isFinite, "\(c): the series' total is finite")
            require(r.rimValue.isFinite && r.rimValue > 0, "\(c): the rim's value is finite")
        case .radialBar(let b):
            require(b.scaleMaximum.isFinite && b.scaleMaximum > 0, "\(c): the scale is finite")
            require(b.series.flatMap(\.values).reduce(0) { $0 + ($1.isFinite && $1 > 0 ? $1 : 0) }.isFinite, "\(c): the series' total is finite")
        case .sunburst(let s):
            func walk(_ nodes: [SunburstNode]) -> Double {
                nodes.reduce(0) { sum, n in
                    let below = walk(n.children)
                    require(below.isFinite && (n.value ?? below) >= below * (1 - 1e-12), "\(c): \(n.name) holds its children")
                    return sum + (n.value ?? below)
                }
            }
            require(walk(s.children).isFinite, "\(c): the total is finite")
        case .polar(let p):
            if case .numbers(let lo, let hi) = p.angleAxis.kind { require(lo.isFinite && hi.isFinite && lo < hi, "\(c): the angle axis has a range") }
            if case .time(let lo, let hi) = p.angleAxis.kind { require(lo.isFinite && hi.isFinite && lo < hi, "\(c): the time axis has a range") }
            if let lo = p.radiusAxis.minimum, let hi = p.radiusAxis.maximum { require(lo.isFinite && hi.isFinite && lo < hi, "\(c): the radius axis has a range") }
            require(p.series.reduce(0) { $0 + $1.points.count } <= SpecLimits.polarPoints, "\(c): points are bounded")
        }
    }
}
