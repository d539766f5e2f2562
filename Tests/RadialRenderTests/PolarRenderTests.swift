import Foundation
import RadialCore
import RadialTestSupport
import Testing

extension GoldenPages {
    /// The polar engine's real tables (examples/): a stacked wind rose, Nightingale's overlaid
    /// rose by area, grouped radial bars, a polar line over a 24-hour clock and a polar scatter
    /// over compass degrees, at rest; the wind rose also in dark and mid-growth.
    static var polar: [Case] {
        func file(_ name: String) -> @Sendable () throws -> Page {
            { try Spec.decode(String(contentsOf: examples.appendingPathComponent(name + ".json"), encoding: .utf8)) }
        }
        var out: [Case] = []
        for name in ["wind-rose", "nightingale", "iowa-bars", "seattle-clock", "airports-bearing"] {
            out.append(Case(name: "polar-\(name)", page: file(name), size: Size(640, 680), scale: 1, time: 5, theme: .light))
        }
        out.append(Case(name: "polar-wind-rose-dark", page: file("wind-rose"), size: Size(480, 520), scale: 1, time: 5, theme: .dark))
        out.append(Case(name: "polar-wind-rose-0.3", page: file("wind-rose"), size: Size(480, 520), scale: 1, time: 0.3, theme: .light))
        return out
    }
}

@Suite("The polar engine rendered", .serialized)
struct PolarRenderTests {
    @Test("Goldens: the real tables as stacked, overlaid and grouped bars, a clock and a scatter", arguments: GoldenPages.polar)
    func golden(_ c: GoldenPages.Case) throws {
        let (image, _) = try GLTestContext.render(try c.page(), size: c.size, scale: c.scale, at: c.time, theme: c.theme)
        try Goldens.check(image, named: c.name)
    }
}
