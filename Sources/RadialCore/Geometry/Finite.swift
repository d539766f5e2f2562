/// Finite by construction: the few helpers that keep NaN and infinity out of a `Frame`, and the
/// one way a `Double` becomes an `Int`.
extension Double {
    /// `self` if it is finite, otherwise `fallback`.
    @inlinable package func finiteOr(_ fallback: Double) -> Double { isFinite ? self : fallback }
}

extension Int {
    /// The integer nearest `value` under `rule`, clamped to ±2³¹ so it also fits a GL `Int32`;
    /// NaN becomes 0. `Int(Double)` traps on NaN, infinity and out-of-range values: every
    /// conversion of a computed value goes through here instead.
    @inlinable package init(checked value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        guard value.isFinite else {
            self = value.isNaN ? 0 : (value > 0 ? Int(Int32.max) : Int(Int32.min))
            return
        }
        let r = value.rounded(rule)
        self = r >= Double(Int32.max) ? Int(Int32.max) : r <= Double(Int32.min) ? Int(Int32.min) : Int(r)
    }
}
