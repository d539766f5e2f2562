/// A pie's rules: its ring, its sectors (or layers of them), their total, how they arrive.
extension PieChart {
    /// The numbers a pie holds, as files and Swift are held to them.
    package enum Rules {
        static let innerRadius = NumberRule("a number ≥ 0 and < 1") { $0 >= 0 && $0 < 1 }
        static let angularInset = NumberRule.range(0...32, "a number of points")
        static let cornerRadius = NumberRule("a finite number of points ≥ 0") { $0.isFinite && $0 >= 0 }
        static let minimumAnnotationAngle = NumberRule.range(0...360, "a number of degrees")
        static let hoverOffset = NumberRule.range(0...64, "a number of points")
        static let interval = NumberRule.range(SpecLimits.arrivalInterval, "a number of seconds")
        /// A sector's value (pies, roses, radial bars).
        static let value = NumberRule.nonNegative
        /// How far a sector is pulled out.
        static let offset = NumberRule.range(0...64, "a number of points")
    }

    package func validate(at path: String, into v: inout Validator) {
        v.check(text: title, at: path + ".title")
        v.check(innerRadius, Rules.innerRadius, at: path + ".innerRadius")
        v.check(angularInset, Rules.angularInset, at: path + ".angularInset")
        v.check(cornerRadius, Rules.cornerRadius, at: path + ".cornerRadius")
        v.check(minimumAnnotationAngle, Rules.minimumAnnotationAngle, at: path + ".minimumAnnotationAngle")
        v.check(hoverOffset, Rules.hoverOffset, at: path + ".hoverOffset")
        if case .sequence(let interval) = appear { v.check(interval, Rules.interval, at: path + ".appear.interval") }
        v.check(startAngle: startAngle, endAngle: endAngle, at: path)
        v.check(format, at: path + ".format")
        if !layers.isEmpty {
            if !sectors.isEmpty { v.report(path + ".sectors", "give either sectors or layers, not both; layers are rings of sectors, inner to outer") }
            guard v.check(count: layers.count, limit: SpecLimits.pieLayers, noun: "layers", at: path + ".layers") else { return }
            let all = layers.reduce(0) { $0 + $1.count }
            guard v.check(count: all, limit: SpecLimits.sectors, noun: "sectors in all the layers together", at: path + ".layers") else { return }
            for (l, layer) in layers.enumerated() { Self.validate(layer, at: path + ".layers[\(l)]", into: &v) }
        } else {
            guard v.check(count: sectors.count, limit: SpecLimits.sectors, noun: "sectors", at: path + ".sectors") else { return }
            Self.validate(sectors, at: path + ".sectors", into: &v)
        }
    }

    /// A ring of sectors: each named, valued, colored; their total a finite number.
    static func validate(_ sectors: [PieSector], at path: String, into v: inout Validator) {
        var valuesOK = true
        for (i, s) in sectors.enumerated() {
            let sp = path + "[\(i)]"
            v.check(text: s.name, at: sp + ".name")
            valuesOK = v.check(s.value, Rules.value, at: sp + ".value") && valuesOK
            v.check(s.offset, Rules.offset, at: sp + ".offset")
            v.check(s.color, at: sp + ".color")
            for (m, member) in s.members.enumerated() {
                v.check(text: member.name, at: sp + ".members[\(m)].name")
                valuesOK = v.check(member.value, Rules.value, at: sp + ".members[\(m)].value") && valuesOK
            }
        }
        if valuesOK, let why = totalProblem(sectors.map(\.value)) { v.report(path, why) }
    }

    /// Why values cannot have a total (it divides every share and is written out: it must be a
    /// finite number), or nil. Summed in units of the largest value, so the check cannot overflow.
    static func totalProblem(_ values: [Double]) -> String? {
        let largest = values.reduce(0.0) { max($0, $1) }
        guard largest > 0, values.reduce(0.0, { $0 + $1 / largest }) * (largest / Double.greatestFiniteMagnitude) > 1 else { return nil }
        return "the values add up to more than \(SpecReader.format(Double.greatestFiniteMagnitude)), the largest number a total can be"
    }
}
