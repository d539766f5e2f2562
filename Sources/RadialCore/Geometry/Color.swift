/// A straight-alpha sRGB color, components 0...1.
public struct RGBA: Hashable, Sendable {
    /// Red, green, blue and alpha, each 0…1; the color components are not multiplied by alpha.
    public var r: Float, g: Float, b: Float, a: Float
    /// A color from components 0…1 (alpha default 1: opaque).
    public init(_ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Float = 1) {
        self.init(Float((hex >> 16) & 0xFF) / 255, Float((hex >> 8) & 0xFF) / 255, Float(hex & 0xFF) / 255, alpha)
    }
    /// Transparent black (0, 0, 0, 0).
    public static let clear = RGBA(0, 0, 0, 0)
    /// Opaque white.
    public static let white = RGBA(1, 1, 1, 1)
    /// Opaque black.
    public static let black = RGBA(0, 0, 0, 1)
    /// The color with its alpha multiplied by `o` (0…1).
    package func opacity(_ o: Float) -> RGBA { RGBA(r, g, b, a * o) }
    /// The color with alpha multiplied in, as the blender wants it.
    package var premultiplied: RGBA { RGBA(r * a, g * a, b * a, a) }
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

/// Light, dark or high-contrast appearance.
public enum Theme: String, Sendable, CaseIterable {
    /// iOS's light appearance; iOS's dark appearance.
    case light, dark
    /// Black on white with every line and shape at 3:1 or more and text at 7:1 or more against
    /// what it sits on (WCAG 1.4.6 and 1.4.11), as GNOME's HighContrast theme is black on white.
    case highContrast = "high-contrast"
    /// Light ↔ dark (high contrast goes to light).
    package var toggled: Theme { self == .light ? .dark : .light }
    /// The theme after this one for the window's L key: light → dark → high contrast → light.
    package var next: Theme {
        switch self {
        case .light: .dark
        case .dark: .highContrast
        case .highContrast: .light
        }
    }
    /// How the window's toast names it.
    package var displayName: String {
        switch self {
        case .light: "Light"
        case .dark: "Dark"
        case .highContrast: "High contrast"
        }
    }
}

/// A color as a chart spec names it: a SwiftUI system color (adapting to the theme) or a fixed
/// sRGB value; or one generated past the end of a categorical palette (`CategoricalPalette.colors(count:avoiding:)`).
public enum ChartColor: Hashable, Sendable {
    /// A SwiftUI system color, resolved per theme (`resolved(_:)`).
    case system(SystemColor)
    /// A fixed sRGB color, the same in every theme (darkened in high contrast to keep 3:1 against white).
    case fixed(RGBA)
    /// A generated categorical color: its light variant, and a lighter one for dark cards, as
    /// SwiftUI's system colors have. High contrast uses the light one (already 3:1 on white).
    case generated(light: RGBA, dark: RGBA)

    /// The sRGB color in `theme`, straight alpha.
    public func resolved(_ theme: Theme) -> RGBA {
        switch self {
        case .system(let c): return c.resolved(theme)
        // A color a file fixes is the author's, but high contrast promises 3:1 for shapes:
        // there it is darkened (hue kept) just enough.
        case .fixed(let c): return theme == .highContrast ? c.withContrast(atLeast: Contrast.shapes, against: .white) : c
        case .generated(let light, let dark):
            switch theme {
            case .light: return light
            case .dark: return dark
            case .highContrast: return light.withContrast(atLeast: Contrast.shapes, against: .white)
            }
        }
    }
}

/// SwiftUI's named system colors with their light and dark sRGB values (iOS).
public enum SystemColor: String, Hashable, Sendable, CaseIterable {
    /// SwiftUI's system colors; `clear`, `white` and `black` are the same in every theme.
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, clear, white, black

