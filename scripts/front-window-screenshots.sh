#!/usr/bin/env bash
# The README's headline pictures: two unmodified GTK 4 apps on a real phone compositor, and
# orientd following the window in front. phoc (wlroots, nested in Xvfb so that it has a seat)
# shows an 800x1280 portrait panel; orientd drives it with its wlroots output backend and
# follows phoc's window list (--window-tracking auto finds it). Neither app speaks to orientd:
# a notes app whose desktop entry says X-Orientd-SupportedOrientations=portrait (one that said
# nothing would follow the device, as before orientd), and a racing game whose entry says
# X-Orientd-SupportedOrientations=landscape. grim captures the panel as the user sees it: the
# notes app upright, then the game in front (the panel turned), then the notes app again
# after the game is closed (the panel turned back).
#
#   scripts/front-window-screenshots.sh [DIR]     (default: build/front-window/)
#
# Writes DIR/front-notes.png, DIR/front-game.png and DIR/front-notes-again.png (give docs/ to
# replace the README's pictures), and prints `orientctl status`, `orientctl list` and
# `orientctl explain` at each step. Uses $ORIENTD and $ORIENTCTL when set; else it builds
# orientd and orientctl itself (`swift build`, debug, into .build/debug/). Needs Xvfb, phoc,
# wlr-randr, grim, dbus-daemon, busctl, /usr/bin/python3 with python3-gi and gir1.2-gtk-4.0
# (`scripts/install-deps.sh test` installs them all). Runs everything on private sockets and
# a private bus, and stops it all on exit; prints the logs when something fails.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-$root/build/front-window}
if [[ -z ${ORIENTD:-} ]]; then
  # What it runs, built as the tests build it (make run builds release binaries instead).
  (cd "$root" && swift build --product orientd >&2 && swift build --product orientctl >&2)
fi
orientd=${ORIENTD:-$root/.build/debug/orientd}
orientctl=${ORIENTCTL:-$(dirname "$orientd")/orientctl}
readonly output=X11-1 timeout_seconds=60
readonly notes=org.example.Notes game=org.example.RacingGame

work=$(mktemp -d)
before_logs() { NO_COLOR=1 "$orientctl" status; }
. "$root/scripts/screenshot-steps.sh"
require_tools Xvfb phoc wlr-randr grim dbus-daemon busctl /usr/bin/python3
[[ -x "$orientd" ]] || fail "no orientd at $orientd: run swift build first (or set ORIENTD)"
[[ -x "$orientctl" ]] || fail "no orientctl at $orientctl: run swift build first (or set ORIENTCTL)"

# A private session bus, runtime folder and settings: nothing of the user's session is touched.
export XDG_RUNTIME_DIR=$work/runtime XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config GSETTINGS_BACKEND=memory
mkdir -m 700 "$XDG_RUNTIME_DIR"
start_private_bus "$work"

# The compositor: phoc nested in Xvfb, software rendering, an 800x1280 portrait panel.
printf '[output:%s]\nmode = 800x1280\n' "$output" >"$work/phoc.ini"
start_nested_phoc 1300x1300x24 "$work/phoc.ini"

# The apps' desktop entries, where orientd (and only orientd) looks for them.
mkdir -p "$work/data/applications"
printf '[Desktop Entry]\nType=Application\nName=Notes\nExec=notes\nX-Orientd-SupportedOrientations=portrait\n' \
  >"$work/data/applications/$notes.desktop"
printf '[Desktop Entry]\nType=Application\nName=Racing Game\nExec=racing-game\nX-Orientd-SupportedOrientations=landscape\n' \
  >"$work/data/applications/$game.desktop"

# orientd: the panel through wlroots, the windows through phoc's window list (auto). Nested phoc
# is 1024×768 at scale 1, a large screen on a desk: the pictures show a phone (--screen-class).
XDG_DATA_DIRS=$work/data start_orientd --sensor none --screen-class phone --output-backend wlroots --output "$output"
tracking_is() { test "$("$orientctl" show -P WindowTracking)" = "$1"; }
wait_for "orientd following phoc's windows" tracking_is wlroots

# The checks wait_for repeats (each reads the compositor or orientd again).
front_is() { test "$("$orientctl" show -P FrontApp)" = "$1"; }
capture() { capture_settled "$1" 0.3 front-window-screenshots.sh; }
show() {
  echo "\$ orientctl status"; NO_COLOR=1 "$orientctl" status
  echo "\$ orientctl list"; NO_COLOR=1 "$orientctl" list
  echo "\$ orientctl explain"; NO_COLOR=1 "$orientctl" explain
}
# Starts an app (a real, unmodified GTK 4 window of that app id, maximized as a phone shows it).
start_app() {
  background "$1" env GDK_BACKEND=wayland GSK_RENDERER=cairo GTK_A11Y=none \
    /usr/bin/python3 "$root/Tests/Fixtures/windows/app_window.py" "$1" --maximize
  eval "$2=$last_pid"
}

start_app "$notes" notes_pid
wait_for "the notes app in front" front_is "$notes"
wait_for "the panel at normal" transform_is "$output" normal
capture "$out/front-notes.png"
show

start_app "$game" game_pid
wait_for "the game in front" front_is "$game"
wait_for "the panel turned for the game" transform_is "$output" 270
capture "$out/front-game.png"
show

kill "$game_pid"
wait_for "the notes app in front again" front_is "$notes"
wait_for "the panel turned back" transform_is "$output" normal
capture "$out/front-notes-again.png"
show
