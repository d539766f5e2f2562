import CPNG
import Foundation
import RadialCore

/// PNG files through libpng's simplified API.
public enum PNGFile {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `image` to `path` atomically: it goes to a temporary file beside the target and is
    /// renamed over it only once complete, so a failure never leaves a partial or clobbered file.
    public static func write(_ image: RGBAImage, to path: String) throws(Failure) {
        let temp = TemporaryFiles.name(beside: path, extension: "png")
        TemporaryFiles.begin(temp)
        defer { TemporaryFiles.end() }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = RADIAL_PNG_FORMAT_RGBA
        let ok = image.pixels.withUnsafeBytes { raw in
            png_image_write_to_file(&png, temp, 0, raw.baseAddress, Int32(image.width * 4), nil)
        }
        guard ok != 0 else {
            let code = errno
            let msg = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&png)
            unlink(temp)
            // libpng says only "Write Error." when fwrite fails: the system's reason is in errno.
            let reason = code == ENOSPC || code == EDQUOT || code == EROFS || msg.isEmpty ? TemporaryFiles.reason(errno: code) : msg
            throw Failure(description: "Could not write \(path): \(reason).")
        }
        guard rename(temp, path) == 0 else {
            let reason = TemporaryFiles.reason(errno: errno)
            unlink(temp)
            throw Failure(description: "Could not write \(path): \(reason).")
        }
    }

    /// Reads a PNG as 8-bit RGBA.
    public static func read(_ path: String) throws(Failure) -> RGBAImage {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&png, path) != 0 else {
            throw Failure(description: "Could not read \(path) as PNG.")
        }
        png.format = RADIAL_PNG_FORMAT_RGBA
        var pixels = [UInt8](repeating: 0, count: Int(png.width * png.height * 4))
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&png, nil, $0.baseAddress, 0, nil) }
        guard ok != 0 else { png_image_free(&png); throw Failure(description: "Could not decode \(path).") }
        return RGBAImage(width: Int(png.width), height: Int(png.height), pixels: pixels)
    }
}
