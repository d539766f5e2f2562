import CFreeType
import CHarfBuzz

/// A font file opened with FreeType, plus a HarfBuzz font over the same face.
final class FontFace {
    let id: Int32
    let path: String
    let faceIndex: Int
    let ft: FT_Face
    /// `hb_font_t *`, scaled to font units (unhinted, size independent).
    let hb: OpaquePointer
    let unitsPerEm: Double
    /// Ascender and descender in ems, both positive.
    let ascent: Double, descent: Double
    /// Quarter-pixel size last given to `FT_Set_Char_Size` (or for which a strike was selected).
    var rasterSizeQ: Int32 = -1
    /// Whether the face has color glyphs (`FT_FACE_FLAG_COLOR`: CBDT/sbix bitmaps, COLR): they
    /// load with `FT_LOAD_COLOR` into the color atlas.
    let color: Bool

    /// `unitsPerEm`: the head table's (FreeType gives none for a face of only bitmaps).
    init(id: Int32, path: String, faceIndex: Int, ft: FT_Face, hb: OpaquePointer, unitsPerEm upem: Double) {
        self.id = id; self.path = path; self.faceIndex = faceIndex; self.ft = ft; self.hb = hb
        unitsPerEm = upem > 0 ? upem : 1000
        var extents = hb_font_extents_t()
        if ft.pointee.units_per_EM > 0 || hb_font_get_h_extents(hb, &extents) == 0 {
            ascent = Double(ft.pointee.ascender) / unitsPerEm
            descent = -Double(ft.pointee.descender) / unitsPerEm
        } else {
            // hb_font's scale is units per em (FontSystem sets it before making the face).
            ascent = Double(extents.ascender) / unitsPerEm
            descent = -Double(extents.descender) / unitsPerEm
        }
        color = ft.pointee.face_flags & (1 << 14) /* FT_FACE_FLAG_COLOR */ != 0
    }

    @inline(__always) func covers(_ codepoint: UInt32) -> Bool {
        FT_Get_Char_Index(ft, FT_ULong(codepoint)) != 0
    }
}
