import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// orientd turning a real mutter's panel (`--output-backend mutter --output Meta-0`: a virtual
/// monitor is not built-in): transforms, kiosk, a second monitor, someone else's change, and
/// mutter dying and coming back.
final class MutterBackendTests: OutputTestCase {
    let driveMeta0 = ["--output-backend", "mutter", "--output", "Meta-0"]

    func testAFrontScenesRequestTurnsThePanel() throws {
        try startMutter()
        try launchOrientd(driveMeta0)
        try waitForProperty("OutputBackend", "mutter")
        XCTAssertEqual(try managerProperty("OutputName").string, "Meta-0")
        try waitForProperty("OutputOrientation", "portrait")
        // What orientd found, and that nothing decides yet: not "drives" before anything turned.
        XCTAssertEqual(orientdLogLines(containing: "output: mutter found").map { String($0.split(separator: "output: ", maxSplits: 1).last!) },
                       ["mutter found Meta-0, showing portrait; orientd leaves it so until a scene in front or kiosk mode decides"], orientd.log)

        let scene = try registerScene()
        XCTAssertEqual(try managerProperty("FrontScene").string, scene)
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        try compositor.waitForPanel(.quarter)
        try waitForProperty("OutputOrientation", "landscape-left")
        let status = try runCommand([OrientdInstance.product("orientctl"), "status"], environment: bus.sessionEnvironment)
        XCTAssertTrue(status.stdout.contains("Output: mutter turns Meta-0, showing landscape-left"), "\(status)")
        XCTAssertTrue(status.stdout.contains("Front scene: \(scene.split(separator: "/").last!) org.example.Output"), "\(status)")
        try callScene(scene, "RequestOrientation", [.s("landscape-right")])
        try compositor.waitForPanel(.threeQuarters)
        try waitForProperty("OutputOrientation", "landscape-right")
        try callScene(scene, "RequestOrientation", [.s("portrait-upside-down")])
        try compositor.waitForPanel(.half)
        try callScene(scene, "RequestOrientation", [.s("portrait")])
        try compositor.waitForPanel(.normal)
        try waitForProperty("OutputOrientation", "portrait")
    }

    func testKioskUpsideDownWithNoSceneTurnsThePanelTo180() throws {
        try startMutter()
        try launchOrientd(driveMeta0)
        try waitForProperty("OutputBackend", "mutter")
        XCTAssertEqual(try managerProperty("FrontScene").string, "/")
        try callManager("SetKioskMode", [.b(true), .s("portrait-upside-down")])
        try compositor.waitForPanel(.half)
        try waitForProperty("OutputOrientation", "portrait-upside-down")
    }

    func testTheClientLibrarySaysTheCompositorTurnsTheContent() throws {
        try startMutter()
        try launchOrientd(driveMeta0)
        try waitForProperty("OutputBackend", "mutter")
        let app = try OrientationClient(address: bus.address)
        defer { app.close() }
        XCTAssertEqual(try app.outputBackend(), .mutter)
        XCTAssertTrue(try app.compositorTurnsContent())
    }

    func testASecondMonitorKeepsItsPlaceBesideTheTurnedOne() throws {
        try startMutter(monitors: ["800x1280", "1024x768"])
        let before = try mutterLayout()
        XCTAssertEqual(before.monitor("Meta-1")?.x, 800, "\(before)")
        try launchOrientd(driveMeta0)
        try waitForProperty("OutputBackend", "mutter")
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        // Meta-0 is 1280 wide now: Meta-1 moves right by 480, stays on, keeps its transform.
        let turned = try waitForLayout("Meta-0 transform 1") { $0.monitor("Meta-0")?.transform == 1 }
        XCTAssertEqual(turned.monitor("Meta-0"), .init(x: 0, y: 0, transform: 1, primary: true, connectors: ["Meta-0"]), "\(turned)")
        XCTAssertEqual(turned.monitor("Meta-1"), .init(x: 1280, y: 0, transform: 0, primary: false, connectors: ["Meta-1"]), "\(turned)")
        try callScene(scene, "RequestOrientation", [.s("portrait")])
        let back = try waitForLayout("Meta-0 transform 0") { $0.monitor("Meta-0")?.transform == 0 }
        XCTAssertEqual(back.monitor("Meta-1"), .init(x: 800, y: 0, transform: 0, primary: false, connectors: ["Meta-1"]), "\(back)")
    }

