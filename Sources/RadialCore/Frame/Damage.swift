import Foundation

/// A rectangle of whole pixels, `x0..<x1` × `y0..<y1`, y down. Empty when `x1 <= x0` or `y1 <= y0`.
package struct PixelBox: Equatable, Sendable {
    package var x0: Int, y0: Int, x1: Int, y1: Int
    package init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    package static let empty = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    package var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

    /// The whole pixels touched by `minX...maxX` × `minY...maxY`, widened by `margin` pixels.
    package init(minX: Double, minY: Double, maxX: Double, maxY: Double, margin: Double) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else {
            self = PixelBox(x0: Int.min / 4, y0: Int.min / 4, x1: Int.max / 4, y1: Int.max / 4); return
        }
        let clampD = { (v: Double) in Swift.min(Swift.max(v, -1e9), 1e9) }
        self.init(x0: Int(checked: clampD(minX - margin), rounding: .down), y0: Int(checked: clampD(minY - margin), rounding: .down),
                  x1: Int(checked: clampD(maxX + margin), rounding: .up), y1: Int(checked: clampD(maxY + margin), rounding: .up))
    }

    package func union(_ o: PixelBox) -> PixelBox {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelBox(x0: Swift.min(x0, o.x0), y0: Swift.min(y0, o.y0), x1: Swift.max(x1, o.x1), y1: Swift.max(y1, o.y1))
    }
    package func clamped(width: Int, height: Int) -> PixelBox {
        let b = PixelBox(x0: Swift.max(x0, 0), y0: Swift.max(y0, 0), x1: Swift.min(x1, width), y1: Swift.min(y1, height))
        return b.isEmpty ? .empty : b
    }
}

