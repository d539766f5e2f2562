// Radial's accessible objects on AT-SPI: an AtkObject subclass (RadialAtkObject) for every node,
// Radial's own AtkUtil root and atk_bridge_adaptor_init, as Tk's unix/tkUnixAccessibility.c and
// Chromium's atk_util_auralinux.cc do. GLib's default main context is iterated by the window's
// loop (radial_atk_pump); a watcher thread polls the context's file descriptors and wakes the
// loop only when the bus has something, so a settled window stays asleep.
// One file of ~430 lines on purpose: a GObject subclass's type registration, class init and
// interface vtables (AtkComponent, AtkAction, AtkWindow; AtkValue on the level-bar subtype) reference each other's static functions,
// and splitting them would only trade statics for exported symbols.
#include <atk/atk.h>
#include <at-spi2-atk/2.0/atk-bridge.h>   // by its path: CATK reads atk's flags, not the bridge's (Package.swift)
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "radial_atk.h"

// MARK: - The node type

typedef struct {
    AtkObject parent;
    char *id;
    GPtrArray *children;   // RadialAtkObject *, one reference each
    unsigned states;
    double x, y, width, height;
    char **actions;        // NULL-terminated
    RadialAtkOriginFunction origin;
    void *origin_context;
} RadialAtkObject;

typedef struct { AtkObjectClass parent_class; } RadialAtkObjectClass;

static void radial_component_init(AtkComponentIface *iface);
static void radial_action_init(AtkActionIface *iface);
static void radial_window_init(AtkWindowIface *iface) { (void)iface; }

// AtkWindow only for its signals: a frame emits "activate" when it first shows, which the
// bridge sends as window:activate, which is how Orca learns which window to present.
G_DEFINE_TYPE_WITH_CODE(RadialAtkObject, radial_atk_object, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, radial_component_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, radial_action_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, radial_window_init))

#define RADIAL_IS_NODE(o) G_TYPE_CHECK_INSTANCE_TYPE((o), radial_atk_object_get_type())
#define RADIAL_NODE(o) ((RadialAtkObject *)(o))

static AtkObject *root;   // the application node, ATK's root
static RadialAtkActionHandler action_handler;
static void *action_context;
static atomic_int pending = 1;   // 1: the next pump iterates GLib's context

static void radial_atk_object_init(RadialAtkObject *self) {
    self->children = g_ptr_array_new_with_free_func(g_object_unref);
}

static void radial_atk_object_finalize(GObject *object) {
    RadialAtkObject *self = RADIAL_NODE(object);
    g_ptr_array_unref(self->children);
    g_strfreev(self->actions);
    g_free(self->id);
    G_OBJECT_CLASS(radial_atk_object_parent_class)->finalize(object);
}

static gint radial_get_n_children(AtkObject *obj) { return (gint)RADIAL_NODE(obj)->children->len; }

static AtkObject *radial_ref_child(AtkObject *obj, gint i) {
    GPtrArray *c = RADIAL_NODE(obj)->children;
    if (i < 0 || (guint)i >= c->len) return NULL;
    return g_object_ref(ATK_OBJECT(g_ptr_array_index(c, i)));
}

static gint radial_get_index_in_parent(AtkObject *obj) {
    AtkObject *parent = obj->accessible_parent;
    if (!parent || !RADIAL_IS_NODE(parent)) return -1;
    guint i;
    return g_ptr_array_find(RADIAL_NODE(parent)->children, obj, &i) ? (gint)i : -1;
}

