import Foundation

/// A mark as it rests, keyed by its datum, so that a chart that changes kind can carry each datum
/// from its old shape to its new one (ECharts' universal transition): a pie's sector, a rose's
/// wedge, a bar, a sunburst's arc, a radar's or a polar chart's line.
struct MorphMark {
    enum Shape {
        /// A ring part, in points and degrees clockwise from 12 o'clock.
        case arc(center: Vec2, inner: Double, outer: Double, start: Double, end: Double)
        /// A line through points (in points), each keyed by its place (an axis, a category), and
        /// the region between it and `center` when filled.
        case path(center: Vec2, points: [Vec2], keys: [String], closed: Bool, filled: Bool)
    }
    /// What the mark stands for: a sector's name, "series/category", a line's series.
    var key: String
    var shape: Shape
    /// Its color in a theme.
    var color: (Theme) -> RGBA

    init(key: String, shape: Shape, color: ChartColor) { self.init(key: key, shape: shape) { color.resolved($0) } }
    init(key: String, shape: Shape, color: @escaping (Theme) -> RGBA) { self.key = key; self.shape = shape; self.color = color }
}

/// What a chart that can change kind gives the morph: its marks at rest for its current layout.
protocol ChartMorphing: AnyObject {
    /// The marks at rest, in points, for the last layout (empty: the kind has none to carry).
    func morphMarks() -> [MorphMark]
}

/// A chart turning from one kind into another: each datum's mark goes from its old shape to its
/// new one on the seeds' growth spring — arcs interpolate their angles and radii, lines their
/// points matched by key — and what has no partner fades in or out. The new kind's card (title,
/// labels, legend) is there from the start; only the marks are in between.
final class Morph {
    let fromType: String
    let start: Double
    static let spring = Spring.radarGrowth
    /// The old kind's marks, taken from `source` at the new scene's first layout (a state that
    /// was never drawn is laid out then, at the same size).
    private(set) var from: [MorphMark] = []
    private var source: (scene: PageScene, index: Int)?
    /// The new kind's marks, taken once it is laid out (and again if its layout changes).
    private var to: [MorphMark] = []
    private var toLayout: Rect?
    private let mesh = Mesh()

    init(from scene: PageScene, index: Int, fromType: String, start: Double) {
        source = (scene, index); self.fromType = fromType; self.start = start
    }

    /// Whether there is anything to carry: false for an old kind without marks (a gauge), whose
    /// chart then simply appears as its new kind.
    func hasMarks(pageSize: Size) -> Bool {
        if let (scene, i) = source {
            scene.layout(size: pageSize)
            from = (scene.items[i] as? ChartMorphing)?.morphMarks() ?? []
            source = nil   // let go of the old scene
        }
        return !from.isEmpty
    }

    /// When the morph has come to rest.
    var endTime: Double { start + Self.spring.restTime }

    /// Whether the morph is still under way at `moment` (never with reduce motion: the new kind
    /// is there at once).
    func isActive(_ moment: Moment) -> Bool { !moment.reduceMotion && moment.time < endTime && moment.time >= start }

    /// The morph's progress at `moment`, 0 → 1 on the spring (past 1 where it overshoots).
    func progress(_ moment: Moment) -> Double { Self.spring.growth(at: moment.time - start).value }

    /// How strongly the new kind's labels are drawn at `moment`: the progress, at most 1 (they
    /// fade in as its marks arrive, as marks without a partner do).
    func labelOpacity(_ moment: Moment) -> Double { min(max(progress(moment), 0), 1) }

    /// Takes the new kind's resting marks for the layout `card` (again only when the card moved).
    func prepare(_ item: ChartItem, card: Rect) {
        guard toLayout != card else { return }
        toLayout = card
        to = (item as? ChartMorphing)?.morphMarks() ?? []
    }

    // MARK: - Pairs

    /// Old and new marks by key, in the new kind's order, then what leaves.
    private func pairs() -> [(old: MorphMark?, new: MorphMark?)] {
        var old: [String: MorphMark] = [:]
        for m in from where old[m.key] == nil { old[m.key] = m }
        var out: [(MorphMark?, MorphMark?)] = []
        var taken: Set<String> = []
        for m in to {
            if let o = old[m.key], !taken.contains(m.key), Self.compatible(o, m) { out.append((o, m)); taken.insert(m.key) } else { out.append((nil, m)) }
        }
        for m in from where !taken.contains(m.key) { out.append((m, nil)) }
        return out
    }

    private static func compatible(_ a: MorphMark, _ b: MorphMark) -> Bool {
        switch (a.shape, b.shape) {
        case (.arc, .arc), (.path, .path): true
        default: false
        }
    }

    // MARK: - Drawing

