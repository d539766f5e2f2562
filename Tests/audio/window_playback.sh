#!/usr/bin/env bash
# The window's audio graph through a real sound server: PulseAudio with a null sink, recorded
# from its monitor with parec while the gallery plays its first chart (the A key), then the keys:
# A, wait, Right twice while it plays. The gallery opens on the X display it is given (ListenTests
# runs this under a private xvfb-run, away from the window tests' shared display).
#   Tests/audio/window_playback.sh BINARY OUT.raw [KEYS...]
# OUT.raw: 16-bit little-endian stereo at 44.1 kHz. Prints the gallery's standard error.
# With NO_SOUND_SERVER=1 no server is started and the gallery is pointed at a socket that is not there.
set -u
binary=$1 out=$2; shift 2
keys=("$@")
home=$(mktemp -d)
# SIGKILL: a parent such as Foundation's Process leaves SIGTERM blocked in its children.
trap 'kill -9 $gallery $recorder 2>/dev/null; sleep 0.2; kill -9 $server 2>/dev/null; rm -rf "$home"' EXIT
export HOME=$home XDG_RUNTIME_DIR=$home NO_AT_BRIDGE=1
server="" recorder=""
if [[ ${NO_SOUND_SERVER:-} == 1 ]]; then
  export PULSE_SERVER="unix:$home/no-server-here"
  : > "$out"
else
  pulseaudio -n --daemonize=no --exit-idle-time=-1 --disable-shm=yes \
    -L "module-null-sink sink_name=graph" -L "module-native-protocol-unix" > "$home/pulse.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do pactl info >/dev/null 2>&1 && break; sleep 0.05; done
  pactl set-default-sink graph
  parec -d graph.monitor --format=s16le --rate=44100 --channels=2 > "$out" 2> "$home/parec.log" &
  recorder=$!
fi
"$binary" 2> "$home/radial.err" &
gallery=$!
window=""
for _ in $(seq 100); do window=$(xdotool search --onlyvisible --pid $gallery --name Radial 2>/dev/null | head -1); [[ -n $window ]] && break; sleep 0.1; done
[[ -n $window ]] || { echo "no window"; exit 1; }
sleep 1
for k in "${keys[@]}"; do
  if [[ $k == sleep:* ]]; then sleep "${k#sleep:}"; else xdotool key --window "$window" "$k"; fi
done
cat "$home/radial.err"
