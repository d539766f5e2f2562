import Foundation
import Testing
@testable import RadialCore

/// Hostile but valid input: every frame finite, work bounded, reloads that forget what is gone.
@Suite("Reliability")
struct ReliabilityTests {
    private func refusal(_ json: String) -> String {
        do { _ = try Spec.decode(json); return "" } catch { return error.description }
    }

    /// Draws `page` at each time and size, and returns the first non-finite value found.
    private func nonFinite(_ page: Page, times: [Double], sizes: [Size] = [Size(800, 800)]) -> String? {
        let scene = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
        let frame = Frame()
        for size in sizes {
            for t in times {
                scene.draw(into: frame, FrameRequest(size: size, scale: 1, time: t, theme: .light, reduceMotion: false))
                if let bad = frame.firstNonFinite() { return "\(bad) at t = \(t), \(size)" }
            }
        }
        return nil
    }

    // MARK: - Finite by construction

    @Test("a scan of a subnormal or tiny duration is refused, naming the limit")
    func tinyScanDurationRefused() {
        for d in ["5e-324", "2.2250738585072014e-308", "1e-305", "0.01"] {
            let message = refusal("{\"charts\":[{\"type\":\"scan\",\"duration\":\(d)}]}")
            #expect(message.contains("charts[0].duration") && message.contains("from 0.05 to 3600"), "\(d): \(message)")
        }
        #expect(refusal("{\"charts\":[{\"type\":\"scan\",\"fade\":1e-300}]}").contains("from 0.05 to 3600"))
        #expect(refusal("{\"charts\":[{\"type\":\"pie\",\"sectors\":[],\"appear\":{\"interval\":1e-300}}]}").contains("from 0.01 to 10"))
        #expect(refusal("{\"charts\":[{\"type\":\"scan\",\"duration\":0.05,\"fade\":3600}]}") == "")
    }

    @Test("a scan of a subnormal duration still draws finite frames at any time up to a day")
    func tinyScanDurationIsFinite() {
        for d in [Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, 1e-305, 0.05, 3600] {
            for t in [0, 1e-9, 5, 86_400, 86_399.999] {
                let r = ScanItem.rotation(time: t, duration: d, reduceMotion: false)
                #expect(r.isFinite && r >= 0 && r <= 360, "duration \(d) at \(t): \(r)")
            }
            let chart = ScanChart(duration: d, blips: [Blip(angle: 30, distance: 0.5, label: "A")], fade: d)
            #expect(nonFinite(Page(charts: [.scan(chart)]), times: [0, 5, 86_400]) == nil, "duration \(d)")
        }
    }

    @Test("a large time wraps to the same beam angle as a small one")
    func rotationWrapsExactly() {
        #expect(close(ScanItem.rotation(time: 86_400 + 0.75, duration: 3, reduceMotion: false), 90, 1e-6))
        #expect(close(ScanItem.rotation(time: 1.5, duration: 3, reduceMotion: false), 180, 1e-12))
    }

    @Test("doubles become integers only through the checked helper, which never traps")
    func checkedInt() {
        #expect(Int(checked: .nan) == 0)
        #expect(Int(checked: .infinity) == Int(Int32.max) && Int(checked: -.infinity) == Int(Int32.min))
        #expect(Int(checked: 1e300) == Int(Int32.max))
        #expect(Int(checked: 2.5, rounding: .down) == 2 && Int(checked: 2.5, rounding: .up) == 3)
        #expect(Int(checked: -2.5, rounding: .toNearestOrAwayFromZero) == -3)
    }

    @Test("a frame with a NaN in it is caught and named")
    func frameCheckNamesNaN() {
        let frame = Frame()
        frame.add(SectorInstance(center: .zero, innerRadius: 0, outerRadius: 10, startAngle: 0, endAngle: .nan,
                                 halfInset: 0, cornerRadius: 0, color: .white))
        #expect(frame.firstNonFinite() == "sectors[0]")
    }

    @Test("pie values that add up past the largest double are refused, naming the limit")
    func overflowingTotalRefused() {
        let message = refusal("{\"charts\":[{\"type\":\"pie\",\"sectors\":[{\"name\":\"a\",\"value\":1.7e308},{\"name\":\"b\",\"value\":1.7e308}]}]}")
        #expect(message.contains("charts[0].sectors (line 1, column 36): the values add up to more than 1.7976931348623157e+308, the largest number a total can be"), "\(message)")
        #expect(refusal("{\"charts\":[{\"type\":\"pie\",\"sectors\":[{\"name\":\"a\",\"value\":1e308},{\"name\":\"b\",\"value\":7e307}]}]}") == "")
    }

    // MARK: - Bounded work

    /// A pie of `n` sectors named s0, s1, … with values 1, 2, ….
    private func bigPie(_ n: Int, prefix: String = "s") -> PieChart {
        PieChart(sectors: (0..<n).map { PieSector(name: "\(prefix)\($0)", value: Double($0 % 97 + 1)) }, annotations: true)
    }

