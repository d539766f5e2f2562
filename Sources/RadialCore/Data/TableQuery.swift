import Foundation

/// How a table is reshaped before it is drawn (docs/spec.md, "Reshaping a table"): which
/// column names the categories and which the series, which columns hold values, how rows that
/// share a category are combined, which rows count, how dates are binned, the order, and how
/// the table is split into a page of charts (`facet`) or states of one chart (`frame`).
/// The same keys are the command line's table options and a chart's `"data"` object.
package struct TableQuery: Sendable, Equatable {
    /// The column naming the sectors, wedges, bars or radar axes (`--category`); nil: the first.
    package var category: String?
    /// One series per distinct value of this column (`--series`): a long table.
    package var series: String?
    /// The value columns drawn (`--columns`): a radar's axes, a wide table's series; empty:
    /// every numeric column no other option names.
    package var columns: [String] = []
    /// How rows that share a category (and series) combine (`--aggregate`); nil: they may not.
    package var aggregate: TableAggregate?
    /// Rows that count: all must hold (`--filter`, repeatable).
    package var filters: [TableFilter] = []
    /// Dates of the category column binned to hours, weekdays, months, quarters or years (`--bin`).
    package var bin: DateBin?
    /// The categories' order (`--sort`); nil: the table's (calendar order for bins).
    package var sort: TableSort?
    /// Only the N largest categories, the rest summed into one "Other" (`--top`).
    package var top: Int?
    /// One chart per distinct value of this column, on one page with shared scales (`--facet`).
    package var facet: String?
    /// One state of the chart per distinct value of this column, animated (`--frame`).
    package var frame: String?

    /// A query that reads the table as it is.
    package init(category: String? = nil, series: String? = nil, columns: [String] = [], aggregate: TableAggregate? = nil,
                filters: [TableFilter] = [], bin: DateBin? = nil, sort: TableSort? = nil, top: Int? = nil,
                facet: String? = nil, frame: String? = nil) {
        self.category = category; self.series = series; self.columns = columns; self.aggregate = aggregate; self.filters = filters
        self.bin = bin; self.sort = sort; self.top = top; self.facet = facet; self.frame = frame
    }

    /// Whether the query reshapes anything (a plain table read as today when not).
    package var isEmpty: Bool { self == TableQuery() }
}

/// How the values of rows that share a category (and series) become one.
package enum TableAggregate: String, Sendable, CaseIterable {
    /// Their sum; mean; median; the number of rows (no value column needed); the least; the greatest.
    case sum, mean, median, count, min, max

    /// The values combined (`values` has no missing ones; `rows` counts the rows, missing cells included).
    func combine(_ values: [Double], rows: Int) -> Double? {
        if self == .count { return Double(rows) }
        guard !values.isEmpty else { return nil }
        switch self {
        case .sum: return values.reduce(0, +)
        case .mean: return values.reduce(0, +) / Double(values.count)
        case .median:
            let s = values.sorted(), n = s.count
            return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
        case .min: return values.min()
        case .max: return values.max()
        case .count: return nil
        }
    }
}

/// The calendar unit dates are binned to.
package enum DateBin: String, Sendable, CaseIterable {
    /// The hour of the day (0–23), the ISO weekday (Monday first), the month, the quarter, the year.
    case hour, weekday, month, quarter, year

    /// The bin of `d`, as a number that sorts in calendar order.
    func bin(_ d: TableDate) -> Int {
        switch self {
        case .hour: d.hour
        case .weekday: d.isoWeekday
        case .month: d.month
        case .quarter: (d.month - 1) / 3 + 1
        case .year: d.year
        }
    }

    /// The bin's name in `locale` ("Jan", "Mon", "Q1", "3 PM", "2015").
    func name(_ bin: Int, locale: Locale) -> String {
        switch self {
        case .hour: TableDate.hourName(bin, locale)
        case .weekday: TableDate.weekdayNames(locale)[bin - 1]
        case .month: TableDate.monthNames(locale)[bin - 1]
        case .quarter: TableDate.quarterName(bin, locale)
        case .year: String(bin)
        }
    }
}

