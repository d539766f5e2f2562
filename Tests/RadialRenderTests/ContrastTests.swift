import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialGL
import Testing

/// High contrast, measured on rendered pixels (WCAG 1.4.6 and 1.4.11): every piece of text at
/// 7:1 or more against the pixels around it, lines and shapes at 3:1 or more against the card.
/// Where things are comes from the frame and `--geometry`; how they look only from the image.
@Suite("High contrast, measured in pixels", .serialized)
struct ContrastTests {
    static func name(_ j: JSONOut?) -> String {
        if case .string(let s)? = j { return s }
        return "?"
    }

    /// What one render gives to measure.
    struct Rendered {
        var image: RGBAImage
        var geometry: JSONOut
        var texts: [(run: TextRun, box: (x0: Int, y0: Int, x1: Int, y1: Int))]
        var shapes: [(what: String, box: (x0: Int, y0: Int, x1: Int, y1: Int))]
        /// Buttons (rounded rectangles wider than a symbol, whatever their style), in pixels.
        var buttons: [Rect]
    }

    static func render(_ page: Page, size: Size = Size(800, 800), scale: Double = 1, at time: Double, theme: Theme = .highContrast) throws -> Rendered {
        try GLTestContext.with { h in
            let scene = h.scene(for: page, formatting: Formatting(localeIdentifier: "en_US"))
            let image = try h.image(of: scene, FrameRequest(size: size, scale: scale, time: time, theme: theme, reduceMotion: false))
            let frame = h.frame
            let texts = frame.texts.map { run in
                let m = h.fonts.measure(run.text, style: run.style)
                return (run, (Int((run.origin.x).rounded(.down)), Int((run.origin.y - m.ascent * run.scale).rounded(.down)),
                              Int((run.origin.x + m.width * run.scale).rounded(.up)), Int((run.origin.y + m.descent * run.scale).rounded(.up))))
            }
            // Small shapes with a meaning of their own: legend symbols, corner markers, blips,
            // bordered buttons (not the large opaque card pieces, not translucent halos and tints).
            var shapes: [(String, (Int, Int, Int, Int))] = []
            let card = Palette.of(theme).cardBackground
            let buttons = frame.roundedRects.filter { $0.color != card && $0.shadowRadius == 0 && $0.rect.width > 24 * scale && $0.rect.height < 60 * scale }.map(\.rect)
            for r in frame.roundedRects where r.color.a >= 1 && r.color != card && r.shadowRadius == 0 && (r.borderWidth > 0 || r.rect.width <= 24 * scale) {
                shapes.append((r.borderWidth > 0 ? "bordered shape" : "dot", (Int(r.rect.minX), Int(r.rect.minY), Int(r.rect.maxX.rounded(.up)), Int(r.rect.maxY.rounded(.up)))))
            }
            for l in frame.lines where l.color.a >= 1 && l.color != card && hypot(l.to.x - l.from.x, l.to.y - l.from.y) <= 24 * scale {
                let x0 = min(l.from.x, l.to.x) - l.width / 2, x1 = max(l.from.x, l.to.x) + l.width / 2
                let y0 = min(l.from.y, l.to.y) - l.width / 2, y1 = max(l.from.y, l.to.y) + l.width / 2
                shapes.append(("marker line", (Int(x0), Int(y0), Int(x1.rounded(.up)), Int(y1.rounded(.up)))))
            }
            return Rendered(image: image, geometry: scene.geometry(FrameRequest(size: size, scale: scale, time: time, theme: theme, reduceMotion: false)),
                            texts: texts, shapes: shapes, buttons: buttons)
        }
    }

    // MARK: - Measuring

    static func luminance(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
        let p = image.pixel(min(max(x, 0), image.width - 1), min(max(y, 0), image.height - 1))
        return Contrast.luminance(Double(p.r) / 255, Double(p.g) / 255, Double(p.b) / 255)
    }

