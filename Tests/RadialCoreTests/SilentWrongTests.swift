import Foundation
import Testing
@testable import RadialCore

/// The silent wrongs of issue #34, each as the repro found it: drawn or said wrong with exit 0.
@Suite("Hardening, round three: silently wrong")
struct SilentWrongTests {
    static let size = Size(700, 760)

    /// The sunburst's arcs at rest, from the geometry: (name, start, end, depth).
    static func arcs(_ scene: PageScene) -> [(name: String, a0: Double, a1: Double, depth: Int)] {
        let g = scene.geometry(FrameRequest(size: size, scale: 1, time: 1e4, theme: .light, reduceMotion: true))
        let chart = g[key: "charts"]?.items.first
        let nodes = chart?[key: "nodes"]?.items ?? []
        return nodes.map { n -> (name: String, a0: Double, a1: Double, depth: Int) in
            let name = n[key: "name"]?.text ?? "", depth = Int(n[key: "depth"]?.number ?? 0)
            return (name, n[key: "startAngle"]?.number ?? -1, n[key: "endAngle"]?.number ?? -1, depth)
        }
    }

    static func sunburst() -> PageScene {
        let scene = PageScene(page: Demo.sunburst.page, measurer: TestMeasurer(), formatting: enUS)
        scene.layout(size: size)
        return scene
    }

    static let rest = Moment(time: 0, reduceMotion: true)

