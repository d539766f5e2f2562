#!/usr/bin/env bash
# Batch `radial render --out-dir` of the three demos (as their example files, 20 copies each: 60
# settled 800x800 pages) to PNG, JPEG and WebP, in one run, each format twice in turn so that a
# change in the machine's load falls on all of them. Needs a release build.
# Usage: docs/bench/stills.sh [WORKDIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
radial=$root/.build/release/radial
work=${1:-$(mktemp -d)}
mkdir -p "$work/in"
for i in $(seq -w 1 20); do for d in ebike scan pies; do cp "$root/examples/$d.json" "$work/in/$d-$i.json"; done; done
cd "$work"
now() { date +%s.%N; }
echo "machine: $(nproc) cores; $(uptime)"
formats=("png" "png --compress best" "jpg" "jpg --quality 75" "webp" "webp --quality 100")
for round in 1 2; do
  for f in "${formats[@]}"; do
    read -r fmt extra <<<"$f"
    out="out-${fmt}${extra// /}"; rm -rf "$out"
    # shellcheck disable=SC2086
    s=$(now); "$radial" render in/*.json --out-dir "$out" --format "$fmt" $extra --at 10 --size 800x800; e=$(now)
    t=$(echo "$e - $s" | bc -l)
    total=$(cat "$out"/* | wc -c)
    each() { stat -c %s "$out/$1-01.$fmt"; }
    printf "round %d  %-22s %6.2f s  %5.1f files/s  %7d KB total  ebike %6d B  scan %6d B  pies %6d B  (load %s)\n" \
      "$round" "$fmt $extra" "$t" "$(echo "60 / $t" | bc -l)" $((total / 1024)) "$(each ebike)" "$(each scan)" "$(each pies)" \
      "$(cut -d' ' -f1 /proc/loadavg)"
  done
done
echo "machine after: $(uptime)"
