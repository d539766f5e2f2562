import Synchronization

/// What to draw at one instant: plain values in output pixels (origin top-left, y down), in
/// painter's order, with no GL in sight. The renderer turns it into draw calls.
///
/// A `Frame` is reused from frame to frame: `reset()` keeps the arrays' capacity, so a
/// steady-state frame allocates nothing.
package final class Frame {
    /// One draw in painter's order: a kind of primitive and which of the frame's arrays it covers.
    package enum Command {
        /// Rounded rectangles: indexes into `roundedRects`.
        case roundedRects(Range<Int>)
        /// Straight lines: indexes into `lines`.
        case lines(Range<Int>)
        /// Part of a tessellated mesh, drawn in one call.
        case mesh(MeshDraw)
        /// Rounded rectangles made once (a settled scatter's points), drawn as one picture.
        case layer(RoundedRectLayer)
        /// Pie, donut and ring sectors: indexes into `sectors`.
        case sectors(Range<Int>)
        /// One radar-scan beam: an index into `scans`.
        case scan(Int)
        /// Shaped text: indexes into `texts`.
        case text(Range<Int>)
        /// Opaque rectangles of whole pixels (card interiors, the page around cards): the cheapest
        /// fill there is, one instanced draw with a trivial shader and no blending.
        case solids(Range<Int>)
        /// What follows, until the matching `endGroup`, draws `groups[i]` (only in frames that
        /// record, `records`): a chart, a sector, a label. Renderers of pixels ignore it.
        case group(Int)
        /// Closes the group the last unclosed `group(_:)` opened.
        case endGroup
    }

    /// What every pixel holds before the commands draw: a color, then opaque rectangles over it
    /// (card interiors, or the page around cards when the cards cover most of the window). The
    /// scene says so here rather than leaving the renderer to infer it from the command list;
    /// the renderer may start a partial redraw from the color these leave under a box.
    package struct Background: Equatable, Sendable {
        /// The color every pixel starts with, straight alpha.
        package var color: RGBA
        /// Indexes into `solids`, drawn in order over `color`, before every command.
        package var fills: Range<Int>
    }

    /// The picture's width in output pixels (set by `reset(width:height:background:)`).
    package var width = 0
    /// The picture's height in output pixels.
    package var height = 0
    /// What every pixel holds before the commands draw.
    package private(set) var background = Background(color: .white, fills: 0..<0)
    /// The background's base color.
    package var clearColor: RGBA { background.color }
    /// The draws, in painter's order.
    package private(set) var commands: [Command] = []
    /// The rounded rectangles that `roundedRects` commands draw.
    package private(set) var roundedRects: [RoundedRectInstance] = []
    /// The lines that `lines` commands draw.
    package private(set) var lines: [LineInstance] = []
    /// The sectors that `sectors` commands draw.
    package private(set) var sectors: [SectorInstance] = []
    /// The radar-scan beams that `scan` commands draw.
    package private(set) var scans: [AngularGradientInstance] = []
    /// The glyph runs that `text` commands draw.
    package private(set) var texts: [TextRun] = []
    /// Every piece of text as a reader sees it (wrapped lines together), over `texts`.
    package private(set) var labels: [TextLabel] = []
    /// The opaque rectangles: the background's fills first, then those that `solids` commands draw.
    package private(set) var solids: [SolidRect] = []
    /// The font files behind the glyphs of `texts`, indexed by `ShapedGlyph.face` (the shaper's list).
    package var fontFaces: [FontFaceDescriptor] = []

    /// Whether drawing also records what is drawn: element groups around the primitives (for
    /// SVG's ids and titles) and one record per chart of its geometry (`--geometry`). Off for
    /// the window's frames, which then allocate nothing for it; set it before drawing.
    package var records = false
    /// The element groups `.group(i)` commands open, in order.
    package private(set) var groups: [FrameGroup] = []
    /// Each chart's geometry as drawn, in pixels, in chart order (recording frames only).
    package private(set) var chartRecords: [ChartRecord] = []

    /// An empty frame, its arrays reserved for a typical page.
    package init() {
        commands.reserveCapacity(64); roundedRects.reserveCapacity(64); lines.reserveCapacity(64)
        sectors.reserveCapacity(64); scans.reserveCapacity(4); texts.reserveCapacity(64)
        labels.reserveCapacity(64); solids.reserveCapacity(32)
    }

    /// Empties the frame for a new `width`×`height` picture on `background` (a color; fills
    /// are added with `addBackgroundFill`).
    package func reset(width: Int, height: Int, background: RGBA) {
        self.width = width; self.height = height; self.background = Background(color: background, fills: 0..<0)
        commands.removeAll(keepingCapacity: true); roundedRects.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true); sectors.removeAll(keepingCapacity: true)
        scans.removeAll(keepingCapacity: true); texts.removeAll(keepingCapacity: true)
        labels.removeAll(keepingCapacity: true); solids.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true); chartRecords.removeAll(keepingCapacity: true)
    }

    /// Opens an element group (recording frames only): what is added until `endGroup` draws it.
    package func beginGroup(_ g: FrameGroup) {
        guard records else { return }
        groups.append(g)
        commands.append(.group(groups.count - 1))
    }
    /// Closes the element group `beginGroup(_:)` opened (recording frames only).
    package func endGroup() {
        guard records else { return }
        commands.append(.endGroup)
    }
    /// A chart's geometry as drawn (recording frames only).
    package func add(_ record: ChartRecord) {
        guard records else { return }
        chartRecords.append(record)
    }

    /// The background's base color replaced (a transparent page laid on a color, in the tests
    /// that hold a transparent picture composited over a color to a picture drawn on it).
    package func setBackgroundColor(_ color: RGBA) { background.color = color }

    /// An opaque rectangle of whole pixels that is part of the background, under every command.
    /// Background fills come before any other solid.
    package func addBackgroundFill(_ r: Rect, color: RGBA) {
        precondition(solids.count == background.fills.upperBound, "background fills go before the other solids")
        solids.append(SolidRect(rect: r, color: color))
        background.fills = background.fills.lowerBound..<solids.count
    }

    // Consecutive items of one kind are merged into one command, so they become one draw call.
    /// Appends a rounded rectangle, merged into the previous command when that one draws rounded rectangles too.
    package func add(_ r: RoundedRectInstance) {
        roundedRects.append(r)
        if case .roundedRects(let range)? = commands.last { commands[commands.count - 1] = .roundedRects(range.lowerBound..<roundedRects.count) }
        else { commands.append(.roundedRects(roundedRects.count - 1..<roundedRects.count)) }
    }
    /// Appends a line, merged into the previous command when that one draws lines too.
    package func add(_ l: LineInstance) {
        lines.append(l)
        if case .lines(let range)? = commands.last { commands[commands.count - 1] = .lines(range.lowerBound..<lines.count) }
        else { commands.append(.lines(lines.count - 1..<lines.count)) }
    }
    /// Appends a sector, merged into the previous command when that one draws sectors of the
    /// same shape (`SectorInstance.Shape`): a renderer draws each shape its own way (a ring
    /// skips the wedge's edges, a capped arc has round ends and a shadow), so a command holds one
    /// shape and the commands keep the painter's order a scene drew them in — a rose's grid
    /// rings under its wedges, a gauge's bands under its arc — with nothing for the scene to say.
    package func add(_ s: SectorInstance) {
        sectors.append(s)
        if case .sectors(let range)? = commands.last, sectors[range.upperBound - 1].shape == s.shape {
            commands[commands.count - 1] = .sectors(range.lowerBound..<sectors.count)
        } else {
            commands.append(.sectors(sectors.count - 1..<sectors.count))
        }
    }
    /// Appends a glyph run, merged into the previous command when that one draws text too.
    package func add(_ t: TextRun) {
        texts.append(t)
        if case .text(let range)? = commands.last { commands[commands.count - 1] = .text(range.lowerBound..<texts.count) }
        else { commands.append(.text(texts.count - 1..<texts.count)) }
    }
    /// Records a piece of text over runs already added (`label.runs`).
    package func add(_ label: TextLabel) {
        precondition(label.runs.upperBound <= texts.count, "a label's runs are added before it")
        labels.append(label)
    }
    /// Appends a radar-scan beam, a command of its own.
    package func add(_ s: AngularGradientInstance) { scans.append(s); commands.append(.scan(scans.count - 1)) }
    /// Appends a mesh draw, a command of its own.
    package func add(_ m: MeshDraw) { commands.append(.mesh(m)) }
    /// Appends a layer of rounded rectangles, a command of its own.
    package func add(_ layer: RoundedRectLayer) { commands.append(.layer(layer)) }
    /// An opaque rectangle of whole pixels.
    package func addSolid(_ r: Rect, color: RGBA) {
        solids.append(SolidRect(rect: r, color: color))
        if case .solids(let range)? = commands.last { commands[commands.count - 1] = .solids(range.lowerBound..<solids.count) }
        else { commands.append(.solids(solids.count - 1..<solids.count)) }
    }
}

