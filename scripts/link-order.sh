#!/usr/bin/env bash
# Writes the order in which lld lays out orientd's functions (make install-binaries links
# with it): first every function orientd runs from exec until it idles, then those a
# session's calls add (scenes registered, turned, explained, listed, dropped), each group
# hottest first. Functions nothing ran follow in the linker's own order.
#
# Why: the kernel maps a program's text around each page it touches (64 KiB at a time), and
# the static Swift runtime spreads what orientd runs over its 5.5 MB. Laid out together, the
# functions a running orientd uses are what stays resident: about 2 MiB less at idle.
#
# The list is read by valgrind's callgrind from the build `make install-binaries` made, on a
# private bus. A stale list costs only memory: lld skips names that are gone (regenerate
# after large changes: `make link-order`, then `make bench`).
#   scripts/link-order.sh [UNSTRIPPED-ORIENTD] [OUTPUT]
set -euo pipefail
binary=${1:-.build/install/release/orientd}
output=${2:-scripts/link-order/orientd.order}
for tool in valgrind callgrind_control gdbus dbus-daemon strip /usr/bin/python3; do
  command -v "$tool" >/dev/null || { echo "link-order.sh: needs $tool (Debian packages valgrind, libglib2.0-bin, dbus-daemon, binutils, python3-gi)" >&2; exit 1; }
done
[[ -x "$binary" ]] || { echo "link-order.sh: no $binary; run make install-binaries first" >&2; exit 1; }

work=$(mktemp -d)
bus_pid=""
profiled=""
cleanup() {
  [[ -n "$profiled" ]] && kill "$profiled" 2>/dev/null || true
  [[ -n "$bus_pid" ]] && kill "$bus_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# valgrind reads the symbol table, not the toolchain's DWARF 5, which it refuses.
strip --strip-debug -o "$work/orientd" "$binary"
info=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p <<<"$info")
bus_pid=$(sed -n 2p <<<"$info")
export XDG_RUNTIME_DIR=$work XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config G_SLICE=always-malloc

valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no --compress-pos=no \
  --callgrind-out-file="$work/profile" "$work/orientd" --sensor none 2>"$work/valgrind.log" &
profiled=$!

name=io.github.orientd.OrientationManager1
manager=/io/github/orientd/OrientationManager1
call() { gdbus call --session --timeout 600 --dest "$name" "$@" >/dev/null; }
for _ in $(seq 1 1200); do
  call --object-path "$manager" --method org.freedesktop.DBus.Peer.Ping 2>/dev/null && break
  kill -0 "$profiled" 2>/dev/null || { cat "$work/valgrind.log" >&2; exit 1; }
  sleep 0.1
done
sleep 1  # what start-up arms runs once more before idle
callgrind_control --dump "$profiled" >/dev/null 2>&1  # profile.1: exec to idle

# One client holds its scenes for the whole session (a scene goes with its connection).
/usr/bin/python3 - <<'WORKLOAD'
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
name = "io.github.orientd.OrientationManager1"
manager, scene_interface = "/io/github/orientd/OrientationManager1", name + ".Scene"
def call(path, interface, method, *arguments, signature=""):
    parameters = GLib.Variant("(" + signature + ")", arguments) if signature else None
    return bus.call_sync(name, path, interface, method, parameters, None, 0, 600000, None)
options = {"app-id": GLib.Variant("s", "link.order"),
           "supported-orientations": GLib.Variant("as", ["portrait", "landscape-left", "landscape-right"])}
call(manager, "org.freedesktop.DBus.Properties", "GetAll", name, signature="s")
call(manager, "org.freedesktop.DBus.Introspectable", "Introspect")
scenes = [call(manager, name, "RegisterScene", options, signature="a{sv}")[0] for _ in range(100)]
scene = scenes[0]
call(scene, scene_interface, "SetRootController", "nav", "navigation", {}, signature="ssa{sv}")
call(scene, scene_interface, "PushController", "nav", "list", "view", {}, signature="sssa{sv}")
for orientation in ["landscape-right", "portrait"] * 2:
    call(scene, scene_interface, "RequestOrientation", orientation, signature="s")
    call(scene, "org.freedesktop.DBus.Properties", "Get", scene_interface, "InterfaceOrientation", signature="ss")
call(manager, name, "SetSettleTime", 0, signature="u")
for orientation in ["landscape-left", "portrait", "landscape-right", "portrait"]:
    call(manager, name, "SetDeviceOrientation", orientation, signature="s")
call(manager, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects")
call(scene, scene_interface, "Explain")
call(scene, scene_interface, "GetControllers")
for other in scenes[50:]:
    call(manager, name, "UnregisterScene", other, signature="o")
WORKLOAD
sleep 1
kill -TERM "$profiled"
wait "$profiled" || true
profiled=""

# Each function of orientd's own file with its exclusive cost, hottest first (callgrind's
# "'N" marks a function's recursion level; "(below main)" is not a symbol).
functions() {
  awk -v file="$work/orientd" '
    /^ob=/ { object = substr($0, 4) }
    /^fn=/ { function_name = substr($0, 4); sub(/'"'"'[0-9]+$/, "", function_name); after_call = 0; next }
    /^calls=/ { after_call = 1; next }
    /^[0-9+*-]/ {
      if (after_call) { after_call = 0; next }
      if (object == file && function_name !~ /^(0x|\(below main\))/) cost[function_name] += $2
    }
    END { for (f in cost) print cost[f], f }' "$1" | sort -k1,1nr -k2 | cut -d' ' -f2-
}
functions "$work/profile.1" > "$work/start"
functions "$work/profile" | grep -vxF -f "$work/start" > "$work/calls" || true
mkdir -p "$(dirname "$output")"
cat "$work/start" "$work/calls" > "$output"
echo "link-order.sh: $(wc -l < "$work/start") functions of start-up, then $(wc -l < "$work/calls") of the calls: $output"
