import Foundation
import Testing
@testable import RadialCore

private func page(_ json: String) throws -> Page { try Spec.decode(json) }

private func problems(_ json: String) -> [String] {
    do { _ = try Spec.decode(json); return [] } catch {
        return error.problems.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" }
    }
}

/// A radar of three objects axes and one plain one, two series.
private let laptops = """
{"charts": [{"type": "radar", "maximum": 10, "axes": [
  {"name": "Price", "min": 500, "max": 2000, "inverted": true, "format": {"currency": "EUR", "decimals": 0}},
  {"name": "Weight", "min": 0.8, "max": 2.5, "inverted": true, "unit": "kg"},
  {"name": "Battery", "min": 0, "max": 20, "unit": "h"},
  "Ports"],
 "series": [{"name": "Air", "values": [1099, 1.2, 18, 2]},
            {"name": "Studio", "values": [2499, 2.1, -3, 12]}]}]}
"""

private func radar(_ p: Page) -> RadarChart {
    guard case .radar(let r) = p.charts[0] else { fatalError("not a radar") }
    return r
}

/// The radar's geometry at rest.
private func corners(_ p: Page) -> (center: Vec2, radius: Double, series: [[Vec2]]) {
    let s = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS)
    s.layout(size: Size(800, 800))
    let g = s.geometry(FrameRequest(size: Size(800, 800), scale: 1, time: 10, theme: .light, reduceMotion: false))[key: "charts"]?[index: 0]
    return (g?[key: "center"]?.point ?? .zero, g?[key: "radius"]?.number ?? 0,
            g?[key: "series"]?.items.map { $0[key: "points"]?.items.compactMap(\.point) ?? [] } ?? [])
}

@Suite("Radar axes: per-axis ranges, inversion, out-of-range values")
struct AxisScaleTests {
    @Test("each value maps through its axis' range; inverted axes put the low end at the rim")
    func mappingByHand() throws {
        let r = radar(try page(laptops))
        // Price 1099 on 500…2000 inverted: 1 − 599/1500.
        #expect(close(r.share(series: 0, axis: 0), 1 - 599.0 / 1500))
        // Weight 1.2 on 0.8…2.5 inverted: 1 − 0.4/1.7.
        #expect(close(r.share(series: 0, axis: 1), 1 - 0.4 / 1.7))
        #expect(close(r.share(series: 0, axis: 2), 18.0 / 20))
        // A plain axis runs from 0 to the chart's maximum.
        #expect(close(r.share(series: 0, axis: 3), 2.0 / 10))
        // Out of range: 2499 above an inverted maximum sits at the center, −3 below 0 too, 12 > 10 at the rim.
        #expect(r.share(series: 1, axis: 0) == 0 && r.outOfRange(series: 1, axis: 0) == .above)
        #expect(r.share(series: 1, axis: 2) == 0 && r.outOfRange(series: 1, axis: 2) == .below)
        #expect(r.share(series: 1, axis: 3) == 1 && r.outOfRange(series: 1, axis: 3) == .above)
        #expect(r.outOfRange(series: 0, axis: 0) == nil)
    }

    @Test("the drawn corners are where the hand computation puts them")
    func drawnCorners() throws {
        let (c, radius, series) = corners(try page(laptops))
        let share = 1 - 599.0 / 1500
        // Axis 0 points up.
        #expect(close(series[0][0], Vec2(c.x, c.y - radius * share), 1e-6))
        // Axis 2 (of 4) points down.
        #expect(close(series[0][2], Vec2(c.x, c.y + radius * 0.9), 1e-6))
        #expect(close(series[1][3], Vec2(c.x - radius, c.y), 1e-6))
    }

