import Foundation
import TestSupport
import XCTest

/// The KWin flow on the KWin of each cached Debian root (`Debian13Root`): Debian 13's KWin 6.3
/// and forky's 6.7, in the root, with the orientd built on the host (which KWin trusts by its
/// desktop entry, and sees at its path): a landscape app turns KWin's panel, another in front
/// turns it back.
///
/// KWin 6.7 no longer announces its outputs as `kde_output_device_v2` globals: it hands them
/// out only through a `kde_output_device_registry_v2` global (bound at version 21 or later), and
/// neither orientd's kwin output backend nor Debian 12's kscreen-doctor, which the tests read
/// the panel with, knows that registry. So on forky's KWin the panel half is skipped, saying
/// so, and the window half is tested alone: orientd follows the app in front.
extension KWinFrontWindowTests {
    func testOnDebian13sKWin6TheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        try appsInFrontTurnKWinsPanel(root: try kwinRoot(.trixie, version: "6."))
    }

    func testOnForkysKWin67TheAppInFrontTurnsThePanelAndClosingGivesItBack() throws {
        try appsInFrontTurnKWinsPanel(root: try kwinRoot(.forky, version: "6.7"))
    }

    /// orientd follows KWin 6.7's window list (org_kde_plasma_window_management, offered to it
    /// by its desktop entry) with no output backend: each app in front is `FrontApp`, an
    /// observed scene whose Explain names its desktop entry, and closing it gives the one behind.
    func testOnForkysKWin67OrientdFollowsTheAppInFront() throws {
        let root = try cachedRoot(.forky)
        let installed = try kwinVersion(root)
        XCTAssertTrue(installed.hasPrefix("6.7"), "forky's KWin 6.7, not \(installed)")
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try writeDesktopEntry(Self.notes, orientations: "portrait")
        let orientdPath = URL(fileURLWithPath: OrientdInstance.product("orientd")).resolvingSymlinksInPath().path
        try startKWin(trusting: [orientdPath], root: root, readingOutputs: false)
        try launchOrientd(["--output-backend", "none", "--window-tracking", "auto"],
                          environment: waylandEnvironment.merging(appDataEnvironment) { $1 })
        try waitForProperty("WindowTracking", "kwin")

        let game = try startUnmodifiedApp(Self.game)
        try waitForProperty("FrontApp", Self.game)
        try waitForTrackedWindows(1)
        XCTAssertEqual(try frontSceneProperty("Observed").bool, true)
        let explain = "\(try callScene(try XCTUnwrap(managerProperty("FrontScene").string), "Explain"))"
        XCTAssertTrue(explain.contains("The app's desktop entry \(appDataHome)/applications/\(Self.game).desktop"), explain)
        let notes = try startUnmodifiedApp(Self.notes)
        try waitForProperty("FrontApp", Self.notes)
        try waitForTrackedWindows(2)
        notes.terminate()
        try waitForProperty("FrontApp", Self.game)
        game.terminate()
        try waitForProperty("FrontApp", "")
        try waitForTrackedWindows(0)
    }
}

/// orientd's KWin output backend on the KWin of each cached Debian root, which does not trust
/// it (no desktop entry names it): KWin offers its output devices and management to any
/// client, so each row of the table reaches the panel.
final class KWinDebian13BackendTests: OutputTestCase {
    func testOnDebian13sKWin6AnUntrustedOrientdTurnsThePanel() throws {
        try untrustedOrientdTurnsThePanel(root: try kwinRoot(.trixie, version: "6."))
    }

    func testOnForkysKWin67AnUntrustedOrientdTurnsThePanel() throws {
        try untrustedOrientdTurnsThePanel(root: try kwinRoot(.forky, version: "6.7"))
    }

