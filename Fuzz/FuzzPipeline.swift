// libFuzzer target over Radial's whole pure pipeline. Built by `make fuzz` (scripts/fuzz) into
// one module together with RadialCore's sources, so it reaches internal API without
// `@testable`; never part of `swift build` or `make test`.
//
// The first byte of an input says what the rest is:
// - `{`, `[`, whitespace or anything not below: a chart file (JSON), decoded and validated;
// - 0x01: a table — the next byte picks the chart type, transpose, decimal mark and separator,
//   the rest is the CSV text, read by the same `CSV.page` as `radial show data.csv`;
// - 0x02: a stream — the next byte is the chunk size, the rest is newline-delimited JSON (whole
//   pages and updates) fed to `PageStream` in chunks, every version in between drawn;
// - 0x03: keys on a demo — the next byte picks the demo, each further byte is a key or a
//   pointer event (focus moves, activate, toggles, drills, up a level, hover, click), with
//   draws in between, as a window user would.
// A page that is accepted is described, laid out, drawn at several times and sizes (every frame
// must be finite), compared for damage, hit-tested, walked by keyboard, written as geometry,
// and reloaded from and to each demo. A crash, a trap or a non-finite frame is a finding:
// libFuzzer writes the input to crash-*, and tests keep it as a regression file
// (Tests/RadialCoreTests/Regressions/).
import Foundation

/// Text shaped as fixed advances per character: the fuzzer fuzzes the pipeline, not fonts.
final class FuzzShaper: TextShaping {
    let faces = [FontFaceDescriptor(path: "fuzz", index: 0)]
    func shape(_ text: String, weight: FontWeight) -> ShapedLine {
        let glyphs = text.unicodeScalars.enumerated().map { i, _ in ShapedGlyph(face: 0, glyph: 1, x: Float(0.55 * Double(i)), y: 0, cluster: UInt32(i)) }
        return ShapedLine(text: text, weight: weight, glyphs: glyphs, advance: 0.55 * Double(glyphs.count), ascent: 0.8, descent: 0.2)
    }
}

nonisolated(unsafe) let shaper = FuzzShaper()
nonisolated(unsafe) let formatting = Formatting(localeIdentifier: "en_US")
nonisolated(unsafe) let arabic = Formatting(localeIdentifier: "ar_EG")
let demoPages: [Page] = Demo.allCases.map(\.page)

func check(_ frame: Frame, _ what: @autoclosure () -> String) {
    if let bad = frame.firstNonFinite() { fatalError("non-finite value \(bad) in the frame \(what())") }
}

func draw(_ scene: PageScene, _ frame: Frame, _ request: FrameRequest, _ what: @autoclosure () -> String) {
    scene.draw(into: frame, request)
    check(frame, what())
}

func exercise(_ page: Page) {
    _ = Descriptions.describe(page, formatting: formatting)
    _ = Descriptions.describe(page, formatting: arabic)
    let scene = PageScene(page: page, measurer: shaper, formatting: formatting)
    let frame = Frame()
    // The margins the renderer uses, within a pixel (RadialGL is not part of this build).
    let damage = DamageTracker(margins: CoverageMargins(roundedRect: (1, 2.5), line: 1, sector: (1.01, 2), scan: (1.01, 2), meshExtrusionPad: 0.5))
    let sizes = [(Size(800, 800), 1.0), (Size(16, 16), 1.0), (Size(1280, 720), 2.0), (Size(8192, 16), 0.5)]
    let settle = scene.settleTime(reduceMotion: false)
    let times = [0, 1e-9, 0.4, 1.7, 86_400, settle.isFinite ? min(settle, 86_400) : 3]
    for (n, (size, scale)) in sizes.enumerated() {
        for t in times {
            var request = FrameRequest(size: size, scale: scale, time: t, theme: t == 1.7 ? .dark : .light)
            request.textSize = TextSize.allCases[(n * 3 + Int(t.truncatingRemainder(dividingBy: 7))) % TextSize.allCases.count]
            draw(scene, frame, request, "at \(t), \(size) × \(scale)")
            let boxes = frame.texts.map { PixelBox(minX: $0.origin.x, minY: $0.origin.y - 20, maxX: $0.origin.x + 200, maxY: $0.origin.y + 20, margin: 1) }
            _ = damage.update(frame, textBoxes: boxes)
            _ = damage.region(bufferAge: 2)
        }
        var still = FrameRequest(size: size, scale: scale, time: 5, theme: .highContrast, reduceMotion: true)
        draw(scene, frame, still, "reduced motion, \(size)")
        still.reduceMotion = false
        let moment = still.moment
        for p in [Vec2(size.width / 2, size.height / 2), Vec2(1, 1), Vec2(size.width * 0.3, size.height * 0.6)] {
            _ = scene.setPointer(p, moment: moment)
            if scene.element(at: p, moment: moment) != nil { _ = scene.click(p, moment: moment) }
            draw(scene, frame, still, "with the pointer at \(p)")
        }
        _ = scene.setPointer(nil)
        // Keyboard focus through every element, acting on each (toggles, replays, drills).
        var steps = 0
        while steps < 64, let ref = scene.moveFocus(steps % 9 == 0 ? .nextChart : .nextElement, moment: moment) {
            _ = scene.activate(ref, moment: Moment(time: 5 + Double(steps) * 0.1, reduceMotion: false))
            steps += 1
            if steps % 8 == 0 {
                still.time = 5 + Double(steps) * 0.1
                draw(scene, frame, still, "after acting on \(ref)")
            }
        }
        _ = scene.goUp(moment: moment)
        _ = scene.elements(moment: moment).map(\.value)
        _ = scene.geometry(still).serialized()
    }
    // Reload: from each demo to this page and back, mid-animation.
    let request = FrameRequest(size: Size(800, 800), time: 1.5)
    for demo in demoPages {
        let from = PageScene(page: demo, measurer: shaper, formatting: formatting)
        let to = PageScene(page: page, measurer: shaper, formatting: formatting, continuing: from, at: 1.2)
        draw(to, frame, request, "reloaded from a demo")
        let back = PageScene(page: demo, measurer: shaper, formatting: formatting, continuing: to, at: 1.6)
        draw(back, frame, FrameRequest(size: Size(800, 800), time: 2), "reloaded to a demo")
    }
    // And onto itself (the file saved again).
    let again = PageScene(page: page, measurer: shaper, formatting: formatting, continuing: scene, at: 3)
    draw(again, frame, FrameRequest(size: Size(800, 800), time: 3.3), "reloaded onto itself")
}

