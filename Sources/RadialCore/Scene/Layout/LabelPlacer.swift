/// The collision pass over a chart's text (ECharts' `labelLayout`, ggrepel): boxes already
/// placed are obstacles, each new label tries its candidate places in order and takes the first
/// that stays inside the bounds and clear of every obstacle; a label with no such place is left
/// out (and counted by the caller), never stacked on another.
struct LabelPlacer {
    let bounds: Rect
    /// Space kept between boxes, in points.
    var padding = 1.0
    private(set) var placed: [Rect] = []

    init(bounds: Rect, obstacles: [Rect] = []) {
        self.bounds = bounds
        placed = obstacles
    }

    mutating func addObstacle(_ r: Rect) { placed.append(r) }

    /// Whether `r` lies inside the bounds and clear of everything placed.
    func isFree(_ r: Rect) -> Bool {
        r.minX >= bounds.minX - 1e-9 && r.maxX <= bounds.maxX + 1e-9 && r.minY >= bounds.minY - 1e-9 && r.maxY <= bounds.maxY + 1e-9
            && !placed.contains { Self.overlaps($0, r, padding: padding) }
    }

    /// Places the first free candidate and returns its index, or nil when none is free.
    mutating func place(_ candidates: [Rect]) -> Int? {
        for (i, c) in candidates.enumerated() where isFree(c) {
            placed.append(c)
            return i
        }
        return nil
    }

    static func overlaps(_ a: Rect, _ b: Rect, padding: Double = 0) -> Bool {
        a.minX < b.maxX + padding && b.minX < a.maxX + padding && a.minY < b.maxY + padding && b.minY < a.maxY + padding
    }
}
