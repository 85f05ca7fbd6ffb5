#!/usr/bin/env bash
# Installs the arm64 package in a Debian 13 arm64 root under qemu-user, activates orientd on a
# private session bus, registers a scene, turns the device and sees the scene turn; installs
# liborientd's runtime packages built beside it (liborientd-1-0, gir1.2-orientd-1.0 and the GTK
# glue's liborientd-gtk-1-0, gir1.2-orientdgtk-1.0) and runs the video-player flow through the
# arm64 typelib with PyGObject (lib/tests/video-player.py) against the installed orientd; then
# purges them all and checks that nothing is left (`make check-arm64`):
#   scripts/check-deb-arm64.sh [PACKAGE.deb]     (default: build it with make deb ARCH=arm64)
# The -dev packages are not installed there (they need the toolchain the root is without):
# make deb checks them with lintian.
# The root is the cached `scripts/debian13-root.sh --set runtime --arch arm64`: the package's
# Depends, dbus-daemon and busctl, PyGObject and GTK's typelib, no toolchain. It is never changed: the check runs in a
# private mount namespace (unshare -m) on an overlay of it whose writes land in a temporary
# folder, removed at the end with the mounts. Needs root, qemu-user-static and binfmt-support.
# Prints "step: ..." lines and each phase's time; exits non-zero at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
if [[ -n ${1:-} ]]; then
  package=$(realpath "$1")
else
  package=$(make --no-print-directory deb ARCH=arm64 | tail -1)
  package=$(realpath "$package")
  echo "check-deb-arm64: built $package in $((SECONDS - started)) s" >&2
fi
[[ $(dpkg-deb -f "$package" Architecture) == arm64 ]] ||
  { echo "check-deb-arm64: $package is for $(dpkg-deb -f "$package" Architecture), not arm64" >&2; exit 1; }
# liborientd's runtime packages of the same version, beside it.
version=$(dpkg-deb -f "$package" Version)
libraries=()
for name in liborientd-1-0 gir1.2-orientd-1.0 liborientd-gtk-1-0 gir1.2-orientdgtk-1.0; do
  library=$(dirname "$package")/${name}_${version}_arm64.deb
  [[ -f $library ]] || { echo "check-deb-arm64: no $library beside $package (make deb ARCH=arm64 builds it)" >&2; exit 1; }
  libraries+=("$library")
done
root=$(scripts/debian13-root.sh --set runtime --arch arm64 | tail -1)
work=$(mktemp -d "${TMPDIR:-/tmp}/orientd-deb-arm64-XXXXXX")
trap 'rm -rf --one-file-system "$work"' EXIT
trap 'exit 143' TERM INT  # so that EXIT's clean-up runs when it is stopped
checked=$SECONDS

unshare -m --propagation private bash -s "$package" "$work" "$root" "$PWD/scripts/package-check-steps.sh" \
  "$PWD/lib/tests/video-player.py" "${libraries[@]}" <<'OUTER'
set -euo pipefail
package=$1 work=$2 lower=$3 steps=$4 flow=$5
shift 5
root=$work/root
mkdir -p "$root" "$work"/{upper,overlay-work}
mount -t overlay overlay -o "lowerdir=$lower,upperdir=$work/upper,workdir=$work/overlay-work" "$root"
mount --rbind /dev "$root/dev"
mount -t proc proc "$root/proc"
mount -t tmpfs tmpfs "$root/tmp"
mount -t tmpfs tmpfs "$root/run"
cp "$package" "$root/tmp/orientd.deb"
cp "$steps" "$root/tmp/steps.sh"
cp "$flow" "$root/tmp/video-player.py"
mkdir "$root/tmp/lib"
cp "$@" "$root/tmp/lib/"

chroot "$root" /usr/bin/env -i PATH=/usr/bin:/usr/sbin HOME=/root bash -s <<'INNER'
set -euo pipefail
source /tmp/steps.sh
echo "step: machine $(uname -m), no toolchain: $(command -v swift swiftc || echo "no swift")"
[[ ! -e /usr/libexec/swift ]]
dpkg -i /tmp/orientd.deb >/dev/null
echo "step: installed $(dpkg-query -W -f='${Package} ${Version} ${Architecture} ${Status}' orientd)"
# libstdc++ is linked in (GTK's own libraries bring libstdc++.so to the settings app).
needs_no_toolchain /usr/bin/orientd 'libstdc\+\+'
needs_no_toolchain /usr/bin/orientctl 'libstdc\+\+'
needs_no_toolchain /usr/bin/orientd-settings
needs_no_toolchain /usr/lib/orientd/liborientd-wayland.so
report_libraries_and_version

