#!/usr/bin/env bash
# Installs the arm64 package in a Debian 13 arm64 root under qemu-user, activates orientd on a
# private session bus, registers a scene, turns the device and sees the scene turn, then purges
# it and checks that nothing is left (`make check-arm64`):
#   scripts/check-deb-arm64.sh [PACKAGE.deb]     (default: build it with make deb ARCH=arm64)
# The root is the cached `scripts/debian13-root.sh --set runtime --arch arm64`: the package's
# Depends, dbus-daemon and busctl, no Swift toolchain. It is never changed: the check runs in a
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
root=$(scripts/debian13-root.sh --set runtime --arch arm64 | tail -1)
work=$(mktemp -d "${TMPDIR:-/tmp}/orientd-deb-arm64-XXXXXX")
trap 'rm -rf --one-file-system "$work"' EXIT
trap 'exit 143' TERM INT  # so that EXIT's clean-up runs when it is stopped
checked=$SECONDS

unshare -m --propagation private bash -s "$package" "$work" "$root" "$PWD/scripts/package-check-steps.sh" <<'OUTER'
set -euo pipefail
package=$1 work=$2 lower=$3 steps=$4
root=$work/root
mkdir -p "$root" "$work"/{upper,overlay-work}
mount -t overlay overlay -o "lowerdir=$lower,upperdir=$work/upper,workdir=$work/overlay-work" "$root"
mount --rbind /dev "$root/dev"
mount -t proc proc "$root/proc"
mount -t tmpfs tmpfs "$root/tmp"
mount -t tmpfs tmpfs "$root/run"
cp "$package" "$root/tmp/orientd.deb"
cp "$steps" "$root/tmp/steps.sh"

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
end_session_bus
echo "step: orientd ended with its bus"
purge_orientd
INNER
OUTER
echo "check-deb-arm64: $(basename "$package") ($(du -k "$package" | cut -f1) KiB) installed, turned and purged under qemu-user in $((SECONDS - checked)) s" >&2
