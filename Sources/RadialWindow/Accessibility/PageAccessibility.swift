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
    ///
    /// With no element focused, the page's start has the focus: its heading (so a page that
    /// opens, or is switched to, is read from its title), or the page itself when it has none.
    /// Tab goes on to the first chart, and Esc, Tab past the last chart and Shift+Tab before
    /// the first come back to it. `announcement` replaces the focused node's description with
    /// what a user's action just did ("City, hidden"); `time`'s changes by themselves (the
    /// beam) reach contacts only, which are transient (updated without events).
    ///
    /// `pageHeight` and `scroll`: a page laid out taller than the window (`PageScene.scrollHeight`)
    /// and scrolled that far; every frame is given in the window's points (a part scrolled out
    /// of the window lies above or below it, as a toolkit's scrolled content does).
    package static func snapshot(scene: PageScene, pageIndex: Int, pageName: String, windowTitle: String,
                         windowSize: Size, pageHeight: Double? = nil, scroll: Double = 0, time: Double, windowFocused: Bool,
                         announcement: (id: String, text: String)? = nil) -> AccessibleNode {
        let page = scene.page
        let whole = Rect(x: 0, y: 0, width: windowSize.width, height: windowSize.height)
        func inWindow(_ r: Rect) -> Rect { Rect(x: r.minX, y: r.minY - scroll, width: r.width, height: r.height) }
        let pageID = "page\(pageIndex + 1)"
        let atStart = scene.focused == nil
        var children: [AccessibleNode] = []
        if let text = Descriptions.heading(of: page) {
            var heading = AccessibleNode(id: pageID + ".heading", role: .heading, name: text, frame: inWindow(Rect(x: 0, y: 0, width: windowSize.width, height: 60)),
                                         states: atStart ? [.showing, .focusable, .focused] : [.showing, .focusable])
            if atStart, let a = announcement, a.id == heading.id { heading.description = a.text }
            children.append(heading)
        }
        scene.layout(size: Size(windowSize.width, pageHeight ?? windowSize.height))
        var chart: (node: AccessibleNode, index: Int)?
        // A chart's elements, with those that belong under another (a sunburst node under its
        // parent) nested there: a tree.
        var members: [(key: ElementKey, parent: ElementKey?, node: AccessibleNode)] = []
        func nest() -> [AccessibleNode] {
            func under(_ parent: ElementKey?) -> [AccessibleNode] {
                members.filter { $0.parent == parent }.map { m in
                    var n = m.node
                    n.children = under(m.key)
                    return n
                }
            }
            let keys = Set(members.map(\.key))
            // A parent not among the elements (outside the view) leaves its children at the top.
            members = members.map { m in (m.key, m.parent.flatMap { keys.contains($0) ? $0 : nil }, m.node) }
            return under(nil)
        }
        func flush() {
            if var c = chart { c.node.children = nest(); children.append(c.node) }
            chart = nil; members = []
        }
        for e in scene.elements(moment: Moment(time: time, reduceMotion: false)) {
            let focused = scene.focused == ElementRef(chart: e.chart, key: e.key)
            var node = node(for: e, id: pageID + "/" + e.id, focused: focused)
            node.frame = inWindow(node.frame)
            if focused, let a = announcement, a.id == node.id { node.description = a.text }
            if e.role == .chart { flush(); chart = (node, e.chart) } else { members.append((e.key, e.parent, node)) }
        }
        flush()
        let headless = Descriptions.heading(of: page) == nil && atStart
        let pageNode = AccessibleNode(id: pageID, role: .page, name: page.title ?? pageName, frame: whole,
                                      states: headless ? [.showing, .focusable, .focused] : [.showing], children: children)
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
        case .chart:
            role = .chart
            actions = ["play"]   // its audio graph (the A key)
        case .contact:
            // Where the beam was changes by itself: read fresh, never announced.
            role = .datum
            states.insert(.transient)
        case .axis, .sector, .series, .bar, .band, .mark: role = .datum
        case .meter: role = .meter
        case .node:
            role = .treeItem
            actions = e.actions.contains(.drill) ? ["drill"] : []
        case .legendEntry:
            role = .toggleButton
            states.insert(.checkable)
            if e.checked == true { states.insert(.checked) }
            actions = ["toggle"]
        case .button:
            role = .pushButton
            actions = ["press"]
        }
        return AccessibleNode(id: id, role: role, name: e.name, description: e.value, frame: e.frame, states: states, actions: actions, range: e.range)
    }

    /// The element an accessible id names (`page1/charts[0]/series/City`).
    package static func element(id: String, in scene: PageScene, time: Double) -> ElementRef? {
        guard let slash = id.firstIndex(of: "/") else { return nil }
        let eid = String(id[id.index(after: slash)...])
        return scene.elements(moment: Moment(time: time, reduceMotion: false)).first { $0.id == eid }.map { ElementRef(chart: $0.chart, key: $0.key) }
    }
}
