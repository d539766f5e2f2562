import Foundation
import RadialCore

/// A page in a window of its own, with everything the gallery has: the keys (H lists them),
/// pointer, tooltips, keyboard focus, themes, screenshots and recordings, and the page on AT-SPI
/// for screen readers. Change the page from any thread or task with `update`; the window animates
/// to the new values as a live reload does.
///
/// ```swift
/// let window = RadialWindow(page)
/// Task.detached { for try await reading in sensor { window.update { $0.charts[0] = … } } }
/// try window.run()   // returns when the window is closed
/// ```
public final class RadialWindow: Sendable {
    private let live: LivePage
    private let options: WindowOptions

    /// A window that will show `page` (nothing opens until `run`).
    public init(_ page: Page, options: WindowOptions = WindowOptions()) {
        live = LivePage(page)
        self.options = options
    }

    /// Opens the window and runs its loop on the calling thread until it is closed (Q, Esc, or
    /// the window manager). Needs an X display (under Wayland, XWayland).
    public func run() throws {
        var gallery = GalleryOptions()
        gallery.theme = options.theme
        gallery.textSize = options.textSize
        gallery.reduceMotion = options.reduceMotion
        gallery.size = options.size
        gallery.locale = options.locale
        try GalleryApp(sources: [.live(live)], options: gallery).run()
    }

    /// Changes the page shown: `change` edits the current page in place. Safe from any thread.
    public func update(_ change: (inout Page) -> Void) { live.update(change) }

    /// The page as it is now.
    public var page: Page { live.current.page }
}

/// How a `RadialWindow` starts. Everything can still be changed in the window (L, M, Ctrl+plus).
public struct WindowOptions: Sendable {
    /// nil: the page's theme, else the desktop's high-contrast setting, else light.
    public var theme: Theme?
    /// nil: the page's, else the desktop's text scaling factor.
    public var textSize: TextSize?
    /// nil: RADIAL_REDUCE_MOTION, else the desktop's enable-animations setting.
    public var reduceMotion: Bool?
    /// The window's size in points (nil: 760×900 shrunk to the screen).
    public var size: Size?
    /// How numbers and currencies are written (nil: LC_ALL, LC_MONETARY, LANG).
    public var locale: String?
    /// Options that leave every choice to the page and the desktop.
    public init(theme: Theme? = nil, textSize: TextSize? = nil, reduceMotion: Bool? = nil, size: Size? = nil, locale: String? = nil) {
        self.theme = theme; self.textSize = textSize; self.reduceMotion = reduceMotion; self.size = size; self.locale = locale
    }
}
