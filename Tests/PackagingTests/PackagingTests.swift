import Foundation
import TestSupport
import XCTest

/// From a clone to a device: `make install` installs no packages and its binaries carry the
/// Swift runtime; scripts/install-deps.sh finds what is missing without dpkg and installs
/// nothing off Debian or without root; `make deb` builds a package that lintian accepts and
/// that installs, starts by D-Bus activation and purges cleanly in a root without the
/// toolchain (Tests/Fixtures/deb/install-in-chroot.sh).
final class PackagingTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testMakeInstallOnlyChecksForDependencies() throws {
        let dryRun = try runCommand(["make", "-C", Self.root, "-n", "install", "DESTDIR=/nonexistent"])
        XCTAssertEqual(dryRun.status, .exited(0), "\(dryRun)")
        XCTAssertTrue(dryRun.stdout.contains("scripts/install-deps.sh check build"), dryRun.stdout)
        XCTAssertFalse(dryRun.stdout.contains("apt-get"), dryRun.stdout)
        XCTAssertFalse(dryRun.stdout.contains("install-deps.sh run") || dryRun.stdout.contains("install-deps.sh test"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("--static-swift-stdlib"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("strip --strip-all"), dryRun.stdout)
    }

    /// A PATH of the given commands only (plus a fake apt-get that records being run).
    private func fakePath(_ commands: [String], aptGet: Bool) throws -> (path: String, marker: String) {
        let folder = try OrientdInstance.temporaryDirectory()
        chmod(folder, 0o755)  // searchable by the unprivileged user too
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        for command in commands {
            let real = try XCTUnwrap(["/usr/bin/", "/bin/", "/usr/sbin/"].map { $0 + command }.first { FileManager.default.isExecutableFile(atPath: $0) },
                                     command)
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/\(command)", withDestinationPath: real)
        }
        let marker = folder + "/apt-get-ran"
        if aptGet {
            try "#!/bin/sh\necho \"$@\" >> \(marker)\n".write(toFile: folder + "/apt-get", atomically: true, encoding: .utf8)
            chmod(folder + "/apt-get", 0o755)
        }
        return (folder, marker)
    }

    func testInstallDepsFindsWhatIsMissingWithoutDpkgAndSaysHowToGetIt() throws {
        let script = Self.root + "/scripts/install-deps.sh"
        // Off Debian: no apt-get, no dpkg, no pkg-config, no gdbus.
        let offDebian = try fakePath(["bash", "id", "sed", "awk"], aptGet: false)
        let output = try runCommand(["/bin/bash", script, "run"], environment: ["PATH": offDebian.path])
        XCTAssertEqual(output.status, .exited(1), "\(output)")
        XCTAssertTrue(output.stderr.contains("Not a Debian system (no apt-get), so nothing is installed."), output.stderr)
        for expected in ["libglib2.0-dev", "GLib and GIO 2.74 or newer", "pkg-config", "gdbus", "sudo apt-get install --no-install-recommends",
                         "Elsewhere"] {
            XCTAssertTrue(output.stderr.contains(expected), "\(expected): \(output.stderr)")
        }

        // Debian without root: nothing installed either.
        let debian = try fakePath(["bash", "id", "sed", "awk"], aptGet: true)
        // A copy the unprivileged user can read wherever the clone is (a clone in a 0700
        // folder made this fail with "Permission denied").
        let readable = debian.path + "/install-deps.sh"
        try FileManager.default.copyItem(atPath: script, toPath: readable)
        chmod(readable, 0o755)
        let notRoot = try runCommand(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/bash", readable, "test"],
                                     environment: ["PATH": debian.path])
        XCTAssertEqual(notRoot.status, .exited(1), "\(notRoot)")
        XCTAssertTrue(notRoot.stderr.contains("Not root, so nothing is installed."), notRoot.stderr)
        XCTAssertTrue(notRoot.stderr.contains("zsh"), "test packages are listed: \(notRoot.stderr)")

        // check never installs, even as root on Debian.
        let check = try runCommand(["/bin/bash", script, "check", "test"], environment: ["PATH": debian.path])
        XCTAssertEqual(check.status, .exited(1), "\(check)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: debian.marker), "apt-get was run")
        XCTAssertFalse(FileManager.default.fileExists(atPath: offDebian.marker))

        // This machine has everything the suite needs (make test installed it).
        let here = try runCommand(["/bin/bash", script, "check", "test"])
        XCTAssertEqual(here.status, .exited(0), "\(here)")
    }

    /// The binaries (`make install-binaries`, which `make bench` runs after `make test`) need
    /// none of liborientd's tools: `make test` does not install gi-docgen, and its absence
    /// stopped the bench; `make install` still checks for them with the library.
    func testTheBinariesAskForNoneOfTheLibrarysTools() throws {
        let script = Self.root + "/scripts/install-deps.sh"
        let empty = try fakePath(["bash", "id", "sed", "awk"], aptGet: false)
        let binaries = try runCommand(["/bin/bash", script, "check", "binaries"], environment: ["PATH": empty.path])
        let build = try runCommand(["/bin/bash", script, "check", "build"], environment: ["PATH": empty.path])
        XCTAssertEqual(binaries.status, .exited(1), "\(binaries)")
        XCTAssertTrue(binaries.stderr.contains("libglib2.0-dev"), binaries.stderr)
        for tool in ["gi-docgen", "meson", "valac", "gobject-introspection"] {
            XCTAssertFalse(binaries.stderr.contains(tool), "\(tool): \(binaries.stderr)")
            XCTAssertTrue(build.stderr.contains(tool), "\(tool): \(build.stderr)")
        }
        let dryRun = try runCommand(["make", "-C", Self.root, "-n", "install-binaries"])
        XCTAssertTrue(dryRun.stdout.contains("scripts/install-deps.sh check binaries"), dryRun.stdout)
    }

    /// `make run` without a session bus (and, as in a fresh container, without
    /// XDG_RUNTIME_DIR) starts a private one and leaves nothing behind in the temporary folder.
    func testRunScriptLeavesNothingBehind() throws {
        let runtime = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        // A stand-in for orientd that reports the bus it was given and what the script wrote.
        let fake = runtime + "-orientd.sh"
        defer { try? FileManager.default.removeItem(atPath: fake) }
        try "#!/bin/sh\necho \"$DBUS_SESSION_BUS_ADDRESS\"\nls \"$TMPDIR\"\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let output = try runCommand(["env", "-u", "DBUS_SESSION_BUS_ADDRESS", "-u", "XDG_RUNTIME_DIR", "TMPDIR=\(runtime)",
                                     Self.root + "/scripts/run-orientd.sh", fake])
        XCTAssertEqual(output.status, .exited(0), "\(output)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, "\(output)")
        let address = try XCTUnwrap(lines.first)
        XCTAssertTrue(address.hasPrefix("unix:"), address)
        XCTAssertEqual(lines.last, "orientd-session-bus", "the address file exists while it runs")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: runtime), [], "left behind in the temporary folder")
        if let path = address.split(separator: ",").first(where: { $0.hasPrefix("unix:path=") })?.dropFirst("unix:path=".count) {
            XCTAssertFalse(FileManager.default.fileExists(atPath: String(path)), "the bus socket is left: \(path)")
        }
        // The private bus is gone.
        let probe = try runCommand(["dbus-send", "--address=" + address, "--dest=org.freedesktop.DBus", "--print-reply",
                                    "/org/freedesktop/DBus", "org.freedesktop.DBus.GetId"])
        XCTAssertNotEqual(probe.status, .exited(0), "the bus still answers")
    }

    /// The systemd user unit: documented, and hardened to an exposure `systemd-analyze
    /// security` rates OK (it was 6.3 MEDIUM) with options a user manager can apply or skip.
    func testTheUserUnitIsDocumentedAndHardened() throws {
        let folder = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unit = try String(contentsOfFile: Self.root + "/data/orientd.service.in", encoding: .utf8)
            .replacingOccurrences(of: "@bindir@", with: "/usr/bin")
        try unit.write(toFile: folder + "/orientd.service", atomically: true, encoding: .utf8)
        XCTAssertTrue(unit.contains("\nDocumentation=man:orientd(8)"), unit)
        XCTAssertFalse(unit.contains("\nPrivateUsers="), "set explicitly, it stops the start where user namespaces are off")
        let analysis = try runCommand(["systemd-analyze", "security", "--user", "--offline=true", folder + "/orientd.service"],
                                      environment: ["XDG_RUNTIME_DIR": folder])
        let verdict = try XCTUnwrap(analysis.stdout.split(separator: "\n").last { $0.contains("Overall exposure level") }, "\(analysis)")
        let score = try XCTUnwrap(verdict.split(separator: " ").compactMap { Double($0) }.first, String(verdict))
        XCTAssertLessThanOrEqual(score, 3.5, String(verdict))
        print("systemd-analyze security --user: \(verdict)")
    }

    func testDebianPackageInstallsActivatesAndPurgesWithoutTheToolchain() throws {
        let out = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let build = try runCommand([Self.root + "/scripts/make-deb.sh", out], timeout: .seconds(1800))
        XCTAssertEqual(build.status, .exited(0), "make deb:\n\(build.stderr.suffix(4000))")
        XCTAssertTrue(build.stderr.contains("lintian: no errors or warnings"), String(build.stderr.suffix(2000)))
        let package = try XCTUnwrap(build.stdout.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(package.hasSuffix(".deb"), package)

        // Built as root here: lintian ran as nobody, so it had no reason to warn about root.
        XCTAssertFalse(build.stderr.contains("root privileges"), String(build.stderr.suffix(2000)))
        // No linker warning: neither binary links Foundation, whose mktemp glibc warns about.
        let warnings = build.stderr.split(separator: "\n").filter { $0.lowercased().contains("warning:") }
        XCTAssertEqual(warnings, [], warnings.joined(separator: "\n"))

        let depends = try runCommand(["dpkg-deb", "--field", package, "Depends"])
        XCTAssertTrue(depends.stdout.contains("libglib2.0-0 (>= 2.74)"), "the GLib the README names: \(depends.stdout)")
        XCTAssertFalse(depends.stdout.lowercased().contains("swift"), depends.stdout)
        XCTAssertFalse(depends.stdout.contains("libstdc++"), "libstdc++ is linked in: \(depends.stdout)")
        XCTAssertTrue(depends.stdout.contains("libc6 (>= 2.36)"), "the glibc that reads packed relocations: \(depends.stdout)")
        for library in ["libgtk-4-1 (>= 4.8)", "libadwaita-1-0 (>= 1.2)"] {
            XCTAssertTrue(depends.stdout.contains(library), "the settings app's toolkit, a dependency: \(depends.stdout)")
        }
        // orientd links neither Swift's concurrency runtime nor libdispatch (one use of
        // ContinuousClock or DispatchSemaphore links both: ~730 KB, ~90 KiB of private dirty
        // pages); the strings are their own messages.
        let linked = try runCommand(["sh", "-c", "dpkg-deb --fsys-tarfile \"$1\" | tar -xO ./usr/bin/orientd | grep -a -c -e libdispatch -e 'leaked its continuation'",
                                     "sh", package])
        XCTAssertEqual(linked.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0", "orientd links Swift's concurrency runtime or libdispatch: \(linked)")
        let contents = try runCommand(["dpkg-deb", "--contents", package])
        XCTAssertTrue(depends.stdout.contains("libwayland-client0") && depends.stdout.contains("libxcb1"),
                      "the client libraries orientd opens with their adapters: \(depends.stdout)")
        for path in ["./usr/bin/orientd", "./usr/bin/orientctl", "./usr/lib/orientd/liborientd-wayland.so", "./usr/share/dbus-1/services/io.github.orientd.OrientationManager1.service",
                     "./usr/share/dbus-1/interfaces/io.github.orientd.OrientationManager1.xml", "./usr/lib/systemd/user/orientd.service",
                     "./usr/share/applications/io.github.orientd.orientd.desktop",
                     "./usr/bin/orientd-settings", "./usr/share/applications/io.github.orientd.Settings.desktop",
                     "./usr/share/icons/hicolor/scalable/apps/io.github.orientd.Settings.svg", "./usr/share/man/man1/orientd-settings.1.gz",
                     "./usr/share/orientd-settings/orientd-settings.gresource",
                     "./etc/xdg/autostart/io.github.orientd.orientd-autostart.desktop",
                     "./usr/share/gnome-shell/extensions/orientd@orientd.github.io/metadata.json",
                     "./usr/share/gnome-shell/extensions/orientd@orientd.github.io/extension.js",
                     "./usr/share/gnome-shell/extensions/orientd@orientd.github.io/shellWindows.js",
                     "./usr/share/gnome-shell/extensions/orientd@orientd.github.io/io.github.orientd.ShellWindows1.xml",
                     "./usr/share/gnome-shell/extensions/orientd-shell45@orientd.github.io/metadata.json",
                     "./usr/share/gnome-shell/extensions/orientd-shell45@orientd.github.io/extension.js",
                     "./usr/share/gnome-shell/extensions/orientd-shell45@orientd.github.io/shellWindows.js",
                     "./usr/share/gnome-shell/extensions/orientd-shell45@orientd.github.io/io.github.orientd.ShellWindows1.xml",
                     "./usr/share/man/man1/orientctl.1.gz", "./usr/share/doc/orientd/copyright",
                     "./usr/share/zsh/vendor-completions/_orientctl", "./usr/share/fish/vendor_completions.d/orientctl.fish"] {
            XCTAssertTrue(contents.stdout.contains(" \(path)\n"), "\(path) is not in the package")
        }
        // The README, every doc and every example, as Debian lays them out.
        var documents = ["README.md"]
        for folder in ["docs", "examples"] {
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.root + "/" + folder))
            while let file = enumerator.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: "\(Self.root)/\(folder)/\(file)", isDirectory: &isFolder), !isFolder.boolValue {
                    documents.append("\(folder)/\(file)")
                }
            }
        }
        XCTAssertTrue(documents.contains("examples/README.md") && documents.contains("docs/packaging.md"), "\(documents)")
        for document in documents {
            XCTAssertTrue(contents.stdout.contains(" ./usr/share/doc/orientd/\(document)\n"), "\(document) is not in /usr/share/doc/orientd")
        }

        // liborientd's six packages, which make-deb names on its standard error; on this
        // machine (which has the compilers) a developer's walk through them while orientd is
        // installed.
        let libraries = build.stderr.split(separator: "\n").filter { $0.hasPrefix("make-deb: /") && $0.hasSuffix(".deb") }
            .map { String($0.dropFirst("make-deb: ".count)) }
        XCTAssertEqual(libraries.count, 6, build.stderr.suffix(2000) + "")
        let installed = try runCommand([Self.root + "/Tests/Fixtures/deb/install-in-chroot.sh", package, "/"] + libraries,
                                       timeout: .seconds(300))
        XCTAssertEqual(installed.status, .exited(0), "\(installed)")
        let steps = installed.stdout.split(separator: "\n").filter { $0.hasPrefix("step: ") }.map { String($0.dropFirst(6)) }
        XCTAssertEqual(steps.count, 13, "\(installed)")
        XCTAssertTrue(steps.contains { $0.hasPrefix("a developer installed gir1.2-orientd-1.0 gir1.2-orientdgtk-1.0 liborientd-1-0 liborientd-dev") },
                      "\(steps)")
        XCTAssertTrue(steps.contains("the C and Vala examples built with pkg-config orientd-1 and the Python flow ran against the installed orientd"),
                      "\(steps)")
        XCTAssertTrue(steps.contains { $0.hasPrefix("the library's packages purged, none of their") }, "\(steps)")
        XCTAssertEqual(steps.first, "no toolchain: no /opt")
        XCTAssertTrue(steps.contains { $0.hasPrefix("installed orientd ") && $0.hasSuffix(" install ok installed") }, "\(steps)")
        XCTAssertTrue(steps.contains { $0.hasSuffix("shared, none of the toolchain") }, "\(steps)")
        XCTAssertTrue(steps.contains("activated: \(try Contract.interfaceVersion) Device orientation: unknown (manual)"), "\(steps)")
        XCTAssertTrue(steps.contains("orientd runs as /usr/bin/orientd"), "\(steps)")
        XCTAssertTrue(steps.contains("purged: gone"), "\(steps)")
        XCTAssertEqual(steps.last, "orientd stopped after the purge", "a purge ends the running orientd: \(steps)")
        XCTAssertTrue(steps.dropLast().last?.hasSuffix("files, none left") ?? false, "\(steps)")

        // The same package in Debian 13 (the cached root scripts/debian13-root.sh makes): its
        // Depends met there by what the root has installed, activated, and purged under a
        // running orientd, which stops.
        let debian13: String
        do {
            debian13 = try Debian13Root.path(sourceTree: Self.root)
        } catch {
            print("PackagingTests: the package in Debian 13 not checked: \(error)")
            return
        }
        let trixie = try runCommand([Self.root + "/Tests/Fixtures/deb/install-in-chroot.sh", package, debian13], timeout: .seconds(300))
        XCTAssertEqual(trixie.status, .exited(0), "Debian 13: \(trixie)")
        let trixieSteps = trixie.stdout.split(separator: "\n").filter { $0.hasPrefix("step: ") }.map { String($0.dropFirst(6)) }
        XCTAssertTrue(trixieSteps.contains { $0.hasPrefix("installed orientd ") && $0.hasSuffix(" install ok installed") }, "\(trixieSteps)")
        XCTAssertTrue(trixieSteps.contains("orientd runs as /usr/bin/orientd"), "\(trixieSteps)")
        XCTAssertTrue(trixieSteps.contains("purged: gone"), "\(trixieSteps)")
        XCTAssertEqual(trixieSteps.last, "orientd stopped after the purge", "Debian 13: \(trixieSteps)")
    }
}
