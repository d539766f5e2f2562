/// A point or a vector in points (or pixels), y down.
public struct Vec2: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var normalized: Vec2 { let l = length; return l > 0 ? Vec2(x / l, y / l) : .zero }
    /// The vector turned a quarter turn (clockwise on a y-down screen).
    @inlinable public var perpendicular: Vec2 { Vec2(-y, x) }
    @inlinable public func dot(_ b: Vec2) -> Double { x * b.x + y * b.y }
    @inlinable public func cross(_ b: Vec2) -> Double { x * b.y - y * b.x }
}

/// An axis-aligned rectangle, origin top-left, y down.
public struct Rect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Vec2 { Vec2(midX, midY) }
    public var size: Size { Size(width, height) }
    public func insetBy(_ d: Double) -> Rect { insetBy(dx: d, dy: d) }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(width - 2 * dx, 0), height: max(height - 2 * dy, 0))
    }
    public func contains(_ p: Vec2) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }
    public func scaled(_ s: Double) -> Rect { Rect(x: x * s, y: y * s, width: width * s, height: height * s) }
    /// The smallest rectangle holding both.
    public func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
    /// The smallest rectangle holding every point.
    public static func bounding(_ points: [Vec2]) -> Rect {
        guard let f = points.first else { return .zero }
        var x0 = f.x, y0 = f.y, x1 = f.x, y1 = f.y
        for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    public var width: Double, height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}
