# What the screenshot scripts (screenshots.sh, front-window-screenshots.sh,
# settings-screenshots.sh) share; sourced by them, after they define `fail MESSAGE`, `work`
# (their scratch folder) and `timeout_seconds`.

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
