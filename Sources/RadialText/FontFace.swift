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
    /// Quarter-pixel size last given to `FT_Set_Char_Size`.
    var rasterSizeQ: Int32 = -1

    init(id: Int32, path: String, faceIndex: Int, ft: FT_Face, hb: OpaquePointer) {
        self.id = id; self.path = path; self.faceIndex = faceIndex; self.ft = ft; self.hb = hb
        let upem = Double(ft.pointee.units_per_EM)
        unitsPerEm = upem > 0 ? upem : 1000
        ascent = Double(ft.pointee.ascender) / unitsPerEm
        descent = -Double(ft.pointee.descender) / unitsPerEm
    }

    @inline(__always) func covers(_ codepoint: UInt32) -> Bool {
        FT_Get_Char_Index(ft, FT_ULong(codepoint)) != 0
    }
}
