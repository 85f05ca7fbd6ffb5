#!/usr/bin/env bash
# Makes (once) and prints the path of a cached Debian root for tests, Debian 13 (trixie) or,
# with --release forky, Debian's testing release forky (tomorrow's GNOME, Phosh, KWin, Swift),
# or with --release sid the GNOME Shell (--set gnome) or the Swift (--set swift) of Debian's
# unstable release, newer than forky's while they wait to migrate (forky has Shell 50 and no
# swiftlang; sid has Shell 51 and swiftlang 6.2):
#   scripts/debian13-root.sh [--release trixie|forky|sid] [--arch amd64|arm64]
#                            [--set compositors|gnome|swift|sysroot|runtime] [--check]
# compositors (the default): GNOME Shell, Phosh, phoc, KWin, GTK 4 and the tools the
#   compositor flows use, run under bwrap by the tests with orientd built on the host.
# swift: Debian 13's own Swift (swiftlang) and the libraries orientd builds against.
# sysroot (for --arch arm64): what the arm64 package is cross-built against (scripts/cross.sh).
# runtime (for --arch arm64): where it is installed and run (scripts/check-deb-arm64.sh).
# gnome: GNOME Shell alone, what the GNOME flow runs in a root.
# forky has the compositors and gnome sets, sid the gnome and swift sets, for amd64 only.
# The root lives under ${ORIENTD_TEST_ROOTS:-/var/cache/orientd-test-roots}, named by the
# release (debian13-… or forky-…), the set, the architecture and a hash of its package list (and this script's recipe): a changed
# list makes a new root and removes the old one of that set; an unchanged one is reused.
# Made with debootstrap (installed with apt-get if missing) from the Debian mirror apt is
# configured with (or $ORIENTD_DEBIAN_MIRROR); an arm64 root on an amd64 host runs its
# package scripts through qemu-user-static and binfmt-support. Needs root. --check only says
# (exit status 0) whether the root is made, and prints its path, without making it.
# Prints the root's path on its last line; progress goes to stderr. Exit status 1 when the
# root cannot be made (no root rights, no mirror): the caller names the reason it prints.
set -euo pipefail

release=trixie
arch=amd64
set_name=compositors
check_only=false
while (($#)); do
  case $1 in
    --release) release=${2:?--release needs trixie, forky or sid}; shift 2 ;;
    --arch) arch=${2:?--arch needs amd64 or arm64}; shift 2 ;;
    --set) set_name=${2:?--set needs compositors or swift}; shift 2 ;;
    --check) check_only=true; shift ;;
    *) echo "debian13-root: unknown argument '$1' (valid: --release trixie|forky|sid, --arch amd64|arm64, --set compositors|gnome|swift|sysroot|runtime, --check)" >&2; exit 2 ;;
  esac
done
case $arch in amd64|arm64) ;; *) echo "debian13-root: unknown architecture '$arch' (valid: amd64, arm64)" >&2; exit 2 ;; esac
case $release in
  trixie) prefix=debian13 ;;
  forky) prefix=forky ;;
  sid) prefix=sid ;;
  *) echo "debian13-root: unknown release '$release' (valid: trixie, forky, sid)" >&2; exit 2 ;;
esac

# The package lists. Keep them sorted; a change here makes a new root.
compositor_packages=(
  ca-certificates dbus dbus-daemon gir1.2-gtk-4.0 gnome-settings-daemon-common
  gnome-shell gsettings-desktop-schemas kwin-wayland libglib2.0-bin libgtk-4-1 libpam-wrapper
  phoc phosh python3 python3-dbusmock python3-gi x11-utils xdotool xvfb
)
gnome_packages=(
  ca-certificates dbus dbus-daemon gnome-settings-daemon-common gnome-shell gsettings-desktop-schemas libglib2.0-bin
)
swift_packages=(
  binutils libadwaita-1-dev libglib2.0-dev libgtk-4-dev libwayland-dev libxcb1-dev pkg-config swiftlang
)
# What a cross-build for this architecture compiles against and links: the headers and
# libraries of the package's Depends and Debian's swiftlang for its static Swift runtime
# (the compiler that runs is the host's, from the swift set: scripts/cross.sh); and what
# liborientd is built with natively in it under qemu-user (scripts/make-lib-debs.sh): gcc,
# make, meson, GObject introspection, Vala, gi-docgen.
sysroot_packages=(
  binutils dpkg-dev gcc gi-docgen gobject-introspection libadwaita-1-dev libc6-dev libgirepository1.0-dev
  libglib2.0-dev libgtk-4-dev libstdc++-14-dev libwayland-dev libxcb1-dev make meson ninja-build swiftlang
  valac
)
# Where a built package is installed and run: its Depends, a bus, busctl, and no toolchain;
# PyGObject and GTK's typelib for liborientd's packages, run through their typelibs.
runtime_packages=(
  dbus-daemon gir1.2-gtk-4.0 libadwaita-1-0 libgtk-4-1 libwayland-client0 libxcb1 python3-gi systemd
)
case $set_name in
  compositors) packages=("${compositor_packages[@]}") ;;
  gnome) packages=("${gnome_packages[@]}") ;;
  swift) packages=("${swift_packages[@]}") ;;
  sysroot) packages=("${sysroot_packages[@]}") ;;
  runtime) packages=("${runtime_packages[@]}") ;;
  *) echo "debian13-root: unknown set '$set_name' (valid: compositors, gnome, swift, sysroot, runtime)" >&2; exit 2 ;;