static AtkStateSet *radial_ref_state_set(AtkObject *obj) {
    AtkStateSet *set = ATK_OBJECT_CLASS(radial_atk_object_parent_class)->ref_state_set(obj);
    unsigned s = RADIAL_NODE(obj)->states;
    atk_state_set_add_state(set, ATK_STATE_ENABLED);
    atk_state_set_add_state(set, ATK_STATE_SENSITIVE);
    atk_state_set_add_state(set, ATK_STATE_VISIBLE);
    if (s & RADIAL_STATE_SHOWING) atk_state_set_add_state(set, ATK_STATE_SHOWING);
    if (s & RADIAL_STATE_FOCUSABLE) atk_state_set_add_state(set, ATK_STATE_FOCUSABLE);
    if (s & RADIAL_STATE_FOCUSED) atk_state_set_add_state(set, ATK_STATE_FOCUSED);
    if (s & RADIAL_STATE_CHECKABLE) atk_state_set_add_state(set, ATK_STATE_CHECKABLE);
    if (s & RADIAL_STATE_CHECKED) atk_state_set_add_state(set, ATK_STATE_CHECKED);
    if (s & RADIAL_STATE_ACTIVE) atk_state_set_add_state(set, ATK_STATE_ACTIVE);
    if (s & RADIAL_STATE_TRANSIENT) atk_state_set_add_state(set, ATK_STATE_TRANSIENT);
    return set;
}

static AtkAttributeSet *radial_get_attributes(AtkObject *obj) {
    AtkAttributeSet *set = NULL;
    AtkAttribute *id = g_new(AtkAttribute, 1);
    id->name = g_strdup("id");   // Radial's stable element id: tests and scripts find nodes by it
    id->value = g_strdup(RADIAL_NODE(obj)->id);
    set = g_slist_append(set, id);
    if (atk_object_get_role(obj) == ATK_ROLE_HEADING) {
        AtkAttribute *level = g_new(AtkAttribute, 1);
        level->name = g_strdup("level");
        level->value = g_strdup("1");
        set = g_slist_append(set, level);
    }
    return set;
}

static void radial_atk_object_class_init(RadialAtkObjectClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = radial_atk_object_finalize;
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = radial_get_n_children;
    atk->ref_child = radial_ref_child;
    atk->get_index_in_parent = radial_get_index_in_parent;
    atk->ref_state_set = radial_ref_state_set;
    atk->get_attributes = radial_get_attributes;
}

// MARK: - AtkComponent: extents in window or screen coordinates

static void radial_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType type) {
    RadialAtkObject *self = RADIAL_NODE(component);
    double ox = 0, oy = 0;
    if (type == ATK_XY_SCREEN) {
        // The window's origin, asked now: extents follow moves without any event from us.
        for (AtkObject *a = ATK_OBJECT(self); a; a = a->accessible_parent) {
            if (RADIAL_IS_NODE(a) && RADIAL_NODE(a)->origin) {
                int wx = 0, wy = 0;
                RADIAL_NODE(a)->origin(RADIAL_NODE(a)->origin_context, &wx, &wy);
                ox = wx; oy = wy;
                break;
            }
        }
    } else if (type == ATK_XY_PARENT) {
        AtkObject *p = ATK_OBJECT(self)->accessible_parent;
        if (p && RADIAL_IS_NODE(p) && !RADIAL_NODE(p)->origin) { ox = -RADIAL_NODE(p)->x; oy = -RADIAL_NODE(p)->y; }
    }
    if (x) *x = (gint)(self->x + ox);
    if (y) *y = (gint)(self->y + oy);
    if (width) *width = (gint)(self->width + 0.5);
    if (height) *height = (gint)(self->height + 0.5);
}

static AtkLayer radial_get_layer(AtkComponent *component) {
    return RADIAL_NODE(component)->origin ? ATK_LAYER_WINDOW : ATK_LAYER_WIDGET;
}

static void radial_component_init(AtkComponentIface *iface) {
    iface->get_extents = radial_get_extents;
    iface->get_layer = radial_get_layer;
}

// MARK: - AtkAction: toggle a legend entry, press Replay

static gint radial_get_n_actions(AtkAction *action) {
    char **a = RADIAL_NODE(action)->actions;
    return a ? (gint)g_strv_length(a) : 0;
}

static const gchar *radial_action_get_name(AtkAction *action, gint i) {
    return (i >= 0 && i < radial_get_n_actions(action)) ? RADIAL_NODE(action)->actions[i] : NULL;
}

