import CAllocCounter
import CGLFW
import Foundation
import RadialWindow
import RadialRender
import RadialText
import RadialCore
import RadialGL

/// `radial bench`: frame times on the fixed-step clock with vsync off, the CPU split, GPU time
/// from timer queries, allocations and uploads per steady frame, against the machine's floor.
struct BenchCommand {
    enum Target: Equatable { case page(PageSource), floor }
    typealias Ramp = BenchRamp

    var target: Target
    var frames = 600
    var warmup = 60
    var size = Size(1280, 720)
    var vsync = false
    var offscreen = false
    var json: String?
    var csv: String?
    var against = false
    var ramp: Ramp?
    var overlay = false
    var fullRedraw = false
    /// Minutes of a soak run (`--soak`), or nil.
    var soak: Double?

    /// The appearance options: the page's theme and palette, motion and the locale of its numbers.
    var theme: Theme?
    var palette: CategoricalPalette?
    var reduceMotion = false
    /// `--patterns` (nil: as the page and theme say).
    var patterns: Bool?
    var formatting = Formatting(localeIdentifier: "en_US")
    var textSize: TextSize?
    var legend: LegendPosition?

    init(_ values: OptionValues, _ operands: [String]) throws {
        if let s = values.scene {
            guard s == "floor" else { throw UsageError("--scene only knows floor; got \"\(s)\".") }
            guard values.demos.isEmpty, operands.isEmpty else { throw UsageError("Give one of FILE, --demo or --scene.") }
            target = .floor
        } else if (values.ramp != nil || values.soak != nil) && values.demos.isEmpty && operands.isEmpty {
            target = .floor
        } else {
            target = .page(try values.singleSource(operands, command: "bench"))
        }
        frames = values.frames ?? 600; warmup = values.warmup ?? 60; size = values.size ?? Size(1280, 720)
        vsync = values.vsync; offscreen = values.offscreen; json = values.json; csv = values.csv; against = values.against
        ramp = values.ramp.flatMap(Ramp.init(rawValue:)); overlay = values.overlay; fullRedraw = values.fullRedraw; soak = values.soak
        theme = values.theme; palette = values.palette; reduceMotion = values.reduceMotionOrEnvironment; patterns = values.patterns
        textSize = values.textSize; legend = values.legend
        if let l = values.locale { formatting = Formatting(localeIdentifier: l) }
        if values.rounds != nil { throw UsageError("--rounds is for bench --startup.") }
        let inputs: InputSet = if case .page(let source) = target { InputSet([source]) } else { InputSet() }
        for path in [json, csv].compactMap({ $0 }) { try AtomicOutput.check(path, kind: .file, inputs: inputs) }
    }

    // MARK: - Running

    /// One measured frame.
    struct Sample {
        var wall = 0.0, update = 0.0, encode = 0.0, submit = 0.0, gpu = -1.0
        var allocations = 0, uploaded = 0, drawCalls = 0, pixelsRedrawn = 0
        /// Of `allocations`, those made while encoding the frame (RadialCore), the rest in submit (our GL code and the driver).
        var encodeAllocations = 0
        var time = 0.0
    }

    final class Rig {
        let session: GraphicsSession
        /// The window drawn into and presented, or nil offscreen (an EGL surfaceless context).
        let window: GLWindow?
        var fonts: FontSystem { session.fonts }
        var renderer: Renderer { session.renderer }
        var frame: Frame { session.frame }
        let offscreen: OffscreenTarget?
        /// Draw the frame-time overlay too, fed with the bench's own frame times.
        var overlay = false
        var overlayTimes = [Double](repeating: 0, count: 120)
        var overlayHead = 0
        /// The bench's --theme (else the page's) and --reduce-motion.
        var theme = Theme.light
        var reduceMotion = false
        var patterns: Bool?
        var textSize = TextSize.large
        var queries: [GLQuery] = []
        /// The frame each query measures (-1: none pending), and when it began (monotonic seconds).
        var queryFrame: [Int] = []
        var queryBegan: [Double] = []
        let size: Size

