# orientd — build, run, test, install.
#   make run       build and run the service on the session bus (a private one if none)
#   make test      install what the tests need, build, run the whole test suite (with Debian 13's,
#                  forky's and sid's compositors and Swift in cached roots: scripts/debian13-root.sh)
#   make install   PREFIX=/usr/local DESTDIR= : binaries (the settings app too), interface XML, activation, unit, desktop entries (KWin's too), the settings app's UI files, icon and translations, man pages,
#                  completions, README/docs/examples (release binaries with the Swift runtime linked in,
#                  stripped; installs no packages; docs/packaging.md)
#   make uninstall the same PREFIX and DESTDIR: removes what install put there
#   make deb       a Debian package in build/ (scripts/make-deb.sh) and liborientd's six beside it;
#                  ARCH=arm64 cross-builds orientd for Debian 13 arm64 with Debian 13's Swift and
#                  builds the library's in the arm64 sysroot under qemu-user (scripts/cross.sh,
#                  docs/packaging.md)
#   make check-arm64  the arm64 packages built, then installed and run under qemu-user
#   make bench     the release benchmark (BENCHMARKS.md), then make lib-bench
#   make lib-bench liborientd's calls and RSS against raw GDBus (lib/bench), on the release orientd
#   make pot       the settings app's translation template po/orientd.pot (scripts/update-pot.sh)
#   make link-order  the order orientd's functions are linked in (scripts/link-order.sh, valgrind), from install-binaries' build
#   make settings-resource  the settings app's UI files (data/settings/) compiled where swift build's
#                  orientd-settings finds them (make build runs it; the tests compile their own)
#   make lib       liborientd (lib/, meson): the C library, its GIR, typelib and VAPI, the GTK glue;
#                  make test runs its tests (C under AddressSanitizer, Python, GJS, C and Vala
#                  examples, a GTK window tied with the glue on phoc in Xvfb) against the orientd
#                  just built; make install installs it

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share
# The XDG autostart entry goes under /etc/xdg, the only place sessions read by default.
SYSCONFDIR ?= /etc
DOCDIR = $(DATADIR)/doc/orientd
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=

.PHONY: all build settings-resource release run test install install-binaries link-order uninstall bench clean completions deb check-arm64 pot lib lib-test lib-install lib-bench

all: build

build:
	scripts/install-deps.sh run
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)
	$(MAKE) --no-print-directory settings-resource
	$(MAKE) --no-print-directory lib

# The settings app's UI files (data/settings/) as the GResource bundle it loads at start-up from
# share/orientd-settings beside the folder of its program (.build/<triple>/share/orientd-settings for swift build's).
SETTINGS_RESOURCE_XML = data/settings/orientd-settings.gresource.xml
settings-resource:
	folder=$$(dirname "$$($(SWIFT) build --show-bin-path $(SWIFT_BUILD_FLAGS))")/share/orientd-settings && mkdir -p "$$folder" && \
	  glib-compile-resources --sourcedir=data/settings --target="$$folder/orientd-settings.gresource" $(SETTINGS_RESOURCE_XML)

# liborientd (lib/, docs/client-library.md): one meson build for the library, its bindings and
# the tests through them; one under AddressSanitizer and UBSan for the C tests; one for install.
MESON ?= meson
LIB_BUILD = .build/lib
LIB_ASAN_BUILD = .build/lib-asan
LIB_INSTALL_BUILD = .build/lib-install

lib:
	@[ -f $(LIB_BUILD)/build.ninja ] || $(MESON) setup $(LIB_BUILD) lib
	$(MESON) compile -C $(LIB_BUILD)

# The library's tests against the orientd of this tree (.build/debug/orientd, built by
# swift build --build-tests), each on a private bus of its own.
lib-test: lib
	@[ -f $(LIB_ASAN_BUILD)/build.ninja ] || $(MESON) setup $(LIB_ASAN_BUILD) lib \
	  -Db_sanitize=address,undefined -Db_lundef=false -Dintrospection=false -Dgtk=false
	$(MESON) compile -C $(LIB_ASAN_BUILD)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:fast_unwind_on_malloc=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/lib/tests/lsan.supp \
	  $(MESON) test -C $(LIB_ASAN_BUILD) --no-rebuild --print-errorlogs --suite c
	$(MESON) test -C $(LIB_BUILD) --no-rebuild --print-errorlogs --suite bindings

