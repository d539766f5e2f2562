import Foundation

/// A sunburst: hierarchical data as rings per depth around a hole, each node's angle its share
/// of its parent's (a parent whose own value is larger than its children's sum leaves the rest
/// empty). Top-level nodes take the palette's colors, deeper ones lighter shades of their
/// branch's. Enter or a click on a node with children drills into it: it springs out to fill
/// the circle, its ancestors as a breadcrumb in the middle; Backspace or a click in the middle
/// goes back up. Names are written inside the arcs they fit in, once the chart is at rest.
final class SunburstItem: FamilyItem {
    let chart: SunburstChart

    /// The tree in depth-first order: `.node(i)` is `nodes[i]`.
    struct Node {
        var name: String
        var total: Double
        /// Its own value when larger than its children's sum (the rest is left empty).
        var own: Double?
        var parent: Int?
        /// 1 for the top level.
        var depth: Int
        var children: [Int]
        /// The top-level node it is under (itself at the top), in the order of the top level.
        var branch: Int
        var color: ChartColor?
        /// The pattern it names itself.
        var pattern: FillPattern?
        /// Levels below it, itself included.
        var height: Int
    }
    private(set) var nodes: [Node] = []
    /// The top level's node indexes.
    private(set) var top: [Int] = []
    private let topColors: [ChartColor]

    /// The node drilled into (nil: the whole tree).
    private(set) var root: Int?
    /// The view: which part of the whole turn fills the circle (start and span, in turns of the
    /// whole at rest), which depth is the middle, and how many levels the rings share.
    private var viewStart: AnimatedValue
    private var viewSpan: AnimatedValue
    private var viewDepth: AnimatedValue
    private var viewLevels: AnimatedValue
    /// The node whose ring we came up from (Backspace puts the focus back on it).
    private(set) var cameFrom: Int?

    init(chart: SunburstChart, measurer: TextShaping, formatting: Formatting) {
        self.chart = chart
        topColors = chart.children.resolvedColors()
        viewStart = AnimatedValue(0, spring: FamilyItem.spring)
        viewSpan = AnimatedValue(1, spring: FamilyItem.spring)
        viewDepth = AnimatedValue(0, spring: FamilyItem.spring)
        viewLevels = AnimatedValue(1, spring: FamilyItem.spring)
        super.init(measurer: measurer, formatting: formatting, data: chart.children.count)
        func add(_ n: SunburstNode, parent: Int?, depth: Int, branch: Int) -> Int {
            let i = nodes.count
            let sum = n.children.reduce(0) { $0 + $1.total }
            nodes.append(Node(name: n.name, total: n.total, own: n.value.map { max($0, sum) }, parent: parent, depth: depth, children: [],
                              branch: branch, color: n.color, pattern: n.pattern, height: n.depth))
            let kids = n.children.map { add($0, parent: i, depth: depth + 1, branch: branch) }
            nodes[i].children = kids
            return i
        }
        top = chart.children.enumerated().map { k, n in add(n, parent: nil, depth: 1, branch: k) }
        nodePatterns = PatternAssignment(tree: nodes.map(\.pattern), parent: nodes.map(\.parent), depth: nodes.map(\.depth))
        patterns = PatternAssignment(patterns: top.map { nodePatterns.patterns[$0] }, named: top.map { nodePatterns.named[$0] })
        viewLevels = AnimatedValue(Double(levels(under: nil)), spring: Self.spring)
        starts = Array(repeating: 0, count: nodes.count)
        spans = Array(repeating: 0, count: nodes.count)
        valueTexts = nodes.indices.map { nodeValueText($0) }
        // Arcs never overlap: with patterns on they are drawn grouped by pattern, so that the
        // renderer draws each pattern's arcs in one call instead of switching at every arc.
        let rank = Dictionary(uniqueKeysWithValues: FillPattern.sequence.enumerated().map { ($1, $0) })
        patternOrder = nodes.indices.sorted { (rank[nodePatterns.drawn($0, on: true)] ?? 0, $0) < (rank[nodePatterns.drawn($1, on: true)] ?? 0, $1) }
        nodeOrder = Array(nodes.indices)
    }

    /// The nodes in the order their arcs are drawn with patterns on: by pattern, then by index;
    /// and without (by index).
    private var patternOrder: [Int] = [], nodeOrder: [Int] = []

