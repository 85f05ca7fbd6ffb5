import Foundation
import TestSupport
import XCTest

/// orientd turning a real X server (Xephyr inside Xvfb) through RandR (xrandr).
final class X11BackendTests: OutputTestCase {
    /// Each row of the table read back by `xrandr -q`; someone else's rotation is read back
    /// (RandR's change events) and not fought.
    func testEachOrientationReachesTheScreenAndSomeoneElsesIsReadBack() throws {
        let display = try startXephyrScreen().display
        try launchOrientd(["--output-backend", "x11", "--output", "default"], environment: ["DISPLAY": display])
        try waitForProperty("OutputBackend", "x11")
        try waitForProperty("OutputName", "default")
        _ = try registerScene()
        try turnThroughEachRow()

        let appliesBefore = orientdLogLines(containing: "xrandr --output").count
        let result = try runCommand(["xrandr", "--output", "default", "--rotate", "left"],
                                    environment: childEnvironment.merging(["DISPLAY": display]) { $1 })
        XCTAssertTrue(result.succeeded, result.description)
        try waitForProperty("OutputOrientation", "landscape-left")
        XCTAssertEqual(try xrandrRotation("default", display: display), "left", "orientd turned the screen back")
        XCTAssertEqual(orientdLogLines(containing: "xrandr --output").count, appliesBefore)
    }

    /// The X server killed: orientd keeps serving with OutputBackend none; the server started
    /// again on the same display is picked up and shown the current orientation.
    func testXServerKilledAndBackIsPickedUpAgain() throws {
        let screen = try startXephyrScreen()
        let (xephyr, display) = (screen.process, screen.display)
        try launchOrientd(["--output-backend", "auto", "--output", "default"], environment: ["DISPLAY": display])
        try waitForProperty("OutputBackend", "x11")
        _ = try registerScene()
        try turnDevice("landscape-right")
        try compositor.waitForPanel(.quarter)

        xephyr.kill()
        try xephyr.wait(timeout: deadline)
        try waitForProperty("OutputBackend", "none")
        XCTAssertTrue(orientd.process.isRunning)
        // The X server's own error, as whichever saw it first reported it: xev's broken
        // connection, or the read-back's xrandr failing to open the display.
        // Its log is read from a pipe, so it may arrive after the property did.
        try eventually("orientd logs the X server's error", timeout: deadline) {
            !orientdLogLines(containing: "OutputBackend is none").filter { $0.contains(display) }.isEmpty
        }
        // The tool's own sentence ends in a period; the line goes on after it without ".;".
        XCTAssertTrue(orientdLogLines(containing: ".;").isEmpty, orientd.log)
        try turnDevice("landscape-left")

        try screen.startAgain(start: startProcess)
        try waitForProperty("OutputBackend", "x11")
        try compositor.waitForPanel(.threeQuarters)
        try waitForProperty("OutputOrientation", "landscape-right")
    }

    /// orientd started before the X server: none, with the tools' error, until the server
    /// binds its socket; then it is picked up and the screen turned at once.
    func testAnXServerStartingAfterOrientdIsPickedUp() throws {
        let host = try startXvfb(size: "1400x1400x24")
        let display = freeDisplay(after: Int(host.dropFirst())! + 7)
        try launchOrientd(["--output-backend", "x11", "--output", "default"], environment: ["DISPLAY": display])
        _ = try registerScene()
        try turnDevice("landscape-left")
        try eventually("orientd says it cannot open \(display)", timeout: deadline) {
            !orientdLogLines(containing: "unable to open display").isEmpty || !orientdLogLines(containing: "Can't open display").isEmpty
        }
        XCTAssertEqual(try managerProperty("OutputBackend").string, "none")

        try startXephyr(inside: host, display: display)
        try waitForProperty("OutputBackend", "x11")
        // No `XephyrScreen` here (it starts its Xephyr on the first free display, not on one
        // chosen before): the rotation is read with xrandr.
        try eventually("default rotated right on \(display)", timeout: deadline) { try xrandrRotation("default", display: display) == "right" }
        try waitForProperty("OutputOrientation", "landscape-right")
    }
}
