import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

@Suite("Scan sweep")
struct ScanTests {
    @Test("the beam turns 360° · frac(T / duration), even after many turns")
    func rotation() {
        #expect(ScanItem.rotation(time: 0, duration: 3, reduceMotion: false) == 0)
        #expect(close(ScanItem.rotation(time: 0.75, duration: 3, reduceMotion: false), 90))
        #expect(close(ScanItem.rotation(time: 1.5, duration: 3, reduceMotion: false), 180))
        #expect(close(ScanItem.rotation(time: 3, duration: 3, reduceMotion: false), 0))
        #expect(close(ScanItem.rotation(time: 3000.75, duration: 3, reduceMotion: false), 90, 1e-6))
        #expect(close(ScanItem.rotation(time: 1e6 + 0.5, duration: 2, reduceMotion: false), 90, 1e-4))
        for i in 0..<1000 {
            let r = ScanItem.rotation(time: Double(i) * 0.137, duration: 3, reduceMotion: false)
            #expect(r >= 0 && r < 360)
        }
    }

    @Test("reduce motion holds the beam at 0; a bad duration or time does too")
    func rotationHeld() {
        #expect(ScanItem.rotation(time: 1.3, duration: 3, reduceMotion: true) == 0)
        #expect(ScanItem.rotation(time: 1.3, duration: 0, reduceMotion: false) == 0)
        #expect(ScanItem.rotation(time: .infinity, duration: 3, reduceMotion: false) == 0)
        #expect(ScanItem.rotation(time: .nan, duration: 3, reduceMotion: false) == 0)
    }

    @Test("the leading edge starts at 3 o'clock (90°) and moves with the scan's direction")
    func leadingAngle() {
        let cw = ScanChart(duration: 3, clockwise: true)
        let ccw = ScanChart(duration: 3, clockwise: false)
        #expect(ScanItem.leadingAngle(time: 0, chart: cw, reduceMotion: false) == 90)
        #expect(ScanItem.leadingAngle(time: 0, chart: ccw, reduceMotion: false) == 90)
        #expect(close(ScanItem.leadingAngle(time: 0.75, chart: cw, reduceMotion: false), 180))
        #expect(close(ScanItem.leadingAngle(time: 0.75, chart: ccw, reduceMotion: false), 0))
        #expect(close(ScanItem.leadingAngle(time: 1.5, chart: cw, reduceMotion: false), 270))
        #expect(close(ScanItem.leadingAngle(time: 1.5, chart: ccw, reduceMotion: false), 270))
        #expect(close(ScanItem.leadingAngle(time: 2.25, chart: cw, reduceMotion: false), 0))
        #expect(close(ScanItem.leadingAngle(time: 2.25, chart: ccw, reduceMotion: false), 180))
        #expect(close(ScanItem.leadingAngle(time: 3000.75, chart: cw, reduceMotion: false), 180, 1e-6))
        #expect(ScanItem.leadingAngle(time: 2.2, chart: cw, reduceMotion: true) == 90)
        #expect(ScanItem.leadingAngle(time: 2.2, chart: ccw, reduceMotion: true) == 90)
        for i in 0..<500 {
            let t = Double(i) * 0.0731
            for chart in [cw, ccw] {
                let a = ScanItem.leadingAngle(time: t, chart: chart, reduceMotion: false)
                #expect(a >= 0 && a < 360)
            }
        }
    }

    @Test("the gradient is brightest just behind the reported leading edge, clear just ahead of it",
          arguments: [true, false])
    func gradientAgreesWithLeadingAngle(clockwise: Bool) {
        let chart = ScanChart(duration: 3, clockwise: clockwise)
        let stops = chart.stops.map { $0.resolved(.light).premultiplied }
        for i in 0..<40 {
            let t = Double(i) * 0.173
            let rot = ScanItem.rotation(time: t, duration: 3, reduceMotion: false)
            // As the renderer sets it up (ScanItem.draw).
            let start = (clockwise ? rot : -rot) * .pi / 180
            let dir: Double = clockwise ? 1 : -1
            let lead = ScanItem.leadingAngle(time: t, chart: chart, reduceMotion: false)
            let leadPhi = (lead - 90) * .pi / 180      // from 12 o'clock to 3 o'clock radians
            let eps = 0.01
            let behind = SwiftUIAngularGradient.color(at: SwiftUIAngularGradient.parameter(phi: leadPhi - dir * eps, start: start, direction: dir), stops: stops)
            let ahead = SwiftUIAngularGradient.color(at: SwiftUIAngularGradient.parameter(phi: leadPhi + dir * eps, start: start, direction: dir), stops: stops)
            #expect(behind.a > 0.99, "t = \(t): behind \(behind)")
            #expect(ahead.a < 0.51, "t = \(t): ahead \(ahead)")
        }
    }

    @Test("a blip is dark until the beam first reaches it, lit as it passes, then fades to 0 over `fade`")
    func blipIntensity() {
        let chart = ScanChart(duration: 3, clockwise: true, fade: 2)
        let blip = Blip(angle: 180, distance: 0.5)
        // The beam starts at 90° and needs 90° (0.75 s) to reach 180°.
        for t in stride(from: 0.0, to: 0.74, by: 0.01) {
            #expect(ScanItem.intensity(of: blip, time: t, chart: chart, reduceMotion: false) == 0, "t = \(t)")
        }
        #expect(close(ScanItem.intensity(of: blip, time: 0.75, chart: chart, reduceMotion: false), 1, 1e-9))
        var last = 1.0
        for t in stride(from: 0.76, through: 2.75, by: 0.01) {
            let k = ScanItem.intensity(of: blip, time: t, chart: chart, reduceMotion: false)
            #expect(k <= last && k >= 0, "t = \(t): \(k) after \(last)")
            last = k
        }
        #expect(close(ScanItem.intensity(of: blip, time: 1.75, chart: chart, reduceMotion: false), 0.25, 1e-9))
        #expect(ScanItem.intensity(of: blip, time: 2.76, chart: chart, reduceMotion: false) == 0)
        #expect(ScanItem.intensity(of: blip, time: 3.7, chart: chart, reduceMotion: false) == 0)
        // The next pass lights it again.
        #expect(close(ScanItem.intensity(of: blip, time: 3.75, chart: chart, reduceMotion: false), 1, 1e-9))
        #expect(close(ScanItem.intensity(of: blip, time: 300.75, chart: chart, reduceMotion: false), 1, 1e-6))
    }

