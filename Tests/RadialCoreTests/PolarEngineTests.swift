import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

// The polar engine (issue #31): scales and ticks, one stacking rule, the kinds as presets over it,
// and real public tables drawn with exact values in `--geometry`. Expected numbers come from the
// tables themselves (pandas), never from Radial: each is written with the command that gave it.

private func page(_ chart: String) throws -> Page { try Spec.decode("{\"charts\": [\(chart)]}") }

private func problems(_ chart: String) -> [String] {
    do { _ = try Spec.decode("{\"charts\": [\(chart)]}"); return [] } catch {
        return error.problems.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" }
    }
}

/// The first chart's geometry record at rest (or at `time`), laid out at `size`.
private func record(_ p: Page, at time: Double? = nil, size: Size = Size(800, 800)) -> (JSONOut, PageScene) {
    let scene = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS, controls: false)
    scene.layout(size: size)
    let g = scene.geometry(FrameRequest(size: size, scale: 1, time: time ?? scene.restingTime, theme: .light, reduceMotion: false))
    return (g[key: "charts"]?[index: 0] ?? .null, scene)
}

private struct Mark {
    var series: String, category: String, value: Double, start: Double, end: Double, inner: Double, outer: Double
}

private func marks(_ chart: JSONOut) -> [Mark] {
    (chart[key: "marks"]?.items ?? []).map { m in
        Mark(series: m[key: "series"]?.text ?? "", category: m[key: "category"]?.text ?? m[key: "name"]?.text ?? "",
             value: m[key: "value"]?.number ?? .nan, start: m[key: "startAngle"]?.number ?? .nan, end: m[key: "endAngle"]?.number ?? .nan,
             inner: m[key: "innerRadius"]?.number ?? .nan, outer: m[key: "outerRadius"]?.number ?? .nan)
    }
}

@Suite("The polar engine: scales, ticks and stacking")
struct PolarScaleTests {
    @Test("Linear ticks are 1, 2 or 5 × 10ⁿ steps inside the domain; log ticks powers of ten; sqrt shares go as the root")
    func ticks() {
        #expect(ValueScale(.linear, maximum: 87).ticks(count: 4) == [0, 20, 40, 60, 80])
        #expect(ValueScale(.linear, minimum: 30, maximum: 75).ticks(count: 4) == [30, 40, 50, 60, 70])
        #expect(ValueScale(.linear, maximum: 1).ticks(count: 5) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(ValueScale(.log, minimum: 1, maximum: 1000).ticks(count: 4) == [1, 10, 100, 1000])
        #expect(ValueScale(.log, minimum: 1, maximum: 100).ticks(count: 5) == [1, 2, 5, 10, 20, 50, 100])
        #expect(ValueScale(.sqrt, maximum: 100).share(25) == 0.5)
        #expect(ValueScale(.log, minimum: 1, maximum: 1000).share(100) == 2.0 / 3)
        #expect(ValueScale(.linear, maximum: 87).niced(count: 4).maximum == 100)
        #expect(ValueScale.niceMaximum(72) == 100 && ValueScale.niceMaximum(11) == 20 && ValueScale.niceMaximum(0) == 1)
    }

    @Test("A domain whose span overflows a double still gives finite shares and ticks")
    func overflow() {
        let s = ValueScale(.linear, minimum: -1e308, maximum: 1e308)
        #expect(s.share(0) == 0.5 && s.share(1e308) == 1 && s.share(-1e308) == 0)
        #expect(s.ticks(count: 4).allSatisfy { $0.isFinite })
        #expect(ValueScale(.linear, minimum: 0, maximum: 1e308).share(.nan) == 0)
    }