static gboolean radial_do_action(AtkAction *action, gint i) {
    if (i < 0 || i >= radial_get_n_actions(action) || !action_handler) return FALSE;
    // The handler queues the action for the window's loop, which acts after this pump.
    action_handler(action_context, RADIAL_NODE(action)->id, i);
    return TRUE;
}

static void radial_action_init(AtkActionIface *iface) {
    iface->get_n_actions = radial_get_n_actions;
    iface->get_name = radial_action_get_name;
    iface->do_action = radial_do_action;
}

// MARK: - Nodes, for Swift

static AtkRole atk_role(RadialRole role) {
    switch (role) {
    case RADIAL_ROLE_APPLICATION: return ATK_ROLE_APPLICATION;
    case RADIAL_ROLE_FRAME: return ATK_ROLE_FRAME;
    case RADIAL_ROLE_PAGE: return ATK_ROLE_PAGE;
    case RADIAL_ROLE_HEADING: return ATK_ROLE_HEADING;
    case RADIAL_ROLE_CHART: return ATK_ROLE_CHART;
    case RADIAL_ROLE_LIST_ITEM: return ATK_ROLE_LIST_ITEM;
    case RADIAL_ROLE_TOGGLE_BUTTON: return ATK_ROLE_TOGGLE_BUTTON;
    case RADIAL_ROLE_PUSH_BUTTON: return ATK_ROLE_PUSH_BUTTON;
    case RADIAL_ROLE_PANEL: return ATK_ROLE_PANEL;
    case RADIAL_ROLE_LEVEL_BAR: return ATK_ROLE_LEVEL_BAR;
    case RADIAL_ROLE_TREE_ITEM: return ATK_ROLE_TREE_ITEM;
    }
    return ATK_ROLE_UNKNOWN;
}

static int detached(AtkObject *obj);

// MARK: - Level bars: a node with AtkValue (minimum, maximum, current value and its words)

typedef struct {
    RadialAtkObject parent;
    double minimum, maximum, current;
    char *text;
} RadialAtkMeter;

typedef struct { RadialAtkObjectClass parent_class; } RadialAtkMeterClass;

static void radial_value_init(AtkValueIface *iface);

G_DEFINE_TYPE_WITH_CODE(RadialAtkMeter, radial_atk_meter, radial_atk_object_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, radial_value_init))

#define RADIAL_IS_METER(o) G_TYPE_CHECK_INSTANCE_TYPE((o), radial_atk_meter_get_type())
#define RADIAL_METER(o) ((RadialAtkMeter *)(o))

static void radial_atk_meter_init(RadialAtkMeter *self) { (void)self; }

static void radial_atk_meter_finalize(GObject *object) {
    g_free(RADIAL_METER(object)->text);
    G_OBJECT_CLASS(radial_atk_meter_parent_class)->finalize(object);
}

static void radial_atk_meter_class_init(RadialAtkMeterClass *klass) { G_OBJECT_CLASS(klass)->finalize = radial_atk_meter_finalize; }

static void radial_value_and_text(AtkValue *value, gdouble *current, gchar **text) {
    if (current) *current = RADIAL_METER(value)->current;
    if (text) *text = g_strdup(RADIAL_METER(value)->text ? RADIAL_METER(value)->text : "");
}

static AtkRange *radial_value_range(AtkValue *value) {
    return atk_range_new(RADIAL_METER(value)->minimum, RADIAL_METER(value)->maximum, NULL);
}

static gdouble radial_value_increment(AtkValue *value) { (void)value; return 0; }

// The GValue getters older readers (and at-spi2-atk's fallbacks) use.
static void radial_value_current(AtkValue *value, GValue *out) { g_value_init(out, G_TYPE_DOUBLE); g_value_set_double(out, RADIAL_METER(value)->current); }
static void radial_value_minimum(AtkValue *value, GValue *out) { g_value_init(out, G_TYPE_DOUBLE); g_value_set_double(out, RADIAL_METER(value)->minimum); }
static void radial_value_maximum(AtkValue *value, GValue *out) { g_value_init(out, G_TYPE_DOUBLE); g_value_set_double(out, RADIAL_METER(value)->maximum); }

