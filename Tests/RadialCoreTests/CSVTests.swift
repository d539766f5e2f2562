import Foundation
import Testing
@testable import RadialCore

private func rows(_ s: String, _ sep: Character = ",") -> [[String]] {
    let (rows, problems) = CSV.rows(Array(s.utf8), separator: sep.asciiValue!)
    #expect(problems == [])
    return rows.map(\.fields)
}

private let english = ["LANG": "en_US.UTF-8"], german = ["LANG": "de_DE.UTF-8"]

private func problem(_ s: String, _ options: CSV.Options = CSV.Options(type: .radar), path: String = "t.csv",
                     environment: [String: String] = english) -> String {
    problem(Array(s.utf8), options, path: path, environment: environment)
}

private func problem(_ bytes: [UInt8], _ options: CSV.Options = CSV.Options(type: .radar), path: String = "t.csv",
                     spec: String? = nil, environment: [String: String] = english) -> String {
    do { _ = try CSV.page(bytes, path: path, options: options, spec: spec.map { Array($0.utf8) }, environment: environment); return "" } catch {
        return error.lines.joined(separator: "\n")
    }
}

private func page(_ s: String, _ options: CSV.Options = CSV.Options(type: .radar), path: String = "t.csv",
                  environment: [String: String] = english) throws -> Page {
    do { return try CSV.page(Array(s.utf8), path: path, options: options, environment: environment) } catch {
        Issue.record("refused: \(error.lines)")
        throw error
    }
}

private func radar(_ p: Page) -> RadarChart? { if case .radar(let r) = p.charts[0] { r } else { nil } }
private func pie(_ p: Page) -> PieChart? { if case .pie(let c) = p.charts[0] { c } else { nil } }

@Suite("CSV and TSV tables as charts")
struct CSVTests {
    @Test("RFC 4180: quoted fields with separators, doubled quotes and line breaks (read as a space); CRLF")
    func parsing() throws {
        #expect(rows("a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n") == [["a", "b"], ["x, y", "say \"hi\""]])
        #expect(rows("name,v\n\"two\nlines\",3\n\nlast,4") == [["name", "v"], ["two lines", "3"], ["last", "4"]])
        #expect(rows("name,v\n\"two\r\nlines\",3\n") == [["name", "v"], ["two lines", "3"]])
        #expect(rows("a\tb\nc,d\t1\n", "\t") == [["a", "b"], ["c,d", "1"]])
        #expect(rows("a,,c\n") == [["a", "", "c"]])
        let r = CSV.rows(Array("h\n\"a\nb\"\nz\n".utf8), separator: UInt8(ascii: ",")).rows
        #expect(r.map(\.line) == [1, 2, 4])
    }

    @Test("fields are trimmed, around quotes too; rows of empty fields (a spreadsheet's ,,,) are skipped")
    func trimming() throws {
        #expect(rows(" Name , Score \n Lena Vogel 's , 3 \n  \"  spaced  \"  ,4\n,,\n") == [["Name", "Score"], ["Lena Vogel 's", "3"], ["  spaced  ", "4"]])
        let p = try page("Person, Score\n Lena Vogel , 3\n", CSV.Options(type: .pie))
        #expect(pie(p)?.sectors.first?.name == "Lena Vogel")
    }

