@testable import OrientationDaemon
import XCTest

/// When `--window-tracking auto` takes the session for GNOME Shell's: the Shell's name owned
/// is not enough (Phosh owns it, and any program may beside another compositor or an X11
/// window manager).
final class GnomeSessionCheckTests: XCTestCase {
    let runtime = ["XDG_RUNTIME_DIR": "/run/user/1000", "WAYLAND_DISPLAY": "wayland-0"]
    let mutterGlobals = ["wl_compositor", "wl_shm", "gtk_shell1", "xdg_wm_base", "wl_seat"]

    func reason(owned: Bool = true, _ environment: [String: String], globals: [String]?) -> String? {
        GnomeSessionCheck.reasonNotGnomeShell(shellOwned: owned, environment: environment, globals: { _ in globals })
    }

    func testGnomeShellsOwnCompositorIsGnomeShell() {
        XCTAssertNil(reason(runtime.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) { $1 }, globals: mutterGlobals))
        XCTAssertNil(reason(runtime.merging(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) { $1 }, globals: mutterGlobals))
        // Started before the session exported XDG_CURRENT_DESKTOP: mutter's registry says it.
        XCTAssertNil(reason(runtime, globals: mutterGlobals))
        // GNOME Shell on X11: no Wayland compositor, the desktop says GNOME.
        XCTAssertNil(reason(["XDG_CURRENT_DESKTOP": "GNOME", "DISPLAY": ":0"], globals: nil))
    }

    func testTheShellsNameUnownedIsNoGnomeShell() {
        XCTAssertEqual(reason(owned: false, runtime, globals: mutterGlobals),
                       "GNOME Shell (org.gnome.Shell) is not on the session bus")
    }

    func testPhoshIsNotGnomeShell() throws {
        let why = try XCTUnwrap(reason(runtime.merging(["XDG_CURRENT_DESKTOP": "Phosh:GNOME"]) { $1 }, globals: mutterGlobals))
        XCTAssertTrue(why.contains("the session is Phosh's"), why)
        // Without XDG_CURRENT_DESKTOP, phoc's registry gives it away.
        let byRegistry = try XCTUnwrap(reason(runtime, globals: mutterGlobals + ["zwlr_foreign_toplevel_manager_v1", "phosh_private"]))
        XCTAssertTrue(byRegistry.contains("is not GNOME Shell's (it offers zwlr_foreign_toplevel_manager_v1)"), byRegistry)
    }

    func testANameSquatterBesideAnotherDesktopIsNotGnomeShell() throws {
        let kde = try XCTUnwrap(reason(runtime.merging(["XDG_CURRENT_DESKTOP": "KDE"]) { $1 }, globals: nil))
        XCTAssertTrue(kde.contains("XDG_CURRENT_DESKTOP KDE is not GNOME"), kde)
        // An X11 window manager, no desktop named: not GNOME Shell.
        let x11 = try XCTUnwrap(reason(["DISPLAY": ":0"], globals: nil))
        XCTAssertTrue(x11.contains("no GNOME Shell compositor answers on Wayland"), x11)
    }
}