    private var valueTexts: [String] = []
    /// Every node's pattern (issue #37): none the same as a neighbour's, inward, outward or along its ring.
    private var nodePatterns = PatternAssignment.empty

    override var chartTitle: String? { chart.title }
    override var chartSubtitle: String? { chart.subtitle }
    override var showsLegend: Bool { chart.legend && !top.isEmpty }
    override var legendNames: [String] { top.map { nodes[$0].name } }
    override func legendColor(_ i: Int, _ theme: Theme) -> RGBA { topColors[i].resolved(theme) }
    override func legendValue(_ i: Int) -> String { hidden.contains(i) ? valueTexts[top[i]] + ", hidden" : valueTexts[top[i]] }

    // MARK: - The tree

    /// How many rings the view under `root` shows: the subtree's height, at most `maxDepth`.
    func levels(under root: Int?) -> Int {
        let h = root.map { nodes[$0].height - 1 } ?? (nodes.isEmpty ? 1 : top.map { nodes[$0].height }.max() ?? 1)
        return max(min(h, chart.maxDepth ?? .max), 1)
    }

    /// The names from the top down to node `i`.
    func path(_ i: Int) -> [String] {
        var names: [String] = []
        var at: Int? = i
        while let k = at { names.insert(nodes[k].name, at: 0); at = nodes[k].parent }
        return names
    }

    /// "30, 25 % of Europe, 10 % of all".
    private func nodeValueText(_ i: Int) -> String {
        let n = nodes[i]
        let parent = n.parent.map { nodes[$0] }
        return Descriptions.nodeValue(total: n.total, parentTotal: parent?.total, parentName: parent?.name, whole: shownTotal,
                                      format: chart.format, formatting: formatting)
    }

    // MARK: - Layout of the whole, per moment

    /// Each node's start and span in turns of the whole circle (hidden branches shrunk away),
    /// worked out for the moment drawn. Reused arrays: a frame allocates nothing for them.
    private var starts: [Double] = []
    private var spans: [Double] = []
    private var laidOutFor: (time: Double, reduce: Bool)?

    private func layoutWhole(_ moment: Moment) {
        if let l = laidOutFor, l.time == moment.animationTime, l.reduce == moment.reduceMotion { return }
        laidOutFor = (moment.animationTime, moment.reduceMotion)
        let weights = top.enumerated().map { k, i in nodes[i].total * presence(k, moment) }
        let sum = weights.reduce(0, +)
        var s = 0.0
        for (k, i) in top.enumerated() {
            let span = sum > 0 ? weights[k] / sum : 0
            place(i, start: s, span: span)
            s += span
        }
    }

    private func place(_ i: Int, start: Double, span: Double) {
        starts[i] = start; spans[i] = span
        let whole = nodes[i].own ?? nodes[i].total
        var s = start
        for c in nodes[i].children {
            let f = whole > 0 ? nodes[c].total / whole * span : 0
            place(c, start: s, span: f)
            s += f
        }
    }

    /// The view at `moment`: (start, span, depth, levels).
    private func view(_ moment: Moment) -> (start: Double, span: Double, depth: Double, levels: Double) {
        let t = moment.animationTime
        if moment.reduceMotion { return (viewStart.target, viewSpan.target, viewDepth.target, viewLevels.target) }
        return (viewStart.value(at: t), max(viewSpan.value(at: t), 1e-6), viewDepth.value(at: t), max(viewLevels.value(at: t), 1))
    }

    /// The view's target for `root` (at the whole's layout at rest).
    private func viewTarget(_ root: Int?) -> (start: Double, span: Double, depth: Double, levels: Double) {
        layoutWhole(.atRest)
        guard let r = root else { return (0, 1, 0, Double(levels(under: nil))) }
        return (starts[r], max(spans[r], 1e-9), Double(nodes[r].depth), Double(levels(under: r)))
    }

    var hole: Double { radius * chart.innerRadius }

