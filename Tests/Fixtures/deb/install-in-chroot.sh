#!/usr/bin/env bash
# Installs a built orientd .deb in a throw-away root, activates it through D-Bus, and purges
# it, without touching this machine:
#   Tests/Fixtures/deb/install-in-chroot.sh PACKAGE.deb
# Run as root. Everything happens in a private mount namespace (unshare -m): the root's /usr
# and /etc are overlays of this machine's (writes land in a temporary folder), /var/lib/dpkg
# is a copy of this machine's (so the package's Depends are judged against what is really
# installed), and /opt, where the Swift toolchain lives, does not exist in it. When the script
# ends, the mounts go with the namespace and the folder is removed.
# Prints "step: ..." lines the test checks; exits non-zero at the first failure.
set -euo pipefail
package=$(realpath "$1")
work=$(mktemp -d "${TMPDIR:-/tmp}/orientd-deb-XXXXXX")
trap 'rm -rf "$work"' EXIT

unshare -m --propagation private bash -s "$package" "$work" <<'OUTER'
set -euo pipefail
package=$1 work=$2
root=$work/root
mkdir -p "$root" "$work"/{usr-upper,usr-work,etc-upper,etc-work}
mkdir -p "$root"/{usr,etc,proc,dev,tmp,run,var/lib,var/log,var/cache,root}
mount -t overlay overlay -o "lowerdir=/usr,upperdir=$work/usr-upper,workdir=$work/usr-work" "$root/usr"
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$work/etc-upper,workdir=$work/etc-work" "$root/etc"
for link in bin sbin lib lib32 lib64 libx32; do
  if [[ -L /$link ]]; then ln -s "$(readlink "/$link")" "$root/$link"; fi
done
mount --rbind /dev "$root/dev"
mount -t proc proc "$root/proc"
mount -t tmpfs tmpfs "$root/tmp"
mount -t tmpfs tmpfs "$root/run"
cp -a /var/lib/dpkg "$root/var/lib/dpkg"
cp "$package" "$root/tmp/orientd.deb"

chroot "$root" /usr/bin/env -i PATH=/usr/bin:/usr/sbin HOME=/root bash -s <<'INNER'
set -euo pipefail
echo "step: no toolchain: $( [[ -e /opt ]] && echo "/opt exists" || echo "no /opt")"
dpkg -i /tmp/orientd.deb >/dev/null
echo "step: installed $(dpkg-query -W -f='${Package} ${Version} ${Status}' orientd)"
for binary in /usr/bin/orientd /usr/bin/orientctl; do
  if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|not found|/opt/'; then
    echo "step: $binary needs the toolchain" >&2
    exit 1
  fi
  if readelf -d "$binary" | grep -E 'R(UN)?PATH' | grep -v '\[\$ORIGIN\]'; then
    echo "step: $binary has a search path" >&2
    exit 1
  fi
done
echo "step: libraries $(ldd /usr/bin/orientd | awk '{print $1}' | grep -c .) shared, none of the toolchain"
orientctl --version | sed 's/^/step: version /'

# A session bus with the standard configuration: its service folders include
# /usr/share/dbus-1/services, where the package put the activation file.
mkdir -p /tmp/home
export HOME=/tmp/home XDG_RUNTIME_DIR=/tmp/home
info=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p <<<"$info")
bus_pid=$(sed -n 2p <<<"$info")
trap 'kill "$bus_pid" 2>/dev/null || true' EXIT
status=$(orientctl status)
grep -q '^Device orientation: ' <<<"$status"
echo "step: activated: $(orientctl show -P Version) $(head -1 <<<"$status")"
# The process that owns the name on this bus (other orientd processes may run on the machine).
pid=$(busctl --address="$DBUS_SESSION_BUS_ADDRESS" call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus \
        GetConnectionUnixProcessID s io.github.orientd.OrientationManager1 | awk '{print $2}')
[[ -n $pid ]]
if grep '/opt/' "/proc/$pid/maps" >&2; then echo "step: orientd mapped the toolchain" >&2; exit 1; fi
echo "step: orientd runs as $(readlink "/proc/$pid/exe")"
kill "$bus_pid"
for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
! kill -0 "$pid" 2>/dev/null

files=$(dpkg-query -L orientd | while read -r path; do [[ -f $path ]] && echo "$path"; done)
dpkg --purge orientd >/dev/null
echo "step: purged: $(dpkg-query -W -f='${Status}' orientd 2>/dev/null || echo gone)"
left=$(for path in $files; do [[ -e $path ]] && echo "$path"; done || true)
[[ -z $left ]] || { echo "step: left behind: $left" >&2; exit 1; }
echo "step: removed $(wc -w <<<"$files") files, none left"
INNER
OUTER
