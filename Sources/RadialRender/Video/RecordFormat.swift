import Foundation
import RadialGL
import RadialText
import RadialCore

/// What `radial record` writes, chosen by the extension of `--out` (no extension: a folder of
/// numbered PNGs), and the `ffmpeg` arguments that encode it.
package enum RecordFormat: String, CaseIterable, Sendable {
    case mp4, webm, gif, webp, apng, folder

    package static let extensions = "mp4, webm, gif, webp, apng, or a folder (no extension)"

    /// The format for an output path: by extension, or a folder for a path without one (or
    /// ending in `/`).
    package static func of(_ path: String) throws(RenderError) -> RecordFormat {
        if path.hasSuffix("/") { return .folder }
        let ext = (path as NSString).pathExtension.lowercased()
        if ext.isEmpty { return .folder }
        guard let f = RecordFormat(rawValue: ext), f != .folder else { throw .unsupportedFormat(path: path) }
        return f
    }

    package var needsFFmpeg: Bool { self != .folder }

    /// Frames a second when `--fps` is not given. GIF stores delays in hundredths of a second and
    /// browsers slow any delay under 2/100 s down to 1/10 s, so a GIF's fastest true rate is 50.
    package var defaultFPS: Double { self == .gif ? 50 : 60 }

    /// `--quality` when it is not given (1...100, higher is better and larger), or nil for the
    /// formats it does not apply to (lossless ones, and GIF's 256-color palette).
    package var defaultQuality: Int? {
        switch self {
        case .mp4, .webm: 65   // libx264 CRF 18, VP9 CRF 22: no visible loss on flat UI colors
        case .webp: 80
        case .gif, .apng, .folder: nil
        }
    }

    /// Why `fps` cannot be used for this format, or nil when it can: a GIF's delays are whole
    /// hundredths of a second, at least 2 (browsers slow shorter ones to 1/10 s).
    package func problem(withFPS fps: Double) -> RenderError? {
        guard self == .gif else { return nil }
        let delay = 100 / fps
        if abs(delay - delay.rounded()) > 1e-4 || delay.rounded() < 2 { return .frameRateNotAllowed(fps, format: rawValue) }
        return nil
    }

    /// Why a `width`×`height` pixel frame cannot be encoded, or nil when it can.
    package func problem(width: Int, height: Int) -> RenderError? {
        if width > PictureRules.pixelsOnASide || height > PictureRules.pixelsOnASide {
            return .pictureTooLarge(width: width, height: height, format: rawValue)
        }
        switch self {
        case .mp4:
            // yuv420p halves the chroma planes (so every player can play it): sides must be even.
            if width % 2 != 0 || height % 2 != 0 { return .oddVideoSize(width: width, height: height) }
            // Level 6.2's largest frame: 139,264 macroblocks of 16×16 (8192×4352), 8192 a side at most.
            if width > 8192 || height > 8192 || ((width + 15) / 16) * ((height + 15) / 16) > 139_264 {
                return .pictureTooLarge(width: width, height: height, format: rawValue)
            }
        case .webp where width > 16383 || height > 16383:
            return .pictureTooLarge(width: width, height: height, format: rawValue)
        default: break
        }
        return nil
    }

    /// `fps` as this format stores it: a GIF's 33.333333 is exactly 100/3.
    package func exactRate(_ fps: Double) -> Double {
        guard self == .gif else { return fps }
        return 100 / (100 / fps).rounded()
    }

    /// The frame rate as ffmpeg reads it: a fraction when the rate is 100/n (GIF) or whole.
    package static func rate(_ fps: Double) -> String {
        if fps == fps.rounded() { return String(Int(fps)) }
        let n = (100 / fps).rounded()
        if abs(100 / n - fps) < 1e-4 { return "100/\(Int(n))" }
        return String(format: "%.9g", fps)
    }

    /// Why this format cannot keep a transparent background, or nil when it can: MP4 (H.264 has
    /// no alpha) and GIF (each pixel all or nothing, so anti-aliased edges would fringe).
    package var transparencyProblem: RenderError? {
        self == .mp4 || self == .gif ? .noTransparency(format: rawValue) : nil
    }

    /// Why `quality` cannot be given to this format (lossless ones, and GIF's 256-color palette), or nil.
    package func problem(quality: Int) -> RenderError? {
        defaultQuality == nil ? .qualityNotApplicable(format: self == .folder ? "png" : rawValue) : PictureRules.problem(quality: quality)
    }

    /// ffmpeg's arguments after the input: codec, its settings, container. With `alpha` the
    /// encoder keeps an alpha channel (VP9 as yuva420p, WebP with alpha, RGBA APNG).
    package func encoderArguments(quality: Int?, alpha: Bool = false) -> [String] {
        switch self {
        case .mp4:
            let crf = Int((Double(100 - (quality ?? 65)) * 0.51).rounded())
            return ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast", "-crf", String(crf),
                    "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            let crf = Int((Double(100 - (quality ?? 65)) * 0.63).rounded())
            // Realtime speed 8: on the pies page (207 frames, 400×760) 3.1 s against 10.6 s for
            // "good" at speed 5, for a file 1.5× larger (227 KB against 152 KB).
            return ["-c:v", "libvpx-vp9", "-pix_fmt", alpha ? "yuva420p" : "yuv420p", "-crf", String(crf), "-b:v", "0",
                    "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-f", "webm"]
        case .gif:
            // Two passes in one graph: palettegen reads every frame for the 256 colors that serve
            // the whole animation best, paletteuse maps each frame to it; only the changed
            // rectangle of each frame is stored.
            return ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle",
                    "-loop", "0", "-f", "gif"]
        case .webp:
            let q = quality ?? 80
            return ["-c:v", "libwebp_anim", "-lossless", q >= 100 ? "1" : "0", "-quality", String(min(q, 100))]
                + (alpha ? ["-pix_fmt", q >= 100 ? "bgra" : "yuva420p"] : []) + ["-loop", "0", "-f", "webp"]
        case .apng:
            // Opaque frames: RGB is exact and a quarter smaller than RGBA.
            return ["-c:v", "apng", "-pix_fmt", alpha ? "rgba" : "rgb24", "-plays", "0", "-f", "apng"]
        case .folder:
            return []
        }
    }
}
