import Foundation
import RadialCore

/// The accessible tree of a window showing a page, built from what RadialCore has today: the
/// `Page` model, `Descriptions` (the text `radial describe` prints) and the scene's
/// `--geometry` (boxes).
///
/// **This is where the element model plugs in.** Once RadialCore has per-chart elements
/// (stable id, role, name, value text, box in window points, actions, focus), `chartNode`
/// maps them one to one onto `AccessibleNode` and everything below it goes; the window and
/// the bridge stay as they are.
enum PageAccessibility {
    /// The window's frame: the title, then the page with its heading and its charts.
    static func snapshot(scene: PageScene, pageIndex: Int, pageName: String, windowTitle: String,
                         windowSize: Size, time: Double, windowFocused: Bool) -> AccessibleNode {
        let page = scene.page
        let whole = Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height)
        let pageID = "page\(pageIndex + 1)"
        var children: [AccessibleNode] = []
        if let t = page.title {
            let text = t + (page.subtitle.map { (".?!:".contains(t.last ?? " ") ? " " : ". ") + $0 } ?? "")
            children.append(AccessibleNode(id: pageID + ".heading", role: .heading, name: text, frame: Rect(x: 0, y: 0, width: windowSize.width, height: 60)))
        }
        // Settled geometry (reduce motion): the boxes of what the charts come to, not of a
        // frame in the middle of their growth.
        let geometry = scene.geometry(size: windowSize, scale: 1, time: time, theme: .light, reduceMotion: true)
        let charts = geometry["charts"]?.array ?? []
        let live = scene.geometry(size: windowSize, scale: 1, time: time, theme: .light, reduceMotion: false)["charts"]?.array ?? []
        for (i, chart) in page.charts.enumerated() {
            let g = i < charts.count ? charts[i] : .null
            children.append(chartNode(chart, index: i, id: "\(pageID).chart\(i + 1)", geometry: g,
                                      liveGeometry: i < live.count ? live[i] : nil,
                                      formatting: scene.formatting))
        }
        let pageNode = AccessibleNode(id: pageID, role: .page, name: page.title ?? pageName, frame: whole, children: children)
        return AccessibleNode(id: "window", role: .frame, name: windowTitle, frame: whole,
                              states: windowFocused ? [.showing, .active] : [.showing], children: [pageNode])
    }

    // MARK: - Charts

    static func chartNode(_ chart: Chart, index: Int, id: String, geometry g: JSONOut, liveGeometry: JSONOut?, formatting: Formatting) -> AccessibleNode {
        let frame = g["frame"].flatMap(rect) ?? .zero
        let center = g["center"].flatMap(point) ?? Vec2(frame.midX, frame.midY)
        var children: [AccessibleNode] = []
        let name: String, description: String
        switch chart {
        case .radar(let c):
            let lines = Descriptions.describe(c, formatting: formatting)
            name = lines[0]
            description = lines.joined(separator: "\n")
            let radius = g["radius"]?.number ?? 0
            let n = c.axes.count
            // "Speed: City 55, Trail 80": the axis line of `describe` after its name.
            let axisLines = Array(lines.dropFirst(c.axes.count < 3 ? 2 : 1))
            for (a, axis) in c.axes.enumerated() {
                let angle = 360 * Double(a) / Double(max(n, 1))
                let tip = polar(center, radius + 24, angle)
                let box = bounds([center, tip]).insetBy(-10)
                let line = a < axisLines.count ? axisLines[a] : ""
                let value = line.hasPrefix(axis + ": ") ? String(line.dropFirst(axis.count + 2)) : line
                children.append(AccessibleNode(id: "\(id).axis\(a + 1)", role: .datum, name: axis, description: value, frame: box))
            }
            for (s, series) in c.series.enumerated() {
                children.append(legendEntry(id: "\(id).series\(s + 1)", name: series.name, frame: frame))
            }
            children.append(AccessibleNode(id: "\(id).replay", role: .pushButton, name: "Replay", frame: frame,
                                           states: [.showing, .focusable], actions: ["press"]))
        case .pie(let c):
            let text = Descriptions.describe(c, formatting: formatting)
            name = (c.innerRadius > 0 ? "Donut chart" : "Pie chart") + (c.title.map { ", " + $0 } ?? "")
            description = text
            let outer = g["outerRadius"]?.number ?? 0, inner = g["innerRadius"]?.number ?? 0
            let sectors = g["sectors"]?.array ?? []
            let total = c.total
            for (k, sector) in c.sectors.enumerated() {
                let s = k < sectors.count ? sectors[k] : .null
                let start = s["startAngle"]?.number ?? 0, end = s["endAngle"]?.number ?? 0
                let box = sectorBounds(center: center, inner: inner, outer: outer, start: start, end: end)
                let value = total > 0 ? "\(formatting.currency(sector.value, code: c.currency)), \(formatting.percent(sector.value / total))" : formatting.currency(sector.value, code: c.currency)
                children.append(AccessibleNode(id: "\(id).sector\(k + 1)", role: .datum, name: sector.name, description: value, frame: box))
            }
            if c.legend {
                for (k, sector) in c.sectors.enumerated() {
                    children.append(legendEntry(id: "\(id).legend\(k + 1)", name: sector.name, frame: frame))
                }
            }
        case .scan(let c):
            name = "Radar scan" + (c.title.map { ", " + $0 } ?? "")
            description = Descriptions.describe(c, formatting: formatting)
            let radius = g["radius"]?.number ?? 0
            // Lit or faded as the beam is at the moment of the snapshot.
            let live = liveGeometry?["blips"]?.array ?? []
            for (k, blip) in c.blips.enumerated() {
                let p = polar(center, radius * blip.distance, blip.angle)
                let intensity = k < live.count ? live[k]["intensity"]?.number ?? 0 : 0
                children.append(AccessibleNode(id: "\(id).contact\(k + 1)", role: .datum, name: blip.label ?? "Contact \(k + 1)",
                                               description: intensity > 0.5 ? "lit" : "faded",
                                               frame: Rect(x: p.x - 8, y: p.y - 8, width: 16, height: 16)))
            }
        }
        return AccessibleNode(id: id, role: .chart, name: name, description: description, frame: frame, children: children)
    }

    /// A legend entry: a toggle button, shown (checked) until the element model can hide it.
    /// Its box is the chart's until the element model gives legend boxes.
    static func legendEntry(id: String, name: String, frame: Rect) -> AccessibleNode {
        AccessibleNode(id: id, role: .toggleButton, name: name, frame: frame,
                       states: [.showing, .focusable, .checkable, .checked], actions: ["toggle"])
    }

    // MARK: - Geometry

    /// A point at `radius` from `center`, `degrees` clockwise from 12 o'clock (as `--geometry`).
    static func polar(_ center: Vec2, _ radius: Double, _ degrees: Double) -> Vec2 {
        let a = degrees * .pi / 180
        return Vec2(center.x + radius * sin(a), center.y - radius * cos(a))
    }

    static func bounds(_ points: [Vec2]) -> Rect {
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The box of an annular sector, from points along both arcs every few degrees.
    static func sectorBounds(center: Vec2, inner: Double, outer: Double, start: Double, end: Double) -> Rect {
        guard end > start else { return Rect(x: center.x, y: center.y, width: 0, height: 0) }
        var points: [Vec2] = []
        let steps = max(Int((end - start) / 5), 1)
        for i in 0...steps {
            let a = start + (end - start) * Double(i) / Double(steps)
            points.append(polar(center, outer, a))
            points.append(inner > 0 ? polar(center, inner, a) : center)
        }
        return bounds(points)
    }

    static func rect(_ j: JSONOut) -> Rect? {
        guard let a = j.array, a.count == 4, let x = a[0].number, let y = a[1].number, let w = a[2].number, let h = a[3].number else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    static func point(_ j: JSONOut) -> Vec2? {
        guard let a = j.array, a.count == 2, let x = a[0].number, let y = a[1].number else { return nil }
        return Vec2(x, y)
    }
}

private extension JSONOut {
    subscript(key: String) -> JSONOut? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }
    var array: [JSONOut]? { if case .array(let a) = self { a } else { nil } }
    var number: Double? {
        switch self {
        case .number(let v): v
        case .int(let v): Double(v)
        default: nil
        }
    }
}
