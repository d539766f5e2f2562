import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

private func scalars(_ s: String) -> String { s.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ") }

@Suite("Formatting")
struct FormattingTests {
    @Test("en_US writes dollars with a comma for thousands")
    func enUSCurrency() {
        #expect(enUS.currency(1120, code: nil) == "$1,120.00")
        #expect(enUS.currency(50, code: nil) == "$50.00")
        #expect(enUS.currency(0, code: nil) == "$0.00")
        #expect(enUS.currency(1_234_567.891, code: nil) == "$1,234,567.89")
        #expect(enUS.currency(20, code: "EUR") == "€20.00")
        #expect(enUS.defaultCurrency == "USD")
    }

    @Test("de_DE writes euros after the number, with a no-break space (U+00A0)")
    func deDECurrency() {
        let de = Formatting(localeIdentifier: "de_DE")
        let s = de.currency(1120, code: nil)
        #expect(s == "1.120,00\u{00A0}€", "got \(s) = \(scalars(s))")
        #expect(de.defaultCurrency == "EUR")
        #expect(de.currency(50, code: "USD") == "50,00\u{00A0}$")
    }

    @Test("numbers and percentages follow the locale")
    func numbersAndPercent() {
        let de = Formatting(localeIdentifier: "de_DE")
        #expect(enUS.number(3) == "3")
        #expect(enUS.number(2.5) == "2.5")
        #expect(enUS.number(1500) == "1,500")
        #expect(de.number(2.5) == "2,5")
        // As many decimals as the value needs, up to three: a CSV's sum of yields.
        #expect(enUS.number(4130.46664) == "4,130.467")
        #expect(enUS.format(4130.46664, nil) == "4,130.467")
        #expect(enUS.number(0.125) == "0.125")
        #expect(enUS.number(0.0004) == "0")
        #expect(de.number(4130.46664) == "4.130,467")
        #expect(enUS.percent(50.0 / 1120) == "4%")
        #expect(enUS.percent(0.625) == "62%" || enUS.percent(0.625) == "63%")
        #expect(enUS.percent(1000.0 / 1120) == "89%")
        let p = de.percent(0.4)
        #expect(p == "40\u{00A0}%", "got \(p) = \(scalars(p))")
    }

    @Test("fromEnvironment: LC_ALL, then LC_MONETARY, then LANG")
    func precedence() {
        let all = ["LC_ALL": "de_DE.UTF-8", "LC_MONETARY": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"]
        #expect(Formatting.fromEnvironment(all).locale.identifier == "de_DE")
        #expect(Formatting.fromEnvironment(["LC_MONETARY": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"]).locale.identifier == "fr_FR")
        #expect(Formatting.fromEnvironment(["LANG": "en_GB.UTF-8"]).locale.identifier == "en_GB")
        // Empty means unset.
        #expect(Formatting.fromEnvironment(["LC_ALL": "", "LC_MONETARY": "", "LANG": "de_DE"]).locale.identifier == "de_DE")
        #expect(Formatting.fromEnvironment(["LC_ALL": "de_DE", "LANG": "fr_FR"]).currency(1120, code: nil) == "1.120,00\u{00A0}€")
    }

    @Test("C, POSIX and nothing at all mean en_US", arguments: [
        ["LC_ALL": "C"], ["LANG": "POSIX"], ["LANG": "C.UTF-8"], [:], ["LC_ALL": "", "LANG": ""], ["LC_MONETARY": "C"],
    ])
    func fallback(env: [String: String]) {
        let f = Formatting.fromEnvironment(env)
        #expect(f.locale.identifier == "en_US")
        #expect(f.currency(1120, code: nil) == "$1,120.00")
    }

    @Test("a POSIX locale name loses its codeset and modifier", arguments: [
        ("de_DE.UTF-8@euro", "de_DE"), ("de_DE@euro", "de_DE"), ("de_DE.UTF-8", "de_DE"), ("en_US", "en_US"),
        ("fr_FR.ISO-8859-1", "fr_FR"), ("C", "en_US"), ("POSIX", "en_US"), ("", "en_US"), ("C.UTF-8", "en_US"),
    ])
    func parsing(raw: String, identifier: String) {
        #expect(Formatting(localeIdentifier: raw).locale.identifier == identifier)
    }

    @Test("a value written as zero has no sign: -0 and what rounds to zero read 0, in every format")
    func negativeZero() {
        let de = Formatting(localeIdentifier: "de_DE"), ar = Formatting(localeIdentifier: "ar_EG")
        #expect(enUS.number(-0.0) == "0" && de.number(-0.0) == "0")
        #expect(enUS.number(-0.4, decimals: 0) == "0" && de.number(-0.004, decimals: 2) == "0,00")
        #expect(enUS.format(-0.0, .currency(code: "EUR", decimals: 0)) == "€0")
        #expect(enUS.format(-0.001, .percent(decimals: 1)) == "0.0%")
        #expect(enUS.format(-0.0, .unit("m2", decimals: nil)) == "0 m2")
        #expect(enUS.percent(-0.0) == "0%")
        // Real negatives keep their sign, whatever digits the locale writes.
        #expect(enUS.number(-0.5, decimals: 1) == "-0.5" && enUS.number(-3) == "-3")
        #expect(ar.number(-0.0) == ar.number(0) && ar.number(-2) != ar.number(2))
    }
}
