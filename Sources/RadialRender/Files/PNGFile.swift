import CPNG
import CPNGWrite
import Foundation
import RadialGL
import RadialText
import RadialCore

/// PNG files through libpng's simplified API.
package enum PNGFile {
    /// A PNG that could not be written or read: a run-time failure, exit 1.
    package struct Failure: ExitingError {
        package let description: String
        /// 1: a run-time failure.
        package var exitCode: Int32 { 1 }
    }

    /// How hard zlib works: a trade of file size against time.
    package struct Compression: Sendable, Equatable {
        /// zlib's level, 0...9.
        package var level: Int32
        /// libpng's filter mask (PNG_FILTER_* bits).
        package var filters: Int32
        /// zlib's strategy (0 default, 3 run-length).
        package var strategy: Int32

        /// The default: no filter and zlib level 1. Flat UI colors are long runs that need no
        /// filter; measured on 60 settled 800×800 pages (e-bike, pies, dashboard): 1.1-2.8 s and
        /// 4.85 MB against libpng's default (adaptive filters, level 6) 3.6-7.6 s and 4.16 MB,
        /// and the Up filter at level 1 1.7-3.7 s and 5.19 MB (2 busy cores, so ranges).
        package static let fast = Compression(level: 1, filters: 0x08 /* NONE */, strategy: 0)
        /// `--compress best`: every filter, level 9: the smallest files (4.03 MB for the same 60),
        /// about 5× slower than libpng's default.
        package static let best = Compression(level: 9, filters: 0xF8 /* ALL */, strategy: 0)
        /// libpng's own default (adaptive filters, level 6), for comparison.
        package static let libpngDefault = Compression(level: 6, filters: 0xF8, strategy: 0)

        /// A compression of zlib `level` (0…9), libpng `filters` (a PNG_FILTER_ mask) and zlib `strategy`.
        package init(level: Int32, filters: Int32, strategy: Int32) {
            self.level = level; self.filters = filters; self.strategy = strategy
        }
    }

    /// Writes `image` to `path` atomically (`AtomicOutput`): it goes to a temporary file beside
    /// the target and is renamed over it only once complete, so a failure never leaves a partial
    /// or clobbered file.
    package static func write(_ image: RGBAImage, to path: String, compression: Compression = .fast) throws(Failure) {
        do { try StillFile.write(image, to: path, encoding: StillEncoding(format: .png, compression: compression)) } catch {
            throw Failure(description: error.description)
        }
    }

    /// Encodes `image` into the file `path` as it is (created or truncated): for a temporary,
    /// or a frame inside a folder that is itself put in place whole.
    package static func encode(_ image: RGBAImage, toFile path: String, compression: Compression = .fast) throws(Failure) {
        // Stored straight: a premultiplied readback (a transparent page's edges) is divided once, here.
        let image = image.straightened()
        var message = [CChar](repeating: 0, count: 256)
        errno = 0
        let status = image.pixels.withUnsafeBytes { raw in
            radial_png_write(path, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                             image.width * 4, compression.level, compression.filters, compression.strategy, &message, message.count)
        }
        guard status == 0 else {
            let code = errno
            let msg = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // libpng says only "Write Error." when fwrite fails: the system's reason is in errno.
            let reason = code == ENOSPC || code == EDQUOT || code == EROFS || code == EFBIG || msg.isEmpty ? TemporaryName.reason(errno: code) : msg
            throw Failure(description: "Could not write \(path): \(reason).")
        }
    }

    /// Reads a PNG as 8-bit RGBA.
    package static func read(_ path: String) throws(Failure) -> RGBAImage {
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
