// swift-tools-version:6.0
// orientd: per-window interface orientation for Linux, as a session-bus service.
import PackageDescription

let package = Package(
    name: "orientd",
    products: [
        .executable(name: "orientd", targets: ["orientd"]),
        .executable(name: "orientctl", targets: ["orientctl"]),
        .executable(name: "orientd-bench", targets: ["orientd-bench"]),
        .executable(name: "orientd-screenshots", targets: ["orientd-screenshots"]),
        .executable(name: "orientd-settings", targets: ["orientd-settings"]),
        .executable(name: "orientd-swift-floor", targets: ["orientd-swift-floor"]),
        .library(name: "OrientationClient", targets: ["OrientationClient"]),
        .library(name: "OrientationCore", targets: ["OrientationCore"]),
        // The Wayland listeners as a plugin (liborientd-wayland.so) orientd opens only when a
        // Wayland adapter connects: a session without one maps no libwayland-client.
        .library(name: "orientd-wayland", type: .dynamic, targets: ["CWaylandProtocols", "CWaylandPluginEntry"]),
    ],
    targets: [
        // The rules: pure Swift, no I/O, no GLib, no clocks.
        .target(name: "OrientationCore"),

        // GIO through pkg-config, plus a small C shim for macros and variadic functions.
        // gobject-2.0 gives the include paths GIO's headers need (they live with GLib's);
        // gio-2.0 would also pull gmodule's `-pthread`, a flag SwiftPM refuses with a
        // warning on every build. The module map links gio-2.0 itself.
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gobject-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // GTK 4 and libadwaita 1.2, for the settings app only: the functions it calls declared
        // in the shim (GTK's own pkg-config chain makes SwiftPM warn on every build; the shim
        // says why), GLib's headers through gobject-2.0 as for CGio, and helpers for the macros.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gobject-2.0",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
        ),
        // The compositor client libraries, opened with the adapter that uses them: libxcb (the
        // X11 window tracker speaks the X protocol through it; its headers from libxcb1-dev)
        // and the Wayland plugin below; and the plugin's API.
        .target(name: "CClientLibraries"),
        // libwayland-client through pkg-config.
        .systemLibrary(
            name: "CWaylandClient",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]
        ),
        // wayland-scanner's code for the protocols in protocols/ (scripts/wayland-scanner.sh
        // makes it) and the listeners that forward their events to Swift.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient", "CClientLibraries"],
                linkerSettings: [.linkedLibrary("wayland-client")]),
        // What lets liborientd-wayland.so be a plain C library, with no Swift runtime (only in
        // it): `make install-binaries` links it with -static-stdlib, which then pulls nothing in.
        .target(name: "CWaylandPluginEntry"),
        // Swift wrappers over GVariant, GDBusConnection and the GLib main loop.
        .target(name: "GLibBridge", dependencies: ["CGio"]),

        // The D-Bus contract's names (bus name, paths, interfaces, methods, properties, keys,
        // errors), shared by the service, the client library and orientctl.
        .target(name: "OrientationWire", dependencies: ["OrientationCore", "GLibBridge"]),
        // The D-Bus adapter: decodes calls, runs the core, encodes its events.
        .target(name: "OrientationDaemon", dependencies: ["OrientationWire", "OrientationCore", "GLibBridge", "CGio", "CClientLibraries"]),
        // The library an app links to register its windows.
        .target(name: "OrientationClient", dependencies: ["OrientationWire", "OrientationCore", "GLibBridge", "CGio"]),
        // orientctl's argument parsing, verbs and output formatting; it talks to orientd only
        // through the client library (GLibBridge: the values it prints and the main loop
        // `monitor` waits in).
        .target(name: "OrientctlKit", dependencies: ["OrientationClient", "OrientationCore", "GLibBridge"]),
        // The settings app's logic without GTK: what it shows, in words (the view model), the
        // installed apps, and its session with orientd through the client library.
        .target(name: "OrientationSettingsKit", dependencies: ["OrientationClient", "OrientationCore", "CGio"]),
        // Child processes, private buses, the built orientd and "eventually": shared by the
        // tests (through TestSupport) and orientd-bench, so the shipped benchmark needs no test code.
        .target(name: "ProcessSupport", dependencies: ["GLibBridge"]),
        // The seeded generator of the randomised tests, on its own so the core's tests need no GLib.
        .target(name: "SeededRandom"),
        // The tests' harness: ProcessSupport and SeededRandom, the tests' own copy of the
        // contract's names, signal recording and the "orientd on a private bus" test case.
        .target(name: "TestSupport", dependencies: ["ProcessSupport", "SeededRandom", "GLibBridge", "CGio"]),

        .executableTarget(name: "orientd", dependencies: ["OrientationDaemon"]),
        .executableTarget(name: "orientctl", dependencies: ["OrientctlKit"]),
        // The Orientation settings app: GTK 4 and libadwaita over OrientationSettingsKit.
        .executableTarget(name: "orientd-settings", dependencies: ["OrientationSettingsKit", "OrientationClient", "GLibBridge", "CGtk"]),
        .executableTarget(name: "orientd-bench", dependencies: ["OrientationCore", "OrientationWire", "OrientationClient", "GLibBridge", "ProcessSupport", "CGio", "CClientLibraries",
                                                              // the plugin's code linked in: the bench's task switcher calls it directly
                                                              "CWaylandProtocols"]),
        // The pictures of the README and docs/ on a real phoc, through the compositor library the
        // tests and the benchmark use (scripts/*screenshots.sh run it); never installed.
        .executableTarget(name: "orientd-screenshots", dependencies: ["ProcessSupport"]),
        // The least a GDBus service in C does for each of orientd's call shapes: orientd-bench's yardstick.
        .executableTarget(name: "orientd-reference-peer", dependencies: ["CGio"],
                          // CGio's module map links GIO for Swift importers only; C links it here.
                          linkerSettings: [.linkedLibrary("gio-2.0"), .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0")]),
        // The least a Swift GLib D-Bus service does: orientd-bench's memory and start-up floor.
        .executableTarget(name: "orientd-swift-floor", dependencies: ["CGio"]),
        // examples/swift: an app registering its window through OrientationClient.
        .executableTarget(name: "orientation-example", dependencies: ["OrientationClient"], path: "examples/swift"),

        .testTarget(name: "OrientationCoreTests", dependencies: ["OrientationCore", "SeededRandom"]),
        .testTarget(name: "OrientationWireTests", dependencies: ["OrientationWire", "OrientationCore", "GLibBridge"]),
        .testTarget(name: "GLibBridgeTests", dependencies: ["GLibBridge", "TestSupport", "CGio"]),
        .testTarget(name: "OrientationDaemonTests", dependencies: ["OrientationDaemon", "OrientationWire", "OrientationCore", "GLibBridge", "TestSupport", "CGio"]),
        .testTarget(name: "OrientationClientTests", dependencies: ["OrientationClient", "TestSupport"]),
        .testTarget(name: "OrientationSettingsKitTests", dependencies: ["OrientationSettingsKit", "OrientationClient", "GLibBridge", "TestSupport"]),
        .testTarget(name: "OrientctlKitTests", dependencies: ["OrientctlKit", "OrientationClient", "OrientationWire", "TestSupport"]),
        // The built orientd executable driven over a private bus by independent clients.
        .testTarget(name: "OrientdTests", dependencies: ["GLibBridge", "TestSupport", "CGio"]),
        // orientd following a mocked and a real iio-sensor-proxy on a private "system" bus.
        .testTarget(name: "OrientdSensorTests", dependencies: ["GLibBridge", "TestSupport", "CGio",
                                                             // the sensor backends, driven in-process by their conformance suite
                                                             "OrientationDaemon", "OrientationCore"]),
        // Every example in examples/ run against a private bus, as the README says.
        .testTarget(name: "ExamplesTests", dependencies: ["GLibBridge", "TestSupport"]),
        // The benchmark's quick mode, so it never rots (the full run is `make bench`).
        .testTarget(name: "BenchmarkTests", dependencies: ["GLibBridge", "TestSupport"]),
        // Bad input, fuzzing, crashes, bus loss, load and limits against the built orientd.
        .testTarget(name: "ReliabilityTests", dependencies: ["OrientationCore", "GLibBridge", "TestSupport", "CGio"]),
        // orientd turning real compositors' outputs (mutter, wlroots, KWin, X11), each started headless,
        // and the window trackers following real compositors' windows.
        .testTarget(name: "OrientdOutputTests", dependencies: ["GLibBridge", "TestSupport", "CGio", "OrientationClient",
                                                             // the window trackers, driven in-process against real compositors
                                                             "OrientationDaemon", "OrientationCore",
                                                             // the fakes, whose conformance suites run here with the real peers'
                                                             "OrientationDaemonTests"]),
        // make install, scripts/install-deps.sh and the Debian package from `make deb`.
        .testTarget(name: "PackagingTests", dependencies: ["TestSupport"]),
    ]
)
