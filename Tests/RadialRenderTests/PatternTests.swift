import Foundation
import RadialCore
import RadialRender
import RadialTestSupport
import RadialVector
import Testing

extension GoldenPages {
    /// Tests/patterns: the checker, the held-out page of twelve sectors, the page of ten patterns.
    static let patternFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("patterns")

    /// A page with its patterns on (`"patterns": true`).
    static func patterned(_ page: @escaping @Sendable () throws -> Page) -> @Sendable () throws -> Page {
        { var p = try page(); p.patterns = true; return p }
    }

    /// Pages drawn with patterns (issue #37): the ten patterns at scale 1 and 2, at rest and
    /// mid-spring, and every kind of filled mark — a radar's areas and dashed outlines, pies and
    /// donuts, a gauge's bands, activity rings, a rose's wedges, radial bars and their tracks
    /// (thin outlines in high contrast, where patterns are on without asking), a sunburst, a
    /// nightingale's areas. Their goldens are in PatternTests; the oracles draw them with cairo,
    /// librsvg and poppler as they draw the rest.
    static var patterns: [Case] {
        let ten: @Sendable () throws -> Page = {
            try Spec.decode(String(contentsOf: patternFolder.appendingPathComponent("ten-patterns.json"), encoding: .utf8))
        }
        var out = [
            Case(name: "patterns-ten-1x", page: ten, size: Size(420, 460), scale: 1, time: 10, theme: .light),
            Case(name: "patterns-ten-2x", page: ten, size: Size(420, 460), scale: 2, time: 10, theme: .light),
            Case(name: "patterns-ten-4.0-dark-1x", page: ten, size: Size(420, 460), scale: 1, time: 4, theme: .dark),
            Case(name: "patterns-ebike", page: patterned { Demo.ebike.page }, size: Size(560, 600), scale: 1, time: 5, theme: .light),
            Case(name: "patterns-pies-high-contrast", page: { Demo.pies.page }, size: Size(600, 900), scale: 1, time: 6, theme: .highContrast),
            Case(name: "patterns-bars-high-contrast", page: { Demo.bars.page }, size: Size(380, 440), scale: 1, time: 5, theme: .highContrast),
        ]
        for demo in [Demo.gauge, .rings, .rose, .sunburst, .donuts] {
            out.append(Case(name: "patterns-\(demo.rawValue)", page: patterned { demo.page }, size: Size(380, 440), scale: 1, time: 5, theme: .light))
        }
        out.append(Case(name: "patterns-nightingale", page: patterned {
            try Spec.decode(String(contentsOf: examples.appendingPathComponent("nightingale.json"), encoding: .utf8))
        }, size: Size(640, 680), scale: 1, time: 5, theme: .light))
        return out
    }
}

/// Pattern fills beside color (issue #37): in gray, every two neighbouring marks differ by
/// pattern or by 3:1 — measured by Tests/patterns/check_patterns.py on GL's PNG and on the SVG
/// as librsvg draws it, for every demo page and a held-out page of twelve sectors of nearly one
/// gray — and each pattern's golden at scale 1 and 2.
@Suite("Patterns tell neighbouring marks apart without color", .serialized)
struct PatternTests {
    static let checker = GoldenPages.patternFolder.appendingPathComponent("check_patterns.py").path

    /// Every demo page and the held-out twelve sectors (whose hues are of nearly one luminance).
    static let pages: [String] = Demo.allCases.map(\.rawValue) + ["twelve-sectors"]

    static func source(_ page: String) -> [String] {
        Demo(rawValue: page) != nil ? ["--demo", page] : [GoldenPages.patternFolder.appendingPathComponent(page + ".json").path]
    }

    static func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "radial-patterns-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The checker's verdict on a picture and the geometry drawn in it: exit 0 when every pair
    /// of neighbours differs.
    static func check(_ png: String, _ geometry: String) throws -> (code: Int32, out: String, err: String) {
        try Tool.run("/usr/bin/python3", [checker, png, geometry])
    }

    /// The number of neighbouring pairs the checker judged (so a page whose marks it cannot
    /// find does not pass by having none).
    static func pairs(_ report: String) -> Int {
        guard let line = report.split(separator: "\n").last(where: { $0.contains("neighbouring pairs") }),
              let n = line.split(separator: ",").dropFirst().first?.split(separator: " ").first else { return 0 }
        return Int(n) ?? 0
    }

