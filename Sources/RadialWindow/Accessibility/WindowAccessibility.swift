import CAccessibility
import CGLFW
import CXKeys
import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// The gallery window's side of the bridge: publishes the page's tree when what it shows
/// changes and hands screen readers' actions back. The window calls `update` and `pump` every
/// pass of its loop; both cost a comparison when nothing changed.
package final class WindowAccessibility {
    private let bridge: AccessibilityBridge
    private struct Key: Equatable {
        var scene: ObjectIdentifier, revision: Int, page: Int, title: String, width: Int, height: Int
        var pageHeight: Double?, scroll: Double, focused: Bool
        /// Twice a second while the page animates (sectors arriving, contacts lighting), -1 at rest.
        var tick: Int
    }
    private var key: Key?
    /// When the tree was last published, and the least time between two that only a new scene
    /// (a stream's or a live page's next state) asks for.
    private var publishedAt = -Double.infinity
    static let sceneInterval = 0.5
    /// Whether the window has the input focus: the frame's active state, and its
    /// window:activate, which is how Orca picks the window it presents.
    private var focused: Bool
    /// The one window's bridge, for GLFW's focus callback (which has no context of its own:
    /// the window's user pointer is the app's).
    nonisolated(unsafe) private static weak var current: WindowAccessibility?

    /// Nil when no screen reader can be reached (no session bus, `NO_AT_BRIDGE=1`).
    package static func start(window: OpaquePointer) -> WindowAccessibility? {
        guard let bridge = AccessibilityBridge.start(
            wake: { glfwPostEmptyEvent() },
            origin: { context, x, y in glfwGetWindowPos(OpaquePointer(context), x, y) },
            originContext: UnsafeMutableRawPointer(window)
        ) else { return nil }
        let me = WindowAccessibility(bridge: bridge, focused: glfwGetWindowAttrib(window, GLFW_FOCUSED) != 0)
        current = me
        // The window sets no focus callback of its own; if it ever does, it should forward here.
        glfwSetWindowFocusCallback(window) { _, focused in WindowAccessibility.current?.focused = focused != 0 }
        return me
    }

    private init(bridge: AccessibilityBridge, focused: Bool) { self.bridge = bridge; self.focused = focused }

    /// Republishes the tree when the page, its scene (a reload) or what its elements say
    /// (focus, toggles), the title or the size changed, and twice a second while it animates.
    /// `pageHeight`, `scroll`: a page taller than the window, scrolled (points).
    package func update(scene: PageScene, pageIndex: Int, pageName: String, title: String, windowSize: (width: Int, height: Int),
                        pageHeight: Double? = nil, scroll: Double = 0, time: Double, animating: Bool) {
        let k = Key(scene: ObjectIdentifier(scene), revision: scene.revision, page: pageIndex, title: title, width: windowSize.width,
                    height: windowSize.height, pageHeight: pageHeight, scroll: scroll, focused: focused, tick: animating ? Int(time * 2) : -1)
        guard k != key, windowSize.width > 0, windowSize.height > 0 else { return }
        // A stream or a live page replaces the scene up to once a frame: the tree follows it
        // twice a second (each time with the newest values), not at the frame rate.
        let now = monotonicSeconds
        if var sameBut = key, sameBut.scene != k.scene, now - publishedAt < Self.sceneInterval {
            sameBut.scene = k.scene; sameBut.revision = k.revision; sameBut.tick = k.tick
            if sameBut == k { return }
        }
        key = k
        publishedAt = now
        var tree = PageAccessibility.snapshot(scene: scene, pageIndex: pageIndex, pageName: pageName, windowTitle: title,
                                              windowSize: Size(Double(windowSize.width), Double(windowSize.height)), pageHeight: pageHeight, scroll: scroll, time: time,
                                              windowFocused: focused, announcement: announcement)
        // An announcement lasts while its node has the focus; then the node reads as before.
        if let a = announcement {
            var stillFocused = false
            tree.walk { if $0.id == a.id && $0.states.contains(.focused) { stillFocused = true } }
            if !stillFocused {
                announcement = nil
                tree = PageAccessibility.snapshot(scene: scene, pageIndex: pageIndex, pageName: pageName, windowTitle: title,
                                                  windowSize: Size(Double(windowSize.width), Double(windowSize.height)), pageHeight: pageHeight, scroll: scroll, time: time,
                                                  windowFocused: focused)
            }
        }
        bridge.publish([tree])
    }

    /// What a user's action on the focused node did, said by the screen reader as the node's
    /// new description ("City, hidden") until the focus moves on. `id` is the node's
    /// (`page1/charts[0]/series/City`).
    package func announce(id: String, text: String) {
        announcement = (id, text)
        key = nil
    }
    private var announcement: (id: String, text: String)?

    /// Makes the next `update` republish: call it when something the tree shows changed
    /// without a new scene, page, title or size (a legend toggle, keyboard focus).
    package func invalidate() { key = nil }

    /// Publishes a tree built elsewhere (the element model), as is.
    package func publish(_ window: AccessibleNode) { bridge.publish([window]) }

    /// Offers a key to the screen reader before the window acts on it (ATK's key listeners, as
    /// GTK does): `scancode` the X keycode GLFW reports, `mods` GLFW's modifier flags. True when
    /// it consumed the key (Orca's own commands: KP_Enter, Insert+..., flat review), and then
    /// the window must do nothing with it. Every press and release is offered, modifiers too:
    /// Orca tracks its modifier key by them and echoes keys as they are typed.
    func offerKey(scancode: Int32, press: Bool, mods: Int32) -> Bool {
        var x = RadialXKey()
        guard radial_x_key(scancode, mods, &x) != 0 else { return false }
        let text = withUnsafeBytes(of: x.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return radial_atk_key_event(press ? 1 : 0, x.keysym, x.state, UInt32(max(scancode, 0)), text, Self.timestamp()) != 0
    }

    /// Milliseconds on the monotonic clock, as X timestamps count (Orca compares two presses'
    /// times to tell a double press).
    private static func timestamp() -> UInt32 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt32(truncatingIfNeeded: Int(t.tv_sec) * 1000 + Int(t.tv_nsec) / 1_000_000)
    }

    /// Answers the bus; returns what screen readers asked to do.
    package func pump() -> [AccessibilityBridge.Action] { bridge.pump() }
}
