import Foundation
import TestSupport
import XCTest

/// orientd turning a real KWin (`kwin_wayland --virtual`) through KWin's output management
/// (kde_output_device_v2, kde_output_management_v2); the test reads KWin back with kscreen-doctor.
final class KWinBackendTests: OutputTestCase {
    static let output = kwinOutput

    /// Each row of the table, read back by kscreen-doctor; someone else's rotation is read
    /// back (KWin's output-device events) and not fought.
    func testEachOrientationReachesThePanelAndSomeoneElsesIsReadBack() throws {
        try startKWin()
        try launchOrientd(["--output-backend", "kwin", "--output", Self.output], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "kwin")
        try waitForProperty("OutputName", Self.output)
        _ = try registerScene()
        try turnThroughEachRow()

        let appliesBefore = orientdLogLines(containing: "output: kwin: turning").count
        try kscreenDoctor(["output.\(Self.output).rotation.inverted"])
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        XCTAssertEqual(try kscreenRotation(Self.output), 4, "orientd turned the panel back")
        XCTAssertEqual(orientdLogLines(containing: "output: kwin: turning").count, appliesBefore)
    }

    /// `--output-backend kwin` on a compositor that is not KWin (phoc) says so and stays none.
    func testOnAnotherCompositorTheBackendSaysItIsNotKWin() throws {
        try startPhoc()
        try launchOrientd(["--output-backend", "kwin"], environment: waylandEnvironment)
        try eventually("orientd says the compositor is not KWin", timeout: deadline) {
            !orientdLogLines(containing: "is not KWin: it offers no kde_output_management_v2").isEmpty
        }
        XCTAssertEqual(try managerProperty("OutputBackend").string, "none")
    }

    /// KWin killed: orientd keeps serving with OutputBackend none; a new KWin is picked up and
    /// shown the current orientation.
    func testKWinKilledAndBackIsPickedUpAgain() throws {
        let kwin = try startKWin().process
        try launchOrientd(["--output-backend", "auto", "--output", Self.output], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "kwin")
        XCTAssertFalse(orientdLogLines(containing: "offers KWin's output management").isEmpty, orientd.log)
        _ = try registerScene()
        try turnDevice("landscape-right")
        try compositor.waitForPanel(.quarter)

        kwin.kill()
        try kwin.wait(timeout: deadline)
        try waitForProperty("OutputBackend", "none")
        XCTAssertTrue(orientd.process.isRunning)
        try turnDevice("landscape-left")

        try startKWin()
        try waitForProperty("OutputBackend", "kwin")
        try compositor.waitForPanel(.threeQuarters)
        try waitForProperty("OutputOrientation", "landscape-right")
    }

    /// A turn asked for while another is in flight ends at the last (`turnWhileInFlight`).
    func testATurnAskedForWhileAnotherIsInFlightEndsAtTheLast() throws {
        try startKWin()
        try turnWhileInFlight(backend: "kwin")
    }

    /// The panel turned off by someone else (kscreen-doctor) is gone: orientd detaches saying
    /// which outputs are on, serves on, and turns the panel to the current orientation when it
    /// is back on.
    func testThePanelTurnedOffDetachesAndIsTurnedWhenItIsBackOn() throws {
        try startKWin(outputs: 2)
        try launchOrientd(["--output-backend", "kwin", "--output", "Virtual-1"], environment: waylandEnvironment)
        try waitForProperty("OutputName", "Virtual-1")
        _ = try registerScene()
        try turnDevice("landscape-right")
        try eventually("Virtual-1 turned landscape-left (2)", timeout: deadline) { try kscreenRotation("Virtual-1") == 2 }

        try kscreenDoctor(["output.Virtual-1.disable"])
        try waitForProperty("OutputBackend", "none")
        try eventually("OutputStatus says Virtual-1 is not on", timeout: deadline) {
            try managerProperty("OutputStatus").string?.hasPrefix("kwin: no output Virtual-1 is on (outputs on: Virtual-0") == true
        }
        XCTAssertEqual(try kscreenRotation("Virtual-0"), 1, "the other output is left alone")

        try turnDevice("landscape-left")
        try kscreenDoctor(["output.Virtual-1.enable"])
        try waitForProperty("OutputBackend", "kwin")
        try eventually("Virtual-1 turned landscape-right (8)", timeout: deadline) { try kscreenRotation("Virtual-1") == 8 }
        try waitForProperty("OutputOrientation", "landscape-right")
        XCTAssertEqual(try kscreenRotation("Virtual-0"), 1, "the other output is left alone")
    }
}