/// The categories' order.
package enum TableSort: String, Sendable, CaseIterable {
    /// Smallest total first; largest first; by name; the table's order.
    case value, descending = "-value", name, none
}

/// One row condition: `COLUMN OP VALUE`, or `COLUMN in A|B|C`.
package struct TableFilter: Sendable, Equatable {
    /// How a cell is compared with the filter's value.
    package enum Operator: String, Sendable, CaseIterable {
        /// `=`, `!=`, `<`, `<=`, `>`, `>=`, and `in` (one of the values listed with `|`).
        case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", oneOf = "in"
    }
    /// The filter as written (for messages).
    package var text: String
    /// The column's name as written.
    package var column: String
    /// How the cell compares.
    package var op: Operator
    /// The value, or the values of `in`.
    package var values: [String]

    /// A filter of its parts.
    package init(text: String, column: String, op: Operator, values: [String]) {
        self.text = text; self.column = column; self.op = op; self.values = values
    }

    /// `'COLUMN OP VALUE'` read; nil with a reason when it has no operator, column or value.
    /// The operator is the first one outside the column's name (`=`, `!=`, `<`, `<=`, `>`,
    /// `>=`, or the word `in` between spaces); `columns` (the table's, when known) lets a name
    /// that holds an operator (`a<b = 3`) be read whole.
    package static func parse(_ text: String, columns: [String] = []) -> Result<TableFilter, FilterError> {
        let t = text.trimmingCharacters(in: .whitespaces)
        // A known column name that starts the text wins, longest first.
        for name in columns.sorted(by: { $0.count > $1.count }) where t.hasPrefix(name) && name.count < t.count {
            let rest = String(t.dropFirst(name.count))
            if let (op, value) = Self.operatorAndValue(rest) { return Self.make(t, name, op, value) }
        }
        let chars = Array(t)
        var k = 0
        while k < chars.count {
            if " ".contains(chars[k]), let (op, value) = Self.operatorAndValue(String(chars[k...])), op == .oneOf {
                return Self.make(t, String(chars[..<k]), op, value)
            }
            if "=!<>".contains(chars[k]), let (op, value) = Self.operatorAndValue(String(chars[k...])) {
                return Self.make(t, String(chars[..<k]), op, value)
            }
            k += 1
        }
        return .failure(FilterError(message: "--filter \(JSONOut.quoted(text)) has no operator; write COLUMN OP VALUE with OP one of =, !=, <, <=, >, >= (or COLUMN in A|B|C), such as 'weather = rain'"))
    }

    private static func operatorAndValue(_ rest: String) -> (Operator, String)? {
        let r = rest.drop { $0 == " " }
        for op in ["!=", "<=", ">=", "=", "<", ">"] where r.hasPrefix(op) {
            return (Operator(rawValue: op)!, String(r.dropFirst(op.count)))
        }
        if rest.first == " ", r.hasPrefix("in "), let o = Operator(rawValue: "in") { return (o, String(r.dropFirst(3))) }
        return nil
    }

    private static func make(_ text: String, _ column: String, _ op: Operator, _ value: String) -> Result<TableFilter, FilterError> {
        let name = column.trimmingCharacters(in: .whitespaces)
        let v = value.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return .failure(FilterError(message: "--filter \(JSONOut.quoted(text)) names no column before \(op.rawValue)")) }
        guard !v.isEmpty else { return .failure(FilterError(message: "--filter \(JSONOut.quoted(text)) has no value after \(op.rawValue)")) }
        let values = op == .oneOf ? v.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } : [v]
        guard !values.contains(where: \.isEmpty) else {
            return .failure(FilterError(message: "--filter \(JSONOut.quoted(text)): \"in\" takes values separated by |, none of them empty (rain|snow)"))
        }
        return .success(TableFilter(text: text, column: name, op: op, values: values))
    }

    /// Why a filter could not be read.
    package struct FilterError: Error, Sendable, Equatable {
        /// What is wrong, in words for the user.
        package var message: String
    }
}
