import Foundation
import RadialCore
import RadialRender
import RadialTestSupport
import RadialVector
import Testing

/// `--background transparent` and `none`: no page color (and no cards), pixels premultiplied in
/// the framebuffer and un-premultiplied once on writing, so that the file laid over any color
/// is what drawing on that color gives.
@Suite("Transparent backgrounds", .serialized)
struct TransparencyTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-alpha-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    struct Case: CustomStringConvertible, Sendable {
        var demo: Demo, size: Size, time: Double, theme: Theme, background: PageBackground
        var description: String { "\(demo.rawValue) \(theme.rawValue) \(background.rawValue)" }
    }
    static let cases: [Case] = [
        .init(demo: .pies, size: Size(600, 900), time: 6, theme: .light, background: .transparent),
        .init(demo: .scan, size: Size(640, 720), time: 2.2, theme: .dark, background: .transparent),
        .init(demo: .ebike, size: Size(800, 800), time: 5, theme: .light, background: .none),
        .init(demo: .pies, size: Size(600, 900), time: 6, theme: .dark, background: .none),
    ]

    /// The largest channel difference between two opaque pictures, and how many pixels differ by more than 1.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> (max: Int, over1: Int) {
        var worst = 0, over = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var d = 0
            for k in 0..<3 { d = max(d, abs(Int(a.pixels[i + k]) - Int(b.pixels[i + k]))) }
            worst = max(worst, d)
            if d > 1 { over += 1 }
        }
        return (worst, over)
    }

    @Test("A transparent PNG laid over black and over white is the page drawn on black and on white (GL and cairo)", arguments: cases)
    func compositesLikeADrawnBackground(_ c: Case) throws {
        let request = FrameRequest(size: c.size, time: c.time, theme: c.theme, background: c.background)
        try GLTestContext.with { h in
            let scene = h.scene(for: c.demo.page, formatting: Formatting(localeIdentifier: "en_US"))
            var pictures: [RGBAImage] = []
            for color in [nil, RGBA.black, RGBA.white] as [RGBA?] {
                try h.renderFrames(count: 1, width: request.pixelWidth, height: request.pixelHeight, redraw: .whole,
                                   draw: { _, frame in scene.draw(into: frame, request); if let color { frame.setBackgroundColor(color) } },
                                   each: { _, image in pictures.append(image) })
            }
            // Through a file, as a user gets it: straight alpha, 8 bits.
            let path = dir + "/\(c.demo.rawValue)-\(c.background.rawValue).png"
            try PNGFile.write(pictures[0], to: path)
            let file = try PNGFile.read(path)
            #expect(!file.isOpaque, "\(c): the file has no transparent pixel")
            for (k, color) in [RGBA.black, RGBA.white].enumerated() {
                let d = Self.difference(file.composited(over: color), pictures[k + 1])
                #expect(d.max <= 2 && d.over1 < file.width * file.height / 2000, "\(c) over \(color): off by up to \(d.max), \(d.over1) pixels by more than 1")
            }
            // cairo's picture of the same frame, through the same file writer.
            scene.draw(into: h.frame, request)
            let cairo = try VectorRenderer().image(h.frame)
            try PNGFile.write(cairo, to: path)
            let cairoFile = try PNGFile.read(path)
            h.frame.setBackgroundColor(.white)
            let cairoWhite = try VectorRenderer().image(h.frame)
            let d = Self.difference(cairoFile.composited(over: .white), cairoWhite.straightened())
            #expect(d.max <= 2 && d.over1 < file.width * file.height / 2000, "\(c) by cairo over white: off by up to \(d.max), \(d.over1) pixels")
        }
    }

    @Test("Outside the cards the page is clear; inside, transparent keeps the card opaque and none leaves only the shapes", arguments: cases)
    func clearOutsideTheCards(_ c: Case) throws {
        let request = FrameRequest(size: c.size, time: c.time, theme: c.theme, background: c.background)
        let (image, cards, corners) = try GLTestContext.with { h in
            let scene = h.scene(for: c.demo.page, formatting: Formatting(localeIdentifier: "en_US"))
            let image = try h.image(of: scene, request)
            // The cards' rounded corners: circles of the card's color, as large as a card's radius.
            let card = Palette.of(c.theme).cardBackground
            let corners = h.frame.roundedRects.filter { $0.color == card && $0.radius >= 16 && $0.rect.width == 2 * $0.radius }.map(\.rect)
            let cards = scene.geometry(request)[key: "charts"]?.items.compactMap { chart -> Rect? in
                guard let f = chart[key: "card"] ?? chart[key: "frame"], let x = f[index: 0]?.number, let y = f[index: 1]?.number,
                      let w = f[index: 2]?.number, let hh = f[index: 3]?.number else { return nil }
                return Rect(x: x, y: y, width: w, height: hh)
            } ?? []
            return (image.straightened(), cards, corners)
        }
        #expect(!cards.isEmpty)
        // The page's corners and its margin: no card, no shape, alpha 0.
        for (x, y) in [(1, 1), (image.width - 2, 1), (1, image.height - 2), (image.width - 2, image.height - 2), (4, image.height / 2)] {
            #expect(image.pixel(x, y).a == 0, "\(c): (\(x), \(y)) is \(image.pixel(x, y))")
        }
        // Every pixel is clear or holds a straight color (no premultiplied darkening left: a
        // half-covered white-card edge pixel stays white, not grey).
        var clear = 0
        for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] == 0 { clear += 1 }
        #expect(clear > image.width * 2)
        if c.background == .transparent {
            // Inside a chart's frame (on its card, clear of its corners) everything is opaque.
            for r in cards {
                let p = image.pixel(Int(r.minX + 30), Int(r.minY + 30))   // past a card's 24 pt corner
                #expect(p.a == 255, "\(c): the card at \(r) is \(p)")
            }
            // The cards' anti-aliased corners are the card's color at partial alpha: straight,
            // not darkened toward black as premultiplied pixels would be.
            let card = Palette.of(c.theme).cardBackground
            let want = [card.r, card.g, card.b].map { Int(($0 * 255).rounded()) }
            var edges = 0, wrong: [String] = []
            for r in corners {
                for y in Int(r.minY)..<Int(r.maxY) {
                    for x in Int(r.minX)..<Int(r.maxX) {
                        let p = image.pixel(x, y)
                        guard p.a >= 24 && p.a < 255 else { continue }
                        edges += 1
                        let got = [Int(p.r), Int(p.g), Int(p.b)]
                        if zip(got, want).contains(where: { abs($0 - $1) > 6 }) { wrong.append("(\(x), \(y)) \(p)") }
                    }
                }
            }
            #expect(edges > 20, "\(c): only \(edges) partly covered corner pixels")
            #expect(wrong.isEmpty, "\(c): corner pixels not of the card's color: \(wrong.prefix(4))")
        } else {
            #expect(corners.isEmpty, "\(c): no cards are drawn, yet \(corners.count) card corners were")
        }
    }

    /// A recording redraws only what changed, starting from the backdrop under the box: on a
    /// transparent page that backdrop is clear (drawn without blending), not the page color.
    @Test("Partial redraws of a transparent page give the same pixels as whole frames", arguments: [PageBackground.transparent, .none])
    func partialRedraws(_ background: PageBackground) throws {
        // With no cards the turning beam's box lies on the clear page itself.
        let request = FrameRequest(size: Size(320, 360), theme: .light, background: background)
        let times = (0..<6).map { 1.0 + Double($0) / 20 }
        try GLTestContext.with { h in
            let scene = h.scene(for: Demo.scan.page, formatting: Formatting(localeIdentifier: "en_US"))
            var whole: [RGBAImage] = [], partial: [RGBAImage] = []
            try h.renderFrames(of: scene, request, times: times, redraw: .whole) { _, image in whole.append(image) }
            try h.renderFrames(of: scene, request, times: times, redraw: .partial) { _, image in partial.append(image) }
            for i in times.indices {
                #expect(whole[i].pixels == partial[i].pixels, "frame \(i) differs when partially redrawn")
                #expect(!whole[i].isOpaque)
            }
        }
    }
}
