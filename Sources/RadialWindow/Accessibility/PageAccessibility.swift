import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// The accessible tree of a window showing a page: the element model (`PageScene.elements`,
/// the same model hover, focus, tooltips and `describe` read) mapped one to one onto
/// `AccessibleNode`s. Ids are the elements' own (stable across reloads by name), so the bridge
/// keeps each AtkObject while its element lives.
package enum PageAccessibility {
    /// The window's frame: the title, then the page with its heading and its charts.
    package static func snapshot(scene: PageScene, pageIndex: Int, pageName: String, windowTitle: String,
                         windowSize: Size, time: Double, windowFocused: Bool) -> AccessibleNode {
        let page = scene.page
        let whole = Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height)
        let pageID = "page\(pageIndex + 1)"
        var children: [AccessibleNode] = []
        if let t = page.title {
            let text = t + (page.subtitle.map { (".?!:".contains(t.last ?? " ") ? " " : ". ") + $0 } ?? "")
            children.append(AccessibleNode(id: pageID + ".heading", role: .heading, name: text, frame: Rect(x: 0, y: 0, width: windowSize.width, height: 60)))
        }
        scene.layout(size: windowSize)
        var chart: (node: AccessibleNode, index: Int)?
        func flush() { if let c = chart { children.append(c.node) }; chart = nil }
        for e in scene.elements(moment: Moment(time: time, reduceMotion: false)) {
            let focused = scene.focused == ElementRef(chart: e.chart, key: e.key)
            let node = node(for: e, id: pageID + "/" + e.id, focused: focused)
            if e.role == .chart { flush(); chart = (node, e.chart) } else { chart?.node.children.append(node) }
        }
        flush()
        let pageNode = AccessibleNode(id: pageID, role: .page, name: page.title ?? pageName, frame: whole, children: children)
        return AccessibleNode(id: "window", role: .frame, name: windowTitle, frame: whole,
                              states: windowFocused ? [.showing, .active] : [.showing], children: [pageNode])
    }

    /// One element as AT-SPI sees it: charts as charts, axes, sectors and contacts as list
    /// items (name, and the value as description), legend entries as toggle buttons with their
    /// checked state, Replay as a push button. Every element can take keyboard focus.
    package static func node(for e: ChartElement, id: String, focused: Bool) -> AccessibleNode {
        var states: AccessibleNode.States = [.showing, .focusable]
        if focused { states.insert(.focused) }
        let role: AccessibleNode.Role
        var actions: [String] = []
        switch e.role {
        case .chart: role = .chart
        case .axis, .sector, .contact, .series: role = .datum
        case .legendEntry:
            role = .toggleButton
            states.insert(.checkable)
            if e.checked == true { states.insert(.checked) }
            actions = ["toggle"]
        case .button:
            role = .pushButton
            actions = ["press"]
        }
        return AccessibleNode(id: id, role: role, name: e.name, description: e.value, frame: e.frame, states: states, actions: actions)
    }

    /// The element an accessible id names (`page1/charts[0]/series/City`).
    package static func element(id: String, in scene: PageScene, time: Double) -> ElementRef? {
        guard let slash = id.firstIndex(of: "/") else { return nil }
        let eid = String(id[id.index(after: slash)...])
        return scene.elements(moment: Moment(time: time, reduceMotion: false)).first { $0.id == eid }.map { ElementRef(chart: $0.chart, key: $0.key) }
    }
}
