import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport
import RadialText

extension GoldenPages {
    /// Tests/sunburst: a sunburst whose long names are written along the radius and the ring,
    /// with each arc's value under its name.
    static let sunburstFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("sunburst")

    static let radialLabels: @Sendable () throws -> Page = {
        try Spec.decode(String(contentsOf: sunburstFolder.appendingPathComponent("radial-labels.json"), encoding: .utf8))
    }

    /// Turned text (issues #31, #32) at scale 1 and 2, light and dark: GL's goldens here, and
    /// cairo's PNG, the SVG and the PDF held to GL by the oracles through `all`.
    static var sunburstLabels: [Case] {
        [Case(name: "sunburst-radial-labels-1x", page: radialLabels, size: Size(560, 600), scale: 1, time: 5, theme: .light),
         Case(name: "sunburst-radial-labels-2x", page: radialLabels, size: Size(420, 460), scale: 2, time: 5, theme: .dark)]
    }
}

/// Text along the radius (issues #31 and #32): a sunburst writes each arc's name across when it
/// fits whole across, else along the radius, else along the ring, else shortened the way that
/// shows more of it; never upside down; with its value or share under it where asked.
@Suite("Sunburst labels along the radius", .serialized)
struct SunburstLabelTests {
    static func geometry(_ page: Page, size: Size, textSize: TextSize = .large, drill: [String]? = nil) throws -> (PageGeometry, Frame) {
        let fonts = try FontSystem()
        defer { fonts.shutdown() }
        let scene = PageScene(page: page, measurer: fonts, formatting: Formatting(localeIdentifier: "en_US"), controls: false)
        let request = FrameRequest(size: size, time: 30, reduceMotion: true, textSize: textSize)
        scene.layout(size: size)
        if let drill { #expect(scene.drill(drill.joined(separator: "/"), moment: request.moment) == nil) }
        let g = scene.pageGeometry(request)
        let frame = Frame()
        frame.records = true
        scene.draw(into: frame, request)
        return (g, frame)
    }

    static func sunburst(_ json: String) throws -> Page { try Spec.decode(json) }

    /// The tree's totals by name (the fixture's names are unique).
    static func totals(_ nodes: [SunburstNode], into out: inout [String: Double]) {
        for n in nodes { out[n.name] = n.total; totals(n.children, into: &out) }
    }

    static func layout(_ g: PageGeometry, _ key: String) -> Int? {
        guard case .object(let fields)? = g.charts.first?["layout"], case .integer(let n)? = fields.first(where: { $0.key == key })?.value else { return nil }
        return n
    }

    @Test("a long name in a thin, deep arc is drawn whole along the radius (without that orientation: 'Kuber…' across)")
    func alongTheRadius() throws {
        let page = try Self.sunburst(#"""
        {"charts": [{"type": "sunburst", "legend": false, "children": [
          {"name": "Kubernetes migration", "value": 5}, {"name": "Everything else", "value": 95}]}]}
        """#)
        let (g, _) = try Self.geometry(page, size: Size(600, 600))
        let label = try #require(g.texts.first { $0.role == "card" && $0.text == "Kubernetes migration" })
        #expect(!label.shortened && label.shown == nil, "\(label)")
        // The arc spans 0°–18° clockwise from 12 o'clock: along its middle, 9° − 90° on the screen.
        #expect(abs(label.angle - -81) < 0.01, "angle \(label.angle)")
        let corners = try #require(label.corners)
        #expect(corners.count == 4)
        // Its box bounds its corners.
        for c in corners { #expect(label.box.insetBy(-0.01).holds(c), "\(c) outside \(label.box)") }
        // Along the radius: its long side points at the center.
        let center = try #require(g.charts.first?["center"]?.point)
        let along = corners[1] - corners[0], toCenter = corners[0] - center
        let cosine = (along.x * toCenter.x + along.y * toCenter.y) / (along.length * toCenter.length)
        #expect(abs(abs(cosine) - 1) < 0.01, "cos \(cosine)")
        #expect(Self.layout(g, "labelsHidden") == 0)
    }

    @Test("no text reads upside down: every turned name and value is at an angle in (−90°, 90°], whole views and drilled, every text size",
          arguments: [TextSize.large, .accessibility3])
    func neverUpsideDown(textSize: TextSize) throws {
        let page = try GoldenPages.radialLabels()
        var turned = 0, left = 0
        for (size, drill) in [(Size(560, 600), nil), (Size(800, 800), nil), (Size(1920, 1080), nil), (Size(800, 800), ["Engineering"]),
                              (Size(800, 800), ["Operations"])] as [(Size, [String]?)] {
            let (g, frame) = try Self.geometry(page, size: size, textSize: textSize, drill: drill)
            let center = try #require(g.charts.first?["center"]?.point)
            for t in g.texts where t.angle != 0 {
                turned += 1
                #expect(t.angle > -90 && t.angle <= 90, "\(t.text) at \(t.angle)° (\(size), \(drill ?? []))")
                if t.box.midX < center.x - 20 { left += 1 }
            }
            // No two texts overlap, judged by their turned boxes.
            let labels = frame.labels.filter { $0.chart == 0 }
            for i in labels.indices {
                for j in labels.indices where j > i {
                    #expect(!labels[i].overlaps(labels[j], slack: 0.5), "\(labels[i].text) over \(labels[j].text) (\(size))")
                }
            }
        }
        // Turned text on both halves of the circle, so the rule was exercised.
        #expect(turned >= 20 && left >= 5, "\(turned) turned, \(left) on the left")
    }

    @Test("values and percents under the names are the data's, in the chart's format; a hidden value counts as a hidden label",
          arguments: [MarkLabels.values, .percent])
    func values(_ labels: MarkLabels) throws {
        var page = try GoldenPages.radialLabels()
        guard case .sunburst(var chart) = page.charts[0] else { Issue.record("not a sunburst"); return }
        chart.labels = labels
        page.charts[0] = .sunburst(chart)
        var totals: [String: Double] = [:]
        Self.totals(chart.children, into: &totals)
        let whole = chart.children.reduce(0) { $0 + $1.total }
        #expect(whole == 330)
        let (g, _) = try Self.geometry(page, size: Size(800, 800))
        let texts = g.texts.filter { $0.chart == 0 && ($0.role == "card" || $0.role == "value-label") }
        var pairs = 0
        for (k, t) in texts.enumerated() where t.role == "value-label" {
            let name = texts[k - 1]
            #expect(name.role == "card")
            let total = try #require(totals[name.text])
            let expected = labels == .values ? "\(Int(total)) h" : "\(Int((total / whole * 100).rounded()))%"
            #expect(t.text == expected, "\(name.text): \(t.text), expected \(expected)")
            #expect(abs(t.angle - name.angle) < 1e-9, "\(name.text)'s value is turned as its name is")
            pairs += 1
        }
        let names = texts.count { $0.role == "card" }
        let nodes = try #require(g.charts.first?["nodes"]).arrayCount
        #expect(pairs >= 10, "\(pairs) values")
        #expect(Self.layout(g, "labelsHidden") == 2 * nodes - names - pairs, "\(nodes) arcs, \(names) names, \(pairs) values")
    }

    @Test("where arcs are too small the names are hidden and counted, more as the chart shrinks, never a name of fewer than 3 characters before its '…'")
    func hidden() throws {
        let page = try GoldenPages.radialLabels()
        var previous = -1
        for size in [Size(1920, 1080), Size(800, 800), Size(560, 600), Size(320, 320)] {
            let (g, _) = try Self.geometry(page, size: size)
            let names = g.texts.filter { $0.chart == 0 && $0.role == "card" }
            let values = g.texts.count { $0.chart == 0 && $0.role == "value-label" }
            let nodes = try #require(g.charts.first?["nodes"]).arrayCount
            let hidden = try #require(Self.layout(g, "labelsHidden"))
            #expect(hidden == 2 * nodes - names.count - values, "\(size)")
            #expect(hidden >= previous, "\(size): \(hidden) hidden, \(previous) at the larger size")
            previous = hidden
            for n in names where n.shortened {
                let shown = try #require(n.shown?.first)
                #expect(shown.hasSuffix("…") && shown.count >= 4, "\(shown)")
            }
        }
        #expect(previous > 0)
    }

    @Test("\"labels\" on a sunburst is read as the rose's: none, values or percent; anything else is refused at its path")
    func specKey() throws {
        let tree = #"[{"name": "A", "value": 3}, {"name": "B", "value": 1}]"#
        for (given, expected) in [("values", MarkLabels.values), ("percent", .percent), ("none", .none)] {
            let page = try Spec.decode(#"{"charts": [{"type": "sunburst", "labels": "\#(given)", "children": \#(tree)}]}"#)
            guard case .sunburst(let c) = page.charts[0] else { Issue.record("not a sunburst"); continue }
            #expect(c.labels == expected)
        }
        guard case .sunburst(let plain) = try Spec.decode(#"{"charts": [{"type": "sunburst", "children": \#(tree)}]}"#).charts[0] else { return }
        #expect(plain.labels == .none)
        #expect(SunburstChart(children: []).labels == .none)
        do {
            _ = try Spec.decode(#"{"charts": [{"type": "sunburst", "labels": "shares", "children": \#(tree)}]}"#)
            Issue.record("\"shares\" was read")
        } catch {
            let message = "\(error)"
            #expect(message.contains("charts[0].labels") && message.contains("values") && message.contains("percent"), "\(message)")
        }
    }

    @Test("TextLabel.overlaps judges turned boxes by their corners: two crossing diagonals' bounds overlap, they do not")
    func turnedOverlap() {
        func label(_ box: Rect, _ angle: Double) -> TextLabel {
            let corners = TextLabel.corners(of: box, turned: angle, about: Vec2(box.midX, box.midY))
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return TextLabel(text: "x", role: .card, box: Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!),
                             fontSize: 12, lines: 1, shortened: false, chart: 0, runs: 0..<0, angle: angle, corners: corners)
        }
        let a = label(Rect(x: 0, y: 0, width: 100, height: 10), .pi / 4)
        let b = label(Rect(x: 60, y: 0, width: 100, height: 10), .pi / 4)
        let c = label(Rect(x: 0, y: 0, width: 100, height: 10), -.pi / 4)
        #expect(a.box.intersects(b.box))
        #expect(!a.overlaps(b))
        #expect(a.overlaps(c) && c.overlaps(a))
    }

    @Test("Goldens: a sunburst with names along the radius and values, at scale 1 and 2", arguments: GoldenPages.sunburstLabels)
    func golden(_ c: GoldenPages.Case) throws {
        let (image, _) = try GLTestContext.render(try c.page(), size: c.size, scale: c.scale, at: c.time, theme: c.theme)
        try Goldens.check(image, named: c.name)
    }
}

private extension PageGeometry.Value {
    var arrayCount: Int { if case .array(let a) = self { a.count } else { 0 } }
}

private extension Rect {
    func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
    func holds(_ p: Vec2) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    func intersects(_ r: Rect) -> Bool { minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY }
}
