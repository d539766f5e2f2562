import CAccessibility
import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// The window's accessible tree on AT-SPI: turns snapshots of `AccessibleNode`s into ATK
/// objects (Sources/CAccessibility) and keeps them, announcing what changed between snapshots.
///
/// Nil from `start` when there is no screen-reader bus (no session bus, or `NO_AT_BRIDGE=1`):
/// then nothing here runs and nothing is printed.
package final class AccessibilityBridge {
    /// An action a screen reader asked for: the node's id and the action's name.
    package struct Action: Equatable { var id: String; var name: String }

    private var objects: [String: OpaquePointer] = [:]
    private var actionNames: [String: [String]] = [:]
    private var queued: [Action] = []
    /// Where the window is on the screen (asked only when a screen reader reads extents).
    private let origin: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void
    private let originContext: UnsafeMutableRawPointer?

    /// Starts the bridge. `wake` is called from another thread when the bus has something for
    /// the window's loop (post an empty GLFW event); `origin(context, &x, &y)` gives the
    /// window's position on the screen.
    package static func start(wake: @escaping @convention(c) () -> Void,
                      origin: @escaping @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void,
                      originContext: UnsafeMutableRawPointer?) -> AccessibilityBridge? {
        let bridge = AccessibilityBridge(origin: origin, originContext: originContext)
        let me = Unmanaged.passRetained(bridge).toOpaque()   // lives as long as the process's bridge
        let started = radial_atk_start("radial", Radial.version, wake, { context, id, index in
            guard let context, let id else { return }
            let bridge = Unmanaged<AccessibilityBridge>.fromOpaque(context).takeUnretainedValue()
            let key = String(cString: id)
            if let names = bridge.actionNames[key], Int(index) < names.count {
                bridge.queued.append(Action(id: key, name: names[Int(index)]))
            }
        }, me)
        if started == 0 { Unmanaged<AccessibilityBridge>.fromOpaque(me).release(); return nil }
        return bridge
    }

    private init(origin: @escaping @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void,
                 originContext: UnsafeMutableRawPointer?) {
        self.origin = origin
        self.originContext = originContext
    }

    /// Answers the bus: call every pass of the window's loop (no system call when nothing
    /// came). Returns the actions screen readers asked for since the last call.
    package func pump() -> [Action] {
        radial_atk_pump()
        guard !queued.isEmpty else { return [] }
        defer { queued = [] }
        return queued
    }

    /// Publishes the windows' trees (frames) under the application node. Nodes keep their
    /// AT-SPI object by id; what changed is announced; a newly focused node gets the focus
    /// event after every other change.
    ///
    /// A node's states change before its name and description (a toggle is read "not
    /// pressed", then "City, hidden"). A node losing the focus changes its text only after
    /// the new focus is announced, when the screen reader no longer reads it. A frame that
    /// becomes active announces its focused node again: a screen reader presents the window,
    /// then what has the focus in it (as on a window's first map).
    package func publish(_ windows: [AccessibleNode]) {
        var seen = Set<String>()
        var gainedFocus: [(OpaquePointer, AccessibleNode.States)] = []
        var afterFocus: [(OpaquePointer, AccessibleNode)] = []
        var activated = false
        var focusedNow: OpaquePointer?
        func apply(_ node: AccessibleNode, isFrame: Bool) -> OpaquePointer {
            seen.insert(node.id)
            let object: OpaquePointer
            // A level bar is an object of its own type (with AtkValue): a node that became one,
            // or stopped being one, gets a new object.
            if let o = objects[node.id], meters.contains(node.id) != (node.role == .meter) {
                radial_atk_node_unref(o)
                objects[node.id] = nil
                actionNames[node.id] = nil
            }
            if node.role == .meter { meters.insert(node.id) } else { meters.remove(node.id) }
            if let o = objects[node.id] {
                object = o
                radial_atk_node_set_role(o, node.role.c)
                if isFrame && node.states.contains(.active) && !active.contains(node.id) { activated = true }
            } else {
                object = radial_atk_node_new(node.id, node.role.c)
                objects[node.id] = object
                if isFrame { radial_atk_node_set_origin_function(object, origin, originContext) }
            }
            radial_atk_node_set_bounds(object, node.frame.x, node.frame.y, node.frame.width, node.frame.height)
            if let r = node.range { radial_atk_node_set_value(object, r.minimum, r.maximum, r.current, node.description) }
            if actionNames[node.id] != node.actions {
                actionNames[node.id] = node.actions
                withCStrings(node.actions) { radial_atk_node_set_actions(object, $0, Int32(node.actions.count)) }
            }
            if node.states.contains(.focused) {
                focusedNow = object
                if !focused.contains(node.id) {
                    // Everything else first (the old focus lost included); the focus event once
                    // the tree is up to date.
                    radial_atk_node_set_states(object, node.states.subtracting(.focused).rawValue)
                    gainedFocus.append((object, node.states))
                } else {
                    radial_atk_node_set_states(object, node.states.rawValue)
                }
            } else {
                radial_atk_node_set_states(object, node.states.rawValue)
            }
            if focused.contains(node.id) && !node.states.contains(.focused) {
                afterFocus.append((object, node))
            } else {
                radial_atk_node_set_name(object, node.name)
                radial_atk_node_set_description(object, node.description)
            }
            let children = node.children.map { apply($0, isFrame: false) }
            children.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: OpaquePointer?.self) { radial_atk_node_set_children(object, $0.baseAddress, Int32($0.count)) }
            }
            return object
        }
        let frames = windows.map { apply($0, isFrame: true) }
        frames.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: OpaquePointer?.self) { radial_atk_node_set_children(radial_atk_root(), $0.baseAddress, Int32($0.count)) }
        }
        for (object, states) in gainedFocus { radial_atk_node_set_states(object, states.rawValue) }
        if activated, gainedFocus.isEmpty, let f = focusedNow { radial_atk_node_refocus(f) }
        for (object, node) in afterFocus {
            radial_atk_node_set_name(object, node.name)
            radial_atk_node_set_description(object, node.description)
        }
        focused = []
        active = Set(windows.filter { $0.states.contains(.active) }.map(\.id))
        for w in windows { w.walk { if $0.states.contains(.focused) { focused.insert($0.id) } } }
        // Objects no longer in any tree: their parents dropped them (announced); drop ours.
        for (id, object) in objects where !seen.contains(id) {
            radial_atk_node_unref(object)
            objects[id] = nil
            actionNames[id] = nil
            meters.remove(id)
        }
    }

    /// The ids whose object is a level bar.
    private var meters: Set<String> = []

    /// The frames active in the last snapshot.
    private var active: Set<String> = []
    /// The ids focused in the last snapshot.
    private var focused: Set<String> = []
}

private extension AccessibleNode.Role {
    var c: RadialRole {
        switch self {
        case .frame: RADIAL_ROLE_FRAME
        case .page: RADIAL_ROLE_PAGE
        case .heading: RADIAL_ROLE_HEADING
        case .chart: RADIAL_ROLE_CHART
        case .datum: RADIAL_ROLE_LIST_ITEM
        case .toggleButton: RADIAL_ROLE_TOGGLE_BUTTON
        case .pushButton: RADIAL_ROLE_PUSH_BUTTON
        case .panel: RADIAL_ROLE_PANEL
        case .meter: RADIAL_ROLE_LEVEL_BAR
        case .treeItem: RADIAL_ROLE_TREE_ITEM
        }
    }
}

/// Calls `body` with a C array of the strings (valid only during the call).
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
