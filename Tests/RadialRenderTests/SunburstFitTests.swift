import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

/// Issue #32 on sunburst names: a name that does not fit whole at full size in any way (across,
/// along the radius, along the ring) is shrunk — to no less than 85 % of its size, never below
/// 9 px — before it is shortened; and each name sits at the radius within its arc where it fits,
/// the arc's middle when it fits there, its four corners inside the arc.
@Suite("Sunburst names shrink before they are cut, at the radius where they fit", .serialized)
struct SunburstFitTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")
    static func example() throws -> Page { try Page(contentsOf: LibraryExampleTests.root.appendingPathComponent("examples/sunburst.json")) }
    static func departments() throws -> Page { try Page(contentsOf: corpus.appendingPathComponent("sunburst-departments.json")) }

    /// The arc of each node drawn, by name: degrees clockwise from 12 o'clock and radii in pixels.
    struct Arc { var a0, a1, ri, ro: Double }
    static func arcs(_ g: PageGeometry) throws -> (center: Vec2, arcs: [String: Arc]) {
        let chart = try #require(g.charts.first)
        let center = try #require(chart.center)
        guard case .array(let nodes)? = chart["nodes"] else { Issue.record("no nodes"); return (center, [:]) }
        var out: [String: Arc] = [:]
        for n in nodes {
            guard case .string(let name)? = n["name"], let a0 = n["startAngle"]?.double, let a1 = n["endAngle"]?.double,
                  let ri = n["innerRadius"]?.double, let ro = n["outerRadius"]?.double else { continue }
            out[name] = Arc(a0: a0, a1: a1, ri: ri, ro: ro)
        }
        return (center, out)
    }

    /// A text's four corners as drawn (turned, or its upright box's).
    static func corners(_ t: PageGeometry.Text) -> [Vec2] {
        t.corners ?? [Vec2(t.box.minX, t.box.minY), Vec2(t.box.maxX, t.box.minY), Vec2(t.box.maxX, t.box.maxY), Vec2(t.box.minX, t.box.maxY)]
    }

    /// How far `p` lies outside the arc, in pixels (0 inside): past its radii, or along the
    /// circle past its ends.
    static func outside(_ p: Vec2, _ a: Arc, center: Vec2) -> Double {
        let v = p - center, r = v.length
        var out = max(a.ri - r, r - a.ro, 0)
        if a.a1 - a.a0 < 360 - 1e-6 {
            var deg = atan2(v.x, -v.y) * 180 / .pi
            if deg < a.a0 - 180 { deg += 360 }
            if deg > a.a0 + 180 + (a.a1 - a.a0) / 2 { deg -= 360 }
            let past = max(a.a0 - deg, deg - a.a1, 0)
            out = max(out, past * .pi / 180 * r)
        }
        return out
    }

    static func names(_ g: PageGeometry) -> [PageGeometry.Text] { g.texts.filter { $0.chart == 0 && $0.role == "card" } }

    /// The middle of a text as drawn.
    static func middle(_ t: PageGeometry.Text) -> Vec2 {
        let c = corners(t)
        return Vec2(c.map(\.x).reduce(0, +) / 4, c.map(\.y).reduce(0, +) / 4)
    }

    @Test("at 800×800 in accessibility3 names that fit whole only shrunk are shrunk to 85 % (never under 9 px), whole names keep their size, and fewer are cut (examples: 4 → at most 1; departments: 7 → at most 3)")
    func shrinkBeforeCut() throws {
        let full = TextSize.accessibility3.resolve(SunburstItem.labelStyle).size
        let least = max(0.85 * full, 9)
        for (page, cutAtMost, shrunk, fullSize) in [
            (try Self.example(), 1, ["United States", "Lyon"], ["Europe", "Paris", "France", "New York"]),
            (try Self.departments(), 3, ["Research", "Marketing", "Events", "Online"], ["Engineering", "Platform", "Brand", "Clinics"]),
        ] {
            let (g, _) = try SunburstLabelTests.geometry(page, size: Size(800, 800), textSize: .accessibility3)
            let names = Self.names(g)
            let byName = Dictionary(names.map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
            for n in shrunk {
                let t = try #require(byName[n], "\(n) not drawn")
                #expect(!t.shortened && abs(t.fontSize - least) < 0.01, "\(n): \(t.shown ?? [t.text]) at \(t.fontSize) px, expected whole at \(least)")
            }
            for n in fullSize {
                let t = try #require(byName[n], "\(n) not drawn")
                #expect(!t.shortened && abs(t.fontSize - full) < 0.01, "\(n): \(t.shown ?? [t.text]) at \(t.fontSize) px, expected whole at \(full)")
            }
            let cut = names.filter(\.shortened)
            #expect(cut.count <= cutAtMost, "\(cut.map { $0.shown ?? [] })")
        }
    }

    @Test("every name is at full size or shrunk to no less than 85 % and 9 px; a name is cut only at full size, to 3 characters or more",
          arguments: [TextSize.xSmall, .large, .xxxLarge, .accessibility3])
    func sizesWithinTheRule(textSize: TextSize) throws {
        let full = textSize.resolve(SunburstItem.labelStyle).size
        let least = min(max(0.85 * full, 9), full)
        var seen = 0
        for page in [try Self.example(), try Self.departments(), try GoldenPages.radialLabels()] {
            for size in [Size(320, 320), Size(520, 520), Size(800, 800), Size(1280, 720)] {
                let (g, _) = try SunburstLabelTests.geometry(page, size: size, textSize: textSize)
                for t in Self.names(g) {
                    seen += 1
                    #expect(t.fontSize >= least - 0.01 && t.fontSize <= full + 0.01, "\(t.text) at \(t.fontSize) px (\(size), \(textSize)): full \(full), least \(least)")
                    if t.shortened {
                        let shown = try #require(t.shown?.first)
                        #expect(abs(t.fontSize - full) < 0.01 && shown.hasSuffix("…") && shown.count >= 4, "\(shown) at \(t.fontSize) px")
                    }
                }
            }
        }
        #expect(seen > 50)
    }

    @Test("every name's four corners lie inside its own arc, at every size and text size, whole views and drilled")
    func cornersInsideTheArc() throws {
        var checked = 0, moved = 0
        let views: [(Page, [String]?)] = [(try Self.example(), nil), (try Self.departments(), nil), (try GoldenPages.radialLabels(), nil),
                                          (try Self.example(), ["Europe"]), (try GoldenPages.radialLabels(), ["Engineering"])]
        for (page, drill) in views {
            for size in [Size(320, 320), Size(520, 520), Size(800, 800), Size(1280, 720)] {
                for textSize in [TextSize.large, .accessibility3] {
                    let (g, _) = try SunburstLabelTests.geometry(page, size: size, textSize: textSize, drill: drill)
                    let (center, arcs) = try Self.arcs(g)
                    for t in Self.names(g) {
                        let arc = try #require(arcs[t.text], "\(t.text) has no arc")
                        for p in Self.corners(t) {
                            #expect(Self.outside(p, arc, center: center) <= 0.5, "\(t.text) (\(size), \(textSize)): corner \(p) is \(Self.outside(p, arc, center: center)) px outside")
                        }
                        checked += 1
                        if abs((Self.middle(t) - center).length - (arc.ri + arc.ro) / 2) > 1 { moved += 1 }
                    }
                }
            }
        }
        #expect(checked > 100 && moved > 0, "\(checked) names, \(moved) off the middle")
    }

    @Test("a name sits at its arc's middle radius when it fits there, and moves only when it does not (Germany and Americas, cut at the middle, are whole off it)")
    func middleFirst() throws {
        let (g, _) = try SunburstLabelTests.geometry(try Self.example(), size: Size(800, 800), textSize: .accessibility3)
        let (center, arcs) = try Self.arcs(g)
        let byName = Dictionary(Self.names(g).map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
        func offMiddle(_ n: String) throws -> Double {
            let t = try #require(byName[n], "\(n) not drawn"), a = try #require(arcs[n])
            return (Self.middle(t) - center).length - (a.ri + a.ro) / 2
        }
        for n in ["Europe", "Asia", "France", "Paris", "Japan", "Tokyo", "New York"] {
            let off = try offMiddle(n)
            #expect(abs(off) < 0.5, "\(n) is \(off) px off its arc's middle")
        }
        for n in ["Germany", "Americas"] {
            let t = try #require(byName[n]), off = try offMiddle(n)
            #expect(!t.shortened && abs(off) > 2, "\(n): \(t.shown ?? [t.text]), \(off) px off the middle")
        }
        // Calm: where names have room (800×800, large) a ring's names share its middle radius;
        // only a name that does not fit there moves (here Lille, across a thin arc, outward).
        let (roomy, _) = try SunburstLabelTests.geometry(try Self.example(), size: Size(800, 800), textSize: .large)
        let (c, a) = try Self.arcs(roomy)
        let names = Self.names(roomy)
        let moved = names.filter { t in a[t.text].map { abs((Self.middle(t) - c).length - ($0.ri + $0.ro) / 2) > 0.5 } ?? true }.map(\.text)
        #expect(names.count >= 25 && moved.count <= 2, "\(moved.count) of \(names.count) names off their arc's middle: \(moved)")
    }
}
