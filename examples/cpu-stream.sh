#!/bin/sh
# Streams this machine's CPU load, live:
#   examples/cpu-stream.sh | radial show -            a radar, one axis per core
#   examples/cpu-stream.sh --gauge | radial show -    a gauge of the whole machine's load
# The first line is a whole page; then, every tick, one update line per value,
# {"update": "charts[0].series[0].values[i]", "value": percent} (radar) or
# {"update": "charts[0].value", "value": percent} (gauge), which the window coalesces per frame
# and animates as live reload does. INTERVAL (seconds, default 0.5) sets the rate.
# A radar needs three axes: on a machine of one or two cores the stream is the gauge's.
INTERVAL=${INTERVAL:-0.5}
if [ "$1" = "--gauge" ] || [ "$(grep -c '^cpu[0-9]' /proc/stat)" -lt 3 ]; then
    cores=$(grep -c '^cpu[0-9]' /proc/stat)
    printf '{"title": "CPU load", "subtitle": "%s cores, from /proc/stat every %s s", "charts": [{"type": "gauge", "label": "Busy", "value": 0, "format": {"style": "percent", "decimals": 0}, "bands": [{"to": 60, "color": "green", "name": "Normal"}, {"to": 85, "color": "orange", "name": "Busy"}, {"to": 100, "color": "red", "name": "Saturated"}], "threshold": 90, "needle": true}]}\n' \
        "$cores" "$INTERVAL"
    prev=$(awk '/^cpu / { print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8 }' /proc/stat)
    while sleep "$INTERVAL"; do
        now=$(awk '/^cpu / { print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8 }' /proc/stat)
        printf '%s\n%s\n' "$prev" "$now" | awk '
            NR == 1 { busy = $1; total = $2; next }
            { dt = $2 - total; v = dt > 0 ? 100 * ($1 - busy) / dt : 0
              printf "{\"update\": \"charts[0].value\", \"value\": %.1f}\n", v }' || exit 0
        prev=$now
    done
    exit 0
fi
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
