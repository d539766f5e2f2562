import Foundation
import Testing
@testable import RadialCore

private func rows(_ s: String, _ sep: Character = ",") throws(CSV.Problem) -> [[String]] {
    try CSV.rows(Array(s.utf8), separator: UInt8(ascii: sep.unicodeScalars.first!)).map(\.fields)
}

private func problem(_ s: String, _ options: CSV.Options = CSV.Options(type: .radar)) -> String {
    do { _ = try CSV.page(Array(s.utf8), path: "t.csv", options: options); return "" } catch { return error.lines.joined(separator: "\n") }
}

@Suite("CSV and TSV tables as charts")
struct CSVTests {
    @Test("RFC 4180: quoted fields with separators, doubled quotes and line breaks; CRLF; a BOM")
    func parsing() throws {
        #expect(try rows("a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n") == [["a", "b"], ["x, y", "say \"hi\""]])
        #expect(try rows("\u{FEFF}name,v\n\"two\nlines\",3\n\nlast,4") == [["name", "v"], ["two\nlines", "3"], ["last", "4"]])
        #expect(try rows("a\tb\nc,d\t1\n", "\t") == [["a", "b"], ["c,d", "1"]])
        #expect(try rows("a,,c\n") == [["a", "", "c"]])
        let r = try CSV.rows(Array("h\n\"a\nb\"\nz\n".utf8), separator: UInt8(ascii: ","))
        #expect(r.map(\.line) == [1, 2, 4])
    }

    @Test("bad tables are refused by line and column")
    func errors() {
        #expect(problem("n,a,b,c\nS,1,2\n") == "line 2: has 3 fields but the header has 4; every row needs the same number")
        #expect(problem("n,a,b,c\nS,1,x,3\n") == #"line 2, column 3: expected a number, got "x""#)
        #expect(problem("n,a,b,c\nS,1,\"2,5\",3\n") == #"line 2, column 3: expected a number, got "2,5" (a decimal comma? add --decimal ,)"#)
        #expect(problem("n,a,b,c\n\"S,1,2,3\n") == "line 2, column 1: a quoted field is never closed")
        #expect(problem("n,a,b,c\nS\"x,1,2,3\n") == #"line 2, column 1: a quote inside an unquoted field; quote the whole field and write the quote twice ("")"#)
        #expect(problem("") == "line 1: the table is empty; the first row names the columns")
        #expect(problem("k,v\nA,-1\n", CSV.Options(type: .pie)) == #"line 2, column 2: expected a value ≥ 0 for a sector, got "-1""#)
        #expect(problem("k,v\nA,1\n", CSV.Options(type: .pie, valueColumn: "w")) == #"line 1: no column "w"; the columns are "k", "v""#)
    }

    @Test("a radar: the header names the axes, each row a series; --transpose swaps them; empty cells are missing")
    func radar() throws {
        let text = "\u{FEFF}Laptop,Price,Weight,Battery\r\n\"Air, 13\",1099,1.2,\r\nStudio,2499,2.1,9\r\n"
        let p = try CSV.page(Array(text.utf8), path: "l.csv", options: CSV.Options(type: .radar, title: "Laptops"))
        guard case .radar(let r) = p.charts[0] else { Issue.record("not a radar"); return }
        #expect(r.title == "Laptops" && r.axes == ["Price", "Weight", "Battery"])
        #expect(r.series.map(\.name) == ["Air, 13", "Studio"])
        #expect(r.series[0].values[0] == 1099 && r.series[0].values[2].isNaN)
        let t = try CSV.page(Array("Axis,A,B\nX,1,2\nY,3,4\nZ,5,6\n".utf8), path: "t.csv", options: CSV.Options(type: .radar, transpose: true))
        guard case .radar(let tr) = t.charts[0] else { return }
        #expect(tr.axes == ["X", "Y", "Z"] && tr.series.map(\.name) == ["A", "B"] && tr.series[1].values == [2, 4, 6])
    }

    @Test("a pie: names and a value column (by header or number), a decimal comma on request, a TSV")
    func pie() throws {
        let tsv = "Kind\tJobs\tHours\nBrakes\t34\t20,5\nGears\t21\t30\n"
        let p = try CSV.page(Array(tsv.utf8), path: "r.tsv", options: CSV.Options(type: .donut, valueColumn: "Hours", decimal: ","))
        guard case .pie(let c) = p.charts[0] else { Issue.record("not a pie"); return }
        #expect(c.innerRadius == 0.5 && c.sectors.map(\.name) == ["Brakes", "Gears"] && c.sectors.map(\.value) == [20.5, 30])
        let q = try CSV.page(Array(tsv.utf8), path: "r.tsv", options: CSV.Options(type: .pie))
        guard case .pie(let d) = q.charts[0] else { return }
        #expect(d.sectors.map(\.value) == [34, 21] && d.format == nil)
    }

    @Test("--spec applies a chart's keys and axis ranges to the table's data, validated as a spec is")
    func spec() throws {
        let spec = #"{"title": "Page", "charts": [{"type": "radar", "rings": 5, "axes": [{"name": "Price", "min": 500, "max": 2000, "inverted": true}], "series": []}]}"#
        let p = try CSV.page(Array("n,Price,Speed,Range\nA,1100,50,40\n".utf8), path: "l.csv", options: CSV.Options(type: .radar), spec: Array(spec.utf8))
        guard case .radar(let r) = p.charts[0] else { Issue.record("not a radar"); return }
        #expect(p.title == "Page" && r.rings == 5 && r.scale(axis: 0) == RadarAxisScale(minimum: 500, maximum: 2000, inverted: true))
        #expect(r.scale(axis: 1) == RadarAxisScale(minimum: 0, maximum: 100))
        let bad = #"{"type": "radar", "ring": 5}"#
        do { _ = try CSV.page(Array("n,a,b,c\nA,1,2,3\n".utf8), path: "l.csv", options: CSV.Options(type: .radar), spec: Array(bad.utf8)); Issue.record("accepted") } catch {
            #expect(error.lines == [#"charts[0].ring: unknown key; did you mean "rings"?"#])
        }
    }
}