lib-install:
	scripts/install-deps.sh check build
	@if [ -f $(LIB_INSTALL_BUILD)/build.ninja ]; then $(MESON) configure $(LIB_INSTALL_BUILD) -Dprefix=$(PREFIX); \
	 else $(MESON) setup $(LIB_INSTALL_BUILD) lib --prefix=$(PREFIX) --buildtype=release -Dtests=false -Ddocs=true; fi
	$(MESON) compile -C $(LIB_INSTALL_BUILD)
	$(MESON) install -C $(LIB_INSTALL_BUILD) --no-rebuild $(if $(DESTDIR),--destdir $(abspath $(DESTDIR)))

release:
	scripts/install-deps.sh run
	$(SWIFT) build -c release --product orientd $(SWIFT_BUILD_FLAGS)
	$(SWIFT) build -c release --product orientctl $(SWIFT_BUILD_FLAGS)

run: release
	scripts/run-orientd.sh .build/release/orientd $(ARGS)

test:
	scripts/install-deps.sh test
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	$(MAKE) --no-print-directory lib-test
	# The compositors of Debian 13, of forky (GNOME Shell 50, Phosh 0.58, KWin 6.7) and sid's GNOME
	# Shell 51, each made once and cached (scripts/debian13-root.sh), all three at once; without
	# one its tests are skipped, saying why. (Made from nothing: about 9, 9 and 3 minutes.)
	@pids=; for root in "trixie compositors Debian 13" "forky compositors forky" "sid gnome sid's GNOME"; do \
	  set -- $$root; release=$$1 set=$$2; shift 2; \
	  { scripts/debian13-root.sh --release $$release --set $$set >/dev/null || \
	    echo "make test: no $$* root; its compositor tests are skipped" >&2; } & pids="$$pids $$!"; \
	done; wait $$pids
	$(SWIFT) test --skip-build $(SWIFT_BUILD_FLAGS)
	# Debian 13's own Swift (6.0.3, the lowest the README names) builds orientd and passes the
	# core's tests; skipped, saying so, only when its root cannot be made.
	scripts/debian13-swift-check.sh || { status=$$?; [ $$status = 2 ] || exit $$status; \
	  echo "make test: no Debian 13 Swift root; Debian 13's Swift is not checked" >&2; }
	# The Swift forky is to ship (swiftlang 6.2, in sid until it migrates) does the same.
	scripts/debian13-swift-check.sh --release sid || { status=$$?; [ $$status = 2 ] || exit $$status; \
	  echo "make test: no sid Swift root; Swift 6.2 is not checked" >&2; }

bench: install-binaries
	scripts/install-deps.sh test  # the output section drives a real headless mutter
	$(SWIFT) build -c release --product orientd-bench $(SWIFT_BUILD_FLAGS)
	clang -O2 -o $(INSTALL_SCRATCH)/orientd-reference-peer Sources/orientd-reference-peer/main.c \
	  $$(pkg-config --cflags --libs gio-2.0)
	@# The Swift floor (the least a Swift GLib D-Bus service does), built and stripped as orientd is.
	$(SWIFT) build $(INSTALL_BUILD_FLAGS) --product orientd-swift-floor $(SWIFT_BUILD_FLAGS)
	$(STRIP) --strip-all --remove-section=.comment -o $(INSTALL_SCRATCH)/stripped/orientd-swift-floor $(INSTALL_SCRATCH)/release/orientd-swift-floor
	ORIENTD_BINARY=$(INSTALL_SCRATCH)/stripped/orientd ORIENTD_PEER_BINARY=$(INSTALL_SCRATCH)/orientd-reference-peer \
	  ORIENTD_FLOOR_BINARY=$(INSTALL_SCRATCH)/stripped/orientd-swift-floor .build/release/orientd-bench $(ARGS)
	$(MAKE) lib-bench

LIB_BENCH_BUILD = .build/lib-bench
lib-bench: install-binaries
	@[ -f $(LIB_BENCH_BUILD)/build.ninja ] || $(MESON) setup $(LIB_BENCH_BUILD) lib --buildtype=release \
	  -Dbench=true -Dtests=false -Dintrospection=false -Dgtk=false
	$(MESON) compile -C $(LIB_BENCH_BUILD)
	ORIENTD_BINARY=$(INSTALL_SCRATCH)/stripped/orientd $(LIB_BENCH_BUILD)/bench/orientd-lib-bench $(LIB_BENCH_ARGS) \
	  $(LIB_BENCH_BUILD)/bench/rss-probe-lib $(LIB_BENCH_BUILD)/bench/rss-probe-raw

