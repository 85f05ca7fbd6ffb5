import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// The manager's settings, policies, history and properties through the client, against a
/// real orientd.
final class ManagerTests: ClientTestCase {
    func testSettingsAreSetReadBackAndReset() throws {
        try client.setRotationLocked(true)
        try client.setKioskMode(true, orientation: .portraitUpsideDown)
        try client.setSettleTime(milliseconds: 120)
        try client.setSplitViewThreshold(points: 700)
        var manager = try client.managerProperties()
        XCTAssertTrue(manager.rotationLocked)
        XCTAssertTrue(manager.kioskMode)
        XCTAssertEqual(manager.kioskOrientation, .portraitUpsideDown)
        XCTAssertEqual(manager.settleTime, 120)
        XCTAssertEqual(manager.splitViewThreshold, 700)
        XCTAssertEqual(try client.managerProperty("SettleTime").uint32, 120)

        // Kiosk off without an orientation keeps the stored one.
        try client.setKioskMode(false)
        manager = try client.managerProperties()
        XCTAssertFalse(manager.kioskMode)
        XCTAssertEqual(manager.kioskOrientation, .portraitUpsideDown)

        try client.resetSetting(.setting(.rotationLocked))
        XCTAssertFalse(try client.managerProperties().rotationLocked)
        try client.resetSetting(.all)
        manager = try client.managerProperties()
        XCTAssertEqual(manager.kioskOrientation, .portrait, "the default again")
        XCTAssertEqual(manager.splitViewThreshold, 768)
    }

    func testTheDeviceOrientationIsTypedAndAnUnknownPropertyFailsWithOrientdsError() throws {
        try client.setDeviceOrientation(.landscapeLeft)
        XCTAssertEqual(try client.managerProperties().deviceOrientation, .landscapeLeft)
        XCTAssertEqual(try client.managerProperties().sensorSource, "manual")
        assertFails(.invalidArgs) { () throws(OrientationClientError) in try client.managerProperty("Colour") }
        XCTAssertEqual(ManagerProperties.names.first, "Version")
        XCTAssertTrue(ManagerProperties.names.contains("LockedSettings"))
        XCTAssertEqual(try client.configurationFiles(), [])
        XCTAssertNoThrow(try client.reloadConfiguration())
    }

    func testAppPoliciesAreSetListedAndRemoved() throws {
        try client.setAppPolicy(AppPolicy(allowed: .landscape, followSensor: false), for: "org.example.Game")
        try client.setAppPolicy(AppPolicy(followSensor: false), for: "org.example.Calm")
        let policies = try client.appPolicies()
        XCTAssertEqual(policies.map(\.appID), ["org.example.Calm", "org.example.Game"], "sorted by app id")
        XCTAssertEqual(policies[1].allowed.map(Set.init), ["landscape-left", "landscape-right"])
        XCTAssertEqual(policies[1].policy, AppPolicy(allowed: .landscape, followSensor: false))
        XCTAssertEqual(policies[0].policy, AppPolicy(allowed: nil, followSensor: false))
        XCTAssertEqual(policies[0].source, "user")
        XCTAssertFalse(policies[0].locked)

        try client.resetSetting(.appPolicy(appID: "org.example.Calm"))
        try client.setAppPolicy(nil, for: "org.example.Game")
        XCTAssertEqual(try client.appPolicies(), [])
    }

    func testHistoryListsChangesNewestFirst() throws {
        let scene = try registerPhoneScene(appID: "org.example.History")
        try client.setDeviceOrientation(.landscapeLeft)
        try client.setDeviceOrientation(.portrait)
        try eventually("two changes recorded") { try client.history(limit: 0).count >= 2 }
        let history = try client.history(limit: 2)
        XCTAssertEqual(history.count, 2)
        XCTAssertEqual(history.map(\.current), ["portrait", "landscape-right"], "newest first")
        XCTAssertEqual(history[0].scene, scene.path)
        XCTAssertEqual(history[0].appID, "org.example.History")
        XCTAssertEqual(history[0].change?.current, .portrait)
        XCTAssertEqual(history[0].change?.reason, .device)
        XCTAssertGreaterThanOrEqual(history[0].time, history[1].time)
        XCTAssertEqual(try client.history(limit: 1).count, 1)
    }
}
