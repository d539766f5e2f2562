/// How a number is written: the one `format` vocabulary of radar axes, pie values, totals and
/// tooltips (see docs/spec.md, "Number formats").
public enum NumberFormat: Sendable, Equatable {
    /// Grouped as the locale groups ("1,099"), with `decimals` fraction digits when given
    /// (otherwise as many as the value needs, up to three).
    case number(decimals: Int?)
    /// The value is in percent: 85 reads "85 %" (as the locale writes it).
    case percent(decimals: Int?)
    /// An ISO 4217 currency: "€1,099.00".
    case currency(code: String, decimals: Int?)
    /// A number followed by a unit: "1.4 kg".
    case unit(String, decimals: Int?)

    /// A number grouped as the locale groups, with as many decimals as it needs (up to three).
    public static let plain = NumberFormat.number(decimals: nil)

    /// The decimals the format asks for; nil: as many as the value has.
    package var decimals: Int? {
        switch self {
        case .number(let d), .percent(let d), .currency(_, let d), .unit(_, let d): d
        }
    }
}

extension NumberFormat: Hashable, Codable {}
