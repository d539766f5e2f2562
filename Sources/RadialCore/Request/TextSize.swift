/// How large text is set, on SwiftUI's Dynamic Type scale: `large` is the default (the seeds'
/// sizes), `accessibility1` … `accessibility5` the sizes people with low vision choose.
///
/// Each of the system's text styles has its own size at each setting (Apple's Human Interface
/// Guidelines, "Dynamic Type sizes"); other sizes scale with the style nearest to them.
public enum TextSize: String, CaseIterable, Sendable, Comparable {
    /// The standard sizes, smallest to largest; `large` is the default.
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    /// The accessibility sizes, larger than `xxxLarge`, as people with low vision choose them.
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The name a spec file or `--text-size` uses: `xSmall` … `accessibility5` (case-insensitive).
    package init?(name: String) {
        guard let s = TextSize.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = s
    }

    public static func < (a: TextSize, b: TextSize) -> Bool { a.index < b.index }
    private var index: Int { TextSize.allCases.firstIndex(of: self)! }

    /// How the window names it: "Large", "Accessibility 3".
    package var displayName: String {
        switch self {
        case .xSmall: "Extra small"
        case .small: "Small"
        case .medium: "Medium"
        case .large: "Large (default)"
        case .xLarge: "Extra large"
        case .xxLarge: "Extra extra large"
        case .xxxLarge: "Extra extra extra large"
        case .accessibility1: "Accessibility 1"
        case .accessibility2: "Accessibility 2"
        case .accessibility3: "Accessibility 3"
        case .accessibility4: "Accessibility 4"
        case .accessibility5: "Accessibility 5"
        }
    }

    /// The next size up or down (Ctrl+plus / Ctrl+minus), nil past either end.
    package var larger: TextSize? { index + 1 < TextSize.allCases.count ? TextSize.allCases[index + 1] : nil }
    /// The next size down (Ctrl+minus), nil below `xSmall`.
    package var smaller: TextSize? { index > 0 ? TextSize.allCases[index - 1] : nil }

    /// Points per style at this size, in the order of `Self.styleSizesAtLarge`: large title,
    /// title, title 2, title 3, headline and body, callout, subheadline, footnote, caption, caption 2.
    private var styleSizes: [Double] {
        switch self {
        case .xSmall: [31, 25, 19, 17, 14, 13, 12, 12, 11, 11]
        case .small: [32, 26, 20, 18, 15, 14, 13, 12, 11, 11]
        case .medium: [33, 27, 21, 19, 16, 15, 14, 12, 11, 11]
        case .large: [34, 28, 22, 20, 17, 16, 15, 13, 12, 11]
        case .xLarge: [36, 30, 24, 22, 19, 18, 17, 15, 14, 13]
        case .xxLarge: [38, 32, 26, 24, 21, 20, 19, 17, 16, 15]
        case .xxxLarge: [40, 34, 28, 26, 23, 22, 21, 19, 18, 17]
        case .accessibility1: [44, 38, 34, 31, 28, 26, 25, 23, 22, 20]
        case .accessibility2: [48, 43, 39, 37, 33, 32, 30, 27, 26, 24]
        case .accessibility3: [52, 48, 44, 43, 40, 38, 36, 33, 32, 29]
        case .accessibility4: [56, 53, 50, 49, 47, 44, 42, 38, 37, 34]
        case .accessibility5: [60, 58, 56, 55, 53, 51, 49, 44, 43, 40]
        }
    }
    private static let styleSizesAtLarge: [Double] = TextSize.large.styleSizes

    /// The size, at this setting, of text whose size at `large` is `points`: a style's own size
    /// for the system styles (caption 12 → 32 at accessibility3), in proportion to the nearest
    /// style for others.
    package func size(forLargeSize points: Double) -> Double {
        if self == .large { return points }
        let large = Self.styleSizesAtLarge, mine = styleSizes
        // The nearest style by size at `large`, the smaller one on a tie.
        var best = 0
        for i in large.indices where abs(large[i] - points) < abs(large[best] - points) || (abs(large[i] - points) == abs(large[best] - points) && large[i] < large[best]) {
            best = i
        }
        return points * mine[best] / large[best]
    }

    /// The size nearest a desktop's text scaling factor (GNOME's `text-scaling-factor`: 1.25
    /// makes body text 21 pt), by the body style's size.
    package init(scalingFactor f: Double) {
        let target = 17 * (f.isFinite && f > 0 ? f : 1)
        self = TextSize.allCases.min { abs($0.size(forLargeSize: 17) - target) < abs($1.size(forLargeSize: 17) - target) }!
    }

    /// A style as it is set at this size (the weight stays).
    package func resolve(_ style: TextStyle) -> TextStyle {
        self == .large ? style : TextStyle(size: size(forLargeSize: style.size), weight: style.weight)
    }
}