esac
case $release/$set_name/$arch in
  trixie/*|forky/compositors/amd64|forky/gnome/amd64|sid/gnome/amd64|sid/swift/amd64) ;;
  forky/*) echo "debian13-root: forky has no $set_name root for $arch (valid: --set compositors|gnome, --arch amd64)" >&2; exit 2 ;;
  *) echo "debian13-root: sid has no $set_name root for $arch (valid: --set gnome|swift, --arch amd64)" >&2; exit 2 ;;
esac

# The recipe's version: bump it when the way the root is made changes.
recipe=1
key=$(printf '%s\n' "$release" "$arch" "$recipe" "${packages[@]}" | sha256sum | cut -c1-16)
cache=${ORIENTD_TEST_ROOTS:-/var/cache/orientd-test-roots}
root=$cache/$prefix-$set_name-$arch-$key

if [[ -f $root/.orientd-root-complete ]]; then
  echo "$root"
  exit 0
fi
if $check_only; then
  echo "debian13-root: $root is not made yet (scripts/debian13-root.sh --set $set_name --arch $arch --release $release makes it)" >&2
  exit 1
fi
[[ $(id -u) == 0 ]] || { echo "debian13-root: making $root needs root (debootstrap)" >&2; exit 1; }

# The mirror apt uses for Debian (the first one that is not the security archive).
mirror=${ORIENTD_DEBIAN_MIRROR:-}
if [[ -z $mirror ]]; then
  mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    grep -oE '(https?)://[^ ]*/debian/?( |$)' | grep -v security | head -1 | tr -d ' ' || true)
fi
[[ -n $mirror ]] || { echo "debian13-root: no Debian mirror in /etc/apt/sources.list*; set ORIENTD_DEBIAN_MIRROR" >&2; exit 1; }

if ! command -v debootstrap >/dev/null; then
  echo "debian13-root: installing debootstrap" >&2
  # make test makes three roots at once: each waits for dpkg's lock rather than failing on it.
  apt-get -o DPkg::Lock::Timeout=600 install -y -q debootstrap >&2 || { echo "debian13-root: apt-get could not install debootstrap" >&2; exit 1; }
fi
host_arch=$(dpkg --print-architecture)
if [[ $arch != "$host_arch" ]]; then
  if ! command -v qemu-aarch64-static >/dev/null || ! command -v update-binfmts >/dev/null; then
    echo "debian13-root: installing qemu-user-static and binfmt-support for $arch" >&2
    apt-get -o DPkg::Lock::Timeout=600 install -y -q qemu-user-static binfmt-support >&2 ||
      { echo "debian13-root: apt-get could not install qemu-user-static binfmt-support" >&2; exit 1; }
  fi
  [[ -e /proc/sys/fs/binfmt_misc/register ]] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  update-binfmts --enable qemu-aarch64 >&2 || true
  [[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]] ||
    { echo "debian13-root: the kernel runs no arm64 binaries (binfmt_misc has no qemu-aarch64)" >&2; exit 1; }
fi

# One lock a release: a forky root is made while a Debian 13 one is (trixie keeps the
# lock older copies of this script take).
mkdir -p "$cache"
lock=$cache/.lock
[[ $release == trixie ]] || lock=$cache/.lock-$release
exec 9>"$lock"
flock 9
# Another run may have made it while this one waited.
if [[ -f $root/.orientd-root-complete ]]; then echo "$root"; exit 0; fi

started=$(date +%s)
work=$root.partial
mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
rm -rf "$work"
echo "debian13-root: debootstrap $release $arch from $mirror into $work" >&2
# An older debootstrap (Debian 12's) has no script named forky: every release since
# buster is made the way sid is.
script=/usr/share/debootstrap/scripts/$release
[[ -e $script ]] || script=/usr/share/debootstrap/scripts/sid
nice -n 10 debootstrap --arch="$arch" --variant=minbase "$release" "$work" "$mirror" "$script" >&2

# The packages, through the root's own apt (it resolves dependencies as Debian does).
for fs in proc sys dev; do
  mount --bind "/$fs" "$work/$fs"
  mounted+=("$work/$fs")
done
echo "debian13-root: installing ${packages[*]}" >&2
chroot "$work" /usr/bin/env DEBIAN_FRONTEND=noninteractive nice -n 10 apt-get install -y -q --no-install-recommends "${packages[@]}" >&2
chroot "$work" apt-get clean
cleanup
mounted=()

printf '%s\n' "${packages[@]}" > "$work/.orientd-root-packages"
touch "$work/.orientd-root-complete"
mv "$work" "$root"
# The roots of this set made from older lists.
for old in "$cache"/"$prefix"-"$set_name"-"$arch"-*; do
  [[ $old == "$root" ]] || { echo "debian13-root: removing the outdated $old" >&2; rm -rf --one-file-system "$old"; }
done
echo "debian13-root: made in $(($(date +%s) - started)) s, $(du -sh "$root" | cut -f1)" >&2
echo "$root"
