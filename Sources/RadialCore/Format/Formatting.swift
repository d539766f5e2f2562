import Foundation

/// Locale-aware number and currency text.
///
/// `Locale.current` on Linux does not follow `LANG` reliably (it reported `en_001`), so the
/// locale is read from the POSIX variables ourselves, in POSIX precedence order.
public struct Formatting: Sendable {
    public let locale: Locale

    public init(locale: Locale) { self.locale = locale }

    /// The user's locale from `LC_ALL`, then `LC_MONETARY`, then `LANG`; `C`/`POSIX` and unset
    /// mean `en_US`.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> Formatting {
        for key in ["LC_ALL", "LC_MONETARY", "LANG"] {
            if let value = env[key], !value.isEmpty {
                return Formatting(localeIdentifier: value)
            }
        }
        return Formatting(localeIdentifier: "en_US")
    }

    /// `de_DE.UTF-8@euro` → `de_DE`.
    public init(localeIdentifier raw: String) {
        var id = raw
        if let at = id.firstIndex(of: "@") { id = String(id[..<at]) }
        if let dot = id.firstIndex(of: ".") { id = String(id[..<dot]) }
        if id.isEmpty || id == "C" || id == "POSIX" { id = "en_US" }
        locale = Locale(identifier: id)
    }

    /// The locale's currency code, or USD where the locale has none.
    public var defaultCurrency: String { locale.currency?.identifier ?? "USD" }

    public func currency(_ value: Double, code: String?) -> String {
        value.formatted(.currency(code: code ?? defaultCurrency).locale(locale))
    }

    public func number(_ value: Double) -> String {
        value.formatted(.number.locale(locale))
    }

    /// A whole percentage, "4 %" style as the locale writes it.
    public func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }

    /// `value` written in `format` (nil: plain number).
    public func format(_ value: Double, _ format: NumberFormat?) -> String {
        switch format ?? .plain {
        case .number(let d): return number(value, decimals: d)
        case .percent(let d):
            let f = FloatingPointFormatStyle<Double>.Percent.percent.locale(locale)
            return (value / 100).formatted(d.map { f.precision(.fractionLength($0)) } ?? f)
        case .currency(let code, let d):
            let f = FloatingPointFormatStyle<Double>.Currency.currency(code: code).locale(locale)
            return value.formatted(d.map { f.precision(.fractionLength($0)) } ?? f)
        case .unit(let unit, let d): return number(value, decimals: d) + " " + unit
        }
    }

    /// Grouped as the locale groups, with exactly `decimals` fraction digits when given.
    public func number(_ value: Double, decimals: Int?) -> String {
        guard let decimals else { return number(value) }
        return value.formatted(.number.precision(.fractionLength(decimals)).locale(locale))
    }
}
