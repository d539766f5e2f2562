"""The e-bike radar in matplotlib, for comparing `radial record` and batch `radial render`
with matplotlib's FFMpegWriter and savefig on the same machine (see README, "Getting charts out").

    python3 docs/bench/matplotlib_radar.py video OUT.mp4 [--matched]   150 frames, 800x800, 60 fps
    python3 docs/bench/matplotlib_radar.py stills DIR N                 N settled 800x800 PNGs
    python3 docs/bench/matplotlib_radar.py vector DIR N pdf|svg         N settled radars as PDF (or SVG) files
    python3 docs/bench/matplotlib_radar.py pages OUT.pdf N              one PDF of N pages (PdfPages)

PDFs are written with pdf.fonttype 42 (TrueType subsets: the text stays text, as in Radial's
PDFs); SVGs with matplotlib's default svg.fonttype "path" (glyphs as outlines, as in Radial's).

--matched gives ffmpeg the arguments `radial record` uses (libx264 veryfast, CRF 18, yuv420p);
without it FFMpegWriter's defaults (libx264 medium, CRF 23).
"""
import math
import os
import sys
import time

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.animation import FFMpegWriter  # noqa: E402

AXES = ["Speed", "Power", "Range", "Comfort", "Price", "Design"]
SERIES = [("City", [55, 40, 62, 90, 85, 70], "#30B0C7"), ("Trail", [80, 92, 78, 50, 45, 82], "#FF9500")]


def spring(t, d=0.9, bounce=0.25):
    """SwiftUI's spring(duration:bounce:) from rest, 0 to 1 (as Radial's growth)."""
    if t >= 2 * d:
        return 1.0
    z = 1 - bounce
    w = 2 * math.pi / d
    wd = w * math.sqrt(1 - z * z)
    return 1 - math.exp(-z * w * t) * (math.cos(wd * t) + z * w / wd * math.sin(wd * t))


def figure():
    fig = plt.figure(figsize=(8, 8), dpi=100)
    fig.suptitle("Which e-bike?", fontsize=20, fontweight="bold")
    ax = fig.add_subplot(111, polar=True)
    angles = [i / len(AXES) * 2 * math.pi for i in range(len(AXES))]
    ax.set_theta_offset(math.pi / 2)
    ax.set_theta_direction(-1)
    ax.set_xticks(angles)
    ax.set_xticklabels(AXES)
    ax.set_ylim(0, 100)
    ax.set_yticks([25, 50, 75, 100])
    ax.set_yticklabels([])
    closed = angles + angles[:1]
    artists = []
    for name, values, color in SERIES:
        (line,) = ax.plot(closed, [0] * len(closed), color=color, linewidth=2, label=name)
        (fill,) = ax.fill(closed, [0] * len(closed), color=color, alpha=0.22)
        artists.append((line, fill, values))
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, -0.12), ncol=2, frameon=False)

    def draw(t):
        g = spring(t)
        for line, fill, values in artists:
            r = [v * g for v in values] + [values[0] * g]
            line.set_data(closed, r)
            fill.set_xy(list(zip(closed, r)))
    return fig, draw


def video(out, matched):
    fig, draw = figure()
    extra = ["-pix_fmt", "yuv420p", "-preset", "veryfast", "-crf", "18"] if matched else None
    writer = FFMpegWriter(fps=60, codec="libx264", extra_args=extra)
    start = time.perf_counter()
    with writer.saving(fig, out, dpi=100):
        for i in range(150):
            draw(i / 60)
            writer.grab_frame()
    elapsed = time.perf_counter() - start
    print(f"matplotlib FFMpegWriter{' (matched args)' if matched else ''}: 150 frames in {elapsed:.2f} s, "
          f"{150 / elapsed:.1f} frames/s, {os.path.getsize(out) / 1024:.0f} KB")


def stills(folder, n):
    os.makedirs(folder, exist_ok=True)
    start = time.perf_counter()
    fig, draw = figure()
    draw(10)
    for i in range(n):
        fig.savefig(os.path.join(folder, f"radar-{i:03d}.png"), dpi=100)
    elapsed = time.perf_counter() - start
    print(f"matplotlib savefig: {n} PNGs in {elapsed:.2f} s, {n / elapsed:.1f} PNGs/s")


def vector(folder, n, kind):
    matplotlib.rcParams["pdf.fonttype"] = 42
    os.makedirs(folder, exist_ok=True)
    start = time.perf_counter()
    fig, draw = figure()
    draw(10)
    for i in range(n):
        fig.savefig(os.path.join(folder, f"radar-{i:03d}.{kind}"))
    elapsed = time.perf_counter() - start
    size = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder))
    print(f"matplotlib savefig: {n} {kind.upper()}s in {elapsed:.2f} s, {n / elapsed:.1f} files/s, {size / 1024:.0f} KB")


def pages(out, n):
    from matplotlib.backends.backend_pdf import PdfPages
    matplotlib.rcParams["pdf.fonttype"] = 42
    start = time.perf_counter()
    fig, draw = figure()
    draw(10)
    with PdfPages(out) as pdf:
        for _ in range(n):
            pdf.savefig(fig)
    elapsed = time.perf_counter() - start
    print(f"matplotlib PdfPages: {n} pages in {elapsed:.2f} s, {n / elapsed:.1f} pages/s, {os.path.getsize(out) / 1024:.0f} KB")


if __name__ == "__main__":
    if sys.argv[1] == "video":
        video(sys.argv[2], "--matched" in sys.argv)
    elif sys.argv[1] == "vector":
        vector(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif sys.argv[1] == "pages":
        pages(sys.argv[2], int(sys.argv[3]))
    else:
        stills(sys.argv[2], int(sys.argv[3]))
