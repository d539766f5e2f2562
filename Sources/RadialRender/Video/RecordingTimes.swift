import RadialCore

/// When a recording's frames are taken.
package enum RecordingTimes {
    /// The most frames one recording may have (ten minutes at 60 frames a second).
    package static let maximumFrames = 36_000

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
        let count = Int(((end - start) * fps - 1e-9).rounded(.up))
        guard count <= maximumFrames else { throw .tooManyFrames(count, limit: maximumFrames) }
        return (0..<count).map { start + Double($0) / fps }
    }
}
