import RadialCore

/// A font file and the face in it (a collection holds several).
public struct FontFaceRef: Hashable, Sendable {
    public var path: String
    public var index: Int
    public init(path: String, index: Int) { self.path = path; self.index = index }
}

/// Shaped glyphs of one text run set in one face, positioned in output pixels: what the vector
/// backends draw for a `TextRun`, with the cluster map from glyphs back to the text so a PDF
/// keeps the text itself (copyable, searchable) and not only its shapes.
public struct GlyphRun: Sendable {
    public struct Glyph: Sendable, Equatable {
        public var id: UInt32
        /// The glyph's origin on the baseline, in pixels.
        public var position: Vec2
        public init(id: UInt32, position: Vec2) { self.id = id; self.position = position }
    }
    /// `bytes` of the UTF-8 text map to `glyphs` glyphs, in order (HarfBuzz's clusters).
    public struct Cluster: Sendable, Equatable {
        public var bytes: Int, glyphs: Int
        public init(bytes: Int, glyphs: Int) { self.bytes = bytes; self.glyphs = glyphs }
    }
    public var face: FontFaceRef
    /// The em size in pixels.
    public var pixelSize: Double
    public var glyphs: [Glyph]
    /// The part of the run's text these glyphs set.
    public var text: String
    public var clusters: [Cluster]
    /// Clusters in text order map to the glyphs from the last one back (right-to-left text).
    public var backward: Bool
    /// Straight alpha.
    public var color: RGBA

    public init(face: FontFaceRef, pixelSize: Double, glyphs: [Glyph], text: String, clusters: [Cluster], backward: Bool = false, color: RGBA) {
        self.face = face; self.pixelSize = pixelSize; self.glyphs = glyphs; self.text = text; self.clusters = clusters
        self.backward = backward; self.color = color
    }

    /// The cluster map for glyphs whose HarfBuzz clusters (UTF-8 offsets in the whole text) are
    /// `glyphClusters`, setting the bytes `bytes` of it: in text order, each distinct offset up
    /// to the next; backward when the glyphs run right to left. Glyphs in no order (which
    /// HarfBuzz does not make) get one cluster for the whole run.
    public static func clusters(_ glyphClusters: [Int], bytes: Range<Int>) -> (clusters: [Cluster], backward: Bool) {
        guard !glyphClusters.isEmpty, !bytes.isEmpty else { return ([], false) }
        let forward = zip(glyphClusters, glyphClusters.dropFirst()).allSatisfy { $0 <= $1 }
        let backward = !forward && zip(glyphClusters, glyphClusters.dropFirst()).allSatisfy { $0 >= $1 }
        guard forward || backward else { return ([Cluster(bytes: bytes.count, glyphs: glyphClusters.count)], false) }
        let logical = forward ? glyphClusters : glyphClusters.reversed()
        var values: [(offset: Int, glyphs: Int)] = []
        for c in logical {
            let v = min(max(c, bytes.lowerBound), bytes.upperBound - 1)
            if let last = values.last, last.offset == v { values[values.count - 1].glyphs += 1 } else { values.append((v, 1)) }
        }
        // Bytes before the first glyph's cluster belong to it.
        values[0].offset = bytes.lowerBound
        var out: [Cluster] = []
        for (i, v) in values.enumerated() {
            let end = i + 1 < values.count ? values[i + 1].offset : bytes.upperBound
            out.append(Cluster(bytes: end - v.offset, glyphs: v.glyphs))
        }
        return (out, backward)
    }
}

/// Turns a frame's text runs into shaped glyphs (the font system that measured them for layout
/// does it, so the vector backends set exactly the glyphs the GL renderer draws).
public protocol GlyphRunSource: AnyObject {
    /// The glyphs of `run`, one `GlyphRun` per face it falls back through, appended to `into`.
    func glyphRuns(for run: TextRun, into runs: inout [GlyphRun])
}
