import Foundation
import Glibc
import TestSupport
import XCTest

/// mutter 49 and later (forky's 50, sid's 51) put a built-in panel back upright the moment they
/// stop managing its orientation (a convertible folded into laptop mode:
/// `PanelOrientationManaged` goes false, and mutter applies transform 0 itself). orientd must
/// not fight that: the reset is read back and left, the orientation-lock is handed back (mutter
/// turns nothing from the sensor any more), and nothing is applied until orientd itself decides
/// something new. A headless mutter never manages a panel (its virtual monitors are not
/// built-in and it has no touch mode), so mutter's side is the stand-in DisplayConfig with
/// `--mutter` (`Tests/Fixtures/output/phosh-displayconfig.py`), which does what mutter 51's
/// `update_panel_orientation_managed` does, in its order.
final class MutterUnmanagedPanelTests: OutputTestCase {
    let schema = "org.gnome.settings-daemon.peripherals.touchscreen"
    let key = "orientation-lock"

    func lock() throws -> String {
        let output = try runCommand(["gsettings", "get", schema, key], environment: childEnvironment)
        XCTAssertTrue(output.succeeded, "\(output)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func startMutterStandIn() throws -> ChildProcess {
        try startDisplayConfigStandIn("mutter stand-in", ["--mutter"])
    }

    func testAPanelMutterStopsManagingIsPutBackUprightByMutterAndOrientdDoesNotTurnItAgain() throws {
        XCTAssertEqual(try lock(), "false", "the user's value")
        let mutter = try startMutterStandIn()
        let orientd = try launchOrientd(["--output-backend", "mutter"])
        try waitForProperty("OutputBackend", "mutter")
        try callManager("SetDeviceOrientation", [.s("portrait")])
        let scene = try registerScene()
        try callScene(scene, "RequestOrientation", [.s("landscape-left")])
        try waitForProperty("OutputOrientation", "landscape-left")
        try eventually("orientation-lock held while mutter manages the panel", timeout: deadline) { try lock() == "true" }
        XCTAssertEqual(applies(mutter), ["method=1 transform=1 -> applied"], mutter.standardOutput)

        // Laptop mode: mutter lets the panel go and puts it upright.
        XCTAssertEqual(kill(mutter.pid, SIGUSR1), 0)
        try waitForProperty("OutputOrientation", "portrait")
        try eventually("the user's Auto Rotate back once mutter manages nothing", timeout: deadline) { try lock() == "false" }
        XCTAssertEqual(try managerProperty("OutputBackend").string, "mutter", "still attached: \(orientd.log)")
        // A change of orientd's own after the reset (kiosk mode, which turns the panel in every
        // posture) is applied, and it is the only apply since the first: the reset was not undone.
        try callManager("SetKioskMode", [.b(true), .s("landscape-right")])
        try waitForProperty("OutputOrientation", "landscape-right")
        XCTAssertEqual(applies(mutter), ["method=1 transform=1 -> applied", "method=1 transform=3 -> applied"], mutter.standardOutput)
        XCTAssertEqual(mutter.standardOutput.split(separator: "\n").filter { $0.hasPrefix("unmanaged") }.count, 1, mutter.standardOutput)
        XCTAssertEqual(try lock(), "false", "mutter no longer turns the panel from the sensor: nothing to hold")
    }
}