    /// Node i's arc at `moment`: degrees and radii in points, or nil when it is not drawn.
    func arc(_ i: Int, _ moment: Moment) -> (a0: Double, a1: Double, ri: Double, ro: Double)? {
        layoutWhole(moment)
        let v = view(moment)
        let k = Double(nodes[i].depth) - v.depth
        guard k > 0, k - 1 < v.levels - 1e-9 else { return nil }
        let a0 = min(max((starts[i] - v.start) / v.span, 0), 1), a1 = min(max((starts[i] + spans[i] - v.start) / v.span, 0), 1)
        guard a1 - a0 > 1e-9 else { return nil }
        let g = growth(moment)
        let w = (radius - hole) / v.levels
        let ri = (hole + (k - 1) * w) * g, ro = min(hole + k * w, radius) * g
        guard ro > ri else { return nil }
        return (a0 * 360, a1 * 360, ri, ro)
    }

    // MARK: - Animation

    override func settleTime(reduceMotion: Bool) -> Double {
        if reduceMotion { return 0 }
        return [viewStart, viewSpan, viewDepth, viewLevels].reduce(baseSettleTime(reduceMotion: false)) { max($0, $1.settleTime) }
    }

    override func continueFrom(_ old: ChartItem?, at time: Double) {
        guard let old = old as? SunburstItem else { return replay(at: time) }
        appearTime = old.appearTime
        // Still drilled into the node of the same path, if it is there.
        if let r = old.root {
            let names = old.path(r)
            var at: Int?
            for name in names {
                let candidates = at.map { nodes[$0].children } ?? top
                guard let next = candidates.first(where: { nodes[$0].name == name }) else { at = nil; break }
                at = next
            }
            if let at, !nodes[at].children.isEmpty { drill(to: at, at: time, animated: false) }
        }
        for (k, i) in top.enumerated() where old.top.firstIndex(where: { old.nodes[$0].name == nodes[i].name }).map(old.hidden.contains) == true {
            hidden.insert(k)
            visibility[k] = AnimatedValue(0, spring: Self.spring)
        }
    }

    /// Makes `node` (nil: the whole) the root from `time`, springing there unless not `animated`.
    private func drill(to node: Int?, at time: Double, animated: Bool) {
        root = node
        let t = viewTarget(node)
        viewStart.redirect(to: t.start, at: time, animated: animated)
        viewSpan.redirect(to: t.span, at: time, animated: animated)
        viewDepth.redirect(to: t.depth, at: time, animated: animated)
        viewLevels.redirect(to: t.levels, at: time, animated: animated)
        laidOutFor = nil
        labelsFor = nil
    }

    override func toggled() {
        labelsFor = nil; laidOutFor = nil
        // Shares "of all" are of what is shown, as the middle's total is.
        valueTexts = nodes.indices.map { nodeValueText($0) }
    }

    /// The total of the branches shown (hidden ones left out), at most the largest double.
    var shownTotal: Double { Arithmetic.total(top.indices.lazy.filter { !self.hidden.contains($0) }.map { self.nodes[self.top[$0]].total }) }

    override func defaultAction(for key: ElementKey) -> [ChartElement.Action]? {
        switch key {
        case .node(let i) where i < nodes.count: return nodes[i].children.isEmpty ? [] : [.drill]
        case .center: return root == nil ? [] : [.up]
        default: return super.defaultAction(for: key)
        }
    }

    /// Up: the node we came from; down: the first node under the one opened.
    override var focusAfterMove: ElementKey? {
        if let c = cameFrom { return .node(c) }
        return root.flatMap { nodes[$0].children.first }.map { .node($0) }
    }

    override func perform(_ action: ChartElement.Action, on key: ElementKey, at moment: Moment) -> Bool {
        switch (action, key) {
        case (.drill, .node(let i)) where i < nodes.count && !nodes[i].children.isEmpty && i != root:
            cameFrom = nil
            drill(to: i, at: moment.time, animated: !moment.reduceMotion)
            return true
        case (.up, _):
            guard let r = root else { return false }
            cameFrom = r
            drill(to: nodes[r].parent, at: moment.time, animated: !moment.reduceMotion)
            return true
        case (.toggle, .legend):
            guard super.perform(action, on: key, at: moment) else { return false }
            // Drill and toggles share one index space, the whole's layout: the view goes where
            // the opened node now is (the branches before it grew or shrank), or back to the
            // whole when the opened node's own branch was hidden.
            if let r = root {
                let gone = hidden.contains(nodes[r].branch)
                if gone { cameFrom = nil }
                drill(to: gone ? nil : r, at: moment.time, animated: !moment.reduceMotion)
            }
            return true
        default:
            return super.perform(action, on: key, at: moment)
        }
    }

