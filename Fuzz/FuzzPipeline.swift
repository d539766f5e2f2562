// libFuzzer target over Radial's whole pure pipeline. Built by `make fuzz` (scripts/fuzz) into
// one module together with RadialCore's sources, so it reaches internal API without
// `@testable`; never part of `swift build` or `make test`.
//
// Every input is decoded and validated; a page that is accepted is described, laid out, drawn at
// several times and sizes (every frame must be finite), compared for damage, hit-tested,
// written as geometry, and reloaded from and to each demo. A crash, a trap or a non-finite frame
// is a finding: libFuzzer writes the input to crash-*, and tests keep it as a regression file
// (Tests/RadialCoreTests/Regressions/).
import Foundation

/// Text measured as fixed advances per character: the fuzzer fuzzes the pipeline, not fonts.
final class FuzzMeasurer: TextMeasuring {
    func measure(_ text: String, style: TextStyle) -> TextMetrics {
        TextMetrics(width: 0.55 * style.size * Double(text.unicodeScalars.count), ascent: 0.8 * style.size, descent: 0.2 * style.size)
    }
}

nonisolated(unsafe) let measurer = FuzzMeasurer()
nonisolated(unsafe) let formatting = Formatting(localeIdentifier: "en_US")
let demoScenes: [Page] = Demo.allCases.map(\.page)

func check(_ frame: Frame, _ what: @autoclosure () -> String) {
    if let bad = frame.firstNonFinite() { fatalError("non-finite value \(bad) in the frame \(what())") }
}

func exercise(_ page: Page) {
    _ = Descriptions.describe(page, formatting: formatting)
    let scene = PageScene(page: page, measurer: measurer, formatting: formatting)
    let frame = Frame()
    // The margins the renderer uses, within a pixel (RadialGL is not part of this build).
    let damage = DamageTracker(margins: CoverageMargins(roundedRect: (1, 2.5), line: 1, sector: (1.01, 2), scan: (1.01, 2), meshExtrusionPad: 0.5))
    let sizes = [(Size(800, 800), 1.0), (Size(16, 16), 1.0), (Size(1280, 720), 2.0), (Size(8192, 16), 0.5)]
    let settle = scene.settleTime(reduceMotion: false)
    let times = [0, 1e-9, 0.4, 1.7, 5, 86_400, settle.isFinite ? min(settle, 86_400) : 3]
    for (size, scale) in sizes {
        for t in times {
            for reduceMotion in [false, true] where !reduceMotion || t == 5 {
                scene.draw(into: frame, size: size, scale: scale, time: t, theme: t == 5 ? .dark : .light, reduceMotion: reduceMotion)
                check(frame, "at \(t), \(size) × \(scale)")
                let boxes = frame.texts.map { PixelBox(minX: $0.origin.x, minY: $0.origin.y - 20, maxX: $0.origin.x + 200, maxY: $0.origin.y + 20, margin: 1) }
                damage.update(frame, textBoxes: boxes)
                _ = damage.region(bufferAge: 2)
            }
        }
        for p in [Vec2(size.width / 2, size.height / 2), Vec2(1, 1), Vec2(size.width * 0.3, size.height * 0.6)] {
            _ = scene.setPointer(p, time: 5)
            if let ref = scene.element(at: p, time: 5, reduceMotion: false) { _ = scene.click(p, time: 5, reduceMotion: false); _ = ref }
            scene.draw(into: frame, size: size, scale: scale, time: 5, theme: .light, reduceMotion: false)
            check(frame, "with the pointer at \(p)")
        }
        _ = scene.setPointer(nil)
        // Keyboard focus through every element, acting on each (toggles, replays), drawn as it goes.
        var steps = 0
        while steps < 64, let ref = scene.moveFocus(steps % 9 == 0 ? .nextChart : .nextElement, time: 5, reduceMotion: false) {
            _ = scene.activate(ref, time: 5 + Double(steps) * 0.1, reduceMotion: false)
            steps += 1
            if steps % 8 == 0 {
                scene.draw(into: frame, size: size, scale: scale, time: 5 + Double(steps) * 0.1, theme: .light, reduceMotion: false)
                check(frame, "after acting on \(ref)")
            }
        }
        _ = scene.elements(time: 5, reduceMotion: false).map(\.value)
        _ = scene.geometry(size: size, scale: scale, time: 5, theme: .light, reduceMotion: false).serialized()
    }
    // Reload: from each demo to this page and back, mid-animation.
    for demo in demoScenes {
        let from = PageScene(page: demo, measurer: measurer, formatting: formatting)
        let to = PageScene(page: page, measurer: measurer, formatting: formatting, continuing: from, at: 1.2)
        to.draw(into: frame, size: Size(800, 800), scale: 1, time: 1.5, theme: .light, reduceMotion: false)
        check(frame, "reloaded from a demo")
        let back = PageScene(page: demo, measurer: measurer, formatting: formatting, continuing: to, at: 1.6)
        back.draw(into: frame, size: Size(800, 800), scale: 1, time: 2, theme: .light, reduceMotion: false)
        check(frame, "reloaded to a demo")
    }
    // And onto itself (the file saved again).
    let again = PageScene(page: page, measurer: measurer, formatting: formatting, continuing: scene, at: 3)
    again.draw(into: frame, size: Size(800, 800), scale: 1, time: 3.3, theme: .light, reduceMotion: false)
    check(frame, "reloaded onto itself")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        exercise(try Spec.decode(bytes))
    } catch {
        _ = error.description   // the message is part of the pipeline too
    }
    return 0
}
