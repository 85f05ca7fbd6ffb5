import Foundation
import TestSupport
import XCTest

/// A laptop on GNOME: a 1024×768 panel is a large screen, and a headless mutter does not turn
/// it from the sensor (`PanelOrientationManaged` is false, as on a convertible in laptop
/// mode), so it stands on a desk even though the device is held portrait: an app whose entry
/// declares portrait comes in front and the panel is not turned; the app's scene is not held
/// to its declaration. Real GNOME Shell, headless: the host's and forky's Shell 50.
extension GnomeFrontWindowTests {
    func testOnGnomeShellALaptopsPanelIsNotTurnedByAnApp() throws {
        try aLaptopsPanelIsNotTurnedByAnApp(root: nil)
    }

    func testOnForkysGnomeShell50ALaptopsPanelIsNotTurnedByAnApp() throws {
        try aLaptopsPanelIsNotTurnedByAnApp(root: try cachedRoot(.forky))
    }

    func aLaptopsPanelIsNotTurnedByAnApp(root: String?) throws {
        try writeDesktopEntry(Self.notes, orientations: "portrait")
        try startGnomeShell(extensionEnabled: true, root: root, monitor: "1024x768")
        try launchOrientd(["--output-backend", "auto", "--output", Self.shellPanel, "--window-tracking", "auto",
                           "--screen-class", "auto"],
                          environment: waylandEnvironment.merging(appDataEnvironment) { $1 })
        try waitForProperty("OutputBackend", "mutter")
        try waitForProperty("WindowTracking", "gnome")
        try turnDevice("portrait")
        try waitForProperty("ScreenClass", "large")
        try waitForProperty("Posture", "desk")
        let reason = try managerProperty("PostureReason").string ?? ""
        XCTAssertTrue(reason.contains("PanelOrientationManaged"), reason)

        _ = try startUnmodifiedApp(Self.notes)
        try waitForFront(Self.notes, windows: 1, transforms: [0])
        try eventually("the app's scene is not held to its portrait declaration", timeout: deadline) {
            let path = try XCTUnwrap(managerProperty("FrontScene").string)
            return try property("SupportedOrientations", of: path).stringArray?.count == 4
        }
        XCTAssertEqual(try shellTransform(), 0, "a laptop's panel is never turned by an app")
    }
}
