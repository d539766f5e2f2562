import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

// MARK: - Helpers

/// The problems of a spec as `path: message` lines (no positions), or [] when it decodes.
private func messages(_ json: String) -> [String] {
    do {
        _ = try Spec.decode(json)
        return []
    } catch {
        return error.problems.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" }
    }
}

/// The problems of a one-chart page.
private func chartMessages(_ chart: String) -> [String] { messages("{\"charts\": [\(chart)]}") }

/// The full `description` of why a spec is refused, or "" when it decodes.
private func refusal(_ bytes: [UInt8]) -> String {
    do {
        _ = try Spec.decode(bytes)
        return ""
    } catch {
        return error.description
    }
}
private func refusal(_ json: String) -> String { refusal(Array(json.utf8)) }

private func decoded(_ json: String) throws -> Page { try Spec.decode(json) }

private func onlyChart(_ json: String) throws -> Chart {
    let page = try Spec.decode("{\"charts\": [\(json)]}")
    return try #require(page.charts.first)
}

private func radar(_ json: String) throws -> RadarChart {
    guard case .radar(let c) = try onlyChart(json) else { throw Expectation.wrongType }
    return c
}
private func pie(_ json: String) throws -> PieChart {
    guard case .pie(let c) = try onlyChart(json) else { throw Expectation.wrongType }
    return c
}
private func scan(_ json: String) throws -> ScanChart {
    guard case .scan(let c) = try onlyChart(json) else { throw Expectation.wrongType }
    return c
}
private enum Expectation: Error { case wrongType }

private func parse(_ json: String) throws -> JSONNode { try JSONParser.parse(Array(json.utf8)) }

private func syntaxError(_ bytes: [UInt8]) -> String {
    do {
        _ = try JSONParser.parse(bytes)
        return ""
    } catch {
        return error.description
    }
}
private func syntaxError(_ json: String) -> String { syntaxError(Array(json.utf8)) }

/// A structural dump, to compare model values that are not Equatable.
private func dumped<T>(_ value: T) -> String {
    var s = ""
    dump(value, to: &s)
    return s
}


private let radarBase = #""type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [1, 2, 3]}]"#
private let pieBase = #""type": "pie", "sectors": [{"name": "a", "value": 1}]"#
private let scanBase = #""type": "scan""#

// MARK: - The JSON parser

