import OrientationCore
import XCTest

/// Who set a setting, as the snapshot keeps it: a lock wins, then the user, then a file; and
/// `SettingSources` counts as changed only when some setting's source reads differently.
final class SettingProvenanceTests: XCTestCase {
    private let admin = "/etc/orientd/orientd.conf"
    private let vendor = "/usr/share/orientd/orientd.conf"

    func testALockWinsOverTheUserAndTheUserOverAFile() {
        let userSetsKiosk = SettingProvenance.userMask { $0 == .kioskMode || $0 == .settleTime }
        let provenance = SettingProvenance(locks: [.kioskMode: admin], fileValues: [.settleTime: vendor, .rotationLocked: vendor],
                                           userSets: userSetsKiosk)
        XCTAssertEqual(provenance.source(of: .kioskMode), .configuration(file: admin, locked: true))
        XCTAssertEqual(provenance.source(of: .settleTime), .user)
        XCTAssertEqual(provenance.source(of: .rotationLocked), .configuration(file: vendor, locked: false))
        XCTAssertEqual(provenance.source(of: .splitViewThreshold), .builtIn)
        XCTAssertEqual(provenance.wireValues[.kioskMode], admin)
        XCTAssertEqual(provenance.wireValues[.settleTime], "user")
        XCTAssertEqual(provenance.wireValues[.splitViewThreshold], "default")
        XCTAssertEqual(Set(provenance.wireValues.keys), Set(SettingKey.allCases))
    }

    func testEachKeyHasItsOwnUserBit() {
        for key in SettingKey.allCases {
            let provenance = SettingProvenance(userSets: SettingProvenance.userMask { $0 == key })
            XCTAssertEqual(SettingKey.allCases.filter { provenance.source(of: $0) == .user }, [key])
        }
    }

    func testOnlyAnotherSourceCountsAsAChange() {
        let setByFile = SettingProvenance(fileValues: [.kioskMode: admin])
        let lockedBySameFile = SettingProvenance(locks: [.kioskMode: admin], fileValues: [.kioskMode: admin])
        XCTAssertFalse(setByFile.differs(from: lockedBySameFile), "the same file either way: SettingSources reads the same")
        XCTAssertTrue(setByFile.differs(from: SettingProvenance(fileValues: [.kioskMode: vendor])))
        XCTAssertTrue(setByFile.differs(from: SettingProvenance(fileValues: [.kioskMode: admin],
                                                                 userSets: SettingProvenance.userMask { $0 == .kioskMode })))
        XCTAssertFalse(setByFile.differs(from: setByFile))
    }
}