static void radial_value_init(AtkValueIface *iface) {
    iface->get_value_and_text = radial_value_and_text;
    iface->get_range = radial_value_range;
    iface->get_increment = radial_value_increment;
    iface->get_current_value = radial_value_current;
    iface->get_minimum_value = radial_value_minimum;
    iface->get_maximum_value = radial_value_maximum;
}

void radial_atk_node_set_value(RadialAtkNode *node, double minimum, double maximum, double current, const char *text) {
    if (!RADIAL_IS_METER(node)) return;
    RadialAtkMeter *m = RADIAL_METER(node);
    int changed = m->current != current || m->minimum != minimum || m->maximum != maximum || g_strcmp0(m->text, text) != 0;
    m->minimum = minimum; m->maximum = maximum; m->current = current;
    if (g_strcmp0(m->text, text) != 0) { g_free(m->text); m->text = g_strdup(text); }
    if (!changed || detached(ATK_OBJECT(node))) return;
    g_object_notify(G_OBJECT(node), "accessible-value");
    atomic_store(&pending, 1);
}

RadialAtkNode *radial_atk_node_new(const char *id, RadialRole role) {
    // A level bar is the node type with AtkValue; every other role the plain one.
    RadialAtkObject *self = g_object_new(role == RADIAL_ROLE_LEVEL_BAR ? radial_atk_meter_get_type() : radial_atk_object_get_type(), NULL);
    self->id = g_strdup(id);
    atk_object_set_role(ATK_OBJECT(self), atk_role(role));
    return (RadialAtkNode *)self;
}

void radial_atk_node_unref(RadialAtkNode *node) { g_object_unref(node); }

void radial_atk_node_set_role(RadialAtkNode *node, RadialRole role) {
    AtkObject *obj = ATK_OBJECT(node);
    if (atk_object_get_role(obj) != atk_role(role)) { atk_object_set_role(obj, atk_role(role)); atomic_store(&pending, 1); }
}

/// A node not in the tree yet (not under the root) is filled in silently: it is announced
/// once, by children-changed when its subtree is attached.
static int detached(AtkObject *obj) {
    for (AtkObject *a = obj; a; a = a->accessible_parent) if (a == root) return 0;
    return 1;
}

/// Text set without an event: a detached node's, and a transient node's, which readers do not
/// cache and read fresh (a contact's "beam passed 1.2 s ago" changes by itself).
static int quiet_text(AtkObject *obj) {
    return (RADIAL_NODE(obj)->states & RADIAL_STATE_TRANSIENT) || detached(obj);
}

void radial_atk_node_set_name(RadialAtkNode *node, const char *name) {
    AtkObject *obj = ATK_OBJECT(node);
    if (g_strcmp0(obj->name, name) == 0) return;
    if (quiet_text(obj)) { g_free(obj->name); obj->name = g_strdup(name); return; }
    atk_object_set_name(obj, name);
    atomic_store(&pending, 1);
}

void radial_atk_node_set_description(RadialAtkNode *node, const char *description) {
    AtkObject *obj = ATK_OBJECT(node);
    if (g_strcmp0(obj->description, description) == 0) return;
    if (quiet_text(obj)) { g_free(obj->description); obj->description = g_strdup(description); return; }
    atk_object_set_description(obj, description);
    atomic_store(&pending, 1);
}

