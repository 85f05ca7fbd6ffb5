import Foundation
import GLibBridge
import TestSupport
import XCTest

/// RotationLocked, KioskMode, KioskOrientation, SplitViewThreshold, SettleTime and the app
/// policies survive a restart on the same XDG_STATE_HOME; scenes and history do not; a
/// corrupt settings file is moved aside with a warning and orientd serves the defaults.
final class PersistenceTests: OrientdTestCase {
    override var orientdArguments: [String] { [] }
    override var setUpSettleTime: UInt32? { nil }

    private var settingsPath: String { orientd.stateHome + "/orientd/settings.ini" }

    /// Stops `orientd` cleanly and starts a new one (no arguments) on the same state folder and
    /// a new bus; `client` then talks to the new one.
    private func restart() throws {
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        orientd = try launch(arguments: [], stateHome: orientd.stateHome)
        client = try connect()
    }

    private func policies() throws -> [String: [String: Variant]] {
        let reply = try callManager("GetAppPolicies")
        XCTAssertEqual(reply.typeString, "(a{sa{sv}})")
        return try XCTUnwrap(reply.child(at: 0).stringDictionary).mapValues { $0.vardict ?? [:] }
    }

    func testSettingsAndAppPoliciesSurviveARestart() throws {
        try callManager("SetRotationLocked", [.b(true)])
        try callManager("SetKioskMode", [.b(true), .s("portrait-upside-down")])
        try callManager("SetSplitViewThreshold", [.u(600)])
        try callManager("SetSettleTime", [.u(40)])
        try callManager("SetAppPolicy", [.s("com.example.video"), .vardict([
            "allowed-orientations": .strings(["landscape"]), "follow-sensor": .b(false),
        ])])
        try callManager("SetAppPolicy", [.s("com.example.reader"), .vardict(["follow-sensor": .b(false)])])
        try callManager("SetAppPolicy", [.s("com.example.gone"), .vardict(["allowed-orientations": .strings(["portrait"])])])
        try callManager("SetAppPolicy", [.s("com.example.gone"), .vardict([:])])
        let before = try policies()
        XCTAssertTrue(FileManager.default.fileExists(atPath: settingsPath), settingsPath)
        _ = try registerRotatingPhone()

        try restart()
        let values = try allProperties(of: Contract.managerPath)
        XCTAssertEqual(values["RotationLocked"]?.bool, true)
        XCTAssertEqual(values["KioskMode"]?.bool, true)
        XCTAssertEqual(values["KioskOrientation"]?.string, "portrait-upside-down")
        XCTAssertEqual(values["SplitViewThreshold"]?.uint32, 600)
        XCTAssertEqual(values["SettleTime"]?.uint32, 40)
        XCTAssertEqual(values["DeviceOrientation"]?.string, "unknown", "the device orientation is not persisted")
        let after = try policies()
        XCTAssertEqual(after, before)
        XCTAssertEqual(after.keys.sorted(), ["com.example.reader", "com.example.video"])
        XCTAssertEqual(after["com.example.video"], ["allowed-orientations": .strings(["landscape-right", "landscape-left"]),
                                                    "follow-sensor": .b(false), "source": .s("user"), "locked": .b(false)])
        XCTAssertEqual(after["com.example.reader"]?["follow-sensor"], .b(false))
        XCTAssertNil(after["com.example.reader"]?["allowed-orientations"])

        // Scenes and history are not kept; the restored settings apply to new scenes.
        let objects = try callManager("GetManagedObjects", interface: Contract.objectManager).child(at: 0)
        XCTAssertEqual(objects.childCount, 0)
        XCTAssertEqual(try callManager("GetHistory", [.u(0)]).child(at: 0).childCount, 0)
        let scene = try registerRotatingPhone()
        XCTAssertNotEqual(scene.split(separator: "/").last, "1", "scene numbers are never reused across restarts")
        XCTAssertEqual(try orientation(of: scene), "portrait-upside-down", "kiosk mode, restored, applies")
        XCTAssertEqual(try property("StatusBarHidden", of: scene).bool, true)

        // Turning things back off persists too.
        try callManager("SetKioskMode", [.b(false), .s("")])
        try callManager("SetRotationLocked", [.b(false)])
        try callManager("SetAppPolicy", [.s("com.example.video"), .vardict([:])])
        try restart()
        XCTAssertEqual(try property("KioskMode").bool, false)
        XCTAssertEqual(try property("KioskOrientation").string, "portrait-upside-down")
        XCTAssertEqual(try property("RotationLocked").bool, false)
        XCTAssertEqual(try policies().keys.sorted(), ["com.example.reader"])
    }

    func testACorruptSettingsFileIsMovedAsideAndDefaultsAreServed() throws {
        // Valid settings first, so the defaults afterwards prove the file was not read.
        try callManager("SetSettleTime", [.u(900)])
        XCTAssertEqual(orientd.stop(), .exited(0))
        let folder = orientd.stateHome + "/orientd"
        try Data("[orientd]\nSettleTime=banana\n\u{1}\u{2} not a key file\n".utf8)
            .write(to: URL(fileURLWithPath: settingsPath))

        orientd = try launch(arguments: [], stateHome: orientd.stateHome)
        client = try connect()
        XCTAssertTrue(orientd.log.contains("warning"), orientd.log)
        XCTAssertTrue(orientd.log.contains(settingsPath), orientd.log)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let aside = names.filter { $0.hasPrefix("settings.ini.corrupt") }
        XCTAssertEqual(aside.count, 1, "\(names)")
        XCTAssertTrue(orientd.log.contains(aside.first ?? "?"), "the log says where it went: \(orientd.log)")
        XCTAssertFalse(names.contains("settings.ini"), "\(names)")
        let kept = try String(contentsOfFile: folder + "/" + (aside.first ?? ""), encoding: .utf8)
        XCTAssertTrue(kept.contains("banana"), "the bad file is kept as it was")

        let values = try allProperties(of: Contract.managerPath)
        XCTAssertEqual(values["SettleTime"]?.uint32, 250)
        XCTAssertEqual(values["SplitViewThreshold"]?.uint32, 768)
        XCTAssertEqual(values["RotationLocked"]?.bool, false)
        XCTAssertEqual(values["KioskMode"]?.bool, false)
        XCTAssertEqual(try policies().count, 0)

        // It serves, and saves a good file again.
        try callManager("SetSplitViewThreshold", [.u(700)])
        try restart()
        XCTAssertEqual(try property("SplitViewThreshold").uint32, 700)
        XCTAssertFalse(orientd.log.contains("warning"), orientd.log)
    }

    func testAnUnreadableValueIsAlsoCorrupt() throws {
        XCTAssertEqual(orientd.stop(), .exited(0))
        try FileManager.default.createDirectory(atPath: orientd.stateHome + "/orientd", withIntermediateDirectories: true)
        try Data("[orientd]\nKioskMode=true\nKioskOrientation=sideways\n".utf8).write(to: URL(fileURLWithPath: settingsPath))
        orientd = try launch(arguments: [], stateHome: orientd.stateHome)
        client = try connect()
        XCTAssertTrue(orientd.log.contains("warning"), orientd.log)
        XCTAssertEqual(try property("KioskMode").bool, false, "defaults, not half of a bad file")
        XCTAssertEqual(try property("KioskOrientation").string, "portrait")
    }
}
