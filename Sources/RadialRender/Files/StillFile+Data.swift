import CJPEGWrite
import CPNGWrite
import CWebPWrite
import Foundation
import RadialCore

/// Stills encoded in memory (`Page.png()`, `jpeg()`, `webp()`): the same encoders as the files,
/// writing into an `open_memstream` buffer, so no file is made at all.
extension StillFile {
    /// `image` encoded as `encoding` says (PNG, JPEG or WebP), as the bytes a file of it holds.
    package static func data(_ image: RGBAImage, encoding: StillEncoding) throws(Failure) -> Data {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let file = open_memstream(&buffer, &size) else { throw Failure(description: "Could not encode the picture: \(TemporaryName.reason(errno: errno)).") }
        var message = [CChar](repeating: 0, count: 256)
        var code: Int32 = 0
        let status: Int32
        switch encoding.format {
        case .svg, .pdf:
            fclose(file); free(buffer)
            throw Failure(description: "An \(encoding.format.rawValue.uppercased()) is drawn from the frame, not from pixels (VectorFile).")
        case .png:
            let image = image.straightened()
            let c = encoding.compression
            status = image.pixels.withUnsafeBytes { raw in
                radial_png_write_file(file, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                                      image.width * 4, c.level, c.filters, c.strategy, &message, message.count)
            }
        case .jpg:
            let image = image.straightened()
            let c = encoding.background
            let background = [c.r, c.g, c.b].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
            status = image.pixels.withUnsafeBytes { raw in
                radial_jpeg_write_file(file, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                                       image.width * 4, Int32(encoding.quality), background, &code, &message, message.count)
            }
        case .webp:
            let image = image.straightened()
            status = image.pixels.withUnsafeBytes { raw in
                radial_webp_write_file(file, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                                       image.width * 4, Int32(encoding.quality), webpLosslessLevel, &code, &message, message.count)
            }
        }
        // The writers close the stream, which sets `buffer` and `size` (on failure too).
        defer { free(buffer) }
        guard status == 0, let buffer else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Failure(description: "Could not encode the picture: \(code != 0 ? TemporaryName.reason(errno: code) : text.isEmpty ? "out of memory" : text).")
        }
        return Data(bytes: buffer, count: size)
    }
}
