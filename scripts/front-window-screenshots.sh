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
# orientd and orientctl itself (`swift build`, debug, into .build/debug/). Needs Xvfb, xrandr, phoc,
# wlr-randr, grim, dbus-daemon, busctl, /usr/bin/python3 with python3-gi and gir1.2-gtk-4.0
# (`scripts/install-deps.sh test` installs them all). Runs everything on private sockets and
# a private bus, and stops it all on exit; prints the logs when something fails. The steps are
# orientd-screenshots' (`front-window`: Sources/orientd-screenshots/FrontWindowPictures.swift).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z ${ORIENTD:-} ]]; then
  # What it runs, built as the tests build it (make run builds release binaries instead).
  (cd "$root" && swift build --product orientd >&2 && swift build --product orientctl >&2 &&
    swift build --product orientd-screenshots >&2)
fi
orientd=${ORIENTD:-$root/.build/debug/orientd}
. "$root/scripts/screenshot-steps.sh"
make_pictures front-window --orientctl "${ORIENTCTL:-$(dirname "$orientd")/orientctl}" "${1:-$root/build/front-window}"
