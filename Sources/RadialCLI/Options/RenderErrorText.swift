import Foundation
import RadialCore
import RadialRender

/// `radial`'s words for the rules it shares with the library (`PictureRules`, `RecordFormat`,
/// `RecordingTimes`): the library says what is wrong with a value, the command line names its
/// options and what to type instead.
extension UsageError {
    init(_ error: RenderError) {
        switch error {
        case .unsupportedFormat(let path):
            let ext = (path as NSString).pathExtension.lowercased()
            self.init("radial record cannot write .\(ext) files; --out should end in .\(RecordFormat.extensions).")
        case .frameRateNotAllowed(let fps, _):
            self.init("A GIF's frame delay is a whole number of hundredths of a second, at least 2 (browsers slow shorter delays to 1/10 s): --fps for .gif must be 50, 33.333333, 25, 20, ... (100 divided by a whole number ≥ 2); got \(fps).")
        case .oddVideoSize(let w, let h):
            self.init("H.264 in yuv420p needs an even width and height in pixels; --size × --scale gives \(w)×\(h). Use an even size, like \(w + w % 2)x\(h + h % 2).")
        case .pictureTooLarge(let w, let h, _) where w > PictureRules.pixelsOnASide || h > PictureRules.pixelsOnASide:
            self.init("--size × --scale is larger than \(PictureRules.pixelsOnASide) pixels on a side; make one of them smaller.")
        case .pictureTooLarge(let w, let h, "mp4"):
            self.init("H.264 takes frames of at most 8192×4352 pixels; --size × --scale gives \(w)×\(h).")
        case .pictureTooLarge(let w, let h, _):
            self.init("WebP takes at most 16383 pixels a side; --size × --scale gives \(w)×\(h).")
        case .noTransparency("mp4"):
            self.init("An MP4 (H.264) has no transparency, so --background transparent or none cannot be kept; record to .webm (VP9 with alpha), .webp, .apng or a folder of PNGs.")
        case .noTransparency("gif"):
            self.init("A GIF's transparency is all or nothing for each pixel, so anti-aliased edges would fringe; record a transparent background to .webm, .webp, .apng or a folder of PNGs.")
        case .scanStandsStill:
            self.init("--turns needs a turning scan; with reduce motion the sweep stands still (give --to).")
        case .noScanToTurn:
            self.init("--turns is for a page with a scan; this page has none (give --to).")
        case .noSeamlessLoop:
            self.init("The scans on this page turn at speeds that never line up, so there is no seamless loop; give --to.")
        case .loopNotWholeFrames(let period, let fps):
            self.init("A turn of this page's scan (\(period) s) is not a whole number of frames at \(fps) fps, so the loop would not be seamless; choose another --fps, or give --to.")
        case .invalidTimeRange(let from, let to):
            self.init("--to (\(to) s) must be after --from (\(from) s).")
        case .lessThanOneFrame(let from, let to, let fps):
            self.init("--to (\(to) s) is less than one frame after --from (\(from) s) at \(fps) fps, so there is nothing to record; "
                      + "give a later --to (at least \(from + 1 / fps) s).")
        case .tooManyFrames(let count, let limit):
            self.init("That is \(count) frames; a recording may have at most \(limit). Shorten it with --to or lower --fps.")
        default:
            self.init(error.description)
        }
    }
}
