import Foundation

/// Drilling into a sunburst from outside the window: `render --drill PATH`, the library.
extension PageScene {
    /// Makes a sunburst node the root: by its element path (`charts[0].nodes[3]`, as `--focus`
    /// and `--geometry` name it) or by the names from the top, "Europe/France" (the first
    /// sunburst of the page). Returns what went wrong, or nil.
    package func drill(_ path: String, moment: Moment) -> String? {
        layout(size: layoutSizeOrDefault)
        if path.hasPrefix("charts[") {
            guard let e = element(path: path, moment: .atRest) else { return "no element \(path)" }
            guard e.actions.contains(.drill) else { return "\(path) is a \(e.role.rawValue) with nothing under it to open; give a node with children" }
            return perform(.drill, on: ElementRef(chart: e.chart, key: e.key), moment: moment) ? nil : "\(path) cannot be opened"
        }
        guard let (index, sunburst) = items.enumerated().compactMap({ i, item in (item as? SunburstItem).map { (i, $0) } }).first else {
            return "the page has no sunburst"
        }
        let names = path.split(separator: "/", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, sunburst.drill(names: names, at: moment) else {
            return "charts[\(index)] has no node \(names.joined(separator: " › ")) with nodes under it (the top level is " +
                Descriptions.list(sunburst.top.map { sunburst.nodes[$0].name }) + ")"
        }
        revision += 1
        return nil
    }

    /// The size the page was last laid out for (or a plain 800 × 800 before any).
    var layoutSizeOrDefault: Size { layoutSize ?? Size(800, 800) }
}
