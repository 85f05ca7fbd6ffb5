#!/usr/bin/env bash
# Builds a Debian package of orientd with dpkg-deb, from `make install` into a staging tree:
#   scripts/make-deb.sh [--arch arm64] [OUTPUT-DIRECTORY]   (default build/; `make deb` runs it)
# The binaries carry the Swift runtime (make install links it statically), so the package
# depends only on the shared libraries they use, as dpkg-shlibdeps finds them. No
# maintainer scripts are needed: D-Bus activation starts orientd on the first call, and
# the systemd user unit is picked up by the user's service manager without enabling.
# --arch arm64 (`make deb ARCH=arm64`, on an amd64 machine) cross-builds the package for
# Debian 13 arm64 with Debian 13's Swift (scripts/cross.sh): its binaries in .build/install-arm64,
# its Depends from the arm64 sysroot's libraries (Debian 13's names, libglib2.0-0t64).
# liborientd's six packages are built beside it (scripts/make-lib-debs.sh; for arm64 natively
# in the arm64 sysroot under qemu-user), unless ORIENTD_LIB_DEBS=no.
# Prints the package's path on its last line, after lintian's verdict.
set -euo pipefail
cd "$(dirname "$0")/.."
arch=$(dpkg-architecture -qDEB_HOST_ARCH 2>/dev/null || true)
if [[ ${1:-} == --arch ]]; then
  arch=${2:?--arch needs an architecture (valid: amd64, arm64)}
  shift 2
fi
out=${1:-build}

for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture gzip; do
  command -v "$tool" >/dev/null || {
    echo "make-deb: $tool is missing (Debian: apt-get install dpkg-dev)" >&2
    exit 1
  }
done

