import CJPEGWrite
import CWebPWrite
import Foundation
import RadialGL
import RadialText
import RadialCore

/// The file formats `radial render` writes a still in: three of pixels, and two of shapes (SVG
/// and PDF, drawn by RadialVector from the same frame).
public enum StillFormat: String, Sendable, CaseIterable {
    case png, jpg, webp, svg, pdf

    /// The names `--format` takes and the extensions `--out` may end in (`jpeg` is `jpg`).
    public var names: [String] { self == .jpg ? ["jpg", "jpeg"] : [rawValue] }

    /// The extension a batch gives its outputs.
    public var fileExtension: String { rawValue }

    /// `png`, `jpg`, `jpeg` or `webp`, in any case.
    public init?(name: String) {
        let n = name.lowercased()
        guard let f = Self.allCases.first(where: { $0.names.contains(n) }) else { return nil }
        self = f
    }

    /// The format a path's extension names (`a.JPEG` is jpg), or nil.
    public init?(path: String) {
        let ext = (path as NSString).pathExtension
        guard !ext.isEmpty else { return nil }
        self.init(name: ext)
    }

    /// Whether `--quality` applies (PNG is lossless and has `--compress` instead).
    public var takesQuality: Bool { self == .jpg || self == .webp }

    /// SVG and PDF: shapes and text, not pixels (no --scale, --quality or --compress).
    public var isVector: Bool { self == .svg || self == .pdf }

    /// Whether the format can hold transparent pixels (JPEG cannot).
    public var hasAlpha: Bool { self != .jpg }
}

/// How a still is encoded.
public struct StillEncoding: Sendable, Equatable {
    public var format: StillFormat
    /// PNG only: zlib level and filters.
    public var compression: PNGFile.Compression
    /// JPEG and WebP: 1...100, higher is better and larger; WebP at 100 is lossless.
    public var quality: Int
    /// JPEG only: what transparent pixels are composited onto (the page's background).
    public var background: RGBA

    /// JPEG and WebP quality when `--quality` is not given.
    public static let defaultQuality = 90

    public init(format: StillFormat, compression: PNGFile.Compression = .fast, quality: Int = StillEncoding.defaultQuality,
                background: RGBA = .white) {
        self.format = format; self.compression = compression; self.quality = quality; self.background = background
    }
}

/// Writing stills: PNG through `PNGFile`, JPEG through libjpeg-turbo, WebP through libwebp; every
/// one whole or not at all (a temporary beside the target, renamed over it once complete).
public enum StillFile {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// libwebp's lossless preset for `--quality 100` (0 fastest ... 9 smallest). On settled
    /// 800×800 pages level 1 was 3× faster than level 3 and 6 for files 20-25 % larger (the
    /// same trade `--compress fast` makes for PNG).
    public static let webpLosslessLevel: Int32 = 1

    public static func write(_ image: RGBAImage, to path: String, encoding: StillEncoding) throws(Failure) {
        // Stored straight: a premultiplied readback (a transparent page's edges) is divided once, here.
        let image = image.straightened()
        switch encoding.format {
        case .svg, .pdf:
            throw Failure(description: "An \(encoding.format.rawValue.uppercased()) is drawn from the frame, not from pixels (VectorFile).")
        case .png:
            do { try PNGFile.write(image, to: path, compression: encoding.compression) } catch { throw Failure(description: error.description) }
        case .jpg:
            let c = encoding.background
            let background = [c.r, c.g, c.b].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
            try atomically(path, extension: "jpg") { temp, code, message in
                image.pixels.withUnsafeBytes { raw in
                    radial_jpeg_write(temp, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                                      image.width * 4, Int32(encoding.quality), background, &code, &message, message.count)
                }
            }
        case .webp:
            try atomically(path, extension: "webp") { temp, code, message in
                image.pixels.withUnsafeBytes { raw in
                    radial_webp_write(temp, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                                      image.width * 4, Int32(encoding.quality), webpLosslessLevel, &code, &message, message.count)
                }
            }
        }
    }

    /// Runs `encode` on a temporary name beside `path` (removed on a signal), then renames it
    /// over `path`; on any failure the temporary is removed and `path` left as it was.
    private static func atomically(_ path: String, extension ext: String,
                                   _ encode: (String, inout Int32, inout [CChar]) -> Int32) throws(Failure) {
        let temp = TemporaryFiles.name(beside: path, extension: ext)
        TemporaryFiles.begin(temp)
        defer { TemporaryFiles.end() }
        var message = [CChar](repeating: 0, count: 256)
        var code: Int32 = 0
        guard encode(temp, &code, &message) == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            unlink(temp)
            throw Failure(description: "Could not write \(path): \(code != 0 ? TemporaryFiles.reason(errno: code) : text).")
        }
        guard rename(temp, path) == 0 else {
            let reason = TemporaryFiles.reason(errno: errno)
            unlink(temp)
            throw Failure(description: "Could not write \(path): \(reason).")
        }
    }
}