/// What a group of primitives draws: an element of the page (a chart, a sector, an axis label),
/// named as `--focus` names it, with its role and accessible name.
package struct FrameGroup: Equatable, Sendable {
    /// The element path (`charts[0].axes[2]`), with a suffix for a second part of one element
    /// (`charts[1].sectors[2].card`): unique within a frame.
    package var id: String
    /// The element's accessibility role as `--focus` and the geometry list name it (`chart`, `sector`, `label`…).
    package var role: String
    /// The accessible name (what a screen reader says), for SVG's `<title>`.
    package var name: String
    /// A group named `id`, with its role and accessible name.
    package init(id: String, role: String, name: String) { self.id = id; self.role = role; self.name = name }
}

/// One chart's geometry as drawn, in output pixels: what `--geometry` lists under `charts`.
package struct ChartRecord: Sendable {
    /// The chart's index in the page's `charts`.
    package var chart: Int
    /// `type` first, then what the kind has: `frame`, `center`, radii, angles, series, sectors…
    package var fields: JSONOut
    /// The geometry of chart number `chart`.
    package init(chart: Int, fields: JSONOut) { self.chart = chart; self.fields = fields }
}

/// A filled (or bordered) rounded rectangle, optionally with a soft drop shadow. Circles are
/// rounded rectangles whose radius is half their side.
package struct RoundedRectInstance: Equatable, Sendable {
    /// The rectangle in output pixels (shadow excluded).
    package var rect: Rect
    /// The corner radius in pixels (half the side for a circle).
    package var radius: Double
    /// The fill or border color, straight alpha.
    package var color: RGBA
    /// 0: filled; otherwise a border of this width drawn inside the rectangle.
    package var borderWidth: Double
    /// Gaussian-ish blur radius of a shadow drawn under it (0: none).
    package var shadowRadius: Double
    /// The shadow's color (clear: no shadow).
    package var shadowColor: RGBA
    /// A rounded rectangle, filled unless `borderWidth` is over 0, with no shadow unless `shadowRadius` is.
    package init(rect: Rect, radius: Double, color: RGBA, borderWidth: Double = 0, shadowRadius: Double = 0, shadowColor: RGBA = .clear) {
        self.rect = rect; self.radius = radius; self.color = color; self.borderWidth = borderWidth
        self.shadowRadius = shadowRadius; self.shadowColor = shadowColor
    }
}

