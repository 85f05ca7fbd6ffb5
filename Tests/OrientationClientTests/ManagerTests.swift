import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// The manager's settings, policies, history and properties through the client, against a
/// real orientd.
final class ManagerTests: ClientTestCase {
    func testSettingsAreSetReadBackAndReset() throws {
        try library.setRotationLocked(true)
        try library.setKioskMode(true, orientation: .portraitUpsideDown)
        try library.setSettleTime(milliseconds: 120)
        try library.setSplitViewThreshold(points: 700)
        var manager = try library.managerProperties()
        XCTAssertTrue(manager.rotationLocked)
        XCTAssertTrue(manager.kioskMode)
        XCTAssertEqual(manager.kioskOrientation, .portraitUpsideDown)
        XCTAssertEqual(manager.settleTime, 120)
        XCTAssertEqual(manager.splitViewThreshold, 700)
        XCTAssertEqual(try library.managerProperty("SettleTime").uint32, 120)

        // Kiosk off without an orientation keeps the stored one.
        try library.setKioskMode(false)
        manager = try library.managerProperties()
        XCTAssertFalse(manager.kioskMode)
        XCTAssertEqual(manager.kioskOrientation, .portraitUpsideDown)

        try library.resetSetting(.setting(.rotationLocked))
        XCTAssertFalse(try library.managerProperties().rotationLocked)
        try library.resetSetting(.all)
        manager = try library.managerProperties()
        XCTAssertEqual(manager.kioskOrientation, .portrait, "the default again")
        XCTAssertEqual(manager.splitViewThreshold, 768)
    }

    func testTheDeviceOrientationIsTypedAndAnUnknownPropertyFailsWithOrientdsError() throws {
        try library.setDeviceOrientation(.landscapeLeft)
        XCTAssertEqual(try library.managerProperties().deviceOrientation, .landscapeLeft)
        XCTAssertEqual(try library.managerProperties().sensorSource, "manual")
        assertFails(.invalidArgs) { () throws(OrientationClientError) in try library.managerProperty("Colour") }
        XCTAssertEqual(ManagerProperties.names.first, "Version")
        XCTAssertTrue(ManagerProperties.names.contains("LockedSettings"))
        XCTAssertEqual(try library.configurationFiles(), [])
        XCTAssertNoThrow(try library.reloadConfiguration())
    }

    func testAppPoliciesAreSetListedAndRemoved() throws {
        try library.setAppPolicy(AppPolicy(allowed: .landscape, followSensor: false), for: "org.example.Game")
        try library.setAppPolicy(AppPolicy(followSensor: false), for: "org.example.Calm")
        let policies = try library.appPolicies()
        XCTAssertEqual(policies.map(\.appID), ["org.example.Calm", "org.example.Game"], "sorted by app id")
        XCTAssertEqual(policies[1].allowed.map(Set.init), ["landscape-left", "landscape-right"])
        XCTAssertEqual(policies[1].policy, AppPolicy(allowed: .landscape, followSensor: false))
        XCTAssertEqual(policies[0].policy, AppPolicy(allowed: nil, followSensor: false))
        XCTAssertEqual(policies[0].source, "user")
        XCTAssertFalse(policies[0].locked)

        try library.resetSetting(.appPolicy(appID: "org.example.Calm"))
        try library.setAppPolicy(nil, for: "org.example.Game")
        XCTAssertEqual(try library.appPolicies(), [])
    }

    func testHistoryListsChangesNewestFirst() throws {
        let scene = try registerPhoneScene(appID: "org.example.History")
        try library.setDeviceOrientation(.landscapeLeft)
        try library.setDeviceOrientation(.portrait)
        try eventually("two changes recorded") { try library.history(limit: 0).count >= 2 }
        let history = try library.history(limit: 2)
        XCTAssertEqual(history.count, 2)
        XCTAssertEqual(history.map(\.current), ["portrait", "landscape-right"], "newest first")
        XCTAssertEqual(history[0].scene, scene.path)
        XCTAssertEqual(history[0].appID, "org.example.History")
        XCTAssertEqual(history[0].change?.current, .portrait)
        XCTAssertEqual(history[0].change?.reason, .device)
        XCTAssertGreaterThanOrEqual(history[0].time, history[1].time)
        XCTAssertEqual(try library.history(limit: 1).count, 1)
    }
}