    /// Drills to the node at `names` from the top (`--drill Europe/France`); false if there is none.
    func drill(names: [String], at moment: Moment) -> Bool {
        var at: Int?
        for name in names {
            let candidates = at.map { nodes[$0].children } ?? top
            guard let next = candidates.first(where: { nodes[$0].name == name }) else { return false }
            at = next
        }
        guard let node = at, !nodes[node].children.isEmpty else { return false }
        drill(to: node, at: moment.time, animated: !moment.reduceMotion)
        return true
    }

    // MARK: - Colors

    /// Node i's color: its own, else its branch's, lighter for each level down (toward the
    /// card; high contrast keeps the branch's color, the gaps between arcs tell nodes apart).
    /// Every node drawn at rest, keyed by its path ("Europe/France"): a top-level node is keyed
    /// by its name, as a pie's sector is.
    override func morphMarks() -> [MorphMark] {
        let rest = Moment(time: .infinity, reduceMotion: true)
        return nodes.indices.compactMap { i in
            guard let a = arc(i, rest) else { return nil }
            return MorphMark(key: path(i).joined(separator: "/"), shape: .arc(center: center, inner: a.ri, outer: a.ro, start: a.a0, end: a.a1)) { theme in
                self.color(i, theme)
            }
        }
    }

    func color(_ i: Int, _ ctx: DrawContext) -> RGBA { color(i, ctx.theme) }

    func color(_ i: Int, _ theme: Theme) -> RGBA {
        if let c = nodes[i].color { return c.resolved(theme) }
        let base = topColors[nodes[i].branch].resolved(theme)
        let steps = Float(nodes[i].depth - 1)
        guard steps > 0, theme != .highContrast else { return base }
        let mix = min(steps * 0.2, 0.6)
        let bg = Palette.of(theme).cardBackground
        return RGBA(base.r + (bg.r - base.r) * mix, base.g + (bg.g - base.g) * mix, base.b + (bg.b - base.b) * mix, 1)
    }

    // MARK: - Labels

    static let labelStyle = TextStyle.caption.weight(.medium)
    /// The value line under a name (`"labels"`).
    static let valueStyle = TextStyle.caption
    static let platePad = 3.0
    /// An arc's label as placed: its name (whole or shortened) and value line, centered on
    /// `center` and turned `angle` radians clockwise (0 across; along the radius otherwise).
    struct ArcLabel {
        var node: Int
        var name: String
        var value: String?
        var center: Vec2
        var angle: Double
        var plate: Bool
        /// The lines' box before it is turned, plate padding included (points).
        var width: Double, height: Double
        /// How much the lines are shrunk (1, or down to `TextBlock.leastShrink`).
        var shrink: Double
    }
    /// Names inside the arcs they fit in, for the view at rest (and so drawn only at rest).
    private var labels: [ArcLabel] = []
    /// Labels of the view at rest that found no place: names, and value lines where asked.
    private var hiddenLabels = 0
    private var labelsFor: (theme: Theme, size: TextSize, root: Int?, radius: Double, patterns: Bool)?

    override var labelsHidden: Int {
        if labelsFor == nil { layoutLabels(theme: .light, patterns: false) }
        return hiddenLabels
    }

    /// What arc `i` writes under its name: its total, or its percent of the whole shown; nil
    /// unless the chart asks (`"labels"`).
    func markValue(_ i: Int) -> String? {
        switch chart.labels {
        case .none: return nil
        case .values: return formatting.format(nodes[i].total, chart.format)
        case .percent:
            let whole = shownTotal
            return formatting.percent(whole > 0 ? nodes[i].total / whole : 0)
        }
    }

    /// The angle of text along the radius through `mid` (degrees clockwise from 12 o'clock), in
    /// radians clockwise on the screen: reading outward on the right half, inward on the left,
    /// so never upside down — in (−π/2, π/2].
    static func radialTextAngle(_ mid: Double) -> Double {
        var a = (mid - 90).truncatingRemainder(dividingBy: 360)
        while a <= -90 { a += 180 }
        while a > 90 { a -= 180 }
        return a * .pi / 180
    }

    /// The angle of straight text square to the radius through `mid`, in (−π/2, π/2].
    static func tangentialTextAngle(_ mid: Double) -> Double { radialTextAngle(mid + 90) }

    private func layoutLabels(_ ctx: DrawContext) { layoutLabels(theme: ctx.theme, patterns: ctx.patterns) }