    func testSomeoneElsesTransformIsReadBackAndNotFought() throws {
        try startMutter()
        try launchOrientd(driveMeta0)
        try waitForProperty("OutputBackend", "mutter")
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        try compositor.waitForPanel(.quarter)
        try waitForProperty("OutputOrientation", "landscape-left")
        XCTAssertEqual(orientdLogLines(containing: "ApplyMonitorsConfig").count, 1, orientd.log)

        // Someone else turns the panel upside down: orientd reports it ...
        try applyTransformAsSomeoneElse("Meta-0", 2)
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        // ... and a command that does not change its decision applies nothing.
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        try callScene(scene, "UpdateOrientation")
        let kept = try mutterLayout()
        XCTAssertEqual(kept.monitor("Meta-0")?.transform, 2, "\(kept)")
        // orientd's own next change is applied, and it is the only one since the first.
        try callScene(scene, "RequestOrientation", [.s("landscape-right")])
        try compositor.waitForPanel(.threeQuarters)
        try waitForProperty("OutputOrientation", "landscape-right")
        XCTAssertEqual(orientdLogLines(containing: "ApplyMonitorsConfig").count, 2, orientd.log)
        XCTAssertEqual(try callScene(scene, "UpdateOrientation").child(at: 0).string, "landscape-right")
    }

    func testKillingMutterLeavesOrientdServingAndTheNextMutterIsTurnedAtOnce() throws {
        let first = try startMutter().process
        try launchOrientd(driveMeta0)
        try waitForProperty("OutputBackend", "mutter")
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        try compositor.waitForPanel(.quarter)

        first.kill()
        _ = try first.wait(timeout: deadline)
        try waitForProperty("OutputBackend", "none")
        XCTAssertEqual(try managerProperty("OutputName").string, "")
        XCTAssertEqual(try managerProperty("OutputOrientation").string, "")
        XCTAssertTrue(orientd.process.isRunning)
        XCTAssertFalse(orientdLogLines(containing: "OutputBackend is none until the compositor returns").isEmpty, orientd.log)
        // Still serving: the scene turns, with nothing to turn on screen.
        XCTAssertEqual(try callScene(scene, "RequestOrientation", [.s("portrait-upside-down")]).child(at: 0).string,
                       "portrait-upside-down")

        // A new mutter starts in portrait and is turned to the current orientation at once.
        try startMutter()
        try waitForProperty("OutputBackend", "mutter")
        try compositor.waitForPanel(.half)
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        XCTAssertEqual(try managerProperty("OutputName").string, "Meta-0")
        // On its return the line says what orientd does with what it found.
        XCTAssertFalse(orientdLogLines(containing: "output: mutter found Meta-0, showing portrait; orientd turns it to portrait-upside-down").isEmpty, orientd.log)
    }

    /// SIGTERM hands the panel back as mutter had it before orientd turned it.
    func testACleanStopHandsThePanelBackAsTheCompositorHadIt() throws {
        try startMutter()
        try launchOrientd(driveMeta0)
        try waitForProperty("OutputBackend", "mutter")
        try callManager("SetKioskMode", [.b(true), .s("landscape-right")])
        try compositor.waitForPanel(.threeQuarters)
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        try compositor.waitForPanel(.normal)
        XCTAssertFalse(orientdLogLines(containing: "handed Meta-0 back to the compositor as it was before orientd turned it (transform 0)").isEmpty, orientd.log)
    }

    /// A panel someone else turned after orientd's last change is theirs: a stop leaves it.
    func testAStopLeavesAPanelSomeoneElseTurnedAsItIs() throws {
        try startMutter()
        try launchOrientd(driveMeta0)
        try waitForProperty("OutputBackend", "mutter")
        try callManager("SetKioskMode", [.b(true), .s("landscape-left")])
        try compositor.waitForPanel(.quarter)
        try waitForProperty("OutputOrientation", "landscape-left")
        // Persistent: headless mutter may put a temporary change back by itself, after
        // orientd read it, and the panel would show orientd's change again at the stop.
        // Kiosk mode turns a first such change back once (OutputPart's turned-back rule);
        // the second is the user's choice, left alone. Waiting for each step makes orientd's
        // last change come before someone else's, whatever the machine's load: mutter showing
        // orientd's turn is not enough, orientd must have read it back too (OutputOrientation
        // says so; for the turn back, after its line says it read the first turn). Under load,
        // mutter's MonitorsChanged for orientd's turn and for someone else's otherwise reach
        // orientd as one read, and orientd never saw its own turn land.
        try applyTransformAsSomeoneElse("Meta-0", 2, method: 2)
        try eventually("orientd read the first turn:\n\(orientd.log)", timeout: deadline) {
            !orientdLogLines(containing: "someone else turned the panel to portrait upside down; orientd turns it back").isEmpty
        }
        try compositor.waitForPanel(.quarter)
        try waitForProperty("OutputOrientation", "landscape-left")
        try applyTransformAsSomeoneElse("Meta-0", 2, method: 2)
        try waitForProperty("OutputOrientation", "portrait-upside-down")
        try eventually("orientd leaves the second turn as the user's choice:\n\(orientd.log)", timeout: deadline) {
            !orientdLogLines(containing: "again; orientd leaves it so, as the user's choice").isEmpty
        }
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        // orientd handed nothing back (0 is what it would have handed back). Not "still 2":
        // headless mutter may yet apply orientd's earlier temporary (method 1) change late,
        // by itself, and show 1 again.
        XCTAssertNotEqual(try mutterLayout().monitor("Meta-0")?.transform, 0, orientd.log)
        XCTAssertFalse(orientdLogLines(containing: "Meta-0 was turned by someone else since orientd's last change; leaving it as it is").isEmpty, orientd.log)
    }

