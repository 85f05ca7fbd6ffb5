import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A corrupt settings file at start is set aside with a warning, and
/// orientd serves with the defaults (and writes a good file at the next change).
final class CorruptSettingsTests: OrientdTestCase {
    /// Each test starts the orientds it needs.
    override var startsOrientdInSetUp: Bool { false }

    static let defaults: [String: Variant] = [
        "RotationLocked": .b(false), "KioskMode": .b(false), "KioskOrientation": .s("portrait"),
        "SplitViewThreshold": .u(768), "SettleTime": .u(250),
    ]

    /// Files that must not be taken as settings.
    static let corruptFiles: [(String, [UInt8])] = [
        ("binary junk", [0x7f, 0x45, 0x4c, 0x46, 0x00, 0xff, 0xfe, 0x0a, 0x00, 0x5b, 0x00]),
        ("cut off in the middle of a line", Array("[orientd]\nRotationLocked=true\nKioskMode=tr".utf8)),
        ("a line that is not key=value", Array("[orientd]\nRotationLocked=true\nthis is not a key file\n".utf8)),
        ("an unknown kiosk orientation", Array("[orientd]\nKioskMode=true\nKioskOrientation=sideways\n".utf8)),
        ("a settle time that is not a number", Array("[orientd]\nSettleTime=soon\n".utf8)),
        ("a settle time above the documented 10000 ms", Array("[orientd]\nRotationLocked=true\nSettleTime=20000\n".utf8)),
        ("a split-view threshold above the documented 100000", Array("[orientd]\nSplitViewThreshold=4000000000\n".utf8)),
        ("a number beyond 32 bits", Array("[orientd]\nSettleTime=99999999999\n".utf8)),
        ("text that is not UTF-8", [UInt8]("[orientd]\nKioskOrientation=".utf8) + [0xff, 0xfe, 0x0a]),
        ("an app policy with an unknown orientation", Array("[orientd]\nRotationLocked=true\n[policy org.example.App]\nAllowedOrientations=portrait;sideways;\n".utf8)),
        ("an app policy with an empty mask", Array("[orientd]\n[policy org.example.App]\nAllowedOrientations=\n".utf8)),
        ("an app policy for an invalid app-id", Array("[orientd]\nRotationLocked=true\n[policy not an app id]\nFollowSensor=false\n".utf8)),
    ]

    func testCorruptSettingsAreSetAsideAndDefaultsServed() throws {
        let bus = try makeBus()
        let client = try bus.connect()
        defer { client.close() }
        var failures: [String] = []
        for (label, bytes) in Self.corruptFiles {
            let stateHome = try OrientdInstance.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: stateHome) }
            let folder = stateHome + "/orientd"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/settings.ini"
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            let orientd = try launch(bus: bus, stateHome: stateHome)
            defer { orientd.stop() }
            var problems: [String] = []
            let log = orientd.log
            if !(log.contains("warning") && log.contains(path) && log.contains("defaults")) {
                problems.append("no warning naming the file: \(log)")
            }
            let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("settings.ini.corrupt-") }
            if aside.count != 1 {
                problems.append("set aside as \(aside)")
            } else if FileManager.default.contents(atPath: folder + "/" + aside[0]) != Data(bytes) {
                problems.append("\(aside[0]) does not hold the corrupt file")
            }
            let properties = try client.managerProperties()
            for (name, value) in Self.defaults where properties[name] != value {
                problems.append("\(name) is \(properties[name].map(\.description) ?? "absent"), not the default \(value)")
            }
            if try client.manager("GetAppPolicies").child(at: 0).childCount != 0 { problems.append("app policies were loaded") }
            if (try? client.register(app: "corrupt.check")) == nil { problems.append("it does not serve") }
            if !problems.isEmpty { failures.append("\(label): \(problems.joined(separator: "; "))") }
        }
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"))
        report("corrupt settings", "\(Self.corruptFiles.count) kinds of corrupt file set aside, defaults served")
    }

    /// The first change after a corrupt start writes a good file, which the next start reads.
    func testAFreshFileIsWrittenAfterACorruptOne() throws {
        let stateHome = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: stateHome) }
        let folder = stateHome + "/orientd"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("[orientd\nKioskMode=yes".utf8).write(to: URL(fileURLWithPath: folder + "/settings.ini"))

        var orientd = try launch(stateHome: stateHome)
        var client = try orientd.bus.connect()
        try client.manager("SetKioskMode", [.b(true), .s("portrait-upside-down")])
        client.close()
        orientd.stop()

        let good = try String(contentsOfFile: folder + "/settings.ini", encoding: .utf8)
        orientd = try launch(stateHome: stateHome)
        client = try orientd.bus.connect()
        defer {
            client.close()
            orientd.stop()
        }
        let properties = try client.managerProperties()
        XCTAssertEqual(properties["KioskMode"], .b(true), "the file written after the corrupt one was not read: \(good)")
        XCTAssertEqual(properties["KioskOrientation"], .s("portrait-upside-down"))
        XCTAssertFalse(orientd.log.contains("warning"), orientd.log)
    }

    /// Two corrupt files set aside in a row (a restart loop does that within a second) are both kept.
    func testCorruptFilesInARowAreAllKept() throws {
        let bus = try makeBus()
        let stateHome = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: stateHome) }
        let folder = stateHome + "/orientd"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for round in 0..<3 {
            try Data("not a key file \(round)".utf8).write(to: URL(fileURLWithPath: folder + "/settings.ini"))
            let orientd = try launch(bus: bus, stateHome: stateHome)
            orientd.stop()
            XCTAssertTrue(orientd.log.contains("moved it to"), "round \(round): \(orientd.log)")
        }
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("settings.ini.corrupt-") }
        let contents = Set(aside.compactMap { FileManager.default.contents(atPath: folder + "/" + $0).map { String(decoding: $0, as: UTF8.self) } })
        XCTAssertEqual(contents, ["not a key file 0", "not a key file 1", "not a key file 2"], "set aside: \(aside)")
    }
}
