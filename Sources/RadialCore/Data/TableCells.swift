import Foundation

// MARK: - Numbers as a spreadsheet shows them

extension CSV {
    /// What a cell wrote beside its number: a currency or a percent sign (LibreOffice's and
    /// Excel's "as shown" exports write `1.150,00 €`, `€1,150.00`, `38,2 %`).
    package enum CellUnit: Sendable, Equatable, Hashable {
        /// An ISO 4217 currency, from its symbol (`€`, `$`, `£`, `¥`) or its code (`EUR`).
        case currency(String)
        /// A percent sign: the number is in percent (38.2 for `38,2 %`).
        case percent
    }

    /// A cell read as a spreadsheet shows it.
    package struct ShownNumber: Sendable, Equatable {
        /// The number (38.2 for `38,2 %`, −200 for `(200.00)`).
        package var value: Double
        /// The currency or percent written beside it; nil: a plain number.
        package var unit: CellUnit?
        /// The digits after the decimal mark as written (2 for `1.150,00 €`).
        package var decimals: Int
    }

    /// Currency symbols a cell may carry, and the code each stands for.
    static let currencySymbols: [(symbol: String, code: String)] = [
        ("US$", "USD"), ("€", "EUR"), ("$", "USD"), ("£", "GBP"), ("¥", "JPY"), ("₹", "INR"), ("₩", "KRW"), ("CHF", "CHF"), ("Fr.", "CHF"), ("kr", "SEK"),
    ]
    static let currencyCodes = Set(Locale.commonISOCurrencyCodes)

    /// A cell as a number as a spreadsheet shows it: the plain numbers `number(_:style:)` reads,
    /// and around them a currency symbol or code before or after (`€1,150.00`, `1.150,00 €`,
    /// `EUR 5`), a percent sign after (`38,2 %`), no-break spaces, and parentheses for a
    /// negative (`(200.00)`, `(€5)`). nil when it is not a number; `.some(nil)` when empty.
    static func shownNumber(_ cell: String, style: NumberStyle) -> ShownNumber?? {
        var t = cell.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return .some(nil) }
        if let plain = number(t, style: style) { return .some(plain.map { ShownNumber(value: $0, unit: nil, decimals: decimals(t, style)) }) }
        let spaces: Set<Character> = [" ", "\u{A0}", "\u{202F}"]
        func trim(_ s: String) -> String { String(s.drop { spaces.contains($0) }.reversed().drop { spaces.contains($0) }.reversed()) }
        var negative = false
        if t.hasPrefix("("), t.hasSuffix(")") { negative = true; t = trim(String(t.dropFirst().dropLast())) }
        var unit: CellUnit?
        if t.hasSuffix("%") {
            unit = .percent; t = trim(String(t.dropLast()))
        } else {
            // A leading sign may stand before the symbol (−€5).
            var sign = ""
            if let f = t.first, f == "-" || f == "\u{2212}" || f == "+" { sign = f == "+" ? "" : "-"; t = String(t.dropFirst()) }
            var found = false
            for (symbol, code) in currencySymbols {
                if t.hasPrefix(symbol) { t = trim(String(t.dropFirst(symbol.count))); unit = .currency(code); found = true; break }
                if t.hasSuffix(symbol) { t = trim(String(t.dropLast(symbol.count))); unit = .currency(code); found = true; break }
            }
            if !found {
                let letters = t.prefix { $0.isLetter }, tail = String(t.reversed().prefix { $0.isLetter }.reversed())
                if letters.count == 3, currencyCodes.contains(String(letters)) {
                    unit = .currency(String(letters)); t = trim(String(t.dropFirst(3)))
                } else if tail.count == 3, currencyCodes.contains(tail) {
                    unit = .currency(tail); t = trim(String(t.dropLast(3)))
                }
            }
            guard unit != nil || (negative && sign.isEmpty) else { return nil }
            t = sign + t
        }
        guard case .some(.some(let v)) = number(t, style: style) else { return nil }
        if negative && v < 0 { return nil }   // (−5) is no way to write a number
        return .some(ShownNumber(value: negative ? -v : v, unit: unit, decimals: decimals(t, style)))
    }

    /// The digits after the decimal mark in `t`.
    static func decimals(_ t: String, _ style: NumberStyle) -> Int {
        guard let mark = t.lastIndex(of: style.decimal) else { return 0 }
        return t[t.index(after: mark)...].prefix { $0.isNumber }.count
    }

    /// The decimal mark every number of `cells` agrees on: "," when some cells read only with a
    /// decimal comma (`1.150,00 €`, `38,2`) and none only with a decimal point, "." the other
    /// way round, nil when they do not say (every cell reads either way, or they disagree).
    static func agreedDecimal(_ cells: some Sequence<String>) -> Character? {
        let dot = NumberStyle(decimal: "."), comma = NumberStyle(decimal: ",")
        var onlyDot = false, onlyComma = false
        for c in cells {
            let d = shownNumber(c, style: dot) != nil, k = shownNumber(c, style: comma) != nil
            if d && !k { onlyDot = true }
            if k && !d { onlyComma = true }
            if onlyDot && onlyComma { return nil }
        }
        return onlyComma ? "," : onlyDot ? "." : nil
    }
}

// MARK: - Dates