        init(size: Size, vsync: Bool, offscreen: Bool) throws {
            self.size = size
            if offscreen {
                session = try GraphicsSession.headless(command: "bench")
                window = session.context as? GLWindow
            } else {
                let w = try GLWindow(width: Int(size.width), height: Int(size.height), title: "radial bench", visible: true, command: "bench",
                                     swapOnly: vsync)
                w.setVSync(vsync)
                session = try GraphicsSession(window: w)
                window = w
            }
            // Offscreen the session may have let go of its context; the bench keeps it current.
            if offscreen { session.makeCurrent() }
            self.offscreen = offscreen ? try OffscreenTarget(width: Int(size.width), height: Int(size.height)) : nil
            queries = (0..<8).map { _ in TimerQuery.make() }
            queryFrame = Array(repeating: -1, count: 8)
            queryBegan = Array(repeating: 0, count: 8)
            // The first time query of a context measures the driver's start, not a frame
            // (llvmpipe reported 4,666,546 ms for it): one is made and thrown away first.
            TimerQuery.begin(queries[0])
            TimerQuery.end()
            GLInfo.finish()
            _ = TimerQuery.nanoseconds(queries[0])
        }

        /// Pixel size actually drawn (the window's framebuffer may differ on HiDPI).
        var pixelSize: (Int, Int) {
            guard offscreen == nil, let window else { return (Int(size.width), Int(size.height)) }
            let fb = window.framebufferSize
            return (fb.width, fb.height)
        }

        func close() {
            session.makeCurrent()
            for q in queries { TimerQuery.release(q) }
            offscreen?.release()
            session.close()
        }
    }

    /// Runs `count` frames of `scene` (nil: the floor) starting at frame index `first`, appending samples.
    /// The GPU time of the query in `slot`, for the sample of its frame in `samples`: only when
    /// the result is there (`wait`: wait for it) and no longer than the wall time since the
    /// query began, which no frame's GPU time can be; the slot is free again after. A time the
    /// bench did not measure is not reported.
    static func collect(_ rig: Rig, slot: Int, into samples: inout [Sample], wait: Bool) {
        let owner = rig.queryFrame[slot]
        guard owner >= 0 else { return }
        let q = rig.queries[slot]
        guard wait || TimerQuery.ready(q) else { return }
        let ms = Double(TimerQuery.nanoseconds(q)) / 1e6
        rig.queryFrame[slot] = -1
        guard ms.isFinite, ms >= 0, ms <= (monotonicSeconds - rig.queryBegan[slot]) * 1000,
              let idx = samples.lastIndex(where: { $0.time == Double(owner) / 60 }) else { return }
        samples[idx].gpu = ms
    }

    static func runFrames(_ rig: Rig, scene: PageScene?, first: Int, count: Int, into samples: inout [Sample], measure: Bool) throws {
        let (pw, ph) = rig.pixelSize
        let pointSize = Size(Double(pw), Double(ph))
        var last = monotonicSeconds
        // Each run's queries are its own: none is left to be read into another run's samples
        // (the scene's and the floor's frames share indexes and slots).
        defer { for slot in rig.queries.indices { collect(rig, slot: slot, into: &samples, wait: measure) } }
        for i in first..<(first + count) {
            let slot = i % rig.queries.count
            // Read the query of this slot from 8 frames ago, if the GPU is done with it.
            if measure { collect(rig, slot: slot, into: &samples, wait: false) }
            if rig.queryFrame[slot] >= 0 { rig.queryFrame[slot] = -1 }   // still running: not read, not reported
            let allocs0 = radial_thread_allocations()
            let t0 = monotonicSeconds
            let time = Double(i) / 60
            TimerQuery.begin(rig.queries[slot])
            rig.queryFrame[slot] = i
            rig.queryBegan[slot] = monotonicSeconds
            let t1 = monotonicSeconds
            var t2 = t1
            var encodeAllocs = 0
            if let scene {
                let a0 = radial_thread_allocations()
                var request = FrameRequest(size: pointSize, time: time, theme: rig.theme, reduceMotion: rig.reduceMotion, textSize: rig.textSize)
                request.patterns = rig.patterns
                scene.draw(into: rig.frame, request)
                if rig.overlay {
                    let ctx = DrawContext(frame: rig.frame, scale: 1, theme: .light, moment: Moment(time: time), measurer: rig.fonts)
                    Overlays.drawFrameTimes(ctx, size: pointSize, times: rig.overlayTimes, head: rig.overlayHead,
                                            fps: "bench overlay", split: "CPU and GPU split")
                }
                encodeAllocs = Int(radial_thread_allocations() - a0)
                t2 = monotonicSeconds
                rig.offscreen?.bind()
                if rig.offscreen == nil { OffscreenTarget.bindDefault() }
                try rig.renderer.render(rig.frame, bufferAge: rig.offscreen != nil ? 1 : rig.window?.bufferAge(size: (pw, ph)) ?? 0)
            } else {
                rig.offscreen?.bind()
                FloorScene.draw(width: pw, height: ph)
                rig.renderer.forgetTarget()
            }
            let t3 = monotonicSeconds
            TimerQuery.end()
            let allocs = Int(radial_thread_allocations() - allocs0)
            if rig.offscreen != nil { GLInfo.finish() } else { rig.window?.present(size: (pw, ph), changed: scene == nil ? nil : rig.renderer.stats.redrawn) }
            if rig.offscreen == nil { glfwPollEvents() }
            let now = monotonicSeconds
            if rig.overlay {
                rig.overlayTimes[rig.overlayHead] = (now - last) * 1000
                rig.overlayHead = (rig.overlayHead + 1) % rig.overlayTimes.count
            }
            if measure {
                samples.append(Sample(wall: (now - last) * 1000, update: (t1 - t0) * 1000, encode: (t2 - t1) * 1000,
                                      submit: (t3 - t2) * 1000, gpu: -1, allocations: allocs,
                                      uploaded: scene == nil ? 0 : rig.renderer.stats.bytesUploaded,
                                      drawCalls: scene == nil ? 0 : rig.renderer.stats.drawCalls,
                                      pixelsRedrawn: scene == nil ? pw * ph : rig.renderer.stats.pixelsRedrawn,
                                      encodeAllocations: encodeAllocs, time: time))
            }
            last = now
        }
    }