    /// Text: its core (the pixel inside its line box farthest in luminance from the
    /// background) against the pixels of a ring just outside the box (the background it sits
    /// on). The ratio 90 % of the ring reaches: a grid line or a neighbour's glyph touching the
    /// ring is not the text's background, a background that is half beam is.
    static func textContrast(_ image: RGBAImage, box b: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Double {
        var ring: [Double] = []
        for x in (b.x0 - 1)...b.x1 { ring.append(luminance(image, x, b.y0 - 1)); ring.append(luminance(image, x, b.y1)) }
        for y in (b.y0 - 1)...b.y1 { ring.append(luminance(image, b.x0 - 1, y)); ring.append(luminance(image, b.x1, y)) }
        let median = ring.sorted()[ring.count / 2]
        var core = median
        for y in b.y0..<max(b.y1, b.y0 + 1) { for x in b.x0..<max(b.x1, b.x0 + 1) {
            let l = luminance(image, x, y)
            if abs(l - median) > abs(core - median) { core = l }
        } }
        let ratios = ring.map { Contrast.ratio(core, $0) }.sorted()
        return ratios[ratios.count / 10]
    }

    /// A turned run (a sunburst's name along the radius): `textContrast` with its line box and
    /// the ring just outside it taken in the run's own frame, turned as it is drawn.
    static func turnedTextContrast(_ image: RGBAImage, _ run: TextRun) -> Double {
        let w = run.line.advance * run.pixelSize, up = run.line.ascent * run.pixelSize, down = run.line.descent * run.pixelSize
        let c = cos(run.angle), s = sin(run.angle)
        func at(_ u: Double, _ v: Double) -> Double {
            luminance(image, Int((run.origin.x + c * u - s * v).rounded(.down)), Int((run.origin.y + s * u + c * v).rounded(.down)))
        }
        var ring: [Double] = []
        for u in stride(from: -1.5, through: w + 1.5, by: 1) { ring.append(at(u, -up - 1.5)); ring.append(at(u, down + 1.5)) }
        for v in stride(from: -up - 1.5, through: down + 1.5, by: 1) { ring.append(at(-1.5, v)); ring.append(at(w + 1.5, v)) }
        let median = ring.sorted()[ring.count / 2]
        var core = median
        for u in stride(from: 0.5, to: w, by: 1) { for v in stride(from: -up + 0.5, to: down, by: 1) {
            let l = at(u, v)
            if abs(l - median) > abs(core - median) { core = l }
        } }
        let ratios = ring.map { Contrast.ratio(core, $0) }.sorted()
        return ratios[ratios.count / 10]
    }

    /// A shape in a box: its most contrasting pixel against the card's luminance.
    static func shapeContrast(_ image: RGBAImage, box b: (x0: Int, y0: Int, x1: Int, y1: Int), card: Double) -> Double {
        var best = 1.0
        for y in b.y0..<max(b.y1, b.y0 + 1) { for x in b.x0..<max(b.x1, b.x0 + 1) { best = max(best, Contrast.ratio(luminance(image, x, y), card)) } }
        return best
    }

    /// A line crossing `p`: the most contrasting pixel within 3 px of `p` along `normal`,
    /// against the pixel `reach` px away on the `outside` side (what the line is seen against).
    static func lineContrast(_ image: RGBAImage, at p: Vec2, normal n: Vec2, reach: Double = 6) -> (ratio: Double, against: Double) {
        let len = max((n.x * n.x + n.y * n.y).squareRoot(), 1e-9)
        let u = Vec2(n.x / len, n.y / len)
        let bg = luminance(image, Int((p.x + u.x * reach).rounded()), Int((p.y + u.y * reach).rounded()))
        var best = 1.0
        for k in -3...3 {
            let q = Vec2(p.x + u.x * Double(k), p.y + u.y * Double(k))
            best = max(best, Contrast.ratio(luminance(image, Int(q.x.rounded()), Int(q.y.rounded())), bg))
        }
        return (best, bg)
    }

    /// The card's luminance, read from the image just inside a chart's frame corner.
    static func cardLuminance(_ r: Rendered, chart: JSONOut) -> Double {
        let f = (0..<4).map { chart[key: "frame"]?[index: $0]?.number ?? 0 }
        return luminance(r.image, Int(f[0]) + 2, Int(f[1]) + 2)
    }

    // MARK: - Text

    @Test("Every piece of text is at 7:1 or more against what is around it", arguments: [(Demo.ebike, 5.0), (.scan, 2.2), (.pies, 6.0),
          (.gauge, 5.0), (.rings, 5.0), (.rose, 5.0), (.bars, 5.0), (.sunburst, 5.0), (.donuts, 5.0)])
    func text(demo: Demo, time: Double) throws {
        let r = try Self.render(demo.page, at: time)
        #expect(r.texts.count >= 3)
        for (run, box) in r.texts where box.x1 > box.x0 {
            let ratio = run.angle == 0 ? Self.textContrast(r.image, box: box) : Self.turnedTextContrast(r.image, run)
            #expect(ratio >= Contrast.text, "\(demo) \"\(run.text)\": \(String(format: "%.2f", ratio)):1")
        }
    }

    @Test("Text stays at 7:1 at scale 2 and with the Okabe–Ito palette")
    func textScale2() throws {
        let r = try Self.render(Demo.pies.page.applyingPalette(.okabeIto), size: Size(400, 760), scale: 2, at: 6)
        for (run, box) in r.texts where box.x1 > box.x0 {
            let ratio = run.angle == 0 ? Self.textContrast(r.image, box: box) : Self.turnedTextContrast(r.image, run)
            #expect(ratio >= Contrast.text, "\"\(run.text)\": \(String(format: "%.2f", ratio)):1")
        }
    }

    /// The measure itself: light mode's secondary labels (60 % gray) are well under 7:1 —
    /// if this passed, the text test would prove nothing.
    @Test("The text measure catches light mode's gray labels")
    func textMeasureCatchesGray() throws {
        let r = try Self.render(Demo.ebike.page, at: 5, theme: .light)
        let ratios = r.texts.map { Self.textContrast(r.image, box: $0.box) }
        #expect(ratios.contains { $0 < 7 }, "\(ratios)")
    }

    // MARK: - Lines and shapes

    @Test("Radar outlines, grid rings and spokes are at 3:1 or more", arguments: [CategoricalPalette.system, .okabeIto])
    func radarLines(palette: CategoricalPalette) throws {
        // The e-bike's colors, or (Okabe–Ito) colors the palette chooses.
        var page = Demo.ebike.page
        if palette == .okabeIto, case .radar(var c) = page.charts[0] {
            for i in c.series.indices { c.series[i].colorFromPalette = true }
            c.series.append(RadarSeries(name: "Cargo", values: [30, 70, 95, 60, 40, 35], color: .system(.clear), colorFromPalette: true))
            page.charts[0] = .radar(c)
            page = page.applyingPalette(.okabeIto)
        }
        let r = try Self.render(page, at: 5)
        let chart = try #require(r.geometry[key: "charts"]?[index: 0])
        let card = Self.cardLuminance(r, chart: chart)
        let cx = chart[key: "center"]?[index: 0]?.number ?? 0, cy = chart[key: "center"]?[index: 1]?.number ?? 0
        let radius = chart[key: "radius"]?.number ?? 0
        let center = Vec2(cx, cy)
        // Each series' outline, a third and two thirds along each edge, against the card outside.
        var i = 0
        while let series = chart[key: "series"]?[index: i] {
            let pts = (0..<6).compactMap { k in series[key: "points"]?[index: k].map { Vec2($0[index: 0]?.number ?? 0, $0[index: 1]?.number ?? 0) } }
            #expect(pts.count == 6)
            for k in pts.indices {
                let a = pts[k], b = pts[(k + 1) % pts.count]
                for t in [1.0 / 3, 2.0 / 3] {
                    var n = Vec2(-(b - a).y, (b - a).x)
                    if ((a + (b - a) * t).x - cx) * n.x + ((a + (b - a) * t).y - cy) * n.y < 0 { n = Vec2(-n.x, -n.y) }   // outward
                    // High contrast dashes every outline after the first (patterns beside color):
                    // the line is measured where it is drawn, on the dash nearest the point.
                    let m = stride(from: t - 0.05, through: t + 0.05, by: 0.0125)
                        .map { Self.lineContrast(r.image, at: a + (b - a) * $0, normal: n) }
                        .max { $0.ratio < $1.ratio }!
                    // Only where the outside is the card (not another series' fill).
                    if abs(m.against - card) < 0.01 {
                        #expect(m.ratio >= Contrast.shapes, "\(Self.name(series[key: "name"])) edge \(k): \(String(format: "%.2f", m.ratio)):1")
                    }
                }
            }
            i += 1
        }
        #expect(i == (palette == .system ? 2 : 3))
        // The outer ring halfway between spokes, and each spoke near the rim, against the card.
        for k in 0..<6 {
            let a0 = Double(k) / 6 * 2 * .pi - .pi / 2, a1 = Double(k + 1) / 6 * 2 * .pi - .pi / 2
            let mid = (Vec2(cos(a0), sin(a0)) + Vec2(cos(a1), sin(a1))) * (radius / 2)
            let ring = Self.lineContrast(r.image, at: center + mid, normal: mid)
            #expect(ring.ratio >= Contrast.shapes, "outer ring \(k): \(String(format: "%.2f", ring.ratio)):1")
            let spoke = center + Vec2(cos(a0), sin(a0)) * (radius * 0.97)
            let s = Self.lineContrast(r.image, at: spoke, normal: Vec2(-sin(a0), cos(a0)))
            #expect(s.ratio >= Contrast.shapes, "spoke \(k): \(String(format: "%.2f", s.ratio)):1")
        }
    }

    @Test("Legend symbols, corner markers, blips and the Replay button are at 3:1 or more against the card",
          arguments: [Demo.ebike, .scan, .pies, .rings, .sunburst, .donuts])
    func shapes(demo: Demo) throws {
        let r = try Self.render(demo.page, at: demo == .scan ? 2.2 : 6)
        let card = Self.cardLuminance(r, chart: try #require(r.geometry[key: "charts"]?[index: 0]))
        #expect(!r.shapes.isEmpty)
        for s in r.shapes {
            let ratio = Self.shapeContrast(r.image, box: s.box, card: card)
            #expect(ratio >= Contrast.shapes, "\(demo) \(s.what) at \(s.box): \(String(format: "%.2f", ratio)):1")
        }
        if demo == .ebike {
            // 2 legend symbols and 12 corner markers (circles and squares) at least.
            #expect(r.shapes.count >= 14)
            // The Replay button's edge, left, right and top, against the card outside it.
            #expect(r.buttons.count == 1)
            for b in r.buttons {
                for (p, n) in [(Vec2(b.minX + 1, b.midY), Vec2(-1, 0)), (Vec2(b.maxX - 1, b.midY), Vec2(1, 0)), (Vec2(b.midX, b.minY + 1), Vec2(0, -1))] {
                    let m = Self.lineContrast(r.image, at: p, normal: n, reach: 4)
                    #expect(m.ratio >= Contrast.shapes, "Replay button edge at \(p): \(String(format: "%.2f", m.ratio)):1")
                }
            }
        }
    }

    @Test("Pie sectors are at 3:1 or more against the card", arguments: [CategoricalPalette.system, .okabeIto])
    func sectors(palette: CategoricalPalette) throws {
        let r = try Self.render(Demo.pies.page.applyingPalette(palette), size: Size(400, 760), at: 6)
        var c = 0
        while let chart = r.geometry[key: "charts"]?[index: c] {
            let card = Self.cardLuminance(r, chart: chart)
            let cx = chart[key: "center"]?[index: 0]?.number ?? 0, cy = chart[key: "center"]?[index: 1]?.number ?? 0
            let ro = chart[key: "outerRadius"]?.number ?? 0
            var s = 0
            while let sector = chart[key: "sectors"]?[index: s] {
                // Near the rim, across the middle of the sector: an annotation card may cover some
                // of it, the fill shows in the rest.
                let a0 = (sector[key: "startAngle"]?.number ?? 0) * .pi / 180, a1 = (sector[key: "endAngle"]?.number ?? 0) * .pi / 180
                let ratio = stride(from: 0.3, through: 0.7, by: 0.1).map { f in
                    let a = a0 + (a1 - a0) * f, rr = ro - 4
                    return Contrast.ratio(Self.luminance(r.image, Int(cx + sin(a) * rr), Int(cy - cos(a) * rr)), card)
                }.max() ?? 1
                #expect(ratio >= Contrast.shapes, "\(palette) \(Self.name(sector[key: "name"])): \(String(format: "%.2f", ratio)):1")
                s += 1
            }
            #expect(s == 3)
            c += 1
        }
        #expect(c == 2)
    }

    @Test("The scan's border, rings, spokes and the beam's leading edge are at 3:1 or more")
    func scanLines() throws {
        let r = try Self.render(Demo.scan.page, at: 2.2)
        let chart = try #require(r.geometry[key: "charts"]?[index: 0])
        let card = Self.cardLuminance(r, chart: chart)
        let c = Vec2(chart[key: "center"]?[index: 0]?.number ?? 0, chart[key: "center"]?[index: 1]?.number ?? 0)
        let radius = chart[key: "radius"]?.number ?? 0
        let lead = (chart[key: "leadingAngle"]?.number ?? 0) * .pi / 180   // clockwise from 12 o'clock
        func dir(_ a: Double) -> Vec2 { Vec2(sin(a), -cos(a)) }
        // Ahead of the beam (clear): the border just inside the rim, and ring lines crossed going in.
        for ahead in [0.6, 1.2, 1.8] {
            let d = dir(lead + ahead)
            let border = Self.lineContrast(r.image, at: c + d * (radius - 1.5), normal: d, reach: 5)
            #expect(border.ratio >= Contrast.shapes, "border: \(String(format: "%.2f", border.ratio)):1")
            // Each ring crossed going out: a run of pixels off the card color whose peak is 3:1.
            var crossings = 0, peak = 1.0
            for k in stride(from: radius * 0.1, to: radius - 6, by: 1) {
                let q = c + d * k
                let ratio = Contrast.ratio(Self.luminance(r.image, Int(q.x.rounded()), Int(q.y.rounded())), card)
                if ratio >= 1.2 { peak = max(peak, ratio) } else {
                    if peak >= Contrast.shapes { crossings += 1 }
                    peak = 1
                }
            }
            #expect(crossings == 3, "rings at 3:1 crossed going out at \(ahead) rad ahead: \(crossings)")
        }
        // Spokes where the beam is not: the 12 and 3 o'clock ones are ahead of it at 2.2 s.
        for a in [0, Double.pi / 2] {
            // Between the second and third rings, so the pixel beside the spoke is the card.
            let s = Self.lineContrast(r.image, at: c + dir(a) * (radius * 0.62), normal: dir(a + .pi / 2))
            #expect(s.ratio >= Contrast.shapes, "spoke at \(a): \(String(format: "%.2f", s.ratio)):1")
        }
        // The beam's leading edge: across it, from the bright side to the clear side ahead.
        let e = c + dir(lead) * (radius * 0.7)
        let ahead = dir(lead + .pi / 2)
        let edge = Self.lineContrast(r.image, at: e, normal: ahead, reach: 5)
        #expect(abs(edge.against - card) < 0.01)
        #expect(edge.ratio >= Contrast.shapes, "leading edge: \(String(format: "%.2f", edge.ratio)):1")
    }
}
