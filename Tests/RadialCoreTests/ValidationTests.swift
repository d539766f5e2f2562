import Foundation
import Testing
@testable import RadialCore

/// One validation for pages from files, streams, tables and Swift (`Page.validate()`): the rules
/// of a spec file hold for a page built in code, each problem at its Swift path in the file's words.
@Suite("Pages built in Swift are validated as files are")
struct ValidationTests {
    static func problems(_ page: Page) -> [String] {
        do { try page.validate(); return [] } catch let error as SpecError { return error.problems.map { "\($0.path): \($0.message)" } } catch {
            Issue.record("not a SpecError: \(error)")
            return []
        }
    }
    static func problems(_ chart: Chart) -> [String] { problems(Page(charts: [chart])) }

    static let axes = ["A", "B", "C"]
    static func radar(_ change: (inout RadarChart) -> Void) -> Chart {
        var r = RadarChart(axes: axes, series: [RadarChartSeries(name: "S", values: [1, 2, 3])])
        change(&r)
        return .radar(r)
    }
    static func pie(_ change: (inout PieChart) -> Void) -> Chart {
        var p = PieChart(sectors: [PieSector(name: "A", value: 1), PieSector(name: "B", value: 2)])
        change(&p)
        return .pie(p)
    }

    @Test("every demo and every example page is valid")
    func demosAreValid() throws {
        for demo in Demo.allCases { #expect(Self.problems(demo.page) == [], "\(demo)") }
    }

    @Test("a radar's rules, at Swift paths in the file's words", arguments: [
        (radar { $0.maximum = 0 }, ["charts[0].maximum: expected a finite number > 0, got 0"]),
        (radar { $0.maximum = .nan }, ["charts[0].maximum: expected a finite number > 0, got NaN"]),
        (radar { $0.maximum = -.infinity }, ["charts[0].maximum: expected a finite number > 0, got a negative number too large to represent"]),
        (radar { $0.rings = 0 }, ["charts[0].rings: expected an integer from 1 to 20, got 0"]),
        (radar { $0.axes = ["A", "B"]; $0.series[0].values = [1] }, ["charts[0].axes: expected at least 3 axes (a radar's shape needs three corners), got 2"]),
        (radar { $0.axes = [] ; $0.series = [] }, ["charts[0].axes: expected at least 3 axes (a radar's shape needs three corners), got 0"]),
        (radar { $0.series[0].values = [1, 2, 3, 4] }, ["charts[0].series[0].values: has 4 values but the chart has 3 axes"]),
        (radar { $0.series.append(RadarChartSeries(name: "S", values: [1])) },
         [#"charts[0].series[1].name: expected a unique series name; "S" is also the name of charts[0].series[0]"#]),
        (radar { $0.scales = [RadarAxisScale(minimum: 5, maximum: 5)] },
         ["charts[0].scales[0].minimum: expected minimum below maximum, got minimum 5 and maximum 5"]),
        (radar { $0.scales = [RadarAxisScale(minimum: .nan, maximum: 5)] }, ["charts[0].scales[0].minimum: expected a finite number, got NaN"]),
        (radar { $0.title = "a\nb" }, ["charts[0].title: a control character (U+000A) at character 2; text is one line of visible characters"]),
        (radar { $0.series[0].color = ChartColor(red: .nan, green: 0, blue: 0) }, ["charts[0].series[0].color: expected a color with red, green, blue and opacity from 0 to 1"]),
        (radar { $0.scales = [RadarAxisScale(maximum: 10, format: .currency(code: "XYZ", decimals: nil))] },
         [#"charts[0].scales[0].format.code: unknown currency "XYZ"; expected an ISO 4217 code such as "USD" or "EUR""#]),
    ] as [(Chart, [String])])
    func radarRules(chart: Chart, expected: [String]) {
        #expect(Self.problems(chart) == expected)
    }

    @Test("a missing or infinite radar value is a value, as in a file: NaN sits at the center, said \"no value\"")
    func radarMissingValues() {
        #expect(Self.problems(Self.radar { $0.series[0].values = [.nan, .infinity, 3] }) == [])
    }

    @Test("a pie's rules: NaN, infinite and negative sectors, its ring, its arc, its total", arguments: [
        (pie { $0.sectors[1].value = .nan }, ["charts[0].sectors[1].value: expected a finite number ≥ 0, got NaN"]),
        (pie { $0.sectors[1].value = .infinity }, ["charts[0].sectors[1].value: expected a finite number ≥ 0, got a number too large to represent"]),
        (pie { $0.sectors[1].value = -5 }, ["charts[0].sectors[1].value: expected a finite number ≥ 0, got -5"]),
        (pie { $0.sectors = [PieSector(name: "A", value: 1e308), PieSector(name: "B", value: 1.7e308)] },
         ["charts[0].sectors: the values add up to more than 1.7976931348623157e+308, the largest number a total can be"]),
        (pie { $0.innerRadius = 1 }, ["charts[0].innerRadius: expected a number ≥ 0 and < 1, got 1"]),
        (pie { $0.angularInset = 33 }, ["charts[0].angularInset: expected a number of points from 0 to 32, got 33"]),
        (pie { $0.appear = .sequence(interval: 0) }, ["charts[0].appear.interval: expected a number of seconds from 0.01 to 10, got 0"]),
        (pie { $0.startAngle = 90; $0.endAngle = 90 }, ["charts[0].endAngle: expected endAngle after startAngle by more than 0° and at most 360°, got 90° to 90°"]),
        (pie { $0.sectors[0].offset = 65 }, ["charts[0].sectors[0].offset: expected a number of points from 0 to 64, got 65"]),
        (pie { $0.layers = [[PieSector(name: "x", value: .nan)]] },
         ["charts[0].sectors: give either sectors or layers, not both; layers are rings of sectors, inner to outer",
          "charts[0].layers[0][0].value: expected a finite number ≥ 0, got NaN"]),
    ] as [(Chart, [String])])
    func pieRules(chart: Chart, expected: [String]) {
        #expect(Self.problems(chart) == expected)
    }

    @Test("the radial family's rules: a gauge's scale and bands, rings, roses, radial bars, sunbursts, scans")
    func familyRules() {
        #expect(Self.problems(.gauge(GaugeChart(value: 5, minimum: 10, maximum: 0)))
                == ["charts[0].minimum: expected minimum below maximum, got minimum 10 and maximum 0"])
        var g = GaugeChart(value: 50)
        g.minimum = 200   // set after it was made: checked all the same
        #expect(Self.problems(.gauge(g)) == ["charts[0].minimum: expected minimum below maximum, got minimum 200 and maximum 100"])
        g = GaugeChart(value: .nan, bands: [GaugeBand(to: 60, color: .green), GaugeBand(to: 50, color: .red)], thickness: 0.9)
        #expect(Self.problems(.gauge(g)) == [
            "charts[0].value: expected a finite number, got NaN",
            "charts[0].thickness: expected a share of the radius from 0.02 to 0.5, got 0.9",
            "charts[0].bands[1].to: expected a value above 60 (where the band starts) and at most the gauge's max 100, got 50",
        ])
        #expect(Self.problems(.rings(RingsChart(rings: [ActivityRing(name: "Move", value: 500, goal: 0), ActivityRing(name: "Run", value: 1e9, goal: 1)])))
                == ["charts[0].rings[0].goal: expected a finite number > 0, got 0",
                    "charts[0].rings[1].value: 1000000000 is more than 100 times the goal 1; the limit is 100 laps"])
        #expect(Self.problems(.rose(RoseChart(sectors: [PieSector(name: "N", value: -1)], maximum: 0)))
                == ["charts[0].maximum: expected a finite number > 0, got 0", "charts[0].sectors[0].value: expected a finite number ≥ 0, got -1"])
        #expect(Self.problems(.radialBar(RadialBarChart(bars: [PieSector(name: "a", value: 1)], sweep: 10)))
                == ["charts[0].sweep: expected a number of degrees from 30 to 360, got 10"])
        #expect(Self.problems(.sunburst(SunburstChart(children: [SunburstNode(name: "EU", value: 1, children: [SunburstNode(name: "FR", value: 5)]),
                                                                   SunburstNode(name: "US")])))
                == ["charts[0].children[0].value: expected a finite number at least the sum of its children, 5, got 1",
                    "charts[0].children[1].value: missing; expected a finite number ≥ 0 (a node without children needs a value)"])
        #expect(Self.problems(.scan(ScanChart(duration: 0, gradient: [.green], blips: [Blip(angle: .nan, distance: 2)])))
                == ["charts[0].duration: expected a number of seconds from 0.05 to 3600, got 0",
                    "charts[0].gradient: expected an array of 2 to 8 colors, got 1 color",
                    "charts[0].blips[0].angle: expected a finite number of degrees, got NaN",
                    "charts[0].blips[0].distance: expected a number from 0 to 1, got 2"])
    }

    @Test("the polar engine's rules: a rose's or radial bars' several series, a polar chart's axes and points")
    func polarRules() {
        let rose = RoseChart(categories: ["N", "E"], series: [CategorySeries(name: "calm", values: [1, -2]), CategorySeries(name: "gale", values: [1])])
        #expect(Self.problems(.rose(rose)) == ["charts[0].series[0].values[1]: expected a finite number ≥ 0 or null (no value), got -2",
                                               "charts[0].series[1].values: expected 2 values, one per category, got 1"])
        let bars = RadialBarChart(bars: [PieSector(name: "a", value: 1)], categories: ["x"], series: [CategorySeries(name: "s", values: [.nan])], color: .red)
        #expect(Self.problems(.radialBar(bars)) == ["charts[0].color: one color for every bar is for one series; with several, give each series its color",
                                                    "charts[0].bars: give either bars or categories and series, not both; bars is one series, a name and a value each"])
        let polar = PolarChart(angleAxis: PolarAngleAxis(kind: .categories(["a", "b"]), sweep: 5), radiusAxis: PolarRadiusAxis(scale: .log, minimum: 0, maximum: 10),
                               series: [PolarSeries(name: "s", points: [PolarPoint(angle: 2, radius: 1), PolarPoint(angle: 0, radius: -1)])])
        #expect(Self.problems(.polar(polar)) == [
            "charts[0].angleAxis.sweep: expected a number of degrees from 10 to 360, got 5",
            "charts[0].radiusAxis.minimum: a log scale runs over values above 0, got 0",
            "charts[0].series[0].points[0].angle: expected one of the axis' categories (or its index), got 2",
            "charts[0].series[0].points[1].radius: a log scale has no place for -1; its values are above 0",
        ])
    }

    @Test("every example file and every corpus page is valid by the rules of a page built in Swift")
    func examplesAreValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("examples").path).filter { $0.hasSuffix(".json") }.map { "examples/" + $0 }
        files += try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Tests/Corpus").path).filter { $0.hasSuffix(".json") }.map { "Tests/Corpus/" + $0 }
        #expect(files.count > 40)
        for file in files where !file.hasSuffix("laptops-axes.json") {
            let page = try Spec.decode(Array(try Data(contentsOf: root.appendingPathComponent(file))))
            #expect(Self.problems(page) == [], "\(file)")
        }
    }

    @Test("the page's own rules: no charts, too many, texts, the budget all charts share")
    func pageRules() {
        #expect(Self.problems(Page(charts: [])) == ["charts: expected a non-empty array of charts, got an empty array"])
        #expect(Self.problems(Page(title: String(repeating: "x", count: 201), charts: [Self.pie { _ in }]))
                == ["title: a string of 201 characters; the limit is 200"])
        let big = Self.pie { $0.sectors = (0..<4096).map { PieSector(name: "s\($0)", value: 1) } }
        #expect(Self.problems(Page(charts: [big, big, big])) == ["charts: 12288 sectors in all the pies, roses and sunbursts together; the limit for a page is 8192"])
        #expect(Self.problems(Page(charts: Array(repeating: Self.pie { _ in }, count: 65))) == ["charts: 65 charts; the limit is 64"])
    }

    @Test("a file and the same page in Swift are refused in the same words; the file's problem has its line")
    func sameWordsAsFiles() throws {
        let cases: [(json: String, swift: Chart)] = [
            (#"{"type": "radar", "axes": ["A", "B", "C"], "maximum": 0, "series": []}"#, Self.radar { $0.maximum = 0; $0.series = [] }),
            (#"{"type": "pie", "sectors": [{"name": "A", "value": -5}]}"#, .pie(PieChart(sectors: [PieSector(name: "A", value: -5)]))),
            (#"{"type": "radar", "axes": ["A", "B"], "series": []}"#, .radar(RadarChart(axes: ["A", "B"], series: []))),
            (#"{"type": "gauge", "value": 1, "startAngle": 10, "endAngle": 5}"#, .gauge(GaugeChart(value: 1, startAngle: 10, endAngle: 5))),
        ]
        for c in cases {
            do {
                _ = try Spec.decode(#"{"charts": [\#(c.json)]}"#)
                Issue.record("accepted: \(c.json)")
            } catch {
                #expect(error.problems.map(\.message) == Self.problems(c.swift).map { String($0.split(separator: ": ", maxSplits: 1)[1]) }, "\(c.json)")
                #expect(error.problems.allSatisfy { $0.line == 1 }, "\(error)")
            }
        }
    }

    @Test("no initializer of a public type traps: an axis or a gauge whose minimum is its maximum is made, shared and described")
    func noPreconditions() {
        let scale = RadarAxisScale(minimum: 5, maximum: 5)
        #expect(scale.share(of: 5) == 0 && scale.share(of: .nan) == 0)
        let gauge = GaugeChart(value: 5, minimum: 10, maximum: 0)
        #expect(gauge.share(of: 5) == 0)
        let page = Page(charts: [Self.radar { $0.maximum = 0 }, Self.radar { $0.maximum = .nan }, .gauge(gauge),
                                 Self.pie { $0.sectors[0].value = .nan }])
        #expect(!page.description().isEmpty)
    }

    @Test("a color in hex is the file's color; a series left without one takes the palette's, as a file's does")
    func colors() throws {
        #expect(ChartColor(hex: "#0A84FF") == .fixed(RGBA(hex: 0x0A84FF)) && ChartColor(hex: "0A84FF80") == .fixed(RGBA(hex: 0x0A84FF, alpha: Float(0x80) / 255)))
        #expect(ChartColor(hex: "#12345") == nil && ChartColor(hex: "teal") == nil)
        let file = try Spec.decode(#"{"charts": [{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "a", "values": [1], "color": "blue"}, {"name": "b", "values": [2]}]}]}"#)
        let swift = Page(charts: [.radar(RadarChart(axes: ["A", "B", "C"], series: [RadarChartSeries(name: "a", values: [1], color: .blue),
                                                                                    RadarChartSeries(name: "b", values: [2])]))])
        let scene = PageScene(page: swift, measurer: TestMeasurer(), formatting: enUS)
        guard case .radar(let r) = file.charts[0] else { Issue.record("no radar"); return }
        #expect(r.series[1].color.resolved(.light).hexString == scene.pageGeometry(FrameRequest(size: Size(600, 600), time: 5))
            .charts[0]["series"]?[1]?["color"].flatMap { if case .string(let s) = $0 { s } else { nil } })
    }
}
