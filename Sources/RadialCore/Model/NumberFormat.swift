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
    /// Another format in compact notation, as ICU writes it for the locale: "€56.4M", "1.2K",
    /// "56,4 Mio. €" (at most three significant digits unless `decimals` says otherwise).
    indirect case compact(NumberFormat)

    /// A number grouped as the locale groups, with as many decimals as it needs (up to three).
    public static let plain = NumberFormat.number(decimals: nil)

    /// The decimals the format asks for; nil: as many as the value has.
    package var decimals: Int? {
        switch self {
        case .number(let d), .percent(let d), .currency(_, let d), .unit(_, let d): d
        case .compact(let f): f.decimals
        }
    }

    /// The same format with `decimals` fraction digits (compact stays compact).
    public func with(decimals: Int?) -> NumberFormat {
        switch self {
        case .number: .number(decimals: decimals)
        case .percent: .percent(decimals: decimals)
        case .currency(let c, _): .currency(code: c, decimals: decimals)
        case .unit(let u, _): .unit(u, decimals: decimals)
        case .compact(let f): .compact(f.with(decimals: decimals))
        }
    }

    /// This format in compact notation ("€56.4M"); already compact: itself.
    public var compacted: NumberFormat {
        if case .compact = self { return self }
        return .compact(self)
    }
}

extension NumberFormat: Hashable, Codable {}
