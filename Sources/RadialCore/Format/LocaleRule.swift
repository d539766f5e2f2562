import Foundation

/// The one rule for a locale name, the command line's `--locale` and the library's options
/// alike: one Foundation knows (`de_DE`, `de_DE.UTF-8`, `C`), else refused with the nearest (an
/// unknown one would silently write "$ 1120.00").
package enum LocaleRule {
    /// What a locale name is: known, or unknown with the nearest known one (if any is close).
    package enum Verdict: Equatable {
        case known
        case unknown(suggestion: String?)
    }

    package static func check(_ name: String) -> Verdict {
        // Foundation's own names, and the POSIX names it spells with a script (zh_CN → zh_Hans_CN).
        if Formatting.foundationIdentifier(name) != nil { return .known }
        var id = name
        if let at = id.firstIndex(of: "@") { id = String(id[..<at]) }
        if let dot = id.firstIndex(of: ".") { id = String(id[..<dot]) }
        if id == "C" || id == "POSIX" { return .known }
        let known = Locale.availableIdentifiers
        if known.contains(id) { return .known }
        return .unknown(suggestion: Spec.suggestion(for: id, among: known))
    }
}
