import Foundation
import TestSupport
import XCTest

/// orientd turning a real headless phoc through wlr-output-management, each result read back
/// by wlr-randr (an independent client of the same protocol).
final class WlrootsBackendTests: OutputTestCase {
    /// Each row of the transform table, read back by wlr-randr: wl_output counts
    /// counter-clockwise, so landscape-left is 90 and landscape-right 270.
    func testEachOrientationReachesThePanelAsTheTableSays() throws {
        try startPhoc()
        try launchOrientd(["--output-backend", "wlroots", "--output", "HEADLESS-1"], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "wlroots")
        try waitForProperty("OutputName", "HEADLESS-1")
        let scene = try registerScene()
        try waitForProperty("FrontScene", scene)
        // The scene follows the device; its content turns against it.
        try turnThroughEachRow()
    }

    /// Someone else (a user's wlr-randr) turns the panel: orientd reads it back from the
    /// compositor's change notification and does not turn it back; its own next change applies.
    func testSomeoneElsesTransformIsReadBackAndNotFought() throws {
        try startPhoc()
        try launchOrientd(["--output-backend", "wlroots", "--output", "HEADLESS-1"], environment: waylandEnvironment)
        _ = try registerScene()
        try turnDevice("landscape-right")
        try compositor.waitForPanel(.quarter)
        try waitForProperty("OutputOrientation", "landscape-left")
        let appliesBefore = orientdLogLines(containing: "wlroots: turning HEADLESS-1").count
        XCTAssertGreaterThan(appliesBefore, 0, "orientd's own turn is logged (--verbose):\n\(orientd.log)")

        try wlrRandr(["--output", "HEADLESS-1", "--transform", "180"])
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        XCTAssertEqual(try wlrTransform("HEADLESS-1"), "180", "orientd turned the panel back")
        XCTAssertEqual(orientdLogLines(containing: "wlroots: turning HEADLESS-1").count, appliesBefore,
                       "orientd turned the panel again after someone else's change")

        try turnDevice("landscape-left")
        try compositor.waitForPanel(.threeQuarters)
        try waitForProperty("OutputOrientation", "landscape-right")
    }

    /// Someone else (wlr-randr) turns the panel to portrait under a landscape-only app: orientd
    /// turns it back once, then leaves a second such turn as the user's choice and says so
    /// (log, Explain); before, the panel stayed portrait under the app until the next decision.
    func testATurnAwayFromWhatTheAppNeedsIsTurnedBackOnceThenRespected() throws {
        try startPhoc()
        try launchOrientd(["--output-backend", "wlroots", "--output", "HEADLESS-1"], environment: waylandEnvironment)
        let reply = try callManager("RegisterScene", [.vardict([
            "app-id": .s("org.example.Landscape"), "idiom": .s("pad"), "supported-orientations": .strings(["landscape"]),
        ])])
        let path = try XCTUnwrap(reply.child(at: 0).string)
        try callScene(path, "SetActivationState", [.s("foreground-active")])
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        let landscape = try XCTUnwrap(try compositor.panelTransform())
        try waitForProperty("OutputOrientation", landscape == .quarter ? "landscape-left" : "landscape-right")

        try wlrRandr(["--output", "HEADLESS-1", "--transform", "normal"])
        try compositor.waitForPanel(landscape)
        XCTAssertFalse(orientdLogLines(containing: "someone else turned the panel to portrait; orientd turns it back").isEmpty, orientd.log)

        try wlrRandr(["--output", "HEADLESS-1", "--transform", "normal"])
        try waitForProperty("OutputOrientation", "portrait")
        try eventually("said once", timeout: deadline) { !orientdLogLines(containing: "as the user's choice").isEmpty }
        XCTAssertEqual(try wlrTransform("HEADLESS-1"), "normal", "the user's second turn is left as it is")
        let explained = try callManager("ExplainPanel", [.s("")])
        XCTAssertTrue("\(explained)".contains("leaves it so as the user's choice"), "\(explained)")
    }

    /// A turn asked for while another is in flight ends at the last (`turnWhileInFlight`).
    func testATurnAskedForWhileAnotherIsInFlightEndsAtTheLast() throws {
        try startPhoc()
        try turnWhileInFlight(backend: "wlroots")
    }

