import CGLFW
import Foundation
import RadialCore
import RadialGL

/// The window: the gallery of demos or the pages of `radial show`. This file holds its state,
/// the run loop and frame pacing; the keys are in GalleryInput.swift (one table, `KeyMap`, read
/// by the handler and the help), live reload in GalleryReload.swift, screenshots in
/// GalleryCapture.swift, `show`'s arguments in GalleryOptions.swift.
final class GalleryApp {
    static let showHelp = """
        Usage: radial show FILE.json... [options]

        Opens the charts of each FILE as a page of a window (switch with 1–9 or Page Up/Down) and reloads a
        page when its file changes: valid edits animate to the new data, invalid ones keep the last
        good chart and show what is wrong. Press H in the window for the keys.
        \(RadialCommand.galleryHelp)
        """

    // MARK: - State

    struct PageEntry {
        var source: PageSource
        var scene: PageScene
        var watch: FileWatch?
        var errors: [String] = []
    }

    let sources: [PageSource]
    let options: GalleryOptions
    var pages: [PageEntry] = []
    var current = 0
    var theme: Theme
    var reduceMotion: Bool
    let wallClock = WallClock()
    lazy var timeline = Timeline(source: wallClock)
    var showHelp = false
    var showFrameTimes = false
    var toast: (text: String, until: Double)?
    var needsRedraw = true
    var frameTimes = [Double](repeating: 0, count: 120)
    var frameHead = 0
    var lastFrameStart = 0.0
    var cpuMs = 0.0
    var fpsText = ""
    var splitText = ""
    var cursor = Vec2.zero
    /// Whether the pointer shows a hand (over something a click acts on), and that cursor.
    var showsHand = false
    /// The window's title as last set (the accessible frame's name).
    var windowTitle = ""
    var handCursor: OpaquePointer?
    var formatting: Formatting

    var window: GLWindow!
    /// The window's GL context, fonts and renderer (set up in `run`).
    var session: GraphicsSession!
    var fonts: FontSystem { session.fonts }
    var renderer: Renderer { session.renderer }
    var frame: Frame { session.frame }
    /// Called once every pass of the run loop, before anything is drawn: where other event
    /// sources are pumped (an accessibility bridge's GLib main context, say). Keep each short.
    var onLoopPass: [() -> Void] = []
    /// The AT-SPI side of the window (nil with no screen-reader bus): keys go to it first.
    var accessibility: WindowAccessibility?
    /// The screen reader consumed the last key press: drop the character GLFW reports for it.
    var screenReaderTookKey = false

    init(sources: [PageSource], options: GalleryOptions) throws {
        self.sources = sources
        self.options = options
        formatting = options.locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        reduceMotion = options.reduceMotion ?? (DesktopSettings.reduceMotionFromEnvironment || DesktopSettings.desktopDisablesAnimations)
        theme = options.theme ?? .light
        // Every file must be valid to start: errors are listed and nothing opens.
        var loaded: [Page] = []
        for s in sources { loaded.append(try s.load(palette: options.palette)); Warnings.report(loaded.last!, source: s, formatting: formatting) }
        theme = DesktopSettings.windowTheme(flag: options.theme, page: loaded.first?.theme,
                                            desktopHighContrast: options.theme == nil && DesktopSettings.desktopWantsHighContrast)
        self.loadedPages = loaded
    }
    var loadedPages: [Page]
    /// When the next frame is due, pacing frames that are copied rather than swapped.
    var frameDue = 0.0
    /// The window's framebuffer (pixels) and window (points) sizes, kept by GLFW's callbacks.
    var framebufferSize = (width: 0, height: 0)
    var windowSize = (width: 0, height: 0)

    // MARK: - Run loop

    func run() throws {
        try GLFW.initialize(for: "window")
        let size = options.size ?? Self.fittedSize(Size(760, 900))
        window = try GLWindow(width: Int(size.width), height: Int(size.height),
                              title: "Radial", visible: true, command: "window")
        // Below this the cards' text would overlap; a window manager keeps the window larger.
        glfwSetWindowSizeLimits(window.handle, Int32(Self.minimumSize.width), Int32(Self.minimumSize.height), GLFW_DONT_CARE, GLFW_DONT_CARE)
        window.setVSync(true)
        session = try GraphicsSession(window: window)
        pages = zip(sources, loadedPages).map { source, page in
            var watch: FileWatch?
            if let path = source.watchPath { watch = FileWatch(path: path) }
            return PageEntry(source: source, scene: PageScene(page: page, measurer: fonts, formatting: formatting), watch: watch)
        }
        loadedPages = []
        installCallbacks()
        updateTitle()
        startAccessibility()
        var lastPoll = 0.0
        while !window.shouldClose {
            for pass in onLoopPass { pass() }
            let now = monotonicSeconds
            if now - lastPoll > 0.25 { lastPoll = now; pollFiles() }
            if hasStreams { pollStreams() }
            if animating || needsRedraw {
                try drawFrame()
                // `bench --startup` measures the time to the first presented frame.
                if exitAfterFirstFrame { GLInfo.finish(); break }
                if window.presentation == .copy {
                    // A copy does not wait for the screen as a vsynced swap does: pace the
                    // frames to its refresh rate on a steady cadence (a late wake-up shortens
                    // the next wait), handling input while waiting.
                    let interval = window.refreshInterval, now = monotonicSeconds
                    frameDue = frameDue + interval < now ? now + interval : frameDue + interval
                    while case let wait = frameDue - monotonicSeconds, wait > 0.0005, !window.shouldClose { glfwWaitEventsTimeout(wait) }
                }
                glfwPollEvents()
            } else {
                glfwWaitEventsTimeout(0.25)
            }
        }
        session.close()
        GLFW.terminate()
    }

