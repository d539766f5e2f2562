#!/usr/bin/python3
"""Neighbouring marks told apart without color (issue #37), measured on a picture.

    check_patterns.py IMAGE.png GEOMETRY.json [--json OUT.json]

The picture is converted to gray (WCAG relative luminance, what a black-and-white printout or a
reader without color vision keeps). Every filled mark `--geometry` lists (pie and donut sectors,
nested rings, rose wedges, radial bars, activity rings, gauge bands and arcs, sunburst nodes,
radar and polar areas) is rasterized from its geometry; two marks are neighbours when they come
within 4 px of each other. Each mark is read only where it is itself: inside it by 2 px, away
from every other mark, text label, annotation card and grid line. Two neighbours of different
data pass when their mean gray differs by 3:1 or more (WCAG's ratio, on luminance), or when
their textures differ: one textured and the other not, or two textures whose autocorrelations
(of the gray less its local mean, shifts up to 10 px: direction and period, whatever the ink or
the phase) are far apart. The autocorrelation never reads a pattern's name; it sees pixels only.

Exit 0 when every pair of neighbours passes, 1 when one does not (each named on standard
output), 2 on bad usage. With --json, every mark's and pair's measurements are written there.
"""
import json
import math
import sys

import numpy as np
from PIL import Image

# A mark is textured when its high-passed gray varies by more than this (luminance, 0...1).
TEXTURE = 0.012
# Two textures differ when their autocorrelations are this far apart (root mean square).
DISTANCE = 0.15
# Shifts of the autocorrelation, in pixels (a pattern's period at scale 2 is at most 20 px).
REACH = 10
# Marks with fewer interior pixels than this carry neither channel readably and are counted, not judged.
SMALLEST = 40


def gray(path):
    rgb = np.asarray(Image.open(path).convert("RGB")).astype(np.float64) / 255
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def ratio(a, b):
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


class Canvas:
    def __init__(self, h, w):
        self.h, self.w = h, w
        self.ys, self.xs = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5

    def polar(self, center):
        dx, dy = self.xs - center[0], self.ys - center[1]
        r = np.hypot(dx, dy)
        a = np.degrees(np.arctan2(dx, -dy)) % 360
        return r, a

    def arc(self, center, ri, ro, a0, a1, caps=False):
        r, a = self.polar(center)
        if a1 - a0 >= 360:
            inside = np.ones_like(r, dtype=bool)
        else:
            inside = ((a - a0) % 360) <= (a1 - a0)
        m = (r >= ri) & (r <= ro) & inside
        if caps and ro > ri:
            rm, hw = (ri + ro) / 2, (ro - ri) / 2
            for t in (a0, a1):
                t = math.radians(t)
                c = (center[0] + math.sin(t) * rm, center[1] - math.cos(t) * rm)
                m |= np.hypot(self.xs - c[0], self.ys - c[1]) <= hw
        return m

    def polygon(self, pts):
        m = np.zeros((self.h, self.w), dtype=bool)
        n = len(pts)
        for i in range(n):
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
            if y0 == y1:
                continue
            cross = ((self.ys >= min(y0, y1)) & (self.ys < max(y0, y1)))
            xint = x0 + (self.ys - y0) * (x1 - x0) / (y1 - y0)
            m ^= cross & (self.xs < xint)
        return m

    def near_segment(self, p, q, width):
        px, py = self.xs - p[0], self.ys - p[1]
        dx, dy = q[0] - p[0], q[1] - p[1]
        l2 = dx * dx + dy * dy or 1e-9
        t = np.clip((px * dx + py * dy) / l2, 0, 1)
        return np.hypot(px - t * dx, py - t * dy) <= width


def shifted(m, dx, dy):
    out = np.zeros_like(m)
    h, w = m.shape
    ys, yd = (slice(0, h - dy), slice(dy, h)) if dy >= 0 else (slice(-dy, h), slice(0, h + dy))
    xs, xd = (slice(0, w - dx), slice(dx, w)) if dx >= 0 else (slice(-dx, w), slice(0, w + dx))
    out[yd, xd] = m[ys, xs]
    return out


def erode(m, k):
    out = m.copy()
    for dy in range(-k, k + 1):
        for dx in range(-k, k + 1):
            if dx * dx + dy * dy <= k * k:
                out &= shifted(m, dx, dy)
    return out


