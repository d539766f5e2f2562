import Foundation

/// Locale-aware number and currency text.
///
/// `Locale.current` on Linux does not follow `LANG` reliably (it reported `en_001`), so the
/// locale is read from the POSIX variables ourselves, in POSIX precedence order.
package struct Formatting: Sendable {
    /// The locale numbers and currencies are written for.
    package let locale: Locale

    /// Writing for `locale`.
    package init(locale: Locale) { self.locale = locale }

    /// The user's locale from `LC_ALL`, then `LC_MONETARY`, then `LANG`; `C`/`POSIX` and unset
    /// mean `en_US`.
    package static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> Formatting {
        for key in ["LC_ALL", "LC_MONETARY", "LANG"] {
            if let value = env[key], !value.isEmpty {
                return Formatting(localeIdentifier: value)
            }
        }
        return Formatting(localeIdentifier: "en_US")
    }

    /// `de_DE.UTF-8@euro` → `de_DE`.
    package init(localeIdentifier raw: String) {
        var id = raw
        if let at = id.firstIndex(of: "@") { id = String(id[..<at]) }
        if let dot = id.firstIndex(of: ".") { id = String(id[..<dot]) }
        if id.isEmpty || id == "C" || id == "POSIX" { id = "en_US" }
        locale = Locale(identifier: id)
    }

    /// The locale's currency code, or USD where the locale has none.
    package var defaultCurrency: String { locale.currency?.identifier ?? "USD" }

    /// `value` as an amount of currency `code` (an ISO code; nil: `defaultCurrency`) in the locale's way ("$1,120.00"); a value that rounds to zero is written without a minus sign.
    package func currency(_ value: Double, code: String?) -> String {
        Self.unsigned(value) { $0.formatted(.currency(code: code ?? defaultCurrency).locale(locale)) }
    }

    /// `value` as a plain number in the locale's way ("1,234.5"); a value that rounds to zero is written without a minus sign.
    package func number(_ value: Double) -> String {
        Self.unsigned(value) { $0.formatted(.number.locale(locale)) }
    }

    /// A whole percentage, "4 %" style as the locale writes it.
    package func percent(_ fraction: Double) -> String {
        Self.unsigned(fraction) { $0.formatted(.percent.precision(.fractionLength(0)).locale(locale)) }
    }

    /// `write(value)`, except that a value written as zero carries no sign: `-0` (from a file,
    /// or `-0.0004` at three decimals) reads "0", as a person would write it.
    static func unsigned(_ value: Double, _ write: (Double) -> String) -> String {
        guard value <= 0 else { return write(value) }
        if value == 0 { return write(0) }   // -0.0 too
        let text = write(value)
        // Every digit zero, in whatever digits the locale writes (Arabic-Indic ones included).
        return text.contains { ($0.wholeNumberValue ?? 0) != 0 } ? text : write(0)
    }

    /// `value` written in `format` (nil: plain number).
    package func format(_ value: Double, _ format: NumberFormat?) -> String {
        switch format ?? .plain {
        case .number(let d): return number(value, decimals: d)
        case .percent(let d):
            let f = FloatingPointFormatStyle<Double>.Percent.percent.locale(locale)
            return Self.unsigned(value / 100) { $0.formatted(d.map { f.precision(.fractionLength($0)) } ?? f) }
        case .currency(let code, let d):
            let f = FloatingPointFormatStyle<Double>.Currency.currency(code: code).locale(locale)
            return Self.unsigned(value) { $0.formatted(d.map { f.precision(.fractionLength($0)) } ?? f) }
        case .unit(let unit, let d): return number(value, decimals: d) + " " + unit
        }
    }

    /// Grouped as the locale groups, with exactly `decimals` fraction digits when given.
    package func number(_ value: Double, decimals: Int?) -> String {
        guard let decimals else { return number(value) }
        return Self.unsigned(value) { $0.formatted(.number.precision(.fractionLength(decimals)).locale(locale)) }
    }
}
