import Foundation
import Testing
@testable import RadialCore

/// Arithmetic that cannot overflow into a drawing (issue #34): random finite values at the edges
/// of a double, for every kind, made in Swift (the library's way in). Whatever they are, every
/// frame's numbers are finite and the geometry has no `null` where a number belongs; a page the
/// rule of what is computed accepts (`Page.arithmeticProblems()`, what the spec reader applies
/// to files, tables and streams) also has descriptions and audio without ∞ or NaN.
@Suite struct ArithmeticTests {
    /// SplitMix64: a fixed sequence, so a failure names its seed and replays.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

        /// The edges of a double: zero, the subnormals, the smallest normal, 1, 1e300, half and
        /// all of the largest, or a random exponent over the whole range.
        mutating func edge(positive: Bool = false) -> Double {
            let edges: [Double] = [0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1, 3, 1e300, 1e307,
                                   .greatestFiniteMagnitude / 2, 1.7e308, .greatestFiniteMagnitude, .greatestFiniteMagnitude.nextDown]
            var v: Double
            if chance(0.6) {
                v = edges[below(edges.count)]
            } else {
                v = Double(sign: .plus, exponent: below(2046) - 1022, significand: 1 + Double(next() >> 12) / Double(1 << 52))
            }
            if !v.isFinite { v = .greatestFiniteMagnitude }
            return positive || chance(0.5) ? v : -v
        }

        /// Two different edges, the smaller first.
        mutating func range() -> (Double, Double) {
            var a = edge(), b = edge()
            while a == b { b = edge() }
            if a > b { swap(&a, &b) }
            return (a, b)
        }

        /// Plain numbers, or a format with decimals (the animated number rounds to them).
        mutating func format() -> NumberFormat? {
            [nil, .number(decimals: 2), .currency(code: "EUR", decimals: 2), .percent(decimals: 1), .unit("kWh", decimals: 3)][below(5)]
        }

