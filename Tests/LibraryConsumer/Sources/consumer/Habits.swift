import Foundation
import RadialCore
import RadialRender
import RadialWindow

// What a Swift Charts developer writes without looking anything up; it must compile as written.

struct Sale: Identifiable { let id = UUID(); let product: String; let units: Int; let returned: UInt8?; let color: ChartColor }
struct Reading { let name: String; let value: Float?; let tint: ChartColor? }

enum Habits {
    static let sales = [Sale(product: "Bikes", units: 12, returned: 1, color: .blue), Sale(product: "Helmets", units: 30, returned: nil, color: ChartColor(hex: "#FF9500")!)]
    static let readings = [Reading(name: "A", value: 1.5, tint: nil), Reading(name: "B", value: nil, tint: .mint), Reading(name: "C", value: 3, tint: .pink)]

    static var page: Page {
        // Integer values, non-optional color key paths, one InnerRadius type (a number or .ratio).
        let units = PieChart(title: "Units", sales, name: \.product, value: \.units, color: \.color, innerRadius: 0.5, totalInTitle: true)
        let returned = PieChart(sales, name: \.product, value: \.returned, innerRadius: .ratio(0.4))   // nil values left out
        let readings = PieChart(Self.readings, name: \.name, value: \.value, color: \.tint, appear: .sequence(every: .milliseconds(800)))
        // Series without a color take the palette's, as in a file; integer and optional values.
        let radar = RadarChart(axes: ["Speed", "Power", "Range"], series: [
            RadarChartSeries(name: "Ints", values: [1, 2, 3] as [Int]),
            RadarChartSeries(name: "Floats", values: [Float(1.5), 2.5, 3.5]),
            RadarChartSeries(name: "Gaps", values: [4, nil, 6] as [Int?]),
        ], maximum: 10)
        let donut = PieChart(title: "Donut", sectors: [PieSector(name: "x", value: 1)], innerRadius: 0.5)
        let burst = SunburstChart(children: [SunburstNode(name: "Europe", value: 3)], innerRadius: .ratio(0.3))
        return Page(title: "Habits", charts: [.pie(units), .pie(returned), .pie(readings), .radar(radar), .pie(donut), .sunburst(burst),
                                              .scan(ScanChart(color: .green, animationDuration: .seconds(3)))])
    }

    static func options() -> (PictureOptions, WindowOptions) {
        (PictureOptions(size: Size(width: 640, height: 480), locale: Locale(identifier: "de_DE")),
         WindowOptions(size: Size(width: 640, height: 480), locale: Locale(identifier: "de_DE")))
    }

    static func change(_ page: inout Page) {
        // Typed accessors change a chart where it stands; a keyed lookup by title.
        page.charts[3].radar?.series[1].values[2] = 3
        page.charts[0].pie?.sectors[0].value = 13
        page[chart: "Donut"]?.pie?.angularInset = 2
    }

    static func codable(_ page: Page) throws -> Page {
        try JSONDecoder().decode(Page.self, from: JSONEncoder().encode(page))
    }

    static func hashable(_ page: Page) -> Set<Page> { [page, page] }

    static func write(_ page: Page, to folder: URL) throws {
        try page.write(to: folder.appendingPathComponent("habits.png"), at: .milliseconds(450))
        _ = try page.render(at: .seconds(1))
        _ = page.description(locale: Locale(identifier: "de_DE"))
    }
}
