import Foundation
import OrientationClient
import OrientationSettingsKit
import TestSupport
import XCTest

/// The settings app's session with orientd on a private bus: choices applied at once as
/// policies, the lock and kiosk, the administrator's locks refused, and changes announced.
final class SettingsSessionTests: OrientdTestCase {
    var session: SettingsSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let library = try OrientationClient(address: orientd.bus.address, timeout: .seconds(25))
        session = SettingsSession(client: library, folders: [])
        addTeardownBlock { [unowned self] in self.session?.client.close(); self.session = nil }
    }

    func policies() throws -> [String: AppPolicy?] {
        Dictionary(try session.client.appPolicies().map { ($0.appID, $0.policy) }) { first, _ in first }
    }

    func testEachChoiceIsAppliedAtOnceAndFollowingTheAppRemovesThePolicy() throws {
        for choice in [AppChoice.portraitOnly, .landscapeOnly, .any] {
            try session.choose(choice, for: "org.example.Reader")
            XCTAssertEqual(try policies()["org.example.Reader"], choice.policy)
            XCTAssertEqual(SettingsModel(try session.snapshot()).apps.first?.choice, choice)
        }
        try session.choose(.followApp, for: "org.example.Reader")
        XCTAssertNil(try policies()["org.example.Reader"] as Any?)
    }

    func testTheLockAndKioskAreSetThroughTheSession() throws {
        try session.setRotationLocked(true)
        XCTAssertTrue(SettingsModel(try session.snapshot()).rotationLock.isOn)
        try session.setKioskMode(true)
        XCTAssertTrue(SettingsModel(try session.snapshot()).kiosk.isOn)
        try session.setKioskMode(false)
        try session.setRotationLocked(false)
        XCTAssertFalse(SettingsModel(try session.snapshot()).rotationLock.isOn)
    }

    /// "Apps may lock the orientation" is orientd's `AppLocksAllowed`, set and read through
    /// the session, and kept (the state file) as the other settings.
    func testTheAppLocksSwitchIsSetThroughTheSession() throws {
        XCTAssertEqual(SettingsModel(try session.snapshot()).appLocks?.isOn, true, "apps may lock by default")
        try session.setAppLocksAllowed(false)
        XCTAssertEqual(try session.client.managerProperties().appLocksAllowed, false)
        let model = SettingsModel(try session.snapshot())
        XCTAssertEqual(model.appLocks?.isOn, false)
        XCTAssertEqual(model.screen, "This screen: a phone — every app follows how you hold it, as you chose",
                       "the suite's orientd runs with --screen-class phone")
        try session.setAppLocksAllowed(true)
        XCTAssertEqual(SettingsModel(try session.snapshot()).appLocks?.isOn, true)
    }

    func testTheAdministratorsLocksAreShownAndRefused() throws {
        try orientd.xdg.writeConfiguration(
            "[Manager]\nKioskMode=false\nAppLocksAllowed=true\nLocked=KioskMode;AppLocksAllowed\n[App org.example.Game]\nAllowedOrientations=landscape\nLocked=true\n")
        try session.client.reloadConfiguration()
        let model = SettingsModel(try session.snapshot())
        XCTAssertFalse(model.kiosk.isChangeable)
        XCTAssertEqual(model.appLocks?.isChangeable, false)
        XCTAssertTrue(model.rotationLock.isChangeable)
        let game = try XCTUnwrap(model.apps.first { $0.appID == "org.example.Game" })
        XCTAssertTrue(game.isLocked)
        XCTAssertEqual(game.choice, .landscapeOnly)
        XCTAssertThrowsError(try session.choose(.portraitOnly, for: "org.example.Game")) { error in
            XCTAssertEqual((error as? OrientationClientError)?.code, .notPermitted)
        }
        XCTAssertThrowsError(try session.setKioskMode(true))
        XCTAssertThrowsError(try session.setAppLocksAllowed(false)) { error in
            XCTAssertEqual((error as? OrientationClientError)?.code, .notPermitted)
        }
    }

    func testFollowingTheAppOverridesAConfiguredPolicy() throws {
        try orientd.xdg.writeConfiguration("[App org.example.Video]\nAllowedOrientations=landscape\n")
        try session.client.reloadConfiguration()
        XCTAssertEqual(SettingsModel(try session.snapshot()).apps.first?.choice, .landscapeOnly)
        try session.choose(.followApp, for: "org.example.Video")
        let entry = try XCTUnwrap(try session.client.appPolicies().first { $0.appID == "org.example.Video" })
        XCTAssertEqual(entry.source, "user")
        XCTAssertNil(entry.allowed, "no cap: the app's declarations decide")
        XCTAssertEqual(SettingsModel(try session.snapshot()).apps.first?.choice, .followApp)
    }

    /// The app shows orientd's own words for the panel (`ExplainPanel`, as `orientctl explain`
    /// prints them), not a text of its own.
    func testWhyTheScreenIsAsItIsIsOrientdsExplanation() throws {
        _ = try register(["app-id": .s("org.example.Video")])
        let model = SettingsModel(try session.snapshot())
        let sentences = try session.client.explainPanel().map(\.sentence)
        XCTAssertEqual(model.explanation, sentences.joined(separator: "\n"))
        XCTAssertTrue(model.explanation.hasPrefix("org.example.Video is in front"), model.explanation)
        XCTAssertTrue(model.explanation.contains("The rotation lock is off"), model.explanation)
    }

    func testAChangeMadeElsewhereIsAnnounced() throws {
        let changes = LockedValue(0)
        let watch = try session.watch { changes.withLock { $0 += 1 } }
        defer { watch.cancel() }
        try callManager("SetRotationLocked", [.b(true)])
        try eventually("the session announces the lock", timeout: .seconds(10)) { changes.withLock { $0 } > 0 }
    }
}
