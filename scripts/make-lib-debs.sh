#!/usr/bin/env bash
# Builds liborientd's Debian packages with dpkg-deb, from `make lib-install` into a staging
# tree, Debian's names and split: liborientd-1-0 (the shared library), liborientd-dev
# (headers, pkg-config file, GIR, VAPI, the gi-docgen reference), gir1.2-orientd-1.0 (the
# typelib), and the GTK glue's liborientd-gtk-1-0, liborientd-gtk-dev, gir1.2-orientdgtk-1.0.
#   scripts/make-lib-debs.sh OUTPUT-DIRECTORY VERSION   (scripts/make-deb.sh runs it)
# For this machine's architecture: for arm64, make-deb.sh runs it in the arm64 sysroot under
# qemu-user (scripts/cross.sh target), where it is this one. Each architecture builds in a
# folder of its own (.build/lib-install-ARCH). Prints each package's path.
set -euo pipefail
# Absolute: dpkg-shlibdeps reads the packages' libraries from a folder of its own.
out=$(realpath -m "$1") version=$2
cd "$(dirname "$0")/.."
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
stage=$(realpath -m "$out/deb/liborientd-stage")
rm -rf "$stage"
mkdir -p "$stage"
make --no-print-directory lib-install DESTDIR="$stage" PREFIX=/usr LIB_INSTALL_BUILD=.build/lib-install-"$arch" >&2
libdir=usr/lib/$multiarch
when=$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")

