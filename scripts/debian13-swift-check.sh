#!/usr/bin/env bash
# Builds orientd and orientctl (release) with Debian 13's own Swift (swiftlang 6.0.3) and runs
# the core's tests with it, in the cached root scripts/debian13-root.sh --set swift makes:
#   scripts/debian13-swift-check.sh [--arch amd64|arm64]
# The source is the working tree's tracked files, copied into a scratch folder the root sees
# (no .build from the host's toolchain); the build runs at nice 10 under bwrap. Prints the
# Swift version and each step's time; exit status 1 when a step fails, 2 when no root.
set -euo pipefail
cd "$(dirname "$0")/.."
arch=amd64
[[ ${1:-} == --arch ]] && arch=${2:?--arch needs amd64 or arm64}
root=$(scripts/debian13-root.sh --set swift --arch "$arch" | tail -1) || exit 2

scratch=$(mktemp -d "${TMPDIR:-/tmp}/orientd-swift-check-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 143' TERM INT  # so that EXIT's clean-up runs when it is stopped
git ls-files -z | xargs -0 cp --parents -t "$scratch"
mkdir -p "$scratch/home"

in_root() {
  local arguments=(bwrap)
  for entry in "$root"/*; do
    local name=${entry##*/}
    case $name in dev|proc|sys|tmp|run) continue ;; esac
    if [[ -L $entry ]]; then arguments+=(--symlink "$(readlink "$entry")" "/$name")
    else arguments+=(--ro-bind "$entry" "/$name"); fi
  done
  arguments+=(--dev /dev --proc /proc --tmpfs /tmp --tmpfs /run --tmpfs /var/tmp --bind "$scratch" /src --chdir /src
              --setenv HOME /src/home --setenv PATH /usr/bin:/bin --die-with-parent --)
  "${arguments[@]}" "$@"
}

step() {
  local name=$1; shift
  local started=$SECONDS
  echo "debian13-swift-check: $name" >&2
  if ! in_root nice -n 10 "$@"; then
    echo "debian13-swift-check: $name failed after $((SECONDS - started)) s" >&2
    exit 1
  fi
  echo "debian13-swift-check: $name took $((SECONDS - started)) s" >&2
}

in_root swift --version >&2
step "release build of orientd" swift build -c release --product orientd
step "release build of orientctl" swift build -c release --product orientctl
step "the core's tests" swift test --filter OrientationCoreTests
echo "debian13-swift-check: Debian 13's Swift builds orientd and orientctl and passes the core's tests" >&2