    @Test("a 4096-sector pie keeps animation state linear in its sectors, not one spring segment per pair")
    func pieArrivalIsLinear() {
        let scene = PageScene(page: Page(charts: [.pie(bigPie(SpecLimits.sectors))]), measurer: TestMeasurer(), formatting: enUS)
        let pie = scene.items[0] as! PieItem
        // n²/2 segments of 4 numbers each would be 33 million.
        #expect(pie.retainedAnimationValues <= 8 * SpecLimits.sectors, "\(pie.retainedAnimationValues) values")
        let t = pie.arrivals[2000] + 0.3
        let sum = (0..<pie.arrivedCount(moment: Moment(time: t, reduceMotion: false))).reduce(0) { $0 + pie.share($1, moment: Moment(time: t, reduceMotion: false)) }
        #expect(close(sum, 1, 1e-9))
    }

    @Test("shares match the spring-per-sector reference for any schedule: pauses, ties, zero values")
    func pieArrivalsMatchReference() {
        var rng = SplitMix(seed: 12)
        for _ in 0..<40 {
            let n = Int(rng.next() % 12) + 1
            var times: [Double] = [], t = 0.0
            for _ in 0..<n {
                switch rng.next() % 4 {
                case 0: break                      // together with the previous one
                case 1: t += 2.5                   // after everything has come to rest
                default: t += 0.1 + Double(rng.next() % 100) / 100
                }
                times.append(t)
            }
            let values = (0..<n).map { _ in rng.next() % 5 == 0 ? 0 : Double(rng.next() % 1000) / 10 }
            let reference = referenceShares(times: times, values: values)
            let track = PieArrivals(times: times, values: values, spring: .pieArrival)
            var at = -0.5
            while at < t + 3 {
                for i in 0..<n {
                    let a = track.state(i, at: at), b = reference[i].state(at: at)
                    let arrived = times[i] <= at
                    #expect(close(arrived ? a.value : 0, arrived ? b.value : 0, 1e-9), "sector \(i) of \(times) \(values) at \(at)")
                    #expect(close(arrived ? a.velocity : 0, arrived ? b.velocity : 0, 1e-7), "sector \(i) velocity at \(at)")
                }
                at += 0.037
            }
        }
    }

    /// The old schedule: one spring per sector, retargeted at every arrival (n² segments).
    private func referenceShares(times: [Double], values: [Double]) -> [AnimatedValue] {
        var shares = Array(repeating: AnimatedValue(0, spring: .pieArrival), count: times.count)
        var sum = 0.0
        for k in 0..<times.count {
            sum += values[k]
            let before = sum - values[k]
            for i in 0...k {
                let target = sum > 0 ? values[i] / sum : (i == 0 ? 1 : 0)
                if before <= 0 || (k + 1 < times.count && times[k + 1] == times[k]) || (k > 0 && times[k - 1] == times[k]) {
                    shares[i].set(target, at: times[k])
                } else {
                    shares[i].retarget(to: target, at: times[k])
                }
            }
        }
        return shares
    }

    @Test("44 pies of 4096 sectors are refused by the page budget, naming the limit")
    func pageSectorBudget() {
        let sectors = Array(repeating: "{\"name\":\"a\",\"value\":1}", count: SpecLimits.sectors).joined(separator: ",")
        let pie = "{\"type\":\"pie\",\"sectors\":[\(sectors)]}"
        let file = "{\"charts\":[\(Array(repeating: pie, count: 44).joined(separator: ","))]}"
        #expect(file.utf8.count <= SpecLimits.fileBytes)   // inside every per-chart limit
        let message = refusal(file)
        #expect(message.contains("charts (line 1, column 11): 180224 sectors in all the pies, roses and sunbursts together; the limit for a page is \(SpecLimits.pageSectors)"), "\(message.prefix(300))")
        // At the budget: two full pies are accepted and draw finite frames.
        let two = "{\"charts\":[\(pie),\(pie)]}"
        #expect(refusal(two) == "")
        let page = try! Spec.decode(two)
        #expect(nonFinite(page, times: [0, 1, 1000, 3300, 6600, 86_400]) == nil)
    }

    @Test("radars over the page budget of axes × series are refused, naming the limit")
    func pageRadarBudget() {
        let axes = (0..<512).map { "\"a\($0)\"" }.joined(separator: ",")
        let series = (0..<64).map { "{\"name\":\"s\($0)\",\"values\":[]}" }.joined(separator: ",")
        let radar = "{\"type\":\"radar\",\"axes\":[\(axes)],\"series\":[\(series)]}"
        #expect(refusal("{\"charts\":[\(radar)]}") == "")
        #expect(refusal("{\"charts\":[\(radar),\(radar)]}").contains("65536 radar corners (axes × series) in all the radars together; the limit for a page is 32768"))
    }

    // MARK: - Reload forgets

    private func radarPage(generation g: Int) -> Page {
        Page(charts: [.radar(RadarChart(axes: ["A", "B", "C", "D", "E", "F"], series: (0..<64).map {
            RadarSeries(name: "g\(g)-s\($0)", values: [10, 20, 30, 40, 50, Double(g % 100)], color: .system(.teal))
        }))])
    }