@Suite("JSON parser")
struct JSONParserTests {
    @Test("keeps the order of keys and the position of every value")
    func orderAndPositions() throws {
        let root = try parse("{\n  \"zeta\": 1,\n  \"alpha\": [true, null],\n  \"mid\": \"é\"\n}")
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["zeta", "alpha", "mid"])
        #expect(root.position == JSONPosition(line: 1, column: 1))
        #expect(members[0].keyPosition == JSONPosition(line: 2, column: 3))
        #expect(members[0].node == JSONNode(.number(1), at: JSONPosition(line: 2, column: 11)))
        #expect(members[1].node.position == JSONPosition(line: 3, column: 12))
        guard case .array(let elements) = members[1].node.value else { Issue.record("not an array"); return }
        #expect(elements == [JSONNode(.bool(true), at: JSONPosition(line: 3, column: 13)),
                             JSONNode(.null, at: JSONPosition(line: 3, column: 19))])
        #expect(members[2].node == JSONNode(.string("é"), at: JSONPosition(line: 4, column: 10)))
    }

    @Test("counts columns in characters, not bytes, and CR LF as one line break")
    func columnsAndLineBreaks() throws {
        let root = try parse("{\"é€😀\": 1,\r\n\"b\": 2}")
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members[0].node.position == JSONPosition(line: 1, column: 9))
        #expect(members[1].keyPosition == JSONPosition(line: 2, column: 1))
    }

    @Test("reads numbers, and lets numbers too large for a double through as infinity")
    func numbers() throws {
        let root = try parse("[0, -0, 12, -3.5, 1e3, 2.5E-2, 1e999, -1e999, 1e-999]")
        guard case .array(let elements) = root.value else { Issue.record("not an array"); return }
        let values = elements.map { node -> Double in
            if case .number(let d) = node.value { return d }
            return .nan
        }
        #expect(values == [0, 0, 12, -3.5, 1000, 0.025, .infinity, -.infinity, 0])
    }

    @Test("reads every escape, surrogate pairs included")
    func escapes() throws {
        let root = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "a\u0000b"]"#)
        guard case .array(let elements) = root.value else { Issue.record("not an array"); return }
        #expect(elements.map(\.value) == [.string("\"\\/\u{8}\u{C}\n\r\t"), .string("é€"), .string("😀"), .string("a\u{0}b")])
    }

    @Test("skips a byte-order mark and counts columns after it")
    func byteOrderMark() throws {
        let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members[0].keyPosition == JSONPosition(line: 1, column: 2))
    }

    @Test("refuses bad syntax with the line, the column and what was expected", arguments: [
        ("{\"a\": 1,}", #"line 1, column 9: trailing comma before "}"; expected another key in double quotes"#),
        ("[1, 2,]", #"line 1, column 7: trailing comma before "]"; expected another value"#),
        ("{\n  \"a\": [1,\n    2,\n  ]\n}", #"line 4, column 3: trailing comma before "]"; expected another value"#),
        ("{\"a\": \"abc", #"line 1, column 7: unterminated string; expected a closing '"' before the end of the file"#),
        ("{\"a\": \"ab\nc\"}", #"line 1, column 7: unterminated string; expected a closing '"' before the end of the line (write \n for a line break)"#),
        (#"{"a": "\x"}"#, #"line 1, column 8: invalid escape "\x"; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#),
        (#"{"a": "\u12"}"#, #"line 1, column 8: expected 4 hexadecimal digits after \u"#),
        (#"{"a": "\ud83d"}"#, #"line 1, column 8: unpaired surrogate \uD83D; expected a low surrogate \uDC00–\uDFFF after it"#),
        (#"{"a": "\ude00"}"#, #"line 1, column 8: unpaired surrogate \uDE00; expected a high surrogate \uD800–\uDBFF before it"#),
        ("{\"a\": \"tab\there\"}", #"line 1, column 11: control character U+0009 in a string; write it as an escape such as \t or \u0009"#),
        (#"{"a": 1, "a": 2}"#, #"line 1, column 10: duplicate key "a" (first at line 1, column 2)"#),
        (#"{"a" 1}"#, #"line 1, column 6: expected ":" after the key "a", got "1""#),
        (#"{"a": 1 "b": 2}"#, #"line 1, column 9: expected "," or "}" after the value of "a", got '"'"#),
        (#"{"a": [1, 2}"#, #"line 1, column 12: expected "," or "]" after an array element, got "}""#),
        (#"{"a": 1"#, #"line 1, column 8: unexpected end of the file; expected "," or "}" to close the object opened at line 1, column 1"#),
        (#"{"a": "#, "line 1, column 7: unexpected end of the file; expected a value"),
        ("{a: 1}", #"line 1, column 2: expected a key in double quotes, got "a""#),
        ("{'a': 1}", #"line 1, column 2: expected a key in double quotes, got "'""#),
        (#"{"a": 'x'}"#, #"line 1, column 7: expected a string in double quotes, got "'""#),
        ("", "line 1, column 1: the file is empty; expected a JSON object"),
        ("  \n ", "line 2, column 2: the file is empty; expected a JSON object"),
        ("{} x", #"line 1, column 4: expected the end of the file after the top-level value, got "x""#),
        (#"{"a": tru}"#, "line 1, column 7: expected a value, got tru (strings need double quotes)"),
        (#"{"a": True}"#, "line 1, column 7: expected a value, got True; did you mean true?"),
        (#"{"a": NaN}"#, "line 1, column 7: expected a value, got NaN; JSON has no NaN or Infinity"),
        (#"{"a": 01}"#, "line 1, column 7: a number must not start with a 0 followed by more digits"),
        (#"{"a": 1.}"#, #"line 1, column 9: expected a digit after the decimal point, got "}""#),
        (#"{"a": .5}"#, #"line 1, column 7: expected a value, got ".""#),
        (#"{"a": -}"#, #"line 1, column 8: expected a digit after "-", got "}""#),
        (#"{"a": +1}"#, #"line 1, column 7: expected a value, got "+""#),
        (#"{"a": 1e}"#, #"line 1, column 9: expected a digit in the exponent, got "}""#),
        ("// note\n{}", "line 1, column 1: comments are not allowed in JSON; expected a value"),
        ("{\"a\": 1, // note\n}", "line 1, column 10: comments are not allowed in JSON; expected a key in double quotes"),
        ("{\"a\": é}", #"line 1, column 7: expected a value, got "é""#),
    ])
    func syntaxErrors(json: String, expected: String) {
        #expect(syntaxError(json) == expected)
    }

    @Test("refuses invalid UTF-8 in strings: stray, overlong, surrogate and truncated sequences", arguments: [
        ([0xFF], "byte 0xFF"),
        ([0xC0, 0x80], "byte 0xC0"),
        ([0xED, 0xA0, 0x80], "byte 0xED"),
        ([0xF4, 0x90, 0x80, 0x80], "byte 0xF4"),
        ([0xE2, 0x82], "byte 0xE2"),
        ([0x80], "byte 0x80"),
    ] as [([UInt8], String)])
    func invalidUTF8(bytes: [UInt8], byte: String) {
        let json = Array("{\"a\": \"x".utf8) + bytes + Array("\"}".utf8)
        #expect(syntaxError(json) == "line 1, column 9: invalid UTF-8 (\(byte)); expected text encoded as UTF-8")
    }

    @Test("accepts 64 levels of nesting and refuses 65")
    func depth() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try parse(ok)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(syntaxError(deep) == "line 1, column 65: nesting deeper than 64 levels; the limit is 64")
        let objects = String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65)
        #expect(syntaxError(objects) == "line 1, column 321: nesting deeper than 64 levels; the limit is 64")
    }
}

// MARK: - Decoding

@Suite("Spec decoding")
struct SpecDecodingTests {
    @Test("the example files are the built-in demos, value for value")
    func examplesAreTheDemos() throws {
        #expect(dumped(try example("ebike.json")) == dumped(Demo.ebike.page))
        #expect(dumped(try example("scan.json")) == dumped(Demo.scan.page))
        #expect(dumped(try example("pies.json")) == dumped(Demo.pies.page))
        for demo in [Demo.gauge, .rings, .rose, .bars, .sunburst, .donuts] {
            #expect(dumped(try example(demo.rawValue + ".json")) == dumped(demo.page), "examples/\(demo.rawValue).json")
        }
    }

    @Test("every file in examples/ decodes")
    func everyExampleDecodes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names == ["airports-bearing.json", "bars.json", "budget.json", "dashboard.json", "donuts.json", "ebike.json", "gauge.json", "iowa-bars.json",
                          "laptops-axes.json", "laptops.json", "nightingale.json", "pies.json", "repairs.json", "rings.json", "rose.json", "scan.json",
                          "seattle-clock.json", "sunburst.json", "wind-rose.json"])
        for name in names {
            #expect(refusal([UInt8](try Data(contentsOf: examples.appendingPathComponent(name)))) == "", "\(name)")
        }
    }

    @Test("the dashboard example holds a radar, a donut, a pie and a scan")
    func dashboard() throws {
        let page = try example("dashboard.json")
        #expect(page.title == "Workshop dashboard")
        #expect(page.subtitle == "One page, every kind of chart")
        #expect(page.theme == .dark)
        #expect(page.charts.map(\.typeName) == ["radar", "pie", "pie", "scan"])
        guard case .radar(let r) = page.charts[0], case .pie(let donut) = page.charts[1],
              case .pie(let p) = page.charts[2], case .scan(let s) = page.charts[3] else {
            Issue.record("wrong chart types"); return
        }
        #expect(r.maximum == 10 && r.rings == 5 && r.subtitle == "Scores out of 10")
        #expect(r.series.map(\.color) == [.system(.teal), .fixed(RGBA(hex: 0xFF9F0A)), .system(.blue)])
        #expect(r.series[2].values.count == 4 && r.series[2].values[2].isNaN)
        #expect(donut.innerRadius == 0.5 && donut.format == .currency(code: "EUR", decimals: nil) && donut.centerLabel == .total)
        #expect(donut.appear == .sequence(interval: 0.5))
        #expect(p.innerRadius == 0 && p.appear == .all && !p.legend)
        #expect(!s.clockwise && s.gradient?.count == 4 && s.blips.count == 3 && s.blips[2].label == nil)
    }

    @Test("a page reads title, subtitle and theme, all optional")
    func page() throws {
        let full = try decoded(#"{"title": "T", "subtitle": "S", "theme": "light", "charts": [{\#(scanBase)}]}"#)
        #expect(full.title == "T" && full.subtitle == "S" && full.theme == .light)
        let bare = try decoded(#"{"charts": [{\#(scanBase)}]}"#)
        #expect(bare.title == nil && bare.subtitle == nil && bare.theme == nil && bare.charts.count == 1)
        #expect(try decoded(#"{"theme": "dark", "charts": [{\#(scanBase)}]}"#).theme == .dark)
    }

    @Test("a radar reads every field")
    func radarFields() throws {
        let r = try radar(#"""
            {"type": "radar", "title": "T", "subtitle": "S", "axes": ["A", "B", "C", "D"], "maximum": 10, "rings": 20,
             "series": [{"name": "One", "values": [1, 2.5, null, -4], "color": "purple"},
                        {"name": "Two", "values": [1e999, 3], "color": "#102030"}]}
            """#)
        #expect(r.title == "T" && r.subtitle == "S")
        #expect(r.axes == ["A", "B", "C", "D"])
        #expect(r.maximum == 10 && r.rings == 20)
        #expect(r.series.map(\.name) == ["One", "Two"])
        #expect(r.series[0].values[0...1] == [1, 2.5] && r.series[0].values[2].isNaN && r.series[0].values[3] == -4)
        #expect(r.series[1].values == [.infinity, 3])
        #expect(r.series.map(\.color) == [.system(.purple), .fixed(RGBA(hex: 0x102030))])
    }

    @Test("a radar's defaults: maximum 100, 4 rings, no titles, omitted colors from the categorical palette in order, skipping colors a sibling names, then generated ones")
    func radarDefaults() throws {
        let series = (0..<14).map { #"{"name": "S\#($0)", "values": []}"# }.joined(separator: ", ")
        let r = try radar(#"{"type": "radar", "axes": ["A", "B", "C"], "series": [\#(series)]}"#)
        #expect(r.maximum == 100 && r.rings == 4 && r.title == nil && r.subtitle == nil)
        #expect(r.axes.count == 3)
        let palette = SystemColor.categorical
        #expect(Array(r.series.map(\.color).prefix(12)) == palette.map(ChartColor.system))
        // Past the palette's twelve the colors are generated, never repeated.
        #expect(r.series.map(\.color) == CategoricalPalette.system.colors(count: 14))
        #expect(Set(r.series.map { $0.color.resolved(.light) }).count == 14)
        let mixed = try radar(#"{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "a", "values": [1], "color": "red"}, {"name": "b", "values": [2]}]}"#)
        #expect(mixed.series.map(\.color) == [.system(.red), .system(palette[0])])
        // Blue is taken (by its dark value, even), so the omitted color is the next free one.
        let taken = try radar(##"{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "a", "values": [1], "color": "#0A84FF"}, {"name": "b", "values": [2]}]}"##)
        #expect(taken.series.map(\.color) == [.fixed(RGBA(hex: 0x0A84FF)), .system(palette[1])])
    }

    @Test("a series may have fewer values than axes, or none: the missing ones sit at the center")
    func shortSeries() throws {
        let r = try radar(#"{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [7]}, {"name": "T", "values": []}]}"#)
        #expect(r.series[0].values == [7] && r.series[1].values == [])
    }

    @Test("a pie reads every field")
    func pieFields() throws {
        let p = try pie(#"""
            {"type": "pie", "title": "T", "innerRadius": 0.25, "angularInset": 32, "cornerRadius": 8, "annotations": true,
             "currency": "JPY", "appear": {"interval": 10}, "centerLabel": "total", "minimumAnnotationAngle": 360,
             "legend": false,
             "sectors": [{"name": "a", "value": 0}, {"name": "b", "value": 2.5, "color": "mint"},
                         {"name": "c", "value": 3, "color": "#11223344"}]}
            """#)
        #expect(p.title == "T" && p.innerRadius == 0.25 && p.angularInset == 32 && p.cornerRadius == 8)
        #expect(p.annotations && p.format == .currency(code: "JPY", decimals: nil) && p.appear == .sequence(interval: 10))
        #expect(p.centerLabel == .total && p.minimumAnnotationAngle == 360 && !p.legend)
        #expect(p.sectors.map(\.name) == ["a", "b", "c"])
        #expect(p.sectors.map(\.value) == [0, 2.5, 3])
        #expect(p.sectors.map(\.color) == [nil, .system(.mint), .fixed(RGBA(hex: 0x112233, alpha: Float(0x44) / 255))])
        #expect(try pie(#"{\#(pieBase), "appear": "all"}"#).appear == .all)
        #expect(try pie(#"{\#(pieBase), "centerLabel": "none"}"#).centerLabel == PieChart.CenterLabel.none)
    }

    @Test("a pie's defaults: a full pie, no gaps, no annotations, plain numbers, no total, one sector every 0.8 s")
    func pieDefaults() throws {
        let p = try pie(#"{\#(pieBase)}"#)
        #expect(p.title == nil && p.innerRadius == 0 && p.angularInset == 0 && p.cornerRadius == 0)
        #expect(!p.annotations && p.format == nil && !p.totalInTitle && p.appear == .sequence(interval: 0.8))
        #expect(p.centerLabel == .none && p.minimumAnnotationAngle == 0 && p.legend)
        #expect(p.sectors.count == 1 && p.sectors[0].color == nil)
        #expect(try pie(#"{"type": "pie", "sectors": []}"#).sectors.isEmpty)
    }

    @Test("a donut is a pie whose hole defaults to half the radius")
    func donut() throws {
        let d = try pie(#"{"type": "donut", "sectors": [{"name": "a", "value": 1}]}"#)
        #expect(d.innerRadius == 0.5 && d.angularInset == 0 && !d.annotations)
        #expect(try pie(#"{"type": "donut", "innerRadius": 0, "sectors": []}"#).innerRadius == 0)
        #expect(try pie(#"{"type": "donut", "innerRadius": 0.75, "sectors": []}"#).innerRadius == 0.75)
        #expect(try onlyChart(#"{"type": "donut", "sectors": []}"#).typeName == "pie")
    }

    @Test("a scan reads every field")
    func scanFields() throws {
        let s = try scan(#"""
            {"type": "scan", "title": "T", "color": "blue", "duration": 0.5, "direction": "counterclockwise",
             "gradient": ["clear", "#00000000", "blue"], "borderWidth": 64, "rings": 10, "spokes": 36, "fade": 0.25,
             "blips": [{"angle": -30, "distance": 0, "label": "a"}, {"angle": 720, "distance": 1}]}
            """#)
        #expect(s.title == "T" && s.color == .system(.blue) && s.duration == 0.5 && !s.clockwise)
        #expect(s.gradient == [.system(.clear), .fixed(RGBA(0, 0, 0, 0)), .system(.blue)])
        #expect(s.borderWidth == 64 && s.rings == 10 && s.spokes == 36 && s.fade == 0.25)
        #expect(s.blips.map(\.angle) == [-30, 720] && s.blips.map(\.distance) == [0, 1])
        #expect(s.blips.map(\.label) == ["a", nil])
        #expect(try scan(#"{"type": "scan", "direction": "clockwise"}"#).clockwise)
    }

    @Test("a scan's defaults: green, 3 s a turn, clockwise, [clear, clear, color], 2 pt border, no rings, spokes or blips, 2 s fade")
    func scanDefaults() throws {
        let s = try scan("{\(scanBase)}")
        #expect(s.title == nil && s.color == .system(.green) && s.duration == 3 && s.clockwise)
        #expect(s.gradient == nil && s.stops == [.system(.clear), .system(.clear), .system(.green)])
        #expect(s.borderWidth == 2 && s.rings == 0 && s.spokes == 0 && s.blips.isEmpty && s.fade == 2)
        #expect(try scan(#"{"type": "scan", "color": "red"}"#).stops == [.system(.clear), .system(.clear), .system(.red)])
    }

    @Test("colors: every system color name, #RRGGBB and #RRGGBBAA in either case")
    func colors() throws {
        for c in SystemColor.allCases {
            #expect(try scan(#"{"type": "scan", "color": "\#(c.rawValue)"}"#).color == .system(c))
        }
        #expect(try scan(##"{"type": "scan", "color": "#30b0C7"}"##).color == .fixed(RGBA(hex: 0x30B0C7)))
        #expect(try scan(##"{"type": "scan", "color": "#FF000080"}"##).color == .fixed(RGBA(1, 0, 0, Float(0x80) / 255)))
    }

    @Test("a string of 200 characters and 64 charts are allowed")
    func atTheLimits() throws {
        let title = String(repeating: "é", count: 200)
        #expect(try decoded(#"{"title": "\#(title)", "charts": [{\#(scanBase)}]}"#).title == title)
        let charts = Array(repeating: "{\(scanBase)}", count: 64).joined(separator: ",")
        #expect(try decoded(#"{"charts": [\#(charts)]}"#).charts.count == 64)
        let blips = Array(repeating: #"{"angle": 0, "distance": 0}"#, count: 16).joined(separator: ",")
        #expect(try scan(#"{"type": "scan", "blips": [\#(blips)]}"#).blips.count == 16)
    }

    @Test("a file of exactly 4 MiB is read")
    func exactlyTheFileLimit() throws {
        let json = Array(#"{"charts": [{"type": "scan"}]}"#.utf8)
        let padded = json + [UInt8](repeating: 0x20, count: SpecLimits.fileBytes - json.count)
        #expect(try Spec.decode(padded).charts.count == 1)
    }
}

// MARK: - Validation

@Suite("Spec validation")
struct SpecValidationTests {
    @Test("page problems name the key, or $ for the document", arguments: [
        (#"{"title": 3, "charts": [{"type": "scan"}]}"#, ["title: expected a string, got 3"]),
        (#"{"subtitle": ["a"], "charts": [{"type": "scan"}]}"#, ["subtitle: expected a string, got an array"]),
        (#"{"theme": "drak", "charts": [{"type": "scan"}]}"#, [#"theme: unknown theme "drak"; did you mean "dark"?"#]),
        (#"{"theme": "sepia", "charts": [{"type": "scan"}]}"#, [#"theme: unknown theme "sepia"; expected one of light, dark, high-contrast"#]),
        (#"{"theme": null, "charts": [{"type": "scan"}]}"#, ["theme: expected a theme (light, dark, high-contrast), got null"]),
        (#"{"title": "x"}"#, ["charts: missing; expected a non-empty array of charts"]),
        (#"{"charts": []}"#, ["charts: expected a non-empty array of charts, got an empty array"]),
        (#"{"charts": {}}"#, ["charts: expected a non-empty array of charts, got an empty object"]),
        (#"{"charts": {"type": "scan"}}"#, ["charts: expected a non-empty array of charts, got an object"]),
        (#"[{"type": "scan"}]"#, [#"$: expected an object with a "charts" array, got an array"#]),
        (#""charts""#, [#"$: expected an object with a "charts" array, got "charts""#]),
        (#"{"titel": "x", "charts": [{"type": "scan"}]}"#, [#"titel: unknown key; did you mean "title"?"#]),
        (#"{"Charts": [{"type": "scan"}]}"#, ["charts: missing; expected a non-empty array of charts", #"Charts: unknown key; did you mean "charts"?"#]),
        (#"{"version": 2, "charts": [{"type": "scan"}]}"#, ["version: unknown key; a page has title, subtitle, theme, palette, background, textSize, patterns, charts, frames, uniform"]),
        (#"{"my key": 2, "charts": [{"type": "scan"}]}"#, [#"$["my key"]: unknown key; a page has title, subtitle, theme, palette, background, textSize, patterns, charts, frames, uniform"#]),
        (#"{"charts": [3]}"#, [#"charts[0]: expected a chart (an object with a "type"), got 3"#]),
    ] as [(String, [String])])
    func pageProblems(json: String, expected: [String]) {
        #expect(messages(json) == expected)
    }

    @Test("chart types and keys: unknown ones are refused with a suggestion when one is close", arguments: [
        (#"{"type": "spider"}"#, [#"charts[0].type: unknown chart type "spider"; expected one of radar, pie, donut, scan, gauge, rings, rose, radialBar, sunburst, polar"#]),
        (#"{"type": "Radar", "axes": []}"#, [#"charts[0].type: unknown chart type "Radar"; did you mean "radar"?"#]),
        (#"{"type": "dougnut"}"#, [#"charts[0].type: unknown chart type "dougnut"; did you mean "donut"?"#]),
        (#"{"type": 3}"#, ["charts[0].type: expected a chart type (radar, pie, donut, scan, gauge, rings, rose, radialBar, sunburst, polar), got 3"]),
        (#"{"axes": ["A"]}"#, ["charts[0].type: missing; expected one of radar, pie, donut, scan, gauge, rings, rose, radialBar, sunburst, polar"]),
        (#"{"type": "spider", "axis": []}"#, [#"charts[0].type: unknown chart type "spider"; expected one of radar, pie, donut, scan, gauge, rings, rose, radialBar, sunburst, polar"#,
                                               #"charts[0].axis: unknown key; did you mean "axes"?"#]),
        (#"{\#(radarBase), "axis": ["A"]}"#, [#"charts[0].axis: unknown key; did you mean "axes"?"#]),
        (#"{\#(radarBase), "Maximum": 5}"#, [#"charts[0].Maximum: unknown key; did you mean "maximum"?"#]),
        (#"{\#(radarBase), "sectors": []}"#, [#"charts[0].sectors: unknown key for a radar chart; "sectors" belongs to pie, donut and rose charts"#]),
        (#"{\#(pieBase), "axes": []}"#, [#"charts[0].axes: unknown key for a pie chart; "axes" belongs to radar charts"#]),
        (#"{"type": "donut", "sectors": [], "spokes": 4}"#, [#"charts[0].spokes: unknown key for a donut chart; "spokes" belongs to scan charts"#]),
        (#"{\#(scanBase), "zoom": 2}"#, ["charts[0].zoom: unknown key; a scan chart has type, title, color, duration, direction, gradient, borderWidth, rings, spokes, blips, fade"]),
    ] as [(String, [String])])
    func typesAndKeys(chart: String, expected: [String]) {
        #expect(chartMessages(chart) == expected)
    }

    @Test("radar problems", arguments: [
        (#"{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [1, "x", 3]}]}"#,
         [#"charts[0].series[0].values[1]: expected a number, got "x""#]),
        (#"{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [1, true, [2], {}]}]}"#,
         ["charts[0].series[0].values: has 4 values but the chart has 3 axes",
          "charts[0].series[0].values[1]: expected a number, got true",
          "charts[0].series[0].values[2]: expected a number, got an array",
          "charts[0].series[0].values[3]: expected a number, got an empty object"]),
        (#"{"type": "radar", "axes": ["A"], "series": [{"name": "S", "values": [1, 2]}]}"#,
         ["charts[0].series[0].values: has 2 values but the chart has 1 axis"]),
        (#"{"type": "radar", "axes": ["A", "B", "C", "D", "E", "F"], "series": [{"name": "S", "values": [1, 2, 3, 4, 5, 6, 7]}]}"#,
         ["charts[0].series[0].values: has 7 values but the chart has 6 axes"]),
        (#"{"type": "radar", "series": []}"#, ["charts[0].axes: missing; expected an array of axis names"]),
        (#"{"type": "radar", "axes": []}"#, ["charts[0].series: missing; expected an array of series"]),
        (#"{"type": "radar", "axes": "A, B, C", "series": []}"#, [#"charts[0].axes: expected an array of axis names, got "A, B, C""#]),
        (#"{"type": "radar", "axes": ["A", 2], "series": []}"#, ["charts[0].axes[1]: expected an axis name (a string) or an axis object, got 2"]),
        (#"{"type": "radar", "axes": [], "series": {}}"#, ["charts[0].series: expected an array of series, got an empty object"]),
        (#"{"type": "radar", "axes": [], "series": ["City"]}"#,
         [#"charts[0].series[0]: expected a series (an object with a "name" and "values"), got "City""#]),
        (#"{"type": "radar", "axes": [], "series": [{"values": []}]}"#, ["charts[0].series[0].name: missing; expected a series name (a string)"]),
        (#"{"type": "radar", "axes": [], "series": [{"name": "S"}]}"#,
         ["charts[0].series[0].values: missing; expected an array of numbers (null for a missing value)"]),
        (#"{"type": "radar", "axes": [], "series": [{"name": null, "values": 5}]}"#,
         ["charts[0].series[0].name: expected a series name (a string), got null",
          "charts[0].series[0].values: expected an array of numbers (null for a missing value), got 5"]),
        (#"{"type": "radar", "axes": ["A"], "series": [{"name": "A", "values": []}, {"name": "B", "values": []}, {"name": "A", "values": []}]}"#,
         [#"charts[0].series[2].name: expected a unique series name; "A" is also the name of charts[0].series[0]"#]),
        (#"{"type": "radar", "axes": [], "series": [{"name": "S", "values": [], "colour": "red"}]}"#,
         [#"charts[0].series[0].colour: unknown key; did you mean "color"?"#]),
        (#"{"type": "radar", "axes": [], "series": [{"name": "S", "values": [], "width": 2}]}"#,
         ["charts[0].series[0].width: unknown key; a series has name, values, color, pattern"]),
        (#"{\#(radarBase), "maximum": 0}"#, ["charts[0].maximum: expected a finite number > 0, got 0"]),
        (#"{\#(radarBase), "maximum": -1.5}"#, ["charts[0].maximum: expected a finite number > 0, got -1.5"]),
        (#"{\#(radarBase), "maximum": 1e999}"#, ["charts[0].maximum: expected a finite number > 0, got a number too large to represent"]),
        (#"{\#(radarBase), "maximum": "100"}"#, [#"charts[0].maximum: expected a finite number > 0, got "100""#]),
        (#"{\#(radarBase), "rings": 0}"#, ["charts[0].rings: expected an integer from 1 to 20, got 0"]),
        (#"{\#(radarBase), "rings": 21}"#, ["charts[0].rings: expected an integer from 1 to 20, got 21"]),
        (#"{\#(radarBase), "rings": 2.5}"#, ["charts[0].rings: expected an integer from 1 to 20, got 2.5"]),
        (#"{\#(radarBase), "title": false, "subtitle": 1}"#,
         ["charts[0].title: expected a string, got false", "charts[0].subtitle: expected a string, got 1"]),
    ] as [(String, [String])])
    func radarProblems(chart: String, expected: [String]) {
        #expect(chartMessages(chart) == expected)
    }

    @Test("pie and donut problems", arguments: [
        (#"{"type": "pie", "sectors": [{"name": "a", "value": -5}]}"#, ["charts[0].sectors[0].value: expected a finite number ≥ 0, got -5"]),
        (#"{"type": "pie", "sectors": [{"name": "a", "value": 1e999}]}"#,
         ["charts[0].sectors[0].value: expected a finite number ≥ 0, got a number too large to represent"]),
        (#"{"type": "pie", "sectors": [{"name": "a", "value": -1e999}]}"#,
         ["charts[0].sectors[0].value: expected a finite number ≥ 0, got a negative number too large to represent"]),
        (#"{"type": "pie", "sectors": [{"name": "a", "value": "5"}]}"#, [#"charts[0].sectors[0].value: expected a finite number ≥ 0, got "5""#]),
        (#"{"type": "pie", "sectors": [{"name": "a"}]}"#, ["charts[0].sectors[0].value: missing; expected a finite number ≥ 0"]),
        (#"{"type": "pie", "sectors": [{"value": 1}]}"#, ["charts[0].sectors[0].name: missing; expected a sector name (a string)"]),
        (#"{"type": "pie", "sectors": [{"name": "a", "value": 1, "colour": "red"}]}"#, [#"charts[0].sectors[0].colour: unknown key; did you mean "color"?"#]),
        (#"{"type": "pie", "sectors": [{"name": "a", "value": 1, "label": "x"}]}"#, ["charts[0].sectors[0].label: unknown key; a sector has name, value, color, pattern, offset"]),
        (#"{"type": "pie", "sectors": [7]}"#, [#"charts[0].sectors[0]: expected a sector (an object with a "name" and a "value"), got 7"#]),
        (#"{"type": "pie"}"#, ["charts[0].sectors: missing; expected an array of sectors"]),
        (#"{"type": "donut", "sectors": null}"#, ["charts[0].sectors: expected an array of sectors, got null"]),
        (#"{\#(pieBase), "innerRadius": 1}"#, ["charts[0].innerRadius: expected a number ≥ 0 and < 1, got 1"]),
        (#"{\#(pieBase), "innerRadius": -0.1}"#, ["charts[0].innerRadius: expected a number ≥ 0 and < 1, got -0.1"]),
        (#"{\#(pieBase), "angularInset": 33}"#, ["charts[0].angularInset: expected a number of points from 0 to 32, got 33"]),
        (#"{\#(pieBase), "cornerRadius": -1}"#, ["charts[0].cornerRadius: expected a finite number of points ≥ 0, got -1"]),
        (#"{\#(pieBase), "annotations": "yes"}"#, [#"charts[0].annotations: expected true or false, got "yes""#]),
        (#"{\#(pieBase), "legend": null}"#, ["charts[0].legend: expected true, false or a legend position (automatic, bottom, trailing, none), got null"]),
        (#"{\#(pieBase), "legend": "botom"}"#, [#"charts[0].legend: unknown legend position "botom"; did you mean "bottom"?"#]),
        (#"{\#(pieBase), "currency": "XYZ"}"#, [#"charts[0].currency: unknown currency "XYZ"; expected an ISO 4217 code such as "USD" or "EUR""#]),
        (#"{\#(pieBase), "currency": "ERU"}"#, [#"charts[0].currency: unknown currency "ERU"; expected an ISO 4217 code such as "USD" or "EUR"; did you mean "EUR"?"#]),
        (#"{\#(pieBase), "currency": "EURO"}"#, [#"charts[0].currency: expected a three-letter ISO 4217 currency code such as "USD", got "EURO""#]),
        (#"{\#(pieBase), "currency": 978}"#, [#"charts[0].currency: expected a three-letter ISO 4217 currency code such as "USD", got 978"#]),
        (#"{\#(pieBase), "appear": "none"}"#, [#"charts[0].appear: expected "all" or {"interval": seconds}, got "none""#]),
        (#"{\#(pieBase), "appear": 0.8}"#, [#"charts[0].appear: expected "all" or {"interval": seconds}, got 0.8"#]),
        (#"{\#(pieBase), "appear": {"interval": 0}}"#, ["charts[0].appear.interval: expected a number of seconds from 0.01 to 10, got 0"]),
        (#"{\#(pieBase), "appear": {"interval": 11}}"#, ["charts[0].appear.interval: expected a number of seconds from 0.01 to 10, got 11"]),
        (#"{\#(pieBase), "appear": {}}"#, ["charts[0].appear.interval: missing; expected a number of seconds from 0.01 to 10"]),
        (#"{\#(pieBase), "appear": {"intervall": 1}}"#,
         ["charts[0].appear.interval: missing; expected a number of seconds from 0.01 to 10",
          #"charts[0].appear.intervall: unknown key; did you mean "interval"?"#]),
        (#"{\#(pieBase), "centerLabel": "sum"}"#, [#"charts[0].centerLabel: unknown center label "sum"; expected one of none, total"#]),
        (#"{\#(pieBase), "centerLabel": "Total"}"#, [#"charts[0].centerLabel: unknown center label "Total"; did you mean "total"?"#]),
        (#"{\#(pieBase), "minimumAnnotationAngle": 361}"#, ["charts[0].minimumAnnotationAngle: expected a number of degrees from 0 to 360, got 361"]),
    ] as [(String, [String])])
    func pieProblems(chart: String, expected: [String]) {
        #expect(chartMessages(chart) == expected)
    }

    @Test("scan problems", arguments: [
        (#"{\#(scanBase), "duration": 0}"#, ["charts[0].duration: expected a number of seconds from 0.05 to 3600, got 0"]),
        (#"{\#(scanBase), "duration": 1e999}"#, ["charts[0].duration: expected a number of seconds from 0.05 to 3600, got a number too large to represent"]),
        (#"{\#(scanBase), "direction": "cw"}"#, [#"charts[0].direction: unknown direction "cw"; expected one of clockwise, counterclockwise"#]),
        (#"{\#(scanBase), "direction": "counter-clockwise"}"#, [#"charts[0].direction: unknown direction "counter-clockwise"; did you mean "counterclockwise"?"#]),
        (#"{\#(scanBase), "gradient": ["green"]}"#, ["charts[0].gradient: expected an array of 2 to 8 colors, got 1 color"]),
        (#"{\#(scanBase), "gradient": ["red", "red", "red", "red", "red", "red", "red", "red", "red"]}"#,
         ["charts[0].gradient: expected an array of 2 to 8 colors, got 9 colors"]),
        (#"{\#(scanBase), "gradient": "green"}"#, [#"charts[0].gradient: expected an array of 2 to 8 colors, got "green""#]),
        (#"{\#(scanBase), "gradient": ["clear", "gren"]}"#, [#"charts[0].gradient[1]: unknown color "gren"; did you mean "green"?"#]),
        (#"{\#(scanBase), "borderWidth": 65}"#, ["charts[0].borderWidth: expected a number of points from 0 to 64, got 65"]),
        (#"{\#(scanBase), "rings": 11}"#, ["charts[0].rings: expected an integer from 0 to 10, got 11"]),
        (#"{\#(scanBase), "spokes": 37}"#, ["charts[0].spokes: expected an integer from 0 to 36, got 37"]),
        (#"{\#(scanBase), "spokes": -1}"#, ["charts[0].spokes: expected an integer from 0 to 36, got -1"]),
        (#"{\#(scanBase), "fade": 0}"#, ["charts[0].fade: expected a number of seconds from 0.05 to 3600, got 0"]),
        (#"{\#(scanBase), "blips": {}}"#, ["charts[0].blips: expected an array of blips, got an empty object"]),
        (#"{\#(scanBase), "blips": [1]}"#, [#"charts[0].blips[0]: expected a blip (an object with an "angle" and a "distance"), got 1"#]),
        (#"{\#(scanBase), "blips": [{"angle": 10, "distance": 1.5}]}"#, ["charts[0].blips[0].distance: expected a number from 0 to 1, got 1.5"]),
        (#"{\#(scanBase), "blips": [{"distance": 0.5}]}"#, ["charts[0].blips[0].angle: missing; expected a finite number of degrees"]),
        (#"{\#(scanBase), "blips": [{"angle": 1e999, "distance": 0.5}]}"#,
         ["charts[0].blips[0].angle: expected a finite number of degrees, got a number too large to represent"]),
        (#"{\#(scanBase), "blips": [{"angle": 0, "distance": 0, "label": 3}]}"#, ["charts[0].blips[0].label: expected a string, got 3"]),
        (#"{\#(scanBase), "blips": [{"angle": 0, "distance": 0, "name": "x"}]}"#, ["charts[0].blips[0].name: unknown key; a blip has angle, distance, label"]),
    ] as [(String, [String])])
    func scanProblems(chart: String, expected: [String]) {
        #expect(chartMessages(chart) == expected)
    }

    @Test("color problems", arguments: [
        ("gren", #"unknown color "gren"; did you mean "green"?"#),
        ("Teal", #"unknown color "Teal"; did you mean "teal"?"#),
        ("grey", #"unknown color "grey"; did you mean "gray"?"#),
        ("chartreuse", ##"unknown color "chartreuse"; expected a color name (red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, clear, white, black) or "#RRGGBB" / "#RRGGBBAA""##),
        ("#12345", ##"expected "#RRGGBB" or "#RRGGBBAA" (hexadecimal digits), got "#12345""##),
        ("#GG0000", ##"expected "#RRGGBB" or "#RRGGBBAA" (hexadecimal digits), got "#GG0000""##),
        ("#", ##"expected "#RRGGBB" or "#RRGGBBAA" (hexadecimal digits), got "#""##),
    ])
    func colorProblems(color: String, expected: String) {
        #expect(chartMessages(#"{"type": "scan", "color": "\#(color)"}"#) == ["charts[0].color: " + expected])
        #expect(chartMessages(#"{"type": "pie", "sectors": [{"name": "a", "value": 1, "color": "\#(color)"}]}"#)
                == ["charts[0].sectors[0].color: " + expected])
    }

    @Test("a color that is not a string is refused")
    func colorType() {
        #expect(chartMessages(##"{"type": "scan", "color": 3}"##) == [##"charts[0].color: expected a color name or "#RRGGBB", got 3"##])
        #expect(chartMessages(##"{"type": "scan", "color": [1, 0, 0]}"##) == [##"charts[0].color: expected a color name or "#RRGGBB", got an array"##])
    }

    @Test("long strings are cut at 40 characters in messages")
    func longStringsInMessages() {
        let long = String(repeating: "x", count: 60)
        #expect(chartMessages(#"{"type": "\#(long)"}"#)
                == [#"charts[0].type: unknown chart type "\#(String(repeating: "x", count: 40))…"; expected one of radar, pie, donut, scan, gauge, rings, rose, radialBar, sunburst, polar"#])
    }

    @Test("every problem is reported at once, in the order of the file, with its line and column")
    func severalProblems() {
        let json = """
            {
              "title": 3,
              "charts": [
                {"type": "radar", "axes": ["A", "B", "C"],
                 "series": [{"name": "S", "values": [1, 2, 3]},
                            {"name": "T", "values": [1, 2, "x"], "colour": "red"}]},
                {"type": "pie", "sectors": [{"name": "a", "value": -5}]},
                {"type": "spider"},
                {"type": "scan", "color": "gren", "rings": 11}
              ],
              "theme": "drak"
            }
            """
        #expect(refusal(json) == """
            title (line 2, column 12): expected a string, got 3
            charts[0].series[1].values[2] (line 6, column 48): expected a number, got "x"
            charts[0].series[1].colour (line 6, column 54): unknown key; did you mean "color"?
            charts[1].sectors[0].value (line 7, column 56): expected a finite number ≥ 0, got -5
            charts[2].type (line 8, column 14): unknown chart type "spider"; expected one of radar, pie, donut, scan, gauge, rings, rose, radialBar, sunburst, polar
            charts[3].color (line 9, column 31): unknown color "gren"; did you mean "green"?
            charts[3].rings (line 9, column 48): expected an integer from 0 to 10, got 11
            theme (line 11, column 12): unknown theme "drak"; did you mean "dark"?
            """)
    }

    @Test("a missing key is reported at the object that lacks it")
    func missingKeyPosition() {
        #expect(refusal("{\"charts\": [\n  {\"type\": \"pie\"}\n]}")
                == "charts[0].sectors (line 2, column 3): missing; expected an array of sectors")
    }

    @Test("a syntax error is one problem with no path: line, column, what was expected")
    func syntaxErrorThroughSpec() throws {
        do {
            _ = try Spec.decode("{\"charts\": [\n  {\"type\": \"scan\"},\n]}")
            Issue.record("decoded a bad file")
        } catch {
            #expect(error.problems == [SpecError.Problem(path: "", message: #"trailing comma before "]"; expected another value"#, line: 3, column: 1)])
            #expect(error.description == #"line 3, column 1: trailing comma before "]"; expected another value"#)
        }
    }

    @Test("a problem's description: path, then line and column where known")
    func problemDescription() {
        #expect(SpecError.Problem(path: "charts[0].series[1].values[3]", message: #"expected a number, got "x""#, line: 7, column: 41).description
                == #"charts[0].series[1].values[3] (line 7, column 41): expected a number, got "x""#)
        #expect(SpecError.Problem(path: "title", message: "expected a string, got 3").description == "title: expected a string, got 3")
        #expect(SpecError.Problem(path: "", message: "the file is 5.2 MB; the limit is 4 MiB").description == "the file is 5.2 MB; the limit is 4 MiB")
    }

    @Test("suggestions: a case-insensitive match, or at most two edits away")
    func suggestions() {
        #expect(Spec.suggestion(for: "axis", among: ["axes", "series"]) == "axes")
        #expect(Spec.suggestion(for: "SERIES", among: ["axes", "series"]) == "series")
        #expect(Spec.suggestion(for: "sreies", among: ["axes", "series"]) == "series")
        #expect(Spec.suggestion(for: "colours", among: ["color"]) == "color")
        #expect(Spec.suggestion(for: "colouring", among: ["color"]) == nil)
        #expect(Spec.suggestion(for: "x", among: ["y", "pie"]) == nil)
        #expect(Spec.suggestion(for: "", among: ["a"]) == nil)
    }
}

// MARK: - Limits

@Suite("Spec limits")
struct SpecLimitTests {
    @Test("the limits")
    func values() {
        #expect(SpecLimits.fileBytes == 4_194_304)
        #expect(SpecLimits.charts == 64 && SpecLimits.axes == 512 && SpecLimits.series == 64)
        #expect(SpecLimits.sectors == 4096 && SpecLimits.blips == 16)
        #expect(SpecLimits.stringLength == 200 && SpecLimits.depth == 64)
    }

    @Test("a file over 4 MiB is refused before it is parsed")
    func fileSize() {
        #expect(refusal([UInt8](repeating: 0x20, count: 5_200_000)) == "the file is 5.2 MB; the limit is 4 MiB")
        #expect(refusal([UInt8](repeating: 0x7B, count: SpecLimits.fileBytes + 1)) == "the file is 4.2 MB; the limit is 4 MiB")
    }

    @Test("more than 64 charts")
    func charts() {
        let charts = Array(repeating: #"{"type": "scan"}"#, count: 65).joined(separator: ",")
        #expect(messages(#"{"charts": [\#(charts)]}"#) == ["charts: 65 charts; the limit is 64"])
    }

    @Test("more than 512 axes")
    func axes() {
        let axes = (0..<513).map { "\"A\($0)\"" }.joined(separator: ",")
        #expect(chartMessages(#"{"type": "radar", "axes": [\#(axes)], "series": []}"#) == ["charts[0].axes: 513 axes; the limit is 512"])
        let values = Array(repeating: "1", count: 513).joined(separator: ",")
        #expect(chartMessages(#"{"type": "radar", "axes": [\#(axes)], "series": [{"name": "S", "values": [\#(values)]}]}"#)
                == ["charts[0].axes: 513 axes; the limit is 512", "charts[0].series[0].values: 513 values; the limit is 512"])
    }

    @Test("more than 64 series")
    func series() {
        let series = (0..<65).map { #"{"name": "S\#($0)", "values": []}"# }.joined(separator: ",")
        #expect(chartMessages(#"{"type": "radar", "axes": [], "series": [\#(series)]}"#) == ["charts[0].series: 65 series; the limit is 64"])
    }

    @Test("more than 4096 sectors")
    func sectors() {
        let sectors = Array(repeating: #"{"name": "a", "value": 1}"#, count: 4097).joined(separator: ",")
        #expect(chartMessages(#"{"type": "pie", "sectors": [\#(sectors)]}"#) == ["charts[0].sectors: 4097 sectors; the limit is 4096"])
        let ok = Array(repeating: #"{"name": "a", "value": 1}"#, count: 4096).joined(separator: ",")
        #expect(chartMessages(#"{"type": "pie", "sectors": [\#(ok)]}"#) == [])
    }

    @Test("more than 16 blips")
    func blips() {
        let blips = Array(repeating: #"{"angle": 0, "distance": 0}"#, count: 17).joined(separator: ",")
        #expect(chartMessages(#"{"type": "scan", "blips": [\#(blips)]}"#) == ["charts[0].blips: 17 blips; the limit is 16"])
    }

    @Test("a string over 200 characters, wherever it is")
    func strings() {
        let long = String(repeating: "é", count: 201)
        #expect(messages(#"{"title": "\#(long)", "charts": [{"type": "scan"}]}"#) == ["title: a string of 201 characters; the limit is 200"])
        #expect(chartMessages(#"{"type": "radar", "axes": ["\#(long)"], "series": []}"#) == ["charts[0].axes[0]: a string of 201 characters; the limit is 200"])
        #expect(chartMessages(#"{"type": "pie", "sectors": [{"name": "\#(long)", "value": 1}]}"#)
                == ["charts[0].sectors[0].name: a string of 201 characters; the limit is 200"])
        #expect(chartMessages(#"{"type": "scan", "blips": [{"angle": 0, "distance": 0, "label": "\#(long)"}]}"#)
                == ["charts[0].blips[0].label: a string of 201 characters; the limit is 200"])
    }

    @Test("nesting deeper than 64 levels")
    func depth() {
        let deep = "{\"charts\": " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"
        #expect(refusal(deep) == "line 1, column 75: nesting deeper than 64 levels; the limit is 64")
    }

    @Test("at most 200 problems are listed; the rest are counted")
    func reportedProblems() {
        let sectors = Array(repeating: #"{"name": "a", "value": -1}"#, count: 250).joined(separator: ",")
        do {
            _ = try Spec.decode(#"{"charts": [{"type": "pie", "sectors": [\#(sectors)]}]}"#)
            Issue.record("decoded a bad file")
        } catch {
            #expect(error.problems.count == 201)
            #expect(error.problems[199].path == "charts[0].sectors[199].value")
            #expect(error.problems[200].description == "and 50 more problems not listed")
        }
    }
}

// MARK: - The reference

@Suite("Spec reference")
struct SpecReferenceTests {
    /// The ```json blocks of docs/spec.md: whole pages, or single charts.
    static func jsonBlocks() throws -> [String] {
        let doc = try String(contentsOf: examples.deletingLastPathComponent().appendingPathComponent("docs/spec.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```json" { current = [] } else if line == "```", let c = current {
                blocks.append(c.joined(separator: "\n")); current = nil
            } else if current != nil { current!.append(String(line)) }
        }
        return blocks
    }

    @Test("every complete example in docs/spec.md decodes, and the demo files are quoted as they are")
    func docExamples() throws {
        let blocks = try Self.jsonBlocks().filter { !$0.contains("…") }
        #expect(blocks.count == 21)
        for block in blocks {
            let isPage = block.contains("\"charts\"")
            #expect(refusal(isPage ? block : "{\"charts\": [\(block)]}") == "", "\(block)")
        }
        for name in ["ebike.json", "scan.json", "pies.json"] {
            let file = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            #expect(blocks.contains(file.trimmingCharacters(in: .newlines)), "\(name)")
        }
    }
}

@Suite("Currencies")
struct CurrencyCodeTests {
    @Test("a currency code is case-folded (usd is USD) and checked against ISO 4217 (XYZ is refused, not drawn as \"XYZ 4,415\")")
    func caseFolded() throws {
        let page = try Spec.decode(#"{"charts": [{"type": "pie", "currency": "usd", "sectors": [{"name": "A", "value": 1}]}]}"#)
        guard case .pie(let p) = page.charts[0] else { Issue.record("not a pie"); return }
        #expect(p.format == .currency(code: "USD", decimals: nil) || "\(String(describing: p.format))".contains("USD"))
        #expect(throws: SpecError.self) { try Spec.decode(#"{"charts": [{"type": "pie", "currency": "XYZ", "sectors": [{"name": "A", "value": 1}]}]}"#) }
    }
}
