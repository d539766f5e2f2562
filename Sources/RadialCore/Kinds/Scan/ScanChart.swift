/// The radar-scan sweep: a bordered circle with an angular-gradient beam turning forever.
public struct ScanChart: Sendable, Equatable {
    /// The chart's heading; nil: none.
    public var title: String?
    /// The beam's and the border's color (default green).
    public var color: ChartColor
    /// Seconds per turn.
    public var duration: Double
    /// Whether the beam turns clockwise (default true).
    public var clockwise: Bool
    /// Gradient stops from the trailing end to the leading edge; nil is `[clear, clear, color]`.
    public var gradient: [ChartColor]?
    /// The border's width in points (default 2).
    public var borderWidth: Double
    /// Range rings inside the border (0: none).
    public var rings: Int
    /// Cross-hair spokes (0: none; 4 is a cross).
    public var spokes: Int
    /// The contacts shown, lit as the beam passes.
    public var blips: [Blip]
    /// Seconds a blip takes to fade after the beam passes it.
    public var fade: Double
    /// A green scan turning clockwise every 3 seconds, with no rings, spokes or blips.
    public init(title: String? = nil, color: ChartColor = .system(.green), duration: Double = 3, clockwise: Bool = true,
                gradient: [ChartColor]? = nil, borderWidth: Double = 2, rings: Int = 0, spokes: Int = 0,
                blips: [Blip] = [], fade: Double = 2) {
        self.title = title; self.color = color; self.duration = duration; self.clockwise = clockwise
        self.gradient = gradient; self.borderWidth = borderWidth; self.rings = rings; self.spokes = spokes
        self.blips = blips; self.fade = fade
    }
    /// The gradient's stops: `gradient`, else clear, clear, `color`.
    public var stops: [ChartColor] { gradient ?? [.system(.clear), .system(.clear), color] }
}

/// A contact on the scan: where it is and what it is called.
public struct Blip: Sendable, Equatable {
    /// Degrees clockwise from 12 o'clock.
    public var angle: Double
    /// 0 at the center, 1 at the rim.
    public var distance: Double
    /// A name written beside the blip; nil: none.
    public var label: String?
    /// A blip at `angle` degrees, `distance` from the center.
    public init(angle: Double, distance: Double, label: String? = nil) { self.angle = angle; self.distance = distance; self.label = label }

    /// `angle` brought into [0, 360) exactly (fmod is exact for every double), so ±1e308 is a
    /// place on the circle like any other rather than a number whose multiples of 360 round away.
    package var turnAngle: Double {
        guard angle.isFinite else { return 0 }
        let a = angle.truncatingRemainder(dividingBy: 360)
        return a < 0 ? (a + 360 < 360 ? a + 360 : 0) : a
    }
}

extension ScanChart: Hashable, Codable {}
extension Blip: Hashable, Codable {}