    static let minimumSize = Size(360, 420)

    /// `preferred`, shrunk to the primary monitor's work area (less room for the title bar and
    /// the panel), so the legend and Replay are on screen on a 1280×800 laptop.
    static func fittedSize(_ preferred: Size) -> Size {
        guard let monitor = glfwGetPrimaryMonitor() else { return preferred }
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h)
        guard w > 0, h > 0 else { return preferred }
        var xs: Float = 1, ys: Float = 1
        glfwGetMonitorContentScale(monitor, &xs, &ys)   // GLFW_SCALE_TO_MONITOR scales the size we ask for
        let availW = Double(w) / Double(max(xs, 1)) - 32, availH = Double(h) / Double(max(ys, 1)) - 64
        return Size(max(min(preferred.width, availW), minimumSize.width), max(min(preferred.height, availH), minimumSize.height))
    }

    /// The page on screen.
    var scene: PageScene { pages[current].scene }

    private let exitAfterFirstFrame = ProcessInfo.processInfo.environment["RADIAL_EXIT_AFTER_FIRST_FRAME"] == "1"

    var animating: Bool {
        if showFrameTimes { return true }
        // Until the frame after a toast expires, which draws the page without it (and clears it).
        if toast != nil { return true }
        if timeline.isPaused { return false }
        return timeline.time < pages[current].scene.settleTime(reduceMotion: reduceMotion) + 0.1
    }

    func drawFrame() throws {
        // Sizes as GLFW's callbacks reported them: asking the window is a round trip to the X
        // server, twice a frame.
        let fb = framebufferSize, ws = windowSize
        guard fb.width > 0, fb.height > 0, ws.width > 0, ws.height > 0 else { needsRedraw = false; return }   // minimized
        let start = monotonicSeconds
        let scale = Double(fb.width) / Double(ws.width)
        let size = Size(Double(fb.width) / scale, Double(fb.height) / scale)
        let entry = pages[current]
        entry.scene.draw(into: frame, size: size, scale: scale, time: timeline.time, theme: theme, reduceMotion: reduceMotion)
        let ctx = DrawContext(frame: frame, scale: scale, theme: theme, time: timeline.time, reduceMotion: reduceMotion, measurer: fonts)
        if !entry.errors.isEmpty { Overlays.drawErrorBanner(ctx, size: size, lines: entry.errors) }
        if showFrameTimes { Overlays.drawFrameTimes(ctx, size: size, times: frameTimes, head: frameHead, fps: fpsText, split: splitText) }
        if showHelp { Overlays.drawHelp(ctx, size: size, keys: KeyMap.help) }
        if let t = toast {
            if t.until > monotonicSeconds { Overlays.drawToast(ctx, size: size, text: t.text, avoiding: entry.scene.controlRects) } else { toast = nil }
        }
        OffscreenTarget.bindDefault()
        try renderer.render(frame, bufferAge: window.bufferAge(size: fb))
        cpuMs = (monotonicSeconds - start) * 1000
        needsRedraw = window.present(size: fb, changed: renderer.stats.redrawn)
        // Frame-time history, swap to swap.
        let now = monotonicSeconds
        if lastFrameStart > 0 {
            let ms = (now - lastFrameStart) * 1000
            frameTimes[frameHead] = ms
            frameHead = (frameHead + 1) % frameTimes.count
            // The overlay's text, four times a second while it shows (sorting and formatting
            // allocate: not on every frame's path when nobody looks).
            if showFrameTimes && frameHead % 15 == 0 {
                let recent = frameTimes.filter { $0 > 0 }.sorted()
                let median = recent.isEmpty ? 0 : recent[recent.count / 2]
                fpsText = String(format: "%.0f fps · %.2f ms median", median > 0 ? 1000 / median : 0, median)
                splitText = String(format: "CPU %.2f ms · %d draws · %d B uploaded", cpuMs, renderer.stats.drawCalls, renderer.stats.bytesUploaded)
            }
        }
        lastFrameStart = now
    }
}

/// The wall clock, for the window.
final class WallClock: RadialCore.Clock {
    var now: Double { monotonicSeconds }
}
