# The steps both package checks run inside their throw-away root, sourced there from /tmp:
# Tests/Fixtures/deb/install-in-chroot.sh (the package of this machine, `make test`) and
# scripts/check-deb-arm64.sh (the arm64 package under qemu-user, `make check-arm64`).
# Each prints the "step: ..." lines the checks read and exits at the first failure.

# ldd finds every library BINARY needs, and none of the Swift toolchain's (nor any matching
# the extended regular expression EXTRA, when given).
needs_no_toolchain() {
  local binary=$1 extra=${2:-}
  if ldd "$binary" | grep -E "libswift|libFoundation|libdispatch|not found${extra:+|$extra}"; then
    echo "step: $binary needs the toolchain or a missing library" >&2
    exit 1
  fi
}

# How many shared libraries orientd loads, and orientctl's version.
report_libraries_and_version() {
  echo "step: libraries $(ldd /usr/bin/orientd | awk '{print $1}' | grep -c .) shared, none of the toolchain"
  orientctl --version | sed 's/^/step: version /'
}

# A session bus with the standard configuration (its service folders include
# /usr/share/dbus-1/services, where the package put the activation file), ended on exit.
start_session_bus() {
  mkdir -p /tmp/home
  export HOME=/tmp/home XDG_RUNTIME_DIR=/tmp/home
  local info
  info=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
  export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p <<<"$info")
  bus_pid=$(sed -n 2p <<<"$info")
  trap 'kill "$bus_pid" 2>/dev/null || true' EXIT
}

# `orientctl status` starts orientd by D-Bus activation; orientd_pid is then the process that
# owns the name on this bus (other orientd processes may run on the machine).
activate_orientd() {
  local status
  status=$(orientctl status)
  grep -q '^Device orientation: ' <<<"$status"
  echo "step: activated: $(orientctl show -P Version) $(head -1 <<<"$status")"
  orientd_pid=$(busctl --address="$DBUS_SESSION_BUS_ADDRESS" call org.freedesktop.DBus /org/freedesktop/DBus \
                  org.freedesktop.DBus GetConnectionUnixProcessID s io.github.orientd.OrientationManager1 | awk '{print $2}')
  [[ -n $orientd_pid ]]
}

# The bus ended, orientd ends with it (within 30 s).
end_session_bus() {
  kill "$bus_pid"
  for _ in $(seq 1 300); do kill -0 "$orientd_pid" 2>/dev/null || break; sleep 0.1; done
  ! kill -0 "$orientd_pid" 2>/dev/null
}

# dpkg --purge while orientd runs: orientd stops by itself within 10 s (it watches its own
# program), as a package script cannot reach every user's session.
purge_while_running() {
  purge_orientd
  for _ in $(seq 1 100); do kill -0 "$orientd_pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$orientd_pid" 2>/dev/null; then echo "step: orientd still runs after the purge" >&2; exit 1; fi
  echo "step: orientd stopped after the purge"
}

# dpkg --purge removes the package and every file it installed.
purge_orientd() {
  local files left
  files=$(dpkg-query -L orientd | while read -r path; do [[ -f $path ]] && echo "$path"; done)
  dpkg --purge orientd >/dev/null
  echo "step: purged: $(dpkg-query -W -f='${Status}' orientd 2>/dev/null || echo gone)"
  left=$(for path in $files; do [[ -e $path ]] && echo "$path"; done || true)
  [[ -z $left ]] || { echo "step: left behind: $left" >&2; exit 1; }
  echo "step: removed $(wc -w <<<"$files") files, none left"
}

# A GNOME developer's first hour with liborientd, from the installed packages in /tmp/lib
# (all six, the -dev ones too) and orientd's installed docs: the C and Vala examples built
# with pkg-config and the installed VAPI, run against the installed orientd (on the session
# bus start_session_bus made), and the reference's Python flow (/tmp/video-player.py)
# through the installed typelib; then the library's packages purged, leaving no file.
check_library_for_developers() {
  local libraries files left work=/tmp/developer output
  dpkg -i /tmp/lib/*.deb >/dev/null
  libraries=$(for deb in /tmp/lib/*.deb; do dpkg-deb -f "$deb" Package; done | sort | paste -sd ' ')
  echo "step: a developer installed $libraries"
  mkdir -p "$work"
  # shellcheck disable=SC2046
  cc -Wall -Werror -o "$work/video-player-c" /usr/share/doc/orientd/examples/c/video-player.c $(pkg-config --cflags --libs orientd-1)
  valac --quiet --pkg orientd-1 -o "$work/video-player-vala" /usr/share/doc/orientd/examples/vala/video-player.vala
  for program in "$work/video-player-c" "$work/video-player-vala" "python3 /tmp/video-player.py"; do
    # shellcheck disable=SC2086
    output=$($program)
    grep -q '^done$' <<<"$output" || { echo "step: $program failed: $output" >&2; exit 1; }
  done
  echo "step: the C and Vala examples built with pkg-config orientd-1 and the Python flow ran against the installed orientd"
  files=$(for name in $libraries; do dpkg-query -L "$name"; done | while read -r path; do [[ -f $path ]] && echo "$path"; done)
  # shellcheck disable=SC2086
  dpkg --purge $libraries >/dev/null
  left=$(for path in $files; do [[ -e $path ]] && echo "$path"; done || true)
  [[ -z $left ]] || { echo "step: the library left behind: $left" >&2; exit 1; }
  echo "step: the library's packages purged, none of their $(wc -w <<<"$files") files left"
}
