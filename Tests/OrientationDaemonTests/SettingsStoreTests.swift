import Foundation
import OrientationCore
import XCTest
@testable import OrientationDaemon

final class SettingsStoreTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "orientd-store-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private let quiet = Log(verbose: false)

    func testNoFileGivesNothingSet() {
        XCTAssertEqual(SettingsStore(directory: directory).load(log: quiet), .init(user: SettingLayer(), refusal: nil))
    }

    func testEverySettingRoundTrips() throws {
        var user = SettingLayer()
        user.rotationLocked = true
        user.kioskMode = true
        user.appLocksAllowed = false
        user.kioskOrientation = .portraitUpsideDown
        user.splitViewThreshold = 900
        user.settleTime = 0
        user.appPolicies = ["com.example.Video": AppPolicy(allowed: .landscape, followSensor: false),
                            "org.example.Reader": AppPolicy(allowed: nil, followSensor: true)]
        let store = SettingsStore(directory: directory)
        try store.save(user)
        XCTAssertEqual(store.load(log: quiet).user, user)
    }

    /// The file keeps only what the user set: a value equal to the built-in default that the
    /// user chose is kept as a choice, the keys never set are absent.
    func testOnlyTheUsersChoicesAreWritten() throws {
        var user = SettingLayer()
        user.settleTime = 250
        let store = SettingsStore(directory: directory)
        try store.save(user)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        XCTAssertTrue(text.contains("SettleTime=250"), text)
        XCTAssertTrue(text.contains("Format=2"), text)
        for absent in ["RotationLocked", "KioskMode", "KioskOrientation", "SplitViewThreshold", "AppLocksAllowed"] {
            XCTAssertFalse(text.contains(absent), "\(absent) was never set: \(text)")
        }
        XCTAssertEqual(store.load(log: quiet).user, user)
    }

    /// A file of the old format held every value: the defaults in it were not choices.
    func testAnOldFileKeepsTheChangedValuesAndDropsTheDefaults() throws {
        let store = SettingsStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "[orientd]\nRotationLocked=false\nKioskMode=true\nKioskOrientation=portrait\nSplitViewThreshold=768\nSettleTime=40\n\n[policy org.example.A]\nFollowSensor=true\n"
            .write(toFile: store.path, atomically: true, encoding: .utf8)
        var expected = SettingLayer()
        expected.kioskMode = true
        expected.settleTime = 40
        expected.appPolicies = ["org.example.A": AppPolicy()]
        XCTAssertEqual(store.load(log: quiet).user, expected)
    }

    func testSaveReplacesTheFileWholeLeavingNoTemporaryFiles() throws {
        let store = SettingsStore(directory: directory)
        try store.save(SettingLayer())
        var changed = SettingLayer()
        changed.rotationLocked = true
        try store.save(changed)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [SettingsStore.fileName])
        XCTAssertEqual(store.load(log: quiet).user.rotationLocked, true)
    }

    func testCorruptFileIsMovedAsideAndNothingIsSet() throws {
        let store = SettingsStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "[orientd\nKioskMode=maybe\n".write(toFile: store.path, atomically: true, encoding: .utf8)
        XCTAssertEqual(store.load(log: quiet), .init(user: SettingLayer(), refusal: nil))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        XCTAssertFalse(files.contains(SettingsStore.fileName))
        XCTAssertEqual(files.filter { $0.hasPrefix(SettingsStore.fileName + ".corrupt-") }.count, 1)
    }

    func testBadValueIsTreatedAsCorrupt() throws {
        let store = SettingsStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "[orientd]\nKioskOrientation=sideways\n".write(toFile: store.path, atomically: true, encoding: .utf8)
        XCTAssertNil(store.load(log: quiet).user.kioskOrientation)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
    }

    /// A FIFO is not corrupt: it is left alone, never blocks, and saving over it is refused.
    func testAFIFOIsLeftAloneWithoutBlocking() throws {
        let store = SettingsStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(store.path, 0o600), 0)
        let loaded = store.load(log: quiet)
        XCTAssertEqual(loaded.user, SettingLayer())
        XCTAssertTrue(loaded.refusal?.contains("FIFO") == true, "\(loaded)")
        var info = stat()
        XCTAssertEqual(lstat(store.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still there")
    }

    /// Start-up removes orientd's own temporary file, and no user file that merely looks like one.
    func testOnlyOrientdsOwnInterruptedWriteIsRemoved() throws {
        let store = SettingsStore(directory: directory)
        var user = SettingLayer()
        user.kioskMode = true
        try store.save(user)
        let kept = ["settings.ini.backup", "settings.ini.AB12cd", "settings.ini.corrupt-1796222530", "notes.txt"]
        for name in kept + [SettingsStore.temporaryName] {
            try "junk".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        store.removeInterruptedWrite(log: quiet)
        XCTAssertEqual(store.load(log: quiet).user.kioskMode, true)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        XCTAssertEqual(files, Set(kept + [SettingsStore.fileName]))
    }

    func testStateHomeDecidesTheDefaultFolder() {
        XCTAssertEqual(SettingsStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/orientd")
        XCTAssertEqual(SettingsStore.defaultDirectory(environment: ["HOME": "/h"]), "/h/.local/state/orientd")
        XCTAssertEqual(SettingsStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]),
                       "/h/.local/state/orientd")
    }
}
