# What the screenshot scripts (screenshots.sh, front-window-screenshots.sh,
# settings-screenshots.sh) share: the private bus, the nested phoc and orientd they set up, and
# the waits and captures. Sourced by them after they define `work` (their scratch folder),
# `timeout_seconds` and `orientd` (the binary); a script may define `before_logs` (what
# `fail` prints before the logs). Everything started through `background` is ended on exit,
# and `work` removed.

readonly name=io.github.orientd.OrientationManager1 manager=/io/github/orientd/OrientationManager1

# Says what failed (as the script), then every log in `work`, and exits 1.
fail() {
  echo "${0##*/}: $*" >&2
  if declare -F before_logs >/dev/null; then before_logs >&2 2>&1 || true; fi
  local log
  for log in "$work"/*.log; do [[ -f "$log" ]] && { echo "---- $(basename "$log")" >&2; cat "$log" >&2; }; done
  exit 1
}

# What the scripts started (ended by `stop_all`, and on exit).
pids=()
stop_all() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
trap 'stop_all; rm -rf "$work"' EXIT

# Runs COMMAND… in the background, its output in $work/LOG.log, ended with the script:
#   background LOG COMMAND…   (its process id is then in `last_pid`)
background() {
  local log=$1
  shift
  "$@" >"$work/$log.log" 2>&1 &
  last_pid=$!
  pids+=("$last_pid")
}

# Fails, naming the first of the tools given that is not installed.
require_tools() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || fail "$tool is missing (scripts/install-deps.sh test installs it)"
  done
}

# Waits until "$@" succeeds, for at most timeout_seconds.
wait_for() {
  local what=$1 deadline=$((SECONDS + timeout_seconds))
  shift
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || fail "timed out waiting for $what"
    sleep 0.1
  done
}

# Captures the screen (grim) until two captures SETTLE seconds apart are the same (the
# windows have finished drawing what the compositor's turn asked of them), then keeps it as
# TARGET and says so, with its size, for SCRIPT:  capture TARGET SETTLE SCRIPT
capture_settled() {
  local target=$1 settle=$2 script=$3 deadline=$((SECONDS + timeout_seconds))
  grim "$work/a.png"
  while true; do
    sleep "$settle"
    grim "$work/b.png"
    cmp -s "$work/a.png" "$work/b.png" && break
    mv "$work/b.png" "$work/a.png"
    ((SECONDS < deadline)) || fail "the screen never settled for $target"
  done
  mkdir -p "$(dirname "$target")"
  mv "$work/a.png" "$target"
  echo "$script: wrote $target ($(od -An -tu1 -j16 -N8 "$target" | awk '{print $3*256+$4 "x" $7*256+$8}'))"
}

# A private session bus (its address written in FOLDER/bus.address), exported as the
# session's: nothing of the user's session is touched.   start_private_bus FOLDER
start_private_bus() {
  dbus-daemon --session --nofork --print-address=1 >"$1/bus.address" 2>"$work/dbus.log" &
  pids+=($!)
  wait_for "the private bus" test -s "$1/bus.address"
  DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$1/bus.address")
  export DBUS_SESSION_BUS_ADDRESS
}

# phoc nested in an Xvfb of SCREEN (WxHxD; Xvfb picks a free display itself: -displayfd), so
# that it has a seat and a keyboard; software rendering; CONFIG its phoc.ini (or none, for
# phoc's own). Serves wayland-0 (exported, DISPLAY unset: the apps go to phoc); waits until
# wlr-randr reads it.   start_nested_phoc SCREEN [CONFIG]
start_nested_phoc() {
  local screen=$1 config=${2:-}
  rm -f "$work/xvfb.display"
  exec 4>"$work/xvfb.display"
  Xvfb -displayfd 4 -screen 0 "$screen" -nolisten tcp >"$work/xvfb.log" 2>&1 &
  pids+=($!)
  exec 4>&-
  wait_for "Xvfb" test -s "$work/xvfb.display"
  export WAYLAND_DISPLAY=wayland-0
  DISPLAY=:$(head -n 1 "$work/xvfb.display") WLR_BACKENDS=x11 WLR_RENDERER=pixman phoc ${config:+-C "$config"} >"$work/phoc.log" 2>&1 &
  pids+=($!)
  unset DISPLAY
  wait_for "phoc" wlr-randr
}

# orientd with ARGUMENTS on the private bus; waits until it owns its name, then sets its
# settle time to 0 (the pictures wait for the panel, not for a settle).   start_orientd ARGUMENTS…
start_orientd() {
  "$orientd" "$@" >"$work/orientd.log" 2>&1 &
  pids+=($!)
  wait_for "orientd" busctl --user status "$name"
  busctl --user call "$name" "$manager" "$name" SetSettleTime u 0
}

# Whether wlr-randr lists OUTPUT turned by TRANSFORM (wl_output's names: normal, 90, 180,
# 270); for wait_for, which repeats it.   transform_is OUTPUT TRANSFORM
transform_is() { test "$(wlr-randr | sed -n "/^$1 /,/^[^ ]/s/^ *Transform: //p")" = "$2"; }
