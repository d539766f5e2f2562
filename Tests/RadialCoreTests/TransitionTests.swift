@testable import RadialCore
import RadialTestSupport
import Testing

/// Reload transitions: a page continuing from the one it replaces morphs instead of replaying.
@Suite("Reload transitions")
struct TransitionTests {
    let measurer = TestMeasurer()
    let fmt = Formatting(localeIdentifier: "en_US")

    func radarPage(_ series: [(String, [Double])]) -> Page {
        Page(charts: [.radar(RadarChart(axes: ["A", "B", "C", "D"], series: series.map {
            RadarSeries(name: $0.0, values: $0.1, color: .system(.teal))
        }))])
    }

    func shares(_ scene: PageScene, at t: Double) -> [String: [Double]] {
        let r = scene.items[0] as! RadarItem
        var out: [String: [Double]] = [:]
        for s in r.displayedShares(time: t) { if let n = s.name { out[n] = s.shares.map(\.value) } }
        return out
    }

    @Test("radar corners start where the old chart had them, mid-growth, and spring to the new values")
    func radarMorph() {
        let old = PageScene(page: radarPage([("X", [50, 50, 50, 50])]), measurer: measurer, formatting: fmt)
        let t = 0.3   // the old chart is still growing
        let before = shares(old, at: t)["X"]!
        let new = PageScene(page: radarPage([("X", [100, 20, 50, 0])]), measurer: measurer, formatting: fmt, continuing: old, at: t)
        let at = shares(new, at: t)["X"]!
        for a in 0..<4 { #expect(close(at[a], before[a], 1e-12)) }
        // Velocity carries over too: a hair later both move the same way.
        let oldLater = shares(old, at: t + 1e-4)["X"]!, newLater = shares(new, at: t + 1e-4)["X"]!
        #expect(close(oldLater[2], newLater[2], 1e-6))   // axis C keeps its target (50): same path
        #expect(shares(new, at: t + 5)["X"]! == [1, 0.2, 0.5, 0])
        #expect(new.settleTime(reduceMotion: false) == t + 1.8)
        #expect(new.isContinuation && !old.isContinuation)
    }

    @Test("a new series grows from the center and a removed one shrinks away")
    func radarAddRemove() {
        let old = PageScene(page: radarPage([("Gone", [80, 80, 80, 80]), ("Kept", [40, 40, 40, 40])]), measurer: measurer, formatting: fmt)
        let new = PageScene(page: radarPage([("Kept", [40, 40, 40, 40]), ("New", [60, 60, 60, 60])]), measurer: measurer, formatting: fmt, continuing: old, at: 5)
        let r = new.items[0] as! RadarItem
        let shapes = r.displayedShares(time: 5)
        #expect(shapes.count == 3)
        #expect(shapes[2].name == nil && close(shapes[2].shares[0].value, 0.8))   // the leaving one, where it was
        #expect(shares(new, at: 5)["New"]! == [0, 0, 0, 0])
        #expect(close(shares(new, at: 5.4)["New"]![0], Spring.radarGrowth.value(at: 0.4) * 0.6, 1e-9))
        #expect(r.displayedShares(time: 10)[2].shares.allSatisfy { $0.value == 0 })
        // The geometry reports only the series that are data now.
        let g = new.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 5.2, theme: .light, reduceMotion: false)).serialized()
        #expect(g.contains("\"Kept\"") && g.contains("\"New\"") && !g.contains("\"Gone\""))
    }

    @Test("a radar whose axes changed in number grows anew from the reload")
    func radarAxesChanged() {
        let old = PageScene(page: radarPage([("X", [50, 50, 50, 50])]), measurer: measurer, formatting: fmt)
        let page = Page(charts: [.radar(RadarChart(axes: ["A", "B", "C"], series: [RadarSeries(name: "X", values: [1, 2, 3], color: .system(.red))]))])
        let new = PageScene(page: page, measurer: measurer, formatting: fmt, continuing: old, at: 7)
        let r = new.items[0] as! RadarItem
        #expect(r.growth(moment: Moment(time: 7, reduceMotion: false)) == 0)
        #expect(close(r.growth(moment: Moment(time: 7.45, reduceMotion: false)), Spring.radarGrowth.value(at: 0.45)))
    }

    func piePage(_ sectors: [(String, Double)]) -> Page {
        Page(charts: [.pie(PieChart(title: "P", sectors: sectors.map { PieSector(name: $0.0, value: $0.1) }))])
    }

    func pieAngles(_ scene: PageScene, at t: Double) -> [(String, Double, Double)] {
        let g = scene.geometry(FrameRequest(size: Size(600, 600), scale: 1, time: t, theme: .light, reduceMotion: false))
        guard case .object(let top) = g, case .array(let charts)? = top.first(where: { $0.0 == "charts" })?.1,
              case .object(let chart) = charts[0], case .array(let sectors)? = chart.first(where: { $0.0 == "sectors" })?.1 else { return [] }
        return sectors.compactMap { s in
            guard case .object(let f) = s, case .string(let n)? = f.first(where: { $0.0 == "name" })?.1,
                  case .number(let a)? = f.first(where: { $0.0 == "startAngle" })?.1,
                  case .number(let b)? = f.first(where: { $0.0 == "endAngle" })?.1 else { return nil }
            return (n, a, b)
        }
    }

    @Test("pie sectors spring from their old angles to their new ones, leaving ones shrink in place, and the circle stays whole")
    func pieMorph() {
        let old = PageScene(page: piePage([("A", 1), ("B", 1), ("C", 2)]), measurer: measurer, formatting: fmt)
        let t = 10.0
        let before = pieAngles(old, at: t)
        let new = PageScene(page: piePage([("A", 1), ("C", 1), ("D", 2)]), measurer: measurer, formatting: fmt, continuing: old, at: t)
        let now = pieAngles(new, at: t)
        // A keeps its place; B leaves (no longer reported) but still takes its room, so C starts where it did.
        #expect(close(now[0].1, before[0].1) && close(now[0].2, before[0].2))
        #expect(now[1].0 == "C" && close(now[1].1, before[2].1))
        #expect(now[2].0 == "D" && close(now[2].2 - now[2].1, 0))   // new: zero width
        for dt in stride(from: 0.0, through: 2.0, by: 0.05) {
            let pie = new.items[0] as! PieItem
            #expect(close(pie.shareSum(time: t + dt), 1, 1e-9), "at +\(dt)")
        }
        let settled = pieAngles(new, at: t + 5)
        #expect(close(settled[0].2, 90) && close(settled[1].2, 180) && close(settled[2].2, 360))
        #expect(new.settleTime(reduceMotion: false) == t + 1.6)
    }
}
