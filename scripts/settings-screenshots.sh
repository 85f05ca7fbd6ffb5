#!/usr/bin/env bash
# The README's pictures of the settings app (orientd-settings): on a phone-sized output (a
# 720x1440 panel at scale 2: 360 pixels wide for the app) and on a tablet-sized one (1280x800),
# each in real phoc nested in Xvfb, with orientd on a private bus following phoc's windows.
# The tablet shows the list and an app's page side by side, with "Portrait only" chosen for
# the notes app through the app's accessibility tree (AT-SPI), as a person's tap would.
#
#   scripts/settings-screenshots.sh DIR
#
# Writes DIR/settings-phone.png (the list), DIR/settings-phone-app.png (the notes app's page,
# slid in over the list) and DIR/settings-tablet.png (the README's copies are under docs/).
# Needs the built orientd, orientd-settings ($ORIENTD, default .build/debug/; `swift
# build` makes them), Xvfb, xrandr, phoc, wlr-randr, grim, dbus-daemon, busctl, the at-spi bus and
# /usr/bin/python3 with python3-pyatspi (`scripts/install-deps.sh test` installs them all).
# Runs everything on private sockets and a private bus and stops it all on exit; prints the
# logs when something fails. The steps are orientd-screenshots' (`settings`:
# Sources/orientd-screenshots/SettingsPictures.swift).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ $# -eq 1 ]] || { echo "usage: $0 DIR" >&2; exit 64; }
mkdir -p "$1"
orientd=${ORIENTD:-$root/.build/debug/orientd}
. "$root/scripts/screenshot-steps.sh"
make_pictures settings --settings "${ORIENTD_SETTINGS:-$(dirname "$orientd")/orientd-settings}" "$(cd "$1" && pwd)"
