#!/usr/bin/env bash
# What orientd needs besides the Swift toolchain, found through pkg-config and commands
# (so it works on any distribution), and installed with apt-get on Debian when allowed.
#   scripts/install-deps.sh run     build and run the service; installs what is missing (Debian, root)
#   scripts/install-deps.sh test    that, plus the peers the test suite drives; installs likewise
#   scripts/install-deps.sh check [build|binaries|run|test]   only says what is missing (exit 1 if anything)
# `make run` and `make test` use the first two; `make install` and `make deb` only check:
# `binaries` for orientd, orientctl and the settings app, `build` for those and liborientd.
# Off Debian, or without root, nothing is installed: the script lists what is missing, with
# the Debian package and what it provides, and exits 1.
set -euo pipefail

# Debian package names. Other distributions: see "provides" below for what each one is.
build_packages=(libglib2.0-dev libxcb1-dev libwayland-dev pkg-config binutils libstdc++-12-dev)
run_packages=(libglib2.0-dev libwayland-dev libglib2.0-bin dbus dbus-bin systemd pkg-config)
# The settings app (orientd-settings): GTK 4 and libadwaita 1.2 with their development files,
# gettext's tools for its translations (.pot, .mo), and glib-compile-resources for its UI files.
build_packages+=(libadwaita-1-dev libgtk-4-dev gettext libglib2.0-dev-bin)
run_packages+=(libadwaita-1-dev libgtk-4-dev gettext)
# The binaries alone (make install-binaries, and so make bench): none of the library's tools.
binaries_packages=("${build_packages[@]}")
# liborientd (lib/): meson, GObject introspection (g-ir-scanner, the typelib compiler), Vala
# for its VAPI, gi-docgen for its reference documentation (all in Debian 12 bookworm).
build_packages+=(meson ninja-build gobject-introspection libgirepository1.0-dev valac gi-docgen)
run_packages+=(meson ninja-build gobject-introspection libgirepository1.0-dev valac)
test_packages=(python3 python3-dbus python3-gi python3-dbusmock iio-sensor-proxy umockdev
               gir1.2-gtk-4.0 xvfb xauth procps groff-base
               zsh fish libglib2.0-dev-bin
               dpkg-dev lintian)
# The package tests build liborientd's packages and install it as make install does, with its
# reference documentation (gi-docgen): everything make install checks for.
test_packages+=("${build_packages[@]}")
# The mutter output backend's tests: a real headless mutter and the GSettings schema it hands over.
test_packages+=(mutter gsettings-desktop-schemas gnome-settings-daemon-common)
# The wlroots, kwin and x11 output backends' tests: phoc, KWin, Xephyr in Xvfb, the tools the
# tests read the panels back with (kscreen-doctor, a Qt program needing qtwayland5, for KWin:
# orientd itself speaks KWin's output management), the frame capture (xwd) and screenshots (grim).
test_packages+=(phoc wlr-randr grim kwin-wayland kscreen libkf5screen-bin qtwayland5
                xserver-xephyr x11-xserver-utils x11-utils x11-apps)
# The drawer test on phoc: a layer-shell surface taking the keyboard, as Phosh's drawer is one
# (Tests/Fixtures/windows/layer_surface.py, GTK 3 through gtk-layer-shell).
test_packages+=(gir1.2-gtklayershell-0.1)
# The x11 window tracker's tests: a real EWMH window manager, and xdotool to drive it as a user would.
test_packages+=(openbox xdotool)
# The kwin window tracker: the protocol XML protocols/ carries a copy of (compared in its tests).
test_packages+=(plasma-wayland-protocols)
# The x11 backend's kiosk touch (xinput maps touchscreens to the turned panel) and its tests.
test_packages+=(xinput)
# The sandbox tests: the Flatpak-shaped sandbox built from flatpak's own parts.
test_packages+=(bubblewrap xdg-dbus-proxy)
# Real Phosh, the phone case: Phosh itself, and pam_wrapper so that a test's own PAM service
# (pam_permit) lets a PIN typed on Phosh's lock screen unlock it.
test_packages+=(phosh libpam-wrapper)
# The gnome window tracker: real GNOME Shell, headless, running orientd's extension.
test_packages+=(gnome-shell)
# liborientd's tests: the typelib from GJS (PyGObject is above), the Vala example built.
test_packages+=(gjs valac)
# The settings app's test: driven through its accessibility tree (AT-SPI), as a screen reader
# sees it, with the at-spi bus launched for the test.
test_packages+=(python3-pyatspi at-spi2-core)
# The settings app's UI files checked by GTK's own builder tool.
test_packages+=(libgtk-4-bin)

