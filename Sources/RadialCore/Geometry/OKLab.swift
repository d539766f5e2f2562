import Foundation

/// A color in Björn Ottosson's OKLab space ("A perceptual color space for image processing",
/// 2020): `L` lightness 0 (black) to 1 (white), `a` green–red, `b` blue–yellow. Euclidean
/// distance in it (ΔE_OK) tracks how different two colors look; about 0.02 is just noticeable.
package struct OKLab: Hashable, Sendable {
    package var L: Double, a: Double, b: Double
    package init(L: Double, a: Double, b: Double) { self.L = L; self.a = a; self.b = b }

    /// From linear-light sRGB (components 0...1 inside the gamut), with Ottosson's published
    /// matrices: linear sRGB → LMS, cube root, → Lab.
    package init(linearR r: Double, g: Double, b: Double) {
        let l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
        let m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
        let s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
        let l_ = cbrt(l), m_ = cbrt(m), s_ = cbrt(s)
        L = 0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_
        a = 1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_
        self.b = 0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_
    }

    /// From an sRGB color (alpha ignored).
    package init(_ c: RGBA) {
        self.init(linearR: SRGB.linear(Double(c.r)), g: SRGB.linear(Double(c.g)), b: SRGB.linear(Double(c.b)))
    }

    /// Linear-light sRGB, not clamped: a component outside 0...1 means the color is out of gamut.
    package var linearSRGB: (r: Double, g: Double, b: Double) {
        let l_ = L + 0.3963377774 * a + 0.2158037573 * b
        let m_ = L - 0.1055613458 * a - 0.0638541728 * b
        let s_ = L - 0.0894841775 * a - 1.2914855480 * b
        let l = l_ * l_ * l_, m = m_ * m_ * m_, s = s_ * s_ * s_
        return (4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s)
    }

    /// Whether the color is inside the sRGB gamut (with a hair of tolerance for rounding).
    package var inSRGBGamut: Bool {
        let (r, g, b) = linearSRGB, e = 1e-7
        return r >= -e && r <= 1 + e && g >= -e && g <= 1 + e && b >= -e && b <= 1 + e
    }

    /// The sRGB color (components clamped into 0...1; gamut-map first to keep the hue).
    package var rgba: RGBA {
        let (r, g, b) = linearSRGB
        func enc(_ v: Double) -> Float { Float(SRGB.encoded(min(max(v, 0), 1))) }
        return RGBA(enc(r), enc(g), enc(b))
    }

    /// ΔE_OK: the Euclidean distance between two colors.
    package func distance(to o: OKLab) -> Double {
        let dL = L - o.L, da = a - o.a, db = b - o.b
        return (dL * dL + da * da + db * db).squareRoot()
    }

    /// Lightness, chroma and hue (degrees, 0 ..< 360).
    package var lch: OKLCH {
        var h = atan2(b, a) * 180 / .pi
        if h < 0 { h += 360 }
        return OKLCH(L: L, C: (a * a + b * b).squareRoot(), h: h)
    }
}

/// OKLab in polar form: lightness `L`, chroma `C` (0 is gray), hue `h` in degrees.
package struct OKLCH: Hashable, Sendable {
    package var L: Double, C: Double, h: Double
    package init(L: Double, C: Double, h: Double) { self.L = L; self.C = C; self.h = h }

    package var lab: OKLab {
        let r = h * .pi / 180
        return OKLab(L: L, a: C * cos(r), b: C * sin(r))
    }

    /// The color brought into the sRGB gamut by reducing its chroma (lightness and hue kept),
    /// by bisection to within 1e-5 of the gamut's edge. `L` must lie in 0...1.
    package func gamutMapped() -> OKLCH {
        if lab.inSRGBGamut { return self }
        var lo = 0.0, hi = C, c = self
        while hi - lo > 1e-5 {
            c.C = (lo + hi) / 2
            if c.lab.inSRGBGamut { lo = c.C } else { hi = c.C }
        }
        c.C = lo
        return c
    }
}

/// The sRGB transfer function (IEC 61966-2-1).
package enum SRGB {
    /// Encoded 0...1 → linear light.
    package static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    /// Linear light → encoded 0...1.
    package static func encoded(_ c: Double) -> Double { c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055 }
}
