import XCTest
@testable import OrientationCore

/// Which configuration file wins: the later one in the documented order, except that a vendor
/// file never changes or unlocks what an administrator's file locked.
final class ConfigurationMergeTests: XCTestCase {
    private let admin = "/etc/xdg/orientd/orientd.conf"
    private let vendor = "/usr/share/orientd/orientd.conf.d/99-vendor.conf"

    private func adminLocksKioskAndAnApp() -> ConfigurationFile {
        var file = ConfigurationFile(path: admin, level: .administrator)
        file.values.kioskMode = true
        file.values.kioskOrientation = .landscapeRight
        file.locks = [.kioskMode, .kioskOrientation]
        var change = ConfigurationFile.PolicyChange()
        change.allowed = .portrait
        change.locked = true
        file.policies = [("org.example.Kiosk", change)]
        return file
    }

    func testAVendorFileAfterTheAdministratorsCannotUnlockOrChangeALock() {
        var configuration = Configuration()
        XCTAssertEqual(configuration.apply(adminLocksKioskAndAnApp()), [])
        var hostile = ConfigurationFile(path: vendor, level: .vendor)
        hostile.values.kioskMode = false
        hostile.values.settleTime = 10
        hostile.locks = [.kioskMode]
        var unlock = ConfigurationFile.PolicyChange()
        unlock.allowed = .all
        unlock.locked = false
        hostile.policies = [("org.example.Kiosk", unlock), ("org.example.Other", unlock)]
        let refused = configuration.apply(hostile)
        XCTAssertEqual(refused.count, 2, "\(refused)")
        XCTAssertTrue(refused[0].contains("KioskMode is locked by \(admin)"), refused[0])
        XCTAssertTrue(refused[1].contains("the policy of org.example.Kiosk is locked by \(admin)"), refused[1])
        XCTAssertEqual(configuration.values.kioskMode, true)
        XCTAssertEqual(configuration.locks[.kioskMode], admin, "the lock keeps the administrator's file")
        XCTAssertEqual(configuration.lockedPolicies["org.example.Kiosk"], admin)
        XCTAssertEqual(configuration.values.appPolicies["org.example.Kiosk"]?.allowed, .portrait)
        XCTAssertEqual(configuration.values.settleTime, 10, "what is not locked: the later file wins")
        XCTAssertEqual(configuration.values.appPolicies["org.example.Other"]?.allowed, .all)
        XCTAssertEqual(configuration.files, [admin, vendor])

        let settings = Settings.effective(user: SettingLayer(), configuration: configuration)
        XCTAssertTrue(settings.kioskMode)
        XCTAssertEqual(settings.appPolicies["org.example.Kiosk"]?.allowed, .portrait)
    }

    func testAnAdministratorsFileMayChangeOrUnlockAnything() {
        var configuration = Configuration()
        var vendorLock = ConfigurationFile(path: vendor, level: .vendor)
        vendorLock.values.rotationLocked = true
        vendorLock.locks = [.rotationLocked]
        var change = ConfigurationFile.PolicyChange()
        change.locked = true
        vendorLock.policies = [("org.example.App", change)]
        XCTAssertEqual(configuration.apply(vendorLock), [])
        var later = ConfigurationFile(path: admin, level: .administrator)
        later.values.rotationLocked = false
        change.locked = false
        later.policies = [("org.example.App", change)]
        XCTAssertEqual(configuration.apply(later), [])
        XCTAssertEqual(configuration.values.rotationLocked, false)
        XCTAssertNil(configuration.lockedPolicies["org.example.App"])

        // The administrator's own later file may unlock its earlier lock of a policy; then a
        // vendor file may change the policy again.
        var own = Configuration()
        _ = own.apply(adminLocksKioskAndAnApp())
        var unlock = ConfigurationFile(path: admin + ".d/50-unlock.conf", level: .administrator)
        var open = ConfigurationFile.PolicyChange()
        open.locked = false
        unlock.policies = [("org.example.Kiosk", open)]
        XCTAssertEqual(own.apply(unlock), [])
        var vendorChange = ConfigurationFile(path: vendor, level: .vendor)
        var allowed = ConfigurationFile.PolicyChange()
        allowed.allowed = .landscape
        vendorChange.policies = [("org.example.Kiosk", allowed)]
        XCTAssertEqual(own.apply(vendorChange), [])
        XCTAssertEqual(own.values.appPolicies["org.example.Kiosk"]?.allowed, .landscape)
    }

    func testAVendorLockOfAnAdministratorsLockedKeyKeepsTheAdministratorsFile() {
        var configuration = Configuration()
        _ = configuration.apply(adminLocksKioskAndAnApp())
        var vendorLock = ConfigurationFile(path: vendor, level: .vendor)
        vendorLock.locks = [.kioskOrientation, .settleTime]
        XCTAssertEqual(configuration.apply(vendorLock), [])
        XCTAssertEqual(configuration.locks[.kioskOrientation], admin)
        XCTAssertEqual(configuration.locks[.settleTime], vendor)
        XCTAssertEqual(configuration.lockedKeys, [.kioskMode, .kioskOrientation, .settleTime])
    }
}
