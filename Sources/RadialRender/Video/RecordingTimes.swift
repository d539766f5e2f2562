import RadialCore

/// When a recording's frames are taken.
package enum RecordingTimes {
    /// The most frames one recording may have (ten minutes at 60 frames a second).
    package static let maximumFrames = 36_000

    /// The frame times of a page that plays states: `from + i/fps` up to `to`, or until the last
    /// state has settled (`settle`) plus half a second.
    package static func times(settle: Double, fps: Double, from: Double?, to: Double?, turns: Int?) throws(UsageError) -> [Double] {
        if turns != nil { throw UsageError("--turns is for a page with a scan; this page plays states (give --to).") }
        let start = from ?? 0, end = to ?? max(settle + 0.5, start + 1 / fps)
        guard end > start else { throw UsageError("--to (\(end) s) must be after --from (\(start) s).") }
        let count = Int(((end - start) * fps - 1e-9).rounded(.up))
        guard count <= maximumFrames else {
            throw UsageError("That is \(count) frames; a recording may have at most \(maximumFrames). Shorten it with --to, lower --fps or --frame-time.")
        }
        return (0..<count).map { start + Double($0) / fps }
    }

    /// The frame times: `from + i/fps` for every i with that time before the end. The end is
    /// `--to`; or `--turns` whole turns of the page's scans after `from`; or, without a turning
    /// scan, the moment every chart has settled plus half a second.
    package static func times(scene: PageScene, fps: Double, from: Double?, to: Double?, turns: Int?, reduceMotion: Bool) throws(RenderError) -> [Double] {
        let settle = scene.settleTimeIgnoringScans(reduceMotion: reduceMotion)
        let period = scene.loopPeriod(reduceMotion: reduceMotion)
        if turns != nil && period == nil {
            throw scene.hasScan ? .scanStandsStill : .noScanToTurn
        }
        if period == nil && scene.hasScan && !reduceMotion && to == nil {
            throw .noSeamlessLoop
        }
        let start: Double, end: Double
        if let to {
            start = from ?? 0
            end = to
        } else if let period {
            // Start on a whole turn once everything else has settled and every blip has been lit
            // by one pass (at least one turn in), so the last frame runs into the first.
            start = from ?? period * max(1, (settle / period).rounded(.up))
            end = start + period * Double(turns ?? 1)
            let frames = (end - start) * fps
            if abs(frames - frames.rounded()) > 1e-6 {
                throw .loopNotWholeFrames(turn: period, fps: fps)
            }
        } else {
            start = from ?? 0
            end = max(settle + 0.5, start + 1 / fps)
        }
        guard end > start else { throw .invalidTimeRange(from: start, to: end) }
        let frames = ((end - start) * fps - 1e-9).rounded(.up)
        // A recording has at least one frame: a --to a hair after --from would make none (an
        // empty folder, an ffmpeg with no input).
        guard frames >= 1 else { throw .lessThanOneFrame(from: start, to: end, fps: fps) }
        guard frames <= Double(maximumFrames) else { throw .tooManyFrames(Int(min(frames, 1e15)), limit: maximumFrames) }
        let count = Int(frames)
        return (0..<count).map { start + Double($0) / fps }
    }
}
