/// A straight-alpha sRGB color, components 0...1.
public struct RGBA: Hashable, Sendable {
    public var r: Float, g: Float, b: Float, a: Float
    public init(_ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Float = 1) {
        self.init(Float((hex >> 16) & 0xFF) / 255, Float((hex >> 8) & 0xFF) / 255, Float(hex & 0xFF) / 255, alpha)
    }
    public static let clear = RGBA(0, 0, 0, 0)
    public static let white = RGBA(1, 1, 1, 1)
    public static let black = RGBA(0, 0, 0, 1)
    public func opacity(_ o: Float) -> RGBA { RGBA(r, g, b, a * o) }
    /// The color with alpha multiplied in, as the blender wants it.
    public var premultiplied: RGBA { RGBA(r * a, g * a, b * a, a) }
    /// `#RRGGBBAA`, as `--geometry` writes colors.
    public var hexString: String {
        func h(_ v: Float) -> String {
            let n = Int(checked: Double(min(max(v, 0), 1)) * 255, rounding: .toNearestOrAwayFromZero)
            let s = String(n, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + h(a)
    }
}

/// Light or dark appearance.
public enum Theme: String, Sendable, CaseIterable {
    case light, dark
    public var toggled: Theme { self == .light ? .dark : .light }
}

/// A color as a chart spec names it: a SwiftUI system color (adapting to the theme) or a fixed sRGB value.
public enum ChartColor: Hashable, Sendable {
    case system(SystemColor)
    case fixed(RGBA)

    public func resolved(_ theme: Theme) -> RGBA {
        switch self {
        case .system(let c): return c.resolved(theme)
        case .fixed(let c): return c
        }
    }
}

/// SwiftUI's named system colors with their light and dark sRGB values (iOS).
public enum SystemColor: String, Hashable, Sendable, CaseIterable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, clear, white, black

    public func resolved(_ theme: Theme) -> RGBA {
        let (light, dark): (UInt32, UInt32)
        switch self {
        case .red: (light, dark) = (0xFF3B30, 0xFF453A)
        case .orange: (light, dark) = (0xFF9500, 0xFF9F0A)
        case .yellow: (light, dark) = (0xFFCC00, 0xFFD60A)
        case .green: (light, dark) = (0x34C759, 0x30D158)
        case .mint: (light, dark) = (0x00C7BE, 0x63E6E2)
        case .teal: (light, dark) = (0x30B0C7, 0x40C8E0)
        case .cyan: (light, dark) = (0x32ADE6, 0x64D2FF)
        case .blue: (light, dark) = (0x007AFF, 0x0A84FF)
        case .indigo: (light, dark) = (0x5856D6, 0x5E5CE6)
        case .purple: (light, dark) = (0xAF52DE, 0xBF5AF2)
        case .pink: (light, dark) = (0xFF2D55, 0xFF375F)
        case .brown: (light, dark) = (0xA2845E, 0xAC8E68)
        case .gray: (light, dark) = (0x8E8E93, 0x8E8E93)
        case .white: return .white
        case .black: return .black
        case .clear: return .clear
        }
        return RGBA(hex: theme == .light ? light : dark)
    }

    /// Swift Charts' default categorical palette, in order.
    public static let categorical: [SystemColor] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .brown, .pink, .indigo, .mint, .teal]
}

/// The interface colors of a theme (UIKit's semantic colors).
public struct Palette: Sendable {
    public var pageBackground: RGBA      // systemGroupedBackground
    public var cardBackground: RGBA      // systemBackground / secondarySystemGroupedBackground
    public var label: RGBA
    public var secondaryLabel: RGBA
    public var tertiaryLabel: RGBA
    public var quaternaryLabel: RGBA
    public var accent: RGBA
    public var annotationBackground: RGBA
    public var shadow: RGBA

    public static func of(_ theme: Theme) -> Palette {
        switch theme {
        case .light:
            return Palette(
                pageBackground: RGBA(hex: 0xF2F2F7), cardBackground: .white, label: .black,
                secondaryLabel: RGBA(hex: 0x3C3C43, alpha: 0.6), tertiaryLabel: RGBA(hex: 0x3C3C43, alpha: 0.3),
                quaternaryLabel: RGBA(hex: 0x3C3C43, alpha: 0.18), accent: RGBA(hex: 0x007AFF),
                annotationBackground: .white, shadow: RGBA(0, 0, 0, 0.33))
        case .dark:
            // A black card on a black grouped page would vanish: dark cards use
            // secondarySystemGroupedBackground, as iOS does for inset grouped content.
            return Palette(
                pageBackground: .black, cardBackground: RGBA(hex: 0x1C1C1E), label: .white,
                secondaryLabel: RGBA(hex: 0xEBEBF5, alpha: 0.6), tertiaryLabel: RGBA(hex: 0xEBEBF5, alpha: 0.3),
                quaternaryLabel: RGBA(hex: 0xEBEBF5, alpha: 0.16), accent: RGBA(hex: 0x0A84FF),
                annotationBackground: RGBA(hex: 0x2C2C2E), shadow: RGBA(0, 0, 0, 0.6))
        }
    }
}