    @Test("a sunburst drilled into a branch while an earlier branch is hidden draws that branch's nodes, whichever came first", arguments: [true, false])
    func drillAndToggle(drillFirst: Bool) throws {
        let scene = Self.sunburst()
        let toggle = { #expect(scene.perform(.toggle, on: ElementRef(chart: 0, key: .legend(0)), moment: Self.rest)) }   // Europe, before Americas
        if !drillFirst { toggle() }
        #expect(scene.drill("Americas", moment: Self.rest) == nil)
        if drillFirst { toggle() }
        let arcs = Self.arcs(scene)
        let americas = ["United States", "Brazil", "Canada", "New York", "Chicago", "Austin", "São Paulo", "Rio de Janeiro", "Toronto"]
        #expect(Set(arcs.map(\.name)) == Set(americas), "drawn: \(arcs.map(\.name))")
        // The first ring under the opened node fills the circle: United States 1060, Brazil 480, Canada 200 of 1740.
        let ring = arcs.filter { $0.depth == 2 }.sorted { $0.a0 < $1.a0 }
        #expect(ring.map(\.name) == ["United States", "Brazil", "Canada"])
        #expect(abs((ring.first?.a0 ?? -1) - 0) < 1e-6 && abs((ring.last?.a1 ?? -1) - 360) < 1e-6, "\(ring)")
        #expect(abs((ring.first?.a1 ?? 0) - 1060.0 / 1740 * 360) < 1e-6)
        // The middle says the opened node and its total.
        let frame = Frame()
        scene.draw(into: frame, FrameRequest(size: Self.size, scale: 1, time: 1e4, theme: .light, reduceMotion: true))
        let totals = frame.labels.filter { $0.role == .total }.map(\.text)
        #expect(totals.contains("Americas") && totals.contains("€1,740"), "\(totals)")
    }

    @Test("hiding the opened node's own branch goes back to the whole, without it")
    func hidingTheOpenedBranch() {
        let scene = Self.sunburst()
        #expect(scene.drill("Americas", moment: Self.rest) == nil)
        #expect(scene.perform(.toggle, on: ElementRef(chart: 0, key: .legend(1)), moment: Self.rest))
        let top = Self.arcs(scene).filter { $0.depth == 1 }.map(\.name)
        #expect(top == ["Europe", "Asia"], "\(top)")
    }

    @Test("a sunburst's total in the middle and its accessible value follow the legend's toggles")
    func sunburstTotalsFollowToggles() throws {
        let scene = Self.sunburst()
        #expect(scene.elements(moment: .atRest).first { $0.key == .chart }?.value.contains("€4,950 in all") == true)
        #expect(scene.perform(.toggle, on: ElementRef(chart: 0, key: .legend(0)), moment: Self.rest))   // Europe, €1,980
        let value = try #require(scene.elements(moment: .atRest).first { $0.key == .chart }?.value)
        #expect(value.contains("€2,970 in all"), "\(value)")
        let frame = Frame()
        scene.draw(into: frame, FrameRequest(size: Self.size, scale: 1, time: 1e4, theme: .light, reduceMotion: true))
        #expect(frame.labels.filter { $0.role == .total }.map(\.text).contains("€2,970"))
        // A node's share of all is of what is shown: Tokyo €520 of €2,970.
        let tokyo = try #require(scene.elements(moment: .atRest).first { $0.name == "Tokyo" })
        #expect(tokyo.value.contains("18% of all"), "\(tokyo.value)")
    }

    // MARK: - Nested donuts

    static func messages(_ chart: String) -> [String] {
        do { _ = try Spec.decode("{\"charts\": [\(chart)]}"); return [] } catch { return error.problems.map { "\($0.path): \($0.message)" } }
    }

    @Test("a donut of layers refuses what it does not draw: annotations, totals, center labels, corners, cards, arrivals, groups",
          arguments: [#""annotations": true"#, #""total": "center""#, #""centerLabel": "total""#, #""cornerRadius": 4"#,
                      #""minimumAnnotationAngle": 10"#, #""appear": "all""#, #""group": {"below": 0.1}"#])
    func layersRefuseWhatTheyDoNotDraw(key: String) {
        let m = Self.messages(#"{"type": "donut", \#(key), "layers": [[{"name": "a", "value": 1}], [{"name": "b", "value": 2}]]}"#)
        let name = String(key.dropFirst().prefix { $0 != "\"" })
        #expect(m.count == 1 && m[0].hasPrefix("charts[0].\(name): a donut of layers has no ") && m[0].hasSuffix("or give \"sectors\" instead of \"layers\""), "\(m)")
        // The same key on a donut of sectors is drawn, and accepted.
        #expect(Self.messages(#"{"type": "donut", \#(key), "sectors": [{"name": "a", "value": 1}, {"name": "b", "value": 2}]}"#) == [])
    }

    @Test("a donut of layers says the totals of what is shown")
    func layersTotalsFollowToggles() throws {
        let page = try Spec.decode(#"{"charts": [{"type": "donut", "layers": [[{"name": "Home", "value": 1400}, {"name": "Living", "value": 900}], [{"name": "Rent", "value": 1150}, {"name": "Home", "value": 250}]]}]}"#)
        let scene = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
        scene.layout(size: Self.size)
        #expect(scene.elements(moment: .atRest).first { $0.key == .chart }?.value == "2 rings, inner ring 2,300 and outer ring 1,400")
        #expect(scene.perform(.toggle, on: ElementRef(chart: 0, key: .legend(0)), moment: Self.rest))   // Home, in both rings
        #expect(scene.elements(moment: .atRest).first { $0.key == .chart }?.value == "2 rings, inner ring 900 and outer ring 1,150")
    }

    @Test("a stream updates a donut of layers by the sector paths --geometry lists, across the rings")
    func layersStreamUpdates() throws {
        var s = PageStream()
        let page = #"{"charts": [{"type": "donut", "layers": [[{"name": "a", "value": 1}, {"name": "b", "value": 2}, {"name": "c", "value": 3}], [{"name": "d", "value": 4}, {"name": "e", "value": 5}]]}]}"#
        s.feed(Array((page + "\n" + #"{"update": "charts[0].sectors[4].value", "value": 50}"# + "\n" + #"{"update": "charts[0].sectors[5].value", "value": 1}"# + "\n").utf8))
        guard case .pie(let p)? = s.page?.charts[0] else { Issue.record("no donut"); return }
        #expect(p.layers.map { $0.map(\.value) } == [[1, 2, 3], [4, 50]])
        #expect(s.problems == ["line 3: charts[0].sectors[5].value: no such sector; the chart has 5 in its layers"], "\(s.problems)")
    }

    // MARK: - Formats

    @Test("one of format, currency and unit: a gauge's currency with a unit, and an axis' unit with a format, are refused")
    func oneFormat() {
        #expect(Self.messages(#"{"type": "gauge", "value": 5, "currency": "EUR", "unit": "kWh"}"#)
                == ["charts[0].unit: give either currency or unit, not both; a format has one of style, currency and unit"])
        #expect(Self.messages(#"{"type": "radar", "axes": [{"name": "A", "unit": "kg", "format": {"currency": "EUR"}}, "B", "C"], "series": []}"#)
                == [#"charts[0].axes[0].unit: give either unit or format, not both; format {"unit": …} says the same"#])
        #expect(Self.messages(#"{"type": "gauge", "value": 5, "unit": "kWh"}"#) == [] && Self.messages(#"{"type": "gauge", "value": 5, "currency": "EUR"}"#) == [])
    }

    // MARK: - Layout

    @Test("a gauge's value line is measured against its room: a long unit is shortened, the number stays whole and inside the card", arguments: [false, true])
    func gaugeValueLine(needle: Bool) throws {
        let page = Page(charts: [.gauge(GaugeChart(title: "Energy", value: 123_456.78, maximum: 200_000, needle: needle,
                                                   format: .unit("kilowatt-hours per square metre per year", decimals: nil)))])
        let (_, frame) = drawn(page, size: Size(400, 400), at: 1e4)
        let value = try #require(frame.labels.first { $0.role == .total })
        let shown = frame.texts[value.runs].map(\.line.text).joined()
        #expect(value.shortened && shown.hasPrefix("123,456.78") && shown.hasSuffix("…"), "\(shown)")
        #expect(value.box.minX >= 16 && value.box.maxX <= 384, "the value line \(value.box) leaves the card")
    }

    @Test("a half donut's center total sits in its hole, above the legend")
    func halfDonutTotal() throws {
        let page = Page(charts: [.pie(PieChart(title: "Seats", sectors: [PieSector(name: "Greens", value: 38), PieSector(name: "Social Democrats", value: 121),
                                                                         PieSector(name: "Conservatives", value: 164)],
                                               innerRadius: 0.55, centerLabel: .total, startAngle: -90, endAngle: 90))])
        for size in [Size(520, 600), Size(400, 300), Size(800, 420)] {
            let (_, frame) = drawn(page, size: size, at: 1e4)
            let total = try #require(frame.labels.first { $0.role == .total })
            let legendTop = try #require(frame.labels.filter { $0.role == .legend }.map(\.box.minY).min())
            #expect(total.text == "323" && total.box.maxY <= legendTop, "at \(size): total \(total.box), legend from \(legendTop)")
        }
    }

    // MARK: - Words

    @Test("POSIX locale names are Foundation's with their scripts", arguments: [
        ("zh_CN", "zh_Hans_CN"), ("zh_TW", "zh_Hant_TW"), ("zh_HK.UTF-8", "zh_Hant_HK"), ("sr_RS", "sr_Cyrl_RS"), ("sr_RS@latin", "sr_Latn_RS"),
        ("pa_IN", "pa_Guru_IN"), ("az_AZ.UTF-8", "az_Latn_AZ"), ("uz_UZ", "uz_Latn_UZ"), ("uz_UZ@cyrillic", "uz_Cyrl_UZ"), ("bs_BA", "bs_Latn_BA"),
        ("de_DE.UTF-8@euro", "de_DE"), ("C", "en_US"), ("POSIX", "en_US"),
    ])
    func posixLocales(posix: String, foundation: String) {
        #expect(Formatting.foundationIdentifier(posix) == foundation)
    }

    @Test("a name Foundation does not know is not mapped to one")
    func unknownLocales() {
        #expect(Formatting.foundationIdentifier("xx_YY") == nil && Formatting.foundationIdentifier("zh_XX") == nil)
        #expect(Formatting(localeIdentifier: "zh_CN").locale.identifier == "zh_Hans_CN")
    }

    @Test("angles past ten turns are refused with the limit named, not called infinite")
    func angleLimit() {
        #expect(Self.messages(#"{"type": "gauge", "value": 5, "startAngle": 3601}"#)
                == ["charts[0].startAngle: expected a number of degrees from -3600 to 3600 (clockwise from 12 o'clock), got 3601"])
        #expect(Self.messages(#"{"type": "rose", "startAngle": -3601, "sectors": []}"#)
                == ["charts[0].startAngle: expected a number of degrees from -3600 to 3600, got -3601"])
    }

    @Test("text every format can carry: noncharacters and XML's forbidden controls are left out, the rest kept")
    func carriableText() {
        // (Swift's literals refuse noncharacters: they are made from their code points.)
        func text(_ parts: Any...) -> String {
            var out = String.UnicodeScalarView()
            for p in parts {
                if let s = p as? String { out.append(contentsOf: s.unicodeScalars) } else if let v = p as? Int { out.append(Unicode.Scalar(UInt32(v))!) }
            }
            return String(out)
        }
        #expect(CarriableText.filtered(text("a", 0xFFFE, "b", 0xFFFF, "c", 0xFDD0, "d", 0x10FFFF, "e", 0x1FFFE)) == "abcde")
        #expect(CarriableText.filtered("tab\there, line\nbreak, אב 12 €") == "tab\there, line\nbreak, אב 12 €")
        #expect(CarriableText.filtered("\u{1}x") == "x")
        #expect(CarriableText.dropped(from: text("a", 0xFFFE, "b", 0xFFFE, 0xFFFF)) == [Unicode.Scalar(0xFFFE)!, Unicode.Scalar(0xFFFF)!])
    }
}
