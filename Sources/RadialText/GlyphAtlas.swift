import Foundation

/// Identifies one rasterized glyph: which face, which glyph, at which pixel size.
struct GlyphAtlasKey: Hashable {
    /// `FontSystem`'s face id.
    var face: Int32
    /// Glyph index in that face (not a codepoint).
    var glyph: UInt32
    /// Pixel size in quarter pixels.
    var sizeQ: Int32
    /// How far the outline was turned before it was rasterized, in 1/65536 turns clockwise on
    /// the screen (0: upright, every glyph of horizontal text).
    var turn: Int32 = 0
}

/// Where a glyph's bitmap lies in the atlas, and how it sits on the pen position.
struct GlyphAtlasSlot {
    /// Top-left corner and size of the bitmap in atlas pixels. `w == 0 || h == 0` means "draws nothing".
    var x: Int32, y: Int32, w: Int32, h: Int32
    /// Bitmap offset from the pen: `left` pixels right, `top` pixels up to the bitmap's top row.
    var left: Int32, top: Int32
    /// The shelf the bitmap is on (-1: none, an empty glyph).
    var shelf: Int32 = -1
}

/// A bitmap holding the glyphs drawn lately, shelf-packed with 1 px of empty padding around each
/// glyph: single-channel 8-bit coverage (`bytesPerPixel` 1, the text atlas), or premultiplied
/// RGBA (4, the color-emoji atlas). The GL side uploads `pixels` as an R8 (or RGBA8) texture
/// (`width` × `height`, rows top to bottom, tightly packed) whenever `dirty` is set — only the
/// `dirtyRows` when its size did not change — then calls `markClean()`.
///
/// **Memory is bounded**: at most `maximum`² × `bytesPerPixel` bytes (16 MiB for the coverage
/// atlas's `maximumSize` of 4096, and the GL texture the same),
/// however many different glyphs a long stream of pages brings. It starts at 1024 × 1024; when
/// a glyph finds no room it first evicts shelves no frame has used for `idleFrames` frames
/// (least recently used first), then doubles both sides (keeping every glyph where it was),
/// and at `maximumSize` evicts any shelf the current frame has not used. Only when one frame's
/// glyphs alone overflow the largest atlas does it forget everything (`generation` goes up, as
/// it does on every eviction; the `FontSystem` then re-lays its cached lines). Glyphs used in
/// the current frame (`beginFrame()` starts one) are never evicted, so quads already made for
/// it stay valid.
package final class GlyphAtlas {
    package static let initialSize = 1024
    package static let maximumSize = 4096
    /// Frames a shelf must go unused before it is evicted rather than the atlas grown (2 s at 60 Hz).
    package static let idleFrames: UInt32 = 120
    /// Empty pixels between neighbouring glyphs and around the edge.
    static let padding = 1

    /// Bytes a pixel: 1 (coverage) or 4 (premultiplied RGBA, in that order).
    package let bytesPerPixel: Int
    /// The largest side this atlas grows to (`maximumSize` unless given).
    package let maximum: Int

    package private(set) var width: Int
    package private(set) var height: Int
    /// `width * height * bytesPerPixel` bytes, row-major, top row first.
    package private(set) var pixels: [UInt8]
    /// The rows changed since the last `markClean()` (every row after a resize or a wipe).
    package private(set) var dirtyRows: Range<Int>?
    /// Whether anything changed since the last `markClean()`.
    package var dirty: Bool { dirtyRows != nil }

    private func touch(_ rows: Range<Int>) {
        dirtyRows = dirtyRows.map { min($0.lowerBound, rows.lowerBound)..<max($0.upperBound, rows.upperBound) } ?? rows
    }
    /// Goes up each time glyphs are evicted or the atlas is wiped; cached slot indices from an
    /// older generation are void.
    package private(set) var generation = 0
    /// The current frame (`beginFrame()`), for least-recently-used eviction.
    package private(set) var frame: UInt32 = 1
    /// Glyphs evicted so far, and times the whole atlas was wiped (for tests).
    package private(set) var evictions = 0
    package private(set) var wipes = 0

    private(set) var slots: [GlyphAtlasSlot] = []
    private var keys: [GlyphAtlasKey?] = []
    private var freeSlots: [Int32] = []
    private var index: [GlyphAtlasKey: Int32] = [:]

    private struct Shelf {
        var y: Int, height: Int, x: Int
        var lastUse: UInt32
        var glyphs: [Int32] = []
        var live: Bool { height > 0 }
    }
    private var shelves: [Shelf] = []
    /// Rows no shelf holds: (first row, count), sorted, never touching each other.
    private var freeBands: [(y: Int, height: Int)] = []

    package init(size: Int = GlyphAtlas.initialSize, maximum: Int = GlyphAtlas.maximumSize, bytesPerPixel: Int = 1) {
        precondition(bytesPerPixel == 1 || bytesPerPixel == 4, "coverage or RGBA")
        self.bytesPerPixel = bytesPerPixel
        self.maximum = max(size, maximum)
        width = size
        height = size
        pixels = [UInt8](repeating: 0, count: size * size * bytesPerPixel)
        dirtyRows = 0..<size
        freeBands = [(Self.padding, size - Self.padding)]
    }

    /// The GL side calls this after uploading `pixels`.
    package func markClean() { dirtyRows = nil }

    /// Starts a frame: glyphs used from now on are kept until the next one begins.
    package func beginFrame() { frame &+= 1 }

    /// Number of glyphs (including empty ones such as spaces) the atlas knows.
    package var glyphCount: Int { index.count }

    /// Bytes the atlas holds: its pixels and its bookkeeping.
    package var retainedBytes: Int {
        pixels.capacity + slots.capacity * MemoryLayout<GlyphAtlasSlot>.stride + keys.capacity * MemoryLayout<GlyphAtlasKey?>.stride
            + index.capacity * (MemoryLayout<GlyphAtlasKey>.stride + 4) + shelves.reduce(0) { $0 + 64 + $1.glyphs.capacity * 4 }
    }

    /// The slot of a glyph already in the atlas, marking its shelf used in this frame.
    func slotIndex(for key: GlyphAtlasKey) -> Int32? {
        guard let i = index[key] else { return nil }
        use(i)
        return i
    }

    @inline(__always) func slot(_ i: Int32) -> GlyphAtlasSlot { slots[Int(i)] }

    /// Marks slot `i`'s shelf as used in this frame (cached layouts call this for every glyph they draw).
    @inline(__always) func use(_ i: Int32) {
        let s = Int(slots[Int(i)].shelf)
        if s >= 0 { shelves[s].lastUse = frame }
    }

    /// Adds a glyph bitmap (`h` rows of `w` pixels of `bytesPerPixel` bytes, `pitch` bytes apart)
    /// and returns its slot.
    func insert(
        _ key: GlyphAtlasKey, w: Int, h: Int, left: Int, top: Int,
        bitmap: UnsafePointer<UInt8>?, pitch: Int
    ) -> Int32 {
        if let existing = slotIndex(for: key) { return existing }
        var slot = GlyphAtlasSlot(x: 0, y: 0, w: 0, h: 0, left: Int32(left), top: Int32(top))
        if w > 0, h > 0, let bitmap {
            // A glyph larger than the biggest atlas can't be stored; draw nothing rather than crash.
            guard w + 2 * Self.padding <= maximum, h + 2 * Self.padding <= maximum else {
                return append(key, slot)
            }
            let (x, y, shelf) = allocate(w: w, h: h)
            slot.x = Int32(x); slot.y = Int32(y); slot.w = Int32(w); slot.h = Int32(h); slot.shelf = Int32(shelf)
            let bpp = bytesPerPixel, rowBytes = width * bpp
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<h {
                    let src = bitmap + row * pitch
                    let d = dst.baseAddress! + (y + row) * rowBytes + x * bpp
                    d.update(from: src, count: w * bpp)
                }
            }
            touch(y..<(y + h))
            let i = append(key, slot)
            shelves[shelf].glyphs.append(i)
            return i
        }
        return append(key, slot)
    }

    private func append(_ key: GlyphAtlasKey, _ slot: GlyphAtlasSlot) -> Int32 {
        let i: Int32
        if let free = freeSlots.popLast() {
            i = free; slots[Int(i)] = slot; keys[Int(i)] = key
        } else {
            i = Int32(slots.count); slots.append(slot); keys.append(key)
        }
        index[key] = i
        return i
    }

    /// Finds room for a `w` × `h` bitmap on a shelf (returned with it), evicting, growing or
    /// wiping the atlas when needed.
    private func allocate(w: Int, h: Int) -> (Int, Int, Int) {
        while true {
            if let room = room(w: w, h: h) { return room }
            if evict(idleFor: Self.idleFrames, toFit: h) { continue }
            if width < maximum { grow(); continue }
            if evict(idleFor: 1, toFit: h) { continue }
            wipe()
        }
    }

    /// Room on a shelf that is tall enough (but not wastefully so), else a new shelf in a free band.
    private func room(w: Int, h: Int) -> (Int, Int, Int)? {
        let pad = Self.padding
        var best = -1
        for (i, s) in shelves.enumerated()
        where s.live && s.height >= h && s.height <= h + h / 3 + 2 && s.x + w + pad <= width {
            if best < 0 || s.height < shelves[best].height { best = i }
        }
        if best >= 0 {
            let x = shelves[best].x
            shelves[best].x += w + pad
            shelves[best].lastUse = frame
            return (x, shelves[best].y, best)
        }
        guard pad + w + pad <= width, let b = freeBands.firstIndex(where: { $0.height >= h + pad }) else { return nil }
        let y = freeBands[b].y
        freeBands[b].y += h + pad
        freeBands[b].height -= h + pad
        if freeBands[b].height == 0 { freeBands.remove(at: b) }
        let shelf = Shelf(y: y, height: h, x: pad + w + pad, lastUse: frame)
        if let dead = shelves.firstIndex(where: { !$0.live }) { shelves[dead] = shelf; return (pad, y, dead) }
        shelves.append(shelf)
        return (pad, y, shelves.count - 1)
    }

    /// Evicts shelves unused for at least `frames` frames, least recently used first, until a
    /// free band can hold a shelf `h` tall. Returns whether any was evicted.
    private func evict(idleFor frames: UInt32, toFit h: Int) -> Bool {
        let candidates = shelves.indices.filter { shelves[$0].live && frame &- shelves[$0].lastUse >= frames }
            .sorted { shelves[$0].lastUse < shelves[$1].lastUse }
        var evicted = false
        for s in candidates {
            release(shelf: s)
            evicted = true
            if freeBands.contains(where: { $0.height >= h + Self.padding }) { break }
        }
        if evicted { generation += 1 }
        return evicted
    }

    /// Forgets shelf `s`'s glyphs, clears its rows and gives them back to the free bands.
    private func release(shelf s: Int) {
        let shelf = shelves[s]
        for i in shelf.glyphs {
            if let key = keys[Int(i)] { index[key] = nil }
            keys[Int(i)] = nil
            slots[Int(i)] = GlyphAtlasSlot(x: 0, y: 0, w: 0, h: 0, left: 0, top: 0)
            freeSlots.append(i)
            evictions += 1
        }
        let rows = shelf.y..<(shelf.y + shelf.height + Self.padding)
        pixels.withUnsafeMutableBufferPointer { p in
            (p.baseAddress! + rows.lowerBound * width * bytesPerPixel).update(repeating: 0, count: rows.count * width * bytesPerPixel)
        }
        touch(rows)
        shelves[s] = Shelf(y: 0, height: 0, x: 0, lastUse: 0)
        addFreeBand(y: rows.lowerBound, height: rows.count)
    }

    private func addFreeBand(y: Int, height h: Int) {
        var band = (y: y, height: h)
        var i = freeBands.firstIndex { $0.y > y } ?? freeBands.count
        if i > 0, freeBands[i - 1].y + freeBands[i - 1].height == band.y {
            band = (freeBands[i - 1].y, freeBands[i - 1].height + band.height)
            freeBands.remove(at: i - 1); i -= 1
        }
        if i < freeBands.count, band.y + band.height == freeBands[i].y {
            band.height += freeBands[i].height
            freeBands.remove(at: i)
        }
        freeBands.insert(band, at: i)
    }

    /// Doubles both sides, keeping every glyph at the same pixel position.
    private func grow() {
        let newWidth = width * 2, newHeight = height * 2
        let bpp = bytesPerPixel
        var grown = [UInt8](repeating: 0, count: newWidth * newHeight * bpp)
        grown.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for row in 0..<height {
                    (dst.baseAddress! + row * newWidth * bpp).update(from: src.baseAddress! + row * width * bpp, count: width * bpp)
                }
            }
        }
        pixels = grown
        addFreeBand(y: height, height: newHeight - height)
        width = newWidth
        height = newHeight
        dirtyRows = 0..<height
    }

    /// Forgets every glyph (the atlas keeps its size).
    private func wipe() {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        slots.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
        shelves.removeAll(keepingCapacity: true)
        freeBands = [(Self.padding, height - Self.padding)]
        generation += 1
        wipes += 1
        dirtyRows = 0..<height
    }
}
