/// The colors a chart takes for series and sectors that name none, in order.
public enum CategoricalPalette: String, Sendable, CaseIterable {
    /// Swift Charts' default: SwiftUI's system colors (`SystemColor.categorical`).
    case system
    /// Okabe and Ito's eight colors for color-blind readers ("Color Universal Design", 2008),
    /// told apart with any of the common color vision deficiencies. Their black is left out
    /// (it would vanish on a dark card), so seven colors in Okabe and Ito's order.
    case okabeIto = "okabe-ito"

    /// Okabe–Ito, straight from the paper: orange, sky blue, bluish green, yellow, blue,
    /// vermillion, reddish purple.
    package static let okabeItoColors: [UInt32] = [0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7]

    /// The palette's colors in order. Fixed colors: high contrast darkens them to 3:1 on white.
    package var colors: [ChartColor] {
        switch self {
        case .system: SystemColor.categorical.map(ChartColor.system)
        case .okabeIto: Self.okabeItoColors.map { .fixed(RGBA(hex: $0)) }
        }
    }
}
