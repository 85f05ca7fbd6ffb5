import OrientationCore
import XCTest

/// Settings from three levels: the user's choice unless locked, else the configuration's,
/// else the built-in default; locks, ResetSetting and Reload.
final class ConfigurationTests: XCTestCase {
    static let admin = "/etc/xdg/orientd/orientd.conf.d/50-kiosk.conf"

    private func rig(user: SettingLayer = SettingLayer(), _ configure: (inout Configuration) -> Void) -> Rig {
        var configuration = Configuration()
        configure(&configuration)
        var rig = Rig()
        rig.manager = OrientationManager(user: user, configuration: configuration)
        return rig
    }

    func testTheUsersChoiceBeatsTheConfigurationWhichBeatsTheDefault() {
        var user = SettingLayer()
        user.settleTime = 40
        let rig = rig(user: user) {
            $0.values.settleTime = 100
            $0.values.splitViewThreshold = 600
        }
        XCTAssertEqual(rig.manager.settings.settleTimeMilliseconds, 40, "the user's choice")
        XCTAssertEqual(rig.manager.settings.splitViewThreshold, 600, "the configuration's")
        XCTAssertEqual(rig.manager.settings.kioskOrientation, .portrait, "the built-in default")
    }

    func testALockBeatsTheUsersChoiceAndRefusesCallsNamingKeyAndFile() throws {
        var user = SettingLayer()
        user.kioskMode = false
        var rig = rig(user: user) {
            $0.values.kioskMode = true
            $0.values.kioskOrientation = .portraitUpsideDown
            $0.locks[.kioskMode] = Self.admin
        }
        XCTAssertTrue(rig.manager.settings.kioskMode, "the locked value, not the user's")
        let error = rig.expectFailure(.notPermitted, .setKioskMode(false, nil))
        XCTAssertTrue(error?.message.contains("KioskMode") == true && error?.message.contains(Self.admin) == true, "\(String(describing: error))")
        XCTAssertEqual(rig.manager.user.kioskMode, false, "the user's stored choice is unchanged")
        // KioskOrientation is not locked: it can change (kiosk mode stays on, by the lock).
        try rig.run(.setSettleTime(10))
        XCTAssertEqual(rig.manager.settings.settleTimeMilliseconds, 10)
    }

    func testALockedKeyWithoutAValueKeepsTheBuiltInDefault() {
        var user = SettingLayer()
        user.settleTime = 40
        var rig = rig(user: user) { $0.locks[.settleTime] = Self.admin }
        XCTAssertEqual(rig.manager.settings.settleTimeMilliseconds, 250)
        _ = rig.expectFailure(.notPermitted, .setSettleTime(0))
    }