# package NAME SECTION DEPENDS DESCRIPTION-LINE DESCRIPTION-BODY FILE…  (paths relative to the stage)
package() {
  local name=$1 section=$2 depends=$3 summary=$4 body=$5
  shift 5
  local root="$out/deb/${name}_${version}_$arch"
  rm -rf "$root"
  mkdir -p "$root/DEBIAN" "$root/usr/share/doc/$name"
  for file in "$@"; do
    # The reference goes in the package's own doc folder (Debian's layout), without the
    # devhelp index, which would belong under /usr/share/devhelp.
    local target=${file/usr\/share\/doc\/orientd-1/usr/share/doc/$name/reference}
    [[ $target == *.devhelp2 ]] && continue
    mkdir -p "$root/$(dirname "$target")"
    cp -a "$stage/$file" "$root/$target"
  done
  {
    printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
    printf 'Upstream-Name: orientd\nSource: https://github.com/orientd/orientd\n\n'
    printf 'Files: *\nCopyright: 2026 The orientd authors\nLicense: Expat\n\nLicense: Expat\n'
    awk 'NR > 4 { print ($0 == "" ? " ." : " " $0) }' LICENSE
  } > "$root/usr/share/doc/$name/copyright"
  printf '%s (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- The orientd authors <orientd@users.noreply.github.com>  %s\n' \
    "$name" "$version" "$version" "$when" | gzip -9n > "$root/usr/share/doc/$name/changelog.gz"
  if compgen -G "$root/$libdir/lib*.so.0.0.0" >/dev/null; then
    local control_dir
    control_dir=$(mktemp -d)
    mkdir -p "$control_dir/debian"
    printf 'Source: orientd\n\nPackage: %s\nArchitecture: any\n' "$name" > "$control_dir/debian/control"
    # The GTK glue links liborientd, which no installed package provides yet.
    printf 'liborientd-1 0 liborientd-1-0 (>= %s)\n' "$version" > "$control_dir/debian/shlibs.local"
    local found
    found=$(cd "$control_dir" && dpkg-shlibdeps -O -l"$stage/$libdir" "$root"/$libdir/lib*.so.0.0.0 2>/dev/null |
            sed -n 's/^shlibs:Depends=//p')
    rm -rf "$control_dir"
    depends="${found}${depends:+, $depends}"
    local soname
    soname=$(basename "$root"/$libdir/lib*.so.0.0.0 .so.0.0.0)
    printf '%s 0 %s (>= %s)\n' "$soname" "$name" "$version" > "$root/DEBIAN/shlibs"
    # Debian ships libraries stripped (their debug data belongs in a -dbgsym package) and not executable.
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root"/$libdir/lib*.so.0.0.0
    chmod 644 "$root"/$libdir/lib*.so.0.0.0
    printf 'activate-noawait ldconfig\n' > "$root/DEBIAN/triggers"
    chmod 644 "$root/DEBIAN/shlibs" "$root/DEBIAN/triggers"
  fi
  cat > "$root/DEBIAN/control" <<CONTROL
Package: $name
Source: orientd
Version: $version
Architecture: $arch
Multi-Arch: same
Maintainer: The orientd authors <orientd@users.noreply.github.com>
Installed-Size: $(du -k -s --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: $section
Priority: optional
Homepage: https://github.com/orientd/orientd
Description: $summary
$body
CONTROL
  (cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
  find "$root" -type d -exec chmod 755 {} +
  chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
  dpkg-deb --root-owner-group -Zxz --build "$root" "$out/${name}_${version}_$arch.deb" >&2
  echo "$out/${name}_${version}_$arch.deb"
}

about=' liborientd is the GObject client library of orientd, the session service that
 decides each app window'"'"'s interface orientation with UIKit'"'"'s rules: navigation
 stacks, tabs, modal presentations, a forced rotation.'
package liborientd-1-0 libs "" "GObject client library of orientd" "$about
 .
 This package contains the shared library." \
  $libdir/liborientd-1.so.0 $libdir/liborientd-1.so.0.0.0
package gir1.2-orientd-1.0 introspection "liborientd-1-0 (= $version), gir1.2-glib-2.0" \
  "GObject introspection data of liborientd" "$about
 .
 This package contains the Orientd-1.0 typelib, for Python, GJS and other
 languages through GObject introspection." \
  $libdir/girepository-1.0/Orientd-1.0.typelib
headers=$(cd "$stage" && ls usr/include/orientd-1/*.h | grep -v orientd-gtk.h)
# shellcheck disable=SC2086
package liborientd-dev libdevel "liborientd-1-0 (= $version), gir1.2-orientd-1.0 (= $version), libglib2.0-dev" \
  "GObject client library of orientd - development files" "$about
 .
 This package contains the headers, the pkg-config file, the GIR, the VAPI
 and the reference documentation." \
  $headers $libdir/liborientd-1.so $libdir/pkgconfig/orientd-1.pc usr/share/gir-1.0/Orientd-1.0.gir \
  usr/share/vala/vapi/orientd-1.vapi usr/share/vala/vapi/orientd-1.deps \
  $(cd "$stage" && find usr/share/doc/orientd-1 -type f | sort)
package liborientd-gtk-1-0 libs "" "GTK 4 glue of liborientd" "$about
 .
 This package contains liborientd-gtk, which ties a GtkWindow to its scene." \
  $libdir/liborientd-gtk-1.so.0 $libdir/liborientd-gtk-1.so.0.0.0
package gir1.2-orientdgtk-1.0 introspection "liborientd-gtk-1-0 (= $version), gir1.2-orientd-1.0 (= $version), gir1.2-gtk-4.0" \
  "GObject introspection data of liborientd-gtk" "$about
 .
 This package contains the OrientdGtk-1.0 typelib." \
  $libdir/girepository-1.0/OrientdGtk-1.0.typelib
package liborientd-gtk-dev libdevel "liborientd-gtk-1-0 (= $version), gir1.2-orientdgtk-1.0 (= $version), liborientd-dev (= $version), libgtk-4-dev" \
  "GTK 4 glue of liborientd - development files" "$about
 .
 This package contains the GTK glue's header, pkg-config file, GIR and VAPI." \
  usr/include/orientd-1/orientd-gtk.h $libdir/liborientd-gtk-1.so $libdir/pkgconfig/orientd-gtk-1.pc \
  usr/share/gir-1.0/OrientdGtk-1.0.gir usr/share/vala/vapi/orientd-gtk-1.vapi usr/share/vala/vapi/orientd-gtk-1.deps
