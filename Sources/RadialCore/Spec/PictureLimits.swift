/// The ranges a picture's options are held to, for the library's `PictureRules` and the command
/// line's option table alike (which imports only RadialCore, so that the parser fuzzes alone).
package enum PictureLimits {
    /// Points on each side of a picture.
    package static let size: ClosedRange<Double> = 16...8192
    /// Pixels a point.
    package static let scale: ClosedRange<Double> = 1...4
    /// Seconds on a page's clock (a day).
    package static let time: ClosedRange<Double> = 0...86_400
    /// JPEG, WebP and video quality.
    package static let quality: ClosedRange<Int> = 1...100
    /// Frames a second of a recording.
    package static let frameRate: ClosedRange<Double> = 1...240
    /// Pixels on a side a picture (a still of pixels, a recording's frames) may have.
    package static let pixelsOnASide = 16384
}
