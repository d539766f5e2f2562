#!/bin/sh
# Streams a scan whose contacts come from a file, one contact a line: ANGLE DISTANCE LABEL
# (degrees clockwise from 12 o'clock, 0–1 from the center out, the rest of the line the name;
# lines starting with # are comments):
#   examples/scan-stream.sh examples/contacts.txt | radial show -
# Edit the file while it runs: each change is sent as a whole page, the beam keeps turning and
# the contacts move to their new places. A malformed line is named on stderr and left out.
# INTERVAL (seconds, default 0.5) sets how often the file is checked.
FILE=${1:-$(dirname "$0")/contacts.txt}
INTERVAL=${INTERVAL:-0.5}
[ -r "$FILE" ] || { echo "scan-stream.sh: cannot read $FILE" >&2; exit 2; }
page() {
    awk -v file="$FILE" '
        function esc(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, " ", s); return s }
        /^[ \t]*(#|$)/ { next }
        {
            label = $0; sub(/^[ \t]*[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", label)
            if ($1 !~ /^-?[0-9.]+$/ || $2 !~ /^[0-9.]+$/ || $2 > 1) {
                printf "scan-stream.sh: %s line %d: expected ANGLE DISTANCE LABEL (distance 0-1), got \"%s\"\n", file, NR, $0 > "/dev/stderr"
                next
            }
            blips = blips (n++ ? ", " : "") sprintf("{\"angle\": %s, \"distance\": %s, \"label\": \"%s\"}", $1 + 0, $2 + 0, esc(label))
        }
        END {
            printf "{\"title\": \"Contacts\", \"subtitle\": \"From %s\", \"charts\": [{\"type\": \"scan\", \"color\": \"green\", \"duration\": 3, \"rings\": 3, \"spokes\": 4, \"blips\": [%s]}]}\n", esc(file), blips
        }' "$FILE"
}
last=""
while :; do
    sum=$(cksum < "$FILE" 2>/dev/null) || { echo "scan-stream.sh: $FILE went away" >&2; exit 1; }
    if [ "$sum" != "$last" ]; then page || exit 0; last=$sum; fi
    sleep "$INTERVAL"
done
