#!/usr/bin/env bash
# Installs the Debian packages orientd needs, only those that are missing.
#   scripts/install-deps.sh run    what building and running the service needs
#   scripts/install-deps.sh test   that, plus the peers the test suite drives
set -euo pipefail

run_packages=(libglib2.0-dev libglib2.0-bin dbus dbus-bin systemd pkg-config)
test_packages=(python3 python3-dbus python3-gi python3-dbusmock iio-sensor-proxy umockdev
               gir1.2-gtk-4.0 xvfb xauth procps groff-base)
# The mutter output backend's tests: a real headless mutter and the GSettings schema it hands over.
test_packages+=(mutter gsettings-desktop-schemas gnome-settings-daemon-common)
# The wlroots, kwin and x11 output backends' tests: phoc, KWin, Xephyr in Xvfb, their tools,
# and the frame capture (xwd) and screenshots (grim).
test_packages+=(phoc wlr-randr grim kwin-wayland kscreen libkf5screen-bin qtwayland5
                xserver-xephyr x11-xserver-utils x11-utils x11-apps)

case "${1:-run}" in
  run) wanted=("${run_packages[@]}") ;;
  test) wanted=("${run_packages[@]}" "${test_packages[@]}") ;;
  *) echo "usage: $0 run|test" >&2; exit 64 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing missing Debian packages: ${missing[*]}" >&2
if [[ $(id -u) -eq 0 ]]; then
  apt_get=(apt-get)
elif command -v sudo >/dev/null; then
  apt_get=(sudo apt-get)
else
  echo "Not root and no sudo: install them with: apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${apt_get[@]}" update -qq
"${apt_get[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