def dilate(m, k):
    out = m.copy()
    for dy in range(-k, k + 1):
        for dx in range(-k, k + 1):
            if dx * dx + dy * dy <= k * k:
                out |= shifted(m, dx, dy)
    return out


def box_mean(values, mask, k):
    """The mean of `values` over the mask within a (2k+1)² box around each pixel (normalized convolution)."""
    v = np.where(mask, values, 0.0)
    c = np.cumsum(np.cumsum(np.pad(v, ((1, 0), (1, 0))), 0), 1)
    n = np.cumsum(np.cumsum(np.pad(mask.astype(np.float64), ((1, 0), (1, 0))), 0), 1)
    h, w = values.shape
    y0 = np.clip(np.arange(h) - k, 0, h)[:, None]; y1 = np.clip(np.arange(h) + k + 1, 0, h)[:, None]
    x0 = np.clip(np.arange(w) - k, 0, w)[None, :]; x1 = np.clip(np.arange(w) + k + 1, 0, w)[None, :]
    s = c[y1, x1] - c[y0, x1] - c[y1, x0] + c[y0, x0]
    cnt = n[y1, x1] - n[y0, x1] - n[y1, x0] + n[y0, x0]
    return s / np.maximum(cnt, 1)


def marks(g, canvas):
    """(id, identity, mask, arc) of every filled mark the geometry lists; arc: (inner, outer, start, end) or None."""
    out = []
    for ci, c in enumerate(g["charts"]):
        t = c["type"]
        center = c.get("center")

        def sector(prefix, i, s, caps=False, identity=None):
            cc = center
            off = s.get("offset", 0) or 0
            if off:
                mid = math.radians((s["startAngle"] + s["endAngle"]) / 2)
                cc = (center[0] + math.sin(mid) * off, center[1] - math.cos(mid) * off)
            if s["endAngle"] <= s["startAngle"]:
                return
            m = canvas.arc(cc, s["innerRadius"], s["outerRadius"], s["startAngle"], s["endAngle"], caps)
            arc = (s["innerRadius"], s["outerRadius"], s["startAngle"], s["endAngle"])
            out.append((f"charts[{ci}].{prefix}[{i}] {s.get('name', '')}", (ci, identity or s.get("series") or s.get("name")), m, arc))

        if t == "pie" and "layers" in c:
            for k, layer in enumerate(c["layers"]):
                for i, s in enumerate(layer["sectors"]):
                    sector(f"layers[{k}].sectors", i, s)
        elif t == "pie":
            for i, s in enumerate(c["sectors"]):
                sector("sectors", i, s)
        elif t in ("rose", "radialBar"):
            for i, s in enumerate(c["marks"]):
                sector("marks", i, s, caps=(t == "radialBar"))
        elif t == "rings":
            for i, s in enumerate(c["arcs"]):
                sector("arcs", i, s, caps=True)
        elif t == "gauge":
            for i, s in enumerate(c["arcs"]):
                if s["name"] != "track":
                    sector("arcs", i, s, caps=True)
            for i, s in enumerate(c["bands"]):
                sector("bands", i, s)
        elif t == "sunburst":
            for i, s in enumerate(c["nodes"]):
                sector("nodes", i, s, identity=s["path"])
        elif t == "radar":
            for i, s in enumerate(c["series"]):
                if len(s["points"]) > 2:
                    out.append((f"charts[{ci}].series[{i}] {s['name']}", (ci, s["name"]), canvas.polygon(s["points"]), None))
        elif t == "polar":
            for i, s in enumerate(c["series"]):
                if s["mark"] == "area" and len(s["points"]) > 1:
                    pts = [p["at"] for p in s["points"]] + ([] if s["closed"] else [center])
                    out.append((f"charts[{ci}].series[{i}] {s['name']}", (ci, s["name"]), canvas.polygon(pts), None))
    return out


