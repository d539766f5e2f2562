"""A polar scatter in matplotlib, for `radial bench --ramp points` (docs/performance.md): the same
points (angles and radii from the bench's linear congruential sequence), one 1280x720 figure
drawn again and again with the Agg backend, the median time of a whole `canvas.draw()`.

    python3 docs/bench/matplotlib_polar.py N [REPEATS]
"""
import statistics
import sys
import time

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def points(n):
    """The bench's sequence: state = state * 6364136223846793005 + 1442695040888963407 (mod 2^64), top 53 bits."""
    state, mask = 0x2545F4914F6CDD1D, (1 << 64) - 1
    out = np.empty(2 * n)
    for i in range(2 * n):
        state = (state * 6364136223846793005 + 1442695040888963407) & mask
        out[i] = (state >> 11) / float(1 << 53)
    angles = out[0::2] * 360
    radii = np.sqrt(out[1::2]) * 100
    return np.radians(angles), radii


def main():
    n = int(sys.argv[1])
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    theta, r = points(n)
    fig = plt.figure(figsize=(12.8, 7.2), dpi=100)
    ax = fig.add_subplot(projection="polar")
    ax.set_theta_zero_location("N")
    ax.set_theta_direction(-1)
    ax.set_rmax(100)
    ax.scatter(theta, r, s=4, linewidths=0, alpha=0.8)
    fig.canvas.draw()  # warm up
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fig.canvas.draw()
        times.append((time.perf_counter() - t) * 1000)
    print(f"matplotlib {matplotlib.__version__} polar scatter of {n} points at 1280x720: "
          f"median {statistics.median(times):.2f} ms (min {min(times):.2f}, max {max(times):.2f}) over {repeats} draws")


if __name__ == "__main__":
    main()