/// An opaque axis-aligned rectangle in whole pixels.
package struct SolidRect: Equatable, Sendable {
    /// The rectangle in output pixels, on whole pixels.
    package var rect: Rect
    /// The fill color (opaque).
    package var color: RGBA
    /// A solid rectangle `rect` filled with `color`.
    package init(rect: Rect, color: RGBA) { self.rect = rect; self.color = color }
}

/// A straight line with butt ends, anti-aliased.
package struct LineInstance: Equatable, Sendable {
    /// Its ends in output pixels, its width in pixels and its color, straight alpha.
    package var from: Vec2, to: Vec2, width: Double, color: RGBA
    /// A line from `from` to `to`, `width` pixels wide.
    package init(from: Vec2, to: Vec2, width: Double, color: RGBA) { self.from = from; self.to = to; self.width = width; self.color = color }
}

/// One pie or donut sector as a signed-distance shape. Angles in radians, clockwise from 12 o'clock.
///
/// With `roundCaps` it is an arc of the ring with a half-disc at each end instead (gauges,
/// activity rings, radial bars): the caps are centered on the end angles, at the middle of the
/// ring, so they reach half the ring's width past `startAngle` and `endAngle`; the inset and the
/// corner radius do not apply. `endShadow` (pixels, 0 for none) shades the ring ahead of the end
/// cap, inside the ring only, at `endShadowOpacity` of black falling off as (1 − d/endShadow)²
/// with the distance d from the cap: an activity ring past 100 % shows where it overlaps itself.
/// A frame's sector commands each hold sectors of one `shape`; within a command of wedges a
/// renderer may draw narrow ones before wide ones, so wedges that overlap (an overlaid rose) are
/// of equal width, and everything else is drawn in the order it was added.
package struct SectorInstance: Equatable, Sendable {
    /// How a sector is drawn: a wedge of a ring (straight, inset edges, maybe rounded corners), a
    /// whole ring (a full turn with no inset or corners: grid rings, tracks, borders), or a capped
    /// arc (round end caps, an end shadow).
    package enum Shape: Sendable, Equatable {
        /// A wedge of a ring, straight-edged; a whole ring; a capped arc.
        case wedge, ring, arc
    }
    /// This sector's shape (from its angles, inset, corners and caps).
    package var shape: Shape {
        if roundCaps { return .arc }
        if endAngle - startAngle >= 2 * .pi - 1e-4 && halfInset == 0 && cornerRadius == 0 { return .ring }
        return .wedge
    }
    /// The ring's center in output pixels.
    package var center: Vec2
    /// The ring's inner radius in pixels (0 for a pie wedge).
    package var innerRadius: Double
    /// The ring's outer radius in pixels.
    package var outerRadius: Double
    /// Where the sector starts: radians clockwise from 12 o'clock.
    package var startAngle: Double
    /// Where the sector ends: radians clockwise from 12 o'clock (after `startAngle`).
    package var endAngle: Double
    /// Half of the gap between neighbours, in pixels: each edge moves in by this much, parallel.
    package var halfInset: Double
    /// The radius of the rounded corners, in pixels (straight-edged sectors only).
    package var cornerRadius: Double
    /// The fill color, straight alpha.
    package var color: RGBA
    /// Round end caps (a capped arc) instead of straight, inset edges.
    package var roundCaps: Bool
    /// How far the shadow ahead of the end cap reaches, in pixels (capped arcs only; 0: none).
    package var endShadow: Double
    /// The shadow's opacity where it touches the cap (black).
    package var endShadowOpacity: Double
    /// A pattern drawn in its ink over `color` (nil: the color alone).
    package var pattern: PatternFill?
    /// 0: filled; otherwise only a band this many pixels wide inside the shape's edge is drawn
    /// (high contrast's empty tracks: a thin outline, not a gray as heavy as the bars).
    package var outline: Double
    /// A sector; straight-edged unless `roundCaps`, without an end shadow unless `endShadow` is over 0.
    package init(center: Vec2, innerRadius: Double, outerRadius: Double, startAngle: Double, endAngle: Double, halfInset: Double, cornerRadius: Double, color: RGBA,
                roundCaps: Bool = false, endShadow: Double = 0, endShadowOpacity: Double = 0, pattern: PatternFill? = nil, outline: Double = 0) {
        self.center = center; self.innerRadius = innerRadius; self.outerRadius = outerRadius
        self.startAngle = startAngle; self.endAngle = endAngle; self.halfInset = halfInset; self.cornerRadius = cornerRadius; self.color = color
        self.roundCaps = roundCaps; self.endShadow = endShadow; self.endShadowOpacity = endShadowOpacity
        self.pattern = pattern; self.outline = outline
    }

    /// Whether the renderers draw more than a plain fill: a pattern other than solid, or an outline.
    public var isPatterned: Bool { (pattern.map { $0.pattern != .solid } ?? false) || outline > 0 }

    /// A capped arc of the ring from `startAngle` to `endAngle` (radians clockwise from 12 o'clock;
    /// at most a turn: a ring past one lap is a whole ring under the last lap's arc).
    package static func arc(center: Vec2, innerRadius: Double, outerRadius: Double, startAngle: Double, endAngle: Double, color: RGBA,
                           endShadow: Double = 0, endShadowOpacity: Double = 0) -> SectorInstance {
        SectorInstance(center: center, innerRadius: innerRadius, outerRadius: outerRadius, startAngle: startAngle, endAngle: endAngle,
                       halfInset: 0, cornerRadius: 0, color: color, roundCaps: true, endShadow: endShadow, endShadowOpacity: endShadowOpacity)
    }
}