/// An ISO 8601 date or time as a table writes it: `2012-01-31`, `2012/01/31`, `2012-01`,
/// `2012-01-31T14:05`, `2012-01-31 14:05:09.5+01:00` (the wall time as written; an offset is
/// read and left out). A bare year (`2015`) is a number, not a date.
package struct TableDate: Sendable, Hashable, Comparable {
    /// The year, month (1–12), day (1–31), hour, minute and second as written.
    package var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double
    /// Whether a time of day was written.
    package var hasTime: Bool

    /// The date `text` writes, or nil when it is not one.
    package init?(_ text: String) {
        let s = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= s.count else { return nil }
            var v = 0
            for k in i..<(i + n) { guard s[k] >= 48, s[k] <= 57 else { return nil }; v = v * 10 + Int(s[k] - 48) }
            i += n
            return v
        }
        guard let y = digits(4), i < s.count, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "/") else { return nil }
        let mark = s[i]; i += 1
        guard let m = digits(2), (1...12).contains(m) else { return nil }
        year = y; month = m; day = 1; hour = 0; minute = 0; second = 0; hasTime = false
        if i == s.count { return }
        guard s[i] == mark else { return nil }
        i += 1
        guard let d = digits(2), (1...Self.days(in: m, of: y)).contains(d) else { return nil }
        day = d
        if i == s.count { return }
        guard s[i] == UInt8(ascii: "T") || s[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        guard let h = digits(2), h < 24, i < s.count, s[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        guard let mi = digits(2), mi < 60 else { return nil }
        hour = h; minute = mi; hasTime = true
        if i < s.count, s[i] == UInt8(ascii: ":") {
            i += 1
            guard let sec = digits(2), sec < 61 else { return nil }
            second = Double(sec)
            if i < s.count, s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ",") {
                i += 1
                var scale = 0.1, any = false
                while i < s.count, s[i] >= 48, s[i] <= 57 { second += Double(s[i] - 48) * scale; scale /= 10; i += 1; any = true }
                guard any else { return nil }
            }
        }
        if i == s.count { return }
        if s[i] == UInt8(ascii: "Z"), i + 1 == s.count { return }
        guard s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") else { return nil }
        i += 1
        guard digits(2) != nil else { return nil }
        if i < s.count, s[i] == UInt8(ascii: ":") { i += 1 }
        guard digits(2) != nil, i == s.count else { return nil }
    }

    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Monday 1 … Sunday 7 (ISO 8601), by Zeller's congruence on the proleptic Gregorian calendar.
    package var isoWeekday: Int {
        var y = year, m = month
        if m < 3 { m += 12; y -= 1 }
        let h = (day + (13 * (m + 1)) / 5 + y + y / 4 - y / 100 + y / 400) % 7   // 0 Saturday
        return (h + 5) % 7 + 1
    }

    package static func < (a: TableDate, b: TableDate) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute, a.second) < (b.year, b.month, b.day, b.hour, b.minute, b.second)
    }

    /// How precisely a column of dates is written, for showing them: every date on the first of
    /// January at midnight reads as its year ("2001"), every one on a first of a month as a month
    /// ("Jan 2001"), otherwise as written.
    package enum Precision: Sendable {
        /// Every date a first of January at midnight: shown as its year.
        case year
        /// Every date a first of a month at midnight: shown as the month and year.
        case month
        /// Shown as written.
        case asWritten
    }

    /// The precision all of `dates` share.
    package static func precision(of dates: some Sequence<TableDate>) -> Precision {
        var year = true
        for d in dates {
            if (d.hasTime && (d.hour, d.minute, d.second) != (0, 0, 0)) || d.day != 1 { return .asWritten }
            if d.month != 1 { year = false }
        }
        return year ? .year : .month
    }

    /// The date at `precision` in `locale`'s words ("2001", "Jan 2001"); nil: as written.
    package func shown(_ precision: Precision, locale: Locale) -> String? {
        switch precision {
        case .year: return String(year)
        case .month: return "\(Self.monthNames(locale)[month - 1]) \(year)"
        case .asWritten: return nil
        }
    }

    /// The locale's short month names, January first ("Jan", "Feb" …; "Jan", "Feb", "Mär" in German).
    package static func monthNames(_ locale: Locale) -> [String] {
        let f = DateFormatter()
        f.locale = locale
        return f.shortStandaloneMonthSymbols
    }

    /// The locale's short weekday names, Monday first ("Mon" … "Sun"; "Mo." … in German).
    package static func weekdayNames(_ locale: Locale) -> [String] {
        let f = DateFormatter()
        f.locale = locale
        let sundayFirst = f.shortStandaloneWeekdaySymbols
        return Array(sundayFirst[1...]) + [sundayFirst[0]]
    }

    /// The locale's name for an hour of the day ("12 AM", "0 Uhr").
    package static func hourName(_ hour: Int, _ locale: Locale) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: 2001, month: 1, day: 1, hour: hour))!
        var style = Date.FormatStyle(date: .omitted, time: .omitted).hour().locale(locale)
        style.timeZone = calendar.timeZone
        return date.formatted(style)
    }

    /// The locale's name for quarter 1–4 ("Q1").
    package static func quarterName(_ quarter: Int, _ locale: Locale) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: 2001, month: quarter * 3 - 2, day: 1))!
        let f = DateFormatter()
        f.locale = locale
        f.timeZone = calendar.timeZone
        f.setLocalizedDateFormatFromTemplate("QQQ")
        return f.string(from: date)
    }
}
