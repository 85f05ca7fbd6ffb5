import Foundation
import OrientationCore
import XCTest
@testable import OrientationBus

final class SettingsStoreTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "orientd-store-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testNoFileGivesDefaults() {
        XCTAssertEqual(SettingsStore(directory: directory).load(log: Log(verbose: false)), Settings())
    }

    func testEverySettingRoundTrips() throws {
        var settings = Settings()
        settings.rotationLocked = true
        settings.kioskMode = true
        settings.kioskOrientation = .portraitUpsideDown
        settings.splitViewThreshold = 900
        settings.settleTimeMilliseconds = 0
        settings.appPolicies = ["com.example.Video": AppPolicy(allowed: .landscape, followSensor: false),
                                "org.example.Reader": AppPolicy(allowed: nil, followSensor: true)]
        let store = SettingsStore(directory: directory)
        try store.save(settings)
        XCTAssertEqual(store.load(log: Log(verbose: false)), settings)
    }

    func testSaveReplacesTheFileWholeLeavingNoTemporaryFiles() throws {
        let store = SettingsStore(directory: directory)
        try store.save(Settings())
        var changed = Settings()
        changed.rotationLocked = true
        try store.save(changed)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [SettingsStore.fileName])
        XCTAssertTrue(store.load(log: Log(verbose: false)).rotationLocked)
    }

    func testCorruptFileIsMovedAsideAndDefaultsUsed() throws {
        let store = SettingsStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "[orientd\nKioskMode=maybe\n".write(toFile: store.path, atomically: true, encoding: .utf8)
        XCTAssertEqual(store.load(log: Log(verbose: false)), Settings())
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        XCTAssertFalse(files.contains(SettingsStore.fileName))
        XCTAssertEqual(files.filter { $0.hasPrefix(SettingsStore.fileName + ".corrupt-") }.count, 1)
    }

    func testBadValueIsTreatedAsCorrupt() throws {
        let store = SettingsStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "[orientd]\nKioskOrientation=sideways\n".write(toFile: store.path, atomically: true, encoding: .utf8)
        XCTAssertEqual(store.load(log: Log(verbose: false)).kioskOrientation, .portrait)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
    }

    func testTemporaryFilesOfInterruptedWritesAreRemovedAndNothingElse() throws {
        let store = SettingsStore(directory: directory)
        var settings = Settings()
        settings.kioskMode = true
        try store.save(settings)
        let leftovers = ["settings.ini.AB12cd", "settings.ini.x9Y8z7"]
        let kept = ["settings.ini.corrupt-1796222530", "notes.txt"]
        for name in leftovers + kept { try "junk".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8) }
        XCTAssertTrue(store.load(log: Log(verbose: false)).kioskMode)
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