/// An angular gradient clipped to a circle (SwiftUI's `AngularGradient` in a circle; a scan's
/// beam), shaded on a fan that covers just the arc of the turn where the gradient is not clear.
package struct AngularGradientInstance: Equatable, Sendable {
    /// The most gradient stops a beam has (the size of `Stops`).
    package static let maxStops = 8
    /// The most blips a scan draws; later ones are left out.
    package static let maxBlips = 16
    /// The circle's center in output pixels.
    package var center: Vec2
    /// The circle's radius in pixels.
    package var radius: Double
    /// The arc to shade: start and end angle, radians clockwise from 12 o'clock like every
    /// primitive's angles (end − start ≤ 2π).
    package var arc: (Double, Double)
    /// Where the gradient's first stop sits: radians clockwise from 12 o'clock, already rotated
    /// to the current time (SwiftUI's 0°, 3 o'clock, is π/2).
    package var gradientStart: Double
    /// `arc` in screen angles (radians clockwise from 3 o'clock, what `cos`/`sin` of pixel
    /// coordinates take), for the renderers.
    package var screenArc: (Double, Double) { (arc.0 - .pi / 2, arc.1 - .pi / 2) }
    /// `gradientStart` in screen angles, for the renderers.
    package var screenGradientStart: Double { gradientStart - .pi / 2 }
    /// +1 clockwise, −1 counter-clockwise.
    package var direction: Double
    /// Eight premultiplied colors: the gradient's stops, of which the first `stopCount` are used.
    package typealias Stops = (RGBA, RGBA, RGBA, RGBA, RGBA, RGBA, RGBA, RGBA)
    /// Premultiplied stops, evenly spaced over a full turn.
    package var stops: Stops
    /// Up to `maxStops` straight colors as premultiplied stops, the rest clear.
    package static func stops(_ colors: [RGBA]) -> Stops {
        func s(_ i: Int) -> RGBA { i < colors.count ? colors[i].premultiplied : .clear }
        return (s(0), s(1), s(2), s(3), s(4), s(5), s(6), s(7))
    }
    /// How many of `stops` are used (at most `maxStops`).
    package var stopCount: Int
    package static func == (a: AngularGradientInstance, b: AngularGradientInstance) -> Bool {
        a.center == b.center && a.radius == b.radius && a.arc == b.arc && a.gradientStart == b.gradientStart
            && a.direction == b.direction && a.stopCount == b.stopCount
            && a.stops.0 == b.stops.0 && a.stops.1 == b.stops.1 && a.stops.2 == b.stops.2 && a.stops.3 == b.stops.3
            && a.stops.4 == b.stops.4 && a.stops.5 == b.stops.5 && a.stops.6 == b.stops.6 && a.stops.7 == b.stops.7
    }
    /// A beam with every field given.
    package init(center: Vec2, radius: Double, arc: (Double, Double), gradientStart: Double, direction: Double, stops: Stops, stopCount: Int) {
        self.center = center; self.radius = radius; self.arc = arc; self.gradientStart = gradientStart
        self.direction = direction; self.stops = stops; self.stopCount = stopCount
    }
}

