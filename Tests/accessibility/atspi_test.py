#!/usr/bin/python3
"""Radial's windows read as a screen reader reads them: pyatspi, the library Orca is built on.

Run inside a private session bus, with an X display (Tests/RadialRenderTests/AccessibilityTests
does this under `make test`):

    /usr/bin/python3 Tests/accessibility/atspi_test.py --session BINARY CHECK...

(`--session` unblocks signals, which a parent such as Foundation's Process may leave blocked so
that no bus daemon would ever stop, and runs the rest on an X server of its own (xvfb-run: the
window tests grab and move windows on the shared display) under `dbus-run-session`.)

It starts the AT-SPI bus (/usr/libexec/at-spi-bus-launcher, as at-spi2-core installs it),
launches the gallery (BINARY with no arguments: the e-bike, scan and pies demos), finds it in
the registry and runs each CHECK: tree, extents, events, focus, toggle, dump. Prints one line
per check, `PASS name`, `FAIL name: why` or `PENDING name: why` (a part that waits on the
element model of issue 15), and exits 1 when any check failed.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

if __name__ == "__main__" and sys.argv[1:2] == ["--session"]:
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    os.execv("/usr/bin/xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1920x1200x24", "/usr/bin/dbus-run-session", "--",
                                   sys.executable, os.path.abspath(__file__), *sys.argv[2:]])

import dbus  # noqa: E402

GALLERY = ["ebike", "scan", "pies"]   # the seeds' pages, keys 1-3 (the tree, extents and the rest walk these)
PAGES = GALLERY + ["gauge", "rings", "rose", "bars", "sunburst", "donuts"]   # every gallery page, keys 1-9


def start_atspi_bus():
    # Its own process group: the launcher, its bus and the registry stop together at the end.
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    bus = dbus.SessionBus()
    for _ in range(100):
        if bus.name_has_owner("org.a11y.Bus"):
            return launcher
        time.sleep(0.05)
    raise SystemExit("FAIL setup: the AT-SPI bus launcher did not start")


LAUNCHER = start_atspi_bus()
# A window manager, as every desktop has: it focuses the gallery's window when it maps (without
# one, the window's own focus request can come before the window is viewable and be lost, and a
# window that never gets the focus is never active).
WM = subprocess.Popen(["openbox", "--sm-disable"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
import pyatspi  # noqa: E402  (after the bus: pyatspi asks for its address on import)
from gi.repository import GLib  # noqa: E402


class Failure(Exception):
    pass


class Pending(Exception):
    pass


def expect(cond, message):
    if not cond:
        raise Failure(message)


def pump(seconds):
    """Runs GLib's loop (pyatspi's events arrive there) for `seconds`."""
    end = time.time() + seconds
    ctx = GLib.MainContext.default()
    while time.time() < end:
        while ctx.iteration(False):
            pass
        time.sleep(0.01)


def wait_until(cond, seconds=5.0):
    end = time.time() + seconds
    while time.time() < end:
        pump(0.05)
        value = cond()
        if value:
            return value
    return cond()


def xdotool(*args):
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True).stdout.strip()


# MARK: - The gallery

class Gallery:
    def __init__(self, binary):
        self.binary = binary
        env = dict(os.environ)
        env.pop("NO_AT_BRIDGE", None)
        self.proc = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.window = ""
        for _ in range(200):
            try:
                self.window = xdotool("search", "--onlyvisible", "--pid", str(self.proc.pid), "--name", "Radial").split("\n")[0]
            except subprocess.CalledProcessError:
                pass
            if self.window:
                break
            time.sleep(0.1)
        expect(self.window, "the gallery window did not appear")
        self.app = wait_until(self._find_app, 10)
        expect(self.app is not None, "no application named 'radial' with the gallery's pid in the AT-SPI registry")

    def _find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.name == "radial" and app.get_process_id() == self.proc.pid:
                    return app
            except Exception:
                pass
        return None

    def frame(self):
        expect(self.app.childCount == 1, f"the application has {self.app.childCount} children, not one frame")
        f = self.app[0]
        expect(f.getRole() == pyatspi.ROLE_FRAME, f"the application's child is a {f.getRoleName()}, not a frame")
        return f

    def page(self):
        f = self.frame()
        expect(f.childCount == 1, f"the frame has {f.childCount} children, not one page")
        p = f[0]
        expect(p.getRole() == pyatspi.ROLE_PAGE, f"the frame's child is a {p.getRoleName()}, not a page")
        return p

    def key(self, name):
        xdotool("key", "--window", self.window, name)

    def show_page(self, index):
        """Switches to page `index` (0-based) and waits for its tree."""
        self.key(str(index + 1))
        shown = wait_until(lambda: self.page().get_attributes().get("id") == f"page{index + 1}", 5)
        expect(shown, f"the tree did not follow page {index + 1}: {self.page().get_attributes()}")
        # The tree follows the page's animation (a pie's sectors join it as they arrive): wait
        # until it settles, when it stops changing.
        settled = {"pies": 8, "ebike": 2.5}.get(PAGES[index], 2.5 if index >= len(GALLERY) else 0)
        if settled:
            pump(settled)

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def describe(binary, demo):
    out = subprocess.run([binary, "describe", "--demo", demo], check=True, capture_output=True, text=True).stdout
    return out.rstrip("\n").split("\n")


def states(o):
    return set(o.getState().getStates())


def actions(o):
    try:
        a = o.queryAction()
    except NotImplementedError:
        return []
    return [a.getName(i) for i in range(a.nActions)]


# MARK: - Checks

def check_tree(g):
    """Every page's tree against `radial describe`: heading, charts, elements, roles, states."""
    for index, demo in enumerate(GALLERY):
        g.show_page(index)
        lines = describe(g.binary, demo)
        page = g.page()
        expect(g.frame().name == xdotool("getwindowname", g.window), f"frame name {g.frame().name!r} is not the window title")
        children = list(page)
        heading = children[0]
        expect(heading.getRole() == pyatspi.ROLE_HEADING, f"{demo}: the page's first child is a {heading.getRoleName()}, not a heading")
        expect(heading.name == lines[0], f"{demo}: heading {heading.name!r}, describe says {lines[0]!r}")
        rest = lines[1:]
        charts = children[1:]
        expect(charts and all(c.getRole() == pyatspi.ROLE_CHART for c in charts),
               f"{demo}: the page's other children are {[c.getRoleName() for c in charts]}, not charts")
        pos = 0
        for chart in charts:
            # describe's heading of a chart is its accessible name and role ("Radar chart",
            # "Earnings, pie chart"); its summary is the chart's description.
            head = rest[pos]
            expect(head.startswith(chart.name + " chart"), f"{demo}: chart {chart.name!r}, describe says {head!r}")
            expect(" chart chart" not in head and not chart.name.lower().endswith("chart"), f"{demo}: the role is repeated: {chart.name!r}")
            expect("\n" not in chart.description and len(chart.description) < 80, f"{demo}: {chart.name!r} reads a long description on every focus: {chart.description!r}")
            items = [c for c in chart if c.getRole() == pyatspi.ROLE_LIST_ITEM]
            toggles = [c for c in chart if c.getRole() == pyatspi.ROLE_TOGGLE_BUTTON]
            buttons = [c for c in chart if c.getRole() == pyatspi.ROLE_PUSH_BUTTON]
            expect(len(items) + len(toggles) + len(buttons) == chart.childCount,
                   f"{demo}: {chart.name!r} has children of other roles: {[c.getRoleName() for c in chart]}")
            for t in toggles:
                expect({pyatspi.STATE_CHECKABLE, pyatspi.STATE_FOCUSABLE} <= states(t), f"{demo}: legend entry {t.name!r} is not checkable and focusable")
                expect(actions(t) == ["toggle"], f"{demo}: legend entry {t.name!r} has actions {actions(t)}, not toggle")
            for b in buttons:
                expect(actions(b) == ["press"], f"{demo}: button {b.name!r} has actions {actions(b)}, not press")
            if head.startswith("Radar chart"):
                # "Radar chart: City and Trail on 6 axes, each of 100", then
                # "Speed: City 55, Trail 80, of 100" -> an item named Speed described "City 55, Trail 80, of 100".
                expect(chart.description == head.split(": ", 1)[1], f"{demo}: radar described {chart.description!r}, describe says {head!r}")
                n = len(items)
                axes = [line.split(": ", 1) for line in rest[pos + 1:pos + 1 + n]]
                pos += 1 + n
                got = [[i.name, i.description] for i in items]
                expect(got == axes, f"{demo}: radar axes {got!r}, describe says {axes!r}")
                series = [re.sub(r" (no value|[-\d.,]+)$", "", part) for part in axes[0][1].split(", ")[:-1]]
                expect([t.name for t in toggles] == series, f"{demo}: legend {[t.name for t in toggles]}, series {series}")
                expect([b.name for b in buttons] == ["Replay"], f"{demo}: a radar's buttons are {[b.name for b in buttons]}, not Replay")
            elif "radar scan chart" in head.lower():
                pos += 1
                # "Radar scan chart: One turn every 3 seconds, 4 contacts. Headphones at 1 o'clock, 62% out; ..."
                places = head.split(". ", 1)[1].split("; ")
                expect([f"{i.name} {i.description.split(', beam')[0]}" for i in items] == places,
                       f"{demo}: contacts {[(i.name, i.description) for i in items]}, describe says {places}")
                bad = [(i.name, i.description) for i in items if not re.search(r", beam (passed [\d.]+ s ago|not there yet)$", i.description)]
                expect(not bad, f"{demo}: contacts that do not say when the beam passed: {bad}")
                expect(all(pyatspi.STATE_TRANSIENT in states(i) for i in items), f"{demo}: contacts are not transient (their text changes by itself)")
            else:
                pos += 1
                # "Earnings, pie chart, $1,120.00: Tax Return $50.00, 4%; Interest $70.00, 6%"
                body = head.split(": ", 1)[1]
                sectors = [list(re.match(r"^(.*) (\S+, \S+)$", part).groups()) for part in body.split("; ")]
                got = [[i.name, i.description] for i in items]
                expect(got == sectors, f"{demo}: sectors {got!r}, describe says {sectors!r}")
                expect([t.name for t in toggles] == [s[0] for s in sectors], f"{demo}: legend {[t.name for t in toggles]}")
            for c in list(chart):
                expect(pyatspi.STATE_SHOWING in states(c), f"{demo}: {c.name!r} is not showing")
        expect(pos == len(rest), f"{demo}: describe has lines no chart describes: {rest[pos:]!r}")


