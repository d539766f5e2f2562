import RadialRender
import RadialGL
import RadialText
import RadialCore

/// One object a screen reader can read: a snapshot node of the window's accessible tree.
///
/// The window publishes a whole tree of these (`AccessibilityBridge.publish`) whenever
/// something a screen reader would notice changes; the bridge diffs it against the previous
/// one by `id`, so a node with the same id stays the same AT-SPI object and only what changed
/// is announced (name, description, states, children).
package struct AccessibleNode: Equatable, Sendable {
    /// What the object is, as AT-SPI says it.
    package enum Role: Sendable, Equatable {
        /// A window (its title as name).
        case frame
        /// The page of charts a window shows.
        case page
        /// The page's title.
        case heading
        /// One chart (ATK_ROLE_CHART).
        case chart
        /// A datum of a chart: a radar axis, a pie sector, a scan contact (list item).
        case datum
        /// A legend entry that shows or hides its series or sector.
        case toggleButton
        /// A button such as Replay.
        case pushButton
        /// A plain grouping.
        case panel
        /// A value on a scale (a gauge's value, an activity ring): a level bar with AtkValue.
        case meter
        /// A sunburst node, under its parent node.
        case treeItem
    }

    /// The states AT-SPI reports beyond enabled, sensitive and visible (always on).
    package struct States: OptionSet, Sendable, Equatable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }
        /// On screen (ATK_STATE_SHOWING); set by default.
        package static let showing = States(rawValue: 1 << 0)
        /// Can take keyboard focus.
        package static let focusable = States(rawValue: 1 << 1)
        /// Has keyboard focus now.
        package static let focused = States(rawValue: 1 << 2)
        /// Can be checked (legend entries that toggle).
        package static let checkable = States(rawValue: 1 << 3)
        /// Checked now (a legend entry whose series or sector is shown).
        package static let checked = States(rawValue: 1 << 4)
        /// A frame whose window has the input focus.
        package static let active = States(rawValue: 1 << 5)
        /// Its name and description change by themselves (a scan contact: when the beam
        /// passed): updated without events, and not cached by screen readers (ATK_STATE_TRANSIENT).
        package static let transient = States(rawValue: 1 << 6)
    }

    /// Stable across snapshots (and across live reloads where the element still exists).
    package var id: String
    /// What the object is, as AT-SPI says it.
    package var role: Role
    /// What a screen reader says first: the element's accessible name.
    package var name: String
    /// The value text a screen reader says after the name ("City 55, Trail 80").
    package var description: String
    /// The box in window points (GLFW window coordinates); the bridge adds the window's
    /// position on the screen when asked for screen extents.
    package var frame: Rect
    /// What AT-SPI reports about it beyond enabled, sensitive and visible (default: showing).
    package var states: States
    /// Action names in order: "toggle" for legend entries, "press" for buttons.
    package var actions: [String]
    /// A meter's scale and value (AtkValue's minimum, maximum and current value).
    package var range: ChartElement.Range?
    /// The nodes under it, in reading order.
    package var children: [AccessibleNode]

    /// A node with every field given; it is showing, with no actions, range or children, unless told otherwise.
    package init(id: String, role: Role, name: String, description: String = "", frame: Rect,
                states: States = [.showing], actions: [String] = [], range: ChartElement.Range? = nil, children: [AccessibleNode] = []) {
        self.id = id; self.role = role; self.name = name; self.description = description; self.frame = frame
        self.states = states; self.actions = actions; self.range = range; self.children = children
    }

    /// Every node of the tree, depth first, this one first.
    package func walk(_ body: (AccessibleNode) -> Void) {
        body(self)
        for c in children { c.walk(body) }
    }
}
