import RadialCore
import RadialGL
import RadialVector

/// The vector backends' glyphs from the font system that measured the text for layout: the same
/// faces, glyph ids and positions the GL renderer draws.
public final class FontGlyphSource: GlyphRunSource {
    public let fonts: FontSystem
    public init(fonts: FontSystem) { self.fonts = fonts }

    public func glyphRuns(for run: TextRun, into runs: inout [GlyphRun]) {
        let utf8 = Array(run.text.utf8)
        for r in fonts.shapedFaceRuns(run) where !r.glyphs.isEmpty {
            let (clusters, backward) = GlyphRun.clusters(r.clusters, bytes: r.bytes)
            let text = String(decoding: utf8[r.bytes], as: UTF8.self)
            runs.append(GlyphRun(face: FontFaceRef(path: r.fontFile, index: r.faceIndex), pixelSize: r.pixelSize,
                                 glyphs: zip(r.glyphs, r.positions).map { GlyphRun.Glyph(id: $0, position: $1) },
                                 text: text, clusters: clusters, backward: backward, color: run.color))
        }
    }
}
