import Foundation
import RadialCore

/// Why a picture, a file or a video of a page could not be made: the one error RadialRender's
/// API throws (`Page.render`, `png`, `jpeg`, `webp`, `svg`, `pdf`, `write`, `record`,
/// `geometry`). Each case says what was wrong with what; `localizedDescription` says it in a
/// sentence. Nothing is written when one is thrown: no file, no temporary.
///
/// ```swift
/// do { try page.record(to: "chart.mp4", PictureOptions(size: Size(width: 401, height: 301))) }
/// catch RenderError.oddVideoSize(let width, let height) { … }
/// catch RenderError.invalidPage(let problems) { … }
/// ```
public enum RenderError: Error, Sendable, Hashable {
    // MARK: The page and the options

    /// The page breaks a rule of `Page.validate()`: every problem, at its path.
    case invalidPage(SpecError)
    /// A size that is not 16 to 8192 points on each side.
    case invalidSize(Size)
    /// A scale that is not 1 to 4 pixels a point.
    case invalidScale(Double)
    /// A time that is not 0 to 86,400 seconds (a day) on the page's clock.
    case invalidTime(Double)
    /// A quality that is not 1 to 100.
    case invalidQuality(Int)
    /// A frame rate that is not 1 to 240 frames a second.
    case invalidFrameRate(Double)
    /// A locale the system does not know, with the nearest one it does.
    case unknownLocale(String, suggestion: String?)

    // MARK: The output

    /// A path whose extension names no format the call writes (`chart.bmp`; `record` to `.svg`).
    case unsupportedFormat(path: String)
    /// A transparent background asked of a format that has no transparency (JPEG, MP4), or
    /// whose transparency is all or nothing a pixel (GIF).
    case noTransparency(format: String)
    /// A quality given for a format stored without loss (PNG frames, GIF, APNG).
    case qualityNotApplicable(format: String)
    /// An H.264 video (MP4) of an odd width or height in pixels.
    case oddVideoSize(width: Int, height: Int)
    /// More pixels than the format takes (WebP: 16383 a side; H.264: 8192×4352), or than a
    /// recording may have (16384 a side).
    case pictureTooLarge(width: Int, height: Int, format: String)
    /// A frame rate the format cannot store (a GIF's delays are whole hundredths: 50, 33.33, 25 …).
    case frameRateNotAllowed(Double, format: String)
    /// A recording's end at or before its start.
    case invalidTimeRange(from: Double, to: Double)
    /// A recording's end less than one frame after its start: there would be nothing to record.
    case lessThanOneFrame(from: Double, to: Double, fps: Double)
    /// A recording given both an end and a number of turns.
    case endAndTurns
    /// Turns asked of a page with no scan.
    case noScanToTurn
    /// Turns asked of a page whose scans stand still (reduce motion).
    case scanStandsStill
    /// Scans turning at speeds that never line up: no seamless loop exists (give an end).
    case noSeamlessLoop
    /// A scan's turn that is not a whole number of frames at the frame rate.
    case loopNotWholeFrames(turn: Double, fps: Double)
    /// More frames than one recording may have.
    case tooManyFrames(Int, limit: Int)

    // MARK: Running

    /// More memory than the process may take: bytes needed at the peak, and available.
    case notEnoughMemory(needed: UInt64, available: UInt64)
    /// No `ffmpeg` on `PATH`, which videos and animated images need.
    case ffmpegMissing
    /// ffmpeg failed or stopped: how, and its last words.
    case encoderFailed(String)
    /// The output could not be written (a full disk, a missing folder, a folder in the way).
    case cannotWrite(path: String, reason: String)
    /// No OpenGL 3.3 context could be made (EGL, Mesa), or the renderer failed.
    case graphicsUnavailable(String)
}

extension RenderError: LocalizedError, CustomStringConvertible {
    /// The error in a sentence.
    public var errorDescription: String? { description }

    /// The error in a sentence, without any command line's words.
    public var description: String {
        switch self {
        case .invalidPage(let e): "The page is not valid:\n" + e.problems.map { "  " + $0.description }.joined(separator: "\n")
        case .invalidSize(let s): "A picture is 16 to 8192 points on each side; this one is \(Self.number(s.width))×\(Self.number(s.height))."
        case .invalidScale(let s): "The scale is 1 to 4 pixels a point; got \(Self.number(s))."
        case .invalidTime(let t): "A time on the page's clock is 0 to 86400 seconds; got \(Self.number(t))."
        case .invalidQuality(let q): "Quality is 1 to 100; got \(q)."
        case .invalidFrameRate(let f): "The frame rate is 1 to 240 frames a second; got \(Self.number(f))."
        case .unknownLocale(let id, let near): "\"\(id)\" is not a locale this system knows" + (near.map { "; did you mean \($0)?" } ?? ".")
        case .unsupportedFormat(let path): "\(path) names no format this call writes."
        case .noTransparency(let format): "A \(format.uppercased()) cannot keep a transparent background."
        case .qualityNotApplicable(let format): "A \(format.uppercased()) is stored without loss; quality does not apply."
        case .oddVideoSize(let w, let h): "H.264 video needs an even width and height in pixels; this one is \(w)×\(h)."
        case .pictureTooLarge(let w, let h, let format): "\(w)×\(h) pixels is more than a \(format.uppercased()) takes."
        case .frameRateNotAllowed(let f, let format): "A \(format.uppercased()) cannot store \(Self.number(f)) frames a second (a GIF's: 100 divided by a whole number ≥ 2)."
        case .invalidTimeRange(let from, let to): "The recording's end (\(Self.number(to)) s) is not after its start (\(Self.number(from)) s)."
        case .lessThanOneFrame(let from, let to, let fps):
            "The recording's end (\(Self.number(to)) s) is less than one frame after its start (\(Self.number(from)) s) at \(Self.number(fps)) frames a second."
        case .endAndTurns: "A recording takes an end or a number of turns, not both."
        case .noScanToTurn: "Turns are for a page with a scan, and this page has none."
        case .scanStandsStill: "With reduce motion the scan stands still: it has no turns to record."
        case .noSeamlessLoop: "The page's scans turn at speeds that never line up; give the recording an end."
        case .loopNotWholeFrames(let turn, let fps): "A turn of the scan (\(Self.number(turn)) s) is not a whole number of frames at \(Self.number(fps)) frames a second."
        case .tooManyFrames(let n, let limit): "That is \(n) frames; a recording may have at most \(limit)."
        case .notEnoughMemory(let needed, let free): "The picture needs about \(MemoryBudget.text(needed)) of memory at its peak, and \(MemoryBudget.text(free)) is available."
        case .ffmpegMissing: "Videos and animated images need the ffmpeg command, and there is none on PATH."
        case .encoderFailed(let why): "ffmpeg failed: \(why)."
        case .cannotWrite(let path, let reason): "Could not write \(path): \(reason)"
        case .graphicsUnavailable(let why): "No OpenGL 3.3 context: \(why)"
        }
    }

    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v) }
}
