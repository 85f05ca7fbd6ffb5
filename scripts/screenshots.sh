#!/usr/bin/env bash
# The README's headline pictures: the GTK 4 example (examples/gtk) on a real compositor that
# orientd turns. phoc (wlroots), nested in an Xvfb of its own, shows an 800x1280 portrait
# panel (its x11 backend gives the seat a keyboard: phoc activates the example's window, which
# liborientd-gtk passes on as the scene's activation state; headless it never would); orientd drives
# it with --output-backend wlroots; the example plays the video-player flow by itself; grim
# captures the whole screen as the user sees it: the portrait list, then the landscape player
# after the compositor turned the panel (the window draws upright: it is not turned twice).
#
#   scripts/screenshots.sh [DIR]     (default: the repository's docs/)
#
# Writes DIR/compositor-portrait.png and DIR/compositor-landscape.png. Needs the built orientd
# ($ORIENTD, default .build/debug/orientd; `swift build` makes it), phoc, Xvfb, wlr-randr, grim,
# dbus-daemon, busctl, /usr/bin/python3 with python3-gi and gir1.2-gtk-4.0
# (`scripts/install-deps.sh test` installs them all), and liborientd and its GTK glue, which
# the example uses, from this tree's build (`make lib`: .build/lib). Runs everything on private sockets and
# a private bus, and stops it all on exit; prints the logs when something fails.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-$root/docs}
orientd=${ORIENTD:-$root/.build/debug/orientd}
library=$root/.build/lib/orientd:$root/.build/lib/orientd-gtk
readonly output=X11-1 panel=800x1280 timeout_seconds=60

work=$(mktemp -d)
. "$root/scripts/screenshot-steps.sh"
require_tools phoc Xvfb wlr-randr grim dbus-daemon busctl /usr/bin/python3
[[ -f $root/.build/lib/orientd-gtk/OrientdGtk-1.0.typelib ]] || fail "no liborientd build in $root/.build/lib: run make lib"
[[ -x "$orientd" ]] || fail "no orientd at $orientd: run swift build first (or set ORIENTD)"

# A private session bus and runtime folder: nothing of the user's session is touched.
export XDG_RUNTIME_DIR=$work/runtime XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config
mkdir -m 700 "$XDG_RUNTIME_DIR"
start_private_bus "$work"

# The compositor: nested in an Xvfb, software rendering, an 800x1280 portrait panel.
start_nested_phoc 800x1280x24
wlr-randr --output "$output" --custom-mode "$panel"

# orientd turning it.
start_orientd --sensor none --screen-class phone --output-backend wlroots --output "$output"
busctl --user call "$name" "$manager" "$name" SetDeviceOrientation s portrait

capture() { capture_settled "$1" 0.3 screenshots.sh; }

# The example, scripted: it pauses after each of its own screenshots until it reads a line.
mkfifo "$work/app.in"
# (Started here, not through `background`: its fifo opens in the child, before the writer.)
GDK_BACKEND=wayland GSK_RENDERER=cairo GTK_A11Y=none GI_TYPELIB_PATH=$library LD_LIBRARY_PATH=$library \
  /usr/bin/python3 "$root/examples/gtk/orientation_window.py" --script --turn-device --pause-after-screenshots \
  --screenshots "$work/app-shots" --timeout "$timeout_seconds" <"$work/app.in" >"$work/app.log" 2>&1 &
app=$!
pids+=($app)
exec 3>"$work/app.in"

wait_for "the portrait list" grep -q "paused after portrait" "$work/app.log"
wait_for "the panel at normal" transform_is "$output" normal
capture "$out/compositor-portrait.png"
echo >&3

# The player prefers landscape-right: orientd turns the panel to wl_output 270.
wait_for "the landscape player" grep -q "paused after landscape" "$work/app.log"
wait_for "the panel at 270 (landscape-right)" transform_is "$output" 270
capture "$out/compositor-landscape.png"
echo >&3

status=0
wait "$app" || status=$?
((status == 0)) || fail "the example failed (status $status)"
cat "$work/app.log"
