import OrientationCore
import XCTest

/// Settings from three levels: the user's choice unless locked, else the configuration's,
/// else the built-in default; locks, ResetSetting and Reload.
final class ConfigurationTests: XCTestCase {
    static let admin = "/etc/xdg/orientd/orientd.conf.d/50-kiosk.conf"

    private func subject(user: SettingLayer = SettingLayer(), _ configure: (inout Configuration) -> Void) -> ManagerUnderTest {
        var configuration = Configuration()
        configure(&configuration)
        var subject = ManagerUnderTest()
        subject.manager = OrientationManager(user: user, configuration: configuration)
        return subject
    }

    func testTheUsersChoiceBeatsTheConfigurationWhichBeatsTheDefault() {
        var user = SettingLayer()
        user.settleTime = 40
        let subject = subject(user: user) {
            $0.values.settleTime = 100
            $0.values.splitViewThreshold = 600
        }
        XCTAssertEqual(subject.manager.settings.settleTimeMilliseconds, 40, "the user's choice")
        XCTAssertEqual(subject.manager.settings.splitViewThreshold, 600, "the configuration's")
        XCTAssertEqual(subject.manager.settings.kioskOrientation, .portrait, "the built-in default")
    }

    func testALockBeatsTheUsersChoiceAndRefusesCallsNamingKeyAndFile() throws {
        var user = SettingLayer()
        user.kioskMode = false
        var subject = subject(user: user) {
            $0.values.kioskMode = true
            $0.values.kioskOrientation = .portraitUpsideDown
            $0.locks[.kioskMode] = Self.admin
        }
        XCTAssertTrue(subject.manager.settings.kioskMode, "the locked value, not the user's")
        let error = subject.expectFailure(.notPermitted, .setKioskMode(false, nil))
        XCTAssertTrue(error?.message.contains("KioskMode") == true && error?.message.contains(Self.admin) == true, "\(String(describing: error))")
        XCTAssertEqual(subject.manager.user.kioskMode, false, "the user's stored choice is unchanged")
        // KioskOrientation is not locked: it can change (kiosk mode stays on, by the lock).
        try subject.run(.setSettleTime(10))
        XCTAssertEqual(subject.manager.settings.settleTimeMilliseconds, 10)
    }

    func testALockedKeyWithoutAValueKeepsTheBuiltInDefault() {
        var user = SettingLayer()
        user.settleTime = 40
        var subject = subject(user: user) { $0.locks[.settleTime] = Self.admin }
        XCTAssertEqual(subject.manager.settings.settleTimeMilliseconds, 250)
        _ = subject.expectFailure(.notPermitted, .setSettleTime(0))
    }

