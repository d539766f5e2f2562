import Foundation
import Testing
@testable import RadialCore

/// The real public tables of Tests/Fixtures/tables (make_fixtures.py names their sources) and
/// the values pandas gives for them (expected.py wrote expected.json; Radial computed none).
private let fixtures = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/tables")

private func fixture(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name))) }

private struct Expected: Decodable {
    struct Entry: Decodable {
        var categories: [Value]?, series: [String]?, facets: [String]?, frames: [String]?
        var values: [String: [Double?]]
        var missing: Int?, axisMaxima: [Double]?, sharedMaximum: Double?, totals: [Double]?
    }
    enum Value: Decodable, Equatable {
        case text(String), number(Int)
        init(from d: Decoder) throws {
            let c = try d.singleValueContainer()
            if let i = try? c.decode(Int.self) { self = .number(i) } else { self = .text(try c.decode(String.self)) }
        }
    }
    var wind: Entry, weather: Entry, cars: Entry, barley: Entry, iowa: Entry
}

private func expected() throws -> Expected {
    try JSONDecoder().decode(Expected.self, from: Data(contentsOf: fixtures.appendingPathComponent("expected.json")))
}

private let english = ["LANG": "en_US.UTF-8"]

private func read(_ name: String, _ options: CSV.Options) throws -> (page: Page, notes: [String]) {
    let bytes = try fixture(name)
    do { return try CSV.read(bytes, path: name, options: options, environment: english) } catch {
        Issue.record("refused: \(error.lines)")
        throw error
    }
}

private func problem(_ text: String, _ options: CSV.Options, environment: [String: String] = english) -> String {
    do { _ = try CSV.page(Array(text.utf8), path: "t.csv", options: options, environment: environment); return "" } catch {
        return error.lines.joined(separator: "\n")
    }
}

private func table(_ text: String, _ options: CSV.Options, environment: [String: String] = english) throws -> Page {
    do { return try CSV.page(Array(text.utf8), path: "t.csv", options: options, environment: environment) } catch {
        Issue.record("refused: \(error.lines)")
        throw error
    }
}

private func radar(_ c: Chart) -> RadarChart? { if case .radar(let r) = c { r } else { nil } }
private func pie(_ c: Chart) -> PieChart? { if case .pie(let p) = c { p } else { nil } }
private func rose(_ c: Chart) -> RoseChart? { if case .rose(let r) = c { r } else { nil } }

private func close(_ a: Double, _ b: Double?) -> Bool { guard let b else { return a.isNaN }; return abs(a - b) <= 1e-6 * max(1, abs(b)) }

