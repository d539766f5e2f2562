import Foundation
import RadialCore

/// The rules a picture's options are held to, one place for the library's API and the command
/// line: the library refuses with a `RenderError`, `radial` phrases its own message from it (or
/// from the same range) in its own words.
package enum PictureRules {
    /// The ranges (`PictureLimits`, in RadialCore for the option table).
    package static let size = PictureLimits.size, scale = PictureLimits.scale, time = PictureLimits.time
    package static let quality = PictureLimits.quality, frameRate = PictureLimits.frameRate, pixelsOnASide = PictureLimits.pixelsOnASide

    /// Why `options` cannot picture a page (size, scale, locale), or nil.
    package static func problem(_ options: PictureOptions) -> RenderError? {
        let s = options.size
        if !size.contains(s.width) || !size.contains(s.height) { return .invalidSize(s) }
        if !scale.contains(options.scale) { return .invalidScale(options.scale) }
        return problem(locale: options.locale)
    }

    /// Why a picture of `options` would have more pixels on a side than any may, or nil.
    package static func problem(pixelsOf options: PictureOptions, format: String) -> RenderError? {
        let (w, h) = (options.size.width * options.scale, options.size.height * options.scale)
        guard w > Double(pixelsOnASide) || h > Double(pixelsOnASide) else { return nil }
        return .pictureTooLarge(width: Int(w.rounded()), height: Int(h.rounded()), format: format)
    }

    /// Why `name` is not a locale numbers can be written in, or nil.
    package static func problem(locale name: String) -> RenderError? {
        if case .unknown(let near) = LocaleRule.check(name) { return .unknownLocale(name, suggestion: near) }
        return nil
    }

    /// Why `time` is not a time on a page's clock, or nil.
    package static func problem(time: Double?) -> RenderError? {
        guard let time, !self.time.contains(time) else { return nil }
        return .invalidTime(time)
    }

    /// Why `quality` is not a quality, or nil.
    package static func problem(quality: Int) -> RenderError? {
        quality.clamped(to: self.quality) == quality ? nil : .invalidQuality(quality)
    }

    /// Why a still of `format` cannot be `width`×`height` pixels (WebP: 16383 a side), or nil.
    package static func problem(still format: StillFormat, width: Int, height: Int) -> RenderError? {
        format == .webp && max(width, height) > 16383 ? .pictureTooLarge(width: width, height: height, format: "webp") : nil
    }

    /// Why a still of `format` cannot keep a transparent background (JPEG has no alpha), or nil.
    package static func problem(still format: StillFormat, background: PageBackground) -> RenderError? {
        background.isTransparent && !format.hasAlpha ? .noTransparency(format: format.rawValue) : nil
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