def window_geometry(g):
    """The window's content on the screen. xwininfo's absolute position: under a reparenting
    window manager `xdotool getwindowgeometry` adds the frame's offset once more."""
    info = subprocess.run(["xwininfo", "-id", g.window], check=True, capture_output=True, text=True).stdout
    field = lambda name: int(re.search(name + r":\s+(-?\d+)", info).group(1))
    return field("Absolute upper-left X"), field("Absolute upper-left Y"), field("Width"), field("Height")


def extents(o, coords=pyatspi.DESKTOP_COORDS):
    e = o.queryComponent().getExtents(coords)
    return e.x, e.y, e.width, e.height


def descendants(o):
    for c in o:
        yield c
        yield from descendants(c)


def check_extents(g):
    """Extents in screen coordinates inside the window, following a move, around what is drawn."""
    for index, demo in enumerate(GALLERY):
        g.show_page(index)
        wx, wy, ww, wh = window_geometry(g)
        expect(extents(g.frame()) == (wx, wy, ww, wh), f"{demo}: frame extents {extents(g.frame())}, window {wx, wy, ww, wh}")
        for o in descendants(g.frame()):
            x, y, w, h = extents(o)
            expect(w > 0 and h > 0, f"{demo}: {o.name!r} has an empty box {x, y, w, h}")
            expect(wx <= x and wy <= y and x + w <= wx + ww and y + h <= wy + wh,
                   f"{demo}: {o.getRoleName()} {o.name!r} at {x, y, w, h} is not inside the window {wx, wy, ww, wh}")
        # What the renderer draws at the same size: every datum's box holds its drawn points.
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([g.binary, "render", "--demo", demo, "--size", f"{ww}x{wh}", "--at", "20", "--reduce-motion",
                            "--out", f"{tmp}/out.png", "--geometry", f"{tmp}/g.json"], check=True, capture_output=True)
            geometry = json.load(open(f"{tmp}/g.json"))
        charts = [c for c in g.page() if c.getRole() == pyatspi.ROLE_CHART]
        for chart, drawn in zip(charts, geometry["charts"]):
            items = [c for c in chart if c.getRole() == pyatspi.ROLE_LIST_ITEM]
            inside = lambda o, p: (lambda x, y, w, h: x - 1 <= p[0] <= x + w + 1 and y - 1 <= p[1] <= y + h + 1)(*extents(o, pyatspi.WINDOW_COORDS))
            if drawn["type"] == "radar":
                for a, item in enumerate(items):
                    for s in drawn["series"]:
                        expect(inside(item, s["points"][a]), f"{demo}: axis {item.name!r} box {extents(item, pyatspi.WINDOW_COORDS)} misses {s['name']}'s corner {s['points'][a]}")
            elif drawn["type"] == "pie":
                import math
                cx, cy = drawn["center"]
                r = (drawn["outerRadius"] + drawn["innerRadius"]) / 2
                for item, s in zip(items, drawn["sectors"]):
                    mid = math.radians((s["startAngle"] + s["endAngle"]) / 2)
                    p = (cx + r * math.sin(mid), cy - r * math.cos(mid))
                    expect(inside(item, p), f"{demo}: sector {item.name!r} box {extents(item, pyatspi.WINDOW_COORDS)} misses its middle {p}")
            elif drawn["type"] == "scan":
                import math
                cx, cy = drawn["center"]
                for item, b in zip(items, drawn["blips"]):
                    a = math.radians(b["angle"])
                    p = (cx + drawn["radius"] * b["distance"] * math.sin(a), cy - drawn["radius"] * b["distance"] * math.cos(a))
                    expect(inside(item, p), f"{demo}: contact {item.name!r} box misses its blip {p}")
    # A move: screen extents follow, window extents stay.
    before = {o.get_attributes()["id"]: extents(o) for o in descendants(g.frame())}
    wx, wy, _, _ = window_geometry(g)
    xdotool("windowmove", g.window, str(wx + 37), str(wy + 23))
    moved = wait_until(lambda: window_geometry(g)[:2] == (wx + 37, wy + 23), 5)
    expect(moved, "xdotool could not move the window")
    for o in descendants(g.frame()):
        x, y, w, h = extents(o)
        bx, by, bw, bh = before[o.get_attributes()["id"]]
        expect((x - bx, y - by, w, h) == (37, 23, bw, bh), f"{o.name!r} did not follow the move: {bx, by} -> {x, y}")