# Binaries for a device: the Swift standard library linked statically (neither links Foundation), so
# they need no Swift toolchain where they run, then stripped. Built apart from .build/release
# (other flags), and only checking for build dependencies: `make install` installs no packages.
INSTALL_SCRATCH = .build/install
ORIENTCTL_SCRATCH = $(INSTALL_SCRATCH)/orientctl
STRIP ?= strip
NM ?= nm
READELF ?= readelf
# Full RELRO (bind now), as Debian's hardening asks. Each function in a section of its own, so
# the linker drops every one nothing calls. Linked by the Swift toolchain's lld, which
# packs the relative relocations (RELR, glibc 2.36), folds identical functions whose address is
# never taken, and exports none of the program's symbols (the static Swift runtime's link line
# exports all of them: a larger symbol table to bind and map); libstdc++, which the Swift
# runtime uses, is linked from its archive, so the process maps none of libstdc++.so.
INSTALL_LINK_FLAGS = -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --icf=safe \
  -Xlinker --no-export-dynamic -Xlinker -L$(CURDIR)/$(INSTALL_SCRATCH)/static-libstdc++
INSTALL_BUILD_FLAGS = -c release --static-swift-stdlib --scratch-path $(INSTALL_SCRATCH) -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now \
  $(INSTALL_LINK_FLAGS) $(METADATA_ACCESSORS)
# A generic type's metadata (Dictionary<String, Scene>, …) found through its accessor function, not
# by demangling its name at run time: each first use by name cost ~15,000 instructions, 1.0 M of
# orientd's start-up (BENCHMARKS.md, "Changes the benchmark led to").
METADATA_ACCESSORS = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# orientd's functions laid out in the order it runs them (scripts/link-order.sh): what a running
# orientd touches shares pages, so less of its text stays resident. Names lld no longer finds
# are skipped; the functions without a name are kept together (scripts/link-order/unnamed.ld).
ORIENTD_LINK_ORDER = -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/link-order/orientd.order -Xlinker --no-warn-symbol-ordering \
  $(UNNAMED_TOGETHER)
# The lld of Swift 6.0 (LLVM 17: Debian 13's swiftlang, the arm64 cross-build) aborts on this
# INSERT script among Swift's objects; with it, or when the version is unknown, the unnamed
# functions stay where lld puts them.
UNNAMED_TOGETHER = $(if $(filter-out 5.% 6.0,$(SWIFT_MAJOR_MINOR)),-Xlinker --script=$(CURDIR)/scripts/link-order/unnamed.ld)
SWIFT_MAJOR_MINOR = $(shell $(SWIFT) --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -n 1)
# The archive -lstdc++ finds first: a folder holding only libstdc++.a (clang knows where GCC's is).
LIBSTDCXX_ARCHIVE = $(shell clang -print-file-name=libstdc++.a 2>/dev/null)

