import CGLFW
import Foundation
import RadialCore

/// The gallery window's side of the bridge: publishes the page's tree when what it shows
/// changes and hands screen readers' actions back. The window calls `update` and `pump` every
/// pass of its loop; both cost a comparison when nothing changed.
final class WindowAccessibility {
    private let bridge: AccessibilityBridge
    private struct Key: Equatable {
        var scene: ObjectIdentifier, page: Int, title: String, width: Int, height: Int
    }
    private var key: Key?

    /// Nil when no screen reader can be reached (no session bus, `NO_AT_BRIDGE=1`).
    static func start(window: OpaquePointer) -> WindowAccessibility? {
        guard let bridge = AccessibilityBridge.start(
            wake: { glfwPostEmptyEvent() },
            origin: { context, x, y in glfwGetWindowPos(OpaquePointer(context), x, y) },
            originContext: UnsafeMutableRawPointer(window)
        ) else { return nil }
        return WindowAccessibility(bridge: bridge)
    }

    private init(bridge: AccessibilityBridge) { self.bridge = bridge }

    /// Republishes the tree when the page, its scene (a reload), the title or the size changed.
    func update(scene: PageScene, pageIndex: Int, pageName: String, title: String, windowSize: (width: Int, height: Int), time: Double) {
        let k = Key(scene: ObjectIdentifier(scene), page: pageIndex, title: title, width: windowSize.width, height: windowSize.height)
        guard k != key, windowSize.width > 0, windowSize.height > 0 else { return }
        key = k
        let tree = PageAccessibility.snapshot(scene: scene, pageIndex: pageIndex, pageName: pageName, windowTitle: title,
                                              windowSize: Size(Double(windowSize.width), Double(windowSize.height)), time: time)
        bridge.publish([tree])
    }

    /// Publishes a tree built elsewhere (the element model), as is.
    func publish(_ window: AccessibleNode) { bridge.publish([window]) }

    /// Answers the bus; returns what screen readers asked to do.
    func pump() -> [AccessibilityBridge.Action] { bridge.pump() }
}
