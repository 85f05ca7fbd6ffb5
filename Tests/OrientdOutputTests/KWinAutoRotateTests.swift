import Foundation
import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import TestSupport
import XCTest

/// KWin's auto-rotate policy on Debian 13's KWin 6.3 (the cached root; forky's KWin 6.7, whose
/// devices come from its device registry, in `KWinForkyAutoRotateTests`), read back by the test's
/// own Wayland client (`KWinPolicyClient`), which also sets it as the user would in KWin's
/// display settings: orientd reads the user's policy as KWin's word on turning the panel
/// itself, holds it "never" only while the core holds the compositor's rotation, and gives
/// the user's policy back after, after a crash too.
///
/// KWin runs nested in Xvfb (its X11 windowed backend): its `--virtual` outputs answer a
/// policy change "applied" but keep their policy (KWin's virtual backend applies only the
/// transform, position, scale and mode), so no client could see one set there.
class KWinAutoRotateTests: OutputTestCase {
    /// KWin's output in its X11 windowed backend.
    static let output = "X11-0"
    /// The cached root whose KWin is tested, and the start of that KWin's version.
    class var release: Debian13Root.Release { .trixie }
    class var kwinVersionPrefix: String { "6." }

    /// KWin nested in an Xvfb of its own, whose display this returns.
    @discardableResult
    func startDebian13KWin(outputs: Int = 1) throws -> String {
        let root = try kwinRoot(Self.release, version: Self.kwinVersionPrefix)
        let display = try startXvfb(size: "1700x1400x24")
        try startKWin(root: root, outputs: outputs, readingOutputs: false, x11Display: display)
        return display
    }

    /// orientd's kwin backend on the test's KWin, without the session bus (KWin's tablet mode unsaid).
    func startBackend() -> OutputBackendRun {
        let (environment, panel, state) = (childEnvironment.merging(waylandEnvironment) { $1 }, Self.output, scratch + "/state")
        let run = OutputBackendRun {
            KWinBackend.make(environment: environment, output: panel, log: Log(verbose: true), stateDirectory: state)
        }
        addTeardownBlock { run.stop() }
        return run
    }

    var savedFile: String { scratch + "/state/" + KWinAutoRotate.savedFileName }

    /// Waits until the backend's facts say `rotation`'s kind with `words` in its sentence.
    func waitForRotation(_ run: OutputBackendRun, turns: Bool?, saying words: String,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("the backend reports KWin's rotation (\(words)); events:\n\(run.transcript)", timeout: deadline,
                       file: file, line: line) {
            switch run.facts?.rotation {
            case .turnsPanel(let why)?: return turns == true && why.contains(words)
            case .leavesPanel(let why)?: return turns == false && why.contains(words)
            case .silent?, .saysNothing?: return turns == nil
            case nil: return false
            }
        }
    }

    func testTheUsersPolicyIsKWinsWordOnTurningThePanel() throws {
        try startDebian13KWin()
        let user = try kwinPolicyClient()
        try waitForPolicy(.inTabletMode, user, output: Self.output)  // KWin's default
        try user.set(.always, on: Self.output, timeout: deadline)
        try waitForPolicy(.always, user, output: Self.output)
        let run = startBackend()
        try waitForRotation(run, turns: true, saying: "KWin's auto-rotate policy for \(Self.output) is \"always\"")
        try user.set(.never, on: Self.output, timeout: deadline)
        try waitForRotation(run, turns: false, saying: "is \"never\": it does not turn the panel by itself")
        try user.set(.inTabletMode, on: Self.output, timeout: deadline)
        try waitForRotation(run, turns: nil, saying: "")  // no tablet mode said: the posture goes by the sensor
    }

    func testWhileTheCoreHoldsKWinsPolicyIsNeverAndTheUsersComesBackAfter() throws {
        try startDebian13KWin()
        let user = try kwinPolicyClient()
        try user.set(.always, on: Self.output, timeout: deadline)
        let run = startBackend()
        try waitForRotation(run, turns: true, saying: "\"always\"")
        for round in 0..<2 {
            run.hold(true)
            try waitForPolicy(.never, user, output: Self.output)
            XCTAssertEqual(try String(contentsOfFile: savedFile, encoding: .utf8), "\(Self.output)\nalways\n", "round \(round)")
            // The posture goes by the user's policy, not by orientd's own hold.
            try waitForRotation(run, turns: true, saying: "\"always\"")
            run.hold(false)
            try waitForPolicy(.always, user, output: Self.output)
            try eventually("the saved policy is removed once given back", timeout: deadline) {
                !FileManager.default.fileExists(atPath: savedFile)
            }
        }
        XCTAssertEqual(run.facts?.rotation.isTurning, true, "\(run.transcript)")
    }

