/// The built-in demos: the seeds' pages.
public enum Demo: String, CaseIterable, Sendable {
    /// The seeds: the e-bike radar, the radar scan, and the pies.
    case ebike, scan, pies
    /// The rest of the radial family (issue #26), a page each: `examples/<name>.json` holds the same.
    case gauge, rings, rose, bars, sunburst, donuts

    /// The demo's page, as the seed draws it.
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
        default:
            return familyPage
        }
    }
}

extension Demo {
    /// The family's pages: a machine's load, a fitness day, a harbour's wind, a week of habits,
    /// a year's sales, a parliament and a budget.
    var familyPage: Page {
        switch self {
        case .gauge:
            let percent = NumberFormat.percent(decimals: 0)
            return Page(title: "This machine", subtitle: "Load and memory right now", charts: [
                .gauge(GaugeChart(title: "CPU", label: "Busy", value: 64, bands: [
                    GaugeBand(to: 60, color: .system(.green), name: "Normal"),
                    GaugeBand(to: 85, color: .system(.orange), name: "Busy"),
                    GaugeBand(to: 100, color: .system(.red), name: "Saturated"),
                ], threshold: 90, format: percent)),
                .gauge(GaugeChart(title: "Memory", label: "In use", value: 11.6, maximum: 16, needle: true, color: .system(.indigo),
                                  format: .unit("GB", decimals: 1))),
            ])
        case .rings:
            return Page(title: "Today", subtitle: "Tuesday's activity", charts: [
                .rings(RingsChart(rings: [
                    ActivityRing(name: "Move", value: 650, goal: 500, color: .system(.red), format: .unit("kcal", decimals: nil)),
                    ActivityRing(name: "Exercise", value: 42, goal: 30, color: .system(.green), format: .unit("min", decimals: nil)),
                    ActivityRing(name: "Stand", value: 9, goal: 12, color: .system(.cyan), format: .unit("h", decimals: nil)),
                ])),
            ])
        case .rose:
            let directions = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
            let hours = [31.0, 18, 12, 9, 14, 11, 8, 10, 22, 41, 63, 72, 55, 38, 29, 27]
            return Page(title: "Wind at the harbour", subtitle: "Hours from each direction, March", charts: [
                .rose(RoseChart(sectors: zip(directions, hours).map { PieSector(name: $0, value: $1) }, scale: .area, rings: 4, legend: false,
                                color: .system(.teal), format: .unit("h", decimals: nil))),
            ])
        case .bars:
            return Page(title: "This week", subtitle: "Habits against their goals", charts: [
                .radialBar(RadialBarChart(bars: [
                    PieSector(name: "Reading", value: 80), PieSector(name: "Running", value: 55), PieSector(name: "Sleep", value: 92),
                    PieSector(name: "Meditation", value: 30), PieSector(name: "Water", value: 68),
                ], maximum: 100, format: .percent(decimals: 0))),
            ])
        case .sunburst:
            func leaf(_ n: String, _ v: Double) -> SunburstNode { SunburstNode(name: n, value: v) }
            return Page(title: "Sales 2025", subtitle: "By region, country and city", charts: [
                .sunburst(SunburstChart(children: [
                    SunburstNode(name: "Europe", children: [
                        SunburstNode(name: "France", children: [leaf("Paris", 420), leaf("Lyon", 180), leaf("Lille", 90)]),
                        SunburstNode(name: "Germany", children: [leaf("Berlin", 380), leaf("Munich", 300), leaf("Hamburg", 160)]),
                        SunburstNode(name: "Spain", children: [leaf("Madrid", 240), leaf("Barcelona", 210)]),
                    ]),
                    SunburstNode(name: "Americas", children: [
                        SunburstNode(name: "United States", children: [leaf("New York", 610), leaf("Chicago", 260), leaf("Austin", 190)]),
                        SunburstNode(name: "Brazil", children: [leaf("São Paulo", 330), leaf("Rio de Janeiro", 150)]),
                        SunburstNode(name: "Canada", children: [leaf("Toronto", 200)]),
                    ]),
                    SunburstNode(name: "Asia", children: [
                        SunburstNode(name: "Japan", children: [leaf("Tokyo", 520), leaf("Osaka", 210)]),
                        SunburstNode(name: "India", children: [leaf("Bengaluru", 260), leaf("Mumbai", 240)]),
                    ]),
                ], format: .currency(code: "EUR", decimals: 0))),
            ])
        case .donuts:
            return Page(title: "Halves and rings", subtitle: "A parliament and a budget", charts: [
                .pie(PieChart(title: "Seats", sectors: [
                    PieSector(name: "Greens", value: 38), PieSector(name: "Social Democrats", value: 121), PieSector(name: "Liberals", value: 52),
                    PieSector(name: "Conservatives", value: 164, offset: 8), PieSector(name: "Left", value: 28),
                ], innerRadius: 0.55, angularInset: 2, appear: .all, startAngle: -90, endAngle: 90, sort: .descending)),
                .pie(PieChart(title: "Budget", sectors: [], innerRadius: 0.3, angularInset: 1, format: .currency(code: "EUR", decimals: 0),
                              layers: [
                                [PieSector(name: "Home", value: 1400, color: .system(.indigo)), PieSector(name: "Living", value: 900, color: .system(.teal)),
                                 PieSector(name: "Saving", value: 500, color: .system(.brown))],
                                [PieSector(name: "Rent", value: 1150, color: .system(.blue)), PieSector(name: "Energy", value: 250, color: .system(.cyan)),
                                 PieSector(name: "Food", value: 600, color: .system(.green)), PieSector(name: "Transport", value: 300, color: .system(.mint)),
                                 PieSector(name: "Pension", value: 300, color: .system(.orange)), PieSector(name: "Holidays", value: 200, color: .system(.yellow))],
                              ])),
            ])
        case .ebike, .scan, .pies:
            return page
        }
    }
}
