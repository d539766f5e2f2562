import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

@Suite("Timeline")
struct TimelineTests {
    /// A timeline on a fresh manual clock that has run for `elapsed` seconds.
    static func timeline(after elapsed: Double) -> (ManualClock, Timeline) {
        let clock = ManualClock()
        let timeline = Timeline(source: clock)
        clock.advance(by: elapsed)
        return (clock, timeline)
    }

    @Test("animation time starts at 0 when the page appears, whatever the clock reads")
    func startsAtZero() {
        let clock = ManualClock(start: 100)
        let timeline = Timeline(source: clock)
        #expect(timeline.time == 0)
        for _ in 0..<60 { clock.advance(by: 1.0 / 60) }
        #expect(close(timeline.time, 1))
    }

    @Test("pause holds the time while the clock runs on, and resume continues from there")
    func pause() {
        let (clock, timeline) = Self.timeline(after: 1.5)
        timeline.setPaused(true)
        #expect(timeline.isPaused)
        clock.advance(by: 10)
        #expect(close(timeline.time, 1.5))
        timeline.togglePause()
        #expect(!timeline.isPaused)
        #expect(close(timeline.time, 1.5))
        clock.advance(by: 0.5)
        #expect(close(timeline.time, 2))
    }

    @Test("step moves the paused time by 1/60 s each way and never below 0")
    func step() {
        let (clock, timeline) = Self.timeline(after: 0.1)
        timeline.setPaused(true)
        for _ in 0..<3 { timeline.step(by: 1.0 / 60) }
        #expect(close(timeline.time, 0.15))
        clock.advance(by: 3)
        #expect(close(timeline.time, 0.15))
        timeline.step(by: -1.0 / 60)
        #expect(close(timeline.time, 0.15 - 1.0 / 60))
        timeline.step(by: -5)
        #expect(timeline.time == 0)
        timeline.seek(to: -3)
        #expect(timeline.time == 0)
        timeline.seek(to: 2.5)
        #expect(timeline.time == 2.5)
    }

    @Test("speed 2 runs the animation twice as fast from the moment it is set")
    func speed() {
        let (clock, timeline) = Self.timeline(after: 1)
        timeline.setSpeed(2)
        #expect(close(timeline.time, 1))
        clock.advance(by: 1)
        #expect(close(timeline.time, 3))
        timeline.setSpeed(0.5)
        clock.advance(by: 2)
        #expect(close(timeline.time, 4))
    }

    @Test("speed is clamped to 1/8 … 8")
    func speedClamp() {
        let timeline = Timeline(source: ManualClock())
        timeline.setSpeed(100)
        #expect(timeline.speed == 8)
        timeline.setSpeed(0)
        #expect(timeline.speed == 0.125)
        timeline.setSpeed(-3)
        #expect(timeline.speed == 0.125)
    }

    @Test("replay restarts at 0, paused or not")
    func replay() {
        let (clock, timeline) = Self.timeline(after: 4)
        timeline.replay()
        #expect(timeline.time == 0)
        clock.advance(by: 0.5)
        #expect(close(timeline.time, 0.5))
        timeline.setPaused(true)
        timeline.replay()
        #expect(timeline.time == 0)
        clock.advance(by: 1)
        #expect(timeline.time == 0)
    }

    @Test("the time is never negative, even if the clock goes back")
    func neverNegative() {
        let clock = ManualClock(start: 10)
        let timeline = Timeline(source: clock)
        for i in 0..<200 {
            if i % 7 == 0 { timeline.step(by: -1) }
            if i % 11 == 0 { timeline.togglePause() }
            if i % 13 == 0 { timeline.setSpeed(Double(i % 5) + 0.5) }
            if i % 17 == 0 { timeline.replay() }
            clock.advance(by: 1.0 / 60)
            #expect(timeline.time >= 0)
        }
    }
}