    /// The panel turned off during a hold keeps it (a disabled output cannot be configured);
    /// the hold ending meanwhile gives the user's policy back once the panel is on again.
    func testThePanelTurnedOffDuringTheHoldGetsTheUsersPolicyBackWhenItIsOnAgain() throws {
        try startDebian13KWin(outputs: 2)
        let user = try kwinPolicyClient()
        try user.set(.always, on: Self.output, timeout: deadline)
        let run = startBackend()
        try waitForRotation(run, turns: true, saying: "\"always\"")
        run.hold(true)
        try waitForPolicy(.never, user, output: Self.output)
        try kscreenDoctor(["output.\(Self.output).disable"])
        try eventually("the panel is detached; events:\n\(run.transcript)", timeout: deadline) { !run.isAttached }
        run.hold(false)
        try kscreenDoctor(["output.\(Self.output).enable"])
        try waitForPolicy(.always, user, output: Self.output)
        try eventually("the saved policy is removed", timeout: deadline) { !FileManager.default.fileExists(atPath: savedFile) }
    }

    /// The user setting a policy during the hold is the user's new policy: orientd does not set
    /// "never" again until the next hold, and gives the new one back after that.
    func testTheUsersChangeDuringTheHoldIsTheirsAndNotFought() throws {
        try startDebian13KWin()
        let user = try kwinPolicyClient()
        try user.set(.always, on: Self.output, timeout: deadline)
        let run = startBackend()
        try waitForRotation(run, turns: true, saying: "\"always\"")
        run.hold(true)
        try waitForPolicy(.never, user, output: Self.output)
        try user.set(.inTabletMode, on: Self.output, timeout: deadline)
        try waitForRotation(run, turns: nil, saying: "")
        // A second change of the test's own, answered after anything orientd sent before it.
        try user.set(.inTabletMode, on: Self.output, timeout: deadline)
        XCTAssertEqual(user.policy(of: Self.output), .inTabletMode, "orientd fought the user's change")
        XCTAssertFalse(FileManager.default.fileExists(atPath: savedFile))
        run.hold(false)
        run.hold(true)
        try waitForPolicy(.never, user, output: Self.output)
        run.hold(false)
        try waitForPolicy(.inTabletMode, user, output: Self.output)
    }

    /// Through the built orientd: a landscape-only scene on the held large panel (the user's
    /// policy "always") holds KWin's policy "never"; orientd stopping gives the user's policy
    /// back, and so does an orientd killed during a hold when it starts again (KWin keeps a
    /// policy across its own restarts, so a lost one would stay "never").
    func testALandscapeSceneHoldsKWinsPolicyAndStoppedOrKilledOrientdGivesItBack() throws {
        try startDebian13KWin()
        let user = try kwinPolicyClient()
        try user.set(.always, on: Self.output, timeout: deadline)
        try launchHoldingOrientd(user)
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        try waitForPolicy(.always, user, output: Self.output)

        try launchHoldingOrientd(user)
        orientd.process.send(SIGKILL)
        try eventually("orientd is killed", timeout: deadline) { orientd.process.exitStatus != nil }
        XCTAssertEqual(user.policy(of: Self.output), .never, "a killed orientd gives nothing back")
        try launchOrientd(Self.arguments, environment: waylandEnvironment)
        try waitForPolicy(.always, user, output: Self.output)
        XCTAssertFalse(orientdLogLines(containing: "held by an orientd that did not stop cleanly").isEmpty, orientd.log)
        try eventually("the saved policy is removed", timeout: deadline) {
            !FileManager.default.fileExists(atPath: scratch + "/state/orientd/" + KWinAutoRotate.savedFileName)
        }
    }

    static let arguments = ["--output-backend", "kwin", "--output", output, "--screen-class", "auto"]

    /// Starts orientd on the held large panel (the posture says the user's policy) with a
    /// landscape-only pad scene in front, and waits until KWin's policy is "never".
    func launchHoldingOrientd(_ user: KWinPolicyClient) throws {
        try launchOrientd(Self.arguments, environment: waylandEnvironment)
        try waitForProperty("OutputName", Self.output)
        try waitForProperty("Posture", "held")
        XCTAssertTrue(try managerProperty("PostureReason").string?.contains("\"always\"") ?? false, orientd.log)
        let reply = try callManager("RegisterScene", [.vardict([
            "app-id": .s("org.example.Landscape"), "idiom": .s("pad"), "supported-orientations": .strings(["landscape"]),
        ])])
        try callScene(try XCTUnwrap(reply.child(at: 0).string), "SetActivationState", [.s("foreground-active")])
        try waitForPolicy(.never, user, output: Self.output)
        XCTAssertFalse(orientdLogLines(containing: "holding KWin's auto-rotate policy for \(Self.output) at \"never\"").isEmpty, orientd.log)
        try eventually("the panel is turned to landscape", timeout: deadline) {
            try managerProperty("OutputOrientation").string?.hasPrefix("landscape") == true
        }
    }
}

extension CompositorRotation {
    var isTurning: Bool { if case .turnsPanel = self { true } else { false } }
}
