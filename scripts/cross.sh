#!/usr/bin/env bash
# Cross-builds for arm64 on an amd64 machine, with Debian 13's Swift 6.0.3 on both sides:
#   scripts/cross.sh swift ARGUMENTS…          `swift ARGUMENTS…` of the Debian 13 amd64 swift
#                                              root, run natively, building for arm64
#   scripts/cross.sh target PROGRAM ARGUMENTS… an arm64 program of the sysroot (strip, nm,
#                                              dpkg-shlibdeps) run under qemu-user
# `make deb ARCH=arm64` (scripts/make-deb.sh --arch arm64) hands it to `make install` as SWIFT,
# STRIP and NM. Two cached roots (scripts/debian13-root.sh): the compiler from `--set swift
# --arch amd64`, and the sysroot from `--set sysroot --arch arm64`, which holds the headers and
# libraries the package depends on and Debian's arm64 swiftlang, whose static Swift runtime
# (usr/libexec/swift/lib/swift_static) is the resource folder. Each runs under bwrap, seeing the
# repository and the sysroot at their own paths (so that the paths the build writes mean the
# same inside and out) and $ORIENTD_CROSS_BIND (folders, `:`-separated) read-write.
# To `swift build` it adds the target triple, the SDK, the resource folder and the sysroot's
# pkg-config folders (PKG_CONFIG_SYSROOT_DIR); the build must link the Swift runtime statically
# (--static-swift-stdlib, as make install does). Exit status 2 when a root cannot be made.
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-}
shift || true
case $mode in
  swift|target) ;;
  *) echo "cross: unknown mode '$mode' (valid: swift ARGUMENTS…, target PROGRAM ARGUMENTS…)" >&2; exit 64 ;;
esac
[[ $(dpkg --print-architecture) == amd64 ]] ||
  { echo "cross: cross-builds for arm64 run on an amd64 machine (this one is $(dpkg --print-architecture))" >&2; exit 1; }

sysroot=$("$repository/scripts/debian13-root.sh" --set sysroot --arch arm64 | tail -1) || exit 2
triple=aarch64-unknown-linux-gnu

# bwrap over a root's top-level entries, with the repository, the sysroot and the extra
# folders at their own paths. In the compiler's root /var is a tmpfs, so that the sysroot
# under /var/cache can be seen; the sysroot keeps its /var (dpkg-shlibdeps reads its dpkg
# database).
in_root() {
  local root=$1; shift
  local arguments=(bwrap) skip=var
  [[ $root == "$sysroot" ]] && skip=
  for entry in "$root"/*; do
    local name=${entry##*/}
    case $name in dev|proc|sys|tmp|run|root|"$skip") continue ;; esac
    if [[ -L $entry ]]; then arguments+=(--symlink "$(readlink "$entry")" "/$name")
    else arguments+=(--ro-bind "$entry" "/$name"); fi
  done
  arguments+=(--dev /dev --proc /proc --tmpfs /tmp --tmpfs /run --tmpfs /root)
  [[ $root == "$sysroot" ]] || arguments+=(--tmpfs /var --ro-bind "$sysroot" "$sysroot")
  arguments+=(--bind "$repository" "$repository")
  local extra
  IFS=: read -r -a extra <<< "${ORIENTD_CROSS_BIND:-}"
  for folder in "${extra[@]}"; do [[ -z $folder ]] || arguments+=(--bind "$folder" "$folder"); done
  arguments+=(--chdir "$PWD" --setenv HOME /root --setenv PATH /usr/bin:/bin --die-with-parent --)
  "${arguments[@]}" "$@"
}

if [[ $mode == target ]]; then
  in_root "$sysroot" "$@"
  exit
fi

compiler=$("$repository/scripts/debian13-root.sh" --set swift --arch amd64 | tail -1) || exit 2
# The compiler reads the sysroot's Swift modules, which only the same compiler version can: the
# two roots, made at different times, may hold different Debian revisions of swiftlang.
swiftlang() { dpkg-query --admindir="$1/var/lib/dpkg" -W -f '${Version}' swiftlang; }
if [[ $(swiftlang "$compiler") != "$(swiftlang "$sysroot")" ]]; then
  echo "cross: the compiler's swiftlang $(swiftlang "$compiler") ($compiler) is not the sysroot's $(swiftlang "$sysroot") ($sysroot); remove the older root and run again to remake it" >&2
  exit 1
fi
arguments=("$@")
if [[ ${1:-} == build ]]; then
  arguments+=(--triple "$triple" --sdk "$sysroot"
              -Xswiftc -sdk -Xswiftc "$sysroot"
              -Xswiftc -resource-dir -Xswiftc "$sysroot/usr/libexec/swift/lib/swift_static"
              --pkg-config-path "$sysroot/usr/lib/aarch64-linux-gnu/pkgconfig"
              --pkg-config-path "$sysroot/usr/share/pkgconfig")
fi
# Two notices about the sysroot, not about orientd, left out: Debian ran objcopy over its
# static Swift runtime, so lld says for each of its objects (hundreds) that --icf=safe ignores
# the object's address-significance table and folds none of its functions; and the driver
# looks for the SDKSettings.json of an Apple SDK in the root, which needs none.
notices=(-e '--icf=safe conservatively ignores SHT_LLVM_ADDRSIG' -e 'Could not read SDKSettings.json for SDK at')
in_root "$compiler" env PKG_CONFIG_SYSROOT_DIR="$sysroot" swift "${arguments[@]}" \
  > >(grep --line-buffered -v "${notices[@]}" || true) 2> >(grep --line-buffered -v "${notices[@]}" >&2 || true)
