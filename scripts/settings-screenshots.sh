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
# slid in over the list) and DIR/settings-tablet.png (the README's copies are under docs/). Needs the built orientd, orientd-settings ($ORIENTD, default .build/debug/; `swift
# build` makes them), Xvfb, phoc, wlr-randr, grim, dbus-daemon, busctl, the at-spi bus and
# /usr/bin/python3 with python3-pyatspi (`scripts/install-deps.sh test` installs them all).
# Runs everything on private sockets and a private bus and stops it all on exit; prints the
# logs when something fails.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ $# -eq 1 ]] || { echo "usage: $0 DIR" >&2; exit 64; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
orientd=${ORIENTD:-$root/.build/debug/orientd}
settings=${ORIENTD_SETTINGS:-$(dirname "$orientd")/orientd-settings}
driver=$root/Tests/Fixtures/settings/drive_settings.py
readonly output=X11-1 timeout_seconds=60

work=$(mktemp -d)
. "$root/scripts/screenshot-steps.sh"
require_tools Xvfb phoc wlr-randr grim dbus-daemon busctl /usr/bin/python3 /usr/libexec/at-spi-bus-launcher glib-compile-resources
[[ -x "$orientd" ]] || fail "no orientd at $orientd: run swift build first (or set ORIENTD)"
[[ -x "$settings" ]] || fail "no orientd-settings at $settings: run swift build first (or set ORIENTD_SETTINGS)"

# The apps the pictures list: desktop entries (and the machine's icon theme and GSettings
# schemas) in a data folder of their own; an administrator's file locks the reader's policy.
data=$work/data
mkdir -p "$data/applications" "$work/xdg-config/orientd"
ln -s /usr/share/icons "$data/icons"
ln -s /usr/share/glib-2.0 "$data/glib-2.0"
# The settings app's own icon, as make install puts it (a second data folder: no entries).
install -D -m 644 "$root/data/icons/io.github.orientd.Settings.svg" "$work/own/icons/hicolor/scalable/apps/io.github.orientd.Settings.svg"
cp /usr/share/icons/hicolor/index.theme "$work/own/icons/hicolor/"
entry() {  # ID NAME ICON [ORIENTATIONS]
  printf '[Desktop Entry]\nType=Application\nName=%s\nIcon=%s\nExec=%s\n' "$2" "$3" "${1##*.}" >"$data/applications/$1.desktop"
  [[ -z ${4:-} ]] || printf 'X-Orientd-SupportedOrientations=%s\n' "$4" >>"$data/applications/$1.desktop"
}
entry org.example.Notes Notes text-x-generic
entry org.example.RacingGame "Racing Game" input-gaming landscape
entry org.example.Reader Reader ebook-reader portrait
entry org.example.Video Video video-x-generic "portrait;landscape"
entry org.example.Camera Camera camera-web portrait
sed "s|@bindir@|$(dirname "$settings")|" "$root/data/io.github.orientd.Settings.desktop.in" \
  >"$data/applications/io.github.orientd.Settings.desktop"
printf '[App org.example.Reader]\nAllowedOrientations=portrait\nLocked=true\n' >"$work/xdg-config/orientd/orientd.conf"
# The app's UI files, as make install compiles them.
glib-compile-resources --sourcedir="$root/data/settings" --target="$work/orientd-settings.gresource" \
  "$root/data/settings/orientd-settings.gresource.xml" || fail "cannot compile the settings app's UI files"
export ORIENTD_SETTINGS_RESOURCE=$work/orientd-settings.gresource

# One picture: phoc with a MODE panel at SCALE, orientd, the app; then STEP (a function).
picture() {  # FILE MODE SCALE STEP
  local file=$1 mode=$2 scale=$3 step=$4 run=$work/run
  rm -rf "$run" && mkdir -p "$run/runtime" && chmod 700 "$run/runtime"
  export XDG_RUNTIME_DIR=$run/runtime XDG_STATE_HOME=$run/state XDG_CONFIG_HOME=$run/config GSETTINGS_BACKEND=memory
  export XDG_DATA_DIRS=$data:$work/own XDG_DATA_HOME=$run/data-home XDG_CONFIG_DIRS=$work/xdg-config
  start_private_bus "$run"
  printf '[output:%s]\nmode = %s\nscale = %s\n' "$output" "$mode" "$scale" >"$run/phoc.ini"
  start_nested_phoc 1500x1500x24 "$run/phoc.ini"
  start_orientd --sensor none --output-backend none
  background at-spi /usr/libexec/at-spi-bus-launcher --launch-immediately
  wait_for "the at-spi bus" busctl --user status org.a11y.Bus
  background registry /usr/libexec/at-spi2-registryd
  wait_for "the AT-SPI registry" grep -q "SpiRegistry daemon is running" "$work/registry.log"

  background settings env GDK_BACKEND=wayland GSK_RENDERER=cairo GSETTINGS_SCHEMA_DIR=/usr/share/glib-2.0/schemas LANGUAGE=en \
    "$settings"
  wait_for "the settings app listing the apps" bash -c "/usr/bin/python3 '$driver' names | grep -q '^Racing Game'"
  front_is() { test "$(busctl --user get-property "$name" "$manager" "$name" FrontApp)" = "s \"$1\""; }
  wait_for "the settings app in front" front_is io.github.orientd.Settings
  "$step"
  capture "$file"
  stop_all
}

capture() { capture_settled "$1" 0.5 settings-screenshots.sh; }

phone_step() { :; }
open_notes() {
  /usr/bin/python3 "$driver" press Notes >/dev/null
  wait_for "the notes app's page" bash -c "/usr/bin/python3 '$driver' names | grep -q '^Follow the app.*pressed'"
}
tablet_step() {
  open_notes
  /usr/bin/python3 "$driver" press "Portrait only" >/dev/null
  wait_for "portrait only chosen" bash -c "/usr/bin/python3 '$driver' names | grep -q '^Portrait only.*pressed'"
}

picture "$out/settings-phone.png" 720x1440 2 phone_step
picture "$out/settings-phone-app.png" 720x1440 2 open_notes
picture "$out/settings-tablet.png" 1280x800 1 tablet_step
