import Foundation
@testable import RadialCore
import RadialTestSupport

/// A deterministic shaper for layout arithmetic: every character is one glyph 0.55 em wide, the
/// line box is 0.8 em above the baseline and 0.2 em below it. (Real shaping is tested against
/// FreeType and HarfBuzz in RadialRenderTests.)
final class TestMeasurer: TextShaping, @unchecked Sendable {
    init() {}
    let faces = [FontFaceDescriptor(path: "test", index: 0)]
    func shape(_ text: String, weight: FontWeight) -> ShapedLine {
        let glyphs = text.enumerated().map { i, _ in ShapedGlyph(face: 0, glyph: 1, x: Float(0.55 * Double(i)), y: 0, cluster: UInt32(i)) }
        return ShapedLine(text: text, weight: weight, glyphs: glyphs, advance: 0.55 * Double(text.count), ascent: 0.8, descent: 0.2)
    }
}

/// US English formatting, the locale the expected strings are written in.
let enUS = Formatting(localeIdentifier: "en_US")

/// A page's scene with the test measurer, and its light frame at `time`, unscaled.
func drawn(_ page: Page, size: Size, at time: Double) -> (PageScene, Frame) {
    let scene = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
    let frame = Frame()
    scene.draw(into: frame, FrameRequest(size: size, scale: 1, time: time, theme: .light, reduceMotion: false))
    return (scene, frame)
}

/// `|a − b| ≤ tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func close(_ a: Vec2, _ b: Vec2, _ tolerance: Double = 1e-9) -> Bool { close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) }

/// Everything a frame holds, as text, to compare two frames.
func dump(_ frame: Frame) -> String {
    let meshes = frame.commands.compactMap { c -> String? in
        guard case .mesh(let m) = c else { return nil }
        let style: String
        switch m.style {
        case .roles(let colors, let fill, let stroke, let grid, let gridHW): style = "radar \(colors.colors) \(fill) \(stroke) \(grid) \(gridHW)"
        }
        return "mesh \(m.mesh.id) v\(m.mesh.version) \(m.indexRange) \(m.center) \(m.pointScale) \(m.growth) \(style)"
    }
    // A layer by its version and rectangles (its id is new in each scene).
    let layers = frame.commands.compactMap { c -> String? in
        guard case .layer(let l) = c else { return nil }
        return "layer v\(l.version) \(l.rects)"
    }
    return """
    \(frame.width)x\(frame.height) \(frame.background)
    commands: \(frame.commands.count)
    \(meshes)
    \(layers)
    \(frame.roundedRects)
    \(frame.lines)
    \(frame.sectors)
    \(frame.scans)
    \(frame.texts)
    """
}

/// The mesh draws of a frame, in order.
func meshDraws(_ frame: Frame) -> [MeshDraw] {
    frame.commands.compactMap { if case .mesh(let m) = $0 { return m }; return nil }
}

extension CoverageMargins {
    /// The renderer's margins as of this writing (RadialGL's batches own the real ones).
    static let test = CoverageMargins(roundedRect: (1, 2.5), line: 1, sector: (1.01, 2), scan: (1.01, 2), meshExtrusionPad: 0.5)
}

/// The repository's examples/ folder.
let examples = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples")

/// A file of examples/, decoded.
func example(_ name: String) throws -> Page {
    let data = try Data(contentsOf: examples.appendingPathComponent(name))
    return try Spec.decode([UInt8](data))
}