/// A triangle mesh made by the tessellator, uploaded once per `version`, with the paths it was
/// tessellated from (which vector backends draw instead of the triangles).
///
/// A reference type so that the scene can rebuild it in place and the renderer can tell by
/// `id` + `version` whether its GPU copy is current. Not `Sendable`: it is mutable and is built,
/// drawn and compared on the one thread that renders.
package final class Mesh {
    /// Unique to this mesh for the life of the process: with `version` it tells the renderer whether its GPU copy is current.
    package let id: Int
    /// Incremented by each `replace(with:)`.
    package private(set) var version = 0
    /// Vertices relative to the chart center at full growth, in points per unit of `MeshDraw.pointScale`.
    package private(set) var geometry = MeshGeometry()
    private static let nextID = Atomic<Int>(0)

    /// An empty mesh with a new `id`.
    package init() { id = Mesh.nextID.add(1, ordering: .relaxed).newValue }

    /// Replaces the geometry and increments `version`.
    package func replace(with geometry: MeshGeometry) {
        self.geometry = geometry; version += 1
    }
    /// The geometry's vertices.
    package var vertices: [MeshVertex] { geometry.vertices }
    /// The geometry's triangle indices, three a triangle, into `vertices`.
    package var indices: [UInt32] { geometry.indices }
    /// The paths the triangles were tessellated from, for vector backends.
    package var paths: [MeshPath] { geometry.paths }
    /// The number of vertices in the geometry.
    package var vertexCount: Int { geometry.vertices.count }
}

