#!/usr/bin/env bash
# Builds orientd and orientctl (release) with Debian 13's own Swift (swiftlang 6.0.3) and runs
# the core's tests with it, in the cached root scripts/debian13-root.sh --set swift makes; with
# --release sid, the same with the Swift forky is to ship (swiftlang 6.2, in sid only for now:
# it left forky) in sid's root, amd64 only:
#   scripts/debian13-swift-check.sh [--release trixie|sid] [--arch amd64|arm64] [--cached-only]
# --cached-only checks only with a root already made (exit status 2 when there is none), for
# callers that cannot wait for one to be made.
# The source is the working tree's tracked files, copied into a scratch folder the root sees
# (no .build from the host's toolchain); the build runs at nice 10 under bwrap. Prints the
# Swift version, each step's time and the compiler's warnings about orientd's sources (which
# orientd keeps at none: the host's toolchain builds without any); exit status 1 when a step
# fails, 2 when no root.
set -euo pipefail
cd "$(dirname "$0")/.."
arch=amd64
release=trixie
check=()
while (($#)); do
  case $1 in
    --arch) arch=${2:?--arch needs amd64 or arm64}; shift 2 ;;
    --release) release=${2:?--release needs trixie or sid}; shift 2 ;;
    --cached-only) check=(--check); shift ;;
    *) echo "debian13-swift-check: unknown argument '$1' (valid: --release trixie|sid, --arch amd64|arm64, --cached-only)" >&2; exit 2 ;;
  esac
done
case $release in
  trixie) release_name="Debian 13" ;;
  sid) release_name="sid" ;;
  *) echo "debian13-swift-check: unknown release '$release' (valid: trixie, sid)" >&2; exit 2 ;;
esac
root=$(scripts/debian13-root.sh --release "$release" --set swift --arch "$arch" "${check[@]}" | tail -1) || exit 2

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
  echo "debian13-swift-check ($release): $name" >&2
  if ! in_root nice -n 10 "$@" 2>&1 | tee -a "$scratch/output" >&2; then
    echo "debian13-swift-check ($release): $name failed after $((SECONDS - started)) s" >&2
    exit 1
  fi
  echo "debian13-swift-check ($release): $name took $((SECONDS - started)) s" >&2
}

in_root swift --version >&2
step "release build of orientd" swift build -c release --product orientd
step "release build of orientctl" swift build -c release --product orientctl
# Debian's swiftlang 6.2.3 ships swift-testing's Foundation overlay (_Testing_Foundation) as a
# module without its library, and the test runner SwiftPM 6.2 generates imports Testing and
# Foundation, so the overlay is loaded and the test bundle fails to link
# (-l_Testing_Foundation). orientd's tests are XCTest's: sid's run leaves swift-testing out and
# loads no cross-import overlay.
test_flags=()
[[ $release == sid ]] && test_flags=(--disable-swift-testing -Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays)
step "the core's tests" swift test --filter OrientationCoreTests "${test_flags[@]}"
warnings=$(grep -E '^/src/(Sources|Tests)/.*: warning: ' "$scratch/output" | sort -u || true)
if [[ -n $warnings ]]; then
  echo "debian13-swift-check ($release): $(wc -l <<<"$warnings") warnings about orientd's sources:" >&2
  echo "$warnings" >&2
fi
echo "debian13-swift-check: $release_name's Swift builds orientd and orientctl and passes the core's tests" >&2