# What builds and inspects the binaries: this machine's tools, or for another architecture
# the cross-build's (make install's SWIFT, STRIP and NM; the target's own readelf and
# dpkg-shlibdeps under qemu-user, which see the output folder through ORIENTD_CROSS_BIND).
# liborientd is packaged apart (liborientd-1-0, liborientd-dev, gir1.2-orientd-1.0): not in orientd's.
make_variables=(LIB=no)
target=()
if [[ $arch != "$(dpkg-architecture -qDEB_HOST_ARCH)" ]]; then
  case $arch in
    arm64) ;;
    *) echo "make-deb: cannot cross-build for '$arch' (valid: $(dpkg-architecture -qDEB_HOST_ARCH), arm64)" >&2; exit 1 ;;
  esac
  mkdir -p "$out"
  export ORIENTD_CROSS_BIND=$(realpath "$out")
  sysroot=$(scripts/debian13-root.sh --set sysroot --arch arm64 | tail -1)
  scripts/debian13-root.sh --set swift --arch amd64 >/dev/null
  libstdcxx=$(ls "$sysroot"/usr/lib/gcc/aarch64-linux-gnu/*/libstdc++.a | tail -1)
  make_variables=(LIB=no SWIFT="scripts/cross.sh swift" STRIP="scripts/cross.sh target strip"
                  NM="scripts/cross.sh target nm" INSTALL_SCRATCH=.build/install-$arch
                  LIBSTDCXX_ARCHIVE="$libstdcxx")
  target=("$PWD/scripts/cross.sh" target)
fi

version=$(sed -n 's/.*static let number = "\([0-9][0-9.]*\)".*/\1/p' Sources/OrientationCore/ProductVersion.swift)
[[ -n $version ]] || { echo "make-deb: no version found in Sources/OrientationCore/ProductVersion.swift" >&2; exit 1; }
name=orientd_${version}_${arch}
stage=$out/deb/$name
rm -rf "$stage"
mkdir -p "$stage"

stage=$(realpath "$stage")
make --no-print-directory install DESTDIR="$stage" PREFIX=/usr "${make_variables[@]}" >&2

# Debian's layout: compressed man pages, the copyright and a changelog in the doc folder
# (make install put the README, the docs and the examples there).
gzip -9n "$stage"/usr/share/man/man*/*
doc=$stage/usr/share/doc/orientd
install -d "$doc"
cat > "$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: orientd
Source: https://github.com/orientd/orientd

Files: *
Copyright: 2026 The orientd authors
License: Expat

License: Expat
$(awk 'NR > 4 { print ($0 == "" ? " ." : " " $0) }' LICENSE)
EOF
{
  printf 'orientd (%s) unstable; urgency=medium\n\n' "$version"
  printf '  * Release %s: per-window interface orientation service, orientctl, the\n' "$version"
  printf '    interface XML, D-Bus activation and the systemd user unit.\n\n'
  printf ' -- The orientd authors <orientd@users.noreply.github.com>  %s\n' "$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")"
} | gzip -9n > "$doc/changelog.gz"

# Depends: the shared libraries the binaries use, with the versions their symbols need.
control_dir=$(mktemp -d "$(realpath "$out")/deb/control-XXXXXX")
trap 'rm -rf "$control_dir"' EXIT
mkdir -p "$control_dir/debian"
printf 'Source: orientd\n\nPackage: orientd\nArchitecture: any\n' > "$control_dir/debian/control"
depends=$(cd "$control_dir" && "${target[@]}" dpkg-shlibdeps -O -e"$stage/usr/bin/orientd" -e"$stage/usr/bin/orientctl" \
                                              -e"$stage/usr/bin/orientd-settings" \
                                              -e"$stage/usr/lib/orientd/liborientd-wayland.so" 2>/dev/null |
          sed -n 's/^shlibs:Depends=//p')
[[ -n $depends ]] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# libxcb is opened by its soname when the X11 window tracker connects (not linked, so
# dpkg-shlibdeps does not see it); 1.8, as dpkg-shlibdeps asked when orientd linked it.
depends="$depends, libxcb1 (>= 1.8)"
# at_least PACKAGE MINIMUM: the Depends entry of PACKAGE (Debian 13's t64 name too) asks for at
# least MINIMUM, keeping what dpkg-shlibdeps found when that is more.
at_least() {
  local entry found
  entry=$(grep -oE "(^|, )$1(t64)? \(>= [^)]*\)" <<< "$depends" | sed 's/^, //' || true)
  [[ -n $entry ]] || { echo "make-deb: no versioned $1 in: $depends" >&2; exit 1; }
  found=${entry##*>= }
  found=${found%)}
  if dpkg --compare-versions "$found" lt "$2"; then
    depends=$(sed "s/${entry//./\\.}/${entry%% (*} (>= $2)/" <<< "$depends")
  fi
}
# dpkg-shlibdeps gives the oldest GLib exporting the symbols used (2.39.4); orientd is tested
# with 2.74 (Debian 12), as the README says, so that is what the package asks for
# (docs/packaging.md, "Depends").
at_least libglib2.0-0 2.74
# The settings app is built and tested against Debian 12's GTK 4.8 and libadwaita 1.2 (the
# widgets it uses exist there); dpkg-shlibdeps would accept older ones.
at_least libgtk-4-1 4.8
at_least libadwaita-1-0 1.2
# The binaries' relocations are packed (RELR), which glibc reads from 2.36 on; Debian 12's
# symbols file does not know GLIBC_ABI_DT_RELR, so dpkg-shlibdeps asks for less.
# (The whole listing first: grep -q would stop reading early, and pipefail would then take
# readelf's SIGPIPE for "not found".)
versions=$("${target[@]}" readelf -V "$stage/usr/bin/orientd")
if [[ $versions == *GLIBC_ABI_DT_RELR* ]]; then
  at_least libc6 2.36
fi

install -d "$stage/DEBIAN"
# Every file under /etc is a conffile: an administrator's change survives upgrades.
(cd "$stage" && find etc -type f -printf '/%p\n' | sort) > "$stage/DEBIAN/conffiles"
size=$(du -k -s --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<EOF
Package: orientd
Version: $version
Architecture: $arch
Maintainer: The orientd authors <orientd@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Recommends: default-dbus-session-bus | dbus-session-bus
Suggests: iio-sensor-proxy
Section: utils
Priority: optional
Homepage: https://github.com/orientd/orientd
Description: per-window interface orientation service with UIKit's rules
 orientd is a session-bus service that decides each app window's interface
 orientation the way UIKit does on iOS: the app's whitelist, the window
 delegates and the deciding view controller of each window, with navigation
 stacks, tab controllers and modal presentations. It follows the accelerometer
 through iio-sensor-proxy, honours a rotation lock, kiosk mode and per-app
 policies, and explains every decision.
 .
 It follows the window in front on wlroots compositors (Phosh's phoc, sway),
 KWin, GNOME Shell (through the GNOME Shell extension it ships, which each user
 enables) and X11 window managers, and turns the panel to what that app
 supports, for apps that never heard of it.
 .
 This package contains the orientd service, started at login (an XDG autostart
 entry), by D-Bus activation or as a systemd user unit, the Orientation
 settings app (orientd-settings: the rotation lock, the app in front and why,
 and each app's orientation, for phones and tablets), the orientctl
 command-line client, the GNOME Shell extension, the D-Bus interface
 descriptions, man pages and shell completions.
EOF
(cd "$stage" && find . \( -path ./DEBIAN -o -path ./etc \) -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
find "$stage" -type d -exec chmod 755 {} +
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums" "$stage/DEBIAN/conffiles"

package=$out/$name.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >&2

if command -v lintian >/dev/null; then
  # Errors and warnings fail the build; its information and pedantic levels are in
  # docs/packaging.md. As root, lintian warns that
  # it should not run as root: it then runs as nobody, on a copy nobody can read.
  check=$package
  run_lintian=(lintian)
  if [[ $(id -u) == 0 ]] && command -v setpriv >/dev/null; then
    check_dir=$(mktemp -d)
    trap 'rm -rf "$control_dir" "$check_dir"' EXIT
    chmod 755 "$check_dir"
    cp "$package" "$check_dir/"
    check=$check_dir/$(basename "$package")
    chmod 644 "$check"
    run_lintian=(setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$check_dir" lintian)
  fi
  (cd / && "${run_lintian[@]}" --fail-on error,warning "$check") >&2
  echo "lintian: no errors or warnings" >&2
else
  echo "make-deb: lintian is not installed; the package was not checked" >&2
fi
# liborientd's packages beside it, checked by lintian the same way. For another architecture
# the library is built natively in the arm64 sysroot under qemu-user (scripts/cross.sh target):
# its own gcc, meson, g-ir-scanner (which runs the library's introspection dump there, so the
# GIR and typelib are arm64's), Vala and gi-docgen, in .build/lib-install-arm64.
if [[ ${ORIENTD_LIB_DEBS:-yes} == yes ]]; then
  SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
  export SOURCE_DATE_EPOCH
  mapfile -t libraries < <("${target[@]}" scripts/make-lib-debs.sh "$out" "$version")
  [[ ${#libraries[@]} == 6 ]] || { echo "make-deb: liborientd's packages were not all built (${libraries[*]})" >&2; exit 1; }
  if command -v lintian >/dev/null; then
    if [[ $(id -u) == 0 ]] && command -v setpriv >/dev/null; then
      cp "${libraries[@]}" "$check_dir/"
      (cd / && "${run_lintian[@]}" --fail-on error,warning "${libraries[@]/#*\//$check_dir/}") >&2
    else
      (cd / && lintian --fail-on error,warning "${libraries[@]}") >&2
    fi
    echo "lintian: liborientd's packages, no errors or warnings" >&2
  fi
  printf 'make-deb: %s\n' "${libraries[@]}" >&2
fi
echo "$package"
