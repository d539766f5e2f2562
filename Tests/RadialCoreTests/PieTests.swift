import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

private func piesScene() -> PageScene {
    PageScene(page: Demo.pies.page, measurer: TestMeasurer(), formatting: enUS)
}

private func pies(_ scene: PageScene) -> [PieItem] { scene.items.compactMap { $0 as? PieItem } }

/// The sum of the arrived shares of a pie at `t`.
private func shareSum(_ pie: PieItem, _ t: Double) -> Double {
    (0..<pie.arrivedCount(moment: Moment(time: t, reduceMotion: false))).reduce(0) { $0 + pie.share($1, moment: Moment(time: t, reduceMotion: false)) }
}

@Suite("Pie")
struct PieTests {
    @Test("sectors arrive every 0.8 s: earnings at 0.8, 1.6, 2.4, then expenses at 3.2, 4.0, 4.8")
    func arrivals() {
        let p = pies(piesScene())
        #expect(p.count == 2)
        let expected = [[0.8, 1.6, 2.4], [3.2, 4.0, 4.8]]
        for (pie, times) in zip(p, expected) {
            #expect(pie.arrivals.count == 3)
            for (a, b) in zip(pie.arrivals, times) { #expect(close(a, b, 1e-9)) }
        }
        #expect(p[0].arrivedCount(moment: Moment(time: 0, reduceMotion: false)) == 0)
        #expect(p[0].arrivedCount(moment: Moment(time: 0.79, reduceMotion: false)) == 0)
        #expect(p[0].arrivedCount(moment: Moment(time: 0.81, reduceMotion: false)) == 1)
        #expect(p[0].arrivedCount(moment: Moment(time: 2.5, reduceMotion: false)) == 3)
        #expect(p[1].arrivedCount(moment: Moment(time: 3.1, reduceMotion: false)) == 0)
        #expect(p[1].arrivedCount(moment: Moment(time: 4.1, reduceMotion: false)) == 2)
        #expect(p[1].arrivedCount(moment: Moment(time: 100, reduceMotion: false)) == 3)
    }

    @Test("the arrived shares add up to 1 at any time after the first arrival")
    func sharesSumToOne() {
        let scene = piesScene()
        for pie in pies(scene) {
            var t = pie.arrivals[0], worst = (time: 0.0, sum: 1.0)
            while t < 10 {
                let sum = shareSum(pie, t)
                if abs(sum - 1) > abs(worst.sum - 1) { worst = (t, sum) }
                t += 0.005
            }
            #expect(close(worst.sum, 1, 1e-9), "the shares add up to \(worst.sum) at t = \(worst.time)")
            for a in pie.arrivals {
                #expect(close(shareSum(pie, a), 1, 1e-9))
                #expect(close(shareSum(pie, a + 1e-6), 1, 1e-9))
            }
        }
    }

    @Test("a new sector starts at share 0 and grows")
    func newSectorStartsAtZero() {
        for pie in pies(piesScene()) {
            for i in 1..<3 {
                let a = pie.arrivals[i]
                #expect(pie.share(i, moment: Moment(time: a, reduceMotion: false)) == 0)
                #expect(pie.share(i, moment: Moment(time: a - 0.5, reduceMotion: false)) == 0)
                #expect(pie.share(i, moment: Moment(time: a + 0.1, reduceMotion: false)) > 0)
            }
            // The first sector is the whole pie at once.
            #expect(pie.share(0, moment: Moment(time: pie.arrivals[0], reduceMotion: false)) == 1)
        }
    }

    @Test("every share's value and velocity are continuous across each arrival")
    func continuity() {
        for pie in pies(piesScene()) {
            for a in pie.arrivals.dropFirst() {
                for i in 0..<3 {
                    let before = pie.shareState(i, time: a - 1e-7), after = pie.shareState(i, time: a + 1e-7)
                    #expect(close(before.value, after.value, 1e-5), "sector \(i) at \(a)")
                    #expect(close(before.velocity, after.velocity, 1e-3), "sector \(i) at \(a)")
                }
            }
        }
    }

    @Test("the shares move on spring(0.8, 0.3) towards value / arrived total")
    func springTargets() {
        let pie = pies(piesScene())[0]
        // Between the second and third arrival Tax Return heads for 50 / 120 from its state at 1.6.
        let s = pie.shareState(0, time: 1.6)
        let reference = Spring(duration: 0.8, bounce: 0.3).state(at: 0.5, from: s.value, velocity: s.velocity, to: 50.0 / 120)
        #expect(close(pie.share(0, moment: Moment(time: 2.1, reduceMotion: false)), reference.value, 1e-9))
    }

    @Test("the final shares are value / total")
    func finalShares() {
        let p = pies(piesScene())
        let earnings = [50.0, 70, 1000], expenses = [80.0, 100, 20]
        for (pie, values) in zip(p, [earnings, expenses]) {
            let total = values.reduce(0, +)
            for i in 0..<3 {
                #expect(close(pie.share(i, moment: Moment(time: 20, reduceMotion: false)), values[i] / total, 1e-9))
                #expect(close(pie.shareState(i, time: 1e6).value, values[i] / total, 1e-12))
            }
        }
        #expect(close(p[0].settleTime(reduceMotion: false), 2.4 + 1.6, 1e-9))
        #expect(close(p[1].settleTime(reduceMotion: false), 4.8 + 1.6, 1e-9))
        #expect(piesScene().settleTime(reduceMotion: false) > 5.9)
        #expect(piesScene().settleTime(reduceMotion: true) == 0)
    }

    @Test("reduce motion shows every sector at its final share from t = 0")
    func reduceMotion() {
        let p = pies(piesScene())
        for (pie, values) in zip(p, [[50.0, 70, 1000], [80.0, 100, 20]]) {
            #expect(pie.arrivedCount(moment: Moment(time: 0, reduceMotion: true)) == 3)
            for i in 0..<3 { #expect(close(pie.share(i, moment: Moment(time: 0, reduceMotion: true)), values[i] / values.reduce(0, +), 1e-12)) }
        }
        let scene = piesScene()
        let g = scene.geometry(FrameRequest(size: Size(900, 600), scale: 1, time: 0, theme: .light, reduceMotion: true))
        let charts = g[key: "charts"]?.items ?? []
        #expect(charts.count == 2)
        for chart in charts { #expect(chart[key: "sectors"]?.items.count == 3) }
        #expect(charts[0][key: "title"]?.text == "Earnings $1,120.00")
        #expect(charts[1][key: "title"]?.text == "Expenses $200.00")
        let end = charts[0][key: "sectors"]?[index: 0]?[key: "endAngle"]?.number ?? -1
        #expect(close(end, 360 * 50 / 1120, 1e-9))
    }

    @Test("geometry sector angles are contiguous, non-decreasing and end at 360")
    func geometryAngles() {
        let scene = piesScene()
        var t = 0.0
        var worstEnd = (time: 0.0, end: 360.0), gaps = 0
        while t < 8 {
            let g = scene.geometry(FrameRequest(size: Size(900, 600), scale: 1, time: t, theme: .light, reduceMotion: false))
            for chart in g[key: "charts"]?.items ?? [] {
                #expect(chart[key: "type"]?.text == "pie")
                let sectors = chart[key: "sectors"]?.items ?? []
                var last = 0.0
                for s in sectors {
                    let a = s[key: "startAngle"]?.number ?? .nan, b = s[key: "endAngle"]?.number ?? .nan
                    if !close(a, last, 1e-9) || b < a - 1e-12 { gaps += 1 }
                    last = b
                }
                if !sectors.isEmpty && abs(last - 360) > abs(worstEnd.end - 360) { worstEnd = (t, last) }
            }
            t += 0.05
        }
        #expect(gaps == 0, "sectors that do not start where the previous one ends, or run backwards")
        #expect(close(worstEnd.end, 360, 1e-6), "the last sector ends at \(worstEnd.end)° at t = \(worstEnd.time)")
    }

    @Test("the title shows the total of the arrived sectors")
    func titles() {
        let scene = piesScene()
        func titles(_ t: Double) -> [String] {
            (scene.geometry(FrameRequest(size: Size(900, 600), scale: 1, time: t, theme: .light, reduceMotion: false))[key: "charts"]?.items ?? [])
                .compactMap { $0[key: "title"]?.text }
        }
        #expect(titles(0) == ["Earnings $0.00", "Expenses $0.00"])
        #expect(titles(1.0) == ["Earnings $50.00", "Expenses $0.00"])
        #expect(titles(2.0) == ["Earnings $120.00", "Expenses $0.00"])
        #expect(titles(3.5) == ["Earnings $1,120.00", "Expenses $80.00"])
        #expect(titles(6) == ["Earnings $1,120.00", "Expenses $200.00"])
    }

    @Test("sectors get the categorical palette in order, per chart")
    func colors() {
        let scene = piesScene()
        let g = scene.geometry(FrameRequest(size: Size(900, 600), scale: 1, time: 10, theme: .light, reduceMotion: false))
        let charts = g[key: "charts"]?.items ?? []
        let expected = [SystemColor.blue, .green, .orange].map { $0.resolved(.light).hexString }
        for chart in charts {
            #expect((chart[key: "sectors"]?.items ?? []).compactMap { $0[key: "color"]?.text } == expected)
        }
    }

    @Test("a pie whose sectors all appear at once is whole from the first frame")
    func appearAll() {
        let page = Page(charts: [.pie(PieChart(sectors: [PieSector(name: "A", value: 1), PieSector(name: "B", value: 3)], appear: .all))])
        let pie = pies(PageScene(page: page, measurer: TestMeasurer(), formatting: enUS))[0]
        #expect(pie.arrivedCount(moment: Moment(time: 0, reduceMotion: false)) == 2)
        #expect(close(pie.share(0, moment: Moment(time: 0, reduceMotion: false)) + pie.share(1, moment: Moment(time: 0, reduceMotion: false)), 1, 1e-9))
        #expect(close(pie.share(1, moment: Moment(time: 5, reduceMotion: false)), 0.75, 1e-9))
    }
}

@Suite("Pie annotations")
struct PieAnnotationTests {
    @Test("annotation cards never overlap each other and stay between the title and the legend",
          arguments: [Size(300, 300), Size(600, 400), Size(900, 900)])
    func placement(size: Size) throws {
        let sectors = (0..<14).map { PieSector(name: "Sector \($0)", value: Double(1 + ($0 * 7) % 5)) }
        let page = Page(charts: [.pie(PieChart(title: "Crowded", sectors: sectors, innerRadius: 0.5, annotations: true, appear: .all))])
        let (scene, _) = drawn(page, size: size, at: 5)
        let pie = try #require(scene.items[0] as? PieItem)
        // Every sector has a card or is counted in the note; at 300×300 there is room for none.
        #expect(Set(pie.annotations.map(\.sector)).union(pie.unlabeled).count == sectors.count)
        #expect(size.width < 400 || !pie.annotations.isEmpty)
        // (The ring may give way to its cards: they keep under the title, not only under the ring's top.)
        let title = try #require(pie.headerBottom)
        for (i, a) in pie.placed.enumerated() {
            for b in pie.placed[(i + 1)...] { #expect(!PieItem.overlaps(a, b), "\(a) overlaps \(b)") }
            #expect(a.minY >= title, "\(a) reaches into the title row (its bottom \(title))")
            #expect(a.minY >= pie.ringRoom.minY - 4 - 1e-9, "\(a) above the ring's room \(pie.ringRoom)")
        }
    }
}

@Suite("Pie arrival interval")
struct PieIntervalTests {
    /// A spec's own interval, not the seed's 0.8 s: sectors arrive at 0.3, 0.6, 0.9, 1.2 s, and
    /// `--geometry` (what was drawn) shows that many.
    @Test("sectors arrive `interval` apart, as drawn", arguments: [0.3, 1.7])
    func interval(_ interval: Double) {
        let chart = PieChart(title: "Spend", sectors: [PieSector(name: "A", value: 1), PieSector(name: "B", value: 2),
                                                        PieSector(name: "C", value: 3), PieSector(name: "D", value: 4)],
                             innerRadius: 0.5, appear: .sequence(interval: interval))
        let scene = PageScene(page: Page(charts: [.pie(chart)]), measurer: TestMeasurer(), formatting: enUS)
        func drawnSectors(at t: Double) -> Int {
            let g = scene.geometry(FrameRequest(size: Size(500, 600), scale: 1, time: t, theme: .light, reduceMotion: false))
            return g[key: "charts"]?[index: 0]?[key: "sectors"]?.items.count ?? -1
        }
        #expect(drawnSectors(at: interval * 0.9) == 0)
        for k in 1...4 {
            #expect(drawnSectors(at: interval * (Double(k) + 0.1)) == k, "at \(k) intervals + 10 %")
            #expect(drawnSectors(at: interval * (Double(k) - 0.1)) == k - 1, "at \(k) intervals − 10 %")
        }
        #expect(drawnSectors(at: 100) == 4)
    }
}
