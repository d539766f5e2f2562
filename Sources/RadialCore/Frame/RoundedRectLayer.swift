import Synchronization

/// Rounded rectangles made once and drawn as one (a settled scatter's points): a renderer may
/// keep what they draw as a picture and lay that picture down each frame while `version` is
/// unchanged, instead of packing and shading every rectangle again; vector backends draw the
/// rectangles themselves.
///
/// A reference type, as `Mesh` is, so that the scene can rebuild it in place and the renderer
/// can tell by `id` + `version` whether its picture is current. Not `Sendable`: it is built,
/// drawn and compared on the one thread that renders.
package final class RoundedRectLayer {
    /// Unique to this layer for the life of the process: with `version` it tells the renderer whether its picture is current.
    package let id: Int
    /// Incremented by each `rebuild(_:)`.
    package private(set) var version = 0
    /// The rectangles, in output pixels, in painter's order.
    package private(set) var rects: [RoundedRectInstance] = []
    /// The smallest box around every rectangle (shadows excluded), in output pixels; nil when empty.
    package private(set) var extent: Rect?
    /// The largest shadow radius of any rectangle (0: none has a shadow).
    package private(set) var shadowRadius = 0.0
    private static let nextID = Atomic<Int>(0)

    /// An empty layer with a new `id`.
    package init() { id = RoundedRectLayer.nextID.add(1, ordering: .relaxed).newValue }

    /// Replaces the rectangles with what `body` appends to an emptied list (its storage kept),
    /// and increments `version`.
    package func rebuild(_ body: (inout [RoundedRectInstance]) -> Void) {
        rects.removeAll(keepingCapacity: true)
        body(&rects)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity, shadow = 0.0
        for r in rects {
            minX = min(minX, r.rect.minX); minY = min(minY, r.rect.minY)
            maxX = max(maxX, r.rect.maxX); maxY = max(maxY, r.rect.maxY)
            shadow = max(shadow, r.shadowRadius)
        }
        extent = rects.isEmpty ? nil : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        shadowRadius = shadow
        version += 1
    }
}
