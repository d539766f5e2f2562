import RadialCore

/// Glyphs of a text run in one face, as the font system shaped them for layout: what a vector
/// backend sets (the face by its file, glyph ids, unrounded positions, HarfBuzz's clusters).
public struct ShapedFaceRun: Sendable {
    public var fontFile: String
    public var faceIndex: Int
    /// The em size in pixels.
    public var pixelSize: Double
    /// Glyph ids and origins (on the baseline) in pixels.
    public var glyphs: [UInt32]
    public var positions: [Vec2]
    /// Per glyph, the UTF-8 offset in the run's text of what it sets.
    public var clusters: [Int]
    /// The UTF-8 bytes of the run's text these glyphs set.
    public var bytes: Range<Int>
}

extension FontSystem {
    /// `run` shaped as `layout(_:into:)` draws it, one entry per face its characters fall back
    /// through, positions unrounded (the GL side rounds each glyph's bitmap to whole pixels).
    public func shapedFaceRuns(_ run: TextRun) -> [ShapedFaceRun] {
        let pixelSize = run.style.size * run.scale
        guard !run.text.isEmpty, pixelSize > 0, pixelSize.isFinite, !faces.isEmpty else { return [] }
        let line = shaped(run.text, weight: run.style.weight)
        let byteCount = run.text.utf8.count
        var out: [ShapedFaceRun] = []
        var pen = 0.0
        for g in line.glyphs {
            let position = Vec2(run.origin.x + pen + Double(g.xOffset) * pixelSize, run.origin.y - Double(g.yOffset) * pixelSize)
            pen += Double(g.advance) * pixelSize
            let face = faces[Int(g.face)]
            if out.last?.fontFile != face.path || out.last?.faceIndex != face.faceIndex {
                out.append(ShapedFaceRun(fontFile: face.path, faceIndex: face.faceIndex, pixelSize: pixelSize,
                                         glyphs: [], positions: [], clusters: [], bytes: 0..<0))
            }
            out[out.count - 1].glyphs.append(g.glyph)
            out[out.count - 1].positions.append(position)
            out[out.count - 1].clusters.append(Int(g.cluster))
        }
        // Each face's byte range: from its smallest cluster to the next face's (runs are contiguous in the text).
        let starts = out.map { $0.clusters.min() ?? 0 }
        let order = starts.enumerated().sorted { $0.element < $1.element }.map(\.offset)
        for (k, i) in order.enumerated() {
            let lo = k == 0 ? 0 : starts[i]
            let hi = k + 1 < order.count ? starts[order[k + 1]] : byteCount
            out[i].bytes = lo..<max(hi, lo)
        }
        return out
    }
}