    func run() throws {
        let rig = try Rig(size: size, vsync: vsync, offscreen: offscreen)
        rig.reduceMotion = reduceMotion
        rig.patterns = patterns
        rig.overlay = overlay
        rig.renderer.partialRedraw = !fullRedraw
        defer { rig.close() }
        if let soak { return try runSoak(minutes: soak, rig: rig) }
        if let ramp {
            // A ramp measures what drawing costs as the data grows: every frame is drawn whole.
            rig.renderer.partialRedraw = false
            return try runRamp(ramp, rig: rig)
        }
        var scene: PageScene?
        var settle = 0.0
        var name = "floor"
        if case .page(let source) = target {
            let page = try source.load(palette: palette, legend: legend)
            let s = PageScene(page: page, measurer: rig.fonts, formatting: formatting)
            rig.theme = theme ?? page.theme ?? .light
            rig.textSize = textSize ?? page.textSize ?? .large
            scene = s
            settle = s.settleTime(reduceMotion: reduceMotion)
            name = source.name
        }
        var samples: [Sample] = [], floor: [Sample] = []
        samples.reserveCapacity(frames); floor.reserveCapacity(frames)
        let start = monotonicSeconds
        try Self.runFrames(rig, scene: scene, first: 0, count: warmup, into: &samples, measure: false)
        if against && scene != nil {
            // Interleave blocks so both see the same machine weather.
            var done = 0
            while done < frames {
                let n = min(30, frames - done)
                // The floor block left its clear in the window: draw the scene's previous frame
                // again, unmeasured, so the block measures the scene as the window shows it, not
                // the recovery from a foreign frame (which would be a whole redraw).
                if done > 0 { try Self.runFrames(rig, scene: scene, first: warmup + done - 1, count: 1, into: &samples, measure: false) }
                try Self.runFrames(rig, scene: scene, first: warmup + done, count: n, into: &samples, measure: true)
                try Self.runFrames(rig, scene: nil, first: warmup + done, count: n, into: &floor, measure: true)
                done += n
            }
        } else {
            try Self.runFrames(rig, scene: scene, first: warmup, count: frames, into: &samples, measure: true)
        }
        let seconds = monotonicSeconds - start
        let report = BenchReport(name: name, samples: samples, floor: against ? floor : nil, settle: settle,
                                 size: rig.pixelSize, renderer: rig.renderer.rendererName, seconds: seconds, vsync: vsync, offscreen: offscreen,
                                 partialRedraw: !fullRedraw, presentation: offscreen ? "offscreen framebuffer (\(rig.session.contextName)), glFinish"
                                     : rig.window?.presentation.description ?? "?")
        try StandardStreams.line(report.table())
        if let scene, case .page(let source) = target {
            // The layout runs when the data, the size or the text size changes, never per frame.
            let page = try source.load(palette: palette, legend: legend)
            let (resize, reload) = Self.layoutCost(page, scene: scene, size: size, fonts: rig.fonts, formatting: formatting)
            try StandardStreams.line("layout (measured text, label placement, collision pass; not per frame): "
                + "\(f3(resize * 1000)) ms per size change, \(f3(reload * 1000)) ms per reload, over a steady frame's encoding (medians of 40)")
        }
        if let json { try AtomicOutput.write(report.json().serialized() + "\n", to: json) }
        if let csv { try AtomicOutput.write(report.csv(), to: csv) }
    }

