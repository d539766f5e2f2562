import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

/// Messy pages (Tests/Corpus, written by make_corpus.py) at six sizes and three text sizes,
/// checked from `--geometry`'s `texts`: no two texts overlap, no text leaves its card (or the
/// page), and no axis label is drawn smaller than 0.85 of its style unless wrapped or shortened.
@Suite("Layout corpus")
struct LayoutCorpusTests {
    static let sizes = [Size(300, 300), Size(520, 600), Size(800, 800), Size(1280, 720), Size(1920, 1080), Size(3840, 2160)]
    static let textSizes: [TextSize] = [.large, .xxxLarge, .accessibility3]
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    struct Problem: CustomStringConvertible {
        var page: String, size: Size, textSize: TextSize, kind: String, detail: String
        var description: String { "\(page) \(Int(size.width))x\(Int(size.height)) \(textSize.rawValue): \(kind): \(detail)" }
    }

    static func pages() throws -> [(String, Page)] {
        try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted().map { name in
            (String(name.dropLast(5)), try Spec.decode([UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))))
        }
    }

    /// What is wrong with the texts of one page drawn for `request`.
    static func problems(_ g: JSONOut, name: String, request: FrameRequest) -> [Problem] {
        var out: [Problem] = []
        func problem(_ kind: String, _ detail: String) {
            out.append(Problem(page: name, size: request.size, textSize: request.textSize, kind: kind, detail: detail))
        }
        let canvas = Rect(x: 0, y: 0, width: Double(g[key: "width"]?.number ?? 0), height: Double(g[key: "height"]?.number ?? 0))
        var cards: [String: Rect] = [:]
        for (i, c) in (g[key: "charts"]?.items ?? []).enumerated() {
            if let r = c[key: "card"]?.rect { cards["charts[\(i)]"] = r }
        }
        let texts = (g[key: "texts"]?.items ?? []).compactMap { t -> (text: String, role: String, box: Rect, chart: String?, t: JSONOut)? in
            guard let text = t[key: "text"]?.text, let role = t[key: "role"]?.text, let box = t[key: "box"]?.rect else { return nil }
            return (text, role, box, t[key: "chart"]?.text, t)
        }.filter { !["tooltip", "overlay"].contains($0.role) && $0.box.width > 0 }
        for (i, a) in texts.enumerated() {
            for b in texts[(i + 1)...] {
                let w = min(a.box.maxX, b.box.maxX) - max(a.box.minX, b.box.minX)
                let h = min(a.box.maxY, b.box.maxY) - max(a.box.minY, b.box.minY)
                guard w > 0 && h > 0 && w * h > 2 else { continue }
                // A turned text (a sunburst's name along the radius) by its drawn corners, not its bounds.
                let area = a.t[key: "corners"] == nil && b.t[key: "corners"] == nil ? w * h : Self.sharedArea(Self.corners(a.t, a.box), Self.corners(b.t, b.box))
                if area > 2 { problem("overlap", "\"\(a.text)\" (\(a.role)) and \"\(b.text)\" (\(b.role)): \(Int(area)) px²") }
            }
            let bounds = a.chart.flatMap { cards[$0] } ?? canvas
            let inside = a.box.minX >= bounds.minX - 0.5 && a.box.maxX <= bounds.maxX + 0.5 && a.box.minY >= bounds.minY - 0.5 && a.box.maxY <= bounds.maxY + 0.5
            if !inside { problem("outside", "\"\(a.text)\" (\(a.role)) at \(a.box) outside \(a.chart ?? "the page") \(bounds)") }
            if a.role == "axis-label", a.t[key: "lines"]?.number == 1, a.t[key: "shortened"]?.text == nil,
               case .bool(false)? = a.t[key: "shortened"] {
                let nominal = request.textSize.resolve(RadarItem.labelStyle).size * request.scale
                if let size = a.t[key: "fontSize"]?.number, size < 0.85 * nominal - 1e-9 {
                    problem("small", "\"\(a.text)\" at \(String(format: "%.1f", size)) px of \(String(format: "%.1f", nominal))")
                }
            }
        }
        return out
    }

    /// A text's line box as drawn: its `corners` when turned, else its box's.
    static func corners(_ t: JSONOut, _ box: Rect) -> [Vec2] {
        if let c = t[key: "corners"] {
            let points = (0..<4).compactMap { k -> Vec2? in
                guard let x = c[index: k]?[index: 0]?.number, let y = c[index: k]?[index: 1]?.number else { return nil }
                return Vec2(x, y)
            }
            if points.count == 4 { return points }
        }
        return [Vec2(box.minX, box.minY), Vec2(box.maxX, box.minY), Vec2(box.maxX, box.maxY), Vec2(box.minX, box.maxY)]
    }

    /// The area two convex quadrilaterals (corners clockwise on the screen) share: `a` clipped
    /// by each edge of `b` (Sutherland–Hodgman), then the shoelace formula.
    static func sharedArea(_ a: [Vec2], _ b: [Vec2]) -> Double {
        var poly = a
        for k in 0..<b.count where !poly.isEmpty {
            let p = b[k], q = b[(k + 1) % b.count]
            func inside(_ v: Vec2) -> Bool { (q.x - p.x) * (v.y - p.y) - (q.y - p.y) * (v.x - p.x) >= 0 }
            func cut(_ u: Vec2, _ v: Vec2) -> Vec2 {
                let du = (q.x - p.x) * (u.y - p.y) - (q.y - p.y) * (u.x - p.x), dv = (q.x - p.x) * (v.y - p.y) - (q.y - p.y) * (v.x - p.x)
                let t = du / (du - dv)
                return Vec2(u.x + (v.x - u.x) * t, u.y + (v.y - u.y) * t)
            }
            var out: [Vec2] = []
            for i in poly.indices {
                let u = poly[i], v = poly[(i + 1) % poly.count]
                if inside(v) { if !inside(u) { out.append(cut(u, v)) }; out.append(v) } else if inside(u) { out.append(cut(u, v)) }
            }
            poly = out
        }
        guard poly.count >= 3 else { return 0 }
        return abs(poly.indices.reduce(0.0) { $0 + poly[$1].x * poly[($1 + 1) % poly.count].y - poly[($1 + 1) % poly.count].x * poly[$1].y }) / 2
    }

    @Test("No text overlaps another, leaves its card or shrinks below 0.85, on 39 messy pages at six sizes and three text sizes")
    func corpus() throws {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        var all: [Problem] = []
        var renders = 0
        for (name, page) in try Self.pages() {
            for size in Self.sizes {
                for textSize in Self.textSizes {
                    let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
                    let request = FrameRequest(size: size, time: scene.restingTime, textSize: textSize)
                    all += Self.problems(scene.geometry(request), name: name, request: request)
                    renders += 1
                }
            }
        }
        let kinds = Dictionary(grouping: all, by: \.kind).mapValues(\.count)
        let report = "\(renders) renders: " + ["overlap", "outside", "small"].map { "\($0) \(kinds[$0] ?? 0)" }.joined(separator: ", ")
        if let path = ProcessInfo.processInfo.environment["RADIAL_CORPUS_REPORT"] {
            try (report + "\n" + all.map(\.description).joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let first = all.prefix(5).map(\.description).joined(separator: "; ")
        #expect(all.count == 0, "\(report); first: \(first)")
    }
}