    private func layoutLabels(theme: Theme, patterns: Bool) {
        if let l = labelsFor, l.theme == theme, l.size == measurer.textSize, l.root == root, l.radius == radius, l.patterns == patterns { return }
        labelsFor = (theme, measurer.textSize, root, radius, patterns)
        labels.removeAll(keepingCapacity: true)
        hiddenLabels = 0
        let h = measurer.lineHeight(Self.labelStyle)
        let rest = Moment(time: .infinity, reduceMotion: true)
        laidOutFor = nil
        defer { laidOutFor = nil }
        for i in nodes.indices where inView(i) {
            guard let a = arc(i, rest) else { continue }
            let value = markValue(i)
            if let l = place(i, a, value: value, lineHeight: h, theme: theme, patterns: patterns) {
                labels.append(l)
                if value != nil && l.value == nil { hiddenLabels += 1 }
            } else {
                hiddenLabels += value == nil ? 1 : 2
            }
        }
    }

    /// Arc `i`'s label: across when it fits whole across, else along the radius when it fits
    /// whole there, else along the ring when it fits whole there; then the same at the least
    /// shrink (#32: `TextBlock.leastShrink`, 85 % and never below 9 points); only then shortened
    /// at full size in whichever way shows more of the name (three characters or more before
    /// its "…", across first on a tie); with its value line under it when that fits whole too (a
    /// whole name goes before a value). Each way, the label sits at the arc's middle radius when
    /// it fits there, else at the radius nearest the middle where it does (an across name in a
    /// thin arc fits further out, where the arc is wider). Nil: no room.
    private func place(_ i: Int, _ a: (a0: Double, a1: Double, ri: Double, ro: Double), value: String?, lineHeight h: Double,
                       theme: Theme, patterns: Bool) -> ArcLabel? {
        let least = TextBlock.leastShrink(Self.labelStyle, measurer)
        // Skip arcs too thin for any line before measuring one.
        guard a.ro - a.ri >= h * least + 4 else { return nil }
        let mid = (a.a0 + a.a1) / 2
        let fill = color(i, theme)
        let ink = Self.ink(on: fill, needed: theme == .highContrast ? Contrast.text : 4.5)
        // On a pattern a name sits on a plate, so the pattern never runs through its letters.
        let plate = !ink.ok || nodePatterns.drawn(i, on: patterns) != .solid
        let pad = plate ? Self.platePad : 1
        // Across (horizontal), along the radius, then along the ring (straight, square to the
        // radius: plotly's "tangential"), the first where the text fits whole.
        let orientations = [0, Self.radialTextAngle(mid), Self.tangentialTextAngle(mid)]
        let centers = Self.labelRadii(a).map { center + Self.direction(mid) * $0 }
        let name = nodes[i].name, nameWidth = measurer.width(name, Self.labelStyle)
        let valueWidth = value.map { measurer.width($0, Self.valueStyle) } ?? 0
        // The name whole at full size, then whole shrunk (with its value under it, else alone),
        // then shortened at full size (with its value, else alone): a name says which arc it
        // is, the value is in the tooltip too.
        var tries: [(withValue: Bool, shrink: Double, shorten: Bool)] = []
        for k in least < 1 ? [1, least] : [1] {
            if value != nil { tries.append((true, k, false)) }
            tries.append((false, k, false))
        }
        if value != nil { tries.append((true, 1, true)) }
        tries.append((false, 1, true))
        for (withValue, k, shorten) in tries {
            let height = h * k * (withValue ? 2 : 1) + 2 * pad
            let valueW = withValue ? valueWidth * k : 0
            func label(_ o: Int, _ j: Int, _ text: String) -> ArcLabel {
                ArcLabel(node: i, name: text, value: withValue ? value : nil, center: centers[j], angle: orientations[o], plate: plate,
                         width: max(measurer.width(text, Self.labelStyle) * k, valueW) + 2 * pad, height: height, shrink: k)
            }
            if !shorten {
                let width = max(nameWidth * k, valueW) + 2 * pad
                for o in orientations.indices {
                    for j in centers.indices where fits(width: width, height: height, center: centers[j], angle: orientations[o], in: a) {
                        return label(o, j, name)
                    }
                }
                continue
            }
            // The widest text each way and radius, the value line kept whole: the most characters
            // win (across and the middle first on a tie).
            var best: (o: Int, j: Int, text: String)?
            for o in orientations.indices {
                for j in centers.indices {
                    let r = room(in: a, center: centers[j], angle: orientations[o], height: height) - 2 * pad
                    guard valueW <= r, r > 0 else { continue }
                    // A shortened name keeps at least three characters before its "…", or is left out.
                    guard let text = measurer.truncatedKeepingThree(name, Self.labelStyle, toWidth: r) else { continue }
                    if text.count > best?.text.count ?? 0 { best = (o, j, text) }
                }
            }
            if let best { return label(best.o, best.j, best.text) }
        }
        return nil
    }

