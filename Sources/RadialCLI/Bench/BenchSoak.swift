import Foundation
import RadialWindow
import RadialRender
import RadialText
import RadialCore
import RadialGL

/// `radial bench --soak MINUTES`: a page drawn at 60 frames a second for a long time while its
/// file is rewritten and reloaded every second, to show that nothing grows: RSS, CPU and frame
/// times over the first and the last minute (after a warm-up), side by side.
///
/// The default page is examples/dashboard.json with its radar's series renamed at every
/// rewrite, so each reload removes every series and adds new ones (the case that once kept every
/// removed shape forever).
extension BenchCommand {
    struct SoakWindow {
        var rssMB = 0.0
        var cpuPercent = 0.0
        var frames: [Double] = []
        var reloads = 0
        var summary: String {
            let f = frames.sorted()
            func q(_ p: Double) -> Double { f.isEmpty ? 0 : f[min(f.count - 1, Int(checked: Double(f.count) * p))] }
            return String(format: "RSS %.1f MB, CPU %.1f %%, frames %d (median %.2f ms, p99 %.2f ms, max %.2f ms), reloads %d",
                          rssMB, cpuPercent, f.count, q(0.5), q(0.99), f.last ?? 0, reloads)
        }
    }

    /// Resident set size now, from /proc/self/statm.
    static func residentMB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// User + system CPU seconds of this process so far.
    static func cpuSeconds() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }

    func runSoak(minutes: Double, rig: Rig) throws {
        // The page's text, and how to make the next version of it.
        let original: String
        let explicit: String?
        if case .page(.file(let path)) = target {
            explicit = path
            original = try String(decoding: PageSource.read(path), as: UTF8.self)
        } else if case .page(.demo(let d)) = target {
            throw UsageError("--soak reloads a file; give a chart file instead of --demo \(d.rawValue) (or nothing, for the dashboard).")
        } else {
            explicit = nil
            let dashboard = "examples/dashboard.json"
            guard FileManager.default.fileExists(atPath: dashboard) else {
                throw UsageError("--soak with no file uses \(dashboard); run it from the repository or give a chart file.")
            }
            original = try String(decoding: PageSource.read(dashboard), as: UTF8.self)
        }
        let live = NSTemporaryDirectory() + "radial-soak-\(getpid()).json"
        defer { unlink(live) }
        func version(_ g: Int) -> String {
            explicit != nil ? original : original
                .replacingOccurrences(of: "\"City\"", with: "\"City \(g)\"")
                .replacingOccurrences(of: "\"Trail\"", with: "\"Trail \(g)\"")
                .replacingOccurrences(of: "[5.5, 4,", with: "[\(Double(g % 10) + 0.5), 4,")
        }
        let formatting = Formatting(localeIdentifier: "en_US")
        try AtomicOutput.write(version(0), to: live)
        var scene = PageScene(page: try PageSource.file(live).load(), measurer: rig.fonts, formatting: formatting)
        let (pw, ph) = rig.pixelSize
        let size = Size(Double(pw), Double(ph))
        let total = minutes * 60
        let window = min(60, total / 3)   // seconds in each measured window
        let warmup = min(10, total / 6)
        let start = monotonicSeconds
        var generation = 0
        var first = SoakWindow(), last = SoakWindow()
        var firstCPU = (0.0, 0.0), lastCPU = (0.0, 0.0)
        var frame = 0
        try StandardStreams.line("radial bench --soak \(Self.format(minutes)) min: \(explicit ?? "examples/dashboard.json"), rewritten and reloaded every second, \(pw)×\(ph)")
        while true {
            let now = monotonicSeconds - start
            if now >= total { break }
            // Rewrite and reload once a second, as `radial show` does when the file changes.
            if Int(checked: now, rounding: .down) > generation {
                generation = Int(checked: now, rounding: .down)
                try AtomicOutput.write(version(generation), to: live)
                scene = PageScene(page: try PageSource.file(live).load(), measurer: rig.fonts, formatting: formatting, continuing: scene, at: now)
                if now >= warmup && now < warmup + window { first.reloads += 1 }
                if now >= total - window { last.reloads += 1 }
            }
            let t0 = monotonicSeconds
            scene.draw(into: rig.frame, FrameRequest(size: size, time: now, theme: .dark))
            rig.offscreen?.bind()
            if rig.offscreen == nil { OffscreenTarget.bindDefault() }
            try rig.renderer.render(rig.frame, bufferAge: 1)
            GLInfo.finish()
            let ms = (monotonicSeconds - t0) * 1000
            if now >= warmup && now < warmup + window {
                if first.frames.isEmpty { firstCPU = (Self.cpuSeconds(), monotonicSeconds) }
                first.frames.append(ms)
                first.rssMB = Self.residentMB()
                first.cpuPercent = 100 * (Self.cpuSeconds() - firstCPU.0) / max(monotonicSeconds - firstCPU.1, 1e-9)
            }
            if now >= total - window {
                if last.frames.isEmpty { lastCPU = (Self.cpuSeconds(), monotonicSeconds) }
                last.frames.append(ms)
                last.rssMB = Self.residentMB()
                last.cpuPercent = 100 * (Self.cpuSeconds() - lastCPU.0) / max(monotonicSeconds - lastCPU.1, 1e-9)
            }
            if frame % 3600 == 0 {
                try StandardStreams.line(String(format: "  %6.0f s: RSS %.1f MB, %d reloads", now, Self.residentMB(), generation))
                fflush(nil)
            }
            frame += 1
            // 60 frames a second, as a window with vsync would draw.
            let next = start + Double(frame) / 60
            let wait = next - monotonicSeconds
            if wait > 0 { usleep(UInt32(checked: wait * 1e6)) }
        }
        try StandardStreams.line("start (\(Self.format(warmup))–\(Self.format(warmup + window)) s): \(first.summary)")
        try StandardStreams.line("end   (last \(Self.format(window)) s):  \(last.summary)")
        let growth = last.rssMB - first.rssMB
        try StandardStreams.line(String(format: "RSS change: %+.1f MB over %d reloads", growth, generation))
        // A few MB of allocator and driver noise is not growth; a leak of a shape per reload is.
        if growth > max(8, first.rssMB * 0.05) {
            throw RunTimeError(String(format: "RSS grew by %.1f MB during the soak (%.1f → %.1f MB).", growth, first.rssMB, last.rssMB))
        }
    }

    static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(checked: v)) : String(format: "%.1f", v) }
}

extension UInt32 {
    /// A non-negative count of microseconds, clamped into range.
    init(checked value: Double) { self = UInt32(UInt64(Swift.max(0, Swift.min(value, Double(UInt32.max))))) }
}
