import Foundation
import TestSupport
import XCTest

/// KWin's auto-rotate policy on forky's KWin 6.7, whose output devices come only from its
/// kde_output_device_registry_v2 (version 21 devices, for orientd and the test's own client
/// alike): every flow of `KWinAutoRotateTests` (inherited, so each runs on this root too) but
/// the panel turned off during a hold.
final class KWinForkyAutoRotateTests: KWinAutoRotateTests {
    override class var release: Debian13Root.Release { .forky }
    override class var kwinVersionPrefix: String { "6.7" }

    /// The panel is turned off and on by kscreen-doctor, Debian 12's, which does not know KWin
    /// 6.7's device registry and so cannot reach its outputs (it waits for them until ended);
    /// the test's own client turns and sets policies only, as orientd does.
    override func testThePanelTurnedOffDuringTheHoldGetsTheUsersPolicyBackWhenItIsOnAgain() throws {
        throw XCTSkip("turning forky's KWin 6.7 output off needs a client of its device registry that enables outputs:"
            + " Debian 12's kscreen-doctor does not know the registry, and the test's own client only turns them and sets their policy")
    }

    /// An output unplugged (its window in Xvfb closed, which KWin's X11 windowed backend takes
    /// as unplugging it): KWin's registry device says `removed`; orientd releases it, names the
    /// output left, and still has KWin's listings after (a release KWin did not expect would
    /// end the connection), as does the test's own client.
    func testOnForkysKWin67AnUnpluggedOutputIsGoneAndTheOtherStays() throws {
        let display = try startDebian13KWin(outputs: 2)
        let user = try kwinPolicyClient()
        try eventually("the test's client lists X11-0 and X11-1", timeout: deadline) { Set(user.outputNames) == ["X11-0", "X11-1"] }
        try launchOrientd(["--output-backend", "kwin", "--output", "X11-1"], environment: waylandEnvironment)
        try waitForProperty("OutputName", "X11-1")
        // KWin makes its outputs' windows in order: X11-1's is the later.
        let windows = try runCommand(["xwininfo", "-root", "-children"], environment: ["DISPLAY": display])
        let window = try XCTUnwrap(windows.stdout.split(whereSeparator: \.isNewline).filter { $0.contains("KDE Wayland Compositor") }
            .compactMap { $0.split(separator: " ").first.flatMap { UInt($0.dropFirst(2), radix: 16) } }.max(), "\(windows)")
        let close = try runCommand([Self.repositoryRoot + "/Tests/Fixtures/output/close_x11_window.py", "\(window)"],
                                   environment: ["DISPLAY": display])
        XCTAssertTrue(close.succeeded, "\(close)")
        try eventually("the test's client lists X11-0 alone (last: \(user.outputNames))", timeout: deadline) { user.outputNames == ["X11-0"] }
        try eventually("OutputStatus says X11-1 is gone and X11-0 is on", timeout: deadline) {
            try managerProperty("OutputStatus").string?.hasPrefix("kwin: no output X11-1 is on (outputs on: X11-0)") == true
        }
        // A round trip through KWin after orientd's release: the user's policy change is listed to orientd too.
        try user.set(.always, on: "X11-0", timeout: deadline)
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        XCTAssertTrue(orientdLogLines(containing: "ended").isEmpty, orientd.log)
    }
}
