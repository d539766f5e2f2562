#!/usr/bin/env bash
# `radial render` to PDF and SVG (a file each, and one PDF of many pages) against matplotlib's
# savefig('x.pdf'|'x.svg') and PdfPages, the same e-bike radar, in one run. Needs a release build
# and python3-matplotlib; no display (vector files need no GL). Usage: docs/bench/vector.sh [WORKDIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
radial=$root/.build/release/radial
work=${1:-$(mktemp -d)}
mkdir -p "$work/in-ebike"
for i in $(seq -w 1 60); do cp "$root/examples/ebike.json" "$work/in-ebike/ebike-$i.json"; done
cd "$work"
now() { date +%s.%N; }
took() { echo "$(now) - $1" | bc; }
kb() { echo $(( $(cat "$@" | wc -c) / 1024 )); }
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for format in pdf svg; do
  rm -rf "out-$format"; s=$(now); "$radial" render in-ebike/*.json --out-dir "out-$format" --format $format --at 10 --size 800x800; t=$(took "$s")
  printf "radial render --out-dir --format %s: 60 files in %.2f s (whole process), %.1f files/s, %d KB (%d KB each)\n" \
    $format "$t" "$(echo "60 / $t" | bc -l)" "$(kb out-$format/*)" "$(( $(kb out-$format/*) / 60 ))"
done
s=$(now); "$radial" render in-ebike/*.json --out report.pdf --at 10 --size 800x800; t=$(took "$s")
printf "radial render FILE... --out report.pdf: 60 pages in %.2f s (whole process), %.1f pages/s, %d KB\n" "$t" "$(echo "60 / $t" | bc -l)" "$(kb report.pdf)"
s=$(now); for f in in-ebike/ebike-0[1-5].json; do "$radial" render "$f" --out single.pdf --at 10 --size 800x800; done; t=$(took "$s")
printf "radial render, one process a PDF: 5 in %.2f s, %.1f files/s\n" "$t" "$(echo "5 / $t" | bc -l)"
for format in pdf svg; do
  s=$(now); /usr/bin/python3 "$root/docs/bench/matplotlib_radar.py" vector "mpl-$format" 60 $format; t=$(took "$s")
  printf "  (whole python process: %.2f s, %.1f files/s)\n" "$t" "$(echo "60 / $t" | bc -l)"
done
s=$(now); /usr/bin/python3 "$root/docs/bench/matplotlib_radar.py" pages mpl-report.pdf 60; t=$(took "$s")
printf "  (whole python process: %.2f s, %.1f pages/s)\n" "$t" "$(echo "60 / $t" | bc -l)"
echo "machine after: load $(cut -d' ' -f1-3 /proc/loadavg)"
