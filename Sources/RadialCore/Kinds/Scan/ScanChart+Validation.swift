/// A scan's rules: its beam's turn and fade, border, rings, spokes, gradient and contacts.
extension ScanChart {
    /// The numbers a scan holds, as files and Swift are held to them.
    package enum Rules {
        static let seconds = NumberRule.range(SpecLimits.scanSeconds, "a number of seconds")
        static let borderWidth = NumberRule.range(0...64, "a number of points")
        static let rings = IntegerRule(0...10)
        static let spokes = IntegerRule(0...36)
        static let gradientStops = 2...8
        static let blipAngle = NumberRule("a finite number of degrees") { $0.isFinite }
        static let blipDistance = NumberRule.range(0...1)
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(color, at: path + ".color")
        v.check(duration, Rules.seconds, at: path + ".duration")
        v.check(fade, Rules.seconds, at: path + ".fade")
        v.check(borderWidth, Rules.borderWidth, at: path + ".borderWidth")
        v.check(rings, Rules.rings, at: path + ".rings")
        v.check(spokes, Rules.spokes, at: path + ".spokes")
        if let gradient {
            if let why = Self.gradientProblem(count: gradient.count) { v.report(path + ".gradient", why) }
            for (i, stop) in gradient.enumerated() { v.check(stop, at: path + ".gradient[\(i)]") }
        }
        guard v.check(count: blips.count, limit: SpecLimits.blips, noun: "blips", at: path + ".blips") else { return }
        for (i, b) in blips.enumerated() {
            v.check(b.angle, Rules.blipAngle, at: path + ".blips[\(i)].angle")
            v.check(b.distance, Rules.blipDistance, at: path + ".blips[\(i)].distance")
            v.check(text: b.label, at: path + ".blips[\(i)].label")
        }
    }

    /// Why a gradient of `count` stops cannot be drawn (2 to 8), or nil.
    static func gradientProblem(count: Int) -> String? {
        guard !Rules.gradientStops.contains(count) else { return nil }
        return "expected an array of 2 to 8 colors, got \(count) color\(count == 1 ? "" : "s")"
    }
}