    /// Killing the compositor leaves orientd serving with OutputBackend none; the next
    /// compositor on the socket is picked up and shown the current orientation at once.
    func testCompositorKilledAndBackIsPickedUpAgain() throws {
        let phoc = try startPhoc().process
        try launchOrientd(["--output-backend", "wlroots", "--output", "HEADLESS-1"], environment: waylandEnvironment)
        _ = try registerScene()
        try turnDevice("landscape-right")
        try compositor.waitForPanel(.quarter)

        phoc.kill()
        try phoc.wait(timeout: deadline)
        try waitForProperty("OutputBackend", "none")
        try waitForProperty("OutputName", "")
        XCTAssertTrue(orientd.process.isRunning)
        // Said with a reason: the socket closing.
        XCTAssertFalse(orientdLogLines(containing: "OutputBackend is none until the compositor returns").isEmpty, orientd.log)
        // Still serving: the scene still follows the device meanwhile.
        try turnDevice("landscape-left")

        try startPhoc()
        try waitForProperty("OutputBackend", "wlroots")
        try compositor.waitForPanel(.threeQuarters)
        try waitForProperty("OutputOrientation", "landscape-right")
    }

    /// orientd started before its compositor: none, with the socket's error, until phoc binds
    /// the socket; then it is picked up (a folder watch, no polling) and turned at once.
    func testACompositorStartingAfterOrientdIsPickedUp() throws {
        try launchOrientd(["--output-backend", "wlroots", "--output", "HEADLESS-1"], environment: waylandEnvironment)
        _ = try registerScene()
        try turnDevice("landscape-right")
        try eventually("orientd says no compositor accepts on the socket", timeout: deadline) {
            !orientdLogLines(containing: "no Wayland compositor accepts on \(scratch)/\(Self.waylandSocket)").isEmpty
        }
        XCTAssertEqual(try managerProperty("OutputBackend").string, "none")

        try startPhoc()
        try waitForProperty("OutputBackend", "wlroots")
        try compositor.waitForPanel(.quarter)
        try waitForProperty("OutputOrientation", "landscape-left")
    }

    /// `--output-backend auto` with a wlroots compositor on WAYLAND_DISPLAY picks wlroots.
    func testAutoPicksWlrootsWhenTheCompositorOffersOutputManagement() throws {
        try startPhoc()
        try launchOrientd(["--output-backend", "auto", "--output", "HEADLESS-1"], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "wlroots")
        XCTAssertFalse(orientdLogLines(containing: "offers wlr-output-management").isEmpty, orientd.log)
    }

    /// No panel to drive: the headless output is not built-in, so without --output orientd
    /// says so (naming the outputs there) and stays none.
    func testWithoutABuiltInPanelTheBackendStaysNoneAndSaysWhy() throws {
        try startPhoc()
        try launchOrientd(["--output-backend", "wlroots"], environment: waylandEnvironment)
        let why = "no built-in panel (eDP-*, DSI-*, LVDS-*) is on (outputs on: HEADLESS-1); choose one with --output HEADLESS-1"
        try eventually("orientd says there is no built-in panel", timeout: deadline) {
            !orientdLogLines(containing: why).isEmpty
        }
        try waitForOutputStatus("wlroots: " + why)
    }
}

/// iOS 26's lock on real phoc: a camera's capture screen in front (`prefers-orientation-locked`)
/// keeps phoc's panel while the device turns; once the preference goes, the panel follows.
extension WlrootsBackendTests {
    func testALockedCameraKeepsThePanelWhileTheDeviceTurns() throws {
        try startPhoc()
        try launchOrientd(["--output-backend", "wlroots", "--output", "HEADLESS-1"], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "wlroots")
        let scene = try registerScene("org.example.Camera")
        try waitForProperty("FrontScene", scene)
        try turnDevice("portrait")
        try compositor.waitForPanel(.normal)
        try callScene(scene, "SetRootController", [.s("capture"), .s("view"), .vardict(["prefers-orientation-locked": .b(true)])])
        XCTAssertEqual(try property("OrientationLocked", of: scene).bool, true)

        try turnDevice("landscape-right")
        try waitForProperty("DeviceOrientation", "landscape-right")
        XCTAssertEqual(try property("InterfaceOrientation", of: scene).string, "portrait")
        XCTAssertEqual(try wlrTransform("HEADLESS-1"), "normal", "the capture screen stays put")

        try callScene(scene, "SetControllerProperties", [.s("capture"), .vardict(["prefers-orientation-locked": .b(false)])])
        try callScene(scene, "UpdateOrientation")
        try compositor.waitForPanel(.quarter)
    }
}
