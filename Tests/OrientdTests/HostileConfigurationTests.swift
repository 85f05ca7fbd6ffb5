import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Configuration files are untrusted. A
/// vendor drop-in (a folder of `XDG_DATA_DIRS` the user may write) cannot unlock what the
/// administrator locked; a file's warnings are bounded, its size is bounded before parsing, and
/// what it says reaches the log escaped and cut.
final class HostileConfigurationTests: ConfigurationTestCase {
    private func policy(_ appId: String) throws -> [String: Variant] {
        let all = try XCTUnwrap(try callManager("GetAppPolicies").child(at: 0).stringDictionary)
        return try XCTUnwrap(all[appId]?.vardict, "no policy for \(appId)")
    }

    /// The lines of orientd's log that mention `fragment`.
    private func lines(containing fragment: String) -> [Substring] {
        orientd.log.split(separator: "\n").filter { $0.contains(fragment) }
    }

    func testAVendorDropInCannotUnlockWhatTheAdministratorLocked() throws {
        try write(admin + "/orientd.conf", """
            [Manager]
            KioskMode=true
            KioskOrientation=landscape-right
            Locked=KioskMode;KioskOrientation

            [App org.example.Kiosk]
            AllowedOrientations=landscape-right
            Locked=true
            """)
        try start()
        XCTAssertEqual(try property("KioskMode").bool, true)
        // The hostile drop-in arrives in a user-writable vendor folder, then Reload.
        try write(vendor + "/orientd.conf.d/99-unlock.conf", """
            [Manager]
            KioskMode=false
            KioskOrientation=portrait
            SettleTime=40

            [App org.example.Kiosk]
            AllowedOrientations=all
            FollowSensor=false
            Locked=false
            """)
        try callManager("Reload")
        XCTAssertEqual(try property("KioskMode").bool, true, orientd.log)
        XCTAssertEqual(try property("KioskOrientation").string, "landscape-right")
        XCTAssertEqual(try property("LockedSettings").stringArray, ["KioskMode", "KioskOrientation"])
        XCTAssertEqual(try property("SettleTime").uint32, 40, "what is not locked still applies")
        let kiosk = try policy("org.example.Kiosk")
        XCTAssertEqual(kiosk["locked"]?.bool, true)
        XCTAssertEqual(kiosk["source"]?.string, admin + "/orientd.conf")
        XCTAssertEqual(kiosk["allowed-orientations"]?.stringArray, ["landscape-right"])
        XCTAssertEqual(kiosk["follow-sensor"]?.bool, true)
        let dropIn = vendor + "/orientd.conf.d/99-unlock.conf"
        XCTAssertEqual(lines(containing: "\(dropIn) KioskMode is locked by \(admin)/orientd.conf; a vendor file cannot change it").count, 1, orientd.log)
        XCTAssertEqual(lines(containing: "\(dropIn) the policy of org.example.Kiosk is locked by").count, 1, orientd.log)
        // The user cannot unlock it either.
        XCTAssertThrowsError(try callManager("SetKioskMode", [.b(false), .s("")]))
    }

    func testAFileOfThousandsOfBadGroupsWritesABoundedWarning() throws {
        // 5,000 bad groups in 150 kB: within the size bound, so it is parsed.
        let groups = (0..<5_000).map { "[Bad \($0)]\nKey=1\n" }.joined()
        try write(admin + "/orientd.conf.d/10-many.conf", "[Manager]\nSettleTime=30\n" + groups)
        // 4 MB: refused from its size before parsing.
        let huge = (0..<200_000).map { "[Bad \($0)]\n" }.joined()
        try write(admin + "/orientd.conf.d/20-huge.conf", huge)
        try start()
        try callManager("Reload")
        let many = admin + "/orientd.conf.d/10-many.conf"
        // Twice: at start and at the Reload.
        // The first 20 problems of each load; the log's own bound (20 lines a place in 10 s)
        // may fold the second load's into its count of lines left out.
        XCTAssertTrue((20...40).contains(lines(containing: "\(many) [Bad ").count), "the first 20 problems per load")
        XCTAssertTrue((1...2).contains(lines(containing: "… and 4980 more problems in \(many)").count))
        XCTAssertEqual(try property("SettleTime").uint32, 30, "the good part applies")
        let hugeLines = lines(containing: "20-huge.conf")
        XCTAssertEqual(hugeLines.count, 2, "one warning per load:\n\(hugeLines.prefix(5))")
        XCTAssertTrue(hugeLines.allSatisfy { $0.contains("more than the 262144 bytes read; skipped") }, "\(hugeLines)")
        XCTAssertLessThan(orientd.log.utf8.count, 40_000, "the whole log")
    }