    /// The radii a label's middle may take in arc `a`, the middle first: then a quarter, a half
    /// and three quarters of the way to the rims (outward first, where an arc is wider).
    static func labelRadii(_ a: (a0: Double, a1: Double, ri: Double, ro: Double)) -> [Double] {
        let rm = (a.ri + a.ro) / 2, half = (a.ro - a.ri) / 2
        return [0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75].map { rm + $0 * half }
    }

    /// The widest box `height` points tall, centered on `c` and turned `angle` radians, that lies
    /// inside the arc (0 when none does).
    private func room(in a: (a0: Double, a1: Double, ri: Double, ro: Double), center c: Vec2, angle: Double, height: Double) -> Double {
        var lo = 0.0, hi = 2 * a.ro
        guard fits(width: 1, height: height, center: c, angle: angle, in: a) else { return 0 }
        for _ in 0..<18 {
            let w = (lo + hi) / 2
            if fits(width: w, height: height, center: c, angle: angle, in: a) { lo = w } else { hi = w }
        }
        return lo
    }

    /// Whether a box `width` × `height` centered on `c` and turned `angle` radians lies inside
    /// the arc (its corners and edge midpoints, 1 point in).
    private func fits(width: Double, height: Double, center c: Vec2, angle: Double, in a: (a0: Double, a1: Double, ri: Double, ro: Double)) -> Bool {
        let co = cos(angle), si = sin(angle), hw = width / 2, hh = height / 2
        let offsets = [(-hw, -hh), (hw, -hh), (-hw, hh), (hw, hh), (0, -hh), (0, hh), (-hw, 0), (hw, 0)]
        return offsets.allSatisfy { (dx, dy) in
            let v = c + Vec2(co * dx - si * dy, si * dx + co * dy) - center, r = v.length
            guard r >= a.ri + 1, r <= a.ro - 1 else { return false }
            let inset = 1.5 / max(r, 1) * 180 / .pi
            return a.a1 - a.a0 >= 360 - 1e-9 || Self.angle(Self.angle(of: v), isBetween: a.a0 + inset, and: a.a1 - inset)
        }
    }

    // MARK: - The middle

    static let centerStyles = (crumb: TextStyle.caption2, name: TextStyle.headline, total: TextStyle.footnote)
    /// The middle's lines at rest for the current root: (text, style, whole, secondary).
    private func centerLines() -> [(text: String, style: TextStyle, whole: String, secondary: Bool)] {
        let width = hole * 1.6
        var lines: [(String, TextStyle, String, Bool)] = []
        if let r = root {
            let crumb = Descriptions.breadcrumb(["All"] + path(r).dropLast())
            lines.append((crumb, Self.centerStyles.crumb, crumb, true))
            lines.append((nodes[r].name, Self.centerStyles.name, nodes[r].name, false))
            lines.append((formatting.format(nodes[r].total, chart.format), Self.centerStyles.total, formatting.format(nodes[r].total, chart.format), true))
        } else {
            let total = formatting.format(shownTotal, chart.format)
            lines.append((total, Self.centerStyles.name, total, false))
            lines.append(("in all", Self.centerStyles.total, "in all", true))
        }
        // As many lines as the hole holds (the breadcrumb goes first), each cut to its width.
        var height = lines.reduce(0) { $0 + measurer.lineHeight($1.1) }
        while height > hole * 1.6 && lines.count > 1 { height -= measurer.lineHeight(lines[0].1); lines.removeFirst() }
        guard hole > 12 else { return [] }
        // A line that does not fit steps down in size (a number is better small than cut), then is shortened.
        return lines.compactMap { line in
            let style = [line.1, TextStyle.footnote.weight(line.1.weight), TextStyle.caption2.weight(line.1.weight)]
                .first { measurer.width(line.0, $0) <= width } ?? TextStyle.caption2.weight(line.1.weight)
            // A line cut to under three characters ("i…") is left out (#32).
            guard let cut = measurer.truncatedKeepingThree(line.0, style, toWidth: width) else { return nil }
            return (cut, style, line.2, line.3)
        }
    }

