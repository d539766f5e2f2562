import CGLFW
import Foundation
import RadialCore
import RadialGL

/// Options of the window commands.
public struct GalleryOptions: Sendable {
    public var theme: Theme?
    public var palette: CategoricalPalette?
    public var reduceMotion: Bool?
    /// nil: 760×900 points, shrunk to fit the monitor's work area.
    public var size: Size?
    public var locale: String?
    public init() {}
}

/// The window: the gallery of demos or the pages of `radial show`, the keys of DESIGN.md,
/// live reload of files, the help, the frame-time overlay.
final class GalleryApp {
    static let showHelp = """
        Usage: radial show FILE.json... [options]

        Opens the charts of each FILE as a page of a window (switch with 1–9 or Page Up/Down) and reloads a
        page when its file changes: valid edits animate to the new data, invalid ones keep the last
        good chart and show what is wrong. Press H in the window for the keys.
        \(RadialCommand.galleryHelp)
        """

    static func parseShow(_ args: [String], allowEmpty: Bool = false, command: String = "show") throws(UsageError) -> ([PageSource], GalleryOptions) {
        var list = ArgumentList(args, command: command)
        var options = GalleryOptions()
        var table = TableArguments()
        try list.parse { (name, value) throws(UsageError) in
            if try table.accept(name, value) { return true }
            switch name {
            case "--theme": options.theme = try Parse.theme(try value())
            case "--palette": options.palette = try Parse.palette(try value())
            case "--reduce-motion": options.reduceMotion = true
            case "--size": options.size = try Parse.size(try value(), option: "--size")
            case "--locale": options.locale = try Parse.locale(try value())
            default: return false
            }
            return true
        }
        if list.positionals.isEmpty && !allowEmpty { throw UsageError("`radial show` needs at least one chart file (or - for standard input).") }
        guard list.positionals.count <= 9 || allowEmpty else { throw UsageError("`radial show` takes at most 9 files (keys 1–9 switch pages).") }
        var sources: [PageSource] = []
        for p in list.positionals { sources.append(table.type == nil && (p == "-" || StreamReader.isFIFO(p)) ? .stream(p) : try table.source(p)) }
        return (sources, options)
    }

    // MARK: - State

    private struct PageEntry {
        var source: PageSource
        var scene: PageScene
        var watch: FileWatch?
        var errors: [String] = []
    }

    private let sources: [PageSource]
    private let options: GalleryOptions
    private var pages: [PageEntry] = []
    private var current = 0
    private var theme: Theme
    private var reduceMotion: Bool
    private let wallClock = WallClock()
    private lazy var timeline = Timeline(source: wallClock)
    private var showHelp = false
    private var showFrameTimes = false
    private var toast: (text: String, until: Double)?
    private var needsRedraw = true
    private var frameTimes = [Double](repeating: 0, count: 120)
    private var frameHead = 0
    private var lastFrameStart = 0.0
    private var cpuMs = 0.0
    private var fpsText = ""
    private var splitText = ""
    private var cursor = Vec2.zero
    private var formatting: Formatting

    private var window: GLWindow!
    private var fonts: FontSystem!
    private var renderer: Renderer!
    private let frame = Frame()

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
    private var loadedPages: [Page]
    /// When the next frame is due, pacing frames that are copied rather than swapped.
    private var frameDue = 0.0
    /// The window's framebuffer (pixels) and window (points) sizes, kept by GLFW's callbacks.
    private var framebufferSize = (width: 0, height: 0)
    private var windowSize = (width: 0, height: 0)

    // MARK: - Run loop

