#!/usr/bin/env bash
# Runs the GTK example under Xvfb through the video-player flow, turning the device with
# busctl, and saves its screenshots.
#
#   examples/gtk/screenshots.sh [DIR]
#
# DIR defaults to the repository's docs/ (screenshot-portrait.png: the portrait list;
# screenshot-landscape.png: the landscape player). Needs a running orientd on the session
# bus (DBUS_SESSION_BUS_ADDRESS), /usr/bin/python3 with python3-gi and gir1.2-gtk-4.0, and
# xvfb-run (Debian's xvfb and xauth). Prints the app's log; exits 0 when the flow is done
# and both screenshots are written.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$(cd "$here/../.." && pwd)/docs}
readonly name=io.github.orientd.OrientationManager1
readonly manager=/io/github/orientd/OrientationManager1
readonly timeout_seconds=30

fail() {
  echo "screenshots.sh: $*" >&2
  exit 1
}

device() {
  local value
  value=$(busctl --user get-property "$name" "$manager" "$name" DeviceOrientation)
  value=${value#s \"}
  echo "${value%\"}"
}

# Hold the device upright first: orientd's device state is global.
if [[ "$(device)" != portrait ]]; then
  busctl --user call "$name" "$manager" "$name" SetDeviceOrientation s portrait
  deadline=$((SECONDS + timeout_seconds))
  until [[ "$(device)" == portrait ]]; do
    ((SECONDS < deadline)) || fail "the device did not turn to portrait"
    sleep 0.02
  done
fi

mkdir -p "$out"
rm -f "$out/screenshot-portrait.png" "$out/screenshot-landscape.png"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# GTK's cairo renderer: Xvfb has no GPU, and the result is the same on every machine.
GSK_RENDERER=${GSK_RENDERER:-cairo} GTK_A11Y=none \
  xvfb-run --auto-servernum --server-args="-screen 0 1024x768x24" \
  /usr/bin/python3 "$here/orientation_window.py" --script --screenshots "$out" --timeout "$timeout_seconds" \
  >"$log" 2>&1 &
app=$!

# The app saves the portrait list, plays the landscape player, saves it, then waits for
# the device to turn: turn it, as a user would (or the sensor, through iio-sensor-proxy).
deadline=$((SECONDS + timeout_seconds))
until grep -q "waiting for the device to turn" "$log"; do
  if ! kill -0 "$app" 2>/dev/null || ((SECONDS >= deadline)); then
    kill "$app" 2>/dev/null || true
    cat "$log"
    fail "the app did not reach the landscape player"
  fi
  sleep 0.05
done
printed=$(wc -l <"$log")
head -n "$printed" "$log"
echo "busctl: SetDeviceOrientation landscape-right"
busctl --user call "$name" "$manager" "$name" SetDeviceOrientation s landscape-right

# The app ends by itself (its own --timeout bounds the wait).
status=0
wait "$app" || status=$?
tail -n +"$((printed + 1))" "$log"
((status == 0)) || fail "the app failed (status $status)"
for shot in portrait landscape; do
  [[ -s "$out/screenshot-$shot.png" ]] || fail "no $out/screenshot-$shot.png"
done
echo "screenshots in $out: screenshot-portrait.png screenshot-landscape.png"