    @Test("Stacking: outward each series starts where the one before ended; overlaid all start at 0, the largest drawn first; presence shrinks a series away")
    func stacking() {
        let values: [[Double]] = [[1, 4], [2, .nan], [3, 1]]
        var spans: [[Stacking.Span]] = []
        Stacking.spans(values, presence: [1, 1, 1], mode: .radius, into: &spans)
        #expect(spans.map { $0.map(\.lo) } == [[0, 0], [1, 4], [3, 4]])
        #expect(spans.map { $0.map(\.hi) } == [[1, 4], [3, 4], [6, 5]])
        Stacking.spans(values, presence: [1, 0, 1], mode: .radius, into: &spans)
        #expect(spans[2][0] == Stacking.Span(lo: 1, hi: 4))
        Stacking.spans(values, presence: [1, 1, 1], mode: .none, into: &spans)
        #expect(spans.allSatisfy { $0.allSatisfy { $0.lo == 0 } })
        var order: [Int] = []
        Stacking.drawOrder(values, category: 0, mode: .none, into: &order)
        #expect(order == [2, 1, 0])
        #expect(Stacking.extent(values, mode: .radius) == 6 && Stacking.extent(values, mode: .none) == 4)
    }
}

@Suite("The polar engine: real tables in --geometry")
struct PolarTableTests {
    @Test("plotly's wind table as a stacked rose: each direction's outer radius is its total, each band its strength's frequency")
    func windRose() throws {
        let (chart, _) = record(try example("wind-rose.json"))
        // python3 -c "import plotly.express as px; print(px.data.wind().groupby('direction', sort=False).frequency.sum().tolist())"
        let totals = [4.9, 5.5, 6.8, 4.8, 4.5, 2.95, 3.55, 4.1, 5.95, 5.95, 7.3, 7.8, 9.0, 10.8, 9.9, 4.3]
        let directions = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        let m = marks(chart)
        #expect(m.count == 128)
        let radius = chart[key: "radius"]?.number ?? .nan, rim = chart[key: "rim"]?.number ?? .nan
        #expect(rim == 10.8)
        for (d, total) in zip(directions, totals) {
            let wedge = m.filter { $0.category == d }
            #expect(wedge.count == 8)
            let outer = wedge.map(\.outer).max() ?? .nan
            #expect(close(outer / radius * rim, total, 1e-3), "\(d): \(outer / radius * rim) vs \(total)")
            // Each band ends where the strengths up to it add up to (the first from the center).
            var sum = 0.0
            for b in wedge {
                sum += b.value
                #expect(close(b.outer / radius * rim, sum, 1e-3), "\(d) \(b.series): \(b.outer / radius * rim) vs \(sum)")
            }
            #expect(close(wedge[0].end - wedge[0].start, 22.5, 1e-9))
        }
        #expect(m.first { $0.category == "NNE" }.map { close(($0.start + $0.end) / 2, 22.5, 1e-9) } == true)
    }

