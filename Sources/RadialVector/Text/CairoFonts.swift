import CCairo
import CFreeType
import Foundation
import RadialCore
import Synchronization

/// cairo font faces over FreeType faces opened from the files the frame's glyphs name. One
/// FreeType library for the process: cairo keeps faces in its caches past any one document, so a
/// face is closed (`FT_Done_Face`) only when cairo lets go of it, and the library never is.
final class CairoFonts {
    /// FreeType's library is not thread safe for opening faces; this guards it.
    private static let library = Mutex<FT_Library?>(nil)
    private var faces: [FontFaceDescriptor: OpaquePointer] = [:]
    /// The faces opened so far that have color glyphs (emoji).
    private(set) var colorFaces: Set<FontFaceDescriptor> = []

    /// The FreeType load flags the GL side rasterizes with: light (vertical-only) hinting and no
    /// embedded bitmaps, so PNGs from cairo match the GL text.
    static let loadFlags: Int32 = (1 << 16) /* FT_LOAD_TARGET_LIGHT */ | (1 << 3) /* FT_LOAD_NO_BITMAP */
    /// Color faces: their color bitmaps (FT_LOAD_COLOR), as the GL side draws them.
    static let colorLoadFlags: Int32 = 1 << 20 /* FT_LOAD_COLOR */

    /// The cairo font face for `ref`, or nil when the file cannot be opened.
    func face(_ ref: FontFaceDescriptor) -> OpaquePointer? {
        if let f = faces[ref] { return f }
        let opened: FT_Face? = Self.library.withLock { lib in
            if lib == nil {
                var l: FT_Library?
                guard FT_Init_FreeType(&l) == 0 else { return nil }
                lib = l
            }
            var face: FT_Face?
            guard FT_New_Face(lib, ref.path, FT_Long(ref.index), &face) == 0 else { return nil }
            return face
        }
        guard let ft = opened else { return nil }
        // A color face (emoji, CBDT bitmaps) has no outlines: cairo loads its color bitmaps, scales
        // them to the size and draws them as images.
        let color = ft.pointee.face_flags & (1 << 14) /* FT_FACE_FLAG_COLOR */ != 0
        guard let cf = cairo_ft_font_face_create_for_ft_face(ft, color ? Self.colorLoadFlags : Self.loadFlags) else { return nil }
        // Close the FreeType face when cairo has dropped its last reference to the font face.
        let status = cairo_font_face_set_user_data(cf, &CairoFonts.faceKey, UnsafeMutableRawPointer(ft)) { p in
            guard let p else { return }
            CairoFonts.library.withLock { _ in _ = FT_Done_Face(p.assumingMemoryBound(to: FT_FaceRec_.self)) }
        }
        if status != CAIRO_STATUS_SUCCESS {
            cairo_font_face_destroy(cf)
            _ = Self.library.withLock { _ in FT_Done_Face(ft) }
            return nil
        }
        faces[ref] = cf
        if color { colorFaces.insert(ref) }
        return cf
    }

    nonisolated(unsafe) private static var faceKey = cairo_user_data_key_t()

    deinit { for (_, f) in faces { cairo_font_face_destroy(f) } }
}
