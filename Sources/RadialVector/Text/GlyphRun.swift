import RadialCore

/// Shaped glyphs of one text run in one face and one direction, positioned in output pixels: what
/// the vector backends draw for a frame's `TextRun`, with the cluster map from glyphs back to the
/// text so a PDF keeps the text itself (copyable, searchable) and not only its shapes.
package struct GlyphRun: Sendable {
    package struct Glyph: Sendable, Equatable {
        package var id: UInt32
        /// The glyph's origin on the baseline, in pixels.
        package var position: Vec2
        package init(id: UInt32, position: Vec2) { self.id = id; self.position = position }
    }
    /// `bytes` of the UTF-8 text map to `glyphs` glyphs, in order (HarfBuzz's clusters).
    package struct Cluster: Sendable, Equatable {
        package var bytes: Int, glyphs: Int
        package init(bytes: Int, glyphs: Int) { self.bytes = bytes; self.glyphs = glyphs }
    }
    package var face: FontFaceDescriptor
    /// The em size in pixels.
    package var pixelSize: Double
    package var glyphs: [Glyph]
    /// The part of the run's text these glyphs set.
    package var text: String
    package var clusters: [Cluster]
    /// Clusters in text order map to the glyphs from the last one back (right-to-left text).
    package var backward: Bool
    /// Straight alpha.
    package var color: RGBA
    /// How far the glyphs, placed as upright, are turned about `pivot`: radians clockwise on
    /// the screen (0: upright text, no transform).
    package var angle: Double
    /// The point they turn about, in pixels (the text run's origin).
    package var pivot: Vec2

    package init(face: FontFaceDescriptor, pixelSize: Double, glyphs: [Glyph], text: String, clusters: [Cluster], backward: Bool = false, color: RGBA,
                 angle: Double = 0, pivot: Vec2 = .zero) {
        self.face = face; self.pixelSize = pixelSize; self.glyphs = glyphs; self.text = text; self.clusters = clusters
        self.backward = backward; self.color = color; self.angle = angle; self.pivot = pivot
    }

    /// A frame's text run as glyph runs: split where the face changes or the glyphs turn
    /// direction (a right-to-left word in a left-to-right line), each with the bytes of the text
    /// its glyphs set and their cluster map. Glyph origins as the GL renderer takes them (pen
    /// position plus offset, unrounded), upright: a turned run's `angle` turns them about its origin.
    package static func runs(of run: TextRun, faces: [FontFaceDescriptor]) -> [GlyphRun] {
        let line = run.line, px = run.pixelSize
        guard !line.glyphs.isEmpty, px > 0, px.isFinite else { return [] }
        let utf8 = Array(line.text.utf8)
        // Where each cluster ends: at the next cluster of the line (in text order), or the text's end.
        let starts = Array(Set(line.glyphs.map { Int($0.cluster) })).sorted()
        func end(of c: Int) -> Int {
            var lo = 0, hi = starts.count
            while lo < hi { let m = (lo + hi) / 2; if starts[m] <= c { lo = m + 1 } else { hi = m } }
            return lo < starts.count ? starts[lo] : utf8.count
        }
        // Pieces of glyphs in one face, each running one way through the text: the shaper's
        // own runs where it says where they start (a number in right-to-left text is one, even
        // when its first digit's cluster happens to continue the words' descending order), else
        // wherever the face or the clusters' direction changes.
        var pieces: [Range<Int>] = []
        var first = 0, direction = 0
        let runStarts = Set(line.runStarts)
        for i in 1..<line.glyphs.count {
            let g = line.glyphs[i], p = line.glyphs[i - 1]
            var split = g.face != p.face || runStarts.contains(i)
            if !split && runStarts.isEmpty {
                let d = g.cluster > p.cluster ? 1 : (g.cluster < p.cluster ? -1 : 0)
                if d != 0 { if direction == 0 { direction = d } else if d != direction { split = true } }
            }
            if split { pieces.append(first..<i); first = i; direction = 0 }
        }
        pieces.append(first..<line.glyphs.count)
        var out: [GlyphRun] = []
        for piece in pieces {
            let glyphs = line.glyphs[piece]
            let f = Int(glyphs.first!.face)
            guard f >= 0, f < faces.count else { continue }
            let clusters = glyphs.map { Int($0.cluster) }
            let lo = min(clusters.min()!, utf8.count), hi = min(max(end(of: clusters.max()!), lo), utf8.count)
            let bytes = lo..<hi
            let (map, backward) = Self.clusters(clusters, bytes: bytes)
            let glyphRun = GlyphRun(
                face: faces[f], pixelSize: px,
                glyphs: glyphs.map { Glyph(id: $0.glyph, position: Vec2(run.origin.x + Double($0.x) * px, run.origin.y - Double($0.y) * px)) },
                text: String(decoding: utf8[bytes], as: UTF8.self), clusters: map, backward: backward, color: run.color,
                angle: run.angle, pivot: run.origin)
            out.append(glyphRun)
        }
        return out
    }

    /// The run with what a vector file cannot carry left out of its text (`CarriableText`: the
    /// noncharacters), each cluster keeping its glyphs and losing those bytes; itself when there
    /// is nothing to leave out.
    public func carriable() -> GlyphRun {
        guard !text.unicodeScalars.allSatisfy(CarriableText.carries) else { return self }
        return leaving { _, s in !CarriableText.carries(s) }
    }

    /// The run with the scalars `drop` picks (by index in `text` and value) left out of its
    /// text, each cluster keeping its glyphs and losing those bytes.
    func leaving(out drop: (Int, Unicode.Scalar) -> Bool) -> GlyphRun {
        var kept = String.UnicodeScalarView()
        var map: [Cluster] = []
        var scalars = text.unicodeScalars.enumerated().makeIterator()
        var pending: (offset: Int, element: Unicode.Scalar)?
        for c in clusters {
            var bytes = 0, taken = 0
            while taken < c.bytes, let (i, s) = pending ?? scalars.next() {
                pending = nil
                let width = UTF8.width(s)
                guard taken + width <= c.bytes else { pending = (i, s); break }
                taken += width
                if !drop(i, s) { kept.append(s); bytes += width }
            }
            if bytes > 0 || c.glyphs > 0 { map.append(Cluster(bytes: bytes, glyphs: c.glyphs)) }
        }
        var out = self
        out.text = String(kept)
        out.clusters = map
        return out
    }

    /// The cluster map for glyphs whose HarfBuzz clusters (UTF-8 offsets in the whole text) are
    /// `glyphClusters`, setting the bytes `bytes` of it: in text order, each distinct offset up
    /// to the next; backward when the glyphs run right to left. Glyphs in no order get one
    /// cluster for the whole run.
    package static func clusters(_ glyphClusters: [Int], bytes: Range<Int>) -> (clusters: [Cluster], backward: Bool) {
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
