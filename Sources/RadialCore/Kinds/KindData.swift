/// A chart's data in a shape other kinds can take, so a chart can become the next kind its data
/// fits (T in the window, `render --as`, `Chart.converted(to:)`): shares and named values (a pie,
/// a donut, a rose, radial bars), series over categories (a radar, a polar line over
/// categories, several series of a rose or radial bars), or a hierarchy (a sunburst).
package enum KindData: Sendable, Equatable {
    /// Named values: a pie's sectors, a rose's wedges, radial bars, a sunburst's top level.
    case named(title: String?, subtitle: String?, values: [PieSector], format: NumberFormat?)
    /// Series over categories: a radar's axes and shapes, a polar line's categories.
    case series(title: String?, subtitle: String?, categories: [String], series: [CategorySeries], format: NumberFormat?)
    /// A hierarchy: a sunburst's nodes.
    case tree(title: String?, subtitle: String?, nodes: [SunburstNode], format: NumberFormat?)

    /// The title and subtitle, whatever the shape.
    var heading: (title: String?, subtitle: String?) {
        switch self {
        case .named(let t, let s, _, _), .series(let t, let s, _, _, _), .tree(let t, let s, _, _): (t, s)
        }
    }
    /// The number format, whatever the shape.
    var format: NumberFormat? {
        switch self {
        case .named(_, _, _, let f), .series(_, _, _, _, let f), .tree(_, _, _, let f): f
        }
    }

    /// The data as named values: itself, one series over its categories, or a tree's top level.
    var named: [PieSector]? {
        switch self {
        case .named(_, _, let values, _): values
        case .series(_, _, let categories, let series, _) where series.count == 1:
            categories.indices.map { PieSector(name: categories[$0], value: Stacking.clean(series[0].values[$0]), color: nil) }
        case .tree(_, _, let nodes, _): nodes.map { PieSector(name: $0.name, value: $0.total, color: $0.color, colorFromPalette: $0.colorFromPalette) }
        default: nil
        }
    }

    /// The data as series over categories: itself, or named values as one series.
    var series: (categories: [String], series: [CategorySeries])? {
        switch self {
        case .series(_, _, let categories, let series, _): (categories, series)
        default: nil
        }
    }
}

extension Chart {
    /// The type names this chart's data also fits, in the registry's order (its own among them):
    /// the order T walks them in the window.
    public var fittingTypes: [String] {
        guard let data = kind.data(self) else { return [typeName] }
        return ChartKinds.all.flatMap { k in k.typeNames.filter { k.make(data, $0, nil) != nil } }
    }

    /// This chart's data drawn as `type` (a type name a file may give), or nil when it does not
    /// fit. `template`: a chart of that type this data was before (its own keys — a donut's hole,
    /// a rose's scale — come back with it).
    public func converted(to type: String, template: Chart? = nil) -> Chart? {
        if type == typeName, template == nil { return self }
        guard let target = ChartKinds.named(type), let data = kind.data(self) else { return nil }
        return target.make(data, type, template)
    }

    /// The type after (or before, `step` −1) this chart's own in `fittingTypes`, round and round.
    public func nextType(step: Int = 1) -> String? {
        let types = fittingTypes
        guard types.count > 1 else { return nil }
        let at = types.firstIndex(of: fittingName) ?? 0
        return types[((at + step) % types.count + types.count) % types.count]
    }

    /// A pie with a hole is a donut for T and `--as`.
    var isDonut: Bool { if case .pie(let p) = self { p.innerRadius > 0 } else { false } }

    /// The type name T and `--as` know the chart by (a pie with a hole is "donut").
    package var fittingName: String { typeName == "pie" && isDonut ? "donut" : typeName }

    /// This chart's data as another kind (`chart.as("rose")`), or nil when it does not fit:
    /// `converted(to:)` by the name a file gives the kind.
    public func `as`(_ type: String) -> Chart? { converted(to: type) }
}

extension Page {
    /// The page with every chart drawn as `type` where its data fits (`render --as rose`), its
    /// states too, and the charts that do not fit, by index.
    public func converted(to type: String) -> (page: Page, unfit: [Int]) {
        var page = self
        var unfit: [Int] = []
        for (i, c) in charts.enumerated() {
            if let converted = c.converted(to: type) { page.charts[i] = converted } else { unfit.append(i) }
        }
        page.frames = frames.map { state in
            var p = state.page
            p.charts = p.charts.map { $0.converted(to: type) ?? $0 }
            return PageState(name: state.name, page: p)
        }
        return (page, unfit)
    }
}