def unreadable(g, canvas, scale):
    """What lies over or under marks and is not theirs: text, annotation cards, grid lines, ticks, needles."""
    m = np.zeros((canvas.h, canvas.w), dtype=bool)
    pad = 3 * scale + 2
    boxes = [t["box"] for t in g.get("texts", [])]
    cards = [a["box"] for c in g["charts"] for a in c.get("annotations", []) if "box" in a]
    for (x, y, w, h), reach in [(b, pad) for b in boxes] + [(b, pad + 10 * scale) for b in cards]:   # a card's shadow reaches 10 pt
        y0, y1 = int(max(y - reach, 0)), int(min(y + h + reach, canvas.h))
        x0, x1 = int(max(x - reach, 0)), int(min(x + w + reach, canvas.w))
        m[y0:y1, x0:x1] = True
    for c in g["charts"]:
        center, line = c.get("center"), 3 * scale
        if c["type"] == "radar":
            axes = [a["angle"] for a in c["axes"]]
            rings = sorted({t["radius"] for t in c.get("ticks", [])})
            for a in axes:
                d = (math.sin(math.radians(a)), -math.cos(math.radians(a)))
                m |= canvas.near_segment(center, (center[0] + d[0] * c["radius"], center[1] + d[1] * c["radius"]), line)
            for r in rings:
                pts = [(center[0] + math.sin(math.radians(a)) * r, center[1] - math.cos(math.radians(a)) * r) for a in axes]
                for i in range(len(pts)):
                    m |= canvas.near_segment(pts[i], pts[(i + 1) % len(pts)], line)
            for s in c["series"]:   # outlines and their corner markers
                pts = s["points"]
                for i in range(len(pts)):
                    m |= canvas.near_segment(pts[i], pts[(i + 1) % len(pts)], line)
                    m |= np.hypot(canvas.xs - pts[i][0], canvas.ys - pts[i][1]) <= 9 * scale
        elif c["type"] == "polar":
            r, _ = canvas.polar(center)
            for t in c.get("ticks", []):
                if t["axis"] == "radius":
                    m |= np.abs(r - t["radius"]) <= line
                else:
                    a = math.radians(t["angle"])
                    m |= canvas.near_segment(center, (center[0] + math.sin(a) * c["radius"], center[1] - math.cos(a) * c["radius"]), line)
            for s in c["series"]:
                pts = [p["at"] for p in s["points"]]
                for i in range(len(pts) - 1 + (1 if s["closed"] else 0)):
                    m |= canvas.near_segment(pts[i], pts[(i + 1) % len(pts)], line)
        elif c["type"] == "gauge":
            angles = [t["angle"] for t in c.get("ticks", [])]
            if c.get("threshold") is not None:
                angles.append(c["threshold"])
            if c.get("needle"):
                angles.append(c["needle"]["angle"])
            for a in angles:
                a = math.radians(a)
                m |= canvas.near_segment(center, (center[0] + math.sin(a) * c["outerRadius"] * 1.2, center[1] - math.cos(a) * c["outerRadius"] * 1.2), line + scale)
    return m


def autocorrelation(hp, mask):
    """The high-passed gray's autocorrelation over the mask at shifts up to REACH (a half plane)."""
    ys, xs = np.nonzero(mask)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    v = np.where(mask, hp, 0.0)[y0:y1, x0:x1]
    mk = mask[y0:y1, x0:x1]
    var = (v[mk] ** 2).mean() or 1e-12
    out = []
    H, W = v.shape
    for dy in range(0, REACH + 1):
        for dx in range(-REACH, REACH + 1):
            if dy == 0 and dx <= 0:
                continue
            xa, xb = (slice(0, max(W - dx, 0)), slice(dx, W)) if dx >= 0 else (slice(-dx, W), slice(0, max(W + dx, 0)))
            a, b = v[0:max(H - dy, 0), xa], v[dy:H, xb]
            both = mk[0:max(H - dy, 0), xa] & mk[dy:H, xb]
            n = both.sum()
            out.append((a[both] * b[both]).sum() / n / var if n > 20 else 0.0)
    return np.array(out)