        mutating func sectors(_ n: Int, prefix: String) -> [PieSector] {
            (0..<n).map { PieSector(name: "\(prefix)\($0)", value: edge(positive: true)) }
        }
    }

    enum Kind: String, CaseIterable, CustomStringConvertible {
        case radar, pie, layers, scan, gauge, rings, rose, roseSeries, radialBar, barSeries, sunburst, polar
        var description: String { rawValue }
    }

    /// Several series over categories, every stacking.
    static func table(_ r: inout Random) -> (categories: [String], series: [CategorySeries], stack: PolarStack) {
        let n = 2 + r.below(4)
        let series = (0..<(1 + r.below(3))).map { s in CategorySeries(name: "S\(s)", values: (0..<n).map { _ in r.chance(0.1) ? .nan : r.edge() }) }
        return ((0..<n).map { "C\($0)" }, series, PolarStack.allCases[r.below(PolarStack.allCases.count)])
    }

    static func chart(_ kind: Kind, _ r: inout Random) -> Chart {
        switch kind {
        case .radar:
            let n = 3 + r.below(3)
            let scales = (0..<n).map { _ in let (lo, hi) = r.range(); return RadarAxisScale(minimum: lo, maximum: hi, inverted: r.chance(0.3), format: r.format()) }
            let series = (0..<(1 + r.below(3))).map { s in
                RadarSeries(name: "S\(s)", values: (0..<n).map { _ in r.chance(0.1) ? .nan : r.edge() }, color: .system(.blue))
            }
            return .radar(RadarChart(axes: (0..<n).map { "A\($0)" }, series: series, scales: scales, ringLabels: true, valueLabels: true))
        case .pie:
            return .pie(PieChart(sectors: r.sectors(1 + r.below(5), prefix: "P"), innerRadius: r.chance(0.5) ? 0.5 : 0, annotations: r.chance(0.5),
                                 centerLabel: r.chance(0.5) ? .total : .none, format: r.format(), totalInTitle: r.chance(0.5)))
        case .layers:
            return .pie(PieChart(sectors: [], innerRadius: 0.3, layers: (0..<(1 + r.below(3))).map { k in r.sectors(1 + r.below(4), prefix: "L\(k)-") }))
        case .scan:
            return .scan(ScanChart(blips: (0..<(1 + r.below(4))).map { i in
                Blip(angle: r.edge(), distance: min(r.edge(positive: true), 1), label: "B\(i)")
            }))
        case .gauge:
            let (lo, hi) = r.range()
            var bands: [GaugeBand] = []
            var from = lo
            for _ in 0..<r.below(3) {
                let to = Arithmetic.lerp(from: from, to: hi, r.chance(0.5) ? 1 : 0.5)
                guard to > from else { break }
                bands.append(GaugeBand(to: to, color: .system(.green), name: "band"))
                from = to
            }
            return .gauge(GaugeChart(title: "G", value: r.edge(), minimum: lo, maximum: hi, bands: bands,
                                     threshold: r.chance(0.5) ? r.edge() : nil, needle: r.chance(0.5), format: r.format()))
        case .rings:
            return .rings(RingsChart(rings: (0..<(1 + r.below(3))).map { i in
                var goal = r.edge(positive: true)
                if goal == 0 { goal = .leastNonzeroMagnitude }
                return ActivityRing(name: "R\(i)", value: r.edge(positive: true), goal: goal)
            }))
        case .rose:
            return .rose(RoseChart(sectors: r.sectors(1 + r.below(6), prefix: "W"), scale: r.chance(0.5) ? .area : .radius,
                                   maximum: r.chance(0.3) ? max(r.edge(positive: true), .leastNonzeroMagnitude) : nil))
        case .roseSeries:
            let t = table(&r)
            return .rose(RoseChart(scale: r.chance(0.5) ? .area : .radius, maximum: r.chance(0.3) ? max(r.edge(positive: true), .leastNonzeroMagnitude) : nil,
                                   format: r.format(), categories: t.categories, series: t.series, stack: t.stack,
                                   colorScale: r.chance(0.3) ? .value : .categorical, labels: MarkLabels.allCases[r.below(3)]))
        case .radialBar:
            return .radialBar(RadialBarChart(bars: r.sectors(1 + r.below(4), prefix: "B"),
                                             maximum: r.chance(0.3) ? max(r.edge(positive: true), .leastNonzeroMagnitude) : nil, legend: true))
        case .barSeries:
            let t = table(&r)
            return .radialBar(RadialBarChart(maximum: r.chance(0.3) ? max(r.edge(positive: true), .leastNonzeroMagnitude) : nil, legend: true,
                                             format: r.format(), categories: t.categories, series: t.series, stack: t.stack,
                                             labels: MarkLabels.allCases[r.below(3)], ticks: r.chance(0.5)))
        case .polar:
            let (lo, hi) = r.range()
            let angle: PolarAngleAxis.Kind = r.chance(0.5) ? .numbers(minimum: lo, maximum: hi) : .categories(["a", "b", "c"])
            let radius = r.chance(0.5) ? r.range() : (0, 0)
            let axis = PolarRadiusAxis(scale: ScaleType.allCases[r.below(3)], minimum: radius.1 > radius.0 ? radius.0 : nil,
                                       maximum: radius.1 > radius.0 ? radius.1 : nil, format: r.format())
            let series = (0..<(1 + r.below(3))).map { s in
                PolarSeries(name: "P\(s)", points: (0..<(1 + r.below(5))).map { _ in
                    PolarPoint(angle: { if case .categories = angle { return Double(r.below(3)) }; return r.edge() }(), radius: r.edge())
                }, mark: PolarSeries.Mark.allCases[r.below(3)], closed: r.chance(0.5))
            }
            return .polar(PolarChart(angleAxis: PolarAngleAxis(kind: angle, start: r.chance(0.5) ? 0 : -90, sweep: r.chance(0.5) ? 360 : 180), radiusAxis: axis, series: series))
        case .sunburst:
            let children = (0..<(1 + r.below(3))).map { i -> SunburstNode in
                if r.chance(0.5) { return SunburstNode(name: "N\(i)", value: r.edge(positive: true)) }
                return SunburstNode(name: "N\(i)", children: (0..<(1 + r.below(3))).map { SunburstNode(name: "N\(i)-\($0)", value: r.edge(positive: true)) })
            }
            return .sunburst(SunburstChart(children: children))
        }
    }

    /// Every number of a geometry value, with its path, that is not finite (written as `null`).
    static func nonFinite(_ v: JSONOut, _ path: String = "$") -> [String] {
        switch v {
        case .number(let d): return d.isFinite ? [] : [path]
        case .array(let items): return items.enumerated().flatMap { nonFinite($1, path + "[\($0)]") }
        case .object(let fields): return fields.flatMap { nonFinite($1, path + "." + $0) }
        default: return []
        }
    }

    static func unreadable(_ text: String) -> Bool { text.contains("∞") || text.contains("NaN") || text.contains("nan") }

    @Test("random finite values at the edges of a double draw finite frames and geometry, and accepted pages say no ∞ or NaN", arguments: Kind.allCases)
    func edgesOfADouble(kind: Kind) throws {
        var r = Random(state: 0x5EED_0000 &+ UInt64(Kind.allCases.firstIndex(of: kind)!))
        var accepted = 0
        for round in 0..<24 {
            let page = Page(charts: [Self.chart(kind, &r), Self.chart(kind, &r)])
            let what = "\(kind) round \(round): \(page.charts)"
            let accepts = page.arithmeticProblems().isEmpty
            let scene = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
            let frame = Frame()
            for t in [0, 0.35, 1.1, 4.0, scene.settleTime(reduceMotion: false).isFinite ? min(scene.settleTime(reduceMotion: false), 1e4) : 9, 86_400] {
                for reduce in [false, true] {
                    scene.draw(into: frame, FrameRequest(size: Size(640, 720), scale: 1, time: t, theme: .light, reduceMotion: reduce))
                    #expect(frame.firstNonFinite() == nil, "a non-finite number at \(t) s: \(frame.firstNonFinite() ?? "") — \(what)")
                    // What is drawn, mid-animation too (a gauge's number counts along), says no ∞ or NaN.
                    if accepts, let bad = frame.texts.first(where: { Self.unreadable($0.line.text) }) {
                        Issue.record("drawn at \(t) s: \"\(bad.line.text.prefix(80))\" — \(what)")
                    }
                }
            }
            let request = FrameRequest(size: Size(640, 720), scale: 1, time: 0.4, theme: .dark, reduceMotion: false)
            let bad = Self.nonFinite(scene.geometry(request))
            #expect(bad.isEmpty, "geometry writes null for \(bad.prefix(5)) — \(what)")
            let graph = AudioGraph(page: page, formatting: enUS)
            #expect(graph.tones.allSatisfy { $0.frequency.isFinite && $0.pan.isFinite && $0.start.isFinite }, "tones — \(what)")
            _ = AudioGraph(tones: Array(graph.tones.prefix(4))).samples(sampleRate: 8000)
            guard accepts else { continue }
            accepted += 1
            let words = [Descriptions.describe(page, formatting: enUS)] + scene.elements(moment: request.moment).flatMap { [$0.name, $0.value] }
                + graph.tones.map(\.label)
            for text in words where Self.unreadable(text) {
                Issue.record("\"\(text.prefix(120))\" — \(what)")
            }
        }
        #expect(accepted > 0, "the rule accepted none of the \(kind) pages: the test saw no page whole")
    }

    @Test("the audio mapping clamps before it converts: a tone at any place, pitch or pan plays")
    func audioClamps() {
        let tones = [0.0, .nan, 1e308, -1e308].flatMap { x in
            [AudioGraph.Tone(start: 0, duration: 0.05, frequency: x, pan: x, timbre: .value, label: "x", element: ElementRef(chart: 0, key: .gaugeValue)),
             AudioGraph.Tone(start: abs(x).isFinite ? min(abs(x), 0.1) : 0, duration: 0.05, frequency: 440, pan: 0, timbre: .noValue, label: "y",
                             element: ElementRef(chart: 0, key: .gaugeValue))]
        }
        let samples = AudioGraph(tones: tones).samples(sampleRate: 8000)
        #expect(!samples.isEmpty)
        #expect(AudioGraph.sample(.nan) == 0 && AudioGraph.sample(1e308) == .max && AudioGraph.sample(-1e308) == .min)
    }

    @Test("a spring between the ends of a double stays finite and lands on its target")
    func springAtTheEdges() {
        let spring = Spring(duration: 0.9, bounce: 0.25)
        for (from, to) in [(-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude), (-1e308, 1e308), (1.7e308, -1.7e308), (0, 1e308)] {
            for t in stride(from: 0.0, through: 2, by: 0.05) {
                let s = spring.state(at: t, from: from, velocity: 0, to: to)
                #expect(s.value.isFinite && s.velocity.isFinite, "\(from) → \(to) at \(t): \(s)")
            }
            let end = spring.state(at: 20, from: from, velocity: 0, to: to).value
            #expect(abs(end - to) <= abs(to) * 1e-6)
        }
        // Ordinary values are computed as before (no scaling below 2^1000).
        #expect(spring.state(at: 0.3, from: 0, velocity: 0, to: 1).value == spring.value(at: 0.3))
    }

    @Test("shares and interpolations of the widest ranges are finite and in order")
    func sharesAndLerps() {
        let g = Double.greatestFiniteMagnitude
        #expect(Arithmetic.share(0, from: -g, to: g) == 0.5)
        #expect(Arithmetic.share(g, from: -g, to: g) == 1 && Arithmetic.share(-g, from: -g, to: g) == 0)
        #expect(Arithmetic.share(.nan, from: 0, to: 1) == 0)
        #expect(Arithmetic.lerp(from: -g, to: g, 0.5) == 0)
        #expect(Arithmetic.lerp(from: g / 2, to: g, 0.999999).isFinite)
        #expect(Arithmetic.sumFits([g / 2, g / 2]) && !Arithmetic.sumFits([g, g]) && !Arithmetic.sumFits([1.7e308, 1.7e308]))
        #expect(Arithmetic.total([g, g]) == g)
        #expect(Descriptions.roundedPercents([1.7e308, 1.7e308]) == [50, 50])
        // Words are the last line: a number that is not finite is written as the nearest finite one.
        for text in [enUS.format(.infinity, .percent(decimals: 1)), enUS.format(-.infinity, nil), enUS.format(.nan, .currency(code: "EUR", decimals: 2)),
                     enUS.percent(1e307), enUS.percent(.infinity), enUS.number(.nan)] {
            #expect(!Self.unreadable(text), "\(text)")
        }
        // Log ticks stop at the largest power of ten a double holds.
        #expect(ValueScale.logTicks(1, .greatestFiniteMagnitude, count: 4).allSatisfy { $0.isFinite })
    }
    // MARK: - The rule, in files, tables and streams

    static func messages(_ chart: String) -> [String] {
        do { _ = try Spec.decode("{\"charts\": [\(chart)]}"); return [] } catch {
            return error.problems.map { "\($0.path) (\($0.line ?? 0):\($0.column ?? 0)): \($0.message)" }
        }
    }

    static let span = "max − min is more than 1.7976931348623157e+308, the largest number a span can be"
    static let sum = "the values add up to more than 1.7976931348623157e+308, the largest number a total can be"

    @Test("a file is refused by what it computes: a scale's span or a total past the largest double, at the value it comes from")
    func filesRefused() {
        #expect(Self.messages(#"{"type": "gauge", "min": -1e308, "max": 1e308, "value": 1e308}"#)
                == ["charts[0].max (1:53): \(Self.span) (min -1e+308, max 1e+308); narrow the scale"])
        #expect(Self.messages(#"{"type": "radar", "axes": ["A", {"name": "B", "min": -1e308, "max": 1e308}, "C"], "series": []}"#)
                == ["charts[0].axes[1].max (1:81): \(Self.span) (min -1e+308, max 1e+308); narrow the scale"])
        #expect(Self.messages(#"{"type": "rose", "sectors": [{"name": "a", "value": 1.7e308}, {"name": "b", "value": 1.7e308}]}"#)
                == ["charts[0].sectors (1:41): \(Self.sum)"])
        #expect(Self.messages(#"{"type": "donut", "layers": [[{"name": "a", "value": 1}], [{"name": "a", "value": 1.7e308}, {"name": "b", "value": 1.7e308}]]}"#)
                == ["charts[0].layers[1] (1:71): \(Self.sum)"])
        #expect(Self.messages(#"{"type": "sunburst", "children": [{"name": "a", "value": 1}, {"name": "b", "value": 1.7e308, "children": [{"name": "c", "value": 1e308}, {"name": "d", "value": 1e308}]}]}"#)
                == ["charts[0].children[1].children (1:118): \(Self.sum)"])
        // The widest spans and totals that fit are drawn.
        #expect(Self.messages(#"{"type": "gauge", "min": -8e307, "max": 8e307, "value": 1}"#) == [])
        #expect(Self.messages(#"{"type": "rose", "sectors": [{"name": "a", "value": 8e307}, {"name": "b", "value": 8e307}]}"#) == [])
    }

    @Test("a table and a stream are refused by the same rule")
    func tablesAndStreamsRefused() {
        do {
            _ = try CSV.page(Array("name,value\na,1.7e308\nb,1.7e308\n".utf8), path: "t.csv", options: CSV.Options(type: .rose))
            Issue.record("a rose table past the largest total was accepted")
        } catch {
            #expect(error.lines.contains { $0.contains(Self.sum) }, "\(error.lines)")
        }
        var s = PageStream()
        s.feed(Array((#"{"charts": [{"type": "gauge", "min": 0, "max": 1e308, "value": 5}]}"# + "\n"
                      + #"{"charts": [{"type": "rose", "sectors": [{"name": "a", "value": 1e308}, {"name": "b", "value": 1}]}]}"# + "\n"
                      + #"{"update": "charts[0].sectors[1].value", "value": 1.7e308}"# + "\n").utf8))
        #expect(s.problems == ["line 3: charts[0].sectors[1].value: charts[0].sectors: \(Self.sum)"], "\(s.problems)")
        guard case .rose(let r)? = s.page?.charts[0] else { Issue.record("no rose"); return }
        #expect(r.sectors.map(\.value) == [1e308, 1])
    }

    @Test("a page made in Swift is held to the same rule")
    func swiftRule() {
        let page = Page(charts: [.gauge(GaugeChart(value: 1, minimum: -1e308, maximum: 1e308)), .pie(PieChart(sectors: [PieSector(name: "a", value: 1)]))])
        #expect(page.arithmeticProblems().map(\.description) == ["charts[0].max: \(Self.span) (min -1e+308, max 1e+308); narrow the scale"])
    }
}
