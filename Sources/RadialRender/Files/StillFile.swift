import CJPEGWrite
import CWebPWrite
import Foundation
import RadialGL
import RadialText
import RadialCore

/// The file formats `radial render` writes a still in: three of pixels, and two of shapes (SVG
/// and PDF, drawn by RadialVector from the same frame).
package enum StillFormat: String, Sendable, CaseIterable {
    /// PNG, JPEG and WebP (pixels); SVG and PDF (shapes).
    case png, jpg, webp, svg, pdf

    /// The names `--format` takes and the extensions `--out` may end in (`jpeg` is `jpg`).
    package var names: [String] { self == .jpg ? ["jpg", "jpeg"] : [rawValue] }

    /// The extension a batch gives its outputs.
    package var fileExtension: String { rawValue }

    /// `png`, `jpg`, `jpeg` or `webp`, in any case.
    package init?(name: String) {
        let n = name.lowercased()
        guard let f = Self.allCases.first(where: { $0.names.contains(n) }) else { return nil }
        self = f
    }

    /// The format a path's extension names (`a.JPEG` is jpg), or nil.
    package init?(path: String) {
        let ext = (path as NSString).pathExtension
        guard !ext.isEmpty else { return nil }
        self.init(name: ext)
    }

    /// Whether `--quality` applies (PNG is lossless and has `--compress` instead).
    package var takesQuality: Bool { self == .jpg || self == .webp }

    /// SVG and PDF: shapes and text, not pixels (no --scale, --quality or --compress).
    package var isVector: Bool { self == .svg || self == .pdf }

    /// Whether the format can hold transparent pixels (JPEG cannot).
    package var hasAlpha: Bool { self != .jpg }
}

/// How a still is encoded.
package struct StillEncoding: Sendable, Equatable {
    /// The file format.
    package var format: StillFormat
    /// PNG only: zlib level and filters.
    package var compression: PNGFile.Compression
    /// JPEG and WebP: 1...100, higher is better and larger; WebP at 100 is lossless.
    package var quality: Int
    /// JPEG only: what transparent pixels are composited onto (the page's background).
    package var background: RGBA

    /// JPEG and WebP quality when `--quality` is not given.
    package static let defaultQuality = 90

    /// An encoding in `format`: fast PNG compression, quality 90, a JPEG's transparent pixels on white.
    package init(format: StillFormat, compression: PNGFile.Compression = .fast, quality: Int = StillEncoding.defaultQuality,
                background: RGBA = .white) {
        self.format = format; self.compression = compression; self.quality = quality; self.background = background
    }
}

/// Writing stills: PNG through `PNGFile`, JPEG through libjpeg-turbo, WebP through libwebp; every
/// one whole or not at all (a temporary beside the target, renamed over it once complete).
package enum StillFile {
    /// A still that could not be written: a run-time failure, exit 1.
    package struct Failure: ExitingError {
        package let description: String
        /// 1: a run-time failure.
        package var exitCode: Int32 { 1 }
    }

    /// libwebp's lossless preset for `--quality 100` (0 fastest ... 9 smallest). On settled
    /// 800×800 pages level 1 was 3× faster than level 3 and 6 for files 20-25 % larger (the
    /// same trade `--compress fast` makes for PNG).
    package static let webpLosslessLevel: Int32 = 1

    /// Writes `image` to `path` whole or not at all (`AtomicOutput`).
    package static func write(_ image: RGBAImage, to path: String, encoding: StillEncoding) throws(Failure) {
        do {
            let output = try AtomicOutput(path, suffix: encoding.format.fileExtension)
            do { try encode(image, toFile: output.temp, encoding: encoding) } catch {
                output.abandon()
                throw Failure(description: error.description.replacingOccurrences(of: output.temp, with: path))
            }
            try output.commit()
        } catch let e as Failure { throw e } catch { throw Failure(description: "\(error)") }
    }

    /// Encodes `image` into the file `path` as it is (a temporary, or a frame of a folder).
    package static func encode(_ image: RGBAImage, toFile path: String, encoding: StillEncoding) throws(Failure) {
        var message = [CChar](repeating: 0, count: 256)
        var code: Int32 = 0
        let status: Int32
        let image = encoding.format == .png ? image : image.straightened()   // PNGFile.encode straightens its own
        switch encoding.format {
        case .svg, .pdf:
            throw Failure(description: "An \(encoding.format.rawValue.uppercased()) is drawn from the frame, not from pixels (VectorFile).")
        case .png:
            do { try PNGFile.encode(image, toFile: path, compression: encoding.compression) } catch { throw Failure(description: error.description) }
            return
        case .jpg:
            let c = encoding.background
            let background = [c.r, c.g, c.b].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
            status = image.pixels.withUnsafeBytes { raw in
                radial_jpeg_write(path, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                                  image.width * 4, Int32(encoding.quality), background, &code, &message, message.count)
            }
        case .webp:
            status = image.pixels.withUnsafeBytes { raw in
                radial_webp_write(path, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                                  image.width * 4, Int32(encoding.quality), webpLosslessLevel, &code, &message, message.count)
            }
        }
        guard status == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Failure(description: "Could not write \(path): \(code != 0 ? TemporaryName.reason(errno: code) : text).")
        }
    }
}
