import Foundation
import RadialCore

// The seeds' data, as the seeds write it (/work/shared/seeds): what a developer copies from the
// SwiftUI code compiles against Radial as it is.

enum Seeds {
    // 000: the radar chart's demo.
    static let axes = ["Speed", "Power", "Range", "Comfort", "Price", "Design"]
    static let bikes = [
        RadarChartSeries(name: "City", values: [55, 40, 62, 90, 85, 70], color: .teal),
        RadarChartSeries(name: "Trail", values: [80, 92, 78, 50, 45, 82], color: .orange),
    ]
    static var radar: RadarChart { RadarChart(axes: axes, series: bikes) }
    // ForEach(bikes) needs Identifiable series, as the seed's are.
    static var bikeIDs: [String] { bikes.map(\.id) }

    // 002: the scan, RadarScanView(color: .green) turning every 3 seconds.
    static var scan: ScanChart { ScanChart(color: .green, animationDuration: 3) }

    // 003: the pie chart's records, with their UUIDs.
    struct Record: Identifiable {
        let id: UUID = UUID()
        var name: String
        var value: Double
    }
    static let demoEarnings: [Record] = [
        Record(name: "Tax Return", value: 50),
        Record(name: "Interest", value: 70),
        Record(name: "Payment", value: 1000)
    ]
    static let demoExpenses: [Record] = [
        Record(name: "Groceries", value: 80),
        Record(name: "Insurance", value: 100),
        Record(name: "Bicycle repair", value: 20)
    ]
    // SectorMark(angle: .value(...), innerRadius: .ratio(0.5), angularInset: 4)
    static var earnings: PieChart { PieChart(title: "Earnings", demoEarnings, name: \.name, value: \.value, currency: "USD", totalInTitle: true) }
    static var expenses: PieChart {
        PieChart(title: "Expenses", demoExpenses, name: \.name, value: \.value, innerRadius: .ratio(0.5), angularInset: 4,
                 annotations: true, currency: "USD", totalInTitle: true)
    }

    static var page: Page {
        Page(title: "Which e-bike?", subtitle: "Two models, six things that matter",
             charts: [.radar(radar), .scan(scan), .pie(earnings), .pie(expenses)])
    }
}