    func testSetKioskModeNamingALockedOrientationIsRefusedButKeepingItIsNot() throws {
        var subject = subject { $0.values.kioskOrientation = .landscapeLeft; $0.locks[.kioskOrientation] = Self.admin }
        let id = try subject.register()
        _ = subject.expectFailure(.notPermitted, .setKioskMode(true, .portrait))
        try subject.run(.setKioskMode(true, nil))
        XCTAssertEqual(subject.manager.snapshot(of: id)?.orientation, .landscapeLeft)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .policy)])
    }

    func testResettingALockedKeyIsRefusedAsChangingItIs() throws {
        var user = SettingLayer()
        user.settleTime = 40
        var subject = subject(user: user) { $0.locks[.settleTime] = Self.admin }
        let refused = subject.expectFailure(.notPermitted, .resetSetting("SettleTime"))
        XCTAssertEqual(refused?.message, "SettleTime is locked by \(Self.admin): the administrator's configuration decides it, "
                       + "and calls cannot change it")
        XCTAssertEqual(subject.manager.user.settleTime, 40, "the user's own value stays")
        try subject.run(.resetSetting("all"))
        XCTAssertNil(subject.manager.user.settleTime, "all drops it: a locked key's own value never applies")
    }

    func testTwoLockedKeysAreNamedEachWithItsFile() {
        var apart = subject { $0.locks[.kioskMode] = Self.admin; $0.locks[.kioskOrientation] = "/etc/xdg/orientd/orientd.conf" }
        let refused = apart.expectFailure(.notPermitted, .setKioskMode(true, .landscapeLeft))
        XCTAssertEqual(refused?.message, "KioskMode is locked by \(Self.admin); KioskOrientation is locked by /etc/xdg/orientd/orientd.conf: "
                       + "the administrator's configuration decides them, and calls cannot change them")
        var same = subject { $0.locks[.kioskMode] = Self.admin; $0.locks[.kioskOrientation] = Self.admin }
        let both = same.expectFailure(.notPermitted, .setKioskMode(true, .landscapeLeft))
        XCTAssertEqual(both?.message, "KioskMode and KioskOrientation are locked by \(Self.admin): "
                       + "the administrator's configuration decides them, and calls cannot change them")
    }

    func testALockedAppPolicyRefusesSetAndResetAndWinsOverTheUsers() throws {
        var user = SettingLayer()
        user.appPolicies["org.example.Video"] = AppPolicy(allowed: .portrait)
        var subject = subject(user: user) {
            $0.values.appPolicies["org.example.Video"] = AppPolicy(allowed: .landscape)
            $0.policySources["org.example.Video"] = Self.admin
            $0.lockedPolicies["org.example.Video"] = Self.admin
        }
        XCTAssertEqual(subject.manager.settings.appPolicies["org.example.Video"], AppPolicy(allowed: .landscape))
        let set = subject.expectFailure(.notPermitted, .setAppPolicy(appId: "org.example.Video", nil))
        XCTAssertTrue(set?.message.contains(Self.admin) == true && set?.message.contains("org.example.Video") == true)
        _ = subject.expectFailure(.notPermitted, .resetSetting("App org.example.Video"))
        // Other apps are free.
        try subject.run(.setAppPolicy(appId: "org.example.Other", AppPolicy(followSensor: false)))
    }

    func testResetSettingLetsTheConfiguredValueApplyAgainAtOnce() throws {
        var user = SettingLayer()
        user.kioskMode = false
        user.appPolicies["org.example.App"] = AppPolicy(allowed: .portrait)
        var subject = subject(user: user) {
            $0.values.kioskMode = true
            $0.values.kioskOrientation = .portraitUpsideDown
            $0.values.appPolicies["org.example.App"] = AppPolicy(allowed: .landscape)
            $0.policySources["org.example.App"] = Self.admin
        }
        let id = try subject.register { $0.supported = .all }
        XCTAssertEqual(subject.manager.snapshot(of: id)?.orientation, .portrait)
        try subject.run(.resetSetting("KioskMode"))
        XCTAssertNil(subject.manager.user.kioskMode)
        XCTAssertTrue(subject.manager.settings.kioskMode)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .portraitUpsideDown, .policy)])
        XCTAssertTrue(subject.events.contains(.settingsChanged), "the user's file changes")
        try subject.run(.resetSetting("all"))
        XCTAssertEqual(subject.manager.user, SettingLayer())
        XCTAssertEqual(subject.manager.settings.appPolicies["org.example.App"], AppPolicy(allowed: .landscape))
        let error = subject.expectFailure(.invalidArgs, .resetSetting("Bogus"))
        XCTAssertTrue(error?.message.contains("SettleTime") == true && error?.message.contains("all") == true)
        // Resetting what was never set changes nothing and is no error.
        try subject.run(.resetSetting("SettleTime"))
        XCTAssertFalse(subject.events.contains(.settingsChanged))
    }

    func testReloadAppliesAtOnceWithThePolicyReason() throws {
        var subject = subject { _ in }
        let id = try subject.register { $0.supported = .all }
        var configuration = Configuration()
        configuration.values.kioskMode = true
        configuration.values.kioskOrientation = .landscapeRight
        configuration.locks[.kioskMode] = Self.admin
        configuration.sources[.kioskMode] = Self.admin
        configuration.sources[.kioskOrientation] = Self.admin
        configuration.files = [Self.admin]
        try subject.run(.reloadConfiguration(configuration))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .policy)])
        XCTAssertTrue(subject.events.contains(.managerPropertiesChanged([.kioskMode, .kioskOrientation, .settingSources])), "\(subject.events)")
        XCTAssertEqual(subject.manager.managerSnapshot.settingSources[.kioskOrientation], Self.admin)
        XCTAssertFalse(subject.events.contains(.settingsChanged), "the user's file is not touched")
        XCTAssertEqual(subject.manager.configuration.lockedKeys, [.kioskMode])
        let kiosk = try XCTUnwrap(subject.manager.explain(id).first { $0.name == "kiosk" }).sentence
        XCTAssertTrue(kiosk.contains("locked by \(Self.admin)"), kiosk)
        // A reload that drops the file brings the defaults back (the scene keeps an orientation it still allows).
        try subject.run(.reloadConfiguration(Configuration()))
        XCTAssertFalse(subject.manager.settings.kioskMode)
        XCTAssertEqual(subject.manager.configuration.lockedKeys, [])
        XCTAssertTrue(subject.events.contains(.managerPropertiesChanged([.kioskMode, .kioskOrientation, .settingSources])), "\(subject.events)")
        XCTAssertEqual(subject.manager.managerSnapshot.settingSources[.kioskOrientation], "default")
    }

    /// The files' own properties are said apart, last: a client following the settings sees
    /// them change first, then which files say so.
    func testAReloadNamesTheFilesAndTheirLocksLastAndOnlyWhenTheyChange() throws {
        var subject = subject { _ in }
        var configuration = Configuration()
        configuration.values.rotationLocked = true
        configuration.locks[.rotationLocked] = Self.admin
        configuration.sources[.rotationLocked] = Self.admin
        configuration.files = [Self.admin]
        try subject.run(.reloadConfiguration(configuration))
        XCTAssertEqual(subject.events.last, .managerPropertiesChanged([.configFiles, .lockedSettings]), "\(subject.events)")
        XCTAssertEqual(subject.events.managerPropertyChanges, [.rotationLocked, .settingSources, .configFiles, .lockedSettings],
                       "who sets RotationLocked changes with it")
        XCTAssertEqual(subject.manager.managerSnapshot.settingSources[.rotationLocked], Self.admin)
        XCTAssertEqual(subject.manager.managerSnapshot.configFiles, [Self.admin])
        XCTAssertEqual(subject.manager.managerSnapshot.lockedSettings, [.rotationLocked])

        configuration.locks[.rotationLocked] = nil
        try subject.run(.reloadConfiguration(configuration))
        XCTAssertEqual(subject.events, [.managerPropertiesChanged([.lockedSettings])],
                       "the same file, no lock: only the locks changed (the file still sets the value)")
        try subject.run(.reloadConfiguration(configuration))
        XCTAssertEqual(subject.events, [], "the same files and locks: nothing to say")
    }

    func testExplainNamesWhereTheSupportedOrientationsAndThePolicyCameFrom() throws {
        var subject = subject {
            $0.values.appPolicies["org.example.App"] = AppPolicy(followSensor: false)
            $0.policySources["org.example.App"] = Self.admin
        }
        let fromFile = try subject.register { $0.supported = .all; $0.supportedFromFile = "/usr/share/applications/org.example.App.desktop" }
        let given = try subject.register { $0.supported = .all }
        let defaulted = try subject.register()
        func sentence(_ id: SceneID, _ step: String) throws -> String {
            try XCTUnwrap(subject.manager.explain(id).first { $0.name == step }).sentence
        }
        XCTAssertTrue(try sentence(fromFile, "supported-orientations").contains("/usr/share/applications/org.example.App.desktop"))
        XCTAssertTrue(try sentence(given, "supported-orientations").contains("supported-orientations"))
        XCTAssertTrue(try sentence(defaulted, "supported-orientations").contains("phone default"))
        let policy = try sentence(given, "app-policy")
        XCTAssertTrue(policy.contains(Self.admin), policy)
    }

    /// orientd --replace reads the user's settings again once the replaced instance let go of
    /// the state folder: what changed since is applied as any other change (events out).
    func testAdoptedUserSettingsApplyWithTheirEvents() throws {
        var subject = subject { _ in }
        let id = try subject.register { $0.supported = .all }
        var saved = SettingLayer()
        saved.kioskMode = true
        saved.kioskOrientation = .landscapeLeft
        saved.settleTime = 77
        try subject.run(.adoptUserSettings(saved))
        XCTAssertEqual(subject.manager.user, saved)
        XCTAssertEqual(subject.manager.settings.settleTimeMilliseconds, 77)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeLeft, .policy)])
        XCTAssertTrue(subject.events.contains(.managerPropertiesChanged([.kioskMode, .kioskOrientation, .settleTime, .settingSources])),
                      "\(subject.events)")
        XCTAssertFalse(subject.events.contains(.settingsChanged), "what was read is not saved again")
    }
}
