import Foundation
import RadialWindow
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// The benchmark's report: a table for people, JSON and CSV for machines.
struct BenchReport {
    let name: String
    let samples: [BenchCommand.Sample]
    let floor: [BenchCommand.Sample]?
    let settle: Double
    let size: (Int, Int)
    let renderer: String
    let seconds: Double
    let vsync: Bool
    let offscreen: Bool
    let partialRedraw: Bool
    let presentation: String

    var stats: FrameStatistics? { FrameStatistics(milliseconds: samples.map(\.wall)) }
    var floorStats: FrameStatistics? { floor.flatMap { FrameStatistics(milliseconds: $0.map(\.wall)) } }
    /// Frames after every chart has come to rest (a scan never rests: all frames count).
    var steady: [BenchCommand.Sample] {
        let s = samples.filter { $0.time >= settle }
        return s.isEmpty ? samples : s
    }
    func median(_ f: (BenchCommand.Sample) -> Double, _ list: [BenchCommand.Sample]) -> Double { FrameStatistics.median(list.map(f)) }
    var gpuMedian: Double? {
        let g = samples.map(\.gpu).filter { $0 >= 0 }
        return g.isEmpty ? nil : FrameStatistics.median(g)
    }
    /// Mean share of the window's pixels redrawn per frame.
    func redrawnShare(_ list: [BenchCommand.Sample]) -> Double {
        let total = Double(size.0 * size.1) * Double(max(list.count, 1))
        return total > 0 ? Double(list.map(\.pixelsRedrawn).reduce(0, +)) / total : 0
    }
    /// Draw calls of a frame drawn whole (partial frames skip what lies outside the damage).
    var drawCalls: Int { samples.map(\.drawCalls).max() ?? 0 }
    var threads: String { ProcessInfo.processInfo.environment["LP_NUM_THREADS"] ?? "unset" }

    func table() -> String {
        guard let s = stats else { return "no frames" }
        var out: [String] = []
        out.append("radial bench: \(name) at \(size.0)×\(size.1), \(s.count) frames in \(String(format: "%.1f", seconds)) s, vsync \(vsync ? "on" : "off")\(offscreen ? ", offscreen" : "")")
        out.append("renderer: \(renderer), LP_NUM_THREADS=\(threads)")
        out.append("present: \(presentation)")
        out.append("")
        out.append(pad("", 22) + pad("frame ms", 11) + (floorStats != nil ? pad("floor ms", 11) + "ratio" : ""))
        func row(_ label: String, _ v: Double, _ f: Double?) {
            var line = pad(label, 22) + pad(f3(v), 11)
            if let f { line += pad(f3(f), 11) + String(format: "%.2f×", f > 0 ? v / f : 0) }
            out.append(line)
        }
        let fl = floorStats
        row("min", s.min, fl?.min)
        row("p50 (median)", s.p50, fl?.p50)
        row("p90", s.p90, fl?.p90)
        row("p99", s.p99, fl?.p99)
        row("p99.9", s.p999, fl?.p999)
        row("max", s.max, fl?.max)
        out.append("")
        out.append(pad("mean FPS (harmonic)", 22) + String(format: "%.1f", s.meanFPS) + (fl.map { String(format: "   floor %.1f", $0.meanFPS) } ?? ""))
        out.append(pad("1 % low FPS", 22) + String(format: "%.1f", s.low1) + (fl.map { String(format: "   floor %.1f", $0.low1) } ?? ""))
        out.append(pad("0.1 % low FPS", 22) + String(format: "%.1f", s.low01) + (fl.map { String(format: "   floor %.1f", $0.low01) } ?? ""))
        out.append("  (" + FrameStatistics.lowDefinition + ")")
        out.append("")
        let st = steady
        out.append(pad("CPU median µs", 22) + String(format: "update %.1f · encode %.1f · submit %.1f · total %.1f",
            median(\.update, samples) * 1000, median(\.encode, samples) * 1000, median(\.submit, samples) * 1000,
            median({ $0.update + $0.encode + $0.submit }, samples) * 1000))
        out.append(pad("GPU median ms", 22) + (gpuMedian.map { f3($0) } ?? "n/a (no timer queries)"))
        out.append(pad("steady frames", 22) + "\(st.count) (t ≥ \(settle.isFinite ? String(format: "%.2f s", settle) : "0 s: never settles"))")
        out.append(pad("allocations / frame", 22) + String(format: "%.2f mean, %d max (steady frames; %.2f of them while encoding)",
            Double(st.map(\.allocations).reduce(0, +)) / Double(max(st.count, 1)), st.map(\.allocations).max() ?? 0,
            Double(st.map(\.encodeAllocations).reduce(0, +)) / Double(max(st.count, 1))))
        out.append(pad("bytes uploaded / frame", 22) + String(format: "%.0f mean, %d max (steady frames)", Double(st.map(\.uploaded).reduce(0, +)) / Double(max(st.count, 1)), st.map(\.uploaded).max() ?? 0))
        out.append(pad("draw calls / frame", 22) + "\(drawCalls) at most, \(String(format: "%.1f", Double(samples.map(\.drawCalls).reduce(0, +)) / Double(max(samples.count, 1)))) mean")
        out.append(pad("pixels redrawn", 22) + (partialRedraw
            ? String(format: "%.1f %% of the window a frame (steady frames %.1f %%): only what changed, by buffer age",
                     redrawnShare(samples) * 100, redrawnShare(st) * 100)
                + (samples.contains { $0.pixelsRedrawn == 0 } ? "; a frame that changed nothing draws and presents nothing" : "")
            : "every frame whole (--full-redraw)"))
        if let fl { out.append(""); out.append(String(format: "median ratio to the floor: %.2f×, p99 ratio: %.2f×", s.p50 / fl.p50, s.p99 / fl.p99)) }
        return out.joined(separator: "\n")
    }