/// Which pixels changed from one frame to the next, so a window whose back buffer still holds an
/// earlier frame (GLX_EXT_buffer_age) redraws only those: a settled chart redraws nothing, a
/// springing sector only its pie.
///
/// Each frame is compared with the previous one primitive by primitive (same commands in the
/// same order, then every instance, text run and mesh draw field by field); a primitive that
/// differs damages where it was and where it is now. Anything structural (the size, the clear
/// color, the command list) damages the whole frame. Where each primitive reaches comes from
/// the renderer's `CoverageMargins`. The copies of the previous frame reuse
/// their storage, so a steady frame allocates nothing.
package final class DamageTracker {
    package enum Damage: Equatable, Sendable {
        case all
        case box(PixelBox)   // may be empty: nothing changed
    }

    /// Where each kind of primitive may change pixels (the renderer's batches say).
    package let margins: CoverageMargins
    private var width = 0, height = 0
    private var background = Frame.Background(color: .clear, fills: 0..<0)
    private var commands: [Frame.Command] = []
    private var roundedRects: [RoundedRectInstance] = []
    private var lines: [LineInstance] = []
    private var sectors: [SectorInstance] = []
    private var scans: [AngularGradientInstance] = []
    private var texts: [TextRun] = []
    private var textBoxes: [PixelBox] = []
    private var solids: [SolidRect] = []
    private var meshes: [MeshSnapshot] = []
    /// Each layer command's layer as it was drawn: its id, its version then, and its box.
    private var layers: [LayerSnapshot] = []
    private var hasPrevious = false
    /// Damage of the latest frames, newest first (at most `historyLength`).
    private var history: [Damage] = []
    private static let historyLength = 4
    /// Extents of meshes by id, for their current version.
    private var meshExtents: [Int: (version: Int, point: Double, extrude: Double)] = [:]

    /// A mesh draw as it was drawn: the mesh's version then, not the object that may have changed since.
    private struct MeshSnapshot: Equatable {
        var id: Int, version: Int, indexRange: Range<Int>, center: Vec2, pointScale: Double, growth: Double
        var style: StyleKey, box: PixelBox
        enum StyleKey: Equatable {
            case roles(ObjectIdentifier, Int, Double, Double, RGBA, Double)
        }
    }

    private struct LayerSnapshot: Equatable {
        var id: Int, version: Int, box: PixelBox
    }

    package init(margins: CoverageMargins) {
        self.margins = margins
        layers.reserveCapacity(4)
        commands.reserveCapacity(64); roundedRects.reserveCapacity(64); lines.reserveCapacity(64)
        sectors.reserveCapacity(64); scans.reserveCapacity(4); texts.reserveCapacity(64)
        textBoxes.reserveCapacity(64); solids.reserveCapacity(32); meshes.reserveCapacity(16)
        history.reserveCapacity(Self.historyLength + 1)
    }

    /// Forgets the previous frame: the next one is damaged all over.
    package func reset() { hasPrevious = false; history.removeAll(keepingCapacity: true) }

    /// Compares `frame` with the frame given last time, remembers it, and returns what changed.
    /// `textBoxes[i]` bounds the pixels of `frame.texts[i]` as laid out.
    @discardableResult
    package func update(_ frame: Frame, textBoxes newTextBoxes: [PixelBox]) -> Damage {
        let damage = compare(frame, newTextBoxes).clampedTo(width: frame.width, height: frame.height)
        remember(frame, newTextBoxes)
        history.insert(damage, at: 0)
        if history.count > Self.historyLength { history.removeLast() }
        return damage
    }

    /// What must be redrawn into a buffer that holds the frame drawn `age` frames before the
    /// latest one given to `update` (1: the frame just before it; 0: unknown contents).
    package func region(bufferAge age: Int) -> Damage {
        guard age >= 1, age <= history.count else { return .all }
        var box = PixelBox.empty
        for d in history.prefix(age) {
            switch d {
            case .all: return .all
            case .box(let b): box = box.union(b)
            }
        }
        return .box(box)
    }

    // MARK: - Comparing

    private func compare(_ f: Frame, _ newTextBoxes: [PixelBox]) -> Damage {
        // Closures over a local copy (not `margins.bounds` partially applied, which may box it).
        let margins = self.margins
        guard hasPrevious, f.width == width, f.height == height, f.background.color == background.color,
              f.commands.count == commands.count else { return .all }
        var box = Self.changes(solids, background.fills, f.solids, f.background.fills, { margins.bounds($0) })
        var meshIndex = 0, layerIndex = 0
        for (old, new) in zip(commands, f.commands) {
            switch (old, new) {
            case (.roundedRects(let a), .roundedRects(let b)):
                box = box.union(Self.changes(roundedRects, a, f.roundedRects, b, { margins.bounds($0) }))
            case (.lines(let a), .lines(let b)):
                box = box.union(Self.changes(lines, a, f.lines, b, { margins.bounds($0) }))
            case (.sectors(let a), .sectors(let b)):
                box = box.union(Self.changes(sectors, a, f.sectors, b, { margins.bounds($0) }))
            case (.text(let a), .text(let b)):
                box = box.union(Self.changes(a, b, same: { texts[$0] == f.texts[$1] && textBoxes[$0] == newTextBoxes[$1] },
                                             old: { textBoxes[$0] }, new: { newTextBoxes[$0] }))
            case (.scan(let a), .scan(let b)):
                if scans[a] != f.scans[b] { box = box.union(margins.bounds(scans[a])).union(margins.bounds(f.scans[b])) }
            case (.solids(let a), .solids(let b)):
                box = box.union(Self.changes(solids, a, f.solids, b, { margins.bounds($0) }))
            case (.group, .group), (.endGroup, .endGroup):
                break
            case (.mesh, .mesh(let m)):
                let old = meshes[meshIndex]
                let now = snapshot(m)
                if old != now { box = box.union(old.box).union(now.box) }
                meshIndex += 1
            case (.layer, .layer(let l)):
                // A layer is compared by version, not rectangle by rectangle: nothing proportional to its size per frame.
                let old = layers[layerIndex]
                let now = LayerSnapshot(id: l.id, version: l.version, box: margins.bounds(l))
                if old != now { box = box.union(old.box).union(now.box) }
                layerIndex += 1
            default:
                return .all
            }
        }
        return .box(box)
    }

    /// Where one command's shapes changed: pairwise when it has as many as before (shapes that
    /// differ damage where they were and are); when a shape came or went (a sector arriving, a
    /// blip lighting up), the shapes between the unchanged run at the start and the unchanged
    /// run at the end, before and now, since those moved along the list. `a` and `b` index the
    /// old and new frame's shapes; `same(i, j)` compares old i with new j.
    static func changes(_ a: Range<Int>, _ b: Range<Int>, same: (Int, Int) -> Bool,
                        old: (Int) -> PixelBox, new: (Int) -> PixelBox) -> PixelBox {
        var box = PixelBox.empty
        if a.count == b.count {
            for (i, j) in zip(a, b) where !same(i, j) { box = box.union(old(i)).union(new(j)) }
            return box
        }
        var head = 0
        while head < min(a.count, b.count) && same(a.lowerBound + head, b.lowerBound + head) { head += 1 }
        var tail = 0
        while tail < min(a.count, b.count) - head && same(a.upperBound - 1 - tail, b.upperBound - 1 - tail) { tail += 1 }
        for i in (a.lowerBound + head)..<(a.upperBound - tail) { box = box.union(old(i)) }
        for j in (b.lowerBound + head)..<(b.upperBound - tail) { box = box.union(new(j)) }
        return box
    }

    /// `changes` for a kind of instance compared whole and bounded by `bounds`.
    static func changes<T: Equatable>(_ old: [T], _ a: Range<Int>, _ new: [T], _ b: Range<Int>, _ bounds: (T) -> PixelBox) -> PixelBox {
        changes(a, b, same: { old[$0] == new[$1] }, old: { bounds(old[$0]) }, new: { bounds(new[$0]) })
    }

    private func remember(_ f: Frame, _ newTextBoxes: [PixelBox]) {
        width = f.width; height = f.height; background = f.background
        commands.removeAll(keepingCapacity: true); commands.append(contentsOf: f.commands)
        roundedRects.removeAll(keepingCapacity: true); roundedRects.append(contentsOf: f.roundedRects)
        lines.removeAll(keepingCapacity: true); lines.append(contentsOf: f.lines)
        sectors.removeAll(keepingCapacity: true); sectors.append(contentsOf: f.sectors)
        scans.removeAll(keepingCapacity: true); scans.append(contentsOf: f.scans)
        texts.removeAll(keepingCapacity: true); texts.append(contentsOf: f.texts)
        textBoxes.removeAll(keepingCapacity: true); textBoxes.append(contentsOf: newTextBoxes)
        solids.removeAll(keepingCapacity: true); solids.append(contentsOf: f.solids)
        meshes.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        for c in f.commands {
            if case .mesh(let m) = c { meshes.append(snapshot(m)) }
            if case .layer(let l) = c { layers.append(LayerSnapshot(id: l.id, version: l.version, box: margins.bounds(l))) }
        }
        hasPrevious = true
    }

    private func snapshot(_ m: MeshDraw) -> MeshSnapshot {
        let e = extents(m.mesh)
        let key: MeshSnapshot.StyleKey
        let halfWidth: Double
        switch m.style {
        case .roles(let colors, let fillOpacity, let strokeHalfWidth, let gridColor, let gridHalfWidth):
            key = .roles(ObjectIdentifier(colors), colors.colors.count, fillOpacity, strokeHalfWidth, gridColor, gridHalfWidth)
            halfWidth = max(strokeHalfWidth, gridHalfWidth)
        }
        // The grid does not grow, so growth counts as at least 1.
        let box = margins.meshBounds(center: m.center, point: e.point * m.pointScale * max(m.growth, 1), extrude: e.extrude, halfWidth: halfWidth)
        return MeshSnapshot(id: m.mesh.id, version: m.mesh.version, indexRange: m.indexRange, center: m.center,
                            pointScale: m.pointScale, growth: m.growth, style: key, box: box)
    }

    /// The largest |point| and |extrusion| over a mesh's vertices, worked out once per version.
    private func extents(_ mesh: Mesh) -> (point: Double, extrude: Double) {
        if let e = meshExtents[mesh.id], e.version == mesh.version { return (e.point, e.extrude) }
        var point = 0.0, extrude = 0.0
        for v in mesh.vertices {
            point = max(point, v.point.length)
            extrude = max(extrude, v.extrude.length)
        }
        if meshExtents.count > 256 { meshExtents.removeAll() }
        meshExtents[mesh.id] = (mesh.version, point, extrude)
        return (point, extrude)
    }
}

extension DamageTracker.Damage {
    func clampedTo(width: Int, height: Int) -> Self {
        if case .box(let b) = self { return .box(b.clamped(width: width, height: height)) }
        return self
    }
}
