#!/bin/sh
# Streams this machine's per-core CPU load as a live radar:
#   examples/cpu-stream.sh | radial show -
# The first line is a whole page (one axis per core); then one update line per core and tick,
# {"update": "charts[0].series[0].values[i]", "value": percent}, which the window coalesces per
# frame and animates as live reload does. INTERVAL (seconds, default 0.5) sets the rate.
INTERVAL=${INTERVAL:-0.5}
cores=$(grep -c '^cpu[0-9]' /proc/stat)
axes=$(awk '/^cpu[0-9]/ { printf "%s\"%s\"", (n++ ? ", " : ""), toupper(substr($1,1,1)) substr($1,2) }' /proc/stat)
zeros=$(awk -v n="$cores" 'BEGIN { for (i = 0; i < n; i++) printf "%s0", (i ? ", " : "") }')
printf '{"title": "CPU load", "subtitle": "%s cores, from /proc/stat every %s s", "charts": [{"type": "radar", "rings": 4, "ringLabels": true, "axes": [%s], "series": [{"name": "Busy %%", "values": [%s], "color": "teal"}]}]}\n' \
    "$cores" "$INTERVAL" "$axes" "$zeros"
prev=$(awk '/^cpu[0-9]/ { print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8 }' /proc/stat)
while sleep "$INTERVAL"; do
    now=$(awk '/^cpu[0-9]/ { print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8 }' /proc/stat)
    printf '%s\n%s\n' "$prev" "$now" | awk -v n="$cores" '
        NR <= n { busy[NR-1] = $1; total[NR-1] = $2; next }
        { i = NR - n - 1; dt = $2 - total[i]; v = dt > 0 ? 100 * ($1 - busy[i]) / dt : 0
          printf "{\"update\": \"charts[0].series[0].values[%d]\", \"value\": %.1f}\n", i, v }' || exit 0
    prev=$now
done
