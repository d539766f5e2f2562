import Foundation

/// Locale-aware number and currency text.
///
/// `Locale.current` on Linux does not follow `LANG` reliably (it reported `en_001`), so the
/// locale is read from the POSIX variables ourselves, in POSIX precedence order.
public struct Formatting: Sendable {
    /// The locale numbers and currencies are written for.
    public let locale: Locale

    /// Writing for `locale`.
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

    /// `value` as an amount of currency `code` (an ISO code; nil: `defaultCurrency`) in the locale's way ("$1,120.00"); a value that rounds to zero is written without a minus sign.
    public func currency(_ value: Double, code: String?) -> String {
        Self.unsigned(value) { $0.formatted(.currency(code: code ?? defaultCurrency).locale(locale)) }
    }

    /// `value` as a plain number in the locale's way ("1,234.5"); a value that rounds to zero is written without a minus sign.
    public func number(_ value: Double) -> String {
        Self.unsigned(value) { $0.formatted(.number.locale(locale)) }
    }

    /// A whole percentage, "4 %" style as the locale writes it.
    public func percent(_ fraction: Double) -> String {
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
    public func format(_ value: Double, _ format: NumberFormat?) -> String {
        switch format ?? .plain {
        case .number(let d): return number(value, decimals: d)
        case .percent(let d):
            let f = FloatingPointFormatStyle<Double>.Percent.percent.locale(locale)
            return Self.unsigned(value / 100) { $0.formatted(d.map { f.precision(.fractionLength($0)) } ?? f) }
        case .currency(let code, let d):
            let f = FloatingPointFormatStyle<Double>.Currency.currency(code: code).locale(locale)
            return Self.unsigned(value) { $0.formatted(d.map { f.precision(.fractionLength($0)) } ?? f) }
        case .unit(let unit, let d): return number(value, decimals: d) + " " + unit
        case .compact(let inner): return compact(value, inner)
        }
    }

    /// `value` in `inner`'s style in compact notation: "56M" → "56.4M" (three significant digits
    /// at most, or `decimals` fraction digits when given), "€56.4M", "56,4 Mio. €" in German.
    func compact(_ value: Double, _ inner: NumberFormat) -> String {
        switch inner {
        case .number(let d), .unit(_, let d):
            let base = FloatingPointFormatStyle<Double>.number.notation(.compactName).locale(locale)
            let style = d.map { base.precision(.fractionLength($0)) } ?? base.precision(.significantDigits(1...3))
            let text = Self.unsigned(value) { $0.formatted(style) }
            if case .unit(let u, _) = inner { return text + " " + u }
            return text
        case .percent(let d):
            let base = FloatingPointFormatStyle<Double>.Percent.percent.notation(.compactName).locale(locale)
            let style = d.map { base.precision(.fractionLength($0)) } ?? base.precision(.significantDigits(1...3))
            return Self.unsigned(value / 100) { $0.formatted(style) }
        case .currency(let code, let d):
            let base = FloatingPointFormatStyle<Double>.Currency.currency(code: code).notation(.compactName).locale(locale)
            let style = d.map { base.precision(.fractionLength($0)) } ?? base.precision(.significantDigits(1...3))
            return Self.unsigned(value) { $0.formatted(style) }
        case .compact(let f):
            return compact(value, f)
        }
    }

    /// Grouped as the locale groups, with exactly `decimals` fraction digits when given.
    public func number(_ value: Double, decimals: Int?) -> String {
        guard let decimals else { return number(value) }
        return Self.unsigned(value) { $0.formatted(.number.precision(.fractionLength(decimals)).locale(locale)) }
    }
}
