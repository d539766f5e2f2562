import Foundation
import Testing
import RadialCore
import RadialRender
import RadialTestSupport

/// A scan's still is the page's picture, not one frame: every contact is in it (#32: "a scan
/// still shows 3 of its 10 contacts").
@Suite("A scan's still")
struct ScanStillTests {
    /// Ten contacts around the whole circle, a turn of 8 s and a fade of 1.5 s: one frame lights
    /// the few the beam passed in the last 1.5 s.
    static let page = Page(charts: [.scan(ScanChart(title: "Ten contacts", duration: 8, blips: (0..<10).map {
        Blip(angle: Double($0) * 36 + 5, distance: 0.3 + 0.06 * Double($0), label: "Contact \($0 + 1)")
    }, fade: 1.5))])

    static func blips(_ g: PageGeometry) throws -> [(label: String, intensity: Double)] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(g.json().utf8)) as? [String: Any])
        let chart = try #require((json["charts"] as? [[String: Any]])?.first)
        return try #require(chart["blips"] as? [[String: Any]]).map { ($0["label"] as? String ?? "", $0["intensity"] as? Double ?? -1) }
    }

    @Test("without a time every contact is drawn and named; at the same time as a frame only the lit ones are")
    func everyContact() throws {
        let options = PictureOptions(size: Size(width: 520, height: 520))
        let still = try Self.page.geometry(at: nil, options)
        let frame = try Self.page.geometry(at: still.time, options)
        #expect(still.time == frame.time)
        let stillBlips = try Self.blips(still), frameBlips = try Self.blips(frame)
        #expect(stillBlips.count == 10)
        #expect(stillBlips.allSatisfy { $0.intensity >= 0.45 }, "\(stillBlips)")
        // The frame lights at most a fifth of them (1.5 s of an 8 s turn); the still keeps their brightness.
        #expect(frameBlips.filter { $0.intensity > 0 }.count <= 3, "\(frameBlips)")
        for (s, f) in zip(stillBlips, frameBlips) { #expect(s.intensity >= f.intensity - 1e-9, "\(s.label)") }
        // Every contact's name is written in the still.
        let names = Set(still.texts.filter { $0.role == "contact" }.map(\.text))
        #expect(names == Set((1...10).map { "Contact \($0)" }), "\(names)")
        // …and readable: at full opacity, however dim its dot.
        #expect(still.texts.filter { $0.role == "contact" }.allSatisfy { $0.opacity == 1 })
        #expect(Set(frame.texts.filter { $0.role == "contact" }.map(\.text)).count <= 3)
    }

    @Test("every contact's name in the still is dark enough to read, however dim its dot (light theme)")
    func namesReadable() throws {
        let options = PictureOptions(size: Size(width: 520, height: 520))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("radial-scan-still-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.page.png(at: nil, options).write(to: URL(fileURLWithPath: path))
        let image = try PNGFile.read(path)
        let names = try Self.page.geometry(at: nil, options).texts.filter { $0.role == "contact" }
        #expect(names.count == 10)
        for t in names {
            var darkest = 255
            for y in Int(t.box.minY)..<Int(t.box.maxY) { for x in Int(t.box.minX)..<Int(t.box.maxX) {
                let p = image.pixel(x, y)
                darkest = min(darkest, (Int(p.r) + Int(p.g) + Int(p.b)) / 3)
            } }
            // Black text at full opacity reaches under 60 in its stems; at the afterglow's 45 % it stays over 130.
            #expect(darkest < 90, "\(t.text): darkest \(darkest)")
        }
    }

    @Test("a contact's long name goes above or below its dot, whole, when neither side has room (scan-long-labels at 520×520)")
    func namesAboveAndBelow() throws {
        let page = try Page(contentsOf: LibraryExampleTests.root.appendingPathComponent("Tests/Corpus/scan-long-labels.json"))
        let g = try page.geometry(at: nil, PictureOptions(size: Size(width: 520, height: 520)))
        let names = g.texts.filter { $0.role == "contact" }
        #expect(names.count == 6)
        // "Headphones in the living room" at 20°, 0.8 out: too wide for its right and its left
        // has Laptop's dot; above it is whole.
        #expect(names.allSatisfy { !$0.shortened }, "\(names.filter(\.shortened).map(\.text))")
        for (i, a) in names.enumerated() { for b in names[(i + 1)...] { #expect(a.box.maxX <= b.box.minX || b.box.maxX <= a.box.minX || a.box.maxY <= b.box.minY || b.box.maxY <= a.box.minY, "\(a.text) on \(b.text)") } }
    }
}
