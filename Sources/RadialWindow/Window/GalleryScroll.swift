import CGLFW
import RadialCore

/// Scrolling a page taller than the window (#32). Where the charts of a page would stand as
/// thumbnails at the window's size, the page is laid out at the window's width and as tall as
/// they need to read (`PageScene.scrollHeight`), and the window shows a band of it: the wheel,
/// Page Down and Page Up (before they switch pages), Home and End move the band, and a focus
/// that moves to a chart or one of its elements off the band brings it into view. The pointer,
/// clicks and the accessible tree speak in the page's points; overlays stay on the window.
extension GalleryApp {
    /// The window's size in points, or nil while it is minimized.
    var windowPoints: Size? {
        let fb = framebufferSize, ws = windowSize
        guard fb.width > 0, fb.height > 0, ws.width > 0, ws.height > 0 else { return nil }
        let scale = Double(fb.width) / Double(ws.width)
        return Size(Double(fb.width) / scale, Double(fb.height) / scale)
    }

    /// The page's size in points for a window of `size`: the window's width, and the height the
    /// page is laid out at (the window's own unless its charts need more to read).
    package func pageSize(window size: Size) -> Size { Size(size.width, scene.scrollHeight(for: size)) }

    /// How far the page can scroll, in points (0 when it fits the window).
    package var scrollRange: Double {
        guard let w = windowPoints else { return 0 }
        return max(pageSize(window: w).height - w.height, 0)
    }

    /// Scrolls to `y` points from the page's top (clamped); hover follows the pointer.
    package func scroll(to y: Double) {
        let y = min(max(y, 0), scrollRange)
        guard y != scrollY else { return }
        scrollY = y
        needsRedraw = true
        if pointerInside { pointerMoved(to: cursor) }
    }

    /// Scrolls by `dy` points (down for positive).
    package func scroll(by dy: Double) { scroll(to: scrollY + dy) }

    /// One step of the wheel, in points.
    static let wheelStep = 48.0

    /// A window's height of scrolling less this much, so a line of the last band stays in view.
    static let pageOverlap = 48.0

    /// Page Down (+1) or Page Up (−1): a window's height of the page, or false when the page
    /// is already at that end (the key then switches pages, as on a page that fits).
    func scrollPage(_ direction: Double) -> Bool {
        guard let w = windowPoints else { return false }
        let before = scrollY
        scroll(by: direction * max(w.height - Self.pageOverlap, Self.wheelStep))
        return scrollY != before
    }

    /// Scrolls the least that brings `r` (page points) into the window: its top when it is
    /// taller than the window.
    func reveal(_ r: Rect) {
        guard let w = windowPoints, scrollRange > 0 else { return }
        let margin = 8.0
        if r.minY - margin < scrollY || r.height + 2 * margin > w.height {
            scroll(to: r.minY - margin)
        } else if r.maxY + margin > scrollY + w.height {
            scroll(to: r.maxY + margin - w.height)
        }
    }

    /// Brings the focused element (its chart's card when it has no frame of its own) into
    /// view; with nothing focused, the page's start.
    func revealFocus() {
        guard scrollRange > 0 else { return }
        guard let f = scene.focused else { return scroll(to: 0) }
        if let e = scene.element(f, moment: Moment(time: timeline.time, reduceMotion: reduceMotion)), e.frame.width > 0 || e.frame.height > 0 {
            reveal(e.frame)
        } else if f.chart < scene.cards.count {
            reveal(scene.cards[f.chart])
        }
    }

    /// A point in the window (points) as a point on the page.
    func pagePoint(_ p: Vec2) -> Vec2 { Vec2(p.x, p.y + scrollY) }

    /// The wheel scrolls a page taller than the window.
    func installScrolling() {
        glfwSetScrollCallback(window.handle) { w, _, dy in
            guard let app = GalleryApp.from(w) else { return }
            app.scroll(by: -dy * GalleryApp.wheelStep)
        }
    }
}