# How to see that a package's part is present without asking dpkg, and what it provides:
# "KIND:WHAT|description" with KIND one of pkgconfig (a pkg-config module and version),
# command, python (a module python3 imports), gir (a GObject-introspection namespace and
# version) or file. A package not listed here is checked with dpkg-query where it exists.
declare -A provides=(
  [libglib2.0-dev]="pkgconfig:gio-2.0 >= 2.74|GLib and GIO 2.74 or newer, with development files (gio-2.0.pc)"
  [libadwaita-1-dev]="pkgconfig:libadwaita-1 >= 1.2|libadwaita 1.2 or newer with development files (libadwaita-1.pc), for orientd-settings"
  [libgtk-4-dev]="pkgconfig:gtk4 >= 4.8|GTK 4.8 or newer with development files (gtk4.pc), for orientd-settings"
  [gettext]="command:msgfmt|GNU gettext's tools (xgettext, msgfmt), for orientd-settings' translations"
  [python3-pyatspi]="python:pyatspi|pyatspi, the Python AT-SPI client the settings app's test drives it with"
  [at-spi2-core]="file:/usr/libexec/at-spi-bus-launcher|the AT-SPI bus launcher and registry"
  [meson]="command:meson|meson, which builds liborientd"
  [ninja-build]="command:ninja|ninja, meson's backend"
  [gobject-introspection]="command:g-ir-scanner|g-ir-scanner and g-ir-compiler, for liborientd's GIR and typelib"
  [libgirepository1.0-dev]="pkgconfig:gobject-introspection-1.0|GObject introspection's development files"
  [valac]="command:valac|the Vala compiler (liborientd's VAPI, the Vala example)"
  [gi-docgen]="command:gi-docgen|gi-docgen, liborientd's reference documentation"
  [gjs]="command:gjs|GJS, the GNOME JavaScript runtime (liborientd's GJS example and test)"
  [libxcb1-dev]="pkgconfig:xcb|libxcb, the X protocol C binding, with development files (xcb.pc)"
  [openbox]="command:openbox|Openbox, an EWMH window manager"
  [xdotool]="command:xdotool|xdotool"
  [xinput]="command:xinput|xinput, which maps touchscreens to the turned panel on X11"
  [libwayland-dev]="pkgconfig:wayland-client|libwayland-client with development files (wayland-client.pc), and wayland-scanner"
  [pkg-config]="command:pkg-config|pkg-config (or pkgconf)"
  [binutils]="command:strip|strip, from GNU binutils"
  [libstdc++-12-dev]="file:/usr/lib/gcc/x86_64-linux-gnu/12/libstdc++.a|libstdc++ as an archive (libstdc++.a), which make install links into the binaries"
  [libglib2.0-bin]="command:gdbus|gdbus, GLib's D-Bus tool"
  [dbus]="command:dbus-daemon|dbus-daemon, the D-Bus message bus"
  [dbus-bin]="command:dbus-send|dbus-send"
  [systemd]="command:busctl|busctl, from systemd"
  [python3]="command:python3|Python 3"
  [python3-dbus]="python:dbus|dbus-python, the Python D-Bus bindings"
  [python3-gi]="python:gi|PyGObject"
  [python3-dbusmock]="python:dbusmock|python-dbusmock"
  [iio-sensor-proxy]="file:/usr/sbin/iio-sensor-proxy|iio-sensor-proxy, the accelerometer service"
  [umockdev]="command:umockdev-run|umockdev"
  [gir1.2-gtk-4.0]="gir:Gtk 4.0|GTK 4 introspection data"
  [gir1.2-gtklayershell-0.1]="gir:GtkLayerShell 0.1|gtk-layer-shell introspection data (GTK 3), for the drawer test's layer surface"
  [xvfb]="command:Xvfb|Xvfb, the virtual X server"
  [xauth]="command:xauth|xauth"
  [procps]="command:ps|procps (ps, pgrep)"
  [groff-base]="command:groff|groff"
  [libglib2.0-dev-bin]="command:glib-compile-resources|glib-compile-resources (the settings app's UI files) and gdbus-codegen, which reads the interface XML as other languages' tools do"
  [libgtk-4-bin]="command:gtk4-builder-tool|gtk4-builder-tool, which validates the settings app's UI files"
  [zsh]="command:zsh|zsh"
  [fish]="command:fish|fish"
  [dpkg-dev]="command:dpkg-shlibdeps|dpkg-shlibdeps, for make deb"
  [lintian]="command:lintian|lintian, for make deb"
  [bubblewrap]="command:bwrap|bwrap, the sandbox flatpak runs apps in"
  [phosh]="file:/usr/libexec/phosh|Phosh, the phone shell (phoc runs it)"
  [gnome-shell]="command:gnome-shell|GNOME Shell, which runs orientd's extension"
  [plasma-wayland-protocols]="file:/usr/share/plasma-wayland-protocols/plasma-window-management.xml|KDE's Plasma Wayland protocol XML (org_kde_plasma_window_management)"
  [xdg-dbus-proxy]="command:xdg-dbus-proxy|xdg-dbus-proxy, the D-Bus filter flatpak puts between an app and the bus"
)