class Events:
    def __init__(self, *kinds):
        self.seen = []
        self.kinds = kinds
        pyatspi.Registry.registerEventListener(self.on, *kinds)

    def on(self, event):
        try:
            self.seen.append((event.type, event.source.name, event.source.get_attributes().get("id"), event.detail1))
        except Exception:
            self.seen.append((event.type, None, None, event.detail1))

    def close(self):
        pyatspi.Registry.deregisterEventListener(self.on, *self.kinds)


def check_events(g):
    """A page switch announces the new page (children-changed) and the new title (name-changed)."""
    g.show_page(0)
    events = Events("object:children-changed", "object:property-change:accessible-name")
    try:
        g.key("3")
        wait_until(lambda: any(e[0].startswith("object:children-changed:add") and e[2] == "window" for e in events.seen), 5)
        pump(0.3)
        kinds = [(e[0], e[2]) for e in events.seen]
        expect(("object:children-changed:remove", "window") in kinds, f"no children-changed:remove on the frame for the old page: {events.seen}")
        expect(("object:children-changed:add", "window") in kinds, f"no children-changed:add on the frame for the new page: {events.seen}")
        expect(any(e[0] == "object:property-change:accessible-name" and e[2] == "window" and "SwiftUI Pie Chart" in e[1] for e in events.seen),
               f"no name-changed for the new title: {events.seen}")
        expect(g.page().get_attributes().get("id") == "page3", "the tree does not show page 3")
    finally:
        events.close()