    /// Median seconds a new size and a reload add to the frame that follows them: the frame is
    /// encoded (scene to frame, no GL) right after `layout(size:)`, or after making the page's
    /// scene afresh as a reload does, less a steady frame's encoding at the same size, so work a
    /// kind defers to its first frame (label placement) is counted. The font system's caches are
    /// warm, as in the window.
    static func layoutCost(_ page: Page, scene: PageScene, size: Size, fonts: FontSystem, formatting: Formatting) -> (Double, Double) {
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        let frame = Frame()
        func encode(_ s: PageScene, _ size: Size) { s.draw(into: frame, FrameRequest(size: size, time: s.restingTime, textSize: s.textSize)) }
        var resize: [Double] = [], reload: [Double] = [], steady: [Double] = []
        for i in 0..<40 {
            let next = Size(size.width + Double(i % 2 + 1), size.height)
            let t0 = monotonicSeconds
            scene.layout(size: next)
            encode(scene, next)
            let t1 = monotonicSeconds
            encode(scene, next)
            let t2 = monotonicSeconds
            resize.append(t1 - t0); steady.append(t2 - t1)
        }
        scene.layout(size: size)
        for _ in 0..<40 {
            let t0 = monotonicSeconds
            let fresh = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: scene, at: 1)
            fresh.textSize = scene.textSize
            fresh.layout(size: size)
            encode(fresh, size)
            reload.append(monotonicSeconds - t0)
        }
        let base = median(steady)
        return (max(0, median(resize) - base), max(0, median(reload) - base))
    }

    // MARK: - Ramps

    func runRamp(_ ramp: Ramp, rig: Rig) throws {
        let steps: [Int]
        switch ramp {
        case .axes: steps = [8, 32, 64, 128, 256, 512]
        case .series: steps = [2, 8, 16, 32, 64]
        case .sectors: steps = [16, 64, 256, 1024, 4096]
        case .charts: steps = [4, 16, 64, 144, 256]
        case .points: steps = [1000, 10_000, 100_000, 1_000_000]
        }
        let perStep = max(frames / 5, 60)
        var xs: [Double] = [], cpu: [Double] = [], wall: [Double] = []
        try StandardStreams.line("Ramp \(ramp.rawValue) at \(rig.pixelSize.0)×\(rig.pixelSize.1), \(perStep) frames a step, settled frames (t ≥ 5 s); "
            + "first: the new scene's first frame (layout, and layers made)")
        try StandardStreams.line(pad("items", 8) + pad("first ms", 11) + pad("wall p50 ms", 14) + pad("CPU p50 ms", 13) + pad("GPU p50 ms", 13) + "draws")
        for n in steps {
            let page = BenchPages.ramp(ramp, n)
            let scene = PageScene(page: page, measurer: rig.fonts, formatting: Formatting(localeIdentifier: "en_US"))
            var samples: [Sample] = [], first: [Sample] = []
            try Self.runFrames(rig, scene: scene, first: 300, count: 1, into: &first, measure: true)
            try Self.runFrames(rig, scene: scene, first: 301, count: 19, into: &samples, measure: false)
            try Self.runFrames(rig, scene: scene, first: 320, count: perStep, into: &samples, measure: true)
            let w = FrameStatistics.median(samples.map(\.wall))
            let c = FrameStatistics.median(samples.map { $0.update + $0.encode + $0.submit })
            let gpus = samples.map(\.gpu).filter { $0 >= 0 }
            let g = gpus.isEmpty ? -1 : FrameStatistics.median(gpus)
            xs.append(Double(n)); cpu.append(c); wall.append(w)
            try StandardStreams.line(pad(String(n), 8) + pad(f3(first.first?.wall ?? -1), 11) + pad(f3(w), 14) + pad(f3(c), 13) + pad(g >= 0 ? f3(g) : "n/a", 13) + String(samples.last?.drawCalls ?? 0))
        }
        if let fw = LinearFit(x: xs, y: wall), let fc = LinearFit(x: xs, y: cpu) {
            try StandardStreams.line(String(format: "fitted wall cost: %.4f ms per item + %.3f ms (r² %.3f)", fw.slope, fw.intercept, fw.r2))
            try StandardStreams.line(String(format: "fitted CPU cost:  %.4f ms per item + %.3f ms (r² %.3f)", fc.slope, fc.intercept, fc.r2))
        }
    }
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
func f3(_ v: Double) -> String { String(format: "%.3f", v) }