void radial_atk_node_set_states(RadialAtkNode *node, unsigned states) {
    RadialAtkObject *self = RADIAL_NODE(node);
    unsigned changed = self->states ^ states;
    self->states = states;
    if (!changed || detached(ATK_OBJECT(node))) return;
    static const struct { unsigned bit; AtkStateType state; } map[] = {
        {RADIAL_STATE_SHOWING, ATK_STATE_SHOWING}, {RADIAL_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE},
        {RADIAL_STATE_CHECKABLE, ATK_STATE_CHECKABLE}, {RADIAL_STATE_CHECKED, ATK_STATE_CHECKED},
        {RADIAL_STATE_ACTIVE, ATK_STATE_ACTIVE}, {RADIAL_STATE_TRANSIENT, ATK_STATE_TRANSIENT},
        {RADIAL_STATE_FOCUSED, ATK_STATE_FOCUSED},
    };
    // Focused last: a screen reader reading the newly focused object sees its other states.
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (changed & map[i].bit) atk_object_notify_state_change(ATK_OBJECT(node), map[i].state, (states & map[i].bit) != 0);
    }
    if ((changed & RADIAL_STATE_ACTIVE) && self->origin) g_signal_emit_by_name(node, (states & RADIAL_STATE_ACTIVE) ? "activate" : "deactivate");
    atomic_store(&pending, 1);
}

void radial_atk_node_refocus(RadialAtkNode *node) {
    if (!(RADIAL_NODE(node)->states & RADIAL_STATE_FOCUSED) || detached(ATK_OBJECT(node))) return;
    atk_object_notify_state_change(ATK_OBJECT(node), ATK_STATE_FOCUSED, TRUE);
    atomic_store(&pending, 1);
}

void radial_atk_node_set_bounds(RadialAtkNode *node, double x, double y, double width, double height) {
    RadialAtkObject *self = RADIAL_NODE(node);
    self->x = x; self->y = y; self->width = width; self->height = height;
}

void radial_atk_node_set_actions(RadialAtkNode *node, const char *const *names, int count) {
    RadialAtkObject *self = RADIAL_NODE(node);
    g_strfreev(self->actions);
    self->actions = g_new0(char *, count + 1);
    for (int i = 0; i < count; i++) self->actions[i] = g_strdup(names[i]);
}

void radial_atk_node_set_children(RadialAtkNode *node, RadialAtkNode *const *children, int count) {
    RadialAtkObject *self = RADIAL_NODE(node);
    GPtrArray *old = self->children;
    int same = old->len == (guint)count;
    for (int i = 0; same && i < count; i++) same = g_ptr_array_index(old, i) == (gpointer)children[i];
    if (same) return;
    GPtrArray *fresh = g_ptr_array_new_full(count, g_object_unref);
    for (int i = 0; i < count; i++) g_ptr_array_add(fresh, g_object_ref(children[i]));
    // Removed children first, from the end, with the index they had.
    for (gint i = (gint)old->len - 1; i >= 0; i--) {
        gpointer child = g_ptr_array_index(old, i);
        guint at;
        if (!g_ptr_array_find(fresh, child, &at)) {
            g_object_ref(child);
            g_ptr_array_remove_index(old, i);
            g_signal_emit_by_name(self, "children-changed::remove", (guint)i, child);
            g_object_unref(child);
        }
    }
    self->children = fresh;
    for (int i = 0; i < count; i++) {
        AtkObject *child = ATK_OBJECT(children[i]);
        guint at;
        if (child->accessible_parent != ATK_OBJECT(self)) atk_object_set_parent(child, ATK_OBJECT(self));
        if (!g_ptr_array_find(old, child, &at)) {
            g_signal_emit_by_name(self, "children-changed::add", (guint)i, child);
            if (RADIAL_NODE(child)->origin && (RADIAL_NODE(child)->states & RADIAL_STATE_ACTIVE)) g_signal_emit_by_name(child, "activate");
        }
    }
    g_ptr_array_unref(old);
    atomic_store(&pending, 1);
}

void radial_atk_node_set_origin_function(RadialAtkNode *node, RadialAtkOriginFunction f, void *context) {
    RADIAL_NODE(node)->origin = f;
    RADIAL_NODE(node)->origin_context = context;
}

// MARK: - The root: Radial's AtkUtil

