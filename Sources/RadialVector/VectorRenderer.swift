import CCairo
import Foundation
import RadialCore

/// Why a vector document could not be made or written.
package struct VectorFailure: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// The second backend for a frame: cairo paths to a PNG-sized image (the CPU oracle the GL
/// renderer is checked against), to PDF pages, and the same paths written as SVG.
///
/// Not thread safe: use one per thread (it keeps the font faces it opened).
package final class VectorRenderer {
    let fonts = CairoFonts()

    package init() {}

    /// `frame` drawn by cairo into a `frame.width`×`frame.height` image, premultiplied as the GL
    /// framebuffer holds it (`isPremultiplied`; writers un-premultiply once).
    package func image(_ frame: Frame) throws(VectorFailure) -> RGBAImage {
        let w = frame.width, h = frame.height
        guard w > 0, h > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
            throw VectorFailure("cairo could not make a \(w)x\(h) image.")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            throw VectorFailure("cairo could not make a \(w)x\(h) image (\(String(cString: cairo_status_to_string(cairo_surface_status(surface))))).")
        }
        let canvas = CairoCanvas(cr, fonts: fonts, tags: false)
        FramePainter(snapGlyphs: true).paint(frame, on: canvas)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw VectorFailure("cairo failed drawing: \(String(cString: cairo_status_to_string(status))).") }
        cairo_surface_flush(surface)
        // ARGB32 is premultiplied, one native-endian 32-bit word per pixel: to RGBA bytes.
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw VectorFailure("cairo's image has no pixels.") }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let v = row[x], i = (y * w + x) * 4
                    out[i] = UInt8((v >> 16) & 0xFF); out[i + 1] = UInt8((v >> 8) & 0xFF)
                    out[i + 2] = UInt8(v & 0xFF); out[i + 3] = UInt8(v >> 24)
                }
            }
        }
        var image = RGBAImage(width: w, height: h, pixels: pixels)
        image.isPremultiplied = true
        return image
    }

    /// `frame` as an SVG document `size` points (CSS pixels) across, the frame's pixels mapped onto them.
    package func svg(_ frame: Frame, size: Size, title: String?) -> String {
        let writer = SVGCanvas(fonts: fonts, width: frame.width, height: frame.height, size: size, title: title)
        FramePainter(snapGlyphs: false).paint(frame, on: writer)
        return writer.document()
    }
}

/// A PDF of one or more pages written to `sink` as cairo produces it (a page each `add`, one
/// document title and creator), finished by `finish()`.
package final class PDFDocument {
    private let renderer: VectorRenderer
    private var surface: OpaquePointer?
    private var cr: OpaquePointer?
    private let output: Output
    private var pages = 0

    /// Where the bytes go; false stops the document (a full disk).
    final class Output {
        let write: (UnsafeRawBufferPointer) -> Bool
        var failed = false
        init(_ write: @escaping (UnsafeRawBufferPointer) -> Bool) { self.write = write }
    }

    /// A document whose first page is `size` points; `title` becomes its Title (what a viewer's
    /// window shows), "Radial" its Creator.
    package init(renderer: VectorRenderer, size: Size, title: String?, sink: @escaping (UnsafeRawBufferPointer) -> Bool) throws(VectorFailure) {
        self.renderer = renderer
        output = Output(sink)
        let box = Unmanaged.passUnretained(output).toOpaque()
        guard let s = cairo_pdf_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let out = Unmanaged<Output>.fromOpaque(closure).takeUnretainedValue()
            if out.failed { return CAIRO_STATUS_WRITE_ERROR }
            if !out.write(UnsafeRawBufferPointer(start: data, count: Int(length))) { out.failed = true; return CAIRO_STATUS_WRITE_ERROR }
            return CAIRO_STATUS_SUCCESS
        }, box, size.width, size.height), cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            throw VectorFailure("cairo could not start a PDF.")
        }
        surface = s
        if let title { cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, CarriableText.filtered(title)) }
        cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "Radial")
        cr = cairo_create(s)
    }

    /// Draws `frame` as the next page, `size` points (the frame's pixels scaled onto it).
    package func add(_ frame: Frame, size: Size) throws(VectorFailure) {
        guard let surface, let cr else { throw VectorFailure("The PDF is already finished.") }
        if pages > 0 {
            cairo_show_page(cr)
            cairo_pdf_surface_set_size(surface, size.width, size.height)
        }
        cairo_save(cr)
        if frame.width > 0 && frame.height > 0 { cairo_scale(cr, size.width / Double(frame.width), size.height / Double(frame.height)) }
        let canvas = CairoCanvas(cr, fonts: renderer.fonts, tags: true)
        let painter = FramePainter(snapGlyphs: false)
        painter.paintBackground(frame, on: canvas)
        canvas.beginGroup(FrameGroup(id: "page", role: "page", name: ""))
        painter.paintCommands(frame, on: canvas)
        canvas.endGroup()
        cairo_restore(cr)
        pages += 1
        try check()
    }

    /// Writes the rest of the document; it is complete once this returns.
    package func finish() throws(VectorFailure) {
        guard let surface, let cr else { return }
        if pages > 0 { cairo_show_page(cr) }
        cairo_destroy(cr)
        self.cr = nil
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        self.surface = nil
        if output.failed { throw VectorFailure("writing the PDF failed") }
        guard status == CAIRO_STATUS_SUCCESS else { throw VectorFailure("cairo failed writing the PDF: \(String(cString: cairo_status_to_string(status))).") }
    }

    private func check() throws(VectorFailure) {
        if output.failed { throw VectorFailure("writing the PDF failed") }
        if let cr, cairo_status(cr) != CAIRO_STATUS_SUCCESS {
            throw VectorFailure("cairo failed drawing the PDF: \(String(cString: cairo_status_to_string(cairo_status(cr)))).")
        }
    }

    deinit {
        if let cr { cairo_destroy(cr) }
        if let surface { cairo_surface_destroy(surface) }
    }
}