@Suite("Tables reshaped: real tables against pandas' pivot tables")
struct TableTests {
    @Test("Seattle's daily weather: monthly counts of each weather type (--bin month --series weather --aggregate count) are pandas' pivot_table")
    func weatherByMonth() throws {
        let want = try expected().weather
        var q = TableQuery(category: "date", series: "weather", aggregate: .count, bin: .month)
        let p = try read("seattle-weather.csv", CSV.Options(type: .radar, query: q)).page
        let r = try #require(radar(p.charts[0]))
        #expect(r.axes == ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        #expect(r.series.map(\.name) == want.series)
        for s in r.series { #expect(s.values == want.values[s.name]!.map { $0! }, "\(s.name)") }
        // The months in the locale's words.
        q.bin = .month
        let de = try CSV.read(try fixture("seattle-weather.csv"), path: "w.csv", options: CSV.Options(type: .radar, locale: "de_DE", query: q)).page
        #expect(radar(de.charts[0])?.axes.prefix(3) == ["Jan", "Feb", "Mär"])
        // Weekdays run Monday first (ISO 8601); 2012-01-01 was a Sunday.
        q.bin = .weekday
        let days = try read("seattle-weather.csv", CSV.Options(type: .radar, query: q)).page
        #expect(radar(days.charts[0])?.axes == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(TableDate("2012-01-01")?.isoWeekday == 7 && TableDate("2012/01/02")?.isoWeekday == 1)
    }

    @Test("the cars table: per-origin means as a radar, empty cells left out and counted, each axis its own nice range")
    func carsByOrigin() throws {
        let want = try expected().cars
        let columns = want.categories!.map { if case .text(let t) = $0 { t } else { "" } }
        let (p, notes) = try read("cars.csv", CSV.Options(type: .radar, query: TableQuery(series: "Origin", columns: columns, aggregate: .mean)))
        let r = try #require(radar(p.charts[0]))
        #expect(r.axes == columns && r.series.map(\.name) == want.series)
        for s in r.series {
            for (k, v) in s.values.enumerated() { #expect(close(v, want.values[s.name]![k]), "\(s.name) \(columns[k]): \(v)") }
        }
        // pandas skips the NaN cells in the mean; Radial says how many it left out.
        #expect(notes.contains { $0.hasPrefix("\(want.missing!) empty cells were left out of the mean: 8 in Miles_per_Gallon (lines 12, 13, 14, …)") }, "\(notes)")
        // Miles per gallon (30) beside pounds (3,373): each axis 0 to its largest value rounded up to 1, 2 or 5 × 10ⁿ.
        #expect(r.scales.map(\.maximum) == want.axisMaxima!.map(CSV.niceCeiling))
        #expect(r.scales.map(\.maximum) == [50, 200, 5000, 20, 500])
        #expect(Descriptions.warnings(p, formatting: Formatting(localeIdentifier: "en_US")).isEmpty)
        // --maximum still wins, as does a --spec maximum.
        let fixed = try read("cars.csv", CSV.Options(type: .radar, maximum: 4000, query: TableQuery(series: "Origin", columns: columns, aggregate: .mean))).page
        #expect(radar(fixed.charts[0])?.scales == [] && radar(fixed.charts[0])?.maximum == 4000)
        // Without --columns: every numeric column, the text and date ones named in a note.
        let all = try read("cars.csv", CSV.Options(type: .radar, query: TableQuery(series: "Origin", aggregate: .mean)))
        #expect(radar(all.page.charts[0])?.axes == ["Miles_per_Gallon", "Cylinders", "Displacement", "Horsepower", "Weight_in_lbs", "Acceleration"])
        #expect(all.notes.first == #"left out: "Name" (text), "Year" (dates); --columns names the value columns to draw"#)
    }

    @Test("barley: a rose per year (--facet year), one shared maximum, one legend, uniform plots, titled by the year")
    func barleyFacets() throws {
        let want = try expected().barley
        let p = try read("barley.csv", CSV.Options(type: .rose, title: "Barley", valueColumn: "yield",
                                                   query: TableQuery(category: "variety", aggregate: .sum, facet: "year"))).page
        #expect(p.title == "Barley" && p.uniform && p.charts.count == 2)
        let roses = p.charts.compactMap(rose)
        #expect(roses.map(\.title) == want.facets!.map(Optional.some))
        #expect(roses.map(\.maximum) == [want.sharedMaximum, want.sharedMaximum])
        #expect(roses.map(\.legend) == [true, false])
        for (r, year) in zip(roses, want.facets!) {
            #expect(r.sectors.map(\.name) == want.categories!.map { if case .text(let t) = $0 { t } else { "" } })
            for (s, v) in zip(r.sectors, want.values[year]!) { #expect(close(s.value, v), "\(year) \(s.name)") }
        }
    }

    @Test("Iowa's electricity: a donut per year (--frame year), 17 states named by the year, the sources' values pandas gives")
    func iowaFrames() throws {
        let want = try expected().iowa
        let p = try read("iowa-electricity.csv", CSV.Options(type: .donut, valueColumn: "net_generation",
                                                             query: TableQuery(category: "source", frame: "year"))).page
        #expect(p.frames.map(\.name) == want.frames!)
        #expect(p.frames[0].page.charts == p.charts)
        for (state, year) in zip(p.frames, want.frames!) {
            let d = try #require(pie(state.page.charts[0]))
            #expect(state.page.subtitle == "year \(year)")
            #expect(d.innerRadius == 0.5 && d.sectors.map(\.name) == ["Fossil Fuels", "Nuclear Energy", "Renewables"])
            let row = want.values.first { $0.key.hasPrefix(year) }!.value
            #expect(zip(d.sectors, row).allSatisfy { close($0.value, $1) }, "\(year)")
        }
        #expect(StateSequence.index(named: "2017", in: p.states) == 16 && StateSequence.index(named: "3", in: p.states) == 2)
    }

    @Test("the wind table is long (16 directions × 8 strengths): read by --series, the one-series place says how to draw it today")
    func windLong() throws {
        let want = try expected().wind
        let q = TableQuery(category: "direction", series: "strength")
        let text = String(decoding: try fixture("wind.csv"), as: UTF8.self)
        // A rose stacks the strengths outward: 16 directions × 8 series, pandas' numbers, and each
        // direction's stack totals pandas' column total.
        let stacked = try #require(rose(try table(text, CSV.Options(type: .rose, valueColumn: "frequency", query: q)).charts[0]))
        #expect(stacked.categories.count == 16 && stacked.series.map(\.name) == want.series && stacked.stack == .radius)
        for s in stacked.series { #expect(zip(s.values, want.values[s.name]!).allSatisfy { close($0, $1) }, "\(s.name)") }
        for (c, t) in want.totals!.enumerated() { #expect(close(stacked.series.reduce(0) { $0 + $1.values[c] }, t, 1e-9)) }
        // A pie is one series: the message says how to get one, or the kind that stacks them.
        #expect(problem(text, CSV.Options(type: .pie, valueColumn: "frequency", query: q))
                == #"a pie draws one series, and this table has 8 (strength): "0-1", "1-2", "2-3", "3-4", …; keep one with --filter, draw one pie each with --facet, or stack them in a rose (--type rose)"#)
        // As a radar the same pivot is 16 axes × 8 shapes, pandas' numbers.
        let r = try #require(radar(try table(text, CSV.Options(type: .radar, valueColumn: "frequency", query: q)).charts[0]))
        #expect(r.axes.count == 16 && r.series.map(\.name) == want.series)
        for s in r.series { #expect(zip(s.values, want.values[s.name]!).allSatisfy { close($0, $1) }, "\(s.name)") }
        // Summed over strengths (--aggregate sum), one wedge per direction: pandas' column totals.
        let total = try #require(rose(try table(text, CSV.Options(type: .rose, valueColumn: "frequency",
                                                                  query: TableQuery(category: "direction", aggregate: .sum))).charts[0]))
        #expect(total.sectors.count == 16 && zip(total.sectors, want.totals!).allSatisfy { close($0.value, $1) })
        // Without --aggregate the repeats are an error that names the first two lines.
        #expect(problem(text, CSV.Options(type: .rose, valueColumn: "frequency", query: TableQuery(category: "direction")))
                == #"line 18: direction "N" again (first at line 2) (and 15 more repeats); rows that share a category are combined by --aggregate sum (or mean, median, count, min, max)"#)
    }

    @Test("aggregates: sum, mean, median, count, min, max; count needs no value column; a cell no row reached is missing (count: 0)")
    func aggregates() throws {
        let text = "k,s,v\nA,x,1\nA,x,4\nA,x,\nB,y,10\nA,y,2\nC,y,3\n"   // a radar needs three axes
        func values(_ a: TableAggregate) throws -> [[Double]] {
            let r = try #require(radar(try table(text, CSV.Options(type: .radar, valueColumn: "v", query: TableQuery(category: "k", series: "s", aggregate: a))).charts[0]))
            return r.series.map(\.values)
        }
        let sum = try values(.sum)
        #expect(sum[0][0] == 5 && sum[0][1].isNaN && sum[1] == [2, 10, 3])
        #expect(try values(.mean)[0][0] == 2.5 && values(.median)[0][0] == 2.5 && values(.min)[0][0] == 1 && values(.max)[0][0] == 4)
        #expect(try values(.count) == [[3, 0, 0], [1, 1, 1]])
        let counted = try table("k,s\nA,x\nB,x\nA,y\n", CSV.Options(type: .pie, query: TableQuery(category: "k", aggregate: .count)))
        #expect(pie(counted.charts[0])?.sectors.map(\.value) == [2, 1])
        #expect(TableAggregate.median.combine([3, 1, 2], rows: 3) == 2 && TableAggregate.median.combine([], rows: 1) == nil)
    }

    @Test("filters: numbers as numbers, dates as dates at the value's precision, text as text, `in A|B`; all must hold; did you mean")
    func filters() throws {
        func names(_ filters: [String], _ text: String = "name,when,n\nA,2015-01-31,9\nB,2015-06-01,10\nC,2016-02-01,100\nD,2014-12-31,1\n") throws -> [String] {
            let fs = try filters.map { try TableFilter.parse($0).get() }
            let p = try table(text, CSV.Options(type: .rose, valueColumn: "n", query: TableQuery(filters: fs)))
            return rose(p.charts[0])?.sectors.map(\.name) ?? []
        }
        #expect(try names(["n > 9.5"]) == ["B", "C"])          // 10 and 100 > 9.5, though "10" < "9.5" as text
        #expect(try names(["n >= 10", "n < 100"]) == ["B"])
        #expect(try names(["when = 2015"]) == ["A", "B"])
        #expect(try names(["when >= 2015-06"]) == ["B", "C"])
        #expect(try names(["when < 2015-01-31"]) == ["D"])
        #expect(try names(["name in A|C"]) == ["A", "C"])
        #expect(try names(["name != B", "n > 1"]) == ["A", "C"])
        #expect(try names(["name <= B"]) == ["A", "B"])
        // A column name with an operator in it is read whole once the columns are known.
        #expect(try names(["a<b = x"], "a<b,n\nx,1\ny,2\n") == ["x"])
        #expect(problem("name,n\nA,1\n", CSV.Options(type: .rose, query: TableQuery(filters: [try TableFilter.parse("nmae = A").get()])))
                == #"line 1: --filter "nmae = A": no column "nmae"; did you mean "name"? (the columns are "name", "n")"#)
        #expect(problem("name,n\nA,1\n", CSV.Options(type: .rose, query: TableQuery(filters: [try TableFilter.parse("n > many").get()])))
                == #"--filter "n > many": n holds numbers, and "many" is not one"#)
        #expect(problem("name,n\nA,1\n", CSV.Options(type: .rose, query: TableQuery(filters: [try TableFilter.parse("n > 5").get()])))
                == #"no row passes --filter "n > 5""#)
        #expect(TableFilter.parse("weather").map(\.column) == .failure(TableFilter.FilterError(message: #"--filter "weather" has no operator; write COLUMN OP VALUE with OP one of =, !=, <, <=, >, >= (or COLUMN in A|B|C), such as 'weather = rain'"#)))
        #expect(try TableFilter.parse("weather in rain | snow").get().values == ["rain", "snow"])
    }

    @Test("--sort value, -value, name; --top N keeps the largest and sums the rest into one Other that says how many")
    func sortAndTop() throws {
        let text = "k,v\nB,2\nA,5\nD,1\nC,3\n"
        func order(_ sort: TableSort?, top: Int? = nil) throws -> [String] {
            let p = try table(text, CSV.Options(type: .pie, query: TableQuery(sort: sort, top: top)))
            return pie(p.charts[0])?.sectors.map { "\($0.name)=\(SpecReader.format($0.value))" } ?? []
        }
        #expect(try order(nil) == ["B=2", "A=5", "D=1", "C=3"])
        #expect(try order(.value) == ["D=1", "B=2", "C=3", "A=5"])
        #expect(try order(.descending) == ["A=5", "C=3", "B=2", "D=1"])
        #expect(try order(.name) == ["A=5", "B=2", "C=3", "D=1"])
        #expect(try order(nil, top: 2) == ["A=5", "C=3", "Other (2)=3"])
        #expect(try order(.descending, top: 3) == ["A=5", "C=3", "B=2", "Other (1)=1"])
        // 70,000 categories (past any packed index) cut to three, the rest summed exactly.
        let many = "k,v\n" + (0..<70_000).map { "c\($0),\($0)" }.joined(separator: "\n") + "\n"
        let top = try #require(pie(try table(many, CSV.Options(type: .pie, query: TableQuery(top: 3))).charts[0]))
        #expect(top.sectors.map(\.name) == ["c69997", "c69998", "c69999", "Other (69997)"])
        #expect(top.sectors.last?.value == 69_996.0 * 69_997 / 2)
    }

    @Test("spreadsheet cells as shown: currency before or after, codes, %, group marks, no-break spaces, parentheses; the column's format is taken")
    func shownNumbers() throws {
        let comma = CSV.NumberStyle(decimal: ","), dot = CSV.NumberStyle(decimal: ".")
        func v(_ s: String, _ style: CSV.NumberStyle) -> CSV.ShownNumber? { CSV.shownNumber(s, style: style).flatMap { $0 } }
        #expect(v("1.150,00 €", comma) == CSV.ShownNumber(value: 1150, unit: .currency("EUR"), decimals: 2))
        #expect(v("€1,150.00", dot)?.value == 1150 && v("$ 5", dot)?.unit == .currency("USD") && v("£3.5", dot)?.unit == .currency("GBP"))
        #expect(v("1\u{A0}150,5\u{A0}€", comma)?.value == 1150.5 && v("EUR 12", dot)?.unit == .currency("EUR") && v("12 JPY", dot)?.unit == .currency("JPY"))
        #expect(v("38,2 %", comma) == CSV.ShownNumber(value: 38.2, unit: .percent, decimals: 1) && v("7%", dot)?.value == 7)
        #expect(v("(200.00)", dot)?.value == -200 && v("(€5)", dot)?.value == -5 && v("-€5", dot)?.value == -5)
        #expect(v("€", dot) == nil && v("12 apples", dot) == nil && v("(-5)", dot) == nil && v("XYZ 5", dot) == nil)
        #expect(CSV.agreedDecimal(["1.150,00 €", "12", "Miete"]) == "," && CSV.agreedDecimal(["1,150.00", "3"]) == "."
                && CSV.agreedDecimal(["1,150", "2"]) == nil && CSV.agreedDecimal(["1,5", "2.5"]) == nil)
        // LibreOffice's "as shown" export (comma-separated, cells quoted): read with no option, its format the cells'.
        let page = try read("budget-as-shown.csv", CSV.Options(type: .pie, valueColumn: "Betrag")).page
        let budget = try #require(pie(page.charts[0]))
        #expect(budget.format == .currency(code: "EUR", decimals: nil))
        #expect(budget.sectors.first?.value == 1150 && budget.sectors.map(\.value).reduce(0, +) == 3010.5)
        let shares = try #require(pie(try read("budget-as-shown.csv", CSV.Options(type: .pie, valueColumn: "Anteil")).page.charts[0]))
        #expect(shares.format == .percent(decimals: nil) && shares.sectors.first?.value == 38.2)
        // A semicolon table of decimal commas in the C locale: no --decimal needed.
        let semi = try read("budget-semicolon.csv", CSV.Options(type: .pie)).page
        #expect(pie(semi.charts[0])?.sectors.map(\.value).prefix(2) == [1150, 480.5])
        // Mixed units: no format; a text column: one problem with a count and the first three lines.
        #expect(pie(try table("k,v\nA,€5\nB,$6\n", CSV.Options(type: .pie)).charts[0])?.format == nil)
    }

    @Test("dates: ISO 8601 forms read, others refused; shown at their precision; bins named in the locale")
    func dates() throws {
        #expect(TableDate("2015-06-30T14:05:09.5+01:00").map { ($0.hour, $0.minute, $0.second) } ?? (0, 0, 0) == (14, 5, 9.5))
        #expect(TableDate("2015-06") != nil && TableDate("2015-02-29") == nil && TableDate("2016-02-29") != nil && TableDate("2015") == nil)
        #expect(TableDate("30.06.2015") == nil && TableDate("2015-13-01") == nil && TableDate("2015-06-30 25:00") == nil)
        let years = ["2001-01-01", "2002-01-01"].compactMap(TableDate.init)
        #expect(TableDate.precision(of: years) == .year)
        #expect(TableDate.precision(of: ["1854-04-01", "1855-01-01"].compactMap(TableDate.init)) == .month)
        #expect(TableDate("1854-04-01")!.shown(.month, locale: Locale(identifier: "en_US")) == "Apr 1854")
        #expect(DateBin.quarter.name(2, locale: Locale(identifier: "en_US")) == "Q2")
        #expect(DateBin.hour.name(15, locale: Locale(identifier: "en_US")) == "3\u{202F}PM")
        #expect(problem("when,v\n2015-01-01,1\nsoon,2\n", CSV.Options(type: .pie, query: TableQuery(aggregate: .sum, bin: .month)))
                == #"line 3, column 1: --bin month needs ISO 8601 dates such as 2015-06-30 or 2015-06-30T14:00, got "soon""#)
    }

    @Test("a column an option names must exist: did you mean, for every option")
    func columnNames() {
        #expect(problem("Origin,mpg\nUSA,1\n", CSV.Options(type: .radar, query: TableQuery(series: "Orign")))
                == #"line 1: --series: no column "Orign"; did you mean "Origin"? (the columns are "Origin", "mpg")"#)
        #expect(problem("Origin,mpg\nUSA,1\n", CSV.Options(type: .pie, query: TableQuery(facet: "orgin")))
                == #"line 1: --facet: no column "orgin"; did you mean "Origin"? (the columns are "Origin", "mpg")"#)
        #expect(problem("a,b\nx,1\n", CSV.Options(type: .pie, query: TableQuery(category: "a", series: "a")))
                == #"line 1: --series and --category both name "a"; a column plays one part"#)
    }

    @Test("compact notation: \"€56.4M\", \"1.23K\", \"56,4 Mio. €\" in de_DE, in every format position; --format compact on a whole page")
    func compact() throws {
        let en = Formatting(localeIdentifier: "en_US"), de = Formatting(localeIdentifier: "de_DE")
        #expect(en.format(56_353_000, .compact(.currency(code: "EUR", decimals: nil))) == "€56.4M")
        #expect(de.format(56_353_000, .compact(.currency(code: "EUR", decimals: nil))) == "56,4\u{A0}Mio.\u{A0}€")
        #expect(en.format(1234, .compact(.plain)) == "1.23K" && en.format(1200, .compact(.plain)) == "1.2K" && en.format(56_353_000, .compact(.number(decimals: 0))) == "56M")
        #expect(en.format(-1500, .compact(.unit("t", decimals: nil))) == "-1.5K t")
        let page = try Spec.decode(#"{"charts": [{"type": "pie", "format": {"currency": "EUR", "notation": "compact"}, "sectors": [{"name": "A", "value": 56353000}]},"#
                                   + #"{"type": "radar", "axes": [{"name": "a", "max": 10, "format": {"notation": "compact"}}, "b", "c"], "series": [{"name": "S", "values": [1, 2, 3]}]}]}"#)
        #expect(pie(page.charts[0])?.format == .compact(.currency(code: "EUR", decimals: nil)))
        #expect(radar(page.charts[1])?.scales.first?.format == .compact(.plain))
        #expect(throws: SpecError.self) { try Spec.decode(#"{"charts": [{"type": "pie", "format": {"notation": "short"}, "sectors": [{"name": "A", "value": 1}]}]}"#) }
        let whole = Demo.pies.page.applyingCompactNumbers()
        #expect(whole.charts.compactMap(pie).allSatisfy { if case .compact = $0.format { true } else { false } })
        #expect(Descriptions.describe(whole, formatting: en).contains("$1.12K"))
    }

    @Test("\"frames\": pages or parts of pages over the page's keys (charts chart by chart), named by \"frame\" or number; problems by path")
    func frames() throws {
        let page = try Spec.decode(#"""
            {"title": "T", "charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1}, {"name": "B", "value": 2}]}, {"type": "gauge", "value": 5}],
             "frames": [{}, {"frame": "late", "subtitle": "S", "charts": [{"sectors": [{"name": "A", "value": 9}]}]}, {"frame": 2017}]}
            """#)
        #expect(page.frames.map(\.name) == ["1", "late", "2017"])
        #expect(page.frames[0].page.subtitle == "1" && page.frames[1].page.subtitle == "S" && page.frames[1].page.title == "T")
        #expect(pie(page.frames[1].page.charts[0])?.sectors.map(\.value) == [9])
        #expect(page.frames[1].page.charts.count == 2)
        do {
            _ = try Spec.decode(#"{"charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1}]}], "frames": [{"charts": [{"sectors": [{"name": "A", "value": -1}]}]}]}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.problems.map(\.path) == ["frames[0].charts[0].sectors[0].value"], "\(error.problems)")
        }
        #expect(throws: SpecError.self) { try Spec.decode(#"{"charts": [{"type": "gauge", "value": 1}], "frames": []}"#) }
        // States play in turn: the first held once it settles, each later one `hold` after.
        let states = StateSequence(page.states, hold: 2) { p, previous, at in
            PageScene(page: p, measurer: TestMeasurer(), formatting: enUS, continuing: previous, at: at)
        }
        let settle = states.scene(0).settleTime(reduceMotion: false)
        #expect(states.start(of: 1) == settle + 2 && states.start(of: 2) == settle + 4)
        #expect(states.index(at: settle + 1.9) == 0 && states.index(at: settle + 2) == 1 && states.index(at: 1e9) == 2)
        #expect(states.scene(2).isContinuation && !states.scene(0).isContinuation)
    }

    @Test("record -: each line that changes the page is a state at its arrival time (or one per hold); bad lines are problems, not states")
    func streamStates() throws {
        let lines: [(Double, String)] = [(10.0, #"{"charts": [{"type": "gauge", "value": 1}]}"#), (10.5, #"{"update": "charts[0].value", "value": 2}"#),
                                         (11.0, #"{"update": "charts[0].valu", "value": 3}"#), (12.25, #"{"update": "charts[0].value", "value": 4}"#)]
        let chunks = lines.map { (time: $0.0, bytes: Array(($0.1 + "\n").utf8)) }
        let r = try #require(StreamStates.record(chunks))
        #expect(r.starts == [0, 0.5, 2.25] && r.states.map(\.name) == ["1", "2", "4"])
        #expect(r.problems.count == 1 && r.problems[0].hasPrefix("line 3: charts[0].valu:"))
        let held = try #require(StreamStates.record(chunks, hold: 1))
        #expect(held.starts == [0, 1, 2])
        #expect(StreamStates.record([(0, Array("{\"update\": \"x\", \"value\": 1}\n".utf8))]) == nil)
    }

    @Test("a chart's \"data\" reads a table (path relative to the file) with the table options as keys, the chart's keys laid over it")
    func chartData() throws {
        let file = #"{"title": "Barley", "charts": [{"type": "rose", "rings": 3, "data": {"table": "barley.csv", "category": "variety", "value": "yield", "aggregate": "sum", "facet": "year"}}]}"#
        var asked: [String] = []
        let expanded = try #require(try TableData.expand(Array(file.utf8), folder: fixtures.path) { p throws(UsageError) in
            asked.append(p)
            return (try? fixture("barley.csv")) ?? []
        })
        #expect(asked == [fixtures.path + "/barley.csv"])
        let page = try Spec.decode(expanded.root)
        #expect(page.title == "Barley" && page.uniform && page.charts.count == 2)
        #expect(page.charts.compactMap(rose).map(\.rings) == [3, 3] && page.charts.compactMap(rose).map(\.title) == ["1931", "1932"])
        #expect(TableData.paths(Array(file.utf8), folder: "/data") == ["/data/barley.csv"])
        // Mistakes are named by the chart's path, with a did-you-mean.
        func refusal(_ text: String) -> String {
            do { _ = try TableData.expand(Array(text.utf8), folder: fixtures.path) { _ throws(UsageError) in (try? fixture("barley.csv")) ?? [] }; return "" } catch { return error.description }
        }
        #expect(refusal(#"{"charts": [{"type": "rose", "data": {"table": "barley.csv", "categry": "variety"}}]}"#)
                == #"charts[0].data.categry (line 1, column 62): unknown key; did you mean "category"?"#)
        #expect(refusal(#"{"charts": [{"type": "rose", "data": {"table": "barley.csv", "category": "varity", "value": "yield"}}]}"#).contains(#"no column "varity"; did you mean "variety"?"#))
        #expect(refusal(#"{"charts": [{"type": "gauge", "data": {"table": "barley.csv"}}]}"#).hasPrefix("charts[0].data: a table draws a radar"))
    }
}
