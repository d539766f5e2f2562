/// Font weights the charts use.
public enum FontWeight: Int, Hashable, Sendable {
    case regular = 400, medium = 500, semibold = 600, bold = 700
}

/// A font request: size in points and weight. The family is the UI font fontconfig picks.
public struct TextStyle: Hashable, Sendable {
    public var size: Double
    public var weight: FontWeight
    public init(size: Double, weight: FontWeight = .regular) { self.size = size; self.weight = weight }

    // SwiftUI's Dynamic Type sizes at the default ("Large") setting.
    public static let largeTitle = TextStyle(size: 34)
    public static let title = TextStyle(size: 28)
    public static let title2 = TextStyle(size: 22)
    public static let title3 = TextStyle(size: 20)
    public static let headline = TextStyle(size: 17, weight: .semibold)
    public static let body = TextStyle(size: 17)
    public static let callout = TextStyle(size: 16)
    public static let subheadline = TextStyle(size: 15)
    public static let footnote = TextStyle(size: 13)
    public static let caption = TextStyle(size: 12)
    public static let caption2 = TextStyle(size: 11)

    public func weight(_ w: FontWeight) -> TextStyle { TextStyle(size: size, weight: w) }
    public var bold: TextStyle { weight(.bold) }
}

/// How big a line of text is, in points.
public struct TextMetrics: Hashable, Sendable {
    /// Advance width of the shaped line.
    public var width: Double
    /// Distance from the baseline up to the top of the line box.
    public var ascent: Double
    /// Distance from the baseline down to the bottom of the line box (positive).
    public var descent: Double
    public init(width: Double, ascent: Double, descent: Double) { self.width = width; self.ascent = ascent; self.descent = descent }
    public var height: Double { ascent + descent }
}

/// Measures shaped text. The real one is RadialGL's `FontSystem` (HarfBuzz over FreeType);
/// layout only ever sees this protocol, so RadialCore stays free of C.
public protocol TextMeasuring: AnyObject {
    /// The metrics of `text` set on one line in `style`. Implementations cache per string.
    func measure(_ text: String, style: TextStyle) -> TextMetrics
}