    @Test("Nightingale's first year overlaid from the center by area: each wedge's radius goes as the root of its deaths, the largest behind")
    func nightingale() throws {
        let (chart, _) = record(try example("nightingale.json"))
        let m = marks(chart)
        let radius = chart[key: "radius"]?.number ?? .nan
        #expect(chart[key: "rim"]?.number == 2761)   // January 1855's zymotic deaths, the largest
        #expect(m.allSatisfy { $0.inner == 0 })
        for k in m { #expect(close(k.outer / radius, (k.value / 2761).squareRoot(), 1e-6), "\(k.category) \(k.series)") }
        // Within a month the largest is drawn first (behind): January's order is disease, other, wounds.
        let january = m.filter { $0.category == "Jan 1855" }.map(\.series)
        #expect(january == ["Preventible or mitigable zymotic diseases", "All other causes", "Wounds"])
        // April 1854 starts at 9 o'clock (startAngle 270), a month a twelfth of the turn.
        #expect(m.first.map { close(($0.start + $0.end) / 2, 270, 1e-9) && close($0.end - $0.start, 30, 1e-9) } == true)
    }

    @Test("Iowa's electricity as grouped radial bars: a lane per year inside each source's track, each bar's angle its share of the largest")
    func groupedBars() throws {
        let (chart, _) = record(try example("iowa-bars.json"))
        let m = marks(chart)
        #expect(m.count == 9)
        // python3 -c "from vega_datasets import data; d=data.iowa_electricity(); print(d.net_generation.max())"  → 38620 (fossil fuels, 2009)
        #expect(chart[key: "maximum"]?.number == 38620)
        for k in m { #expect(close(k.end, k.value / 38620 * 270, 1e-9), "\(k.category) \(k.series)") }
        // The lanes of one track do not overlap and lie inside it, 2001 outermost.
        for source in ["Fossil Fuels", "Nuclear Energy", "Renewables"] {
            let lanes = m.filter { $0.category == source }
            #expect(lanes.map(\.series) == ["2001", "2009", "2017"])
            #expect(lanes[0].inner > lanes[1].outer && lanes[1].inner > lanes[2].outer)
        }
        let ticks = chart[key: "ticks"]?.items ?? []
        #expect(ticks.map { $0[key: "value"]?.number ?? .nan } == [10000, 20000, 30000])
        #expect(ticks.map { $0[key: "angle"]?.number ?? .nan }.enumerated().allSatisfy { close($1, Double($0 + 1) * 10000 / 38620 * 270, 1e-9) })
    }

    @Test("Seattle's temperature over a 24-hour clock: hour h at h × 15°, the radius on the axis' 30…75 °F")
    func clock() throws {
        let (chart, _) = record(try example("seattle-clock.json"))
        let radius = chart[key: "radius"]?.number ?? .nan, center = chart[key: "center"]?.point ?? .zero
        let series = chart[key: "series"]?.items ?? []
        #expect(series.count == 4)
        for s in series {
            for p in s[key: "points"]?.items ?? [] {
                let h = p[key: "angle"]?.number ?? .nan, v = p[key: "radius"]?.number ?? .nan, at = p[key: "at"]?.point ?? .zero
                #expect(close(p[key: "degrees"]?.number ?? .nan, h * 15, 1e-9))
                let expected = center + PolarCoordinates.direction(h * 15) * (radius * (v - 30) / 45)
                #expect(close(at, expected, 1e-3), "\(s[key: "name"]?.text ?? "") \(h): \(at) vs \(expected)")
            }
        }
        // python3 -c "from vega_datasets import data; t = data.seattle_temps(); print(t[(t.date.dt.month == 7) & (t.date.dt.hour == 15)].temp.mean())"
        // → 73.54193548387096 (the file keeps two decimals)
        let july = series.first { $0[key: "name"]?.text == "July" }?[key: "points"]?.items ?? []
        #expect(july.count == 24 && july[15][key: "radius"]?.number == 73.54)
        let ticks = chart[key: "ticks"]?.items ?? []
        #expect(ticks.filter { $0[key: "axis"]?.text == "angle" }.map { $0[key: "label"]?.text ?? "" } == ["0 h", "3 h", "6 h", "9 h", "12 h", "15 h", "18 h", "21 h"])
        #expect(ticks.filter { $0[key: "axis"]?.text == "radius" }.map { $0[key: "value"]?.number ?? .nan } == [40, 50, 60, 70])
    }

    @Test("US airports around Kansas City as a scatter over compass degrees: bearing b at b°, distance on 0…3,000 km")
    func scatter() throws {
        let (chart, _) = record(try example("airports-bearing.json"))
        let radius = chart[key: "radius"]?.number ?? .nan, center = chart[key: "center"]?.point ?? .zero
        let points = chart[key: "series"]?[index: 0]?[key: "points"]?.items ?? []
        #expect(points.count == 3068)
        for p in points.prefix(400) {
            let b = p[key: "angle"]?.number ?? .nan, d = p[key: "radius"]?.number ?? .nan
            #expect(close(p[key: "at"]?.point ?? .zero, center + PolarCoordinates.direction(b) * (radius * d / 3000), 1e-3))
        }
        let ticks = chart[key: "ticks"]?.items ?? []
        #expect(ticks.filter { $0[key: "axis"]?.text == "angle" }.map { $0[key: "label"]?.text ?? "" } == ["0°", "45°", "90°", "135°", "180°", "225°", "270°", "315°"])
    }
}

@Suite("The polar engine: specs, words and sound")
struct PolarSpecTests {
    @Test("Problems of the several-series forms and the polar chart, by path")
    func problemTable() {
        let cases: [(String, String)] = [
            (#"{"type": "rose", "sectors": [], "categories": ["a"], "series": [{"name": "s", "values": [1]}]}"#,
             "charts[0].sectors: give either sectors or categories and series, not both; sectors is one series, a name and a value each"),
            (#"{"type": "rose", "categories": ["a", "b"], "series": [{"name": "s", "values": [1]}]}"#,
             "charts[0].series[0].values: expected 2 values, one per category, got 1"),
            (#"{"type": "rose", "categories": ["a"], "series": [{"name": "s", "values": [1]}], "stack": "angle"}"#,
             #"charts[0].stack: "angle" is not a way this chart stacks; expected one of radius, none, group (a rose stacks outward along the radius; radial bars stack along the angle)"#),
            (#"{"type": "radialBar", "categories": ["a"], "series": [{"name": "s", "values": [1]}], "stack": "radius"}"#,
             #"charts[0].stack: "radius" is not a way this chart stacks; expected one of group, angle, none (radial bars stack along the angle; a rose stacks along the radius)"#),
            (#"{"type": "rose", "categories": ["a"], "series": [{"name": "s", "values": [1]}, {"name": "t", "values": [2]}], "colorScale": "value"}"#,
             "charts[0].colorScale: a color scale by value colors one series; with several series each series has its own color"),
            (#"{"type": "rose", "categories": ["a"], "series": [{"name": "s", "values": [1e308]}, {"name": "t", "values": [1e308]}]}"#,
             #"charts[0].series: the values of "a" add up to more than 1.7976931348623157e+308, the largest number a total can be"#),
            (#"{"type": "rose", "sectors": [{"name": "a", "value": 1e308}, {"name": "b", "value": 1e308}]}"#,
             "charts[0].sectors: the values add up to more than 1.7976931348623157e+308, the largest number a total can be"),
            (#"{"type": "rose", "sectors": [{"name": "a", "value": 1}], "stack": "none"}"#,
             "charts[0].stack: stacking needs several series (categories and series); sectors are one"),
            (#"{"type": "radialBar", "categories": ["a"], "series": [{"name": "s", "values": [1]}], "color": "red"}"#,
             "charts[0].color: one color for every bar is for one series; with several, give each series its color"),
            (#"{"type": "polar", "series": [{"name": "s", "points": [[0, 1], [1]]}]}"#, "charts[0].series[0].points[1]: expected a pair [angle, radius], got an array"),
            (#"{"type": "polar", "angleAxis": {"type": "time"}, "series": [{"name": "s", "points": [["2024-02-30", 1]]}]}"#,
             #"charts[0].series[0].points[0][0]: expected an ISO 8601 date or time ("2024-03-01", "2024-03-01T06:30"), got "2024-02-30""#),
            (#"{"type": "polar", "angleAxis": {"categories": ["North", "East"]}, "series": [{"name": "s", "points": [["Nort", 1]]}]}"#,
             #"charts[0].series[0].points[0][0]: unknown category "Nort"; did you mean "North"?"#),
            (#"{"type": "polar", "angleAxis": {"type": "time", "min": "2024-01-01", "max": "2024-02-01"}, "series": [{"name": "s", "points": [["2024-01-02", 1], ["tomorrow", 1]]}]}"#,
             #"charts[0].series[0].points[1][0]: expected an ISO 8601 date or time ("2024-03-01", "2024-03-01T06:30"), got "tomorrow""#),
            (#"{"type": "polar", "radiusAxis": {"scale": "log"}, "series": [{"name": "s", "points": [[0, 0]]}]}"#,
             "charts[0].series[0].points[0][1]: a log scale has no place for 0; its values are above 0"),
            (#"{"type": "polar", "radiusAxis": {"min": 5, "max": 5}, "series": []}"#, "charts[0].radiusAxis.max: expected min below max, got 5 and 5"),
            (#"{"type": "polar", "series": [{"name": "s", "mark": "bar", "points": []}]}"#,
             "charts[0].series[0].mark: unknown mark \"bar\"; expected one of line, area, point"),
        ]
        for (chart, expected) in cases { #expect(problems(chart).contains(expected), "\(chart) → \(problems(chart))") }
    }

    @Test("A time angle axis reads ISO 8601 and takes the data's range; ticks fall on calendar months")
    func timeAxis() throws {
        #expect(TimeTicks.parse("2024-03-01") == 1_709_251_200)
        #expect(TimeTicks.parse("2024-03-01T06:30") == 1_709_251_200 + 6.5 * 3600)
        #expect(TimeTicks.parse("2024-03-01T06:30:15.5+01:00") == 1_709_251_200 + 5.5 * 3600 + 15.5)
        #expect(TimeTicks.parse("2024-13-01") == nil && TimeTicks.parse("2023-02-29") == nil && TimeTicks.parse("2024-03-01T25:00") == nil)
        let p = try page(#"{"type": "polar", "angleAxis": {"type": "time"}, "series": [{"name": "s", "points": [["2024-01-01", 1], ["2024-12-31", 3]]}]}"#)
        guard case .polar(let c) = p.charts[0], case .time(let lo, let hi) = c.angleAxis.kind else { Issue.record("not a time axis"); return }
        #expect(lo == 1_704_067_200 && hi == 1_735_603_200)
        let ticks = TimeTicks.ticks(lo, hi, count: 8)
        let months = ticks.map { Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date(timeIntervalSince1970: $0)).day }
        #expect(ticks.count >= 4 && months.allSatisfy { $0 == 1 })
    }

    @Test("A stacked rose's wedge says its category, its series, its value and its stack's total; the chart says its form")
    func words() throws {
        let p = try example("wind-rose.json")
        let scene = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS, controls: false)
        scene.layout(size: Size(800, 800))
        let wedge = scene.elements(moment: .atRest).first { $0.path == "charts[0].series[0].values[0]" }
        #expect(wedge?.name == "N, 0-1 m/s")
        #expect(wedge?.value == "0.5 %, 10% of N's 4.9 %")
        #expect(wedge?.role == .mark && wedge?.id == "charts[0]/mark/N, 0-1 m/s")
        let summary = scene.elements(moment: .atRest).first { $0.key == .chart }?.value
        // python3 -c "import plotly.express as px; d = px.data.wind(); print(d.frequency.sum(), d[d.strength != '6+'].frequency.sum())" → 98.1 92.3
        #expect(summary == "16 wedges of 8 series stacked outward, 98.1 % in all, radius by value")
        let lines = Descriptions.describe(p, formatting: enUS).components(separatedBy: "\n")
        #expect(lines.contains("N: 0-1 m/s 0.5 %, 1-2 m/s 1.6 %, 2-3 m/s 0.9 %, 3-4 m/s 0.9 %, 4-4 m/s 0.4 %, 4-5 m/s 0.3 %, 5-6 m/s 0.2 %, 6+ m/s 0.1 %; 4.9 % in all"))
        // Hiding a series takes it out of the stacks and the words.
        _ = scene.activate(ElementRef(chart: 0, key: .legend(7)), moment: Moment(time: 10))
        let after = scene.elements(moment: .atRest).first { $0.key == .chart }?.value
        #expect(after == "16 wedges of 7 of 8 series shown stacked outward, 92.3 % in all, radius by value")
    }

    @Test("A one-series rose's summary counts wedges, as its several-series form and its spoken kind do")
    func oneSeriesRoseWords() {
        let rose = RoseChart(sectors: [PieSector(name: "N", value: 4), PieSector(name: "E", value: 10), PieSector(name: "S", value: 30)], scale: .area)
        #expect(Descriptions.summary(of: rose, formatting: enUS) == "3 wedges, 44 in all, area by value")
        #expect(Descriptions.summary(of: rose, formatting: enUS, hidden: [1]) == "2 of 3 wedges shown, 34 in all, area by value")
    }

    @Test("Several series play one after another, a tone per category, a missing value a buzz")
    func audio() throws {
        let p = try page(#"{"type": "rose", "categories": ["N", "E", "S", "W"], "series": [{"name": "a", "values": [1, 2, null, 4]}, {"name": "b", "values": [4, 3, 2, 1]}]}"#)
        let graph = AudioGraph(page: p, chart: 0, formatting: enUS)
        #expect(graph.tones.count == 8)
        #expect(graph.tones[2].timbre == .noValue && graph.tones[0].element.key == .mark(series: 0, category: 0))
        #expect(close(graph.tones[3].pan, AudioGraph.pan(turn: 0.75), 1e-9))
        #expect(graph.tones[4].start > graph.tones[3].start + AudioGraph.stepSeconds)
        let hidden = AudioGraph(page: p, chart: 0, hidden: [0], formatting: enUS)
        #expect(hidden.tones.count == 4 && hidden.tones[0].label == "b, N 4")
    }

    @Test("One color for a one-series rose takes the legend away; a color scale runs pale to full by value")
    func colors() throws {
        let p = try page(#"{"type": "rose", "color": "teal", "sectors": [{"name": "a", "value": 1}, {"name": "b", "value": 4}]}"#)
        let (_, scene) = record(p)
        #expect(!scene.elements(moment: .atRest).contains { $0.role == .legendEntry })
        let q = try page(#"{"type": "radialBar", "colorScale": "value", "color": "blue", "bars": [{"name": "a", "value": 0}, {"name": "b", "value": 2}, {"name": "c", "value": 4}]}"#)
        let (chart, _) = record(q)
        let colors = (chart[key: "marks"]?.items ?? []).map { $0[key: "color"]?.text ?? "" }
        let blue = ChartColor.system(.blue).resolved(.light)
        #expect(colors[2] == blue.hexString)
        #expect(colors[0] != colors[1] && colors[1] != colors[2])
        #expect(PolarBarsItem.ramp(blue, share: 0, card: .white).luminance > PolarBarsItem.ramp(blue, share: 0.5, card: .white).luminance)
    }

    @Test("Value labels are written on the marks once they have grown, never on one another")
    func valueLabels() throws {
        let p = try page(#"{"type": "radialBar", "labels": "values", "bars": [{"name": "a", "value": 10}, {"name": "b", "value": 40}]}"#)
        let scene = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS, controls: false)
        let atRest = scene.geometry(FrameRequest(size: Size(600, 600), scale: 1, time: 5, theme: .light, reduceMotion: false))
        let values = (atRest[key: "texts"]?.items ?? []).filter { $0[key: "role"]?.text == "value-label" }.map { $0[key: "text"]?.text ?? "" }
        #expect(values.sorted() == ["10", "40"])
        let growing = scene.geometry(FrameRequest(size: Size(600, 600), scale: 1, time: 0.2, theme: .light, reduceMotion: false))
        #expect(!(growing[key: "texts"]?.items ?? []).contains { $0[key: "role"]?.text == "value-label" })
    }
}

@Suite("The polar engine: value scales and labels on every kind")
struct ValueScaleEverywhereTests {
    @Test("A gauge writes nice ticks along its arc between its ends, at the angles of their values")
    func gaugeTicks() throws {
        let (chart, _) = record(try page(#"{"type": "gauge", "value": 30, "max": 200}"#), size: Size(600, 600))
        let ticks = chart[key: "ticks"]?.items ?? []
        #expect(ticks.map { $0[key: "value"]?.number ?? .nan } == [50, 100, 150])
        for t in ticks { #expect(close(t[key: "angle"]?.number ?? .nan, -120 + 240 * (t[key: "value"]?.number ?? .nan) / 200, 1e-9)) }
        #expect(ticks.contains { if case .bool(true)? = $0[key: "shown"] { true } else { false } })
        let off = try page(#"{"type": "gauge", "value": 30, "ticks": false}"#)
        #expect(record(off, size: Size(600, 600)).0[key: "ticks"]?.items.isEmpty == true)
    }

    @Test("A radar lists every axis' own scale at each ring; with ticks all, each axis writes its own")
    func radarTicks() throws {
        let p = try page(#"{"type": "radar", "ticks": "all", "rings": 2, "axes": [{"name": "Price", "min": 0, "max": 3000, "unit": "€"}, {"name": "Weight", "max": 4, "unit": "kg"}, "Score"], "series": [{"name": "A", "values": [1500, 2, 50]}]}"#)
        let (chart, scene) = record(p, size: Size(700, 700))
        let ticks = chart[key: "ticks"]?.items ?? []
        #expect(ticks.filter { $0[key: "axis"]?.number == 0 }.map { $0[key: "value"]?.number ?? .nan } == [0, 1500, 3000])
        #expect(ticks.filter { $0[key: "axis"]?.number == 1 }.map { $0[key: "label"]?.text ?? "" } == ["0 kg", "2 kg", "4 kg"])
        let g = scene.geometry(FrameRequest(size: Size(700, 700), scale: 1, time: 5, theme: .light, reduceMotion: false))
        let rings = (g[key: "texts"]?.items ?? []).filter { $0[key: "role"]?.text == "ring-label" }.compactMap { $0[key: "text"]?.text }
        #expect(rings.contains("4 kg") && rings.contains("100") && rings.contains { $0.contains("3,000") })
    }

    @Test("A pie writes each sector's share inside it where it fits, black or white by its color")
    func piePercent() throws {
        let p = try page(#"{"type": "pie", "appear": "all", "labels": "percent", "sectors": [{"name": "a", "value": 60}, {"name": "b", "value": 39}, {"name": "c", "value": 1}]}"#)
        let scene = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS, controls: false)
        let g = scene.geometry(FrameRequest(size: Size(600, 600), scale: 1, time: 5, theme: .light, reduceMotion: false))
        let values = (g[key: "texts"]?.items ?? []).filter { $0[key: "role"]?.text == "value-label" }.map { $0[key: "text"]?.text ?? "" }
        #expect(values == ["60%", "39%"])   // the 1 % sector is too narrow for its label
    }
}

@Suite("A settled scatter's layer (issue 31)")
struct PointLayerSceneTests {
    static let page = Page(charts: [.polar(PolarChart(radiusAxis: PolarRadiusAxis(maximum: 10), series: [
        PolarSeries(name: "A", points: (0..<60).map { PolarPoint(angle: Double($0) * 7, radius: Double($0 % 10)) }, mark: .point),
        PolarSeries(name: "B", points: (0..<40).map { PolarPoint(angle: Double($0) * 11, radius: Double($0 % 7) + 2) }, mark: .point),
    ]))])

    static func layers(_ f: Frame) -> [RoundedRectLayer] { f.commands.compactMap { if case .layer(let l) = $0 { l } else { nil } } }

    @Test("Settled, the points are one layer holding exactly the circles drawn one by one, made once while nothing changes")
    func sameCircles() throws {
        let scene = PageScene(page: Self.page, measurer: TestMeasurer(), formatting: enUS, controls: false)
        let request = FrameRequest(size: Size(500, 500), scale: 2, time: 5, theme: .light, reduceMotion: false)
        let frame = Frame()
        scene.draw(into: frame, request)
        let layer = try #require(Self.layers(frame).first)
        #expect(Self.layers(frame).count == 1 && layer.rects.count == 100)
        let version = layer.version
        // A recording frame (SVG, PDF, --geometry) draws the same circles one by one, in the same order.
        let direct = Frame()
        direct.records = true
        scene.draw(into: direct, request)
        #expect(Self.layers(direct).isEmpty)
        let first = try #require(direct.roundedRects.firstIndex(of: layer.rects[0]))
        #expect(Array(direct.roundedRects[first..<min(first + 100, direct.roundedRects.count)]) == layer.rects)
        // Later settled frames reuse it; growing frames draw the points one by one.
        var later = request
        later.time = 7
        scene.draw(into: frame, later)
        #expect(Self.layers(frame).first === layer && layer.version == version)
        later.time = 0.2
        scene.draw(into: frame, later)
        #expect(Self.layers(frame).isEmpty && frame.roundedRects.count >= 100)
    }

    @Test("A toggle makes the layer again once it has settled, without the hidden series")
    func toggled() throws {
        let scene = PageScene(page: Self.page, measurer: TestMeasurer(), formatting: enUS, controls: false)
        let frame = Frame()
        func draw(_ t: Double) { scene.draw(into: frame, FrameRequest(size: Size(500, 500), scale: 1, time: t, theme: .light, reduceMotion: false)) }
        draw(5)
        let layer = try #require(Self.layers(frame).first)
        let version = layer.version
        #expect(scene.perform(.toggle, on: ElementRef(chart: 0, key: .legend(0)), moment: Moment(time: 5)))
        draw(5.2)
        #expect(Self.layers(frame).isEmpty, "while the toggle springs the points are drawn one by one")
        draw(9)
        #expect(Self.layers(frame).first === layer && layer.version == version + 1 && layer.rects.count == 40)
    }
}
