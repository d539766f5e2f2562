extension Descriptions {
    /// A kind as T announces it: "Rose chart, 5 wedges", "Radar chart, 6 axes".
    package static func kindName(of chart: Chart) -> String {
        let (name, count, unit): (String, Int, String) = switch chart {
        case .radar(let c): ("Radar", c.axes.count, "axes")
        case .pie(let c): (chart.isDonut ? "Donut" : "Pie", c.sectors.count + c.layers.reduce(0) { $0 + $1.count }, "sectors")
        case .scan(let c): ("Radar scan", c.blips.count, "contacts")
        case .gauge: ("Gauge", 1, "value")
        case .rings(let c): ("Activity rings", c.rings.count, "rings")
        case .rose(let c): ("Rose", c.categories.isEmpty ? c.sectors.count : c.categories.count, "wedges")
        case .radialBar(let c): ("Radial bar", c.categories.isEmpty ? c.bars.count : c.categories.count, "bars")
        case .sunburst(let c): ("Sunburst", c.children.count, "branches")
        case .polar(let c): ("Polar", c.series.count, "series")
        }
        let one = ["axes": "axis", "sectors": "sector", "contacts": "contact", "rings": "ring", "wedges": "wedge", "bars": "bar", "branches": "branch"]
        return "\(name) chart, \(count) \(count == 1 ? one[unit] ?? unit : unit)"
    }

    /// What T says of a chart whose data fits no other kind.
    package static func noOtherKind(_ chart: Chart) -> String {
        "\(kindName(of: chart)): its data fits no other kind"
    }
}