    @Test("the separator is detected: comma, semicolon (with decimal commas under a German locale), tab; --delimiter overrides")
    func separators() throws {
        let german = "Laptop;Preis;Gewicht;Akku\nAir 13;1099,5;1,2;18\n\"Studio; 16\";2499;2,1;9\n"
        #expect(CSV.separator(path: "a.csv", text: Array(german.utf8)) == UInt8(ascii: ";"))
        let de = try page(german, environment: ["LANG": "de_DE.UTF-8"])
        #expect(radar(de)?.axes == ["Preis", "Gewicht", "Akku"] && radar(de)?.series[0].values == [1099.5, 1.2, 18])
        #expect(radar(de)?.series[1].name == "Studio; 16")
        // The locale can come from --locale (CSV.Options.locale) as well as the environment.
        let byOption = try page(german, CSV.Options(type: .radar, locale: "de_DE"), environment: english)
        #expect(radar(byOption)?.series[0].values == [1099.5, 1.2, 18])
        // Under an English locale every number agrees on decimal commas: read so without --decimal (#33).
        #expect(radar(try page(german, environment: english))?.series[0].values == [1099.5, 1.2, 18])
        // Numbers that disagree (a point here, a comma there) fall back to the locale, and the commas are named with the way out.
        #expect(problem(german + "Pro;1.5;2;3\n").hasPrefix(#"line 2, column 2: expected a number, got "1099,5" (a decimal comma? add --decimal ,)"#), "\(problem(german))")
        #expect(CSV.separator(path: "a.csv", text: Array("a,b;c\n1,2;3\n".utf8)) == UInt8(ascii: ","))
        #expect(CSV.separator(path: "a.csv", text: Array("a\tb\tc\n1\t2\t3\n".utf8)) == UInt8(ascii: "\t"))
        #expect(CSV.separator(path: "a.tsv", text: Array("a,b,c\n1,2,3\n".utf8)) == UInt8(ascii: "\t"))
        #expect(CSV.separator(path: "a.csv", text: Array("a;b\n1;2\n".utf8), delimiter: ",") == UInt8(ascii: ","))
        // Forced to commas, a semicolon table says what it is.
        #expect(problem("Name;A;B\nX;1;2\n", CSV.Options(type: .radar, delimiter: ",")) == "line 1: needs at least two columns: names, then values (it has 2 semicolons: give --delimiter ';')")
    }

    @Test("numbers: the decimal mark of the separator and the locale, groups of three, signs, exponents")
    func numbers() {
        let dot = CSV.NumberStyle(decimal: "."), comma = CSV.NumberStyle(decimal: ",")
        #expect(CSV.number("1,099.50", style: dot) == .some(1099.5) && CSV.number("1.099,50", style: comma) == .some(1099.5))
        #expect(CSV.number("1 099,5", style: comma) == .some(1099.5) && CSV.number("−3", style: dot) == .some(-3) && CSV.number("+2e3", style: dot) == .some(2000))
        #expect(CSV.number("20,5", style: dot) == nil && CSV.number("1.5", style: comma) == nil && CSV.number("1,00,000", style: dot) == nil)
        #expect(CSV.number("", style: dot) == .some(nil) && CSV.number("0x10", style: dot) == nil && CSV.number("nan", style: dot) == nil && CSV.number("1e999", style: dot) == nil)
        #expect(CSV.NumberStyle.of(CSV.Options(type: .pie), separator: UInt8(ascii: ";"), environment: german).decimal == ",")
        #expect(CSV.NumberStyle.of(CSV.Options(type: .pie), separator: UInt8(ascii: ","), environment: german).decimal == ".")
        #expect(CSV.NumberStyle.of(CSV.Options(type: .pie, decimal: "."), separator: UInt8(ascii: "\t"), environment: german).decimal == ".")
        #expect(CSV.NumberStyle.of(CSV.Options(type: .pie), separator: UInt8(ascii: "\t"), environment: ["LC_ALL": "fr_FR", "LANG": "en_US"]).decimal == ",")
    }

