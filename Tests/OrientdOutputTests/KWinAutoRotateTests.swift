import Foundation
import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import TestSupport
import XCTest

/// KWin's auto-rotate policy on Debian 13's KWin 6.3 (the cached root), read back by the test's
/// own Wayland client (`KWinPolicyClient`), which also sets it as the user would in KWin's
/// display settings: orientd reads the user's policy as KWin's word on turning the panel
/// itself.
///
/// KWin runs nested in Xvfb (its X11 windowed backend): its `--virtual` outputs answer a
/// policy change "applied" but keep their policy (KWin's virtual backend applies only the
/// transform, position, scale and mode), so no client could see one set there.
final class KWinAutoRotateTests: OutputTestCase {
    /// KWin's output in its X11 windowed backend.
    static let output = "X11-0"

    func startDebian13KWin() throws {
        let root = try kwinRootWithReachablePanel(.trixie, version: "6.")
        try startKWin(root: root, readingOutputs: false, x11Display: try startXvfb(size: "1024x1400x24"))
    }

    /// orientd's kwin backend on the test's KWin, without the session bus (KWin's tablet mode unsaid).
    func startBackend() -> OutputBackendRun {
        let (environment, panel) = (childEnvironment.merging(waylandEnvironment) { $1 }, Self.output)
        let run = OutputBackendRun {
            KWinBackend.make(environment: environment, output: panel, log: Log(verbose: true))
        }
        addTeardownBlock { run.stop() }
        return run
    }

    /// Waits until the backend's facts say `rotation`'s kind with `words` in its sentence.
    func waitForRotation(_ run: OutputBackendRun, turns: Bool?, saying words: String,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("the backend reports KWin's rotation (\(words)); events:\n\(run.transcript)", timeout: deadline,
                       file: file, line: line) {
            switch run.facts?.rotation {
            case .turnsPanel(let why)?: return turns == true && why.contains(words)
            case .leavesPanel(let why)?: return turns == false && why.contains(words)
            case .silent?: return turns == nil
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
}