static char *toolkit_version;

static AtkObject *radial_util_get_root(void) { return root; }
static const gchar *radial_util_get_toolkit_name(void) { return "Radial"; }
static const gchar *radial_util_get_toolkit_version(void) { return toolkit_version; }

RadialAtkNode *radial_atk_root(void) { return (RadialAtkNode *)root; }

// MARK: - Key listeners (GTK 3's gtk/a11y/gtkaccessibilityutil.c): the bridge registers one at
// init and forwards each key to the registry, which asks Orca whether it consumes it.

typedef struct { AtkKeySnoopFunc func; gpointer data; guint id; } KeyListener;
static GSList *key_listeners;   // KeyListener *, in the order added

static guint radial_util_add_key_event_listener(AtkKeySnoopFunc func, gpointer data) {
    static guint next_id;
    KeyListener *l = g_new0(KeyListener, 1);
    l->func = func; l->data = data; l->id = ++next_id;
    key_listeners = g_slist_append(key_listeners, l);
    return l->id;
}

static void radial_util_remove_key_event_listener(guint id) {
    for (GSList *i = key_listeners; i; i = i->next) {
        KeyListener *l = i->data;
        if (l->id == id) { key_listeners = g_slist_delete_link(key_listeners, i); g_free(l); return; }
    }
}

int radial_atk_key_event(int press, unsigned keysym, unsigned state, unsigned keycode, const char *text, unsigned timestamp) {
    if (!key_listeners) return 0;
    AtkKeyEventStruct event = {
        .type = press ? ATK_KEY_EVENT_PRESS : ATK_KEY_EVENT_RELEASE,
        .state = state, .keyval = keysym, .length = text ? (gint)strlen(text) : 0,
        .string = (gchar *)(text ? text : ""), .keycode = (guint16)keycode, .timestamp = timestamp,
    };
    int consumed = 0;
    // Every listener hears every key, as in GTK; any one of them consuming it is enough.
    for (GSList *i = key_listeners; i; i = i->next) {
        KeyListener *l = i->data;
        if (l->func(&event, l->data)) consumed = 1;
    }
    // A synchronous call to the registry ran: what came back with it waits in GLib's context.
    atomic_store(&pending, 1);
    return consumed;
}

static void drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

// MARK: - The watcher: wakes the window's loop when GLib's context has work

static RadialAtkWakeFunction wake_loop;
static int trace;   // RADIAL_A11Y_TRACE: the watcher's polls and the pumps on stderr
static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_armed = PTHREAD_COND_INITIALIZER;
static int armed;
static GPollFD watch_fds[64];
static int watch_count;
static int watch_timeout;
static int interrupt_fd = -1;   // an eventfd: re-arming while the watcher polls stale descriptors

static int polling;   // the watcher is in poll(): re-arming must interrupt it

static void *watch(void *unused) {
    (void)unused;
    struct pollfd fds[65];
    for (;;) {
        pthread_mutex_lock(&watch_lock);
        while (!armed) pthread_cond_wait(&watch_armed, &watch_lock);
        int n = watch_count, timeout = watch_timeout;
        for (int i = 0; i < n; i++) fds[i] = (struct pollfd){.fd = watch_fds[i].fd, .events = (short)watch_fds[i].events};
        armed = 0;
        polling = 1;
        pthread_mutex_unlock(&watch_lock);
        fds[n] = (struct pollfd){.fd = interrupt_fd, .events = POLLIN};
        if (trace) fprintf(stderr, "watch: poll %d fds timeout %d\n", n, timeout);
        int r = poll(fds, (nfds_t)n + 1, timeout);
        if (trace) { fprintf(stderr, "watch: poll -> %d:", r); for (int i = 0; i <= n; i++) fprintf(stderr, " %d/%x", fds[i].fd, fds[i].revents); fprintf(stderr, "\n"); }
        pthread_mutex_lock(&watch_lock);
        polling = 0;
        pthread_mutex_unlock(&watch_lock);
        int others = 0;
        for (int i = 0; i < n; i++) others |= fds[i].revents;
        if (r > 0 && (fds[n].revents & POLLIN)) {
            uint64_t v;
            if (read(interrupt_fd, &v, sizeof v) < 0) {}
            if (!others) continue;   // re-armed with new descriptors: poll those
        }
        if (r >= 0) { atomic_store(&pending, 1); if (wake_loop) wake_loop(); }
        // Then wait to be re-armed by the pump.
    }
    return NULL;
}

