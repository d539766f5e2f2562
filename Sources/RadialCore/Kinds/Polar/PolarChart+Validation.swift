/// A polar chart's rules: its axes (range, sweep, hole, scale), its series and their points.
extension PolarChart {
    /// The numbers a polar chart holds, as files and Swift are held to them.
    package enum Rules {
        static let bound = NumberRule.finite
        static let start = NumberRule.clockDegrees
        static let sweep = NumberRule.range(10...360, "a number of degrees")
        static let hole = NumberRule("a share of the radius from 0 to 0.9") { $0 >= 0 && $0 <= 0.9 }
        static let angle = NumberRule("a finite number (the angle)") { $0.isFinite }
        static let radius = NumberRule("a finite number (the radius)") { $0.isFinite }
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(text: subtitle, at: path + ".subtitle")
        let a = path + ".angleAxis", r = path + ".radiusAxis"
        v.check(text: angleAxis.unit, at: a + ".unit")
        v.check(angleAxis.start, Rules.start, at: a + ".start")
        v.check(angleAxis.sweep, Rules.sweep, at: a + ".sweep")
        var categories: Int?
        switch angleAxis.kind {
        case .numbers(let lo, let hi), .time(let lo, let hi):
            if v.check(lo, Rules.bound, at: a + ".minimum") && v.check(hi, Rules.bound, at: a + ".maximum"), let why = Self.rangeProblem(lo, hi) {
                v.report(a + ".maximum", why)
            }
        case .categories(let names):
            categories = names.count
            if v.check(count: names.count, limit: SpecLimits.roseSectors, noun: "categories", at: a + ".categories") {
                for (i, name) in names.enumerated() { v.check(text: name, at: a + ".categories[\(i)]") }
            }
        }
        v.check(radiusAxis.hole, Rules.hole, at: r + ".hole")
        v.check(radiusAxis.format, at: r + ".format")
        let lo = radiusAxis.minimum, hi = radiusAxis.maximum
        let boundsOK = v.check(lo, Rules.bound, at: r + ".minimum") && v.check(hi, Rules.bound, at: r + ".maximum")
        if boundsOK, let lo, let hi, let why = Self.rangeProblem(lo, hi) { v.report(r + ".maximum", why) }
        if boundsOK, radiusAxis.scale == .log, let bad = [lo, hi].compactMap({ $0 }).first(where: { !($0 > 0) }) {
            v.report(r + (lo == bad ? ".minimum" : ".maximum"), "a log scale runs over values above 0, got \(SpecReader.format(bad))")
        }
        guard v.check(count: series.count, limit: SpecLimits.series, noun: "series", at: path + ".series") else { return }
        let points = series.reduce(0) { $0 + $1.points.count }
        guard v.check(count: points, limit: SpecLimits.polarPoints, noun: "points in all", at: path + ".series") else { return }
        for (i, s) in series.enumerated() {
            let sp = path + ".series[\(i)]"
            v.check(text: s.name, at: sp + ".name")
            v.check(s.color, at: sp + ".color")
            for (k, p) in s.points.enumerated() {
                let pp = sp + ".points[\(k)]"
                if v.check(p.angle, Rules.angle, at: pp + ".angle"), let categories, !(p.angle == p.angle.rounded() && p.angle >= 0 && p.angle < Double(categories)) {
                    v.report(pp + ".angle", "expected one of the axis' categories (or its index), got \(SpecReader.format(p.angle))")
                }
                if v.check(p.radius, Rules.radius, at: pp + ".radius"), radiusAxis.scale == .log, !(p.radius > 0) {
                    v.report(pp + ".radius", "a log scale has no place for \(SpecReader.format(p.radius)); its values are above 0")
                }
            }
        }
    }

    /// Why `lo`…`hi` is not a range an axis can draw (the maximum above the minimum, the span a
    /// finite number), or nil.
    static func rangeProblem(_ lo: Double, _ hi: Double) -> String? {
        hi > lo && (hi / 2 - lo / 2).isFinite ? nil : "expected min below max, got \(SpecReader.format(lo)) and \(SpecReader.format(hi))"
    }
}