def neighbours(ma, aa, mb, ab, scale):
    """Whether two marks touch along an edge: arcs of one ring side by side (their radii overlap,
    one ends within 2° of where the other starts) or one inside the other (their angles overlap,
    at most 8 px apart across: rings with a gap between them); areas within 3 px of each other along 24 px or more. Marks that
    meet at a point (a rose's wedges at the center, a sunburst's corners) are not neighbours."""
    if aa is not None and ab is not None:
        (ri, ro, a0, a1), (si, so, b0, b1) = aa, ab
        def gap(x, y):
            d = (x - y) % 360
            return min(d, 360 - d)
        if min(ro, so) - max(ri, si) > 1 and (gap(a1, b0) <= 2 or gap(b1, a0) <= 2):
            return True
        spans = [(a0 % 360, a0 % 360 + (a1 - a0)), (b0 % 360, b0 % 360 + (b1 - b0))]
        over = 0.0
        for sa in (spans[0], (spans[0][0] - 360, spans[0][1] - 360), (spans[0][0] + 360, spans[0][1] + 360)):
            over = max(over, min(sa[1], spans[1][1]) - max(sa[0], spans[1][0]))
        if a1 - a0 >= 360 or b1 - b0 >= 360:
            over = min(a1 - a0, b1 - b0)
        radial = min(abs(ro - si), abs(so - ri))
        return over > 1 and radial <= 8 * scale
    return (dilate(ma, 3) & mb).sum() >= 24 * scale


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--json"):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    lum = gray(argv[1])
    g = json.load(open(argv[2]))
    scale = g.get("scale", 1)
    canvas = Canvas(*lum.shape)
    found = marks(g, canvas)
    if not found:
        print("no filled marks")
        return 0
    cover = np.zeros(lum.shape, dtype=np.int32)
    for _, _, m, _ in found:
        cover += m
    hidden = unreadable(g, canvas, scale)
    k = max(int(round(2 * scale)), 2)
    measured = []
    for name, identity, m, arc in found:
        inside = erode(m, k) & (cover == 1) & ~hidden
        if inside.sum() < SMALLEST:   # a thin mark (a gauge's band): read 1 px in from its edge
            inside = erode(m, 1) & (cover == 1) & ~hidden
        n = int(inside.sum())
        entry = {"mark": name, "pixels": n}
        if n >= SMALLEST:
            hp = lum - box_mean(lum, inside, 4)
            entry["gray"] = float(lum[inside].mean())
            entry["texture"] = float(hp[inside].std())
            entry["acf"] = autocorrelation(hp, inside) if entry["texture"] > TEXTURE else None
        measured.append((name, identity, m, arc, entry))
    failures, pairs, small = [], [], 0
    for i in range(len(measured)):
        for j in range(i + 1, len(measured)):
            (na, ia, ma, aa, ea), (nb, ib, mb, ab, eb) = measured[i], measured[j]
            if ia == ib or ia[0] != ib[0]:
                continue   # one datum drawn twice (a series' wedges, a name in two rings), or two charts
            if not neighbours(ma, aa, mb, ab, scale):
                continue
            if "gray" not in ea or "gray" not in eb:
                small += 1
                continue
            r = ratio(ea["gray"], eb["gray"])
            ta, tb = ea["acf"] is not None, eb["acf"] is not None
            d = float(np.sqrt(((ea["acf"] - eb["acf"]) ** 2).mean())) if ta and tb else None
            patterned = ta != tb or (d is not None and d > DISTANCE)
            pair = {"a": na, "b": nb, "ratio": r, "textured": [ta, tb], "distance": d, "differ": patterned or r >= 3}
            pairs.append(pair)
            if not pair["differ"]:
                failures.append(pair)
    for f in failures:
        why = "neither is textured" if not any(f["textured"]) else ("one pattern" if f["distance"] is not None else "?")
        dist = f" (autocorrelations {f['distance']:.3f} apart)" if f["distance"] is not None else ""
        print(f"{f['a']} | {f['b']}: gray {f['ratio']:.2f}:1, {why}{dist}")
    dists = [p["distance"] for p in pairs if p["distance"] is not None and p["ratio"] < 3]
    print(f"{len(measured)} marks, {len(pairs)} neighbouring pairs, {len(failures)} alike, {small} too small to read;"
          f" least texture distance {min(dists):.3f}" if dists else f"{len(measured)} marks, {len(pairs)} neighbouring pairs, {len(failures)} alike, {small} too small to read")
    if len(argv) == 5:
        for *_, e in measured:
            e["acf"] = None
        json.dump({"marks": [e for *_, e in measured], "pairs": pairs}, open(argv[4], "w"), indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
