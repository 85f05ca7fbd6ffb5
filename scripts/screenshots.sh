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
# ($ORIENTD, default .build/debug/orientd; `swift build` makes it), phoc, Xvfb, xrandr, wlr-randr, grim,
# dbus-daemon, busctl, /usr/bin/python3 with python3-gi and gir1.2-gtk-4.0
# (`scripts/install-deps.sh test` installs them all), and liborientd and its GTK glue, which
# the example uses, from this tree's build (`make lib`: .build/lib). Runs everything on private sockets and
# a private bus, and stops it all on exit; prints the logs when something fails. The steps are
# orientd-screenshots' (`headline`: Sources/orientd-screenshots/HeadlinePictures.swift).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
orientd=${ORIENTD:-$root/.build/debug/orientd}
. "$root/scripts/screenshot-steps.sh"
make_pictures headline "${1:-$root/docs}"
