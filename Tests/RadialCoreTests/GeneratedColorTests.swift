import Testing
@testable import RadialCore

/// OKLab conversions and the colors generated past the end of a categorical palette.
@Suite("Generated colors")
struct GeneratedColorTests {
    private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

    @Test("OKLab matches Ottosson's published values: white is L 1, pure red 0.62796 0.22486 0.12585, and so on")
    func referenceValues() {
        let white = OKLab(RGBA.white)
        #expect(close(white.L, 1, 1e-4) && close(white.a, 0, 1e-4) && close(white.b, 0, 1e-4))
        let black = OKLab(RGBA.black)
        #expect(black.L == 0 && black.a == 0 && black.b == 0)
        // sRGB primaries, as Ottosson and CSS Color 4 list them.
        let red = OKLab(RGBA(1, 0, 0)), green = OKLab(RGBA(0, 1, 0)), blue = OKLab(RGBA(0, 0, 1))
        #expect(close(red.L, 0.627955, 1e-5) && close(red.a, 0.224863, 1e-5) && close(red.b, 0.125846, 1e-5))
        #expect(close(green.L, 0.866440, 1e-5) && close(green.a, -0.233888, 1e-5) && close(green.b, 0.179498, 1e-5))
        #expect(close(blue.L, 0.452014, 1e-5) && close(blue.a, -0.032457, 1e-5) && close(blue.b, -0.311528, 1e-5))
        // Ottosson's table of XYZ pairs, D65 white (0.950, 1.000, 1.089) → (1, 0, 0), reached
        // through linear sRGB: the matrices compose to his.
        let lin = (r: 3.2404542 * 0.950 - 1.5371385 * 1.000 - 0.4985314 * 1.089,
                   g: -0.9692660 * 0.950 + 1.8760108 * 1.000 + 0.0415560 * 1.089,
                   b: 0.0556434 * 0.950 - 0.2040259 * 1.000 + 1.0572252 * 1.089)
        let d65 = OKLab(linearR: lin.r, g: lin.g, b: lin.b)
        #expect(close(d65.L, 1, 2e-3) && close(d65.a, 0, 2e-3) && close(d65.b, 0, 2e-3))
        // Polar form: red's hue is about 29.2°, its chroma 0.2577.
        #expect(close(red.lch.h, 29.2339, 1e-3) && close(red.lch.C, 0.257683, 1e-5))
    }