    /// The pages with filled marks of one chart beside each other: not the scan (no filled
    /// marks), the activity rings (a gap between rings) or the radial bars (a track between bars).
    static func expectsPairs(_ page: String) -> Bool { ![Demo.scan, .rings, .bars].map(\.rawValue).contains(page) }

    @Test("GL's PNG with --patterns: in gray every two neighbouring marks differ by pattern or by 3:1", arguments: pages)
    func png(_ page: String) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Tool.radial(["render"] + Self.source(page) + ["--patterns", "--out", dir + "/p.png", "--geometry", dir + "/p.json"])
        try #require(r.code == 0, "\(r.err)")
        let c = try Self.check(dir + "/p.png", dir + "/p.json")
        #expect(c.code == 0, "\(page): \(c.out)\(c.err)")
        #expect(!Self.expectsPairs(page) || Self.pairs(c.out) > 0, "\(page): \(c.out)")
    }

    /// The geometry's lengths (in pixels; angles, values and colors are not) times `k`, with
    /// `scale` k: where the marks lie in the picture of a file drawn `k` times its size.
    static func scaled(_ v: Any, by k: Double, key: String? = nil) -> Any {
        switch v {
        case let d as [String: Any]:
            var out = Dictionary(uniqueKeysWithValues: d.map { ($0.key, scaled($0.value, by: k, key: $0.key)) })
            if key == nil { out["scale"] = k }
            return out
        case let a as [Any]: return a.map { scaled($0, by: k, key: key) }
        case let n as NSNumber:   // no length is a boolean
            return key.map(lengths.contains) == true ? n.doubleValue * k : n
        default: return v
        }
    }

    /// The geometry's keys that hold lengths (or points) in pixels.
    static let lengths: Set<String> = ["center", "innerRadius", "outerRadius", "offset", "points", "at", "box", "radius",
                                       "card", "frame", "width", "height"]

    /// The SVG drawn by librsvg at twice its size (its size is in points; `render` draws an
    /// SVG at no other scale), against its geometry scaled to match.
    @Test("The SVG with --patterns, drawn by librsvg at 2×: in gray every two neighbouring marks differ", arguments: pages)
    func svg(_ page: String) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Tool.radial(["render"] + Self.source(page) + ["--patterns", "--out", dir + "/p.svg", "--geometry", dir + "/p1.json"])
        try #require(r.code == 0, "\(r.err)")
        let g = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/p1.json"))) as? [String: Any])
        let width = try #require(g["width"] as? Double), height = try #require(g["height"] as? Double)
        try JSONSerialization.data(withJSONObject: Self.scaled(g, by: 2)).write(to: URL(fileURLWithPath: dir + "/p2.json"))
        let rs = try Tool.run("/usr/bin/rsvg-convert", ["--width", "\(Int(width) * 2)", "--height", "\(Int(height) * 2)", "-o", dir + "/p.png", dir + "/p.svg"])
        try #require(rs.code == 0, "rsvg-convert: \(rs.err)")
        let c = try Self.check(dir + "/p.png", dir + "/p2.json")
        #expect(c.code == 0, "\(page): \(c.out)\(c.err)")
        #expect(!Self.expectsPairs(page) || Self.pairs(c.out) > 0, "\(page): \(c.out)")
    }

    @Test("Without patterns the twelve sectors of one gray fail the checker (it bites)")
    func checkerBites() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Tool.radial(["render"] + Self.source("twelve-sectors") + ["--out", dir + "/p.png", "--geometry", dir + "/p.json"])
        try #require(r.code == 0, "\(r.err)")
        let c = try Self.check(dir + "/p.png", dir + "/p.json")
        #expect(c.code == 1 && c.out.contains("neither is textured"), "\(c.out)\(c.err)")
    }

    @Test("Goldens: the ten patterns, every filled kind with patterns, high contrast's tracks", arguments: GoldenPages.patterns)
    func golden(_ c: GoldenPages.Case) throws {
        let (image, _) = try GLTestContext.render(try c.page(), size: c.size, scale: c.scale, at: c.time, theme: c.theme)
        try Goldens.check(image, named: c.name)
    }
}