static void rearm(void) {
    GMainContext *ctx = g_main_context_default();
    if (!g_main_context_acquire(ctx)) return;
    gint priority = 0, timeout = -1;
    g_main_context_prepare(ctx, &priority);
    pthread_mutex_lock(&watch_lock);
    watch_count = g_main_context_query(ctx, priority, &timeout, watch_fds, 64);
    if (watch_count > 64) watch_count = 64;
    watch_timeout = timeout;
    armed = 1;
    if (polling) { uint64_t one = 1; if (write(interrupt_fd, &one, sizeof one) < 0) {} }
    pthread_cond_signal(&watch_armed);
    pthread_mutex_unlock(&watch_lock);
    g_main_context_release(ctx);
}

static int started;

int radial_atk_pump(void) {
    if (!started || !atomic_exchange(&pending, 0)) return 0;
    int n = 0;
    while (n < 256 && g_main_context_iteration(NULL, FALSE)) n++;
    if (trace) fprintf(stderr, "pump: %d iterations\n", n);
    rearm();
    return n;
}

// MARK: - Start

static int session_bus_reachable(void) {
    const char *address = g_getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address && *address) return 1;
    // systemd's user bus, which libdbus finds without the variable.
    const char *runtime = g_getenv("XDG_RUNTIME_DIR");
    if (!runtime) return 0;
    char *path = g_build_filename(runtime, "bus", NULL);
    int ok = g_file_test(path, G_FILE_TEST_EXISTS);
    g_free(path);
    return ok;
}

int radial_atk_start(const char *app_name, const char *version, RadialAtkWakeFunction wake,
                     RadialAtkActionHandler on_action, void *context) {
    if (started) return 1;
    // GTK's convention for "no accessibility"; and with no session bus the bridge would only
    // try to autolaunch one and warn.
    const char *no = g_getenv("NO_AT_BRIDGE");
    if ((no && *no && strcmp(no, "0") != 0) || !session_bus_reachable()) return 0;
    int debug = g_getenv("RADIAL_A11Y_DEBUG") != NULL;
    if (!debug) g_log_set_default_handler(drop_log, NULL);
    gint64 begun = g_get_monotonic_time();
    trace = g_getenv("RADIAL_A11Y_TRACE") != NULL;
    toolkit_version = g_strdup(version);
    root = ATK_OBJECT(radial_atk_node_new("application", RADIAL_ROLE_APPLICATION));
    atk_object_set_name(root, app_name);
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = radial_util_get_root;
    util->get_toolkit_name = radial_util_get_toolkit_name;
    util->get_toolkit_version = radial_util_get_toolkit_version;
    // Before the bridge starts: it adds its key listener in atk_bridge_adaptor_init.
    util->add_key_event_listener = radial_util_add_key_event_listener;
    util->remove_key_event_listener = radial_util_remove_key_event_listener;
    if (atk_bridge_adaptor_init(NULL, NULL) != 0) return 0;
    action_handler = on_action;
    action_context = context;
    wake_loop = wake;
    interrupt_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    pthread_t thread;
    if (interrupt_fd < 0 || pthread_create(&thread, NULL, watch, NULL) != 0) return 0;
    pthread_detach(thread);
    started = 1;
    if (debug) fprintf(stderr, "radial: AT-SPI bridge up in %.1f ms\n", (g_get_monotonic_time() - begun) / 1000.0);
    atomic_store(&pending, 1);
    radial_atk_pump();
    return 1;
}