    @Test("sRGB → OKLab → sRGB round-trips every 8-bit gray and a grid of colors")
    func roundTrip() {
        var worst = 0.0
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) {
                    let c = RGBA(Float(r) / 255, Float(g) / 255, Float(b) / 255)
                    let back = OKLab(c).rgba
                    worst = max(worst, Double(abs(back.r - c.r)), Double(abs(back.g - c.g)), Double(abs(back.b - c.b)))
                    let lch = OKLab(c).lch, lab = lch.lab
                    #expect(lab.distance(to: OKLab(c)) < 1e-9)
                }
            }
        }
        #expect(worst < 1e-5)
        for v in 0...255 {
            let gray = OKLab(RGBA(Float(v) / 255, Float(v) / 255, Float(v) / 255))
            #expect(abs(gray.a) < 1e-4 && abs(gray.b) < 1e-4)
        }
    }

    @Test("Gamut mapping keeps lightness and hue and reduces chroma to the sRGB edge")
    func gamutMapping() {
        let wild = OKLCH(L: 0.7, C: 0.4, h: 200)
        #expect(!wild.lab.inSRGBGamut)
        let mapped = wild.gamutMapped()
        #expect(mapped.lab.inSRGBGamut && mapped.L == 0.7 && mapped.h == 200 && mapped.C < 0.4 && mapped.C > 0.05)
        var edge = mapped
        edge.C += 1e-4
        #expect(!edge.lab.inSRGBGamut)   // as much chroma as fits
        let inside = OKLCH(L: 0.5, C: 0.05, h: 30)
        #expect(inside.gamutMapped() == inside)
    }

    /// Every pair's OKLab distance, light and dark.
    private func minimumDistance(_ colors: [ChartColor], _ theme: Theme, among pairs: (Int, Int) -> Bool = { _, _ in true }) -> Double {
        let labs = colors.map { OKLab($0.resolved(theme)) }
        var m = Double.infinity
        for i in labs.indices { for j in labs.indices where j > i && pairs(i, j) { m = min(m, labs[i].distance(to: labs[j])) } }
        return m
    }

    /// A generated color is this far (ΔE_OK) from every other color of a 40-color set, in light,
    /// dark and high contrast: four times the 0.02 just-noticeable difference, and nearly twice
    /// the 0.045 between the system palette's own closest pair (red and pink).
    static let generatedSeparation = 0.08

    @Test("40 colors from either palette are all different; the generated ones stand apart", arguments: CategoricalPalette.allCases)
    func forty(palette: CategoricalPalette) {
        let colors = palette.colors(count: 40)
        let own = palette.colors.count
        #expect(colors.count == 40)
        #expect(Array(colors.prefix(own)) == palette.colors)   // the palette's own first, in order
        for theme in Theme.allCases {
            #expect(Set(colors.map { $0.resolved(theme) }).count == 40, "\(theme)")
            // No pair closer than the palette's own closest pair or the separation below…
            #expect(minimumDistance(colors, theme) >= min(minimumDistance(palette.colors, theme), Self.generatedSeparation) - 1e-9, "\(theme)")
            // …and every generated color that far from all the others.
            let d = minimumDistance(colors, theme) { _, j in j >= own }
            #expect(d >= Self.generatedSeparation, "\(theme): \(d)")
        }
    }

    @Test("Generated colors reach 3:1 against their card in light, dark and high contrast, and dark variants are lighter")
    func contrast() {
        for c in CategoricalPalette.system.colors(count: 80).dropFirst(12) {
            guard case .generated(let light, let dark) = c else { Issue.record("\(c) is not generated"); continue }
            #expect(Contrast.ratio(c.resolved(.light), Palette.of(.light).cardBackground) >= 3, "\(light.hexString)")
            #expect(Contrast.ratio(c.resolved(.dark), Palette.of(.dark).cardBackground) >= 3, "\(dark.hexString)")
            #expect(Contrast.ratio(c.resolved(.highContrast), Palette.of(.highContrast).cardBackground) >= 3, "\(light.hexString)")
            #expect(OKLab(dark).L > OKLab(light).L)
        }
    }

    @Test("The same request gives the same colors; named colors are skipped and steered clear of")
    func determinism() {
        let a = CategoricalPalette.system.colors(count: 30), b = CategoricalPalette.system.colors(count: 30)
        #expect(a == b)
        #expect(CategoricalPalette.okabeIto.colors(count: 30) == CategoricalPalette.okabeIto.colors(count: 30))
        // A shorter request is a prefix of a longer one.
        #expect(Array(CategoricalPalette.system.colors(count: 50).prefix(30)) == a)
        // A sibling's blue pushes the palette along, and the generated ones keep away from a named color.
        let named: [ChartColor] = [.system(.blue), .fixed(RGBA(hex: 0x2E7D32))]
        let c = CategoricalPalette.system.colors(count: 20, avoiding: named)
        #expect(c.first == .system(.green) && !c.contains(.system(.blue)))
        let far = c.dropFirst(11).map { OKLab($0.resolved(.light)).distance(to: OKLab(RGBA(hex: 0x2E7D32))) }.min() ?? 0
        #expect(far >= Self.generatedSeparation)
    }

    @Test("A 4096-sector pie's colors never repeat")
    func thousands() {
        let colors = CategoricalPalette.system.colors(count: 4096)
        #expect(Set(colors).count == 4096)
        for theme in Theme.allCases { #expect(Set(colors.map { $0.resolved(theme) }).count == 4096, "\(theme)") }
        #expect(GeneratedColors.candidates.count > 4096 && GeneratedColors.candidates.count % 7919 != 0)
    }

    @Test("Series and sectors past the palette take generated colors, from a file and from --palette")
    func fromSpec() throws {
        let series = (0..<20).map { #"{"name": "S\#($0)", "values": [1, 2, 3]}"# }.joined(separator: ", ")
        let sectors = (0..<20).map { #"{"name": "P\#($0)", "value": 1}"# }.joined(separator: ", ")
        let json = #"{"charts": [{"type": "radar", "axes": ["A", "B", "C"], "series": [\#(series)]}, {"type": "pie", "sectors": [\#(sectors)]}]}"#
        let page = try Spec.decode(json)
        guard case .radar(let r) = page.charts[0] else { Issue.record("radar"); return }
        #expect(r.series.map(\.color) == CategoricalPalette.system.colors(count: 20))
        let okabe = page.applyingPalette(.okabeIto)
        guard case .radar(let r2) = okabe.charts[0], case .pie(let p2) = okabe.charts[1] else { Issue.record("charts"); return }
        #expect(r2.series.map(\.color) == CategoricalPalette.okabeIto.colors(count: 20))
        #expect(p2.sectors.map(\.color) == CategoricalPalette.okabeIto.colors(count: 20))
        // The system palette's pie chooses when drawn: 20 different colors there too.
        let scene = PageScene(page: page, measurer: TestMeasurer(), formatting: Formatting(localeIdentifier: "en_US"))
        let pie = try #require(scene.items[1] as? PieItem)
        #expect(pie.colors == CategoricalPalette.system.colors(count: 20))
    }
}
