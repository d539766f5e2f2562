import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialTestSupport
import RadialGL
import Testing

extension GoldenPages {
    /// The radial family's gallery pages, each in light and dark, at two sizes, at rest and mid-spring.
    static var family: [Case] {
        var out: [Case] = []
        for demo in [Demo.gauge, .rings, .rose, .bars, .sunburst, .donuts] {
            for (t, theme, size) in [(5.0, Theme.light, Size(560, 640)), (0.35, .dark, Size(560, 640)),
                                     (5.0, .dark, Size(380, 440)), (0.35, .light, Size(380, 440))] {
                out.append(Case(name: "\(demo.rawValue)-\(t)-\(theme.rawValue)-\(Int(size.width))", page: { demo.page },
                                size: size, scale: 1, time: t, theme: theme))
            }
        }
        return out
    }
}

@Suite("The radial family rendered", .serialized)
struct FamilyRenderTests {
    @Test("Goldens: every family page light and dark, two sizes, at rest and mid-spring", arguments: GoldenPages.family)
    func golden(_ c: GoldenPages.Case) throws {
        let (image, _) = try GLTestContext.render(try c.page(), size: c.size, scale: c.scale, at: c.time, theme: c.theme)
        try Goldens.check(image, named: c.name)
    }

    /// A ring past its goal, measured in pixels: its last lap's round end cap reaches past the end
    /// angle, and ahead of it the lap underneath is shaded darker than the same lap elsewhere.
    @Test("A ring's round end cap and the shadow it casts on the lap beneath")
    func endCap() throws {
        let page = try Spec.decode(##"{"charts": [{"type": "rings", "legend": false, "rings": [{"name": "Move", "value": 130, "goal": 100, "color": "#FF0000"}]}]}"##)
        let (image, g) = try GLTestContext.render(page, size: Size(400, 400), at: 5)
        let chart = try #require(g[key: "charts"]?[index: 0])
        let c = Vec2(chart[key: "center"]?[index: 0]?.number ?? 0, chart[key: "center"]?[index: 1]?.number ?? 0)
        let arc = try #require(chart[key: "arcs"]?[index: 0])
        let ri = try #require(arc[key: "innerRadius"]?.number), ro = try #require(arc[key: "outerRadius"]?.number)
        let rm = (ri + ro) / 2, hw = (ro - ri) / 2
        func at(_ degrees: Double, _ r: Double) -> (Int, Int) {
            let a = degrees * .pi / 180
            return (Int((c.x + sin(a) * r).rounded()), Int((c.y - cos(a) * r).rounded()))
        }
        func pixel(_ p: (Int, Int)) -> (Int, Int, Int) { let q = image.pixel(p.0, p.1); return (Int(q.r), Int(q.g), Int(q.b)) }
        // 108° is where the last lap ends; its cap reaches hw further along the ring's middle.
        let capAngle = 108 + (hw * 0.6) / rm * 180 / .pi
        let cap = pixel(at(capAngle, rm))
        #expect(cap.0 > 240 && cap.1 < 20 && cap.2 < 20, "inside the end cap: \(cap)")
        // Ahead of the cap, on the whole lap beneath: red, darker than the lap far from the cap.
        let shaded = pixel(at(108 + (hw + 3) / rm * 180 / .pi, rm))
        let plain = pixel(at(250, rm))
        #expect(plain.0 > 240 && plain.1 < 20, "the lap: \(plain)")
        #expect(shaded.0 < plain.0 - 30 && shaded.0 > 60, "the shadow ahead of the cap: \(shaded) against \(plain)")
        // Outside the ring beside the cap: the card, unshaded (the shadow stays on the ring).
        let beside = pixel(at(110, ro + 3))
        #expect(beside.0 > 240 && beside.1 > 240 && beside.2 > 240, "beside the ring: \(beside)")
    }

    @Test("Capped arcs and their shadows, partially redrawn, equal whole redraws (the rings and the gauge growing)")
    func partialRedraws() throws {
        try PartialRedrawTests().check(Demo.rings.page, size: Size(420, 480), times: PartialRedrawTests.times(from: 0, to: 1.9), age: { 1 + $0 % 3 })
        try PartialRedrawTests().check(Demo.gauge.page, size: Size(420, 520), theme: .dark, times: PartialRedrawTests.times(from: 0, to: 1.9), age: { $0 % 2 == 0 ? 1 : 3 })
        try PartialRedrawTests().check(Demo.sunburst.page, size: Size(420, 480), scale: 2, times: PartialRedrawTests.times(from: 0.2, to: 1.0), age: { 1 + $0 % 2 })
    }

    @Test("A sunburst drilled into, partially redrawn while it springs out and back, equals whole redraws")
    func drillRedraws() throws {
        let times = PartialRedrawTests.times(from: 2, to: 5)
        try PartialRedrawTests().check(Demo.sunburst.page, size: Size(480, 520), times: times, age: { 1 + $0 % 3 }) { scene, i in
            if i == 6 { scene.perform(.drill, on: ElementRef(chart: 0, key: .node(0)), moment: Moment(time: times[i])) }
            if i == 100 { scene.goUp(moment: Moment(time: times[i])) }
        }
    }
}

@Suite("The radial family in high contrast", .serialized)
struct FamilyContrastTests {
    /// The arcs that carry the data (a gauge's progress, each ring's, each bar's, each wedge and
    /// node), sampled along their middle, against the card: 3:1 or more (WCAG 1.4.11).
    @Test("Every data arc is at 3:1 or more against the card", arguments: [Demo.gauge, .rings, .rose, .bars, .sunburst, .donuts])
    func arcs(demo: Demo) throws {
        let r = try ContrastTests.render(demo.page, at: 5)
        var checked = 0
        var c = 0
        while let chart = r.geometry[key: "charts"]?[index: c] {
            defer { c += 1 }
            let card = ContrastTests.cardLuminance(r, chart: chart)
            let center = Vec2(chart[key: "center"]?[index: 0]?.number ?? 0, chart[key: "center"]?[index: 1]?.number ?? 0)
            var list = ["arcs", "bars", "sectors", "nodes"].flatMap { chart[key: $0]?.items ?? [] }
            list += (chart[key: "layers"]?.items ?? []).flatMap { $0[key: "sectors"]?.items ?? [] }
            for arc in list where arc[key: "name"]?.text != "track" {
                let a0 = arc[key: "startAngle"]?.number ?? 0, a1 = arc[key: "endAngle"]?.number ?? 0
                let ri = arc[key: "innerRadius"]?.number ?? 0, ro = arc[key: "outerRadius"]?.number ?? 0
                guard a1 - a0 > 2, ro - ri > 4 else { continue }
                let off = arc[key: "offset"]?.number ?? 0
                let best = stride(from: 0.2, through: 0.8, by: 0.15).map { f -> Double in
                    let a = (a0 + (a1 - a0) * f) * .pi / 180, rr = (ri + ro) / 2 + off, mid = (a0 + a1) / 2 * .pi / 180
                    let p = center + Vec2(sin(a), -cos(a)) * rr + Vec2(sin(mid), -cos(mid)) * 0
                    return Contrast.ratio(ContrastTests.luminance(r.image, Int(p.x.rounded()), Int(p.y.rounded())), card)
                }.max() ?? 1
                #expect(best >= Contrast.shapes, "\(demo) \(ContrastTests.name(arc[key: "name"])): \(String(format: "%.2f", best)):1")
                checked += 1
            }
        }
        #expect(checked >= c)   // at least one arc a chart
    }
}