install-binaries:
	scripts/install-deps.sh check binaries
	@case "$(LIBSTDCXX_ARCHIVE)" in /*) ;; *) echo "install-binaries: clang does not find libstdc++.a (Debian package libstdc++-12-dev)" >&2; exit 1;; esac
	mkdir -p $(INSTALL_SCRATCH)/static-libstdc++
	ln -sf $(LIBSTDCXX_ARCHIVE) $(INSTALL_SCRATCH)/static-libstdc++/libstdc++.a
	$(SWIFT) build $(INSTALL_BUILD_FLAGS) --product orientd $(ORIENTD_LINK_ORDER) $(SWIFT_BUILD_FLAGS)
	@# orientctl, whose time is the bus's, built for size (-Osize: 0.22 MB of its 8 MB), in a scratch
	@# folder of its own (other flags).
	$(SWIFT) build $(INSTALL_BUILD_FLAGS) --scratch-path $(ORIENTCTL_SCRATCH) -Xswiftc -Osize --product orientctl $(SWIFT_BUILD_FLAGS)
	$(SWIFT) build $(INSTALL_BUILD_FLAGS) --product orientd-settings $(SWIFT_BUILD_FLAGS)
	@# The Wayland plugin orientd opens with a Wayland adapter: a C library needing no Swift runtime.
	@# SwiftPM links a library with the Swift runtime's shared library; with -static-stdlib (in a
	@# scratch folder of its own: other flags) it names the static one, from which the plugin
	@# pulls nothing (Sources/CWaylandPluginEntry), and --as-needed drops the rest.
	$(SWIFT) build $(INSTALL_BUILD_FLAGS) --scratch-path $(INSTALL_SCRATCH)/plugin -Xswiftc -static-stdlib -Xlinker --as-needed \
	  --product orientd-wayland $(SWIFT_BUILD_FLAGS)
	@if $(NM) -D --undefined-only $(INSTALL_SCRATCH)/plugin/release/liborientd-wayland.so | grep -q swift || \
	    $(READELF) -d $(INSTALL_SCRATCH)/plugin/release/liborientd-wayland.so | grep NEEDED | grep -q -e swift -e 'libstdc++'; then \
	  echo "install-binaries: liborientd-wayland.so needs the Swift runtime or libstdc++ (see Sources/CWaylandPluginEntry)" >&2; exit 1; fi
	@# One String-pattern call (contains("x"), replacing, ranges(of:), Regex) links the 1.4 MB regex
	@# engine of _StringProcessing into a static binary; the sources use their own helpers instead.
	@for binary in $(INSTALL_SCRATCH)/release/orientd $(ORIENTCTL_SCRATCH)/release/orientctl $(INSTALL_SCRATCH)/release/orientd-settings; do \
	  if $(NM) $$binary | grep -q '_StringProcessing'; then \
	    echo "install-binaries: $$binary links _StringProcessing; find the call with: nm -u $(INSTALL_SCRATCH)/release/*.build/*.o | grep StringProcessing" >&2; exit 1; \
	  fi; \
	done
	mkdir -p $(INSTALL_SCRATCH)/stripped
	$(STRIP) --strip-all --remove-section=.comment -o $(INSTALL_SCRATCH)/stripped/orientd $(INSTALL_SCRATCH)/release/orientd
	$(STRIP) --strip-all --remove-section=.comment -o $(INSTALL_SCRATCH)/stripped/orientctl $(ORIENTCTL_SCRATCH)/release/orientctl
	$(STRIP) --strip-all --remove-section=.comment -o $(INSTALL_SCRATCH)/stripped/orientd-settings $(INSTALL_SCRATCH)/release/orientd-settings
	$(STRIP) --strip-unneeded --remove-section=.comment -o $(INSTALL_SCRATCH)/stripped/liborientd-wayland.so $(INSTALL_SCRATCH)/plugin/release/liborientd-wayland.so

SHELL_EXTENSIONS = orientd@orientd.github.io orientd-shell45@orientd.github.io

# LIB=no leaves liborientd out (scripts/make-deb.sh: the library has packages of its own).
LIB ?= yes
install: install-binaries $(if $(filter yes,$(LIB)),lib-install)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/dbus-1/interfaces $(DESTDIR)$(DATADIR)/dbus-1/services \
	  $(DESTDIR)$(PREFIX)/lib/systemd/user $(DESTDIR)$(DATADIR)/man/man1 $(DESTDIR)$(DATADIR)/man/man8 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions
	install -m 755 $(INSTALL_SCRATCH)/stripped/orientd $(INSTALL_SCRATCH)/stripped/orientctl \
	  $(INSTALL_SCRATCH)/stripped/orientd-settings $(DESTDIR)$(BINDIR)/
	@# orientd looks for its Wayland plugin in PREFIX/lib/orientd beside its PREFIX/bin.
	install -D -m 644 $(INSTALL_SCRATCH)/stripped/liborientd-wayland.so $(DESTDIR)$(PREFIX)/lib/orientd/liborientd-wayland.so
	install -m 644 dbus/io.github.orientd.OrientationManager1.xml dbus/io.github.orientd.OrientationManager1.Scene.xml \
	  $(DESTDIR)$(DATADIR)/dbus-1/interfaces/
	sed 's|@bindir@|$(BINDIR)|g' data/io.github.orientd.OrientationManager1.service.in \
	  > $(DESTDIR)$(DATADIR)/dbus-1/services/io.github.orientd.OrientationManager1.service
	sed 's|@bindir@|$(BINDIR)|g' data/orientd.service.in > $(DESTDIR)$(PREFIX)/lib/systemd/user/orientd.service
	# The GNOME Shell extension: one folder (uuid) for Shell 43-44, one for 45 and later; each
	# Shell loads the one whose metadata names its version (docs/front-window.md, "GNOME").
	for uuid in $(SHELL_EXTENSIONS); do \
	  install -d $(DESTDIR)$(DATADIR)/gnome-shell/extensions/$$uuid && \
	  install -m 644 data/gnome-shell/$$uuid/metadata.json data/gnome-shell/$$uuid/extension.js data/gnome-shell/shellWindows.js \
	    dbus/io.github.orientd.ShellWindows1.xml $(DESTDIR)$(DATADIR)/gnome-shell/extensions/$$uuid/ || exit 1; done
	install -d $(DESTDIR)$(SYSCONFDIR)/xdg/autostart
	sed 's|@bindir@|$(BINDIR)|g' data/io.github.orientd.orientd-autostart.desktop.in \
	  > $(DESTDIR)$(SYSCONFDIR)/xdg/autostart/io.github.orientd.orientd-autostart.desktop
	install -d $(DESTDIR)$(DATADIR)/applications
	sed 's|@bindir@|$(BINDIR)|g' data/io.github.orientd.orientd.desktop.in \
	  > $(DESTDIR)$(DATADIR)/applications/io.github.orientd.orientd.desktop
# The settings app: its UI files (a GResource bundle), its desktop entry (Settings), its icon, and the translations of po/.
	install -d $(DESTDIR)$(DATADIR)/orientd-settings
	glib-compile-resources --sourcedir=data/settings --target=$(DESTDIR)$(DATADIR)/orientd-settings/orientd-settings.gresource $(SETTINGS_RESOURCE_XML)
	chmod 644 $(DESTDIR)$(DATADIR)/orientd-settings/orientd-settings.gresource
	sed 's|@bindir@|$(BINDIR)|g' data/io.github.orientd.Settings.desktop.in \
	  > $(DESTDIR)$(DATADIR)/applications/io.github.orientd.Settings.desktop
	install -D -m 644 data/icons/io.github.orientd.Settings.svg \
	  $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/io.github.orientd.Settings.svg
	for po in po/*.po; do [ -f "$$po" ] || continue; lang=$$(basename "$$po" .po); \
	  install -d $(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES && \
	  msgfmt --check -o $(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES/orientd.mo "$$po" || exit 1; done
	for page in data/*.1; do [ -f "$$page" ] && install -m 644 "$$page" $(DESTDIR)$(DATADIR)/man/man1/ || true; done
	for page in data/*.8; do [ -f "$$page" ] && install -m 644 "$$page" $(DESTDIR)$(DATADIR)/man/man8/ || true; done
	install -D -m 644 data/orientd.conf.5 $(DESTDIR)$(DATADIR)/man/man5/orientd.conf.5
	[ -f data/orientctl.bash-completion ] && install -m 644 data/orientctl.bash-completion \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions/orientctl || true
	install -d $(DESTDIR)$(DATADIR)/zsh/vendor-completions $(DESTDIR)$(DATADIR)/fish/vendor_completions.d
	install -m 644 data/_orientctl $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_orientctl
	install -m 644 data/orientctl.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/orientctl.fish
# The README, docs and examples, as Debian lays them out (examples under DOCDIR/examples).
	install -d $(DESTDIR)$(DOCDIR)/docs
	install -m 644 README.md $(DESTDIR)$(DOCDIR)/
	install -m 644 docs/*.md docs/*.png $(DESTDIR)$(DOCDIR)/docs/
	install -d $(DESTDIR)$(DOCDIR)/docs/spec
	install -m 644 docs/spec/*.md $(DESTDIR)$(DOCDIR)/docs/spec/
	for file in $$(cd examples && find . -type f | sort); do \
	  install -D -m 644 "examples/$$file" "$(DESTDIR)$(DOCDIR)/examples/$$file" || exit 1; done

# Every folder `install` puts files in (their parents are removed with them when empty).
INSTALLED_FOLDERS = $(DATADIR)/dbus-1/interfaces $(DATADIR)/dbus-1/services $(PREFIX)/lib/systemd/user $(PREFIX)/lib/orientd \
  $(DATADIR)/man/man1 $(DATADIR)/man/man5 $(DATADIR)/man/man8 $(DATADIR)/bash-completion/completions \
  $(DATADIR)/zsh/vendor-completions $(DATADIR)/fish/vendor_completions.d $(SYSCONFDIR)/xdg/autostart \
  $(DATADIR)/applications $(DATADIR)/icons/hicolor/scalable/apps $(DATADIR)/gnome-shell/extensions $(DATADIR)/doc \
  $(DATADIR)/orientd-settings

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/orientd $(DESTDIR)$(BINDIR)/orientctl $(DESTDIR)$(BINDIR)/orientd-settings \
	  $(DESTDIR)$(PREFIX)/lib/orientd/liborientd-wayland.so \
	  $(DESTDIR)$(DATADIR)/orientd-settings/orientd-settings.gresource \
	  $(DESTDIR)$(DATADIR)/applications/io.github.orientd.Settings.desktop \
	  $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/io.github.orientd.Settings.svg \
	  $(DESTDIR)$(DATADIR)/man/man1/orientd-settings.1 \
	  $(DESTDIR)$(DATADIR)/dbus-1/interfaces/io.github.orientd.OrientationManager1*.xml \
	  $(DESTDIR)$(DATADIR)/dbus-1/services/io.github.orientd.OrientationManager1.service \
	  $(DESTDIR)$(PREFIX)/lib/systemd/user/orientd.service \
	  $(DESTDIR)$(DATADIR)/applications/io.github.orientd.orientd.desktop \
	  $(DESTDIR)$(SYSCONFDIR)/xdg/autostart/io.github.orientd.orientd-autostart.desktop \
	  $(DESTDIR)$(DATADIR)/man/man1/orientctl.1 $(DESTDIR)$(DATADIR)/man/man8/orientd.8 $(DESTDIR)$(DATADIR)/man/man5/orientd.conf.5 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions/orientctl \
	  $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_orientctl $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/orientctl.fish
	rm -rf $(DESTDIR)$(DOCDIR) $(addprefix $(DESTDIR)$(DATADIR)/gnome-shell/extensions/,$(SHELL_EXTENSIONS))
	@# liborientd: the files meson's log lists under this DESTDIR and PREFIX, and the folders they leave empty.
	@if [ -f $(LIB_INSTALL_BUILD)/meson-logs/install-log.txt ]; then \
	  grep -v '^#' $(LIB_INSTALL_BUILD)/meson-logs/install-log.txt | while read -r file; do \
	    case "$$file" in "$(DESTDIR)$(PREFIX)"/*) ;; *) continue;; esac; \
	    rm -f "$$file"; d=$$(dirname "$$file"); \
	    while case "$$d" in "$(DESTDIR)$(PREFIX)"|"$(DESTDIR)$(DATADIR)"|"$(DESTDIR)"|/) false;; *) true;; esac \
	      && rmdir "$$d" 2>/dev/null; do d=$$(dirname "$$d"); done; \
	  done; fi
	for po in po/*.po; do [ -f "$$po" ] || continue; rm -f $(DESTDIR)$(DATADIR)/locale/$$(basename "$$po" .po)/LC_MESSAGES/orientd.mo; done
	@# The folders install made, when nothing else is left in them, up to (not including)
	@# PREFIX, its bin and share folders and SYSCONFDIR; a folder something else uses stays.
	for dir in $(INSTALLED_FOLDERS) $$(for po in po/*.po; do [ -f "$$po" ] && echo $(DATADIR)/locale/$$(basename "$$po" .po)/LC_MESSAGES; done); do \
	  d="$(DESTDIR)$$dir"; \
	  while case "$$d" in "$(DESTDIR)$(PREFIX)"|"$(DESTDIR)$(BINDIR)"|"$(DESTDIR)$(DATADIR)"|"$(DESTDIR)$(SYSCONFDIR)"|"$(DESTDIR)"|/) false;; *) true;; esac \
	    && rmdir "$$d" 2>/dev/null; do d=$$(dirname "$$d"); done; done

# The zsh and fish completions, generated again from orientctl's verb table.
# Regenerates scripts/link-order/orientd.order from the build install-binaries made (valgrind).
link-order: install-binaries
	scripts/link-order.sh $(INSTALL_SCRATCH)/release/orientd scripts/link-order/orientd.order

completions:
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	ORIENTCTL_WRITE_COMPLETIONS=1 $(SWIFT) test --skip-build --filter ShellCompletionTests.testTheFilesAreTheGeneratorsOutput

deb:
	scripts/make-deb.sh $(if $(ARCH),--arch $(ARCH))

# The arm64 package cross-built, then installed, activated, turned and purged under qemu-user in
# a Debian 13 arm64 root (not part of make test: it takes minutes; docs/packaging.md).
check-arm64:
	scripts/check-deb-arm64.sh

pot:
	scripts/update-pot.sh

clean:
	rm -rf .build build