mode=${1:-run}
case "$mode" in
  check) install=no; set="${2:-run}" ;;
  run|test|build) install=yes; set=$mode ;;
  *) echo "usage: $0 run|test | check [build|binaries|run|test]" >&2; exit 64 ;;
esac
case "$set" in
  build) wanted=("${build_packages[@]}") ;;
  binaries) wanted=("${binaries_packages[@]}") ;;
  run) wanted=("${run_packages[@]}") ;;
  test) wanted=("${run_packages[@]}" "${test_packages[@]}") ;;
  *) echo "usage: $0 run|test | check [build|binaries|run|test]" >&2; exit 64 ;;
esac

# The Python the tests and examples run (/usr/bin/python3), else the one on PATH.
python=/usr/bin/python3
[[ -x $python ]] || python=python3

# Whether what PACKAGE provides is present.
present() {
  local entry=${provides[$1]:-}
  local check=${entry%%|*}
  local kind=${check%%:*} what=${check#*:}
  case "$kind" in
    pkgconfig) command -v pkg-config >/dev/null && pkg-config --exists "$what" ;;
    command) command -v "$what" >/dev/null ;;
    python) command -v "$python" >/dev/null && "$python" -c "import $what" >/dev/null 2>&1 ;;
    gir) command -v "$python" >/dev/null &&
           "$python" -c "import gi; gi.require_version('${what% *}', '${what#* }'); from gi.repository import ${what% *}" >/dev/null 2>&1 ;;
    file) [[ -e "$what" ]] ;;
    *) command -v dpkg-query >/dev/null &&
         [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true) == "install ok installed" ]] ;;
  esac
}

missing=()
seen=" "
for package in "${wanted[@]}"; do
  [[ $seen == *" $package "* ]] && continue
  seen+="$package "
  present "$package" || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

report() {
  echo "orientd needs these, and they are missing:" >&2
  for package in "${missing[@]}"; do
    local entry=${provides[$package]:-}
    printf '  %-20s %s\n' "$package" "${entry#*|}" >&2
  done
  echo "On Debian or Ubuntu, install them with:" >&2
  echo "  sudo apt-get install --no-install-recommends ${missing[*]}" >&2
  echo "Elsewhere, install your distribution's packages that provide the above (the first column is Debian's name)." >&2
}

if [[ $install == no ]]; then
  report
  exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "Not a Debian system (no apt-get), so nothing is installed." >&2
  report
  exit 1
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "Not root, so nothing is installed." >&2
  report
  exit 1
fi

echo "Installing missing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