    func run() throws {
        try GLFW.initialize(for: "window")
        let size = options.size ?? Self.fittedSize(Size(760, 900))
        window = try GLWindow(width: Int(size.width), height: Int(size.height),
                              title: "Radial", visible: true, command: "window")
        // Below this the cards' text would overlap; a window manager keeps the window larger.
        glfwSetWindowSizeLimits(window.handle, Int32(Self.minimumSize.width), Int32(Self.minimumSize.height), GLFW_DONT_CARE, GLFW_DONT_CARE)
        window.setVSync(true)
        fonts = try FontSystem()
        renderer = try Renderer(fonts: fonts)
        pages = zip(sources, loadedPages).map { source, page in
            var watch: FileWatch?
            if let path = source.watchPath { watch = FileWatch(path: path) }
            return PageEntry(source: source, scene: PageScene(page: page, measurer: fonts, formatting: formatting), watch: watch)
        }
        loadedPages = []
        installCallbacks()
        updateTitle()
        var lastPoll = 0.0
        while !window.shouldClose {
            let now = monotonicSeconds
            if now - lastPoll > 0.25 { lastPoll = now; pollFiles() }
            if hasStreams { pollStreams() }
            if animating || needsRedraw {
                drawFrame()
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
        renderer.release()
        fonts.shutdown()
        window.destroy()
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

    private var animating: Bool {
        if showFrameTimes { return true }
        if let t = toast, t.until > monotonicSeconds { return true }
        if timeline.isPaused { return false }
        return timeline.time < pages[current].scene.settleTime(reduceMotion: reduceMotion) + 0.1
    }

    private func drawFrame() {
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
        if showHelp { Overlays.drawHelp(ctx, size: size) }
        if let t = toast {
            if t.until > monotonicSeconds { Overlays.drawToast(ctx, size: size, text: t.text) } else { toast = nil }
        }
        OffscreenTarget.bindDefault()
        renderer.render(frame, bufferAge: window.bufferAge(size: fb))
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

    // MARK: - Input

    private func installCallbacks() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        glfwSetWindowUserPointer(window.handle, me)
        glfwSetKeyCallback(window.handle) { w, key, _, action, mods in
            guard action == GLFW_PRESS || action == GLFW_REPEAT, let app = GalleryApp.from(w) else { return }
            app.key(key, mods: mods, repeating: action == GLFW_REPEAT)
        }
        glfwSetCharCallback(window.handle) { w, codepoint in
            GalleryApp.from(w)?.character(codepoint)
        }
        glfwSetMouseButtonCallback(window.handle) { w, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS, let app = GalleryApp.from(w) else { return }
            app.click()
        }
        glfwSetCursorPosCallback(window.handle) { w, x, y in
            guard let app = GalleryApp.from(w) else { return }
            app.cursor = Vec2(x, y)
            app.pointerMoved(to: app.cursor)
        }
        glfwSetCursorEnterCallback(window.handle) { w, entered in
            guard let app = GalleryApp.from(w), entered == GLFW_FALSE else { return }
            app.pointerMoved(to: nil)
        }
        framebufferSize = window.framebufferSize
        windowSize = window.size
        glfwSetFramebufferSizeCallback(window.handle) { w, width, height in
            guard let app = GalleryApp.from(w) else { return }
            app.framebufferSize = (Int(width), Int(height))
            app.needsRedraw = true
        }
        glfwSetWindowSizeCallback(window.handle) { w, width, height in
            guard let app = GalleryApp.from(w) else { return }
            app.windowSize = (Int(width), Int(height))
            app.needsRedraw = true
        }
        glfwSetWindowRefreshCallback(window.handle) { w in
            guard let app = GalleryApp.from(w) else { return }
            app.needsRedraw = true
            app.window.windowExposed()   // what the window showed may be gone: present all of it
            app.drawFrame()   // keep the picture live while the window is being resized
        }
    }

    private static func from(_ w: OpaquePointer?) -> GalleryApp? {
        guard let p = glfwGetWindowUserPointer(w) else { return nil }
        return Unmanaged<GalleryApp>.fromOpaque(p).takeUnretainedValue()
    }

    private func key(_ key: Int32, mods: Int32, repeating: Bool) {
        needsRedraw = true
        switch key {
        case GLFW_KEY_ESCAPE:
            // Esc steps back: the help, then keyboard focus, then the window.
            if showHelp { showHelp = false } else if scene.focused != nil { scene.setFocus(nil) } else { window.shouldClose = true }
        case GLFW_KEY_Q: window.shouldClose = true
        case GLFW_KEY_R: replay()
        case GLFW_KEY_SPACE, GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER:
            guard !repeating else { return }
            if let f = scene.focused {
                if !scene.activate(f, time: timeline.time, reduceMotion: reduceMotion) { say("Nothing to do here") }
                else if timeline.isPaused { timeline.setPaused(false) }
            } else if key == GLFW_KEY_SPACE {
                timeline.togglePause()
                say(timeline.isPaused ? "Paused · , . step" : "Playing")
            }
        case GLFW_KEY_COMMA, GLFW_KEY_PERIOD:
            if !timeline.isPaused { timeline.setPaused(true) }
            timeline.step(by: (key == GLFW_KEY_COMMA ? -1 : 1) / 60)
            say(String(format: "Paused at %.3f s", timeline.time))
        case GLFW_KEY_LEFT, GLFW_KEY_UP:
            scene.moveFocus(.previousElement, time: timeline.time, reduceMotion: reduceMotion)
        case GLFW_KEY_RIGHT, GLFW_KEY_DOWN:
            scene.moveFocus(.nextElement, time: timeline.time, reduceMotion: reduceMotion)
        case GLFW_KEY_TAB where (mods & GLFW_MOD_CONTROL) != 0:
            switchPage(to: (current + ((mods & GLFW_MOD_SHIFT) != 0 ? pages.count - 1 : 1)) % pages.count)
        case GLFW_KEY_TAB:
            scene.moveFocus((mods & GLFW_MOD_SHIFT) != 0 ? .previousChart : .nextChart, time: timeline.time, reduceMotion: reduceMotion)
        case GLFW_KEY_PAGE_UP, GLFW_KEY_PAGE_DOWN:
            switchPage(to: (current + (key == GLFW_KEY_PAGE_UP ? pages.count - 1 : 1)) % pages.count)
        case GLFW_KEY_1...GLFW_KEY_9:
            let i = Int(key - GLFW_KEY_1)
            if i < pages.count { switchPage(to: i) }
        case GLFW_KEY_M:
            reduceMotion.toggle()
            say(reduceMotion ? "Reduce motion on" : "Reduce motion off")
        case GLFW_KEY_F: showFrameTimes.toggle()
        case GLFW_KEY_S: screenshot()
        case GLFW_KEY_D:
            print(pages[current].scene.description)
            say("Description printed to the terminal")
        case GLFW_KEY_L:
            theme = theme.next
            say(theme.displayName)
        case GLFW_KEY_H: showHelp.toggle()
        default: break
        }
    }

    /// Layout-independent keys: + − ?
    private func character(_ c: UInt32) {
        guard let scalar = Unicode.Scalar(c) else { return }
        needsRedraw = true
        switch scalar {
        case "+", "=": timeline.setSpeed(timeline.speed * 2); say("Speed \(speedText)")
        case "-", "_": timeline.setSpeed(timeline.speed / 2); say("Speed \(speedText)")
        case "?": showHelp.toggle()
        default: break
        }
    }

    private var speedText: String {
        let s = timeline.speed
        return s >= 1 ? "\(Int(s))×" : "1/\(Int((1 / s).rounded()))×"
    }

    private var scene: PageScene { pages[current].scene }

    /// Clicking a legend entry toggles it; Replay (or a pie, as the seed's tap does) replays its
    /// chart alone; R replays the page.
    private func click() {
        needsRedraw = true
        if showHelp { showHelp = false; return }
        if scene.click(cursor, time: timeline.time, reduceMotion: reduceMotion) != nil, timeline.isPaused { timeline.setPaused(false) }
    }

    /// Hover: redraws only when what is hovered changes; a hand over what a click acts on.
    private func pointerMoved(to p: Vec2?) {
        if scene.setPointer(p, time: timeline.time, reduceMotion: reduceMotion) { needsRedraw = true }
        let hand = p != nil && scene.pointerIsOverAction(time: timeline.time, reduceMotion: reduceMotion)
        if hand != showsHand {
            showsHand = hand
            if hand && handCursor == nil { handCursor = glfwCreateStandardCursor(GLFW_HAND_CURSOR) }
            glfwSetCursor(window.handle, hand ? handCursor : nil)
        }
    }
    private var showsHand = false
    private var handCursor: OpaquePointer?

    private func replay() {
        // A reloaded page replays its own appearance, not the transition into it.
        let entry = pages[current]
        if entry.scene.isContinuation {
            pages[current].scene = PageScene(page: entry.scene.page, measurer: fonts, formatting: formatting)
        }
        timeline.replay()
        if timeline.isPaused { timeline.setPaused(false) }
    }

    private func switchPage(to i: Int) {
        guard i != current else { return }
        current = i
        if pages[i].scene.isContinuation {
            pages[i].scene = PageScene(page: pages[i].scene.page, measurer: fonts, formatting: formatting)
        }
        timeline.replay()
        updateTitle()
    }

    private func say(_ text: String) { toast = (text, monotonicSeconds + 1.6) }

    private func updateTitle() {
        let page = pages[current]
        let name = page.scene.page.title ?? page.source.name
        glfwSetWindowTitle(window.handle, "\(name) — Radial (\(current + 1)/\(pages.count)) · H for keys")
    }

    private func screenshot() {
        let fb = window.framebufferSize, ws = window.size
        guard fb.width > 0, ws.width > 0 else { return }
        let scale = Double(fb.width) / Double(ws.width)
        let size = Size(Double(ws.width), Double(ws.height))
        do {
            let target = try OffscreenTarget(width: fb.width, height: fb.height)
            defer { target.release(); OffscreenTarget.bindDefault() }
            target.bind()
            pages[current].scene.draw(into: frame, size: size, scale: scale, time: timeline.time, theme: theme, reduceMotion: reduceMotion)
            renderer.render(frame)
            let f = DateFormatter()
            f.dateFormat = "yyyyMMdd-HHmmss"
            let path = "radial-\(f.string(from: Date())).png"
            // The window's back buffer no longer matches what the renderer drew last.
            renderer.forgetTarget()
            try PNGFile.write(target.read(), to: path)
            print("Saved \(path)")
            say("Saved \(path)")
        } catch {
            say("Screenshot failed: \(error)")
        }
    }

    // MARK: - Live reload

    /// Streams (`show -`, a FIFO): the latest page, once per frame, morphing as a reload does;
    /// bad lines on the banner.
    private lazy var hasStreams = sources.contains { if case .stream = $0 { true } else { false } }

    private func pollStreams() {
        for i in pages.indices {
            guard case .stream(let path) = pages[i].source, let (page, problems) = StreamReader.shared(path).poll() else { continue }
            if let page { pages[i].scene = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: i == current ? pages[i].scene : nil, at: timeline.time) }
            pages[i].errors = problems
            needsRedraw = true
        }
    }

    private func pollFiles() {
        for i in pages.indices {
            guard let watch = pages[i].watch else { continue }
            let outcome = watch.reload(pages[i].source, palette: options.palette)
            switch outcome {
            case .unchanged: continue
            case .reloaded(let page):
                Warnings.report(page, source: pages[i].source, formatting: formatting)
                // The visible page morphs from what is on screen now; a page in the background
                // has nothing on screen to morph from and appears afresh when shown.
                let previous = i == current ? pages[i].scene : nil
                pages[i].scene = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: previous, at: timeline.time)
                pages[i].errors = []
                if i == current { updateTitle() }
                print("Reloaded \(pages[i].source.name)")
            case .failed(let lines):
                pages[i].errors = lines
                FileHandle.standardError.write(Data(("radial: " + lines.joined(separator: "\n  ") + "\n").utf8))
            }
            needsRedraw = true
        }
    }
}

/// The wall clock, for the window.
final class WallClock: RadialCore.Clock {
    var now: Double { monotonicSeconds }
}