    @Test("charts whose axes share one range keep the plain mapping (and no scales)")
    func plainAxesUnchanged() throws {
        let p = try page(#"{"charts": [{"type": "radar", "maximum": 50, "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [25, 60, -5]}]}]}"#)
        let r = radar(p)
        #expect(r.scales.isEmpty)
        #expect(r.share(series: 0, axis: 0) == RadarMath.share(of: 25, maximum: 50))
        #expect(r.share(series: 0, axis: 1) == 1 && r.share(series: 0, axis: 2) == 0)
    }

    @Test("out-of-range values are described with the axis' end, in its format")
    func described() throws {
        let p = try page(laptops)
        let text = Descriptions.describe(p, formatting: enUS)
        #expect(text.contains("Price: Air €1,099, Studio €2,499 (above the axis' maximum €2,000)"))
        #expect(text.contains("Weight: Air 1.2 kg, Studio 2.1 kg"))
        #expect(text.contains("Battery: Air 18 h, Studio -3 h (below the axis' minimum 0 h)"))
        #expect(text.contains("Ports: Air 2, Studio 12 (above the axis' maximum 10)"))
        // The element model and tooltips say the same.
        let s = PageScene(page: p, measurer: TestMeasurer(), formatting: enUS)
        s.layout(size: Size(800, 800))
        let axis = try #require(s.elements(moment: Moment(time: 10, reduceMotion: false)).first { $0.role == .axis && $0.name == "Price" })
        #expect(axis.value == "Air €1,099, Studio €2,499 (above the axis' maximum €2,000), on €500 to €2,000, lower is better")
    }

    @Test("every out-of-range value is one warning line naming its path and where it is drawn")
    func warnings() throws {
        let lines = Descriptions.warnings(try page(laptops), formatting: enUS)
        #expect(lines == [
            "charts[0].series[1].values[0]: Studio's Price €2,499 is above the axis' maximum €2,000; drawn at the center with an open marker",
            "charts[0].series[1].values[2]: Studio's Battery -3 h is below the axis' minimum 0 h; drawn at the center with an open marker",
            "charts[0].series[1].values[3]: Studio's Ports 12 is above the axis' maximum 10; drawn at the rim with an open marker",
        ])
        #expect(Descriptions.warnings(Demo.ebike.page, formatting: enUS).isEmpty)
    }

    @Test("an out-of-range corner carries an open ring, and one held at the rim an outward arrow")
    func marks() throws {
        let p = try page(laptops)
        let (_, frame) = drawn(p, size: Size(800, 800), at: 10)
        let (c, radius, series) = corners(p)
        let rings = frame.roundedRects.filter { $0.borderWidth == 2 && close($0.rect.width, 10) }
        #expect(rings.count == 3)
        for corner in [series[1][0], series[1][2], series[1][3]] {
            #expect(rings.contains { close($0.rect.center, corner, 1e-6) })
        }
        // The arrow of Ports (axis 3, pointing left) runs on past the rim.
        #expect(frame.lines.contains { close($0.to, Vec2(c.x - radius - 15, c.y), 1e-6) })
        // The in-range e-bike has none.
        let (_, plain) = drawn(Demo.ebike.page, size: Size(800, 800), at: 10)
        #expect(!plain.roundedRects.contains { $0.borderWidth == 2 && close($0.rect.width, 10) })
    }

    @Test("ring labels write the first axis' scale, value labels each corner's value")
    func labels() throws {
        var p = try page(laptops)
        guard case .radar(var r) = p.charts[0] else { return }
        r.ringLabels = true; r.valueLabels = true; r.rings = 3
        p.charts[0] = .radar(r)
        let (_, frame) = drawn(p, size: Size(800, 800), at: 10)
        let texts = frame.texts.map(\.text)
        // Inverted: the rim is the low end.
        for t in ["€2,000", "€1,500", "€1,000", "€500"] { #expect(texts.contains(t)) }
        for t in ["€1,099", "1.2 kg", "18 h", "2", "2.1 kg"] { #expect(texts.contains(t)) }
    }

    @Test("a radar's value labels fade in as the shape finishes growing (never piled at the center), each on a plate of the card's color")
    func valueLabelsGrowAndHalo() throws {
        var p = try page(laptops)
        guard case .radar(var r) = p.charts[0] else { return }
        r.valueLabels = true
        p.charts[0] = .radar(r)
        let (_, early) = drawn(p, size: Size(800, 800), at: 0.05)
        #expect(!early.labels.contains { $0.role == .valueLabel }, "value labels drawn while the shape is at the center")
        let (_, rest) = drawn(p, size: Size(800, 800), at: 10)
        let values = rest.labels.filter { $0.role == .valueLabel }
        #expect(values.count >= 5 && values.allSatisfy { $0.opacity == 1 })
        // Each label's box lies on a plate in the card's color (white in light).
        for v in values {
            #expect(rest.roundedRects.contains { q in
                q.color.r == 1 && q.color.g == 1 && q.color.b == 1 && abs(Double(q.color.a) - RadarItem.valueLabelPlateOpacity) < 1e-3
                    && q.rect.minX <= v.box.minX && q.rect.maxX >= v.box.maxX && q.rect.minY <= v.box.minY + 0.5 && q.rect.maxY >= v.box.maxY - 0.5
            }, "no plate under \(v.text)")
        }
        #expect(RadarItem.valueLabelOpacity(growth: 0.5) == 0 && RadarItem.valueLabelOpacity(growth: 0.95) == 1)
    }

    @Test("bad axes are refused by path: min ≥ max, unknown keys and formats, with suggestions")
    func badAxes() {
        func chart(_ axis: String) -> String {
            #"{"charts": [{"type": "radar", "axes": [\#(axis), "B", "C"], "series": [{"name": "S", "values": [1, 2, 3]}]}]}"#
        }
        #expect(problems(chart(#"{"name": "A", "min": 5, "max": 5}"#)) == ["charts[0].axes[0].min: expected min below max, got min 5 and max 5"])
        #expect(problems(chart(#"{"name": "A", "min": 200}"#)) == ["charts[0].axes[0].min: expected min below max, got min 200 and max 100"])
        #expect(problems(chart(#"{"name": "A", "maxi": 5}"#)) == [#"charts[0].axes[0].maxi: unknown key; did you mean "max"?"#])
        #expect(problems(chart(#"{"name": "A", "format": "percnt"}"#)) == [#"charts[0].axes[0].format: unknown format "percnt"; did you mean "percent"?"#])
        #expect(problems(chart(#"{"name": "A", "format": {"currency": "euro"}}"#)) == [#"charts[0].axes[0].format.currency: expected a three-letter ISO 4217 currency code such as "USD", got "euro""#])
        #expect(problems(chart(#"{"name": "A", "format": {"unit": "kg", "currency": "EUR"}}"#)) == ["charts[0].axes[0].format.unit: a format has one of style, currency and unit; this one has currency, unit"])
        #expect(problems(chart(#"{"min": 1}"#)) == ["charts[0].axes[0].name: missing; expected an axis name (a string)"])
        #expect(problems(chart(#"{"name": "A", "inverted": "yes"}"#)) == [#"charts[0].axes[0].inverted: expected true or false, got "yes""#])
        #expect(problems(#"{"charts": [{"type": "radar", "axes": ["A", "B", "C"], "ringLabel": true, "series": []}]}"#) == [#"charts[0].ringLabel: unknown key; did you mean "ringLabels"?"#])
    }
}