    @Test("a still shows every contact: as lit as in its frame, never under the afterglow; a frame and reduce motion are unchanged")
    func stillIntensity() {
        let chart = ScanChart(duration: 3, clockwise: true, fade: 2)
        let blip = Blip(angle: 180, distance: 0.5)   // first lit at 0.75 s
        func still(_ t: Double) -> Double { ScanItem.intensity(of: blip, moment: Moment(time: t, still: true), chart: chart) }
        func frame(_ t: Double) -> Double { ScanItem.intensity(of: blip, moment: Moment(time: t), chart: chart) }
        #expect(ScanItem.stillAfterglow == 0.45)
        // Not reached yet in the frame; in the still, a turn on, its pass was 2.75 s ago (> fade).
        #expect(frame(0.5) == 0)
        #expect(close(still(0.5), 0.45, 1e-12))
        // 0.5 s after the pass the frame's 0.5625 is above the afterglow: the still draws it so.
        #expect(close(frame(1.25), 0.5625, 1e-9))
        #expect(close(still(1.25), 0.5625, 1e-9))
        // Just before the beam comes round it has been a whole turn less a moment: the still
        // lights it as the frame a turn later would (faded), at the afterglow.
        #expect(close(still(3.7), 0.45, 1e-12))
        for t in stride(from: 0.0, through: 9, by: 0.05) {
            #expect(still(t) >= 0.45 && still(t) >= frame(t) - 1e-12, "t = \(t)")
            #expect(ScanItem.intensity(of: blip, moment: Moment(time: t, reduceMotion: true, still: true), chart: chart) == 1)
        }
    }

    @Test("the first pass comes when the beam, turning its way, first reaches the blip")
    func firstPass() {
        let cw = ScanChart(duration: 4, clockwise: true)
        let ccw = ScanChart(duration: 4, clockwise: false)
        let top = Blip(angle: 0, distance: 1)          // 12 o'clock
        // Clockwise from 3 o'clock to 12 is 270° (3 s); counter-clockwise it is 90° (1 s).
        #expect(ScanItem.intensity(of: top, time: 2.95, chart: cw, reduceMotion: false) == 0)
        #expect(close(ScanItem.intensity(of: top, time: 3, chart: cw, reduceMotion: false), 1, 1e-9))
        #expect(ScanItem.intensity(of: top, time: 0.95, chart: ccw, reduceMotion: false) == 0)
        #expect(close(ScanItem.intensity(of: top, time: 1, chart: ccw, reduceMotion: false), 1, 1e-9))
        // A blip at the starting edge is lit from the first frame.
        #expect(ScanItem.intensity(of: Blip(angle: 90, distance: 1), time: 0, chart: cw, reduceMotion: false) == 1)
        #expect(ScanItem.intensity(of: top, time: -1, chart: cw, reduceMotion: false) == 0)
    }

    @Test("reduce motion shows every blip fully lit")
    func reduceMotion() {
        let chart = ScanChart(duration: 3)
        for angle in [0.0, 45, 180, 359] {
            #expect(ScanItem.intensity(of: Blip(angle: angle, distance: 0.5), time: 0, chart: chart, reduceMotion: true) == 1)
        }
    }
}

@Suite("Scan instance")
struct ScanInstanceTests {
    @Test("the scan instance's stops are premultiplied, padded with clear")
    func instanceStops() {
        let s = AngularGradientInstance.stops([RGBA(1, 0.5, 0, 0.5), RGBA(0, 0, 1, 1)])
        #expect(s.0 == RGBA(0.5, 0.25, 0, 0.5))
        #expect(s.1 == RGBA(0, 0, 1, 1))
        #expect(s.2 == .clear && s.7 == .clear)
    }
}

@Suite("Scan beam bounds")
struct ScanBeamBoundsTests {
    @Test("the beam starts at the stop before the first visible one")
    func beamStart() {
        let g = RGBA(0, 1, 0, 1)
        #expect(ScanItem.beamStart([.clear, .clear, g]) == 0.5)
        #expect(ScanItem.beamStart([.clear, .clear, .clear, .clear, g]) == 0.75)
        #expect(ScanItem.beamStart([g, .clear]) == 0)
        #expect(ScanItem.beamStart([.clear, .clear]) == 0)   // nothing visible: no saving claimed
    }

    @Test("the beam's arc is widened by 3 px at the rim and never exceeds a turn")
    func beamArc() {
        let (a0, a1) = ScanItem.beamArc(from: 1, to: 1 + .pi, radius: 300)
        #expect(close(a0, 1 - 0.01, 1e-12) && close(a1, 1 + .pi + 0.01, 1e-12))
        let (b0, b1) = ScanItem.beamArc(from: 0.5, to: 0.5 + 2 * .pi, radius: 300)
        #expect(b0 == 0.5 && close(b1 - b0, 2 * .pi, 1e-12))
    }
}
