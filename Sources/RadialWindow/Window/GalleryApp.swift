import CGLFW
import Foundation
import RadialRender
import RadialText
import RadialCore
import RadialGL

/// The window: the gallery of demos or the pages of `radial show`. This file holds its state,
/// the run loop and frame pacing; the keys are in GalleryInput.swift (one table, `KeyMap`, read
/// by the handler and the help), live reload in GalleryReload.swift, screenshots in
/// GalleryCapture.swift, `show`'s arguments in GalleryOptions.swift.
package final class GalleryApp {
    // MARK: - State

    package struct PageEntry {
        var source: PageSource
        var scene: PageScene
        var watch: FileWatch?
        var errors: [String] = []
        /// The updates of a live page already shown.
        var liveVersion = 0
        /// The tables its charts read (`"data"`): a change to one reloads the page as its own file's does.
        var tables: [FileWatch] = []
        /// A page with states (`"frames"`, a table's `--frame`): them, played on the timeline.
        var states: StateSequence?
        /// The state on screen.
        var stateIndex = 0
        /// Each chart's kinds T has turned it from, by chart index and type name: what comes
        /// back when T returns to a kind.
        var kinds: [Int: [String: Chart]] = [:]
        /// When a stream's or a live page's newest state last began to be rebuilt (nil once its
        /// first frame is drawn), and the earliest time the next may be.
        var rebuildStarted: Double?
        var nextRebuild = 0.0
    }

    package let sources: [PageSource]
    package let options: GalleryOptions
    package var pages: [PageEntry] = []
    package var current = 0
    package var theme: Theme
    package var reduceMotion: Bool
    /// Pattern fills chosen in the window (P) or by --patterns; nil: as the page and theme say.
    package var patterns: Bool?
    /// The text size chosen in the window (Ctrl+plus, Ctrl+minus) or by --text-size; nil: the
    /// page's own, else the desktop's.
    package var chosenTextSize: TextSize?
    package var desktopTextSize: TextSize?
    /// What the current page's text is set at.
    package var textSize: TextSize { chosenTextSize ?? pages[current].scene.page.textSize ?? desktopTextSize ?? .large }
    package let wallClock = WallClock()
    package lazy var timeline = Timeline(source: wallClock)
    package var showHelp = false
    package var showFrameTimes = false
    package var toast: (text: String, until: Double)?
    package var needsRedraw = true
    package var frameTimes = [Double](repeating: 0, count: 120)
    package var frameHead = 0
    package var lastFrameStart = 0.0
    package var cpuMs = 0.0
    package var fpsText = ""
    package var splitText = ""
    package var cursor = Vec2.zero
    /// Whether the pointer shows a hand (over something a click acts on), and that cursor.
    package var showsHand = false
    /// The window's title as last set (the accessible frame's name).
    package var windowTitle = ""
    package var handCursor: OpaquePointer?
    package var formatting: Formatting

    package var window: GLWindow!
    /// The window's GL context, fonts and renderer (set up in `run`).
    package var session: GraphicsSession!
    package var fonts: FontSystem { session.fonts }
    /// Characters no font has, each warned about once (the first frame that draws it).
    private let missingGlyphs = MissingGlyphWarnings()
    package var renderer: Renderer { session.renderer }
    package var frame: Frame { session.frame }
    /// Called once every pass of the run loop, before anything is drawn: where other event
    /// sources are pumped (an accessibility bridge's GLib main context, say). Keep each short.
    package var onLoopPass: [() -> Void] = []
    /// The AT-SPI side of the window (nil with no screen-reader bus): keys go to it first.
    var accessibility: WindowAccessibility?
    /// The screen reader consumed the last key press: drop the character GLFW reports for it.
    var screenReaderTookKey = false
    /// Plays audio graphs (A, and a chart's "play" action).
    let audio = AudioPlayer()
    /// "No sound server" went to standard error once already.
    var toldNoSound = false

    package init(sources: [PageSource], options: GalleryOptions) throws {
        // A stream's reading thread wakes the event loop when lines arrive.
        StreamReader.wake = { glfwPostEmptyEvent() }
        for case .live(let live) in sources { live.wake = { glfwPostEmptyEvent() } }
        self.sources = sources
        self.options = options
        formatting = options.locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        reduceMotion = options.reduceMotion ?? (DesktopSettings.reduceMotionFromEnvironment || DesktopSettings.desktopDisablesAnimations)
        theme = options.theme ?? .light
        patterns = options.patterns
        // Every file must be valid to start: errors are listed and nothing opens.
        var loaded: [Page] = []
        for s in sources { loaded.append(try s.load(palette: options.palette, legend: options.legend, compact: options.compactNumbers, as: options.asType)); Warnings.report(loaded.last!, source: s, formatting: formatting) }
        chosenTextSize = options.textSize
        desktopTextSize = options.textSize == nil ? DesktopSettings.desktopTextSize : nil
        theme = DesktopSettings.windowTheme(flag: options.theme, page: loaded.first?.theme,
                                            desktopHighContrast: options.theme == nil && DesktopSettings.desktopWantsHighContrast)
        self.loadedPages = loaded
    }
    package var loadedPages: [Page]
    /// When the next frame is due, pacing frames that are copied rather than swapped.
    package var frameDue = 0.0
    /// The window's framebuffer (pixels) and window (points) sizes, kept by GLFW's callbacks.
    package var framebufferSize = (width: 0, height: 0)
    package var windowSize = (width: 0, height: 0)
    /// How far the page is scrolled, in points: a page laid out taller than the window
    /// (`PageScene.scrollHeight`) shows from this height down (GalleryScroll.swift).
    package var scrollY = 0.0
    /// The framebuffer row of the page the last frame showed at the window's top: when it
    /// changes, the window is drawn whole (what it held moved).
    var drawnScrollTop = 0
    /// Whether the pointer is over the window (hover follows a scroll only then).
    var pointerInside = false

    // MARK: - Run loop

    package func run() throws {
        try open()
        while try pass(idleWait: 0.25) {}
        close()
    }

    /// Asked by the loop before every pass: true ends it (a program's `ChartWindow.close()`).
    package var stopRequested: () -> Bool = { false }

    /// Opens the window and shows the first page (the loop's passes draw the rest).
    package func open() throws {
        try GLFW.initialize(for: "window")
        let size = options.size ?? Self.fittedSize(Size(760, 900))
        window = try GLWindow(width: Int(size.width), height: Int(size.height),
                              title: "Radial", visible: false, command: "window")
        // Below this the cards' text would overlap; a window manager keeps the window larger.
        glfwSetWindowSizeLimits(window.handle, Int32(Self.minimumSize.width), Int32(Self.minimumSize.height), GLFW_DONT_CARE, GLFW_DONT_CARE)
        window.setVSync(true)
        session = try GraphicsSession(window: window)
        pages = zip(sources, loadedPages).map { source, page in
            var watch: FileWatch?
            if let path = source.watchPath { watch = FileWatch(path: path) }
            var entry = PageEntry(source: source, scene: PageScene(page: page, measurer: fonts, formatting: formatting), watch: watch)
            entry.tables = source.tablePaths.map { FileWatch(path: $0) }
            entry.play(page, app: self)
            return entry
        }
        loadedPages = []
        installCallbacks()
        updateTitle()
        startAccessibility()
        // Shown once the accessible tree is on the bus: a screen reader then hears the window
        // become active (window:activate) and its focus, as for a toolkit's window.
        for pass in onLoopPass { pass() }
        glfwShowWindow(window.handle)
    }

    private var lastPoll = 0.0

    /// One pass of the loop: input, reloads, a frame when one is due, and a wait of at most
    /// `idleWait` seconds when nothing moves. False once the window is to close.
    package func pass(idleWait: Double) throws -> Bool {
        guard !window.shouldClose, !stopRequested() else { return false }
        for pass in onLoopPass { pass() }
        let now = monotonicSeconds
        if now - lastPoll > 0.25 { lastPoll = now; pollFiles() }
        if hasStreams { pollStreams() }
        pollStates()
        if animating || needsRedraw {
            try drawFrame()
            // `bench --startup` measures the time to the first presented frame.
            if exitAfterFirstFrame { GLInfo.finish(); return false }
            if window.presentation == .copy {
                // A copy does not wait for the screen as a vsynced swap does: pace the
                // frames to its refresh rate on a steady cadence (a late wake-up shortens
                // the next wait), handling input while waiting.
                let interval = window.refreshInterval, now = monotonicSeconds
                frameDue = frameDue + interval < now ? now + interval : frameDue + interval
                // Event sources are pumped while waiting too: a screen reader's requests are
                // answered as they come, not one per frame (it makes dozens per focus change).
                while case let wait = frameDue - monotonicSeconds, wait > 0.0005, !window.shouldClose {
                    glfwWaitEventsTimeout(wait)
                    for pass in onLoopPass { pass() }
                }
            }
            glfwPollEvents()
        } else {
            // A stream's next state may be waiting for its page's rebuild to be due.
            let due = pages[current].nextRebuild - monotonicSeconds
            glfwWaitEventsTimeout(due > 0 ? min(due, idleWait) : idleWait)
        }
        return true
    }

    /// Closes the window and lets go of GLFW.
    package func close() {
        session.close()
        GLFW.terminate()
    }

    package static let minimumSize = Size(360, 420)

    /// `preferred`, shrunk to the primary monitor's work area (less room for the title bar and
    /// the panel), so the legend and Replay are on screen on a 1280×800 laptop.
    package static func fittedSize(_ preferred: Size) -> Size {
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
    package var scene: PageScene { pages[current].scene }

    private let exitAfterFirstFrame = ProcessInfo.processInfo.environment["RADIAL_EXIT_AFTER_FIRST_FRAME"] == "1"

    package var animating: Bool {
        if showFrameTimes { return true }
        // Until the frame after a toast expires, which draws the page without it (and clears it).
        if toast != nil { return true }
        if timeline.isPaused { return false }
        if let states = pages[current].states, timeline.time < states.settleTime + 0.1 { return true }
        return timeline.time < pages[current].scene.settleTime(reduceMotion: reduceMotion) + 0.1
    }

    /// What the window shows now at `size` points × `scale`.
    func frameRequest(size: Size, scale: Double) -> FrameRequest {
        var r = FrameRequest(size: size, scale: scale, time: timeline.time, theme: theme, reduceMotion: reduceMotion, textSize: textSize)
        r.patterns = patterns
        return r
    }

    package func drawFrame() throws {
        // Sizes as GLFW's callbacks reported them: asking the window is a round trip to the X
        // server, twice a frame.
        let fb = framebufferSize, ws = windowSize
        guard fb.width > 0, fb.height > 0, ws.width > 0, ws.height > 0 else { needsRedraw = false; return }   // minimized
        let start = monotonicSeconds
        let scale = Double(fb.width) / Double(ws.width)
        let size = Size(Double(fb.width) / scale, Double(fb.height) / scale)
        let entry = pages[current]
        // A page taller than the window is drawn whole and shown from `scrollY` down.
        let page = pageSize(window: size)
        scrollY = min(max(scrollY, 0), max(page.height - size.height, 0))
        let top = Int((scrollY * scale).rounded()), viewTop = Double(top) / scale
        let request = frameRequest(size: page, scale: scale)
        entry.scene.draw(into: frame, request)
        missingGlyphs.report(frame, source: entry.source)
        let ctx = DrawContext(frame: frame, scale: scale, theme: theme, moment: request.moment, measurer: fonts)
        if !entry.errors.isEmpty { Overlays.drawErrorBanner(ctx, size: size, top: viewTop, lines: entry.errors, below: entry.scene.titleBottom) }
        if showFrameTimes { Overlays.drawFrameTimes(ctx, size: size, top: viewTop, times: frameTimes, head: frameHead, fps: fpsText, split: splitText) }
        if showHelp { Overlays.drawHelp(ctx, size: size, top: viewTop, keys: KeyMap.help) }
        if let t = toast {
            if t.until > monotonicSeconds { Overlays.drawToast(ctx, size: size, top: viewTop, text: t.text, avoiding: entry.scene.controlRects) } else { toast = nil }
        }
        OffscreenTarget.bindDefault()
        let moved = top != drawnScrollTop
        drawnScrollTop = top
        try renderer.render(frame, bufferAge: moved ? 0 : window.bufferAge(size: fb), view: (top, fb.height))
        cpuMs = (monotonicSeconds - start) * 1000
        let r = renderer.stats.redrawn
        needsRedraw = window.present(size: fb, changed: r.isEmpty ? r : PixelBox(x0: r.x0, y0: r.y0 - top, x1: r.x1, y1: r.y1 - top))
        if let started = pages[current].rebuildStarted {
            let now = monotonicSeconds
            pages[current].nextRebuild = now + (now - started)
            pages[current].rebuildStarted = nil
        }
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
package final class WallClock: RadialCore.Clock {
    package var now: Double { monotonicSeconds }
}
