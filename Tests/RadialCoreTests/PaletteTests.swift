import Testing
@testable import RadialCore

/// The high-contrast theme's colors, the Okabe–Ito palette and the page-level `palette` key.
@Suite("Themes and palettes")
struct PaletteTests {
    private func problems(_ json: String) -> [String] {
        do { _ = try Spec.decode(json); return [] } catch { return error.problems.map { "\($0.path): \($0.message)" } }
    }

    private static let twoSeries = #"{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [1, 2, 3]}, {"name": "T", "values": [3, 2, 1], "color": "teal"}]}"#
    private static let pie = #"{"type": "pie", "sectors": [{"name": "A", "value": 1}, {"name": "B", "value": 2, "color": "red"}, {"name": "C", "value": 3}]}"#

    @Test("L cycles light → dark → high contrast → light")
    func cycle() {
        #expect(Theme.light.next == .dark && Theme.dark.next == .highContrast && Theme.highContrast.next == .light)
        #expect(Theme(rawValue: "high-contrast") == .highContrast)
        #expect(Theme.allCases.map(\.displayName) == ["Light", "Dark", "High contrast"])
    }

    @Test("WCAG contrast: white on black is 21:1, a color darkened for 3:1 reaches it and keeps its hue")
    func contrastMath() {
        #expect(abs(Contrast.ratio(RGBA.white, .black) - 21) < 1e-9)
        #expect(abs(Contrast.ratio(RGBA(hex: 0x767676), .white) - 4.54) < 0.01)
        let orange = RGBA(hex: 0xE69F00)
        #expect(Contrast.ratio(orange, .white) < 3)
        let darker = orange.withContrast(atLeast: 3, against: .white)
        #expect(Contrast.ratio(darker, .white) >= 3 && Contrast.ratio(darker, .white) < 3.1)
        #expect(darker.r > darker.g && darker.g > darker.b)   // still an orange
        // Against a dark card a dark color is lightened instead.
        let lighter = RGBA(hex: 0x0072B2).withContrast(atLeast: 7, against: .black)
        #expect(Contrast.ratio(lighter, .black) >= 7)
    }

    @Test("High contrast resolves every system color at 4.4:1 or more against white, and fixed colors at 3:1 or more")
    func highContrastColors() {
        for c in SystemColor.allCases where c != .clear && c != .white {
            #expect(Contrast.ratio(c.resolved(.highContrast), .white) >= 4.35, "\(c)")
        }
        for hex in CategoricalPalette.okabeItoColors {
            #expect(Contrast.ratio(ChartColor.fixed(RGBA(hex: hex)).resolved(.highContrast), .white) >= 3, "\(hex)")
            #expect(ChartColor.fixed(RGBA(hex: hex)).resolved(.light) == RGBA(hex: hex))
        }
        let p = Palette.of(.highContrast)
        #expect(Contrast.ratio(p.label, p.cardBackground) >= 7 && Contrast.ratio(p.secondaryLabel, p.cardBackground) >= 7)
        #expect(Contrast.ratio(p.accent, p.cardBackground) >= 7 && Contrast.ratio(p.quaternaryLabel, p.cardBackground) >= 3)
    }

    @Test("The error banner's white text is at 7:1 on its red in high contrast (3.5:1 in light, as before)")
    func errorBanner() {
        func bannerColor(_ theme: Theme) -> RGBA? {
            let frame = Frame()
            frame.reset(width: 400, height: 300, background: .white)
            let ctx = DrawContext(frame: frame, scale: 1, theme: theme, moment: Moment(time: 0, reduceMotion: false), measurer: TestMeasurer())
            Overlays.drawErrorBanner(ctx, size: Size(400, 300), lines: ["charts[0].type: unknown chart type"])
            return frame.roundedRects.first?.color
        }
        let hc = bannerColor(.highContrast)
        #expect(hc?.a == 1 && hc.map { Contrast.ratio($0, .white) } ?? 0 >= 7)
        #expect(bannerColor(.light) == SystemColor.red.resolved(.light).opacity(0.95))
    }

    @Test(#"A page's "palette": "okabe-ito" colors the series and sectors it gives no color; named ones stay"#)
    func okabeItoFromSpec() throws {
        let page = try Spec.decode(#"{"palette": "okabe-ito", "charts": [\#(Self.twoSeries), \#(Self.pie)]}"#)
        #expect(page.palette == .okabeIto)
        guard case .radar(let r) = page.charts[0], case .pie(let p) = page.charts[1] else { Issue.record("charts"); return }
        #expect(r.series[0].color == .fixed(RGBA(hex: 0xE69F00)) && r.series[0].colorFromPalette)
        #expect(r.series[1].color == .system(.teal) && !r.series[1].colorFromPalette)
        #expect(p.sectors.map(\.color) == [.fixed(RGBA(hex: 0xE69F00)), .system(.red), .fixed(RGBA(hex: 0x56B4E9))])
    }

    @Test("--palette overrides the page's, both ways; a radar series skips a palette color its sibling names")
    func override() throws {
        let page = try Spec.decode(#"{"palette": "okabe-ito", "charts": [\#(Self.twoSeries), \#(Self.pie)]}"#)
        let system = page.applyingPalette(.system)
        guard case .radar(let r) = system.charts[0], case .pie(let p) = system.charts[1] else { Issue.record("charts"); return }
        #expect(r.series[0].color == .system(.blue))
        #expect(p.sectors.map(\.color) == [nil, .system(.red), nil])   // the pie chooses when drawn, as before
        let back = system.applyingPalette(.okabeIto)
        guard case .pie(let p2) = back.charts[1] else { Issue.record("pie"); return }
        #expect(p2.sectors.map(\.color) == [.fixed(RGBA(hex: 0xE69F00)), .system(.red), .fixed(RGBA(hex: 0x56B4E9))])
        // A sibling naming the palette's first color pushes the chosen one to the second.
        let named = try Spec.decode(##"{"palette": "okabe-ito", "charts": [{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": []}, {"name": "T", "values": [], "color": "#E69F00"}]}]}"##)
        guard case .radar(let r3) = named.charts[0] else { Issue.record("radar"); return }
        #expect(r3.series[0].color == .fixed(RGBA(hex: 0x56B4E9)))
    }

    @Test("bad palette and theme values are refused by path, with a suggestion when one is close", arguments: [
        (#""palette": "okabe_ito""#, [#"palette: unknown palette "okabe_ito"; did you mean "okabe-ito"?"#]),
        (#""palette": "viridis""#, [#"palette: unknown palette "viridis"; expected one of system, okabe-ito"#]),
        (#""palette": 2"#, ["palette: expected a palette (system, okabe-ito), got 2"]),
        (#""theme": "high-contast""#, [#"theme: unknown theme "high-contast"; did you mean "high-contrast"?"#]),
        (#""pallete": "system""#, [#"pallete: unknown key; did you mean "palette"?"#]),
        (#""theme": "high-contrast", "palette": "system""#, []),
    ] as [(String, [String])])
    func badValues(member: String, expected: [String]) {
        #expect(problems(#"{\#(member), "charts": [{"type": "scan"}]}"#) == expected)
    }
}
