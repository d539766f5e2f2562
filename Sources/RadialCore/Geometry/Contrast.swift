import Foundation

/// WCAG 2 contrast: relative luminance of sRGB colors and the ratio between two of them.
package enum Contrast {
    /// Text against its background (WCAG 1.4.6, enhanced).
    package static let text = 7.0
    /// Lines and shapes that carry meaning against what is next to them (WCAG 1.4.11).
    package static let shapes = 3.0

    /// The relative luminance of an opaque sRGB color given as 0...1 components.
    package static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1...21.
    package static func ratio(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The contrast ratio of two opaque colors.
    package static func ratio(_ a: RGBA, _ b: RGBA) -> Double { ratio(a.luminance, b.luminance) }
}

extension RGBA {
    /// WCAG relative luminance, alpha ignored.
    package var luminance: Double { Contrast.luminance(Double(r), Double(g), Double(b)) }

    /// This color, darkened (or lightened, against a dark `background`) just enough to reach
    /// `ratio` against `background`: linear RGB is scaled, so the hue stays. Alpha is kept.
    package func withContrast(atLeast ratio: Double, against background: RGBA) -> RGBA {
        let bg = background.luminance, l = luminance
        if Contrast.ratio(l, bg) >= ratio { return self }
        func linear(_ c: Float) -> Double { let c = Double(c); return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func encoded(_ c: Double) -> Float { Float(c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055) }
        var lin = [linear(r), linear(g), linear(b)]
        if bg > 0.18 {
            // Darker: the target luminance, a hair under so rounding to 8 bits stays above it.
            let target = (bg + 0.05) / ratio - 0.05 - 0.002
            let k = l > 0 ? max(target, 0) / l : 0
            lin = lin.map { $0 * k }
        } else {
            // Lighter: mix toward white in linear light until the luminance is reached.
            let target = ratio * (bg + 0.05) - 0.05 + 0.002
            let t = l < 1 ? min(max((target - l) / (1 - l), 0), 1) : 0
            lin = lin.map { $0 + (1 - $0) * t }
        }
        return RGBA(encoded(lin[0]), encoded(lin[1]), encoded(lin[2]), a)
    }
}