def focused_objects(g):
    return [o for o in descendants(g.frame()) if pyatspi.STATE_FOCUSED in states(o)]


def to_start(g):
    """Back to the page's start (its heading), where Tab begins: Esc, unless already there (Esc there quits)."""
    if [o.getRole() for o in focused_objects(g)] != [pyatspi.ROLE_HEADING]:
        g.key("Escape")
        expect(wait_until(lambda: [o.getRole() for o in focused_objects(g)] == [pyatspi.ROLE_HEADING], 3), "Esc did not reach the heading")


def check_focus(g):
    """Tab and the arrows move the AT-SPI focus through a chart, one focus event each, in order."""
    g.show_page(0)
    to_start(g)
    events = Events("object:state-changed:focused")
    try:
        ids = []
        for key in ["Tab", "Right", "Right", "Left"]:
            before = len(events.seen)
            g.key(key)
            wait_until(lambda: any(e[3] == 1 for e in events.seen[before:]), 3)
            gained = [e for e in events.seen[before:] if e[3] == 1]
            expect(len(gained) == 1, f"{key}: {len(gained)} focus events, not one: {events.seen[before:]}")
            ids.append(gained[0][2])
            now = focused_objects(g)
            expect(len(now) == 1 and now[0].get_attributes()["id"] == ids[-1], f"{key}: the focused state is on {[o.name for o in now]}, the event on {ids[-1]}")
        expect(ids[1] != ids[2] and ids[3] == ids[1], f"Right, Right, Left focused {ids[1:]}: the second Right should move and Left come back")
        chart_of = lambda i: i.split("/")[1] if i and i.count("/") >= 1 else i
        expect(chart_of(ids[1]) == chart_of(ids[0]), f"Right after Tab focused {ids[1]}, not an element of {ids[0]}")
    finally:
        events.close()