    @Test("every problem is reported, by line and column, in the order of the table")
    func everyProblem() {
        let text = "n,a,b,c\nS,1,2\nT,1.5,x,3\nU,\"2,5\",1,y\nV\"x,1,2,3\nW,1,2,3,4,5\n"
        #expect(problem(text) == """
            line 2: has 3 fields but the header has 4; every row needs the same number
            line 3, column 3: expected a number, got "x"
            line 4, column 2: expected a number, got "2,5" (a decimal comma? add --decimal ,)
            line 4, column 4: expected a number, got "y"
            line 5, column 1: a quote inside an unquoted field; quote the whole field and write the quote twice ("")
            line 6: has 6 fields but the header has 4; every row needs the same number (decimal commas in unquoted numbers? separate the fields with ';' or quote the numbers)
            """)
        #expect(problem("n,a,b,c\n\"S,1,2,3\n") == "line 2, column 1: a quoted field is never closed")
        #expect(problem("") == "the table is empty; the first row names the columns")
        #expect(problem("k,v\nA,-1\nB,\n", CSV.Options(type: .pie)) == "line 2, column 2: expected a value ≥ 0 for a sector, got \"-1\"\nline 3, column 2: expected a value ≥ 0 for a sector, got an empty cell")
        #expect(problem("k,v\nA,1\n", CSV.Options(type: .pie, valueColumn: "w")) == #"line 1: --value: no column "w" (the columns are "k", "v")"#)
        #expect(problem("k,Value\nA,1\n", CSV.Options(type: .pie, valueColumn: "value")) == #"line 1: --value: no column "value"; did you mean "Value"? (the columns are "k", "Value")"#)
        // One problem per column and kind, with a count and the first three lines (not 250 lines).
        let many = "n,a\n" + (0..<250).map { "S\($0),x\($0)" }.joined(separator: "\n")
        #expect(problem(many, CSV.Options(type: .pie, valueColumn: "a")) == #"line 2, column 2: expected numbers in "a", but 250 cells are not, at lines 2, 3, 4, …: got "x0""#)
        // Other problems are each listed, at most 200, then a count.
        let rows = "n,a\n" + (0..<250).map { "S\($0)" }.joined(separator: "\n")
        let lines = problem(rows, CSV.Options(type: .pie)).split(separator: "\n")
        #expect(lines.count == 201 && lines.last == "and 50 more problems not listed")
    }

    @Test("problems of the chart are named by the table's line and column, not by a generated JSON path")
    func chartProblemsByCell() {
        let long = String(repeating: "x", count: 201)
        #expect(problem("n,a,b,c\nA,1,2,3\n\(long),1,2,3\n") == "line 3, column 1: a string of 201 characters; the limit is 200")
        #expect(problem("n,\(long),b,c\nA,1,2,3\n") == "line 1, column 2: a string of 201 characters; the limit is 200")
        #expect(problem("n,a,b,c\nA\u{1},1,2,3\n") == "line 2, column 1: a control character (U+0001) at character 2; text is one line of visible characters")
        #expect(problem("n,a,b,c\nA,1,2,3\nB,1,2,3\nA,4,5,6\n") == #"line 4: n "A" again (first at line 2); rows that share a category are combined by --aggregate sum (or mean, median, count, min, max)"#)
        #expect(problem("Axis,A,A\nX,1,2\nY,3,4\nZ,5,6\n", CSV.Options(type: .radar, transpose: true)) == #"line 1, column 3: "A" is also the name of the series at line 1, column 2; every series needs its own name"#)
        #expect(problem("k,v\nA,1\n", CSV.Options(type: .pie, title: long)) == "--title: a string of 201 characters; the limit is 200")
        let series = "n,a,b,c\n" + (0..<65).map { "S\($0),1,2,3" }.joined(separator: "\n")
        #expect(problem(series) == "the table: 65 series; the limit is 64")
        #expect(problem(Array("k,v\nA,1\n".utf8), CSV.Options(type: .pie), spec: #"{"type": "pie", "totl": "title"}"#)
                == #"the --spec file: charts[0].totl (line 1, column 17): unknown key; did you mean "total"?"#)
    }

    @Test("text that is not UTF-8 is refused by line and column; UTF-16 with a byte-order mark is read")
    func encodings() throws {
        let latin1: [UInt8] = Array("Item,Price\nCaf".utf8) + [0xE9] + Array(",3\n".utf8)
        #expect(problem(latin1, CSV.Options(type: .pie)) == "line 2, column 4: invalid UTF-8 (byte 0xE9): the table seems to be in another encoding (Latin-1 or Windows-1252?); save it as UTF-8")
        let text = "Item,Price\nCafé,3\n€ 日本,4\n"
        for (bom, littleEndian) in [([UInt8](arrayLiteral: 0xFF, 0xFE), true), ([0xFE, 0xFF], false)] {
            let units = Array(text.utf16).flatMap { u in littleEndian ? [UInt8(u & 0xFF), UInt8(u >> 8)] : [UInt8(u >> 8), UInt8(u & 0xFF)] }
            let p = try CSV.page(bom + units, path: "u.csv", options: CSV.Options(type: .pie), environment: english)
            #expect(pie(p)?.sectors.map(\.name) == ["Café", "€ 日本"] && pie(p)?.sectors.map(\.value) == [3, 4])
        }
        let noBOM = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(problem(noBOM, CSV.Options(type: .pie)) == "line 1, column 2: a NUL byte: the table looks like UTF-16 without a byte-order mark; save it as UTF-8")
        #expect(problem(Array("\u{FEFF}k,v\nA,1\n".utf8), CSV.Options(type: .pie)) == "")
    }

    @Test("a radar: the header names the axes, each row a series; --transpose swaps them; empty cells are missing")
    func radarTable() throws {
        let text = "\u{FEFF}Laptop,Price,Weight,Battery\r\n\"Air, 13\",1099,1.2,\r\nStudio,2499,2.1,9\r\n"
        let p = try CSV.page(Array(text.utf8), path: "l.csv", options: CSV.Options(type: .radar, title: "Laptops"))
        guard let r = radar(p) else { Issue.record("not a radar"); return }
        #expect(r.title == "Laptops" && r.axes == ["Price", "Weight", "Battery"])
        #expect(r.series.map(\.name) == ["Air, 13", "Studio"])
        #expect(r.series[0].values[0] == 1099 && r.series[0].values[2].isNaN)
        let t = try page("Axis,A,B\nX,1,2\nY,3,4\nZ,5,6\n", CSV.Options(type: .radar, transpose: true))
        guard let tr = radar(t) else { return }
        #expect(tr.axes == ["X", "Y", "Z"] && tr.series.map(\.name) == ["A", "B"] && tr.series[1].values == [2, 4, 6])
    }

    @Test("a pie: names and a value column (by header or number), a decimal comma on request, a TSV")
    func pieTable() throws {
        let tsv = "Kind\tJobs\tHours\nBrakes\t34\t20,5\nGears\t21\t30\n"
        let p = try page(tsv, CSV.Options(type: .donut, valueColumn: "Hours", decimal: ","), path: "r.tsv")
        guard let c = pie(p) else { Issue.record("not a pie"); return }
        #expect(c.innerRadius == 0.5 && c.sectors.map(\.name) == ["Brakes", "Gears"] && c.sectors.map(\.value) == [20.5, 30])
        let q = try page(tsv, CSV.Options(type: .pie), path: "r.tsv")
        #expect(pie(q)?.sectors.map(\.value) == [34, 21] && pie(q)?.format == nil)
        // A German locale reads the tab-separated table's decimal commas by itself.
        let g = try page(tsv, CSV.Options(type: .pie, valueColumn: "3"), path: "r.tsv", environment: german)
        #expect(pie(g)?.sectors.map(\.value) == [20.5, 30])
    }

    @Test("a radar table without a maximum gets its data's, rounded up to 1, 2 or 5 × 10ⁿ; --maximum and a --spec maximum win")
    func niceMaximum() throws {
        let ratings = "Person,Taste,Price,Service\nAnna,7,9,8\nBen,6,8,9\n"
        #expect(radar(try page(ratings, CSV.Options(type: .radar)))?.maximum == 10)
        #expect(radar(try page("n,a,b,c\nX,3,11,2\n", CSV.Options(type: .radar)))?.maximum == 20)
        #expect(radar(try page("n,a,b,c\nX,30,41,10\n", CSV.Options(type: .radar)))?.maximum == 50)
        #expect(radar(try page("n,a,b,c\nX,95,100,50\n", CSV.Options(type: .radar)))?.maximum == 100)
        #expect(radar(try page("n,a,b,c\nX,0.3,0.12,0\n", CSV.Options(type: .radar)))?.maximum == 0.5)
        #expect(radar(try page("n,a,b,c,d\nX,1200,,500,600\n", CSV.Options(type: .radar)))?.maximum == 2000)
        // Transposed: the same numbers, the same scale.
        #expect(radar(try page("axis,Anna,Ben\nTaste,7,6\nPrice,9,8\nService,8,9\n", CSV.Options(type: .radar, transpose: true)))?.maximum == 10)
        // Nothing positive: the files' default.
        #expect(radar(try page("n,a,b,c\nX,0,0,0\n", CSV.Options(type: .radar)))?.maximum == 100)
        #expect(radar(try page(ratings, CSV.Options(type: .radar, maximum: 12)))?.maximum == 12)
        let spec = try CSV.page(Array(ratings.utf8), path: "r.csv", options: CSV.Options(type: .radar), spec: Array(#"{"type": "radar", "maximum": 9}"#.utf8))
        #expect(radar(spec)?.maximum == 9)
        #expect(CSV.niceCeiling(1) == 1 && CSV.niceCeiling(1.0000001) == 2 && CSV.niceCeiling(0.07) == 0.1 && CSV.niceCeiling(5e5) == 5e5)
    }

    @Test("axes of one scale whose data differ a hundredfold (a price beside a weight) get a warning that says how to give each its range")
    func mixedScales() throws {
        let laptops = try Spec.decode(#"{"charts": [{"type": "radar", "maximum": 5000, "axes": ["Price", "Weight", "Battery"], "series": [{"name": "Air", "values": [1099, 1.2, 18]}, {"name": "Studio", "values": [2499, 2.1, 12]}]}]}"#)
        let lines = Descriptions.warnings(laptops, formatting: enUS)
        #expect(lines == [#"charts[0]: the axes share one scale, but their largest values run from 2.1 (Weight) to 2,499 (Price), so Weight stays near the center; give each axis its own range ("axes": [{"name": …, "min": …, "max": …}], or --spec for a table)"#], "\(lines)")
        // Ratings, the seeds' demos and axes with their own ranges say nothing.
        #expect(Descriptions.warnings(try page("n,a,b,c\nX,1,9,5\n", CSV.Options(type: .radar)), formatting: enUS).isEmpty)
        for demo in Demo.allCases { #expect(Descriptions.warnings(demo.page, formatting: enUS).isEmpty, "\(demo)") }
        let spec = #"{"type": "radar", "axes": [{"name": "Price", "min": 500, "max": 3000}, {"name": "Weight", "max": 3}, {"name": "Battery", "max": 24}]}"#
        let ranged = try CSV.page(Array("Model,Price,Weight,Battery\nAir,1099,1.2,18\n".utf8), path: "l.csv", options: CSV.Options(type: .radar), spec: Array(spec.utf8))
        #expect(Descriptions.warnings(ranged, formatting: enUS).isEmpty)
    }

    @Test("--spec applies a chart's keys and axis ranges to the table's data, validated as a spec is")
    func spec() throws {
        let spec = #"{"title": "Page", "charts": [{"type": "radar", "rings": 5, "axes": [{"name": "Price", "min": 500, "max": 2000, "inverted": true}], "series": []}]}"#
        let p = try CSV.page(Array("n,Price,Speed,Range\nA,1100,50,40\n".utf8), path: "l.csv", options: CSV.Options(type: .radar), spec: Array(spec.utf8))
        guard let r = radar(p) else { Issue.record("not a radar"); return }
        #expect(p.title == "Page" && r.rings == 5 && r.scale(axis: 0) == RadarAxisScale(minimum: 500, maximum: 2000, inverted: true))
        // The axes without a range of their own share the data's nice maximum (Speed 50, Range 40: 50).
        #expect(r.scale(axis: 1) == RadarAxisScale(minimum: 0, maximum: 50) && r.maximum == 50)
        let bad = #"{"type": "radar", "ring": 5}"#
        #expect(problem(Array("n,a,b,c\nA,1,2,3\n".utf8), spec: bad) == #"the --spec file: charts[0].ring (line 1, column 19): unknown key; did you mean "rings"?"#)
        let badAxis = #"{"type": "radar", "axes": [{"name": "a", "min": 5, "max": 1}]}"#
        #expect(problem(Array("n,a,b,c\nA,1,2,3\n".utf8), spec: badAxis).hasPrefix("the --spec file: charts[0].axes[0].min (line 1, column 49): expected min below max"))
    }
}
