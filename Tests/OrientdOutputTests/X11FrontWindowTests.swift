import Foundation
import TestSupport
import XCTest

/// The front-window scenario on X11, end to end: Xephyr (a rotatable RandR screen) inside
/// Xvfb, openbox as the EWMH window manager, real unmodified GTK 4 windows (GDK_BACKEND=x11)
/// with desktop entries in the test's XDG_DATA_DIRS, and the built orientd with its x11
/// backend and `--window-tracking auto`. The panel's rotation is read back from the X server
/// (`xrandr -q`), never from orientd.
final class X11FrontWindowTests: OutputTestCase {
    static let legacyWindowScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/windows/legacy_window.py").path

    /// A window of a program without GApplication: no `_GTK_APPLICATION_ID`, `WM_CLASS`
    /// after `program`; only a desktop entry's `StartupWMClass` can name its app.
    func startLegacyApp(_ program: String) throws -> ChildProcess {
        try openGtkWindow(["/usr/bin/python3", Self.legacyWindowScript, program], name: program)
    }

    func waitForTrackedWindows(_ count: UInt32, file: StaticString = #filePath, line: UInt = #line) throws {
        var last: UInt32?
        try eventually("TrackedWindows = \(count) (last: \(last.map(String.init) ?? "?"))", timeout: deadline, file: file, line: line) {
            last = try managerProperty("TrackedWindows").uint32
            return last == count
        }
    }

    /// The sentences of the front scene's Explain.
    func explainFront() throws -> [String] {
        let path = try XCTUnwrap(managerProperty("FrontScene").string)
        return try callScene(path, "Explain").child(at: 0).children.compactMap { $0.child(at: 2).string }
    }

    /// A landscape game turns the panel; portrait notes in front turn it back; closing the
    /// notes brings the game's landscape back; an app known only by its `WM_CLASS` (through
    /// its entry's `StartupWMClass`) turns it too; closing the last window gives the device's
    /// portrait.
    func testTheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        let display = try startWindowManagedScreen()
        try writeDesktopEntry("org.example.X11Game", orientations: "landscape")
        try writeDesktopEntry("org.example.X11Notes", orientations: "portrait")
        try writeDesktopEntry("org.example.X11Reader", orientations: "landscape", extraLines: ["StartupWMClass=x11-reader"])
        try launchOrientdFollowingWindows(display: display)
        // `--sensor none` starts face-up, where the panel keeps what it shows: hold it upright.
        try turnDevice("portrait")
        try waitForProperty("DeviceOrientation", "portrait")
        XCTAssertEqual(try xrandrRotation("default", display: display), "normal")

        let game = try startUnmodifiedApp("org.example.X11Game")
        try waitForProperty("FrontApp", "org.example.X11Game")
        let gameTransform = try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try waitForTrackedWindows(1)
        XCTAssertTrue(try explainFront().contains { $0.contains("\(appDataHome)/applications/org.example.X11Game.desktop") })

        let notes = try startUnmodifiedApp("org.example.X11Notes")
        try waitForProperty("FrontApp", "org.example.X11Notes")
        try compositor.waitForPanel(.normal)
        try waitForTrackedWindows(2)

        notes.terminate()
        try waitForProperty("FrontApp", "org.example.X11Game")
        try compositor.waitForPanel(gameTransform)
        try waitForTrackedWindows(1)

        // No _GTK_APPLICATION_ID, WM_CLASS "x11-reader": the entry claiming that class decides.
        let reader = try startLegacyApp("x11-reader")
        try waitForProperty("FrontApp", "org.example.X11Reader")
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        XCTAssertTrue(try explainFront().contains { $0.contains("org.example.X11Reader.desktop") })
        try waitForTrackedWindows(2)