    /// The color in `theme`. High contrast uses iOS's light "Increase Contrast" variants, each
    /// at 4.4:1 (green) or more against white, where the plain light ones go down to 1.5:1 (yellow).
    public func resolved(_ theme: Theme) -> RGBA {
        let (light, dark, increased): (UInt32, UInt32, UInt32)
        switch self {
        case .red: (light, dark, increased) = (0xFF3B30, 0xFF453A, 0xD70015)
        case .orange: (light, dark, increased) = (0xFF9500, 0xFF9F0A, 0xC93400)
        case .yellow: (light, dark, increased) = (0xFFCC00, 0xFFD60A, 0xB25000)
        case .green: (light, dark, increased) = (0x34C759, 0x30D158, 0x248A3D)
        case .mint: (light, dark, increased) = (0x00C7BE, 0x63E6E2, 0x0C817B)
        case .teal: (light, dark, increased) = (0x30B0C7, 0x40C8E0, 0x008299)
        case .cyan: (light, dark, increased) = (0x32ADE6, 0x64D2FF, 0x0071A4)
        case .blue: (light, dark, increased) = (0x007AFF, 0x0A84FF, 0x0040DD)
        case .indigo: (light, dark, increased) = (0x5856D6, 0x5E5CE6, 0x3634A3)
        case .purple: (light, dark, increased) = (0xAF52DE, 0xBF5AF2, 0x8944AB)
        case .pink: (light, dark, increased) = (0xFF2D55, 0xFF375F, 0xD30F45)
        case .brown: (light, dark, increased) = (0xA2845E, 0xAC8E68, 0x7F6545)
        case .gray: (light, dark, increased) = (0x8E8E93, 0x8E8E93, 0x6C6C70)
        case .white: return .white
        case .black: return .black
        case .clear: return .clear
        }
        switch theme {
        case .light: return RGBA(hex: light)
        case .dark: return RGBA(hex: dark)
        case .highContrast: return RGBA(hex: increased)
        }
    }

    /// Swift Charts' default categorical palette, in order.
    package static let categorical: [SystemColor] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .brown, .pink, .indigo, .mint, .teal]
}

/// The interface colors of a theme (UIKit's semantic colors).
package struct Palette: Sendable {
    /// The page around the cards (iOS's systemGroupedBackground).
    package var pageBackground: RGBA      // systemGroupedBackground
    /// A card's interior (systemBackground, or secondarySystemGroupedBackground when dark).
    package var cardBackground: RGBA      // systemBackground / secondarySystemGroupedBackground
    /// Primary text: titles, values, legend names.
    package var label: RGBA
    /// Secondary text: subtitles, axis names, captions.
    package var secondaryLabel: RGBA
    /// Tertiary text: a hidden series' legend entry.
    package var tertiaryLabel: RGBA
    /// The faintest ink: grid lines, tracks, an empty pie's ring.
    package var quaternaryLabel: RGBA
    /// Buttons, focus rings, the focused radar axis and the help's key names (systemBlue, or its Increase Contrast variant).
    package var accent: RGBA
    /// The background of annotation cards and tooltips.
    package var annotationBackground: RGBA
    /// The drop shadows under annotation cards, tooltips and the window's overlay cards.
    package var shadow: RGBA
    /// Half the width of hairlines (the radar's grid, the scan's rings and spokes), in points.
    package var hairlineHalfWidth = 0.5
    /// Buttons: 0 draws them as a tint of the accent; otherwise an accent border this wide (points).
    package var controlBorderWidth = 0.0

    /// The interface colors of `theme`.
    package static func of(_ theme: Theme) -> Palette {
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
        case .highContrast:
            // Black on white like GNOME's HighContrast: one white surface (cards on it are told
            // apart by their headings), opaque text colors (a translucent label loses contrast
            // where glyph edges blend), grid lines at 4.6:1 and 2 pt wide (a narrower
            // anti-aliased line between two pixels rendered at 2.9:1), the accent an Increase Contrast blue at 7.5:1, buttons
            // outlined in it rather than tinted (a 15 % tint is 1.2:1 against the card).
            return Palette(
                pageBackground: .white, cardBackground: .white, label: .black,
                secondaryLabel: RGBA(hex: 0x333333), tertiaryLabel: RGBA(hex: 0x4D4D4D),
                quaternaryLabel: RGBA(hex: 0x757575), accent: RGBA(hex: 0x0040DD),
                annotationBackground: .white, shadow: RGBA(0, 0, 0, 0.6), hairlineHalfWidth: 1,
                controlBorderWidth: 2)
        }
    }
}
