import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

@Suite("Frame statistics")
struct FrameStatisticsTests {
    @Test("percentiles of 1…100 interpolate between closest ranks")
    func percentiles() throws {
        let s = try #require(FrameStatistics(milliseconds: (1...100).map(Double.init).shuffled()))
        #expect(s.count == 100)
        #expect(s.min == 1 && s.max == 100)
        #expect(close(s.p50, 50.5))
        #expect(close(s.p90, 90.1))
        #expect(close(s.p99, 99.01))
        #expect(close(s.p999, 99.901))
        let sorted = (1...100).map(Double.init)
        #expect(FrameStatistics.percentile(sorted, 0) == 1)
        #expect(FrameStatistics.percentile(sorted, 100) == 100)
        #expect(close(FrameStatistics.percentile(sorted, 25), 25.75))
    }

    @Test("mean FPS is the harmonic mean of the per-frame FPS")
    func meanFPS() throws {
        let times = [10.0, 20, 40, 16.7, 8.3]
        let s = try #require(FrameStatistics(milliseconds: times))
        let perFrame = times.map { 1000 / $0 }
        let harmonic = Double(perFrame.count) / perFrame.reduce(0) { $0 + 1 / $1 }
        #expect(close(s.meanFPS, harmonic, 1e-9))
        #expect(close(FrameStatistics(milliseconds: (1...100).map(Double.init))!.meanFPS, 100_000.0 / 5050, 1e-9))
    }

    @Test("1 % low is the FPS of the mean of the slowest 1 % of frames")
    func lows() throws {
        // 990 frames of 10 ms and 10 slow ones of 40, 42, … 58 ms.
        let slow = (0..<10).map { 40.0 + 2 * Double($0) }
        let times = Array(repeating: 10.0, count: 990) + slow
        let s = try #require(FrameStatistics(milliseconds: times.shuffled()))
        #expect(close(s.low1, 1000 / 49, 1e-9))
        #expect(close(s.low01, 1000.0 / 58, 1e-9))
        #expect(s.p50 == 10)
        #expect(close(s.meanFPS, 1000 * 1000 / (9900 + 490), 1e-9))
        #expect(s.max == 58)
        // Fewer than 100 frames: the slowest single frame.
        let few = try #require(FrameStatistics(milliseconds: [5, 6, 7, 20]))
        #expect(close(few.low1, 50))
        #expect(close(few.low01, 50))
    }

    @Test("no frames give no statistics; one frame is every percentile")
    func edges() throws {
        #expect(FrameStatistics(milliseconds: []) == nil)
        let one = try #require(FrameStatistics(milliseconds: [12.5]))
        #expect(one.p50 == 12.5 && one.p999 == 12.5 && one.min == 12.5 && one.max == 12.5)
        #expect(close(one.meanFPS, 80))
        #expect(FrameStatistics.median([3, 1, 2]) == 2)
        #expect(FrameStatistics.median([4, 1, 3, 2]) == 2.5)
        #expect(FrameStatistics.median([]) == 0)
    }

    @Test("a linear fit recovers an exact line with r² = 1")
    func exactLine() throws {
        let x = (0..<10).map(Double.init)
        let fit = try #require(LinearFit(x: x, y: x.map { 3 * $0 + 2 }))
        #expect(close(fit.slope, 3, 1e-12))
        #expect(close(fit.intercept, 2, 1e-12))
        #expect(close(fit.r2, 1, 1e-12))
        let down = try #require(LinearFit(x: [1, 2, 3], y: [10, 8, 6]))
        #expect(close(down.slope, -2) && close(down.intercept, 12) && close(down.r2, 1))
    }

    @Test("a linear fit of scattered points, and the cases it refuses")
    func scattered() throws {
        // mean (1, 1), Sxx = 2, Sxy = 1, Syy = 2: slope ½, intercept ½, r² = 1/4.
        let fit = try #require(LinearFit(x: [0, 1, 2], y: [0, 2, 1]))
        #expect(close(fit.slope, 0.5) && close(fit.intercept, 0.5) && close(fit.r2, 0.25))
        let flat = try #require(LinearFit(x: [0, 1, 2], y: [4, 4, 4]))
        #expect(flat.slope == 0 && flat.intercept == 4 && flat.r2 == 1)
        #expect(LinearFit(x: [1], y: [1]) == nil)
        #expect(LinearFit(x: [1, 2], y: [1]) == nil)
        #expect(LinearFit(x: [2, 2, 2], y: [1, 2, 3]) == nil)
    }
}
