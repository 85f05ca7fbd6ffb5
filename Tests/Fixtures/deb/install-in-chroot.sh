#!/usr/bin/env bash
# Installs a built orientd .deb in a throw-away root, activates it through D-Bus, and purges
# it, without touching this machine:
#   Tests/Fixtures/deb/install-in-chroot.sh PACKAGE.deb [SYSTEM [LIBRARY.deb...]]
# With liborientd's six packages (LIBRARY.deb...), a developer's walk through them too, while
# orientd is installed (check_library_for_developers): SYSTEM must then have a C compiler,
# valac, pkg-config, GLib's and GTK's development files and PyGObject, as this machine does.
# Run as root. Everything happens in a private mount namespace (unshare -m): the root's /usr
# and /etc are overlays of SYSTEM's (default /, this machine; or a cached Debian 13 root made
# by scripts/debian13-root.sh), writes landing in a temporary folder, /var/lib/dpkg is a copy
# of SYSTEM's (so the package's Depends are judged against what is really installed there),
# and /opt, where the Swift toolchain lives, does not exist in it. When the script
# ends, the mounts go with the namespace and the folder is removed.
# The steps inside the root are scripts/package-check-steps.sh's, shared with the arm64 check.
# Prints "step: ..." lines the test checks; exits non-zero at the first failure.
set -euo pipefail
package=$(realpath "$1")
system=$(realpath "${2:-/}")
shift $(( $# < 2 ? $# : 2 ))
libraries=()
for library in "$@"; do libraries+=("$(realpath "$library")"); done
flow=$(cd "$(dirname "$0")/../../.." && pwd)/lib/tests/video-player.py
steps=$(cd "$(dirname "$0")/../../.." && pwd)/scripts/package-check-steps.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/orientd-deb-XXXXXX")
trap 'rm -rf "$work"' EXIT

unshare -m --propagation private bash -s "$package" "$work" "$steps" "$system" "$flow" "${libraries[@]}" <<'OUTER'
set -euo pipefail
package=$1 work=$2 steps=$3 system=${4%/} flow=$5
shift 5
root=$work/root
mkdir -p "$root" "$work"/{usr-upper,usr-work,etc-upper,etc-work}
mkdir -p "$root"/{usr,etc,proc,dev,tmp,run,var/lib,var/log,var/cache,root}
mount -t overlay overlay -o "lowerdir=$system/usr,upperdir=$work/usr-upper,workdir=$work/usr-work" "$root/usr"
mount -t overlay overlay -o "lowerdir=$system/etc,upperdir=$work/etc-upper,workdir=$work/etc-work" "$root/etc"
for link in bin sbin lib lib32 lib64 libx32; do
  if [[ -L $system/$link ]]; then ln -s "$(readlink "$system/$link")" "$root/$link"; fi
done
mount --rbind /dev "$root/dev"
mount -t proc proc "$root/proc"
mount -t tmpfs tmpfs "$root/tmp"
mount -t tmpfs tmpfs "$root/run"
cp -a "$system/var/lib/dpkg" "$root/var/lib/dpkg"
cp "$package" "$root/tmp/orientd.deb"
cp "$steps" "$root/tmp/steps.sh"
cp "$flow" "$root/tmp/video-player.py"
mkdir "$root/tmp/lib"
if (( $# > 0 )); then cp "$@" "$root/tmp/lib/"; fi

chroot "$root" /usr/bin/env -i PATH=/usr/bin:/usr/sbin HOME=/root bash -s <<'INNER'
set -euo pipefail
source /tmp/steps.sh
echo "step: no toolchain: $( [[ -e /opt ]] && echo "/opt exists" || echo "no /opt")"
dpkg -i /tmp/orientd.deb >/dev/null
echo "step: installed $(dpkg-query -W -f='${Package} ${Version} ${Status}' orientd)"
for binary in /usr/bin/orientd /usr/bin/orientctl /usr/lib/orientd/liborientd-wayland.so; do
  needs_no_toolchain "$binary" '/opt/'
  # (A Debian 13 root may have no binutils: then the search path was checked on the host's run.)
  if command -v readelf >/dev/null && readelf -d "$binary" | grep -E 'R(UN)?PATH' | grep -v '\[\$ORIGIN\]'; then
    echo "step: $binary has a search path" >&2
    exit 1
  fi
done
report_libraries_and_version

start_session_bus
activate_orientd
if grep '/opt/' "/proc/$orientd_pid/maps" >&2; then echo "step: orientd mapped the toolchain" >&2; exit 1; fi
echo "step: orientd runs as $(readlink "/proc/$orientd_pid/exe")"
if compgen -G '/tmp/lib/*.deb' >/dev/null; then check_library_for_developers; fi
end_session_bus
# Activated again, then purged under it: it stops by itself.
start_session_bus
activate_orientd
purge_while_running
INNER
OUTER