    func testAMissingOutputIsReportedAndOrientdServes() throws {
        try startMutter()
        try launchOrientd(["--output-backend", "mutter", "--output", "eDP-9"])
        let why = "no output eDP-9 is on (monitors on: Meta-0); choose one with --output Meta-0"
        try eventually("the log names the missing output", timeout: deadline) {
            !orientdLogLines(containing: why).isEmpty
        }
        try waitForOutputStatus("mutter: " + why)
        let scene = try registerScene()
        XCTAssertEqual(try callScene(scene, "RequestOrientation", [.s("landscape-left")]).child(at: 0).string, "landscape-left")
        XCTAssertEqual(try mutterLayout().monitor("Meta-0")?.transform, 0)
    }

    /// mutter's only monitor is virtual (Meta-0, not built-in): status says so, and the option
    /// that drives it.
    func testWithoutABuiltInPanelStatusSaysWhyAndWhichOptionDrivesOne() throws {
        try startMutter()
        try launchOrientd([])  // --output-backend auto, no --output
        try waitForOutputStatus("mutter: no built-in panel (eDP, DSI, LVDS or marked built-in) is on (monitors on: Meta-0); "
                                + "choose one with --output Meta-0")
    }

    /// No compositor at all: status says that auto found none and waits for mutter; and once
    /// mutter comes and drives the panel, the reason is gone.
    func testWithNoCompositorStatusSaysAutoFoundNone() throws {
        try launchOrientd(["--output", "Meta-0"])
        try waitForOutputStatus("--output-backend auto found no compositor (no org.gnome.Mutter.DisplayConfig on the session bus, "
                                + "no wlroots or KWin output management on WAYLAND_DISPLAY, no X server on DISPLAY); "
                                + "orientd waits for mutter, or choose one with --output-backend")
        try startMutter()
        try waitForProperty("OutputBackend", "mutter")
        try waitForProperty("OutputStatus", "")
        XCTAssertEqual(try statusOutputLine(), "Output: mutter turns Meta-0, showing portrait")
    }

    func testAutoFindsMutterOnTheBus() throws {
        try startMutter()
        try launchOrientd(["--output", "Meta-0"])  // --output-backend auto, the default
        try waitForProperty("OutputBackend", "mutter")
        XCTAssertFalse(orientdLogLines(containing: "org.gnome.Mutter.DisplayConfig is on the session bus: mutter").isEmpty, orientd.log)
        try callManager("SetKioskMode", [.b(true), .s("landscape-right")])
        try compositor.waitForPanel(.threeQuarters)
    }

    func testAutoWaitsForAGNOMESessionThatStartsLater() throws {
        try launchOrientd(["--output-backend", "auto", "--output", "Meta-0"])
        try eventually("orientd says it is waiting", timeout: deadline) {
            !orientdLogLines(containing: "watching for org.gnome.Mutter.DisplayConfig").isEmpty
        }
        XCTAssertEqual(try managerProperty("OutputBackend").string, "none")
        try callManager("SetKioskMode", [.b(true), .s("portrait-upside-down")])
        try startMutter()
        try waitForProperty("OutputBackend", "mutter")
        try compositor.waitForPanel(.half)
        // It follows the compositor's MonitorsChanged from its arrival on (orientd subscribes
        // only once DisplayConfig has an owner): someone else's turn is read back.
        try applyTransformAsSomeoneElse("Meta-0", 1)
        try waitForProperty("OutputOrientation", "landscape-left")
    }

    func testNoneLeavesTheCompositorAlone() throws {
        try startMutter()
        try launchOrientd(["--output-backend", "none", "--output", "Meta-0"])
        try callManager("SetKioskMode", [.b(true), .s("portrait-upside-down")])
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("portrait-upside-down")])
        XCTAssertEqual(try managerProperty("OutputBackend").string, "none")
        XCTAssertEqual(try managerProperty("FrontScene").string, scene)
        XCTAssertEqual(try mutterLayout().monitor("Meta-0")?.transform, 0)
        try waitForOutputStatus("--output-backend none: orientd leaves the panel to the compositor (--output-backend auto turns it)")
        XCTAssertFalse(orientdLogLines(containing: "output backend: none").isEmpty, orientd.log)
        XCTAssertTrue(orientdLogLines(containing: "ApplyMonitorsConfig").isEmpty, orientd.log)
    }
}