    /// The marks between the two kinds at `ctx.moment` (the main phase), and the chart's record:
    /// its new type, the morph's progress and every mark's interpolated geometry.
    func draw(_ ctx: DrawContext, type: String, plot: Rect) {
        let p = progress(ctx.moment)
        var records: [JSONOut] = []
        var paths: [(points: [Vec2], closed: Bool, filled: Double, color: RGBA)] = []
        for (o, n) in pairs() {
            let weight = n == nil ? 1 - min(max(p, 0), 1) : o == nil ? min(max(p, 0), 1) : 1
            guard weight > 0.001 else { continue }
            let color = Self.mix(o.map { $0.color(ctx.theme) }, n.map { $0.color(ctx.theme) }, p).opacity(Float(weight))
            switch (o?.shape, n?.shape) {
            case (.arc(let c0, let i0, let r0, var a0, var b0)?, .arc(let c1, let i1, let r1, let a1, let b1)?):
                // The shorter way round: an old arc a turn away from its new place is unwound first.
                let shift = ((a1 - a0) / 360).rounded() * 360
                a0 += shift; b0 += shift
                let arc = (center: Self.lerp(c0, c1, p), inner: Self.lerp(i0, i1, p), outer: Self.lerp(r0, r1, p),
                           start: Self.lerp(a0, a1, p), end: Self.lerp(b0, b1, p))
                add(ctx, arc, color: color)
                if ctx.records { records.append(Self.record(ctx, key: (n ?? o!).key, arc)) }
            case (.arc(let c, let i, let r, let a, let b)?, nil), (nil, .arc(let c, let i, let r, let a, let b)?):
                add(ctx, (c, i, r, a, b), color: color)
                if ctx.records { records.append(Self.record(ctx, key: (n ?? o!).key, (c, i, r, a, b))) }
            case (.path(let c0, let p0, let k0, let closed0, let f0)?, .path(let c1, let p1, let k1, let closed1, let f1)?):
                var at: [String: Vec2] = [:]
                for (k, q) in zip(k0, p0) where at[k] == nil { at[k] = q }
                var newAt: [String: Vec2] = [:]
                for (k, q) in zip(k1, p1) where newAt[k] == nil { newAt[k] = q }
                // The new line's points, each from its old place (or the old center), then the
                // old line's points it has no place for, going to the new center.
                var points = zip(k1, p1).map { k, q in Self.lerp(at[k] ?? c0, q, p) }
                if closed1 || closed0 {
                    for (k, q) in zip(k0, p0) where newAt[k] == nil { points.append(Self.lerp(q, c1, p)) }
                }
                paths.append((points, p < 0.5 ? closed0 : closed1, Self.lerp(f0 ? 1 : 0, f1 ? 1 : 0, p), color))
            case (.path(_, let points, _, let closed, let filled)?, nil), (nil, .path(_, let points, _, let closed, let filled)?):
                paths.append((points, closed, filled ? 1 : 0, color))
            default:
                break
            }
        }
        if !paths.isEmpty { drawPaths(ctx, paths) }
        if ctx.records {
            ctx.record(type: type, [("frame", ctx.px(plot)),
                                    ("morph", .object([("from", .string(fromType)), ("progress", .number(p))])),
                                    ("marks", .array(records))])
        }
    }

    private func add(_ ctx: DrawContext, _ a: (center: Vec2, inner: Double, outer: Double, start: Double, end: Double), color: RGBA) {
        guard a.outer > a.inner, a.end > a.start else { return }
        let s = ctx.scale, rad = Double.pi / 180
        ctx.frame.add(SectorInstance(center: a.center * s, innerRadius: max(a.inner, 0) * s, outerRadius: a.outer * s,
                                     startAngle: a.start * rad, endAngle: min(a.end, a.start + 360) * rad, halfInset: 0.75 * s,
                                     cornerRadius: 0, color: color))
    }

    /// Lines and areas, tessellated again for this frame (only while a morph runs).
    private func drawPaths(_ ctx: DrawContext, _ paths: [(points: [Vec2], closed: Bool, filled: Double, color: RGBA)]) {
        var t = Tessellator(into: MeshGeometry())
        var colors: [RGBA] = []
        for (i, path) in paths.enumerated() where path.points.count >= 2 {
            t.series = i
            colors.append(path.color)
            if path.filled > 0.01 && path.points.count >= 3 {
                t.role = .fill
                let c = Rect.bounding(path.points).center
                t.fillFan(center: c, polygon: path.points)
            }
            t.role = .stroke
            t.stroke(path.points, closed: path.closed, join: .round)
        }
        guard !t.builder.indices.isEmpty else { return }
        mesh.replace(with: t.builder)
        let filled = paths.map(\.filled).max() ?? 0
        ctx.frame.add(MeshDraw(mesh: mesh, indexRange: 0..<t.builder.indices.count, center: .zero, pointScale: ctx.scale, growth: 1,
                               style: .roles(colors: SeriesColors(colors), fillOpacity: 0.22 * filled, strokeHalfWidth: 1 * ctx.scale,
                                             gridColor: .clear, gridHalfWidth: 0)))
    }

    private static func record(_ ctx: DrawContext, key: String, _ a: (center: Vec2, inner: Double, outer: Double, start: Double, end: Double)) -> JSONOut {
        .object([("key", .string(key)), ("startAngle", .number(a.start)), ("endAngle", .number(a.end)),
                 ("innerRadius", ctx.px(a.inner)), ("outerRadius", ctx.px(a.outer)), ("center", ctx.px(a.center))])
    }

    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
    static func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { a + (b - a) * t }
    static func mix(_ a: RGBA?, _ b: RGBA?, _ t: Double) -> RGBA {
        guard let a else { return b ?? .clear }
        guard let b else { return a }
        let u = Float(min(max(t, 0), 1))
        return RGBA(a.r + (b.r - a.r) * u, a.g + (b.g - a.g) * u, a.b + (b.b - a.b) * u, a.a + (b.a - a.a) * u)
    }
}