    // MARK: - Drawing

    override func drawChart(_ ctx: DrawContext) {
        let pal = ctx.palette
        let emphasis: Set<Int> = {
            guard case .node(let h)? = highlight, h < nodes.count else { return [] }
            var s = Set<Int>(), at: Int? = h
            while let k = at { s.insert(k); at = nodes[k].parent }
            return s
        }()
        switch ctx.phase {
        case .main:
            var arcs: [(node: Int, record: JSONOut)] = []
            for i in ctx.patterns ? patternOrder : nodeOrder {
                guard let a = arc(i, ctx.moment) else { continue }
                var c = color(i, ctx)
                if !emphasis.isEmpty && !emphasis.contains(i) { c = ctx.flattened(c.opacity(0.45), over: pal.cardBackground) }
                let pattern = nodePatterns.drawn(i, on: ctx.patterns)
                ctx.group(.node(i), name: nodes[i].name) {
                    ctx.frame.add(sector(ctx, inner: a.ri + 0.5, outer: a.ro - 0.5, from: a.a0, to: a.a1, color: c, halfInset: 0.5, pattern: pattern))
                }
                if ctx.records {
                    arcs.append((i, arcRecord(ctx, name: nodes[i].name, value: nodes[i].total, from: a.a0, to: a.a1, inner: a.ri, outer: a.ro,
                                          extra: [("depth", .int(nodes[i].depth)), ("parent", nodes[i].parent.map { .string(nodes[$0].name) } ?? .null),
                                                  ("path", .string("charts[\(ctx.chart ?? 0)].nodes[\(i)]")), ("color", .string(c.hexString)),
                                                  ("pattern", .string(pattern.rawValue))])))
                }
            }
            if ctx.records {
                ctx.record(type: "sunburst", [("frame", ctx.px(plot)), ("center", ctx.px(center)), ("radius", ctx.px(radius)), ("innerRadius", ctx.px(hole)),
                                              ("root", root.map { .array(path($0).map { .string($0) }) } ?? .null), ("nodes", .array(arcs.sorted { $0.node < $1.node }.map(\.record)))])
            }
        case .overlay:
            guard atRest(ctx.moment) else { return }
            layoutLabels(ctx)
            // The upright plates, then the turned ones: plates never overlap, so drawing them by
            // shape keeps the picture and makes two draws of what would alternate (a rounded
            // rectangle, a line, a rectangle…), each switch a draw of its own.
            for l in labels where l.plate && l.angle == 0 {
                ctx.rect(Rect(x: l.center.x - l.width / 2, y: l.center.y - l.height / 2, width: l.width, height: l.height), radius: 4,
                         color: pal.annotationBackground)
            }
            for l in labels where l.plate && l.angle != 0 {
                // A turned plate: a line as thick as the box, along the text (square ends).
                let half = Vec2(cos(l.angle), sin(l.angle)) * (l.width / 2)
                ctx.line(l.center - half, l.center + half, width: l.height, color: pal.annotationBackground)
            }
        case .text:
            if atRest(ctx.moment) {
                layoutLabels(ctx)
                let h = measurer.lineHeight(Self.labelStyle)
                for l in labels {
                    let ink = l.plate ? pal.label : Self.ink(on: color(l.node, ctx), needed: 0).color
                    // The value line under the name, "under" as the text reads (turned with it).
                    let down = Vec2(-sin(l.angle), cos(l.angle)) * (l.value == nil ? 0 : h * l.shrink / 2)
                    ctx.group(.node(l.node), part: "label", name: nodes[l.node].name) {
                        ctx.text(l.name, style: Self.labelStyle, center: l.center - down, color: ink, role: .card, shrink: l.shrink, whole: nodes[l.node].name,
                                 angle: l.angle)
                        if let value = l.value {
                            ctx.text(value, style: Self.valueStyle, center: l.center + down, color: ink, role: .valueLabel, shrink: l.shrink, angle: l.angle)
                        }
                    }
                }
            }
            let lines = centerLines()
            var y = center.y - lines.reduce(0) { $0 + measurer.lineHeight($1.style) } / 2
            for line in lines {
                let lh = measurer.lineHeight(line.style)
                ctx.group(.center, part: "label", name: line.whole) {
                    ctx.text(line.text, style: line.style, center: Vec2(center.x, y + lh / 2), color: line.secondary ? pal.secondaryLabel : pal.label,
                             role: .total, whole: line.whole)
                }
                y += lh
            }
            if nodes.isEmpty { ctx.text("No data", style: .subheadline, center: Vec2(center.x, center.y + radius * 0.6), color: pal.secondaryLabel, role: .message) }
        default:
            break
        }
    }