    /// The test's own client, which reads KWin 6.7's panel back where kscreen-doctor cannot,
    /// reads on Debian 13's KWin 6.3 what kscreen-doctor reads, row by row.
    func testOnDebian13sKWin6TheTestsOwnReaderAgreesWithKscreenDoctor() throws {
        try startKWin(root: try kwinRoot(.trixie, version: "6."))
        let reader = try kwinPolicyClient()
        try launchOrientd(["--output-backend", "kwin", "--output", Self.kwinOutput], environment: waylandEnvironment)
        try waitForProperty("OutputName", Self.kwinOutput)
        _ = try registerScene()
        for (device, transform) in [("landscape-right", PanelTransform.quarter), ("landscape-left", .threeQuarters),
                                    ("portrait-upside-down", .half), ("portrait", .normal)] {
            try turnDevice(device)
            try compositor.waitForPanel(transform, timeout: deadline)
            try eventually("the test's client reads \(device) as kscreen-doctor's \(transform) (last: transform \(reader.transform(of: Self.kwinOutput).map(String.init) ?? "none"))",
                           timeout: deadline) {
                reader.transform(of: Self.kwinOutput) == Int32(transform.rawValue)
            }
        }
    }

    /// KWin 6.7's registry hands out every output; orientd follows 16 at most (the bound on
    /// what it keeps of a compositor) and tells KWin it does not want the rest (`release`, a
    /// request KWin would end the connection over were it wrong). The test's own client, bounded
    /// alike, lists 16 and still has KWin's answers after its release; orientd, handed the
    /// outputs in the same order (KWin's for every client), finds the 16th listed and turns
    /// it, and says the one left out is not there.
    func testOnForkysKWin67OrientdFollowsSixteenOfSeventeenOutputs() throws {
        try startKWin(root: try kwinRoot(.forky, version: "6.7"), outputs: 17)
        let reader = try XCTUnwrap(kwinReader)
        try eventually("the test's client lists 16 outputs", timeout: deadline) { reader.outputNames.count == 16 }
        let names = reader.outputNames
        let left = try XCTUnwrap(Set((0..<17).map { "Virtual-\($0)" }).subtracting(names).first, "\(names)")
        try reader.set(.always, on: names[0], timeout: deadline)
        let last = names[15]
        try launchOrientd(["--output-backend", "kwin", "--output", last], environment: waylandEnvironment)
        try waitForProperty("OutputName", last)
        _ = try registerScene()
        try turnDevice("landscape-right")
        try eventually("\(last) turned (transform 1)", timeout: deadline) { reader.transform(of: last) == 1 }
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        try launchOrientd(["--output-backend", "kwin", "--output", left], environment: waylandEnvironment)
        try eventually("OutputStatus says \(left) is not there", timeout: deadline) {
            try managerProperty("OutputStatus").string?.hasPrefix("kwin: no output \(left) is on") == true
        }
    }

    func untrustedOrientdTurnsThePanel(root: String) throws {
        try startKWin(root: root)
        try launchOrientd(["--output-backend", "kwin", "--output", Self.kwinOutput], environment: waylandEnvironment)
        try waitForProperty("OutputName", Self.kwinOutput)
        _ = try registerScene()
        try turnThroughEachRow()
    }
}

extension OutputTestCase {
    /// The version of `root`'s kwin-wayland without its epoch ("6.3.6-1", not "4:6.3.6-1").
    func kwinVersion(_ root: String) throws -> String {
        let version = try Debian13Root.versions(root, of: ["kwin-wayland"])["kwin-wayland"] ?? "not installed"
        return String(version.split(separator: ":", maxSplits: 1).last ?? "")
    }

    /// The cached root of `release`, whose KWin must start with `version`; skips, saying why,
    /// when there is no root.
    func kwinRoot(_ release: Debian13Root.Release, version: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let root = try cachedRoot(release, file: file, line: line)
        let installed = try kwinVersion(root)
        XCTAssertTrue(installed.hasPrefix(version), "\(release.displayName)'s KWin \(version), not \(installed)", file: file, line: line)
        return root
    }
}
