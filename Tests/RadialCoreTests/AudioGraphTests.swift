import Foundation
import Testing
@testable import RadialCore

@Suite("Audio graphs")
struct AudioGraphTests {
    let enUS = Formatting(localeIdentifier: "en_US")

    @Test("a pie plays sector by sector clockwise: pitch by share, pan by the sector's middle")
    func pie() {
        let pie = PieChart(sectors: [PieSector(name: "A", value: 25), PieSector(name: "B", value: 50), PieSector(name: "C", value: 25)])
        let g = AudioGraph(pie: pie, chart: 0, formatting: enUS)
        #expect(g.tones.map(\.element) == [0, 1, 2].map { ElementRef(chart: 0, key: .sector($0)) })
        let want: [Double] = [0.25, 0.5, 0.25].map { (share: Double) -> Double in 200 * pow(8, share) }
        #expect(zip(g.tones.map(\.frequency), want).allSatisfy { abs($0 - $1) < 1e-9 })
        // A's middle at 1:30 (right), B's at 6 o'clock (center), C's at 10:30 (left).
        let pans = g.tones.map(\.pan)
        #expect(abs(pans[0] - sin(.pi / 4)) < 1e-9 && abs(pans[1]) < 1e-9 && abs(pans[2] + sin(.pi / 4)) < 1e-9)
        #expect(g.tones.map(\.label) == ["A 25, 25%", "B 50, 50%", "C 25, 25%"])
        // Hidden sectors are left out and the shares are of what is shown.
        let hidden = AudioGraph(pie: pie, chart: 0, hidden: [1], formatting: enUS)
        #expect(hidden.tones.count == 2 && abs(hidden.tones[0].frequency - 200 * pow(8, 0.5)) < 1e-9)
    }

    @Test("a scan plays its contacts in the order the beam reaches them, pitch by how far out")
    func scan() {
        // The beam starts at 3 o'clock and turns clockwise: 100° first, then 300°, then 20°.
        let scan = ScanChart(blips: [Blip(angle: 20, distance: 0.5, label: "a"), Blip(angle: 100, distance: 1, label: "b"), Blip(angle: 300, distance: 0, label: "c")])
        let g = AudioGraph(scan: scan, chart: 2, formatting: enUS)
        #expect(g.tones.map(\.element) == [1, 2, 0].map { ElementRef(chart: 2, key: .contact($0)) })
        let f = g.tones.map(\.frequency)
        #expect(abs(f[0] - 1600) < 1e-9 && abs(f[1] - 200) < 1e-9 && abs(f[2] - 200 * pow(8.0, 0.5)) < 1e-9)
    }

    @Test("a missing value has its own timbre; series follow each other after a gap")
    func missingAndGaps() {
        let r = RadarChart(axes: ["A", "B", "C"], series: [RadarSeries(name: "S", values: [10, .nan, 100], color: .system(.red)),
                                                            RadarSeries(name: "T", values: [0, 50, 100], color: .system(.blue))])
        let g = AudioGraph(radar: r, chart: 0, formatting: enUS)
        #expect(g.tones.map(\.timbre) == [.value, .noValue, .value, .value, .value, .value])
        #expect(g.tones[1].label == "S, B no value")
        let starts = g.tones.map(\.start)
        #expect(abs((starts[3] - starts[2]) - (AudioGraph.stepSeconds + AudioGraph.seriesGap)) < 1e-9 && abs(starts[1] - starts[0] - AudioGraph.stepSeconds) < 1e-9)
        let pcm = AudioGraph(tones: [g.tones[1]]).samples()
        #expect(pcm.contains { $0 != 0 })
        #expect(AudioGraph.wav(pcm).count == 44 + pcm.count * 2)
    }
}
