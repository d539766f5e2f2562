import Foundation
import RadialCore
import RadialRender

/// A page in a window of its own, with everything the gallery has: the keys (H lists them),
/// pointer, tooltips, keyboard focus, themes, screenshots and recordings, and the page on AT-SPI
/// for screen readers. Change the page from any thread or task with `update`; the window animates
/// to the new values as a live reload does.
///
/// ```swift
/// let window = ChartWindow(page)
/// Task {                                   // on the main actor, beside the window
///     for await reading in sensor { try window.update { $0.charts[0].gauge?.value = reading } }
///     window.close()
/// }
/// try await window.run()                   // returns when the window closes
/// ```
public final class ChartWindow: Sendable {
    private let live: LivePage
    private let options: WindowOptions
    private let state = WindowState()

    /// A window that will show `page` (nothing opens until `run`).
    public init(_ page: Page, options: WindowOptions = WindowOptions()) {
        live = LivePage(page)
        self.options = options
    }

    /// Opens the window and runs its loop on the calling thread until it is closed (Q, Esc, the
    /// window manager, or `close()`). Blocks the thread: code that must go on meanwhile uses
    /// `run() async`. Needs an X display (under Wayland, XWayland); one window runs at a time in
    /// a process. The page and the options are checked first. Throws a `WindowError`.
    ///
    /// (Every method of Radial's API is declared `throws` and documents its one error type:
    /// Swift 6.3's compiler crashes on common ways of catching a typed error — one case caught,
    /// the rest left to propagate, and an `&&` later in the function.)
    public func run() throws {
        let app = try start()
        do {
            while try app.pass(idleWait: 0.25) {}
        } catch {
            finish(app)
            throw WindowError(error)
        }
        finish(app)
    }

    /// Opens the window and runs its loop on a thread of its own until it is closed, while the
    /// caller waits without blocking: on the main actor, a plain `Task { }` started beside it
    /// runs and updates it while it shows. Throws a `WindowError`.
    public func run() async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            // The loop needs one thread for all its GL and GLFW calls: a task may resume on any of
            // the pool's (on Linux even the main actor's jobs do), so the window gets its own.
            let thread = Thread {
                do { try self.run(); done.resume() } catch { done.resume(throwing: error) }
            }
            thread.name = "radial-window"
            thread.start()
        }
    }

    /// Closes the window: its loop ends at its next pass and `run` returns. Safe from any thread
    /// or task; before `run`, the window never opens. Updates after it are refused.
    public func close() {
        state.requestClose()
        live.wake()
    }

    /// Changes the page shown: `change` edits the current page in place, and the window animates
    /// to it. Safe from any thread or task. Refused, the page left as it was, when the changed
    /// page breaks a rule (`.invalidPage`, every problem at its path) or the window is closed
    /// (`.closed`). Throws a `WindowError`.
    public func update(_ change: (inout Page) -> Void) throws {
        guard !state.isClosed else { throw WindowError.closed }
        do {
            try live.update(change) { (page: Page) throws(SpecError) in
                let problems = page.problems
                if !problems.isEmpty { throw SpecError(problems: problems) }
            }
        } catch {
            throw WindowError.invalidPage(error)
        }
    }

    /// The page as it is now.
    public var page: Page { live.current.page }

    /// Whether the window has been closed (by `close()`, or by the user after `run`).
    public var isClosed: Bool { state.isClosed }

    // MARK: - The loop's two ends

    private func start() throws(WindowError) -> GalleryApp {
        try state.begin()
        do {
            if let size = options.size, !PictureRules.size.contains(size.width) || !PictureRules.size.contains(size.height) {
                throw WindowError.invalidSize(size)
            }
            if let locale = options.locale, case .unknown(let near) = LocaleRule.check(locale) {
                throw WindowError.unknownLocale(locale, suggestion: near)
            }
            let problems = live.current.page.problems
            if !problems.isEmpty { throw WindowError.invalidPage(SpecError(problems: problems)) }
            var gallery = GalleryOptions()
            gallery.theme = options.theme
            gallery.textSize = options.textSize
            gallery.reduceMotion = options.reduceMotion
            gallery.size = options.size
            gallery.locale = options.locale
            let app = try GalleryApp(sources: [.live(live)], options: gallery)
            let state = self.state
            app.stopRequested = { state.closeRequested }
            try app.open()
            return app
        } catch {
            // A window that could not open may be run again (with a display, say).
            state.end(closing: false)
            throw WindowError(error)
        }
    }

    private func finish(_ app: GalleryApp) {
        app.close()
        state.end()
    }
}

/// The window's life, shared by the thread that runs it and those that update or close it.
private final class WindowState: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var closed = false
    private var stop = false
    /// Whether a window of the process is open: GLFW is one per process, used by one thread.
    nonisolated(unsafe) private static var anyRunning = false
    private static let processLock = NSLock()

    func begin() throws(WindowError) {
        lock.lock(); defer { lock.unlock() }
        if closed || stop { throw .closed }
        if running { throw .alreadyRunning }
        Self.processLock.lock(); defer { Self.processLock.unlock() }
        if Self.anyRunning { throw .alreadyRunning }
        Self.anyRunning = true
        running = true
    }

    func end(closing: Bool = true) {
        lock.lock(); defer { lock.unlock() }
        if running {
            Self.processLock.lock(); Self.anyRunning = false; Self.processLock.unlock()
        }
        running = false
        if closing || stop { closed = true }
    }

    func requestClose() {
        lock.lock(); defer { lock.unlock() }
        stop = true
        if !running { closed = true }
    }

    var closeRequested: Bool { lock.lock(); defer { lock.unlock() }; return stop }
    var isClosed: Bool { lock.lock(); defer { lock.unlock() }; return closed }
}

/// How a `ChartWindow` starts. Everything can still be changed in the window (L, M, Ctrl+plus).
public struct WindowOptions: Sendable, Hashable {
    /// nil: the page's theme, else the desktop's high-contrast setting, else light.
    public var theme: Theme?
    /// nil: the page's, else the desktop's text scaling factor.
    public var textSize: TextSize?
    /// nil: RADIAL_REDUCE_MOTION, else the desktop's enable-animations setting.
    public var reduceMotion: Bool?
    /// The window's size in points, 16 to 8192 a side (nil: 760×900 shrunk to the screen).
    public var size: Size?
    /// How numbers and currencies are written (nil: LC_ALL, LC_MONETARY, LANG).
    public var locale: String?
    /// Options that leave every choice to the page and the desktop.
    public init(theme: Theme? = nil, textSize: TextSize? = nil, reduceMotion: Bool? = nil, size: Size? = nil, locale: String? = nil) {
        self.theme = theme; self.textSize = textSize; self.reduceMotion = reduceMotion; self.size = size; self.locale = locale
    }
    /// Options with numbers written for `locale`.
    public init(theme: Theme? = nil, textSize: TextSize? = nil, reduceMotion: Bool? = nil, size: Size? = nil, locale: Locale) {
        self.init(theme: theme, textSize: textSize, reduceMotion: reduceMotion, size: size, locale: locale.identifier)
    }
}