def check_toggle(g):
    """A legend entry's toggle action hides its series: unchecked, announced, and back again."""
    g.show_page(0)
    chart = [c for c in g.page() if c.getRole() == pyatspi.ROLE_CHART][0]
    entry = [c for c in chart if c.getRole() == pyatspi.ROLE_TOGGLE_BUTTON][-1]
    events = Events("object:state-changed:checked")
    try:
        expect(pyatspi.STATE_CHECKED in states(entry), f"{entry.name!r} starts unchecked")
        expect(entry.queryAction().doAction(0), "doAction(toggle) returned false")
        expect(wait_until(lambda: pyatspi.STATE_CHECKED not in states(entry), 3), f"{entry.name!r} is still checked after toggle")
        expect(any(e[2] == entry.get_attributes()["id"] and e[3] == 0 for e in events.seen), f"no state-changed:checked event: {events.seen}")
        expect(wait_until(lambda: chart.description.endswith(f"({entry.name} hidden)"), 3), f"the chart does not say {entry.name!r} is hidden: {chart.description!r}")
        expect(entry.queryAction().doAction(0), "doAction(toggle) returned false")
        expect(wait_until(lambda: pyatspi.STATE_CHECKED in states(entry), 3), f"{entry.name!r} did not come back")
    finally:
        events.close()


STARTUP = None   # the events from before the gallery started (main)


def check_activate(g):
    """The window's first map says window:activate with the active state, then the focus: its heading."""
    # Waits on the event: on a loaded machine the window manager's focus can come seconds late.
    seen = wait_until(lambda: any(e[0] == "window:activate" for e in STARTUP.seen), 30)
    expect(seen, f"no window:activate when the window first showed: {STARTUP.seen}")
    expect(pyatspi.STATE_ACTIVE in states(g.frame()), "the frame is not active")
    kinds = [e[0] for e in STARTUP.seen]
    first = kinds.index("window:activate")
    wait_until(lambda: any(e[0] == "object:state-changed:focused" and e[3] == 1 for e in STARTUP.seen[first:]), 10)
    focus = [e for e in STARTUP.seen[first:] if e[0] == "object:state-changed:focused" and e[3] == 1]
    expect(focus and focus[0][2] == "page1.heading", f"after window:activate the focus did not go to the page's heading: {STARTUP.seen}")