start_session_bus
activate_orientd
# Its executable is qemu's (binfmt_misc): the command line names the program it runs.
echo "step: orientd runs as $(tr '\0' ' ' < "/proc/$orientd_pid/cmdline" | sed 's/ $//')"

# A detached scene of an app that supports portrait and landscape, the device turned through
# SetDeviceOrientation, and the scene's InterfaceOrientation read back over the bus (it
# follows once the settle time has passed: polled with a deadline).
interface_orientation() {
  busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property io.github.orientd.OrientationManager1 "$scene" \
    io.github.orientd.OrientationManager1.Scene InterfaceOrientation | awk '{print $2}' | tr -d '"'
}
turn_and_wait() {
  busctl --address="$DBUS_SESSION_BUS_ADDRESS" call io.github.orientd.OrientationManager1 /io/github/orientd/OrientationManager1 \
    io.github.orientd.OrientationManager1 SetDeviceOrientation s "$1"
  local deadline=$((SECONDS + 60)) now
  until now=$(interface_orientation) && [[ $now == "$2" ]]; do
    ((SECONDS < deadline)) || { echo "step: device $1, the scene stayed $now (expected $2)" >&2; exit 1; }
    sleep 0.2
  done
  echo "step: device $1, scene $now"
}
orientctl set-settle 0 >/dev/null
busctl --address="$DBUS_SESSION_BUS_ADDRESS" call io.github.orientd.OrientationManager1 /io/github/orientd/OrientationManager1 \
  io.github.orientd.OrientationManager1 SetDeviceOrientation s portrait
scene=$(orientctl register org.example.Video --supported portrait landscape)
echo "step: registered $scene, $(interface_orientation)"
turn_and_wait landscape-right landscape-left
turn_and_wait portrait portrait

# liborientd: the runtime packages installed, the reference's flow through the arm64
# Orientd-1.0 typelib against this orientd, the GTK glue's typelib loaded; then purged.
dpkg -i /tmp/lib/*.deb >/dev/null
libraries=$(for deb in /tmp/lib/*.deb; do dpkg-deb -f "$deb" Package; done)
echo "step: installed $(dpkg-query -W -f='${Package} ${Version} ${Architecture}, ' $libraries | sed 's/, $//')"
needs_no_toolchain /usr/lib/aarch64-linux-gnu/liborientd-1.so.0
needs_no_toolchain /usr/lib/aarch64-linux-gnu/liborientd-gtk-1.so.0
flow=$(python3 /tmp/video-player.py)
grep -q '^done$' <<<"$flow" || { echo "step: the video-player flow failed: $flow" >&2; exit 1; }
echo "step: liborientd's video-player flow through the typelib: $(grep '^OrientationChanged' <<<"$flow" | paste -sd ';' | sed 's/;/; /')"
python3 -c 'import gi; gi.require_version("OrientdGtk", "1.0"); from gi.repository import OrientdGtk; OrientdGtk.register_window_sync' ||
  { echo "step: the OrientdGtk-1.0 typelib does not load" >&2; exit 1; }
echo "step: the GTK glue's OrientdGtk-1.0 typelib loads"
# shellcheck disable=SC2086
files=$(dpkg-query -L $libraries | while read -r path; do [[ -f $path ]] && echo "$path"; done)
# shellcheck disable=SC2086
dpkg --purge $libraries >/dev/null
left=$(for path in $files; do [[ -e $path ]] && echo "$path"; done || true)
[[ -z $left ]] || { echo "step: liborientd left behind: $left" >&2; exit 1; }
echo "step: liborientd's packages purged, $(wc -w <<<"$files") files removed, none left"
end_session_bus
echo "step: orientd ended with its bus"
purge_orientd
INNER
OUTER
echo "check-deb-arm64: $(basename "$package") ($(du -k "$package" | cut -f1) KiB) installed, turned and purged under qemu-user in $((SECONDS - checked)) s" >&2
