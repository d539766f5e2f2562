/// The built-in demos: the seeds' pages.
public enum Demo: String, CaseIterable, Sendable {
    case ebike, scan, pies

    public var page: Page {
        switch self {
        case .ebike:
            return Page(title: "Which e-bike?", subtitle: "Two models, six things that matter", charts: [
                .radar(RadarChart(
                    axes: ["Speed", "Power", "Range", "Comfort", "Price", "Design"],
                    series: [
                        RadarSeries(name: "City", values: [55, 40, 62, 90, 85, 70], color: .system(.teal)),
                        RadarSeries(name: "Trail", values: [80, 92, 78, 50, 45, 82], color: .system(.orange)),
                    ]))
            ])
        case .scan:
            return Page(title: "Scanning for devices", subtitle: "Contacts light up as the beam passes", charts: [
                .scan(ScanChart(color: .system(.green), duration: 3, rings: 3, spokes: 4, blips: [
                    Blip(angle: 40, distance: 0.62, label: "Headphones"),
                    Blip(angle: 135, distance: 0.35, label: "Watch"),
                    Blip(angle: 218, distance: 0.8, label: "Speaker"),
                    Blip(angle: 300, distance: 0.5, label: "Keyboard"),
                ]))
            ])
        case .pies:
            return Page(title: "SwiftUI Pie Chart", charts: [
                .pie(PieChart(title: "Earnings", sectors: [
                    PieSector(name: "Tax Return", value: 50),
                    PieSector(name: "Interest", value: 70),
                    PieSector(name: "Payment", value: 1000),
                ], format: .currency(code: "USD", decimals: nil), totalInTitle: true)),
                .pie(PieChart(title: "Expenses", sectors: [
                    PieSector(name: "Groceries", value: 80),
                    PieSector(name: "Insurance", value: 100),
                    PieSector(name: "Bicycle repair", value: 20),
                ], innerRadius: 0.5, angularInset: 4, annotations: true, format: .currency(code: "USD", decimals: nil), totalInTitle: true)),
            ])
        }
    }
}