/// A table: byte 0 picks type, transpose, decimal mark and separator.
func table(_ bytes: ArraySlice<UInt8>) {
    guard let b = bytes.first else { return }
    let types = CSV.Options.ChartType.allCases
    let type = types[Int(b) % types.count]
    let decimals: [Character?] = [nil, ".", ","]
    let delimiters: [Character?] = [nil, ",", ";", "\t"]
    var options = CSV.Options(type: type, title: b & 0x80 != 0 ? "Fuzz" : nil, transpose: b & 0x40 != 0,
                              decimal: decimals[Int(b >> 3) % 3], delimiter: delimiters[Int(b >> 5) % 4], locale: b & 0x10 != 0 ? "de_DE" : "en_US")
    if type == .radar, b & 0x20 != 0 { options.maximum = 10; options.minimum = 1 }
    if type == .sunburst, b & 0x08 != 0 { options.levels = ["a", "b"] }
    let path = b & 0x04 != 0 ? "fuzz.tsv" : "fuzz.csv"
    do { exercise(try CSV.page(Array(bytes.dropFirst()), path: path, options: options, environment: ["LANG": "de_DE.UTF-8"])) } catch {
        _ = error.lines
    }
}

/// A stream fed in chunks of byte 0's size (1...256); every new version is drawn on the scene
/// reloaded from the one before, as the window does.
func stream(_ bytes: ArraySlice<UInt8>) {
    guard let b = bytes.first else { return }
    let chunk = Int(b) + 1
    var s = PageStream()
    var version = 0
    var scene: PageScene?
    let frame = Frame()
    var rest = bytes.dropFirst()
    var time = 0.0
    while !rest.isEmpty {
        s.feed(rest.prefix(chunk))
        rest = rest.dropFirst(chunk)
        time += 0.3
        if s.version != version, let page = s.page {
            version = s.version
            let next = PageScene(page: page, measurer: shaper, formatting: formatting, continuing: scene, at: time)
            draw(next, frame, FrameRequest(size: Size(640, 480), time: time + 0.1), "stream version \(version)")
            scene = next
        }
        if s.retainedBytes > 2 * PageStream.maxLineBytes + 1 << 20 { fatalError("a stream holds \(s.retainedBytes) bytes") }
    }
    s.feed([UInt8(ascii: "\n")])
    _ = s.problems
    if let page = s.page, s.version != version { exercise(page) }
}

/// Keys and pointer events on a demo (byte 0 picks it), drawn every few events.
func keys(_ bytes: ArraySlice<UInt8>) {
    guard let b = bytes.first else { return }
    let page = demoPages[Int(b) % demoPages.count]
    let scene = PageScene(page: page, measurer: shaper, formatting: formatting, controls: b & 0x80 != 0)
    let frame = Frame()
    let size = Size(Double(200 + Int(b & 0x70) * 8), 700)
    var time = 0.0
    for (n, k) in bytes.dropFirst().prefix(4096).enumerated() {
        time += Double(k & 0x7) * 0.07
        let moment = Moment(time: time, reduceMotion: k & 0x80 != 0 && n % 5 == 0)
        switch k % 12 {
        case 0: _ = scene.moveFocus(.nextElement, moment: moment)
        case 1: _ = scene.moveFocus(.previousElement, moment: moment)
        case 2: _ = scene.moveFocus(.nextChart, moment: moment)
        case 3: _ = scene.moveFocus(.previousChart, moment: moment)
        case 4: if let f = scene.focused { _ = scene.activate(f, moment: moment) }
        case 5: if let f = scene.focused { _ = scene.perform(.toggle, on: f, moment: moment) }
        case 6: if let f = scene.focused { _ = scene.perform(.drill, on: f, moment: moment) }
        case 7: _ = scene.goUp(moment: moment)
        case 8, 9:
            let p = Vec2(Double(k) / 255 * size.width, Double(n % 37) / 36 * size.height)
            _ = k % 12 == 8 ? scene.setPointer(p, moment: moment) : (scene.click(p, moment: moment) != nil)
        case 10: scene.setFocus(nil)
        default: _ = scene.setPointer(nil, moment: moment)
        }
        if n % 4 == 3 { draw(scene, frame, FrameRequest(size: size, time: time, theme: k & 0x40 != 0 ? .dark : .light), "after key \(n)") }
    }
    _ = scene.elements(moment: Moment(time: time, reduceMotion: false)).map(\.value)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch bytes.first {
    case 0x01?: table(bytes.dropFirst())
    case 0x02?: stream(bytes.dropFirst())
    case 0x03?: keys(bytes.dropFirst())
    default:
        do { exercise(try Spec.decode(bytes)) } catch {
            _ = error.description   // the message is part of the pipeline too
        }
    }
    return 0
}
