import Foundation
import TestSupport
import XCTest

/// The GSettings hand-over through the built orientd, with GLib's keyfile backend (the key
/// file under the test's scratch folder) and the installed schema, read and written by the
/// `gsettings` tool. (Holding the key needs mutter's PanelOrientationManaged true, which a
/// headless mutter never is: that half is OrientationLockHandoverTests', MutterPhoshTests' and
/// PhoshRotationLockTests'; the link between the key and RotationLocked is tested here.)
final class MutterHandoverTests: OutputTestCase {
    let schema = "org.gnome.settings-daemon.peripherals.touchscreen"
    let key = "orientation-lock"

    @discardableResult
    func gsettings(_ arguments: [String]) throws -> String {
        let output = try runCommand(["gsettings"] + arguments, environment: childEnvironment)
        XCTAssertTrue(output.succeeded, "\(output)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAValueKeptByAKilledOrientdIsPutBackAtTheNextStart() throws {
        // A killed orientd held the key true and kept the user's false in its state folder.
        try gsettings(["set", schema, key, "true"])
        let state = scratch + "/state/orientd"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try Data("false\n".utf8).write(to: URL(fileURLWithPath: state + "/orientation-lock.saved"))

        try startMutter()
        try launchOrientd(["--output-backend", "mutter", "--output", "Meta-0"])
        try waitForProperty("OutputBackend", "mutter")
        XCTAssertEqual(try gsettings(["get", schema, key]), "false", orientd.log)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/orientation-lock.saved"))
        XCTAssertFalse(orientdLogLines(containing: "restoring \(schema) \(key) to false").isEmpty, orientd.log)
        // mutter does not manage this panel's orientation: the key is left as it is.
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        try compositor.waitForPanel(.quarter)
        XCTAssertEqual(try gsettings(["get", schema, key]), "false")
    }

    /// Auto Rotate and RotationLocked are one setting while orientd drives mutter's panel (held
    /// or not): the user's switch locks and unlocks, and orientctl lock and unlock set the key.
    func testTheSwitchIsTheRotationLock() throws {
        try gsettings(["set", schema, key, "true"])
        try startMutter()
        try launchOrientd(["--output-backend", "mutter", "--output", "Meta-0"])
        try waitForProperty("OutputBackend", "mutter")
        try eventually("RotationLocked follows the switch the user left off", timeout: deadline) {
            try managerProperty("RotationLocked").bool == true
        }
        try gsettings(["set", schema, key, "false"])
        try eventually("unlocked by the switch", timeout: deadline) { try managerProperty("RotationLocked").bool == false }
        for (verb, value) in [("lock", "true"), ("unlock", "false")] {
            let result = try runCommand([OrientdInstance.product("orientctl"), verb], environment: childEnvironment)
            XCTAssertTrue(result.succeeded, "\(result)")
            try eventually("orientctl \(verb) sets the key", timeout: deadline) { try gsettings(["get", schema, key]) == value }
        }
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        XCTAssertEqual(try gsettings(["get", schema, key]), "false", "the user's value stays")
    }
}
