import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

@Suite("Descriptions")
struct DescriptionTests {
    @Test("the e-bike demo reads each axis with the value of every series")
    func ebike() {
        let lines = Descriptions.describe(Demo.ebike.page, formatting: enUS).components(separatedBy: "\n")
        #expect(lines == [
            "Which e-bike? Two models, six things that matter",
            "Radar chart: City and Trail on 6 axes, each of 100",
            "Speed: City 55, Trail 80, of 100",
            "Power: City 40, Trail 92, of 100",
            "Range: City 62, Trail 78, of 100",
            "Comfort: City 90, Trail 50, of 100",
            "Price: City 85, Trail 45, of 100",
            "Design: City 70, Trail 82, of 100",
        ])
    }

    @Test("the pies demo reads totals, values and whole percentages")
    func pies() {
        let text = Descriptions.describe(Demo.pies.page, formatting: enUS)
        #expect(text == """
        SwiftUI Pie Chart
        Earnings, pie chart, $1,120.00: Tax Return $50.00, 5%; Interest $70.00, 6%; Payment $1,000.00, 89%
        Expenses, donut chart, $200.00: Groceries $80.00, 40%; Insurance $100.00, 50%; Bicycle repair $20.00, 10%
        """)
    }

    @Test("the scan demo reads its turn and its contacts")
    func scan() {
        let text = Descriptions.describe(Demo.scan.page, formatting: enUS)
        #expect(text == """
        Scanning for devices. Contacts light up as the beam passes
        Radar scan chart: One turn every 3 seconds, 4 contacts. Headphones at 1 o'clock, 62% out; Watch at 5 o'clock, 35% out; Speaker at 7 o'clock, 80% out; Keyboard at 10 o'clock, 50% out
        """)
    }

    @Test("a radar with too few axes, a titled radar and missing values")
    func radarEdges() {
        let two = RadarChart(axes: ["A", "B"], series: [RadarSeries(name: "S", values: [1], color: .system(.red))])
        #expect(Descriptions.describe(two, formatting: enUS) == [
            "Radar chart: S on 2 axes, each of 100", "Needs at least 3 axes to draw a shape; it has 2.", "A: S 1, of 100", "B: S no value, of 100",
        ])
        // With no series an axis says so rather than nothing.
        let titled = RadarChart(title: "Fit", axes: ["X", "Y", "Z"], series: [])
        #expect(Descriptions.describe(titled, formatting: enUS) == ["Fit, radar chart: No series shown on 3 axes, each of 100", "X: no series shown", "Y: no series shown", "Z: no series shown"])
    }

    @Test("pies without data, donuts without a title, other currencies and locales")
    func pieEdges() {
        #expect(Descriptions.describe(PieChart(sectors: []), formatting: enUS) == "Pie chart, 0: no data")
        #expect(Descriptions.describe(PieChart(sectors: [PieSector(name: "A", value: 0)], innerRadius: 0.5), formatting: enUS)
                == "Donut chart, 0: no data")
        let euro = PieChart(title: "Rent", sectors: [PieSector(name: "Flat", value: 900), PieSector(name: "Garage", value: 100)], currency: "EUR")
        #expect(Descriptions.describe(euro, formatting: enUS) == "Rent, pie chart, €1,000.00: Flat €900.00, 90%; Garage €100.00, 10%")
        let de = Formatting(localeIdentifier: "de_DE")
        #expect(Descriptions.describe(euro, formatting: de)
                == "Rent, pie chart, 1.000,00\u{00A0}€: Flat 900,00\u{00A0}€, 90\u{00A0}%; Garage 100,00\u{00A0}€, 10\u{00A0}%")
    }

    @Test("scans: one second, counter-clockwise, unnamed contacts, none at all")
    func scanEdges() {
        let one = ScanChart(title: "Gate", duration: 1, clockwise: false, blips: [Blip(angle: 12.6, distance: 0.25)])
        #expect(Descriptions.describe(one, formatting: enUS)
                == "Gate, radar scan chart: One turn every second, counter-clockwise, 1 contact. Contact 1 at 12 o'clock, 25% out")
        #expect(Descriptions.describe(ScanChart(duration: 2.5), formatting: enUS) == "Radar scan chart: One turn every 2.5 seconds, no contacts")
        // Clock positions round to the nearest hour; 345° and more is 12 o'clock.
        let place = { (a: Double) in Descriptions.contactPlace(Blip(angle: a, distance: 0.5), formatting: enUS) }
        #expect([0, 14, 16, 90, 344, 346].map(place) == ["at 12 o'clock, 50% out", "at 12 o'clock, 50% out", "at 1 o'clock, 50% out",
                                                        "at 3 o'clock, 50% out", "at 11 o'clock, 50% out", "at 12 o'clock, 50% out"])
        // When the beam passed, and when it never will.
        let b = Blip(angle: 40, distance: 0.62)
        #expect(Descriptions.contactValue(b, sincePass: 1.44, beamMoves: true, formatting: enUS) == "at 1 o'clock, 62% out, beam passed 1.4 s ago")
        #expect(Descriptions.contactValue(b, sincePass: nil, beamMoves: true, formatting: enUS) == "at 1 o'clock, 62% out, beam not there yet")
        #expect(Descriptions.contactValue(b, sincePass: nil, beamMoves: false, formatting: enUS) == "at 1 o'clock, 62% out, beam held still")
    }

    @Test("a page scene describes its page")
    func sceneDescription() {
        let scene = PageScene(page: Demo.ebike.page, measurer: TestMeasurer(), formatting: enUS)
        #expect(scene.description == Descriptions.describe(Demo.ebike.page, formatting: enUS))
    }

    @Test("names leave the role to the screen reader: kind, after the title; summaries say what a chart holds")
    func namesAndSummaries() {
        #expect(Descriptions.name(of: RadarChart(axes: ["A"], series: [])) == "Radar")
        #expect(Descriptions.name(of: RadarChart(title: "Fit", axes: ["A"], series: [])) == "Fit, radar")
        #expect(Descriptions.name(of: PieChart(title: "Expenses", sectors: [], innerRadius: 0.5)) == "Expenses, donut")
        #expect(Descriptions.name(of: ScanChart()) == "Radar scan")
        let ebike = Demo.ebike.page.charts.compactMap { if case .radar(let r) = $0 { r } else { nil } }[0]
        #expect(Descriptions.summary(of: ebike, formatting: enUS) == "City and Trail on 6 axes, each of 100")
        #expect(Descriptions.summary(of: ebike, formatting: enUS, hidden: [0]) == "Trail on 6 axes, each of 100 (City hidden)")
        #expect(Descriptions.seriesValues(ebike, series: 0, formatting: enUS)
                == "Speed 55, Power 40, Range 62, Comfort 90, Price 85, Design 70, each of 100")
        #expect(Descriptions.list(["A", "B", "C"]) == "A, B and C")
        #expect(Descriptions.windowTitle(page: "Which e-bike?") == "Which e-bike? — Radial")
        #expect(Descriptions.toggled("City", shown: false) == "City, hidden" && Descriptions.toggled("City", shown: true) == "City, shown")
    }

    @Test("values carry their axis' format and scale: units, currencies, a minimum, lower is better")
    func scales() {
        let laptops = RadarChart(axes: ["Price", "Weight", "Battery"],
                                 series: [RadarSeries(name: "A", values: [1099, 1.4, 12], color: .system(.blue))],
                                 scales: [RadarAxisScale(maximum: 2000, inverted: true, format: .currency(code: "USD", decimals: 0)),
                                          RadarAxisScale(minimum: 1, maximum: 3, unit: "kg"),
                                          RadarAxisScale(maximum: 20, unit: "h")])
        #expect(Descriptions.axisValue(laptops, axis: 0, formatting: enUS) == "A $1,099, of $2,000, lower is better")
        #expect(Descriptions.axisValue(laptops, axis: 1, formatting: enUS) == "A 1.4 kg, on 1 kg to 3 kg")
        #expect(Descriptions.seriesValues(laptops, series: 0, formatting: enUS)
                == "Price $1,099 of $2,000, lower is better; Weight 1.4 kg on 1 kg to 3 kg; Battery 12 h of 20 h")
        #expect(Descriptions.summary(of: laptops, formatting: enUS) == "A on 3 axes, each on its own scale")
    }

    @Test("a share that is not zero never reads 0 %, one that is not the whole never 100 %")
    func extremeShares() {
        #expect(Descriptions.share([1000, 1], 1, formatting: enUS) == "<1%")
        #expect(Descriptions.share([1000, 1], 0, formatting: enUS) == ">99%")
        #expect(Descriptions.share([5], 0, formatting: enUS) == "100%")
        #expect(Descriptions.share([5, 0], 0, formatting: enUS) == "100%")
        #expect(Descriptions.share([0, 5], 0, formatting: enUS) == "0%")
        #expect(Descriptions.share([50, 70, 1000], 0, formatting: enUS) == "5%")
        let pie = PieChart(sectors: [PieSector(name: "Big", value: 1000), PieSector(name: "Crumb", value: 1)])
        #expect(Descriptions.describe(pie, formatting: enUS) == "Pie chart, 1,001: Big 1,000, >99%; Crumb 1, <1%")
    }
}
