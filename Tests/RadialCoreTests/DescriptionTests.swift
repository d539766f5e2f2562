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
            "Radar chart",
            "Speed: City 55, Trail 80",
            "Power: City 40, Trail 92",
            "Range: City 62, Trail 78",
            "Comfort: City 90, Trail 50",
            "Price: City 85, Trail 45",
            "Design: City 70, Trail 82",
        ])
    }

    @Test("the pies demo reads totals, values and whole percentages")
    func pies() {
        let text = Descriptions.describe(Demo.pies.page, formatting: enUS)
        #expect(text == """
        SwiftUI Pie Chart
        Earnings, $1,120.00: Tax Return $50.00, 5%; Interest $70.00, 6%; Payment $1,000.00, 89%
        Expenses, $200.00: Groceries $80.00, 40%; Insurance $100.00, 50%; Bicycle repair $20.00, 10%
        """)
    }

    @Test("the scan demo reads its turn and its contacts")
    func scan() {
        let text = Descriptions.describe(Demo.scan.page, formatting: enUS)
        #expect(text == """
        Scanning for devices. Contacts light up as the beam passes
        Scanning, one turn every 3 seconds, 4 contacts: Headphones at 40°, 62% out; Watch at 135°, 35% out; Speaker at 218°, 80% out; Keyboard at 300°, 50% out
        """)
    }

    @Test("a radar with too few axes, a titled radar and missing values")
    func radarEdges() {
        let two = RadarChart(axes: ["A", "B"], series: [RadarSeries(name: "S", values: [1], color: .system(.red))])
        #expect(Descriptions.describe(two, formatting: enUS) == [
            "Radar chart", "Needs at least 3 axes to draw a shape; it has 2.", "A: S 1", "B: S no value",
        ])
        // With no series an axis says so rather than nothing.
        let titled = RadarChart(title: "Fit", axes: ["X", "Y", "Z"], series: [])
        #expect(Descriptions.describe(titled, formatting: enUS) == ["Radar chart, Fit", "X: no series shown", "Y: no series shown", "Z: no series shown"])
    }

    @Test("pies without data, donuts without a title, other currencies and locales")
    func pieEdges() {
        #expect(Descriptions.describe(PieChart(sectors: []), formatting: enUS) == "Pie chart, 0: no data")
        #expect(Descriptions.describe(PieChart(sectors: [PieSector(name: "A", value: 0)], innerRadius: 0.5), formatting: enUS)
                == "Donut chart, 0: no data")
        let euro = PieChart(title: "Rent", sectors: [PieSector(name: "Flat", value: 900), PieSector(name: "Garage", value: 100)], currency: "EUR")
        #expect(Descriptions.describe(euro, formatting: enUS) == "Rent, €1,000.00: Flat €900.00, 90%; Garage €100.00, 10%")
        let de = Formatting(localeIdentifier: "de_DE")
        #expect(Descriptions.describe(euro, formatting: de)
                == "Rent, 1.000,00\u{00A0}€: Flat 900,00\u{00A0}€, 90\u{00A0}%; Garage 100,00\u{00A0}€, 10\u{00A0}%")
    }

    @Test("scans: one second, counter-clockwise, unnamed contacts, none at all")
    func scanEdges() {
        let one = ScanChart(title: "Radar", duration: 1, clockwise: false, blips: [Blip(angle: 12.6, distance: 0.25)])
        #expect(Descriptions.describe(one, formatting: enUS)
                == "Radar: scanning, one turn every second, counter-clockwise, 1 contact: Contact 1 at 13°, 25% out")
        #expect(Descriptions.describe(ScanChart(duration: 2.5), formatting: enUS) == "Scanning, one turn every 2.5 seconds, no contacts")
    }

    @Test("a page scene describes its page")
    func sceneDescription() {
        let scene = PageScene(page: Demo.ebike.page, measurer: TestMeasurer(), formatting: enUS)
        #expect(scene.description == Descriptions.describe(Demo.ebike.page, formatting: enUS))
    }
}