    /// Whether nothing moves at `moment` (labels are placed for the view at rest).
    private func atRest(_ moment: Moment) -> Bool { moment.reduceMotion || moment.animationTime >= settleTime(reduceMotion: false) }

    // MARK: - Elements

    override func chartName(formatting: Formatting) -> String { Descriptions.name(of: chart) }
    override func chartValue(formatting: Formatting) -> String {
        let kids = root.map { nodes[$0].children.count } ?? top.count
        return Descriptions.summary(of: chart, rootPath: root.map(path) ?? [], rootTotal: root.map { nodes[$0].total } ?? shownTotal,
                                    whole: shownTotal, children: kids, formatting: formatting)
    }

    /// Whether node i is in the view of the current root (under it, within `maxDepth`, not hidden).
    private func inView(_ i: Int) -> Bool {
        if hidden.contains(nodes[i].branch) { return false }
        let base = root.map { nodes[$0].depth } ?? 0
        let k = nodes[i].depth - base
        guard k >= 1, k <= levels(under: root) else { return false }
        guard let r = root else { return true }
        var at = nodes[i].parent
        while let p = at { if p == r { return true }; at = nodes[p].parent }
        return false
    }

    override func chartElements(chart index: Int, moment: Moment) -> [ChartElement] {
        var out: [ChartElement] = []
        if let r = root {
            let up = nodes[r].parent.map { nodes[$0].name } ?? "All"
            out.append(ChartElement(key: .center, chart: index, name: "Up to " + up, value: Descriptions.breadcrumb(["All"] + path(r)),
                                    frame: Rect(x: center.x - hole, y: center.y - hole, width: 2 * hole, height: 2 * hole), actions: [.up]))
        }
        let rest = Moment(time: .infinity, reduceMotion: true)
        for i in nodes.indices where inView(i) {
            guard let a = arc(i, rest) else { continue }
            let parent = nodes[i].parent.flatMap { $0 == root ? nil : ElementKey.node($0) }
            out.append(ChartElement(key: .node(i), chart: index, name: nodes[i].name, value: valueTexts[i],
                                    frame: Self.arcBounds(center: center, inner: a.ri, outer: a.ro, from: a.a0, to: a.a1),
                                    actions: nodes[i].children.isEmpty ? [] : [.drill], parent: parent))
        }
        laidOutFor = nil
        return out
    }

    override func hitChart(_ p: Vec2, moment: Moment) -> ElementKey? {
        let v = p - center, r = v.length, a = Self.angle(of: v)
        if r < hole * growth(moment) { return root == nil ? nil : .center }
        for i in nodes.indices where inView(i) {
            guard let arc = arc(i, moment) else { continue }
            if r >= arc.ri && r <= arc.ro && Self.angle(a, isBetween: arc.a0, and: arc.a1) { return .node(i) }
        }
        return nil
    }

    override func chartTooltip(_ key: ElementKey, moment: Moment, theme: Theme) -> Tooltip? {
        switch key {
        case .node(let i) where i < nodes.count:
            var rows = [Tooltip.Row(dot: topColors[nodes[i].branch].resolved(theme), text: valueTexts[i])]
            if nodes[i].depth > 1 { rows.append(Tooltip.Row(text: Descriptions.breadcrumb(path(i)))) }
            if !nodes[i].children.isEmpty { rows.append(Tooltip.Row(text: "Click to open")) }
            return Tooltip(title: nodes[i].name, rows: rows)
        case .center where root != nil:
            return Tooltip(title: Descriptions.breadcrumb(["All"] + path(root!)), rows: [Tooltip.Row(text: "Click to go up")])
        default:
            return nil
        }
    }
}
