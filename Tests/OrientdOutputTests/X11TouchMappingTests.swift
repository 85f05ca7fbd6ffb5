import Foundation
import TestSupport
import XCTest

/// Kiosk touch on X11: each rotation of the panel, orientd's or someone else's, turns the
/// touch devices' "Coordinate Transformation Matrix" with it, read back from the X server
/// (`xinput list-props`). Xephyr has no touchscreen; its XTEST pointer carries the same
/// property, so `--touch-device` names it, as a user names a touchscreen that reports no
/// touch class.
final class X11TouchMappingTests: OutputTestCase {
    /// The matrix `xinput map-to-output` gives a device on an output that fills the screen,
    /// per xrandr rotation.
    static let matrices = [
        "normal": [1, 0, 0, 0, 1, 0, 0, 0, 1],
        "left": [0, -1, 1, 1, 0, 0, 0, 0, 1],
        "inverted": [-1, 0, 1, 0, -1, 1, 0, 0, 1],
        "right": [0, 1, 0, -1, 0, 1, 0, 0, 1],
    ].mapValues { $0.map(Double.init) }
    static let device = "Virtual core XTEST pointer"

    func matrix(_ device: String, display: String) throws -> [Double]? {
        let result = try runCommand(["xinput", "list-props", device], environment: childEnvironment.merging(["DISPLAY": display]) { $1 })
        guard result.succeeded else { throw TestSupportError("xinput list-props failed: \(result)") }
        guard let line = result.stdout.split(separator: "\n").first(where: { $0.contains("Coordinate Transformation Matrix") }),
              let values = line.split(separator: ":").last else { return nil }
        return values.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    func waitForMatrix(_ rotation: String, display: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var last: [Double]?
        try eventually("\(Self.device)'s matrix is \(rotation)'s (last: \(last.map { "\($0)" } ?? "none"))",
                       timeout: deadline, file: file, line: line) {
            last = try matrix(Self.device, display: display)
            return last == Self.matrices[rotation]
        }
    }

    func testTheNamedDeviceFollowsEachRotationOrientdsAndSomeoneElses() throws {
        let display = try startXephyrScreen().display
        try launchOrientd(["--output-backend", "x11", "--output", "default", "--window-tracking", "none",
                           "--touch-device", Self.device], environment: ["DISPLAY": display])
        try waitForProperty("OutputBackend", "x11")
        _ = try registerScene()
        for (device, transform) in [("landscape-right", PanelTransform.quarter), ("portrait-upside-down", .half),
                                    ("landscape-left", .threeQuarters), ("portrait", .normal)] {
            try turnDevice(device)
            try compositor.waitForPanel(transform)
            try waitForMatrix(XephyrScreen.rotations[transform.rawValue], display: display)
        }

        // Someone else turns the panel: orientd reads it back and the touch follows it too.
        let result = try runCommand(["xrandr", "--output", "default", "--rotate", "left"],
                                    environment: childEnvironment.merging(["DISPLAY": display]) { $1 })
        XCTAssertTrue(result.succeeded, result.description)
        try waitForProperty("OutputOrientation", "landscape-left")
        try waitForMatrix("left", display: display)
    }

    /// Without --touch-device only touchscreens follow: Xephyr has none, so orientd says so
    /// once and leaves every device alone; a name no device has is named in a warning.
    func testWithoutATouchscreenNothingIsTouchedAndAMissingNameIsSaid() throws {
        let display = try startXephyrScreen().display
        try launchOrientd(["--output-backend", "x11", "--output", "default", "--window-tracking", "none"],
                          environment: ["DISPLAY": display])
        try waitForProperty("OutputBackend", "x11")
        _ = try registerScene()
        try turnDevice("landscape-right")
        try compositor.waitForPanel(.quarter)
        try eventually("orientd says the X server has no touchscreen", timeout: deadline) {
            !orientdLogLines(containing: "has no touchscreen").isEmpty
        }
        XCTAssertEqual(try matrix(Self.device, display: display), Self.matrices["normal"], "a pointer that is no touchscreen is left alone")
        try turnDevice("portrait")
        try compositor.waitForPanel(.normal)
        XCTAssertEqual(orientdLogLines(containing: "has no touchscreen").count, 1, "said once, not at each rotation")

        orientd.stop()
        try launchOrientd(["--output-backend", "x11", "--output", "default", "--window-tracking", "none",
                           "--touch-device", "Missing Touchscreen"], environment: ["DISPLAY": display])
        try turnDevice("landscape-right")
        try eventually("orientd names the missing device and the X server's devices", timeout: deadline) {
            orientdLogLines(containing: "no input device named 'Missing Touchscreen'")
                .contains { $0.contains("'\(Self.device)'") }
        }
    }
}