    @Test("reloading a radar 1,000 times with fresh series names keeps the retained shapes bounded")
    func radarReloadForgets() {
        var scene = PageScene(page: radarPage(generation: 0), measurer: TestMeasurer(), formatting: enUS)
        let frame = Frame()
        var worst = 0
        for g in 1...1000 {
            let t = Double(g)   // a reload a second: the last one's leavers are still shrinking
            scene = PageScene(page: radarPage(generation: g), measurer: TestMeasurer(), formatting: enUS, continuing: scene, at: t)
            if g % 100 == 0 { scene.draw(into: frame, FrameRequest(size: Size(800, 800), scale: 1, time: t + 0.5, theme: .light, reduceMotion: false)) }
            worst = max(worst, (scene.items[0] as! RadarItem).retainedShapes)
        }
        // 64 series and the 64 that are still leaving from the last reload, at most twice over.
        #expect(worst <= 3 * 64, "\(worst) shapes retained")
        // Once the last exit is over, a reload keeps only the series.
        let settled = PageScene(page: radarPage(generation: 2000), measurer: TestMeasurer(), formatting: enUS, continuing: scene, at: 1000 + 10)
        let later = PageScene(page: radarPage(generation: 2001), measurer: TestMeasurer(), formatting: enUS, continuing: settled, at: 1000 + 20)
        #expect((later.items[0] as! RadarItem).retainedShapes == 128)
        #expect(frame.firstNonFinite() == nil)
    }

    @Test("reloading a pie 1,000 times with fresh sector names keeps the retained state bounded")
    func pieReloadForgets() {
        func page(_ g: Int) -> Page { Page(charts: [.pie(bigPie(16, prefix: "g\(g)-"))]) }
        var scene = PageScene(page: page(0), measurer: TestMeasurer(), formatting: enUS)
        var worst = 0
        for g in 1...1000 {
            scene = PageScene(page: page(g), measurer: TestMeasurer(), formatting: enUS, continuing: scene, at: 100 + Double(g))
            let pie = scene.items[0] as! PieItem
            worst = max(worst, pie.retainedAnimationValues)
            #expect(pie.ghostCount <= 16)
        }
        // 16 sectors and 16 leaving, each a spring of two segments of four numbers.
        #expect(worst <= 2 * 16 * 2 * 4, "\(worst) values retained")
    }
}

/// A small deterministic random number generator for tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Reliability: small things")
struct SmallReliabilityTests {
    @Test("an all-zero donut with its total in the center says only \"No data\"")
    func emptyDonutSaysNoData() {
        let donut = PieChart(sectors: [PieSector(name: "A", value: 0), PieSector(name: "B", value: 0)], innerRadius: 0.5, centerLabel: .total)
        let (_, frame) = drawn(Page(charts: [.pie(donut)]), size: Size(600, 600), at: 100)
        let texts = frame.texts.map(\.text)
        #expect(texts.contains("No data"))
        #expect(!texts.contains("$0.00"), "\(texts)")
    }

    @Test("control characters in any string are refused: NUL would be drawn as a box")
    func controlCharactersRefused() {
        do {
            _ = try Spec.decode("{\"title\":\"a\\u0000b\",\"charts\":[{\"type\":\"scan\",\"blips\":[{\"angle\":1,\"distance\":0.5,\"label\":\"x\\ty\"}]}]}")
            Issue.record("decoded")
        } catch {
            let text = error.description
            #expect(text.contains("title (line 1, column 10): a control character (U+0000) at character 2"), "\(text)")
            #expect(text.contains("charts[0].blips[0].label") && text.contains("(U+0009) at character 2"), "\(text)")
        }
    }
}

/// Every file in Regressions/ (inputs that once crashed or misbehaved, from issues and from
/// `make fuzz`) is either refused with a message or drawn with finite frames at any time.
@Suite("Regression files")
struct RegressionFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")
    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("is refused or drawn finite", arguments: files)
    func regression(file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let page: Page
        do { page = try Spec.decode(bytes) } catch {
            #expect(!error.description.isEmpty)
            return
        }
        let scene = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
        let frame = Frame()
        for t in [0, 1e-9, 0.5, 1.2, 3, 5, 86_400] {
            for (size, scale) in [(Size(800, 800), 1.0), (Size(16, 16), 2.0)] {
                scene.draw(into: frame, FrameRequest(size: size, scale: scale, time: t, theme: .light, reduceMotion: false))
                #expect(frame.firstNonFinite() == nil, "\(file) at \(t)")
            }
        }
        // --geometry is JSON whatever the numbers (a bare `inf` once slipped through).
        let json = scene.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 5, theme: .light, reduceMotion: false)).serialized()
        #expect((try? JSONParser.parse(Array(json.utf8), maxDepth: 64)) != nil, "\(file): --geometry is not JSON")
    }

    @Test("the folder holds the issue's files")
    func present() { #expect(Self.files.count >= 8) }
}
