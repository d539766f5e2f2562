#!/usr/bin/python3
"""The every-size table (#32): renders the held-out corpus pages at every size and three text
sizes with `radial render --geometry` and counts, from the geometry JSON alone:

  refused    renders that draw no chart, only "Too small to show ..." (a text of role "message")
  overlaps   pairs of texts that share more than 2 px² (boxes; a turned text's four corners)
  outside    texts that leave the canvas
  shortened  texts drawn shortened with "…"
  hidden     labels given up: a pie's unlabeled slices, or what a chart's "layout" object says
  inverted   pie charts with an unlabeled slice larger than a labeled one
  thumbnails charts drawn as thumbnails (their "layout" says "thumbnail": true)
  under3     texts shortened to fewer than three characters before their "…"
  titleLost  renders that draw a chart but not the page's title (wrapped or shortened counts as kept)

Usage: /usr/bin/python3 Tests/Corpus/everysize_table.py [--radial PATH] [--all] [--large]
  --radial PATH  the binary to run (default .build/debug/radial)
  --all          every page in Tests/Corpus, not only the held-out ones
  --large        also 3840x2160
  --rows         also print each render's counts that are not zero
"""
import json, os, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
HELD_OUT = ["dashboard-hebrew", "every-kind", "hourly-radar", "lone-donut", "lone-pie", "long-axis-names",
            "new-user-trio", "pie-small-slices", "pie-trailing-legend", "polar-hourly", "radial-bars-grouped",
            "rose-24-months", "rose-multi-overlaid", "rose-multi-stacked", "scripts-page", "sixty-budget-lines",
            "small-multiple-donuts", "sunburst-departments", "three-gauges"]
SIZES = ["160x160", "320x320", "520x520", "800x800", "1280x720", "1920x1080"]
TEXT_SIZES = ["large", "xxxLarge", "accessibility3"]
KEYS = ["refused", "overlaps", "outside", "shortened", "hidden", "inverted", "thumbnails", "under3", "titleLost"]


def quad(t):
    """A text's outline: its four turned corners when it is drawn turned, else its box."""
    if t.get("corners"):
        return [tuple(p) for p in t["corners"]]
    x, y, w, h = t["box"]
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def area(poly):
    return abs(sum(poly[i][0] * poly[i - 1][1] - poly[i - 1][0] * poly[i][1] for i in range(len(poly)))) / 2


def signed_area(poly):
    return sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1] for i in range(len(poly))) / 2


def clip(subject, clipper):
    """Sutherland–Hodgman: `subject` clipped by the convex `clipper`."""
    if signed_area(clipper) < 0:
        clipper = clipper[::-1]
    out = subject
    for i in range(len(clipper)):
        a, b = clipper[i - 1], clipper[i]

        def inside(p):
            return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0

        def cut(p, q):
            dx, dy = q[0] - p[0], q[1] - p[1]
            ex, ey = b[0] - a[0], b[1] - a[1]
            den = dx * ey - dy * ex
            if den == 0:
                return q
            t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / den
            return (p[0] + t * dx, p[1] + t * dy)
        src, out = out, []
        for j in range(len(src)):
            p, q = src[j - 1], src[j]
            if inside(q):
                if not inside(p):
                    out.append(cut(p, q))
                out.append(q)
            elif inside(p):
                out.append(cut(p, q))
        if not out:
            return []
    return out


def overlap(a, b):
    """The area two texts share, in px²: their boxes', or their turned outlines' when either is turned."""
    ax, ay, aw, ah = a["box"]
    bx, by, bw, bh = b["box"]
    w = min(ax + aw, bx + bw) - max(ax, bx)
    h = min(ay + ah, by + bh) - max(ay, by)
    if w <= 0 or h <= 0:
        return 0
    if not a.get("corners") and not b.get("corners"):
        return w * h
    shared = clip(quad(a), quad(b))
    return area(shared) if len(shared) >= 3 else 0


def counts(g, title=None):
    c = dict.fromkeys(KEYS, 0)
    texts = [t for t in g["texts"] if t["role"] not in ("tooltip", "overlay") and t["box"][2] > 0]
    W, H = g["width"], g["height"]
    for i, a in enumerate(texts):
        ax, ay, aw, ah = a["box"]
        if a["role"] == "message":
            c["refused"] = 1
        for b in texts[i + 1:]:
            if overlap(a, b) > 2:
                c["overlaps"] += 1
        if ax < -0.5 or ay < -0.5 or ax + aw > W + 0.5 or ay + ah > H + 0.5:
            c["outside"] += 1
        if a.get("shortened"):
            c["shortened"] += 1
            shown = a.get("shown") or []
            if any(line.endswith("\u2026") and len(line.rstrip("\u2026").strip()) < 3 for line in shown):
                c["under3"] += 1
    if title and not c["refused"] and not any(t["role"] == "title" and t["text"] == title for t in texts):
        c["titleLost"] = 1
    for chart in g["charts"]:
        layout = chart.get("layout") or {}
        if layout.get("thumbnail"):
            c["thumbnails"] += 1
        hidden = layout.get("labelsHidden")
        if hidden is None:
            hidden = len(chart.get("unlabeled") or [])
        c["hidden"] += hidden
        if chart.get("type") in ("pie", "donut") and chart.get("unlabeled") is not None and not layout.get("thumbnail"):
            unl = set(chart["unlabeled"])
            sectors = chart.get("sectors") or []
            lab = [s["value"] for s in sectors if s["name"] not in unl]
            un = [s["value"] for s in sectors if s["name"] in unl]
            if lab and un and max(un) > min(lab):
                c["inverted"] += 1
    return c


def main():
    args = sys.argv[1:]
    radial = args[args.index("--radial") + 1] if "--radial" in args else ".build/debug/radial"
    pages = sorted(f[:-5] for f in os.listdir(here) if f.endswith(".json")) if "--all" in args else HELD_OUT
    sizes = SIZES + (["3840x2160"] if "--large" in args else [])
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for page in pages:
            for size in sizes:
                for ts in TEXT_SIZES:
                    geo = os.path.join(tmp, "g.json")
                    r = subprocess.run([radial, "render", os.path.join(here, page + ".json"), "--size", size, "--text-size", ts,
                                        "--out", os.path.join(tmp, "o.png"), "--geometry", geo], capture_output=True, text=True)
                    if r.returncode != 0:
                        print(f"{page} {size} {ts}: exit {r.returncode}: {r.stderr.strip()}", file=sys.stderr)
                        continue
                    with open(os.path.join(here, page + ".json")) as f:
                        title = json.load(f).get("title")
                    with open(geo) as f:
                        rows.append((page, size, ts, counts(json.load(f), title)))
    if "--rows" in args:
        for page, size, ts, c in rows:
            nz = {k: v for k, v in c.items() if v}
            if nz:
                print(page, size, ts, nz)
    print(f"{len(rows)} renders of {len(pages)} pages")
    print("| size | text size | " + " | ".join(KEYS) + " |")
    print("|---|---|" + "---|" * len(KEYS))
    for size in sizes + ["all"]:
        for ts in TEXT_SIZES + ["all"]:
            if (size == "all") != (ts == "all"):
                continue
            sel = [c for p, s, t, c in rows if size in ("all", s) and ts in ("all", t)]
            tot = {k: sum(c[k] for c in sel) for k in KEYS}
            print(f"| {size} | {ts} | " + " | ".join(str(tot[k]) for k in KEYS) + " |")


if __name__ == "__main__":
    main()
