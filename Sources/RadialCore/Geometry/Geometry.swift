/// A point or a vector in points (or pixels), y down.
public struct Vec2: Hashable, Sendable {
    /// The horizontal coordinate, rightward.
    public var x: Double
    /// The vertical coordinate, downward.
    public var y: Double
    /// The point (`x`, `y`).
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The origin (0, 0).
    public static let zero = Vec2(0, 0)

    /// The component-wise sum.
    @inlinable package static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    /// The component-wise difference.
    @inlinable package static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    /// The vector scaled by `s`.
    @inlinable package static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    /// The vector reversed.
    @inlinable package static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    /// The Euclidean length.
    @inlinable package var length: Double { (x * x + y * y).squareRoot() }
    /// The vector scaled to length 1 (zero stays zero).
    @inlinable package var normalized: Vec2 { let l = length; return l > 0 ? Vec2(x / l, y / l) : .zero }
    /// The vector turned a quarter turn (clockwise on a y-down screen).
    @inlinable package var perpendicular: Vec2 { Vec2(-y, x) }
    /// The dot product.
    @inlinable package func dot(_ b: Vec2) -> Double { x * b.x + y * b.y }
    /// The z component of the cross product: positive when `b` is clockwise of this vector on a y-down screen.
    @inlinable package func cross(_ b: Vec2) -> Double { x * b.y - y * b.x }
}

/// An axis-aligned rectangle, origin top-left, y down.
public struct Rect: Hashable, Sendable {
    /// The top-left corner and the size, in the same unit (points or pixels).
    public var x: Double, y: Double, width: Double, height: Double
    /// A rectangle with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The left edge.
    package var minX: Double { x }
    /// The top edge.
    package var minY: Double { y }
    /// The right edge.
    package var maxX: Double { x + width }
    /// The bottom edge.
    package var maxY: Double { y + height }
    /// The horizontal middle.
    package var midX: Double { x + width / 2 }
    /// The vertical middle.
    package var midY: Double { y + height / 2 }
    /// The middle point.
    package var center: Vec2 { Vec2(midX, midY) }
    /// The width and the height.
    package var size: Size { Size(width, height) }
    /// The rectangle shrunk by `d` on every side (a size never goes below 0).
    package func insetBy(_ d: Double) -> Rect { insetBy(dx: d, dy: d) }
    /// The rectangle shrunk by `dx` left and right and `dy` at the top and bottom (a size never goes below 0).
    package func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(width - 2 * dx, 0), height: max(height - 2 * dy, 0))
    }
    /// Whether `p` lies inside: the left and top edges are in, the right and bottom edges out.
    package func contains(_ p: Vec2) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }
    /// Every coordinate multiplied by `s` (points to pixels, for one).
    package func scaled(_ s: Double) -> Rect { Rect(x: x * s, y: y * s, width: width * s, height: height * s) }
    /// The smallest rectangle holding both.
    package func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
    /// The smallest rectangle holding every point.
    package static func bounding(_ points: [Vec2]) -> Rect {
        guard let f = points.first else { return .zero }
        var x0 = f.x, y0 = f.y, x1 = f.x, y1 = f.y
        for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    /// The sizes, in the same unit as the rectangle or the picture they measure (points or pixels).
    public var width: Double, height: Double
    /// A size `width` by `height`.
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// No width, no height.
    public static let zero = Size(0, 0)
}
