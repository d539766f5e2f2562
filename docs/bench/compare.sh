#!/usr/bin/env bash
# `radial record` and batch `radial render` against matplotlib's FFMpegWriter and savefig, the
# same e-bike radar, in one run (needs a release build, ffmpeg, python3-matplotlib; a display or
# xvfb-run). Usage: docs/bench/compare.sh [WORKDIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
radial=$root/.build/release/radial
work=${1:-$(mktemp -d)}
mkdir -p "$work/in-ebike" "$work/in-mixed"
for i in $(seq -w 1 60); do cp "$root/examples/ebike.json" "$work/in-ebike/ebike-$i.json"; done
for i in $(seq -w 1 20); do for d in ebike pies dashboard; do cp "$root/examples/$d.json" "$work/in-mixed/$d-$i.json"; done; done
cd "$work"
now() { date +%s.%N; }
took() { echo "$(now) - $1" | bc; }
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

s=$(now); "$radial" record --demo ebike --out radial.mp4 --to 2.5 --size 800x800 --quiet; t=$(took "$s")
printf "radial record: 150 frames 800x800 60 fps to MP4 in %.2f s (whole process), %.1f frames/s, %d KB\n" "$t" "$(echo "150 / $t" | bc -l)" $(( $(stat -c %s radial.mp4) / 1024 ))
/usr/bin/python3 "$root/docs/bench/matplotlib_radar.py" video mpl-matched.mp4 --matched
/usr/bin/python3 "$root/docs/bench/matplotlib_radar.py" video mpl-default.mp4

for set in ebike mixed; do
  rm -rf "out-$set"; s=$(now); "$radial" render in-$set/*.json --out-dir "out-$set" --at 10 --size 800x800; t=$(took "$s")
  printf "radial render --out-dir: 60 settled 800x800 PNGs (%s) in %.2f s (whole process), %.1f PNGs/s, %d KB\n" "$set" "$t" "$(echo "60 / $t" | bc -l)" $(( $(cat out-$set/* | wc -c) / 1024 ))
done
s=$(now); for f in in-ebike/ebike-0[1-5].json; do "$radial" render "$f" --out single.png --at 10 --size 800x800; done; t=$(took "$s")
printf "radial render, one process a PNG: 5 in %.2f s, %.1f PNGs/s\n" "$t" "$(echo "5 / $t" | bc -l)"
/usr/bin/python3 "$root/docs/bench/matplotlib_radar.py" stills mpl-stills 60
echo "machine after: load $(cut -d' ' -f1-3 /proc/loadavg)"