/// What a mesh vertex is part of, in a radar drawn in one call: a series' fill, its outline, or
/// the grid (which does not grow).
package enum MeshRole: Int, Sendable {
    /// A series' fill; a series' outline; the grid.
    case fill = 0, stroke = 1, grid = 2
}

/// The colors of a radar's series for one theme, straight alpha, made once per data and theme.
package final class SeriesColors: @unchecked Sendable {
    /// The straight-alpha color of each series, by the mesh's series index.
    package let colors: [RGBA]
    /// Colors for the series, in series order.
    package init(_ colors: [RGBA]) { self.colors = colors }
    /// Series a single radar draw can color (a spec allows 64; a reload can add 64 leaving ones).
    package static let maximum = 128
}

/// The patterns of a radar's (or polar chart's) series, made once per data: a fill takes its
/// pattern in the series' color at `inkOpacity` over its translucent fill, and an outline the
/// pattern's dash (`FillPattern.dash`), measured along the outline from its first point.
package final class SeriesPatterns: @unchecked Sendable {
    /// The pattern of each series, by the mesh's series index.
    package let patterns: [FillPattern]
    /// Patterns for the series, in series order.
    package init(_ patterns: [FillPattern]) { self.patterns = patterns }
    /// Series `i`'s pattern (solid past the list).
    package func pattern(_ i: Int) -> FillPattern { i >= 0 && i < patterns.count ? patterns[i] : .solid }
    /// How strongly a fill's pattern shows: the series color at this opacity over the fill.
    package static let inkOpacity = 0.8
}

/// One draw of part of a mesh, scaled about `center` by `growth`.
package struct MeshDraw {
    /// How a mesh's vertices are colored and widened.
    package enum Style {
        /// Each vertex's role and series pick its color and width, so a whole radar or polar chart
        /// is one call: fills at `fillOpacity` of their series color, outlines `strokeHalfWidth`
        /// pixels to a side, the grid `gridHalfWidth` in `gridColor`, not growing.
        case roles(colors: SeriesColors, fillOpacity: Double, strokeHalfWidth: Double, gridColor: RGBA, gridHalfWidth: Double)
    }
    /// The mesh to draw from.
    package var mesh: Mesh
    /// The triangle indices to draw, a range of `mesh.indices`.
    package var indexRange: Range<Int>
    /// The chart center in output pixels, which the mesh is scaled about.
    package var center: Vec2
    /// Pixels per point at full growth (radius scale).
    package var pointScale: Double
    /// How far the mesh has grown: 0 at the start to 1 at full size (the spring may overshoot 1); the grid does not grow.
    package var growth: Double
    /// How the vertices are colored and widened.
    package var style: Style
    /// In recording frames: the group of the mesh's grid, and of each of its series by mesh
    /// series index (nil for a series leaving after a reload); empty otherwise.
    package var gridGroup: FrameGroup?
    /// In recording frames, the group of each series by mesh series index (nil for a series leaving after a reload); empty otherwise.
    package var seriesGroups: [FrameGroup?] = []
    /// Each series' pattern (its fill's pattern, its outline's dash), by mesh series index; nil:
    /// solid fills and outlines.
    package var patterns: SeriesPatterns?
    /// Output pixels per point of the fills' patterns and the outlines' dashes.
    package var patternScale = 1.0
    /// A draw of `indexRange` of `mesh` at `growth`, with no groups.
    package init(mesh: Mesh, indexRange: Range<Int>, center: Vec2, pointScale: Double, growth: Double, style: Style) {
        self.mesh = mesh; self.indexRange = indexRange; self.center = center; self.pointScale = pointScale
        self.growth = growth; self.style = style
    }
}