def check_reactivate(g):
    """Another window takes the focus and gives it back: the frame is deactivated, then
    activated again and its focused object announced again (a focus event), as on first map."""
    g.show_page(0)
    to_start(g)
    g.key("Tab")
    expect(wait_until(lambda: [o.getRole() for o in focused_objects(g)] == [pyatspi.ROLE_CHART], 3), "Tab did not focus the chart")
    env = dict(os.environ, NO_AT_BRIDGE="1")
    other = subprocess.Popen([g.binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    events = Events("window:activate", "window:deactivate", "object:state-changed:focused")
    try:
        expect(wait_until(lambda: pyatspi.STATE_ACTIVE not in states(g.frame()), 10), "the frame stayed active with another window in front")
        before = len(events.seen)
        xdotool("windowactivate", g.window)
        got = wait_until(lambda: [e for e in events.seen[before:] if e[0] == "object:state-changed:focused" and e[3] == 1], 5)
        kinds = [e[0] for e in events.seen[before:]]
        expect("window:activate" in kinds, f"no window:activate when the window came back: {events.seen[before:]}")
        expect(got and got[0][2] == "page1/charts[0]/chart/chart", f"the focused chart was not announced again: {events.seen[before:]}")
        expect(kinds.index("window:activate") < kinds.index("object:state-changed:focused"), f"the focus came before the window: {kinds}")
    finally:
        events.close()
        os.killpg(other.pid, signal.SIGKILL)


def check_pagefocus(g):
    """A page switch puts the focus on the new page's heading, with a focus event."""
    g.show_page(0)
    to_start(g)
    g.key("Tab")
    wait_until(lambda: any(o.getRole() == pyatspi.ROLE_CHART for o in focused_objects(g)), 3)
    events = Events("object:state-changed:focused")
    try:
        g.key("3")
        got = wait_until(lambda: [e for e in events.seen if e[3] == 1 and e[2] == "page3.heading"], 5)
        expect(got, f"no focus event on page 3's heading: {events.seen}")
        now = focused_objects(g)
        expect([o.get_attributes().get("id") for o in now] == ["page3.heading"], f"focused after the switch: {[o.name for o in now]}")
        # Esc from a chart comes back to the heading; Tab on the last chart too (page 2 has one).
        g.show_page(1)
        to_start(g)
        g.key("Tab")
        expect(wait_until(lambda: [o.getRole() for o in focused_objects(g)] == [pyatspi.ROLE_CHART], 3), "Tab did not focus page 2's chart")
        g.key("Tab")
        expect(wait_until(lambda: [o.get_attributes().get("id") for o in focused_objects(g)] == ["page2.heading"], 3),
               f"Tab on the lone chart did not move to the heading: {[o.name for o in focused_objects(g)]}")
        g.key("Tab")
        g.key("Escape")
        expect(wait_until(lambda: [o.get_attributes().get("id") for o in focused_objects(g)] == ["page2.heading"], 3),
               f"Esc did not bring the focus back to the heading: {[o.name for o in focused_objects(g)]}")
    finally:
        events.close()


def check_keys(g):
    """Keys reach ATK's key listeners first: a listener that consumes Return keeps it from the chart."""
    g.show_page(0)
    chart = [c for c in g.page() if c.getRole() == pyatspi.ROLE_CHART][0]
    entry = [c for c in chart if c.getRole() == pyatspi.ROLE_TOGGLE_BUTTON][0]
    heard = []

    def listener(event):
        heard.append((event.type, event.event_string, event.id, event.hw_code, event.modifiers))
        return event.event_string == "Return"   # consumed

    to_start(g)
    for key in ["Tab"] + ["Right"] * 7:
        g.key(key)
    expect(wait_until(lambda: [o.name for o in focused_objects(g)] == [entry.name], 3), f"not on {entry.name!r}: {[o.name for o in focused_objects(g)]}")
    masks = list(range(0, 1 << 8))
    pyatspi.Registry.registerKeystrokeListener(listener, mask=masks, kind=(pyatspi.KEY_PRESSED_EVENT, pyatspi.KEY_RELEASED_EVENT),
                                               synchronous=True, preemptive=True)
    try:
        g.key("shift+Return")
        g.key("Return")
        pump(1.0)
        expect(pyatspi.STATE_CHECKED in states(entry), f"a consumed Return still toggled {entry.name!r}")
        names = [h[1] for h in heard]
        expect("Return" in names and "Shift_L" in names, f"the listener did not hear Return and Shift: {heard}")
        ret = [h for h in heard if h[1] == "Return"]
        expect(ret[0][2] == 0xff0d and ret[0][3] > 0, f"Return's keysym {ret[0][2]:#x} or keycode {ret[0][3]} is wrong")
        expect(any(h[4] & 1 for h in ret), f"Shift+Return did not carry ShiftMask: {ret}")
        expect(any(h[0] == pyatspi.KEY_RELEASED_EVENT for h in heard), f"no release was offered: {heard}")
    finally:
        pyatspi.Registry.deregisterKeystrokeListener(listener, mask=masks, kind=(pyatspi.KEY_PRESSED_EVENT, pyatspi.KEY_RELEASED_EVENT))
    # Not consumed: the same key toggles.
    g.key("Return")
    expect(wait_until(lambda: pyatspi.STATE_CHECKED not in states(entry), 3), f"an unconsumed Return did not toggle {entry.name!r}")
    g.key("Return")
    expect(wait_until(lambda: pyatspi.STATE_CHECKED in states(entry), 3), f"{entry.name!r} did not come back")


def print_tree(o, depth=0):
    try:
        x, y, w, h = extents(o)
        box = f" @{x},{y} {w}x{h}"
    except NotImplementedError:
        box = ""
    shown = sorted(pyatspi.stateToString(s) for s in states(o)
                   if s not in (pyatspi.STATE_ENABLED, pyatspi.STATE_SENSITIVE, pyatspi.STATE_VISIBLE, pyatspi.STATE_SHOWING))
    desc = f" — {o.description!r}" if o.description else ""
    acts = f" actions={actions(o)}" if actions(o) else ""
    print("  " * depth + f"[{o.getRoleName()}] {o.name!r}{desc}{box}{' ' + ','.join(shown) if shown else ''}{acts}")
    for c in o:
        print_tree(c, depth + 1)


def check_dump(g):
    """Prints the tree of every page, as pyatspi reads it."""
    for index, demo in enumerate(GALLERY):
        g.show_page(index)
        print(f"--- page {index + 1} ({demo})")
        print_tree(g.app)


def check_family(g):
    """A gauge and each activity ring are level bars whose AtkValue has the minimum, maximum and
    current value; sunburst nodes are tree items under their parents, and drilling one (its
    "drill" action) makes its children the top of the tree, with an "Up" button."""
    g.show_page(PAGES.index("gauge"))
    charts = [c for c in g.page() if c.getRole() == pyatspi.ROLE_CHART]
    expect([c.name for c in charts] == ["CPU, gauge", "Memory, gauge"], f"gauge charts {[c.name for c in charts]}")
    meters = [[c for c in chart if c.getRole() == pyatspi.ROLE_LEVEL_BAR] for chart in charts]
    expect([len(m) for m in meters] == [1, 1], f"level bars per gauge: {[[c.getRoleName() for c in chart] for chart in charts]}")
    got = []
    for m in meters:
        v = m[0].queryValue()
        got.append((m[0].name, round(v.minimumValue, 3), round(v.maximumValue, 3), round(v.currentValue, 3)))
    expect(got == [("Busy", 0, 100, 64), ("In use", 0, 16, 11.6)], f"the gauges' values: {got}")
    expect(meters[0][0].description == "64%, Busy, of 100%", f"the CPU gauge's words: {meters[0][0].description!r}")
    g.show_page(PAGES.index("rings"))
    chart = [c for c in g.page() if c.getRole() == pyatspi.ROLE_CHART][0]
    rings = [c for c in chart if c.getRole() == pyatspi.ROLE_LEVEL_BAR]
    got = [(r.name, r.queryValue().minimumValue, r.queryValue().maximumValue, r.queryValue().currentValue) for r in rings]
    expect(got == [("Move", 0, 500, 650), ("Exercise", 0, 30, 42), ("Stand", 0, 12, 9)], f"the rings' values: {got}")
    expect(rings[0].description == "650 of 500 kcal, 130%", f"the Move ring's words: {rings[0].description!r}")
    g.show_page(PAGES.index("sunburst"))
    chart = [c for c in g.page() if c.getRole() == pyatspi.ROLE_CHART][0]
    tops = lambda: [c for c in chart if c.getRole() == pyatspi.ROLE_TREE_ITEM]
    expect([t.name for t in tops()] == ["Europe", "Americas", "Asia"], f"the sunburst's top level: {[t.name for t in tops()]}")
    europe = tops()[0]
    expect([c.name for c in europe] == ["France", "Germany", "Spain"], f"Europe's children: {[c.name for c in europe]}")
    expect([c.name for c in europe[0]] == ["Paris", "Lyon", "Lille"], f"France's children: {[c.name for c in europe[0]]}")
    expect(actions(europe) == ["drill"] and actions(europe[0][0]) == [], f"actions: Europe {actions(europe)}, Paris {actions(europe[0][0])}")
    europe.queryAction().doAction(0)
    drilled = wait_until(lambda: [t.name for t in tops()] == ["France", "Germany", "Spain"], 5)
    expect(drilled, f"after drilling into Europe the top level is {[t.name for t in tops()]}")
    up = [c for c in chart if c.getRole() == pyatspi.ROLE_PUSH_BUTTON]
    expect([b.name for b in up] == ["Up to All"] and actions(up[0]) == ["press"], f"the buttons: {[b.name for b in up]}")
    up[0].queryAction().doAction(0)
    back = wait_until(lambda: [t.name for t in tops()] == ["Europe", "Americas", "Asia"], 5)
    expect(back, f"after Up the top level is {[t.name for t in tops()]}")
    g.show_page(0)


CHECKS = {"family": check_family, "activate": check_activate, "tree": check_tree, "extents": check_extents, "events": check_events, "focus": check_focus,
          "toggle": check_toggle, "reactivate": check_reactivate, "pagefocus": check_pagefocus, "keys": check_keys, "dump": check_dump}


def main():
    global STARTUP
    binary, names = sys.argv[1], sys.argv[2:] or ["activate", "tree", "extents", "events", "focus", "toggle", "reactivate", "pagefocus", "keys", "family"]
    failed = False
    gallery = None
    try:
        STARTUP = Events("window:activate", "object:state-changed:focused", "object:state-changed:active")
        # The registry tells a new application's bridge which events anyone listens to; under
        # load a bridge that starts before the registration has gone round emits none of them.
        pump(1.0)
        gallery = Gallery(binary)
        for name in names:
            try:
                CHECKS[name](gallery)
                print(f"PASS {name}", flush=True)
            except Pending as p:
                print(f"PENDING {name}: {p}", flush=True)
            except Failure as f:
                print(f"FAIL {name}: {f}", flush=True)
                failed = True
    except Failure as f:
        print(f"FAIL setup: {f}", flush=True)
        failed = True
    finally:
        if gallery:
            gallery.close()
            err = gallery.proc.stderr.read().decode()
            if err.strip():
                print(f"FAIL quiet: the gallery printed on stderr: {err.strip()[:500]}", flush=True)
                failed = True
        os.killpg(LAUNCHER.pid, signal.SIGTERM)
        os.killpg(WM.pid, signal.SIGTERM)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
