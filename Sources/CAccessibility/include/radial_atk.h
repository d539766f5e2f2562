#ifndef RADIAL_ATK_H
#define RADIAL_ATK_H

// Radial's accessible objects on AT-SPI, through ATK and its bridge, without GTK: an AtkObject
// subclass per node, Radial's own AtkUtil root, and GLib's default main context iterated by
// the window's loop only when the bus has something for us. No ATK or GLib type appears here,
// so Swift sees plain C.

/// Roles of Radial's nodes (mapped to ATK roles in one table in radial_atk.c).
typedef enum {
    RADIAL_ROLE_APPLICATION = 0,
    RADIAL_ROLE_FRAME,
    RADIAL_ROLE_PAGE,
    RADIAL_ROLE_HEADING,
    RADIAL_ROLE_CHART,
    RADIAL_ROLE_LIST_ITEM,     // an axis, a sector, a contact: a datum of a chart
    RADIAL_ROLE_TOGGLE_BUTTON, // a legend entry
    RADIAL_ROLE_PUSH_BUTTON,   // Replay
    RADIAL_ROLE_PANEL,
    RADIAL_ROLE_LEVEL_BAR,     // a value on a scale (a gauge's value, an activity ring): has AtkValue
    RADIAL_ROLE_TREE_ITEM,     // a sunburst node, under its parent node
} RadialRole;

/// States a node can have beyond enabled/sensitive/visible (always set).
enum {
    RADIAL_STATE_SHOWING = 1 << 0,
    RADIAL_STATE_FOCUSABLE = 1 << 1,
    RADIAL_STATE_FOCUSED = 1 << 2,
    RADIAL_STATE_CHECKABLE = 1 << 3,
    RADIAL_STATE_CHECKED = 1 << 4,
    RADIAL_STATE_ACTIVE = 1 << 5,   // a frame whose window has the input focus
    RADIAL_STATE_TRANSIENT = 1 << 6,   // name and description change without events (not cached by readers)
};

typedef struct RadialAtkNode RadialAtkNode;

/// Called (inside radial_atk_pump) when a screen reader invokes action `index` of node `id`.
typedef void (*RadialAtkActionHandler)(void *context, const char *id, int index);
/// Asked for a frame's window origin on the screen whenever extents are read.
typedef void (*RadialAtkOriginFunction)(void *context, int *x, int *y);
/// Called from a watcher thread when the bus has something: wake the window's loop
/// (glfwPostEmptyEvent is safe from any thread).
typedef void (*RadialAtkWakeFunction)(void);

/// Starts the bridge: the application node named `app_name`, ATK's root pointed at it, and
/// atk_bridge_adaptor_init. Returns 0 (and touches no bus) when NO_AT_BRIDGE is set or no
/// session bus can be found; 1 when the bridge is up. Quiet either way: GLib's warnings from
/// the bridge are dropped unless RADIAL_A11Y_DEBUG is set.
int radial_atk_start(const char *app_name, const char *version, RadialAtkWakeFunction wake,
                     RadialAtkActionHandler on_action, void *action_context);

/// The application node (the root): its children are the frames.
RadialAtkNode *radial_atk_root(void);

/// A new node, detached, owned by the caller (one reference).
RadialAtkNode *radial_atk_node_new(const char *id, RadialRole role);
void radial_atk_node_unref(RadialAtkNode *node);

/// Setters emit AT-SPI events only when the value changes (name-changed, description-changed,
/// state-changed with a focus event for focused, children-changed add/remove). A transient
/// node's name and description change without events.
void radial_atk_node_set_role(RadialAtkNode *node, RadialRole role);
void radial_atk_node_set_name(RadialAtkNode *node, const char *name);
void radial_atk_node_set_description(RadialAtkNode *node, const char *description);
void radial_atk_node_set_states(RadialAtkNode *node, unsigned states);
/// A level bar's value (AtkValue): its scale, where it is on it and the words for it. Emits
/// property-change:accessible-value when the value changes. Nodes of other roles ignore it.
void radial_atk_node_set_value(RadialAtkNode *node, double minimum, double maximum, double current, const char *text);
/// The node's box in its window's coordinates (points; GLFW window coordinates).
void radial_atk_node_set_bounds(RadialAtkNode *node, double x, double y, double width, double height);
/// Action names ("toggle", "press"), `count` of them.
void radial_atk_node_set_actions(RadialAtkNode *node, const char *const *names, int count);
/// Replaces the children with `children` (in order): children no longer there are announced
/// removed, new ones added. Takes its own references.
void radial_atk_node_set_children(RadialAtkNode *node, RadialAtkNode *const *children, int count);
/// Says again that `node` has the focus (state-changed:focused), for a window that became active
/// again: the screen reader, having presented the window, presents its focused object.
void radial_atk_node_refocus(RadialAtkNode *node);
/// For a frame: where its window is on the screen, asked whenever extents are read.
void radial_atk_node_set_origin_function(RadialAtkNode *node, RadialAtkOriginFunction f, void *context);

/// Offers a key to ATK's key listeners (the bridge's, which asks the registry, which asks Orca)
/// before the window acts on it, as GTK does: `keysym` as X names it (XK_KP_Enter), `state`
/// X's modifier mask before the event (ShiftMask, ControlMask, Mod1Mask, ...), `keycode` the
/// X keycode, `text` what the key types or else the keysym's name, `timestamp` in ms. Returns
/// 1 when a listener consumed the key: then the window must not act on it. 0 at once when no
/// listener is registered (the bridge is not up).
int radial_atk_key_event(int press, unsigned keysym, unsigned state, unsigned keycode, const char *text, unsigned timestamp);

/// Iterates GLib's default main context without blocking while it has something to do, then
/// re-arms the watcher. Cheap (no system call) when the watcher saw nothing. Returns how many
/// iterations ran.
int radial_atk_pump(void);

#endif
