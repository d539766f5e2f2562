import Foundation

/// Identifies one rasterized glyph: which face, which glyph, at which pixel size.
struct GlyphAtlasKey: Hashable {
    /// `FontSystem`'s face id.
    var face: Int32
    /// Glyph index in that face (not a codepoint).
    var glyph: UInt32
    /// Pixel size in quarter pixels.
    var sizeQ: Int32
}

/// Where a glyph's bitmap lies in the atlas, and how it sits on the pen position.
struct GlyphAtlasSlot {
    /// Top-left corner and size of the bitmap in atlas pixels. `w == 0 || h == 0` means "draws nothing".
    var x: Int32, y: Int32, w: Int32, h: Int32
    /// Bitmap offset from the pen: `left` pixels right, `top` pixels up to the bitmap's top row.
    var left: Int32, top: Int32
}

/// A single-channel 8-bit coverage bitmap holding every glyph drawn so far, shelf-packed with
/// 1 px of empty padding around each glyph. The GL side uploads `pixels` as an R8 texture
/// (`width` × `height`, rows top to bottom, tightly packed) whenever `dirty` is set — only the
/// `dirtyRows` when its size did not change — then calls `markClean()`.
///
/// It starts at 1024 × 1024 and, when full, doubles both sides (2048, then 4096) keeping every
/// glyph where it was, so pixel positions stay valid and only the UVs change. When even
/// 4096 × 4096 is full it forgets every glyph and starts over (`generation` goes up); the
/// `FontSystem` notices and re-lays its cached lines.
public final class GlyphAtlas {
    public static let initialSize = 1024
    public static let maximumSize = 4096
    /// Empty pixels between neighbouring glyphs and around the edge.
    static let padding = 1

    public private(set) var width: Int
    public private(set) var height: Int
    /// `width * height` coverage values, row-major, top row first.
    public private(set) var pixels: [UInt8]
    /// The rows changed since the last `markClean()` (every row after a resize or a wipe).
    public private(set) var dirtyRows: Range<Int>?
    /// Whether anything changed since the last `markClean()`.
    public var dirty: Bool { dirtyRows != nil }

    private func touch(_ rows: Range<Int>) {
        dirtyRows = dirtyRows.map { min($0.lowerBound, rows.lowerBound)..<max($0.upperBound, rows.upperBound) } ?? rows
    }
    /// Goes up each time the atlas is wiped; cached slot indices from an older generation are void.
    public private(set) var generation = 0

    private(set) var slots: [GlyphAtlasSlot] = []
    private var index: [GlyphAtlasKey: Int32] = [:]

    private struct Shelf { var y: Int; var height: Int; var x: Int }
    private var shelves: [Shelf] = []
    /// First row below the last shelf.
    private var nextShelfY = padding

    public init(size: Int = GlyphAtlas.initialSize) {
        width = size
        height = size
        pixels = [UInt8](repeating: 0, count: size * size)
        dirtyRows = 0..<size
    }

    /// The GL side calls this after uploading `pixels`.
    public func markClean() { dirtyRows = nil }

    /// Number of glyphs (including empty ones such as spaces) the atlas knows.
    public var glyphCount: Int { slots.count }

    func slotIndex(for key: GlyphAtlasKey) -> Int32? { index[key] }

    @inline(__always) func slot(_ i: Int32) -> GlyphAtlasSlot { slots[Int(i)] }

    /// Adds a glyph bitmap (`rows` rows of `w` bytes, `pitch` bytes apart) and returns its slot.
    func insert(
        _ key: GlyphAtlasKey, w: Int, h: Int, left: Int, top: Int,
        bitmap: UnsafePointer<UInt8>?, pitch: Int
    ) -> Int32 {
        if let existing = index[key] { return existing }
        var slot = GlyphAtlasSlot(x: 0, y: 0, w: 0, h: 0, left: Int32(left), top: Int32(top))
        if w > 0, h > 0, let bitmap {
            // A glyph larger than the biggest atlas can't be stored; draw nothing rather than crash.
            guard w + 2 * Self.padding <= Self.maximumSize, h + 2 * Self.padding <= Self.maximumSize else {
                return append(key, slot)
            }
            let (x, y) = allocate(w: w, h: h)
            slot.x = Int32(x); slot.y = Int32(y); slot.w = Int32(w); slot.h = Int32(h)
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<h {
                    let src = bitmap + row * pitch
                    let d = dst.baseAddress! + (y + row) * width + x
                    d.update(from: src, count: w)
                }
            }
            touch(y..<(y + h))
        }
        return append(key, slot)
    }

    private func append(_ key: GlyphAtlasKey, _ slot: GlyphAtlasSlot) -> Int32 {
        let i = Int32(slots.count)
        slots.append(slot)
        index[key] = i
        return i
    }

    /// Finds room for a `w` × `h` bitmap, growing or wiping the atlas when needed.
    private func allocate(w: Int, h: Int) -> (Int, Int) {
        let pad = Self.padding
        while true {
            // Best fit: the lowest shelf that is tall enough (but not wastefully so) and has room.
            var best = -1
            for (i, s) in shelves.enumerated()
            where s.height >= h && s.height <= h + h / 3 + 2 && s.x + w + pad <= width {
                if best < 0 || s.height < shelves[best].height { best = i }
            }
            if best >= 0 {
                let x = shelves[best].x
                shelves[best].x += w + pad
                return (x, shelves[best].y)
            }
            if nextShelfY + h + pad <= height, pad + w + pad <= width {
                shelves.append(Shelf(y: nextShelfY, height: h, x: pad + w + pad))
                nextShelfY += h + pad
                return (pad, nextShelfY - h - pad)
            }
            if width < Self.maximumSize {
                grow()
            } else {
                wipe()
            }
        }
    }

    /// Doubles both sides, keeping every glyph at the same pixel position.
    private func grow() {
        let newWidth = width * 2, newHeight = height * 2
        var grown = [UInt8](repeating: 0, count: newWidth * newHeight)
        grown.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for row in 0..<height {
                    (dst.baseAddress! + row * newWidth).update(from: src.baseAddress! + row * width, count: width)
                }
            }
        }
        pixels = grown
        width = newWidth
        height = newHeight
        dirtyRows = 0..<height
    }

    /// Forgets every glyph (the atlas keeps its size).
    private func wipe() {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        slots.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
        shelves.removeAll(keepingCapacity: true)
        nextShelfY = Self.padding
        generation += 1
        dirtyRows = 0..<height
    }
}