    func json() -> JSONOut {
        func statsJSON(_ s: FrameStatistics) -> JSONOut {
            .object([("frames", .int(s.count)), ("meanFPS", .number(s.meanFPS)), ("minMs", .number(s.min)), ("p50Ms", .number(s.p50)),
                     ("p90Ms", .number(s.p90)), ("p99Ms", .number(s.p99)), ("p999Ms", .number(s.p999)), ("maxMs", .number(s.max)),
                     ("low1FPS", .number(s.low1)), ("low01FPS", .number(s.low01))])
        }
        let st = steady
        var fields: [(String, JSONOut)] = [
            ("name", .string(name)), ("width", .int(size.0)), ("height", .int(size.1)),
            ("renderer", .string(renderer)), ("lpNumThreads", .string(threads)), ("vsync", .bool(vsync)), ("offscreen", .bool(offscreen)),
            ("frameTime", stats.map(statsJSON) ?? .null),
            ("cpuMedianMs", .object([("update", .number(median(\.update, samples))), ("encode", .number(median(\.encode, samples))),
                                     ("submit", .number(median(\.submit, samples)))])),
            ("gpuMedianMs", gpuMedian.map(JSONOut.number) ?? .null),
            ("steadyFrames", .int(st.count)),
            ("allocationsPerSteadyFrame", .number(Double(st.map(\.allocations).reduce(0, +)) / Double(max(st.count, 1)))),
            ("bytesUploadedPerSteadyFrame", .number(Double(st.map(\.uploaded).reduce(0, +)) / Double(max(st.count, 1)))),
            ("drawCallsPerFrame", .int(drawCalls)),
            ("partialRedraw", .bool(partialRedraw)),
            ("presentation", .string(presentation)),
            ("redrawnShare", .number(redrawnShare(samples))),
            ("redrawnShareSteady", .number(redrawnShare(st))),
            ("lowDefinition", .string(FrameStatistics.lowDefinition)),
        ]
        if let fl = floorStats, let s = stats {
            fields.append(("floor", statsJSON(fl)))
            fields.append(("ratioP50", .number(s.p50 / fl.p50)))
            fields.append(("ratioP99", .number(s.p99 / fl.p99)))
        }
        return .object(fields)
    }

    func csv() -> String {
        var out = "frame,time_s,wall_ms,update_ms,encode_ms,submit_ms,gpu_ms,allocations,bytes_uploaded,draw_calls,pixels_redrawn\n"
        for (i, s) in samples.enumerated() {
            out += "\(i),\(s.time),\(s.wall),\(s.update),\(s.encode),\(s.submit),\(s.gpu >= 0 ? String(s.gpu) : ""),\(s.allocations),\(s.uploaded),\(s.drawCalls),\(s.pixelsRedrawn)\n"
        }
        return out
    }
}

/// Synthetic pages for the load ramps, far past any real chart.
enum BenchPages {
    static func ramp(_ ramp: BenchCommand.Ramp, _ n: Int) -> Page {
        func radar(axes: Int, series: Int) -> RadarChart {
            let colors = CategoricalPalette.system.colors(count: series)
            return RadarChart(axes: (0..<axes).map { "A\($0)" },
                              series: (0..<series).map { s in
                                  RadarSeries(name: "S\(s)", values: (0..<axes).map { a in Double((a * 37 + s * 11) % 90 + 10) },
                                              color: colors[s])
                              })
        }
        switch ramp {
        case .axes: return Page(charts: [.radar(radar(axes: n, series: 2))])
        case .series: return Page(charts: [.radar(radar(axes: 8, series: n))])
        case .sectors:
            return Page(charts: [.pie(PieChart(title: "Sectors", sectors: (0..<n).map { PieSector(name: "S\($0)", value: Double($0 % 7 + 1)) },
                                               innerRadius: 0.5, appear: .all, legend: false))])
        case .charts: return Page(title: "\(n) charts", charts: (0..<n).map { _ in .radar(radar(axes: 6, series: 2)) })
        case .points:
            // A polar scatter: angles and radii from a fixed linear congruential sequence, so every run draws the same points.
            var state: UInt64 = 0x2545F4914F6CDD1D
            func next() -> Double {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Double(state >> 11) / Double(1 << 53)
            }
            let points = (0..<n).map { _ in PolarPoint(angle: next() * 360, radius: next().squareRoot() * 100) }
            return Page(charts: [.polar(PolarChart(title: "\(n) points", radiusAxis: PolarRadiusAxis(maximum: 100),
                                                   series: [PolarSeries(name: "Points", points: points, mark: .point)]))])
        }
    }
}
