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

    /// `de_DE.UTF-8@euro` → `de_DE`; a POSIX name Foundation spells with a script, `zh_CN` →
    /// `zh_Hans_CN` (`Formatting.foundationIdentifier`).
    package init(localeIdentifier raw: String) {
        locale = Locale(identifier: Self.foundationIdentifier(raw) ?? Self.stripped(raw).id)
    }

    /// `raw` without its encoding and modifier (`sr_RS.UTF-8@latin` → `sr_RS`, `latin`).
    static func stripped(_ raw: String) -> (id: String, modifier: String?) {
        var id = raw, modifier: String?
        if let at = id.firstIndex(of: "@") { modifier = String(id[id.index(after: at)...]).lowercased(); id = String(id[..<at]) }
        if let dot = id.firstIndex(of: ".") { id = String(id[..<dot]) }
        return (id, modifier)
    }

    /// Scripts CLDR's likely subtags give a language in a region where Foundation knows the
    /// language in more than one script (zh_CN is Simplified Chinese, zh_TW Traditional).
    static let likelyScripts: [String: String] = [
        "zh_CN": "Hans", "zh_SG": "Hans", "zh_MY": "Hans", "zh_TW": "Hant", "zh_HK": "Hant", "zh_MO": "Hant",
        "sr_RS": "Cyrl", "sr_BA": "Cyrl", "sr_XK": "Cyrl", "sr_ME": "Latn", "pa_IN": "Guru", "pa_PK": "Arab",
        "az_AZ": "Latn", "az_IR": "Arab", "uz_UZ": "Latn", "uz_AF": "Arab", "bs_BA": "Latn", "ks_IN": "Arab",
        "sd_PK": "Arab", "sd_IN": "Deva", "ff_SN": "Latn", "mn_MN": "Cyrl", "vai_LR": "Vaii", "shi_MA": "Tfng",
        "yue_HK": "Hant", "yue_CN": "Hans", "ha_NG": "Latn", "kk_KZ": "Cyrl", "tg_TJ": "Cyrl", "ky_KG": "Cyrl",
    ]
    /// glibc's `@modifier`s that name a script (`sr_RS@latin`, `uz_UZ@cyrillic`).
    static let modifierScripts = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "arabic": "Arab"]

    /// The identifier Foundation knows for a POSIX locale name (`LANG`'s form): the encoding
    /// (`.UTF-8`) left out, and where Foundation spells the locale with a script the script put
    /// in, from the `@modifier` (`sr_RS@latin` → `sr_Latn_RS`) or CLDR's likely subtags (`zh_CN` →
    /// `zh_Hans_CN`, `pa_IN` → `pa_Guru_IN`). `C`, `POSIX` and the empty name are `en_US`; nil
    /// when Foundation knows no such locale.
    public static func foundationIdentifier(_ raw: String) -> String? {
        let (plain, modifier) = stripped(raw)
        let id = plain.replacingOccurrences(of: "-", with: "_")
        if id.isEmpty || id == "C" || id == "POSIX" { return "en_US" }
        let known = Self.known
        let parts = id.split(separator: "_").map(String.init)
        if parts.count == 2 {
            let script = modifier.flatMap { modifierScripts[$0] } ?? likelyScripts[id]
            if let script, known.contains(parts[0] + "_" + script + "_" + parts[1]) { return parts[0] + "_" + script + "_" + parts[1] }
        }
        if known.contains(id) { return id }
        guard parts.count == 2 else { return nil }
        // A language in one script only, Foundation naming it anyway (lang_Script_REGION).
        let scripted = known.filter { k in
            let p = k.split(separator: "_")
            return p.count == 3 && p[0] == parts[0] && p[2] == parts[1] && p[1].count == 4
        }
        return scripted.count == 1 ? scripted.first : nil
    }

    /// Every locale identifier Foundation knows.
    static let known: Set<String> = Set(Locale.availableIdentifiers)

    /// The locale's currency code, or USD where the locale has none.
    package var defaultCurrency: String { locale.currency?.identifier ?? "USD" }

    /// `value` as an amount of currency `code` (an ISO code; nil: `defaultCurrency`) in the locale's way ("$1,120.00"); a value that rounds to zero is written without a minus sign.
    package func currency(_ value: Double, code: String?) -> String {
        Self.unsigned(value) { $0.formatted(.currency(code: code ?? defaultCurrency).locale(locale)) }
    }

    /// `value` as a plain number in the locale's way ("1,234.5"); a value that rounds to zero is written without a minus sign.
    package func number(_ value: Double) -> String {
        // As many decimals as the value needs, up to three (the plain format's rule: a sum of a
        // CSV's yields read "4,130.467", not "4,130.46664").
        Self.unsigned(value) { $0.formatted(.number.precision(.fractionLength(0...3)).locale(locale)) }
    }

    /// A whole percentage, "4 %" style as the locale writes it.
    package func percent(_ fraction: Double) -> String {
        // (Written × 100: a fraction past the largest double's hundredth is at most that.)
        Self.unsigned(min(max(fraction, -.greatestFiniteMagnitude / 100), .greatestFiniteMagnitude / 100)) { $0.formatted(.percent.precision(.fractionLength(0)).locale(locale)) }
    }

    /// `write(value)`, except that a value written as zero carries no sign: `-0` (from a file,
    /// or `-0.0004` at three decimals) reads "0", as a person would write it.
    /// A value that is not finite (a bug upstream: frames and words are finite by construction)
    /// is written as the nearest finite one, never as "∞" or "NaN".
    static func unsigned(_ raw: Double, _ write: (Double) -> String) -> String {
        let value = Arithmetic.finite(raw)
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
    package func number(_ value: Double, decimals: Int?) -> String {
        guard let decimals else { return number(value) }
        return Self.unsigned(value) { $0.formatted(.number.precision(.fractionLength(decimals)).locale(locale)) }
    }
}