    func testWhatAFileSaysIsEscapedAndCutInTheLog() throws {
        let value = "\u{1B}[2J\u{1B}]0;forged\u{07}" + String(repeating: "x", count: 200_000)
        try write(admin + "/orientd.conf.d/10-value.conf", "[Manager]\nKioskOrientation=\(value)\n")
        // GLib refuses these lines; its message quotes them.
        try write(admin + "/orientd.conf.d/20-key.conf", "[Manager]\nUnknown\u{1B}[31mKey=1\n")
        try write(admin + "/orientd.conf.d/30-group.conf", "[Group\u{1B}[1m]\nA=1\n")
        try write(admin + "/orientd.conf.d/40-line.conf", "[Manager]\nnot a key\u{1B}[2J" + String(repeating: "y", count: 200_000) + "\n")
        try start()
        let log = orientd.log
        XCTAssertFalse(log.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "a raw ESC or BEL reached the log")
        XCTAssertTrue(log.contains("\\u{1B}[2J\\u{1B}]0;forged\\u{07}"), log.prefix(2_000).description)
        XCTAssertTrue(log.contains("Unknown\\e[31mKey"), log.prefix(2_000).description)
        XCTAssertTrue(log.contains("Group\\e[1m"), log.prefix(2_000).description)
        XCTAssertTrue(log.contains("not a key\\e[2J"), log.prefix(2_000).description)
        let longest = log.split(separator: "\n").map(\.utf8.count).max() ?? 0
        XCTAssertLessThan(longest, 2_000, "a 200 kB value became a \(longest)-byte line")
    }

    /// Vendor groups, however many and sorted first, never push out an administrator's group:
    /// the cap of 1,000 app policies counts each level apart.
    func testAThousandVendorGroupsDoNotPushOutTheAdministratorsLockedPolicy() throws {
        let junk = (0..<1_000).map { "[App org.junk.App\($0)]\nAllowedOrientations=portrait\n" }.joined()
        try write(vendor + "/orientd.conf.d/00-junk.conf", junk + "[App org.junk.OneTooMany]\nAllowedOrientations=portrait\n")
        let adminFile = admin + "/orientd.conf.d/50-admin.conf"
        try write(adminFile, "[App org.example.Video]\nAllowedOrientations=landscape-left;landscape-right\nLocked=true\n")
        try start()
        let video = try policy("org.example.Video")
        XCTAssertEqual(video["locked"]?.bool, true, orientd.log)
        XCTAssertEqual(video["source"]?.string, adminFile)
        XCTAssertThrowsError(try callManager("SetAppPolicy", [.s("org.example.Video"), .vardict(["allowed-orientations": .strings(["portrait"])])]),
                             "the user cannot change a locked policy")
        XCTAssertEqual(try policy("org.example.Video")["allowed-orientations"]?.stringArray, ["landscape-right", "landscape-left"])
        XCTAssertEqual(try policy("org.junk.App999")["source"]?.string, vendor + "/orientd.conf.d/00-junk.conf")
        XCTAssertEqual(lines(containing: "[App org.junk.OneTooMany]: more than 1000 app policies are configured by vendor files; skipped").count, 1,
                       orientd.log)
        XCTAssertTrue(lines(containing: "org.example.Video").isEmpty, orientd.log)
        // A bystander is answered, and SIGTERM ends orientd.
        XCTAssertNotNil(try property("Version").uint32)
        XCTAssertEqual(orientd.stop(timeout: .seconds(10)), .exited(0))
    }
}