// MARK: - Finite

extension Frame {
    /// The first non-finite number in the frame, named (`sectors[3]`), or nil when every value is
    /// finite, as it must be whatever the spec said. Checked after every frame in debug builds and
    /// by the fuzzer. Allocates nothing unless it finds one.
    package func firstNonFinite() -> String? {
        func ok(_ a: Double, _ b: Double = 0, _ c: Double = 0, _ d: Double = 0, _ e: Double = 0, _ f: Double = 0) -> Bool {
            a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite
        }
        func ok(_ c: RGBA) -> Bool { c.r.isFinite && c.g.isFinite && c.b.isFinite && c.a.isFinite }
        func ok(_ r: Rect) -> Bool { ok(r.x, r.y, r.width, r.height) }
        for (i, r) in roundedRects.enumerated()
        where !(ok(r.rect) && ok(r.radius, r.borderWidth, r.shadowRadius) && ok(r.color) && ok(r.shadowColor)) {
            return "roundedRects[\(i)]"
        }
        for (i, s) in solids.enumerated() where !(ok(s.rect) && ok(s.color)) { return "solids[\(i)]" }
        for (i, l) in lines.enumerated() where !(ok(l.from.x, l.from.y, l.to.x, l.to.y, l.width) && ok(l.color)) { return "lines[\(i)]" }
        for (i, s) in sectors.enumerated()
        where !(ok(s.center.x, s.center.y, s.innerRadius, s.outerRadius, s.startAngle, s.endAngle) && ok(s.halfInset, s.cornerRadius, s.endShadow, s.endShadowOpacity, s.outline)
                 && ok(s.color) && s.pattern.map({ ok($0.scale, $0.origin.x, $0.origin.y) && ok($0.ink) }) ?? true) {
            return "sectors[\(i)]"
        }
        for (i, s) in scans.enumerated() where !ok(s.center.x, s.center.y, s.radius, s.arc.0, s.arc.1, s.gradientStart) || !s.direction.isFinite {
            return "scans[\(i)]"
        }
        for (i, t) in texts.enumerated() where !(ok(t.origin.x, t.origin.y, t.scale, t.angle) && ok(t.color)) { return "texts[\(i)]" }
        for (i, l) in labels.enumerated() where !(ok(l.box) && l.fontSize.isFinite) { return "labels[\(i)]" }
        for c in commands {
            if case .layer(let l) = c, let k = l.rects.firstIndex(where: { !(ok($0.rect) && ok($0.radius, $0.borderWidth, $0.shadowRadius) && ok($0.color)) }) {
                return "layer \(l.id) rects[\(k)]"
            }
            guard case .mesh(let m) = c else { continue }
            if !ok(m.center.x, m.center.y, m.pointScale, m.growth, m.patternScale)
                || m.mesh.vertices.contains(where: { !ok($0.point.x, $0.point.y, $0.extrude.x, $0.extrude.y, $0.distance, $0.along) }) {
                return "mesh \(m.mesh.id)"
            }
            if case .roles(_, let o, let s, _, let g) = m.style, !ok(o, s, g) { return "mesh \(m.mesh.id) style" }
        }
        return nil
    }
}
