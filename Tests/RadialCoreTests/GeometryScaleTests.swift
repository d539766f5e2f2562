import Testing
@testable import RadialCore
import RadialTestSupport

/// `--geometry` is in output pixels for every chart kind: at `--scale 2` every length is twice
/// what it is at scale 1, and nothing else changes (angles, values, names).
@Suite("Geometry at scale 2")
struct GeometryScaleTests {
    /// Keys whose numbers are lengths in pixels.
    static let pixelKeys: Set<String> = ["width", "height", "card", "frame", "center", "radius", "outerRadius", "innerRadius", "points", "box", "leader", "fontSize"]

    /// Every number of `b` is `factor` times the same number of `a` under a pixel key, equal elsewhere.
    func compare(_ a: JSONOut, _ b: JSONOut, factor: Double, key: String?, path: String, _ issues: inout [String]) {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.map(\.0) == y.map(\.0) else { issues.append("\(path): keys \(x.map(\.0)) vs \(y.map(\.0))"); return }
            for ((k, va), (_, vb)) in zip(x, y) { compare(va, vb, factor: factor, key: k, path: path + "." + k, &issues) }
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { issues.append("\(path): \(x.count) vs \(y.count) items"); return }
            for (i, (va, vb)) in zip(x, y).enumerated() { compare(va, vb, factor: factor, key: key, path: path + "[\(i)]", &issues) }
        default:
            if let na = a.number, let nb = b.number {
                let expected = Self.pixelKeys.contains(key ?? "") ? na * factor : na
                if abs(nb - expected) > 1e-6 * max(1, abs(expected)) { issues.append("\(path): \(nb), expected \(expected)") }
            } else if a.text != b.text {
                issues.append("\(path): \(String(describing: b.text)) vs \(String(describing: a.text))")
            }
        }
    }

    @Test("Every length doubles at scale 2, for each kind of chart", arguments: [Demo.ebike, .pies, .scan])
    func doubles(demo: Demo) throws {
        let scene = PageScene(page: demo.page, measurer: TestMeasurer(), formatting: enUS)
        let time = scene.restingTime
        let one = FrameRequest(size: Size(520, 600), time: time)
        var two = one
        two.scale = 2
        let g1 = scene.geometry(one), g2 = scene.geometry(two)
        #expect(g2[key: "scale"]?.number == 2)
        var issues: [String] = []
        compare(g1[key: "charts"]!, g2[key: "charts"]!, factor: 2, key: nil, path: "charts", &issues)
        compare(g1[key: "texts"]!, g2[key: "texts"]!, factor: 2, key: nil, path: "texts", &issues)
        compare(g1[key: "elements"]!, g2[key: "elements"]!, factor: 2, key: nil, path: "elements", &issues)
        #expect(issues.isEmpty, "\(issues.prefix(8))")
        #expect(!(g1[key: "charts"]?.items.isEmpty ?? true))
    }
}
