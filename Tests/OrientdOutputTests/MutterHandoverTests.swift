import Foundation
import TestSupport
import XCTest

/// The GSettings hand-over through the built orientd, with GLib's keyfile backend (the key
/// file under the test's scratch folder) and the installed schema, read and written by the
/// `gsettings` tool. (Holding the key needs mutter's PanelOrientationManaged true, which a
/// headless mutter never is: that half is OrientationLockHandoverTests'.)
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
        try waitForTransform("Meta-0", 1)
        XCTAssertEqual(try gsettings(["get", schema, key]), "false")
    }
}
