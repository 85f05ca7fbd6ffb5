import Foundation
import TestSupport
import XCTest

/// `orientctl explain` with no scene: why the panel is as it is, in words, from a real orientd
/// (`ExplainPanel`), for the app in front or one app by its id.
final class PanelExplainVerbTests: OrientctlTestCase {
    func testWithNoArgumentItExplainsTheAppInFrontAndThePanel() throws {
        try ok("device", "landscape-left")
        let scene = try register("org.example.Video", "--supported", "portrait", "landscape")
        let text = try ok("explain")
        XCTAssertTrue(text.hasPrefix("Why the panel is as it is:\n"), text)
        for fact in ["org.example.Video is in front: its scene \(scene) is the most recent foreground-active scene",
                     "The rotation lock is off (the built-in default).", "Kiosk mode is off (the built-in default).",
                     "The device is held landscape-left (from SetDeviceOrientation)",
                     "may take every orientation (UndeclaredAppOrientations: the built-in default)",
                     "No compositor backend turns the panel", "The app's own layers:",
                     "landscape-right: it follows the device (landscape-left)"] {
            XCTAssertTrue(text.contains(fact), "\(fact) in:\n\(text)")
        }
        XCTAssertFalse(text.contains("still allowed"), text)
        XCTAssertEqual(try ok("explain", "org.example.Video"),
                       text.replacingOccurrences(of: "Why the panel is as it is:", with: "Why org.example.Video is shown as it is, and the panel:"))

        let object = try jsonObject("explain")
        XCTAssertTrue(object["app"] is NSNull)
        let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.prefix(8).map { $0["name"] as? String },
                       ["front", "rotation-lock", "kiosk", "device", "undeclared-apps", "app-locks", "screen", "panel"])
        XCTAssertEqual(steps.last?["mask"] as? [String], ["landscape-right"])
    }

    func testAnAppNotInFrontAndAnUnknownOneAreSaidSo() throws {
        try ok("lock")
        let reader = try register("org.example.Reader")
        _ = try register("org.example.Video")
        let text = try ok("explain", "org.example.Reader")
        XCTAssertTrue(text.contains("org.example.Reader is not in front (its scene \(reader) is foreground-active"), text)
        XCTAssertTrue(text.contains("the panel is held for org.example.Video"), text)
        XCTAssertTrue(text.contains("The rotation lock is on (the user's choice)"), text)
        let absent = try ok("explain", "org.example.Absent")
        XCTAssertTrue(absent.contains("org.example.Absent is not in front and orientd knows no window or scene of it"), absent)
        XCTAssertFalse(absent.contains("The app's own layers:"), absent)
        let bad = try fails(1, "explain", "not.an app")
        XCTAssertTrue(bad.stderr.contains("Invalid app-id 'not.an app'"), bad.stderr)
        try ok("reset", "RotationLocked")
    }
}
