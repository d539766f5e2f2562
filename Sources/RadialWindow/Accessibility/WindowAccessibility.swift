import CGLFW
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
        var scene: ObjectIdentifier, revision: Int, page: Int, title: String, width: Int, height: Int, focused: Bool
        /// Twice a second while the page animates (sectors arriving, contacts lighting), -1 at rest.
        var tick: Int
    }
    private var key: Key?
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
    package func update(scene: PageScene, pageIndex: Int, pageName: String, title: String, windowSize: (width: Int, height: Int), time: Double, animating: Bool) {
        let k = Key(scene: ObjectIdentifier(scene), revision: scene.revision, page: pageIndex, title: title, width: windowSize.width,
                    height: windowSize.height, focused: focused, tick: animating ? Int(time * 2) : -1)
        guard k != key, windowSize.width > 0, windowSize.height > 0 else { return }
        key = k
        let tree = PageAccessibility.snapshot(scene: scene, pageIndex: pageIndex, pageName: pageName, windowTitle: title,
                                              windowSize: Size(Double(windowSize.width), Double(windowSize.height)), time: time,
                                              windowFocused: focused)
        bridge.publish([tree])
    }

    /// Makes the next `update` republish: call it when something the tree shows changed
    /// without a new scene, page, title or size (a legend toggle, keyboard focus).
    package func invalidate() { key = nil }

    /// Publishes a tree built elsewhere (the element model), as is.
    package func publish(_ window: AccessibleNode) { bridge.publish([window]) }

    /// Answers the bus; returns what screen readers asked to do.
    package func pump() -> [AccessibilityBridge.Action] { bridge.pump() }
}
