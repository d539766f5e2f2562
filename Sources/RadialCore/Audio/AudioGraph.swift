import Foundation

/// A chart as sound (an audio graph, as Apple's Audio Graphs and Highcharts' sonification play
/// them): one short tone per element, its pitch the element's value on the chart's own scale,
/// its place in the stereo field where the element sits, series one after another.
///
/// - Radar: each shown series, axis by axis clockwise from 12 o'clock; pitch by the value's
///   place on its axis (the share from the center to the rim, so "lower is better" axes rise
///   as they get better); pan by where the axis points (3 o'clock plays on the right).
/// - Pie: sector by sector clockwise from 12 o'clock; pitch by the sector's share of the shown
///   total; pan by where its middle is.
/// - Scan: contacts in the order the beam reaches them; pitch by how far out a contact is; pan
///   by where it is.
/// - The radial family (AudioGraph+Family.swift): a gauge's value, each ring, wedge, bar and
///   top-level node, pitch by its place on the chart's scale.
/// A missing value plays a different timbre (a dull buzz at the bottom of the range).
///
/// Pitch runs on a log scale from `lowest` (a value at the center, or no share) to `highest`
/// (at the rim, the whole): 200 Hz to 1600 Hz, three octaves, by default.
package struct AudioGraph: Sendable, Equatable {
    /// How a tone sounds.
    package enum Timbre: Sendable, Equatable {
        /// A value: a sine with a little of its octave.
        case value
        /// A missing value: a square wave, softer, at the lowest pitch.
        case noValue
    }

    /// One note of the graph: when, how high, where in the stereo field, and what it stands for.
    package struct Tone: Sendable, Equatable {
        /// Seconds from the start of the graph.
        package var start: Double
        /// How long it sounds, in seconds.
        package var duration: Double
        /// Its pitch in hertz (`lowest` … `highest`).
        package var frequency: Double
        /// -1 left, 0 center, 1 right.
        package var pan: Double
        /// A value's sound, or a missing value's.
        package var timbre: Timbre
        /// What it stands for, as a screen reader says it: "City, Speed 55".
        package var label: String
        /// The element it plays (the window steps through these with Left and Right).
        package var element: ElementRef
    }

    /// The notes in playing order.
    package var tones: [Tone]
    /// Seconds, the last tone's end.
    package var duration: Double { tones.map { $0.start + $0.duration }.max() ?? 0 }

    /// The stated range and pace (Highcharts plays 200 ms notes; these are a little shorter).
    package static let lowest = 200.0, highest = 1600.0
    /// Seconds a tone sounds, seconds from one tone's start to the next, and the extra pause between series.
    package static let toneSeconds = 0.16, stepSeconds = 0.22, seriesGap = 0.45

    /// The pitch of a place on the scale, 0 ... 1 (clamped), on a log scale.
    package static func frequency(share: Double) -> Double {
        lowest * pow(highest / lowest, min(max(share.isFinite ? share : 0, 0), 1))
    }

    /// Where a direction (turns clockwise from 12 o'clock) sits left to right: -1 ... 1.
    package static func pan(turn: Double) -> Double { turn.isFinite ? sin(turn * 2 * .pi) : 0 }

    // MARK: - From charts

    /// The graph of chart `index` of `page` (hidden series and sectors left out).
    package init(page: Page, chart index: Int, hidden: Set<Int> = [], formatting: Formatting) {
        let chart = page.charts[index]
        self = chart.kind.audio(chart, index, hidden, formatting)
    }

    /// Every chart of a page, one after another with a gap.
    package init(page: Page, formatting: Formatting) {
        var all: [Tone] = [], offset = 0.0
        for i in page.charts.indices {
            let g = AudioGraph(page: page, chart: i, formatting: formatting)
            all += g.tones.map { var t = $0; t.start += offset; return t }
            if !g.tones.isEmpty { offset += g.duration + Self.seriesGap * 2 }
        }
        tones = all
    }

    /// A graph of the given tones.
    package init(tones: [Tone]) { self.tones = tones }

    /// A radar's graph: each shown series (not in `hidden`), axis by axis clockwise from 12 o'clock.
    package init(radar chart: RadarChart, chart index: Int, hidden: Set<Int> = [], formatting: Formatting) {
        var out: [Tone] = [], t = 0.0
        let n = chart.axes.count
        for s in chart.series.indices where !hidden.contains(s) {
            for a in 0..<n {
                let v = chart.value(series: s, axis: a)
                let missing = !v.isFinite
                out.append(Tone(start: t, duration: Self.toneSeconds,
                                frequency: missing ? Self.lowest : Self.frequency(share: chart.share(series: s, axis: a)),
                                pan: Self.pan(turn: Double(a) / Double(max(n, 1))), timbre: missing ? .noValue : .value,
                                label: chart.series[s].name + ", " + chart.axes[a] + " " + Descriptions.axisNumber(chart, series: s, axis: a, formatting: formatting),
                                element: ElementRef(chart: index, key: .axis(a))))
                t += Self.stepSeconds
            }
            t += Self.seriesGap
        }
        tones = out
    }

    /// A pie's graph: the shown sectors (not in `hidden`), clockwise from 12 o'clock, pitch by share of the shown total.
    package init(pie chart: PieChart, chart index: Int, hidden: Set<Int> = [], formatting: Formatting) {
        let total = Descriptions.shownTotal(chart, hidden: hidden)
        var out: [Tone] = [], t = 0.0, start = 0.0
        for i in chart.sectors.indices where !hidden.contains(i) {
            let v = chart.sectors[i].value
            let share = total > 0 && v.isFinite ? max(v, 0) / total : 0
            out.append(Tone(start: t, duration: Self.toneSeconds, frequency: Self.frequency(share: share),
                            pan: Self.pan(turn: start + share / 2), timbre: v.isFinite ? .value : .noValue,
                            label: chart.sectors[i].name + " " + Descriptions.sectorValue(chart, sector: i, formatting: formatting, hidden: hidden),
                            element: ElementRef(chart: index, key: .sector(i))))
            start += share
            t += Self.stepSeconds
        }
        tones = out
    }

    /// A scan's graph: its contacts in the order the beam first reaches them, pitch by distance from the center.
    package init(scan chart: ScanChart, chart index: Int, formatting: Formatting) {
        // The beam's first pass over each contact (ScanItem.sincePass's start, without the time).
        func firstPass(_ b: Blip) -> Double {
            var first = chart.clockwise ? b.angle - 90 : 90 - b.angle
            first -= 360 * (first / 360).rounded(.down)
            return first
        }
        let order = chart.blips.indices.sorted { firstPass(chart.blips[$0]) < firstPass(chart.blips[$1]) }
        tones = order.enumerated().map { k, i in
            let b = chart.blips[i]
            return Tone(start: Double(k) * Self.stepSeconds, duration: Self.toneSeconds, frequency: Self.frequency(share: b.distance),
                        pan: Self.pan(turn: b.angle / 360), timbre: .value,
                        label: Descriptions.contactName(chart, i) + " " + Descriptions.contactPlace(b, formatting: formatting),
                        element: ElementRef(chart: index, key: .contact(i)))
        }
    }

    // MARK: - Sound

    /// The graph as 16-bit stereo PCM, interleaved left, right, at `sampleRate`. Each tone
    /// fades in over 10 ms and out over 40 ms (no clicks); equal-power panning.
    package func samples(sampleRate: Int = 44_100, from: Double = 0) -> [Int16] {
        let length = (duration - from) * Double(sampleRate)
        let frames = Int(length.isFinite ? min(max(length, 0), Double(Int32.max)).rounded(.up) : 0) + sampleRate / 20
        var out = [Int16](repeating: 0, count: max(frames, 0) * 2)
        let rate = Double(sampleRate)
        // Every number is clamped before it becomes an integer: a tone's place, length, pitch
        // and pan are finite and in range whatever the chart computed.
        func sampleIndex(_ seconds: Double) -> Int { Int(min(max(seconds * rate, -Double(Int32.max)), Double(Int32.max)).rounded()) }
        for tone in tones where tone.start.isFinite && tone.duration.isFinite && tone.start + tone.duration > from {
            let first = sampleIndex(tone.start - from), count = sampleIndex(tone.duration)
            let pan = tone.pan.isFinite ? min(max(tone.pan, -1), 1) : 0
            let frequency = tone.frequency.isFinite ? min(max(tone.frequency, 0), rate / 2) : Self.lowest
            let angle = (pan + 1) * .pi / 4
            let left = cos(angle), right = sin(angle)
            let loudness = tone.timbre == .value ? 0.5 : 0.25
            for k in 0..<count where first + k >= 0 && first + k < frames {
                let time = Double(k) / rate
                let envelope = min(1, time / 0.010, (tone.duration - time) / 0.040)
                let phase = 2 * .pi * frequency * time
                let wave: Double
                switch tone.timbre {
                case .value: wave = (sin(phase) + 0.2 * sin(2 * phase)) / 1.2
                case .noValue: wave = sin(phase) >= 0 ? 0.6 : -0.6
                }
                let v = wave * envelope * loudness * 32_000
                let j = (first + k) * 2
                out[j] = Self.sample(Double(out[j]) + v * left)
                out[j + 1] = Self.sample(Double(out[j + 1]) + v * right)
            }
        }
        return out
    }

    /// A 16-bit sample of `v`, clamped before it is converted (NaN is silence).
    static func sample(_ v: Double) -> Int16 { v.isNaN ? 0 : Int16(min(max(v, -32_768), 32_767).rounded()) }

    /// A RIFF WAVE file of `samples` (16-bit stereo PCM at `sampleRate`).
    package static func wav(_ samples: [Int16], sampleRate: Int = 44_100) -> [UInt8] {
        var b: [UInt8] = []
        func u32(_ v: UInt32) { b += withUnsafeBytes(of: v.littleEndian, Array.init) }
        func u16(_ v: UInt16) { b += withUnsafeBytes(of: v.littleEndian, Array.init) }
        let data = UInt32(samples.count * 2)
        b += Array("RIFF".utf8); u32(36 + data); b += Array("WAVE".utf8)
        b += Array("fmt ".utf8); u32(16); u16(1); u16(2); u32(UInt32(sampleRate)); u32(UInt32(sampleRate * 4)); u16(4); u16(16)
        b += Array("data".utf8); u32(data)
        b.reserveCapacity(b.count + samples.count * 2)
        for s in samples { u16(UInt16(bitPattern: s)) }
        return b
    }
}
