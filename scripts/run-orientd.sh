#!/usr/bin/env bash
# Runs orientd on the user's session bus, or, when there is none (a fresh container), on a
# private bus it starts, printing the address so busctl --user and orientctl can reach it.
#   scripts/run-orientd.sh [ORIENTD-BINARY] [ORIENTD-OPTION...]
set -euo pipefail
orientd=${1:-.build/release/orientd}
shift || true

session_bus_answers() {
  [[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ]] &&
    dbus-send --session --dest=org.freedesktop.DBus --type=method_call --print-reply \
      /org/freedesktop/DBus org.freedesktop.DBus.GetId >/dev/null 2>&1
}

if ! session_bus_answers && [[ -z "${DBUS_SESSION_BUS_ADDRESS:-}" && -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]]; then
  export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
fi

if session_bus_answers; then
  exec "$orientd" "$@"
fi

# No session bus: start a private one for this run.
state=${XDG_RUNTIME_DIR:-${TMPDIR:-/tmp}}
info=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
address=$(sed -n 1p <<<"$info")
bus_pid=$(sed -n 2p <<<"$info")
# Leave nothing behind: the bus, and the file with its address.
trap 'kill "$bus_pid" 2>/dev/null || true; rm -f "$state/orientd-session-bus"' EXIT
export DBUS_SESSION_BUS_ADDRESS=$address
echo "$address" > "$state/orientd-session-bus"
cat >&2 <<MSG
orientd: no session bus was running, so a private one was started for this run.
To reach it from another terminal:
  export DBUS_SESSION_BUS_ADDRESS='$address'
(also written to $state/orientd-session-bus while it runs). Then try: busctl --user tree io.github.orientd.OrientationManager1
MSG
"$orientd" "$@"
