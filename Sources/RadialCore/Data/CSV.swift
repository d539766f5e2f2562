import Foundation

/// CSV and TSV tables turned into a chart page (docs/spec.md, "CSV and TSV tables").
///
/// Reading goes in steps, each reporting every problem it finds by line and column (up to
/// `SpecLimits.reportedProblems`): the bytes become UTF-8 text (a byte-order mark skipped,
/// UTF-16 with one converted, anything else refused with a line that says so); the separator
/// is given or detected (comma, semicolon, tab); RFC 4180 fields are split (quotes doubled
/// inside quotes, separators and line breaks inside them, whitespace around them trimmed);
/// numbers are read with the decimal mark of the separator and the locale; and the chart is
/// validated as a spec file is, its problems named by the table's line and column.
package enum CSV {
    /// How a table becomes a chart: `radial show data.csv --type radar --title T ...`.
    package struct Options: Sendable, Equatable {
        /// The chart the table becomes (`--type`).
        package enum ChartType: String, Sendable, CaseIterable {
            /// A radar; a pie; a pie with a hole; a rose; radial bars; a sunburst (from `levels`).
            case radar, pie, donut, rose, radialBar, sunburst
        }
        /// The chart the table becomes (`--type`).
        package var type: ChartType
        /// The chart's title (`--title`); nil: none.
        package var title: String?
        /// Radar: series are columns and axes rows, instead of series rows and axes columns.
        package var transpose = false
        /// Pie: the column holding the values (its header, or a 1-based number); default the second.
        package var valueColumn: String?
        /// The decimal mark of the numbers, "." or ","; nil: "." in a comma-separated table,
        /// else the locale's.
        package var decimal: Character?
        /// The field separator; nil: detected (`.tsv` and `.tab` files are tab-separated).
        package var delimiter: Character?
        /// The locale whose decimal mark a semicolon- or tab-separated table's numbers use
        /// (`--locale`); nil: `LC_ALL`, `LC_NUMERIC`, `LANG`.
        package var locale: String?
        /// Radar: the value at the rim of every axis (`--maximum`, the chart's `maximum`), and at
        /// the center (`--minimum`, each axis' `min`).
        package var maximum: Double?
        /// Radar: the value at the center of every axis (`--minimum`); nil: 0.
        package var minimum: Double?
        /// Sunburst: the columns naming each row's path, top level first (`--levels Region,Country,City`);
        /// empty: every column before the value column. The value column defaults to the last.
        package var levels: [String] = []
        /// How the table is reshaped: category, series and value columns, aggregate, filters,
        /// date bins, order, top N, facets and frames (`--category`, `--series`, …).
        package var query = TableQuery()
        /// Every chart's numbers in compact notation ("€56.4M", `--format compact`).
        package var compact = false

        /// Options for a `type` chart; every other option nil or off: detected, or the default.
        package init(type: ChartType, title: String? = nil, transpose: Bool = false, valueColumn: String? = nil,
                    decimal: Character? = nil, delimiter: Character? = nil, locale: String? = nil, maximum: Double? = nil, minimum: Double? = nil,
                    levels: [String] = [], query: TableQuery = TableQuery(), compact: Bool = false) {
            self.type = type; self.title = title; self.transpose = transpose; self.valueColumn = valueColumn
            self.decimal = decimal; self.delimiter = delimiter; self.locale = locale; self.maximum = maximum; self.minimum = minimum
            self.levels = levels; self.query = query; self.compact = compact
        }
    }

    /// The separators a table may use, in the order detection prefers them.
    package static let separators: [Character] = [",", ";", "\t"]

    /// A problem at a line and column of the table (1-based, columns in fields), or of the
    /// table as a whole (no line).
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line of the table; nil: the table as a whole.
        package var line: Int?
        /// The 1-based column (in fields, not characters); nil: the whole line.
        package var column: Int?
        /// What is wrong, in words for the user.
        package var message: String
        /// A problem at `line` and `column`.
        package init(line: Int?, column: Int? = nil, message: String) { self.line = line; self.column = column; self.message = message }
        package var description: String {
            guard let line else { return message }
            return "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " + message
        }
    }

    /// A row of fields and the line it starts on.
    package struct Row: Sendable, Equatable {
        /// The 1-based line the row starts on (a quoted field may span lines).
        package var line: Int
        /// The row's fields, unquoted and trimmed.
        package var fields: [String]
        /// A row of `fields` starting on `line`.
        package init(line: Int, fields: [String]) { self.line = line; self.fields = fields }
    }

    // MARK: - Text

    /// `bytes` as UTF-8: a UTF-8 byte-order mark is dropped and UTF-16 with a byte-order mark
    /// converted; anything else that is not UTF-8 (Latin-1, Windows-1252, UTF-16 without a mark)
    /// is refused with where the first bad byte is and what the file seems to be.
    package static func text(_ bytes: [UInt8]) throws(Problem) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try text(Array(bytes.dropFirst(3))) }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            throw Problem(line: nil, message: "the table is UTF-32; save it as UTF-8 (or UTF-16) text")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return try utf16(bytes, littleEndian: bytes[0] == 0xFF)
        }
        var line = 1, column = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0 {
                let evenZeros = stride(from: 0, to: min(bytes.count, 512), by: 2).filter { bytes[$0] == 0 }.count
                let oddZeros = stride(from: 1, to: min(bytes.count, 512), by: 2).filter { bytes[$0] == 0 }.count
                let looksUTF16 = max(evenZeros, oddZeros) * 4 > min(bytes.count, 512)
                throw Problem(line: line, column: column, message: looksUTF16
                    ? "a NUL byte: the table looks like UTF-16 without a byte-order mark; save it as UTF-8"
                    : "a NUL byte; a table is text")
            }
            if b == UInt8(ascii: "\n") { line += 1; column = 1; i += 1; continue }
            let length = JSONParser.utf8SequenceLength(bytes, at: i)
            guard length > 0 else {
                throw Problem(line: line, column: column, message: "invalid UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true))): "
                    + "the table seems to be in another encoding (Latin-1 or Windows-1252?); save it as UTF-8")
            }
            i += length
            column += 1
        }
        return bytes
    }

    private static func utf16(_ bytes: [UInt8], littleEndian: Bool) throws(Problem) -> [UInt8] {
        guard bytes.count % 2 == 0 else { throw Problem(line: nil, message: "the table is UTF-16 with an odd number of bytes; it is cut short") }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        for k in stride(from: 2, to: bytes.count, by: 2) {
            units.append(littleEndian ? UInt16(bytes[k]) | UInt16(bytes[k + 1]) << 8 : UInt16(bytes[k]) << 8 | UInt16(bytes[k + 1]))
        }
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        var line = 1
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s):
                if s == "\n" { line += 1 }
                if s.value == 0 { throw Problem(line: line, message: "a NUL character; a table is text") }
                out.append(contentsOf: Array(String(s).utf8))
            case .emptyInput: break loop
            case .error: throw Problem(line: line, message: "invalid UTF-16 (an unpaired surrogate); save the table as UTF-8")
            }
        }
        return out
    }

    // MARK: - Separators

    /// The separator of a table: `delimiter` when given, a tab for `.tsv` and `.tab`, else the
    /// one of comma, semicolon and tab that splits the first rows into the same number (two or
    /// more) of fields, the most fields winning (then that order); failing that, the one that
    /// splits the header the most.
    package static func separator(path: String, text: [UInt8], delimiter: Character? = nil) -> UInt8 {
        if let d = delimiter, let a = d.asciiValue { return a }
        let lower = path.lowercased()
        if lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") { return UInt8(ascii: "\t") }
        var best: (separator: UInt8, fields: Int, consistent: Bool)?
        for s in separators.compactMap(\.asciiValue) {
            let counts = fieldCounts(text, separator: s, rows: 50)
            guard let header = counts.first, header >= 2 else { continue }
            let consistent = counts.allSatisfy { $0 == header }
            let candidate = (s, header, consistent)
            if let b = best {
                if (consistent && !b.consistent) || (consistent == b.consistent && header > b.fields) { best = candidate }
            } else {
                best = candidate
            }
        }
        return best?.separator ?? UInt8(ascii: ",")
    }

    /// Fields in each of the first `rows` non-blank rows, splitting on `separator` outside quotes.
    static func fieldCounts(_ text: [UInt8], separator: UInt8, rows limit: Int) -> [Int] {
        var counts: [Int] = [], fields = 1, quoted = false, blank = true
        for b in text.prefix(1 << 16) {
            if b == UInt8(ascii: "\"") { quoted.toggle(); blank = false; continue }
            if quoted { continue }
            if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
                if !blank { counts.append(fields); if counts.count == limit { return counts } }
                fields = 1; blank = true
            } else if b == separator {
                fields += 1; blank = false
            } else if b != 32 {
                blank = false
            }
        }
        if !blank { counts.append(fields) }
        return counts
    }

    static func name(ofSeparator s: UInt8) -> String {
        switch s {
        case UInt8(ascii: ","): "commas"
        case UInt8(ascii: ";"): "semicolons"
        case UInt8(ascii: "\t"): "tabs"
        default: "\"\(Character(Unicode.Scalar(s)))\""
        }
    }

    // MARK: - Rows

    /// The rows of UTF-8 `text` split on `separator` (RFC 4180 quoting), with every problem
    /// found. Whitespace around a field (and around its quotes) is trimmed; inside quotes a
    /// line break or tab becomes a space (a label is one line). Blank rows, and rows whose
    /// fields are all empty (a spreadsheet's trailing ",,,"), are skipped.
    package static func rows(_ text: [UInt8], separator: UInt8) -> (rows: [Row], problems: [Problem]) {
        var rows: [Row] = [], problems: [Problem] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, rowLine = 1
        var quoted = false, wasQuoted = false, afterQuote = false, quoteLine = 1, quoteColumn = 1
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        func isBlank(_ b: UInt8) -> Bool { b == space || (b == tab && separator != tab) }
        func endField() {
            if !wasQuoted {
                while let last = field.last, isBlank(last) { field.removeLast() }
            }
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true); wasQuoted = false; afterQuote = false
        }
        func endRow() {
            endField()
            if !fields.allSatisfy(\.isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields.removeAll()
        }
        var i = 0
        while i < text.count {
            let b = text[i]
            if quoted {
                switch b {
                case UInt8(ascii: "\""):
                    if i + 1 < text.count, text[i + 1] == UInt8(ascii: "\"") { field.append(b); i += 2; continue }
                    quoted = false; afterQuote = true
                case UInt8(ascii: "\r"):
                    if i + 1 < text.count, text[i + 1] == UInt8(ascii: "\n") { i += 1 }
                    line += 1; field.append(space)
                case UInt8(ascii: "\n"):
                    line += 1; field.append(space)
                case tab:
                    field.append(space)
                default:
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case separator: endField()
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                if b == UInt8(ascii: "\r"), i + 1 < text.count, text[i + 1] == UInt8(ascii: "\n") { i += 1 }
                endRow(); line += 1; rowLine = line
            case UInt8(ascii: "\""):
                if field.isEmpty && !wasQuoted {
                    quoted = true; wasQuoted = true; quoteLine = line; quoteColumn = fields.count + 1
                } else {
                    problems.append(Problem(line: line, column: fields.count + 1,
                                            message: afterQuote ? "text after a closing quote; a quote inside a quoted field is written twice (\"\")"
                                                                : "a quote inside an unquoted field; quote the whole field and write the quote twice (\"\")"))
                    field.append(b)
                }
            default:
                if afterQuote {
                    if isBlank(b) { break }   // spaces after the closing quote
                    problems.append(Problem(line: line, column: fields.count + 1,
                                            message: "text after a closing quote; a quote inside a quoted field is written twice (\"\")"))
                    afterQuote = false
                }
                if field.isEmpty && !wasQuoted && isBlank(b) { break }   // leading spaces
                field.append(b)
            }
            i += 1
        }
        if quoted {
            problems.append(Problem(line: quoteLine, column: quoteColumn, message: "a quoted field is never closed"))
        } else if !field.isEmpty || !fields.isEmpty || wasQuoted {
            endRow()
        }
        return (rows, problems)
    }

    // MARK: - Numbers

    /// How the numbers of a table are written: the decimal mark, and the marks accepted between
    /// groups of three digits (the other mark, or a space).
    package struct NumberStyle: Sendable, Equatable {
        /// The decimal mark, "." or ",".
        package var decimal: Character
        /// The marks accepted between groups of three digits: the other mark, spaces (plain, no-break, narrow no-break) and an apostrophe.
        package var grouping: [Character] { decimal == "," ? [".", " ", "\u{A0}", "\u{202F}", "'"] : [",", " ", "\u{A0}", "\u{202F}", "'"] }
        /// A style with `decimal` as its decimal mark.
        package init(decimal: Character) { self.decimal = decimal }

        /// The style of a table: `options.decimal` when given; "." when commas separate the
        /// fields (a comma cannot be both); else the locale's decimal mark.
        /// Without `--decimal`, the mark every number of `rows` agrees on comes first (a
        /// semicolon table of decimal commas in the C locale, LibreOffice's quoted `"1.150,00 €"`).
        package static func of(_ options: Options, separator: UInt8, rows: [Row] = [],
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> NumberStyle {
            if let d = options.decimal { return NumberStyle(decimal: d) }
            if let agreed = CSV.agreedDecimal(rows.dropFirst().lazy.flatMap(\.fields)) { return NumberStyle(decimal: agreed) }
            if separator == UInt8(ascii: ",") { return NumberStyle(decimal: ".") }
            let id = options.locale ?? ["LC_ALL", "LC_NUMERIC", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "en_US"
            let mark = Formatting(localeIdentifier: id).locale.decimalSeparator ?? "."
            return NumberStyle(decimal: mark == "," ? "," : ".")
        }
    }

    /// A cell as a number, or nil when it is not one; an empty cell is a missing value (`.some(nil)`).
    /// Digits with an optional sign (`-`, `+`, `−`), the style's decimal mark, marks between
    /// groups of three digits, and an exponent (`1e6`) where there are no group marks.
    static func number(_ cell: String, style: NumberStyle) -> Double?? {
        let t = cell.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return .some(nil) }
        var chars = Array(t)
        var sign = ""
        if let first = chars.first, first == "-" || first == "+" || first == "\u{2212}" {
            sign = first == "+" ? "" : "-"; chars.removeFirst()
        }
        let exponentAt = chars.firstIndex { $0 == "e" || $0 == "E" }
        let mantissa = exponentAt.map { Array(chars[..<$0]) } ?? chars
        let exponent = exponentAt.map { String(chars[chars.index(after: $0)...]) }
        let parts = mantissa.split(separator: style.decimal, maxSplits: 2, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        let whole = parts[0], fraction = parts.count == 2 ? Array(parts[1]) : []
        guard fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty || !whole.isEmpty else { return nil }
        // Group marks: one kind, between groups of exactly three digits after the first group.
        var digits = ""
        if let mark = whole.first(where: { style.grouping.contains($0) }) {
            guard exponent == nil else { return nil }
            let groups = whole.split(separator: mark, omittingEmptySubsequences: false)
            guard let head = groups.first, (1...3).contains(head.count),
                  groups.dropFirst().allSatisfy({ $0.count == 3 }), groups.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
            digits = groups.map { String($0) }.joined()
        } else {
            guard whole.allSatisfy(\.isASCIIDigit) else { return nil }
            digits = String(whole)
        }
        var plain = sign + (digits.isEmpty ? "0" : digits) + (fraction.isEmpty ? "" : "." + String(fraction))
        if let exponent {
            let e = exponent.first == "+" || exponent.first == "-" ? exponent.dropFirst() : Substring(exponent)
            guard !e.isEmpty, e.allSatisfy(\.isASCIIDigit) else { return nil }
            plain += "e" + exponent
        }
        guard let d = Double(plain), d.isFinite else { return nil }
        return .some(d)
    }
}

private extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