        reader.terminate()
        try waitForProperty("FrontApp", "org.example.X11Game")
        game.terminate()
        try waitForProperty("FrontApp", "")
        try compositor.waitForPanel(.normal)
        try waitForTrackedWindows(0)
        XCTAssertEqual(try managerProperty("WindowTracking").string, "x11")
    }

    /// The user's policy pins an unmodified app that declares nothing to landscape-right
    /// (xrandr `right`) whatever the device does; another app, whose entry declares portrait
    /// and landscape, follows the device. (It declares them because, until undeclared apps
    /// followed the device, one that declared nothing was portrait; it still checks a declared
    /// app following the device.)
    func testTheUsersPolicyPinsAnUnmodifiedAppWhileOthersFollowTheDevice() throws {
        try writeDesktopEntry("org.example.X11Other", orientations: "portrait;landscape")
        let display = try startWindowManagedScreen()
        try launchOrientdFollowingWindows(display: display)
        try callManager("SetAppPolicy", [.s("org.example.X11Pinned"), .vardict(["allowed-orientations": .strings(["landscape-right"])])])

        _ = try startUnmodifiedApp("org.example.X11Pinned")
        try waitForProperty("FrontApp", "org.example.X11Pinned")
        try compositor.waitForPanel(.threeQuarters)
        let explained = try explainFront()
        XCTAssertTrue(explained.contains { $0.contains("The user's policy for org.example.X11Pinned") }, "\(explained)")
        try turnDevice("landscape-right")
        try waitForProperty("DeviceOrientation", "landscape-right")

        // The other app follows the device: landscape-right held is xrandr's left, portrait its normal.
        // (Checked once it is in front: the panel follows the device for a moment between the
        // pinned window losing the focus and the other one taking it.)
        let other = try startUnmodifiedApp("org.example.X11Other")
        try waitForProperty("FrontApp", "org.example.X11Other")
        try compositor.waitForPanel(.quarter)
        try turnDevice("portrait")
        try compositor.waitForPanel(.normal)

        // Back in front, the pinned app turns the panel to its pin while the device stays portrait.
        other.terminate()
        try waitForProperty("FrontApp", "org.example.X11Pinned")
        try compositor.waitForPanel(.threeQuarters)
        XCTAssertEqual(try managerProperty("DeviceOrientation").string, "portrait")
    }

    /// An app that says nothing follows the device, every way, as an X11 desktop's own
    /// rotation did before orientd.
    func testAnUndeclaredAppFollowsTheDevice() throws {
        try writeDesktopEntry("org.example.X11Browser", orientations: nil)
        let display = try startWindowManagedScreen()
        try launchOrientdFollowingWindows(display: display)
        try turnDevice("portrait")
        _ = try startUnmodifiedApp("org.example.X11Browser")
        try waitForProperty("FrontApp", "org.example.X11Browser")
        try compositor.waitForPanel(.normal)
        // Device landscape-right shows interface landscape-left: xrandr's left.
        try turnDevice("landscape-right")
        try compositor.waitForPanel(.quarter)
        try turnDevice("portrait-upside-down")
        try compositor.waitForPanel(.half)
        try turnDevice("portrait")
        try compositor.waitForPanel(.normal)
    }

    /// On a laptop or tablet whose panel is landscape (`--natural-orientation landscape`), with
    /// no reading (`--sensor none`), an app that says nothing leaves the panel as it is; a
    /// portrait app turns it, and the undeclared app back in front turns it back. An app
    /// packaged for Lomiri whose entry says `primary` shows the panel's own landscape.
    func testAnUndeclaredAppLeavesALandscapePanelAsItIs() throws {
        try writeDesktopEntry("org.example.X11Calculator", orientations: nil)
        try writeDesktopEntry("org.example.X11Notes", orientations: "portrait")
        try writeDesktopEntry("org.example.X11Lomiri", orientations: nil, extraLines: ["X-Lomiri-Supported-Orientations=Primary"])
        let display = try startWindowManagedScreen()
        try launchOrientdFollowingWindows(display: display, ["--natural-orientation", "landscape"])
        try waitForProperty("OutputOrientation", "landscape-right")

        _ = try startUnmodifiedApp("org.example.X11Calculator")
        try waitForProperty("FrontApp", "org.example.X11Calculator")
        let front = try XCTUnwrap(managerProperty("FrontScene").string)
        XCTAssertEqual(try property("InterfaceOrientation", of: front).string, "landscape-right", "as the panel is")
        XCTAssertEqual(try managerProperty("OutputOrientation").string, "landscape-right")
        XCTAssertEqual(try xrandrRotation("default", display: display), "normal")

        let notes = try startUnmodifiedApp("org.example.X11Notes")
        try waitForProperty("FrontApp", "org.example.X11Notes")
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        notes.terminate()
        try waitForProperty("FrontApp", "org.example.X11Calculator")
        try compositor.waitForPanel(.normal)
        try waitForProperty("OutputOrientation", "landscape-right")

        let notesAgain = try startUnmodifiedApp("org.example.X11Notes")
        try waitForProperty("FrontApp", "org.example.X11Notes")
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        let lomiri = try startUnmodifiedApp("org.example.X11Lomiri")
        try waitForProperty("FrontApp", "org.example.X11Lomiri")
        try compositor.waitForPanel(.normal)
        XCTAssertTrue(try explainFront().contains { $0.contains("org.example.X11Lomiri.desktop allows [landscape-right]") })
        lomiri.terminate()
        notesAgain.terminate()
        try waitForProperty("FrontApp", "org.example.X11Calculator")
    }
}