    func testSetKioskModeNamingALockedOrientationIsRefusedButKeepingItIsNot() throws {
        var rig = rig { $0.values.kioskOrientation = .landscapeLeft; $0.locks[.kioskOrientation] = Self.admin }
        let id = try rig.register()
        _ = rig.expectFailure(.notPermitted, .setKioskMode(true, .portrait))
        try rig.run(.setKioskMode(true, nil))
        XCTAssertEqual(rig.manager.snapshot(of: id)?.orientation, .landscapeLeft)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .policy)])
    }

    func testResettingALockedKeyIsRefusedAsChangingItIs() throws {
        var user = SettingLayer()
        user.settleTime = 40
        var rig = rig(user: user) { $0.locks[.settleTime] = Self.admin }
        let refused = rig.expectFailure(.notPermitted, .resetSetting("SettleTime"))
        XCTAssertEqual(refused?.message, "SettleTime is locked by \(Self.admin): the administrator's configuration decides it, "
                       + "and calls cannot change it")
        XCTAssertEqual(rig.manager.user.settleTime, 40, "the user's own value stays")
        try rig.run(.resetSetting("all"))
        XCTAssertNil(rig.manager.user.settleTime, "all drops it: a locked key's own value never applies")
    }

    func testTwoLockedKeysAreNamedEachWithItsFile() {
        var apart = rig { $0.locks[.kioskMode] = Self.admin; $0.locks[.kioskOrientation] = "/etc/xdg/orientd/orientd.conf" }
        let refused = apart.expectFailure(.notPermitted, .setKioskMode(true, .landscapeLeft))
        XCTAssertEqual(refused?.message, "KioskMode is locked by \(Self.admin); KioskOrientation is locked by /etc/xdg/orientd/orientd.conf: "
                       + "the administrator's configuration decides them, and calls cannot change them")
        var same = rig { $0.locks[.kioskMode] = Self.admin; $0.locks[.kioskOrientation] = Self.admin }
        let both = same.expectFailure(.notPermitted, .setKioskMode(true, .landscapeLeft))
        XCTAssertEqual(both?.message, "KioskMode and KioskOrientation are locked by \(Self.admin): "
                       + "the administrator's configuration decides them, and calls cannot change them")
    }

    func testALockedAppPolicyRefusesSetAndResetAndWinsOverTheUsers() throws {
        var user = SettingLayer()
        user.appPolicies["org.example.Video"] = AppPolicy(allowed: .portrait)
        var rig = rig(user: user) {
            $0.values.appPolicies["org.example.Video"] = AppPolicy(allowed: .landscape)
            $0.policySources["org.example.Video"] = Self.admin
            $0.lockedPolicies["org.example.Video"] = Self.admin
        }
        XCTAssertEqual(rig.manager.settings.appPolicies["org.example.Video"], AppPolicy(allowed: .landscape))
        let set = rig.expectFailure(.notPermitted, .setAppPolicy(appId: "org.example.Video", nil))
        XCTAssertTrue(set?.message.contains(Self.admin) == true && set?.message.contains("org.example.Video") == true)
        _ = rig.expectFailure(.notPermitted, .resetSetting("App org.example.Video"))
        // Other apps are free.
        try rig.run(.setAppPolicy(appId: "org.example.Other", AppPolicy(followSensor: false)))
    }

    func testResetSettingLetsTheConfiguredValueApplyAgainAtOnce() throws {
        var user = SettingLayer()
        user.kioskMode = false
        user.appPolicies["org.example.App"] = AppPolicy(allowed: .portrait)
        var rig = rig(user: user) {
            $0.values.kioskMode = true
            $0.values.kioskOrientation = .portraitUpsideDown
            $0.values.appPolicies["org.example.App"] = AppPolicy(allowed: .landscape)
            $0.policySources["org.example.App"] = Self.admin
        }
        let id = try rig.register { $0.supported = .all }
        XCTAssertEqual(rig.manager.snapshot(of: id)?.orientation, .portrait)
        try rig.run(.resetSetting("KioskMode"))
        XCTAssertNil(rig.manager.user.kioskMode)
        XCTAssertTrue(rig.manager.settings.kioskMode)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .portraitUpsideDown, .policy)])
        XCTAssertTrue(rig.events.contains(.settingsChanged), "the user's file changes")
        try rig.run(.resetSetting("all"))
        XCTAssertEqual(rig.manager.user, SettingLayer())
        XCTAssertEqual(rig.manager.settings.appPolicies["org.example.App"], AppPolicy(allowed: .landscape))
        let error = rig.expectFailure(.invalidArgs, .resetSetting("Bogus"))
        XCTAssertTrue(error?.message.contains("SettleTime") == true && error?.message.contains("all") == true)
        // Resetting what was never set changes nothing and is no error.
        try rig.run(.resetSetting("SettleTime"))
        XCTAssertFalse(rig.events.contains(.settingsChanged))
    }

    func testReloadAppliesAtOnceWithThePolicyReason() throws {
        var rig = rig { _ in }
        let id = try rig.register { $0.supported = .all }
        var configuration = Configuration()
        configuration.values.kioskMode = true
        configuration.values.kioskOrientation = .landscapeRight
        configuration.locks[.kioskMode] = Self.admin
        configuration.files = [Self.admin]
        try rig.run(.reloadConfiguration(configuration))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .policy)])
        XCTAssertTrue(rig.events.contains(.managerPropertiesChanged([.kioskMode, .kioskOrientation])), "\(rig.events)")
        XCTAssertFalse(rig.events.contains(.settingsChanged), "the user's file is not touched")
        XCTAssertEqual(rig.manager.configuration.lockedKeys, [.kioskMode])
        let kiosk = try XCTUnwrap(rig.manager.explain(id).first { $0.name == "kiosk" }).sentence
        XCTAssertTrue(kiosk.contains("locked by \(Self.admin)"), kiosk)
        // A reload that drops the file brings the defaults back (the scene keeps an orientation it still allows).
        try rig.run(.reloadConfiguration(Configuration()))
        XCTAssertFalse(rig.manager.settings.kioskMode)
        XCTAssertEqual(rig.manager.configuration.lockedKeys, [])
        XCTAssertTrue(rig.events.contains(.managerPropertiesChanged([.kioskMode, .kioskOrientation])), "\(rig.events)")
    }

    func testExplainNamesWhereTheWhitelistAndThePolicyCameFrom() throws {
        var rig = rig {
            $0.values.appPolicies["org.example.App"] = AppPolicy(followSensor: false)
            $0.policySources["org.example.App"] = Self.admin
        }
        let fromFile = try rig.register { $0.supported = .all; $0.supportedFromFile = "/usr/share/applications/org.example.App.desktop" }
        let given = try rig.register { $0.supported = .all }
        let defaulted = try rig.register()
        func sentence(_ id: SceneID, _ step: String) throws -> String {
            try XCTUnwrap(rig.manager.explain(id).first { $0.name == step }).sentence
        }
        XCTAssertTrue(try sentence(fromFile, "whitelist").contains("/usr/share/applications/org.example.App.desktop"))
        XCTAssertTrue(try sentence(given, "whitelist").contains("supported-orientations"))
        XCTAssertTrue(try sentence(defaulted, "whitelist").contains("phone default"))
        let policy = try sentence(given, "app-policy")
        XCTAssertTrue(policy.contains(Self.admin), policy)
    }

    /// orientd --replace reads the user's settings again once the replaced instance let go of
    /// the state folder: what changed since is applied as any other change (events out).
    func testAdoptedUserSettingsApplyWithTheirEvents() throws {
        var rig = rig { _ in }
        let id = try rig.register { $0.supported = .all }
        var saved = SettingLayer()
        saved.kioskMode = true
        saved.kioskOrientation = .landscapeLeft
        saved.settleTime = 77
        try rig.run(.adoptUserSettings(saved))
        XCTAssertEqual(rig.manager.user, saved)
        XCTAssertEqual(rig.manager.settings.settleTimeMilliseconds, 77)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .policy)])
        XCTAssertTrue(rig.events.contains(.managerPropertiesChanged([.kioskMode, .kioskOrientation, .settleTime])), "\(rig.events)")
        XCTAssertFalse(rig.events.contains(.settingsChanged), "what was read is not saved again")
    }
}
