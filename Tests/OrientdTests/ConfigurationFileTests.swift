import Foundation
import Glibc
import GLibBridge
import TestSupport
import XCTest

/// Configuration files on the real service: the documented order across vendor, administrator
/// and user levels, drop-ins, locks, ResetSetting, Reload and SIGHUP, and every bad-file case.
final class ConfigurationFileTests: ConfigurationTestCase {
    /// The root of the test's XDG folders, orientd's state home.
    private var home: String { xdg.root }

    private func restart() throws {
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        try start()
    }

    private func policies() throws -> [String: [String: Variant]] {
        try XCTUnwrap(try callManager("GetAppPolicies").child(at: 0).stringDictionary).mapValues { $0.vardict ?? [:] }
    }

    /// Main files vendor before administrator, the least important folder first; then every
    /// drop-in by name, a more important folder's name hiding a less important one's; then the user.
    func testPrecedenceAcrossVendorAdministratorAndUserWithDropIns() throws {
        let v1 = home + "/vendor1", v2 = home + "/vendor2", a1 = home + "/admin1", a2 = home + "/admin2"
        try write(v2 + "/orientd/orientd.conf", "[Manager]\nSettleTime=10\nSplitViewThreshold=100\nKioskOrientation=landscape-left\n")
        try write(v1 + "/orientd/orientd.conf", "[Manager]\nSettleTime=20\n")
        try write(a2 + "/orientd/orientd.conf", "# the administrator's\n[Manager]\nSplitViewThreshold=200\n")
        try write(v2 + "/orientd/orientd.conf.d/10-turn.conf", "[Manager]\nKioskOrientation=portrait-upside-down\n")
        try write(a1 + "/orientd/orientd.conf.d/10-turn.conf", "[Manager]\nKioskOrientation=landscape-right\n")
        try write(v1 + "/orientd/orientd.conf.d/20-settle.conf", "[Manager]\nSettleTime=30\n")
        try write(v1 + "/orientd/orientd.conf.d/README", "not a .conf file: ignored\n")
        let environment = ["XDG_DATA_DIRS": "\(v1):\(v2)", "XDG_CONFIG_DIRS": "\(a1):\(a2)"]
        try start(environment: environment)
        XCTAssertEqual(try property("SettleTime").uint32, 30, "a drop-in after the main files")
        XCTAssertEqual(try property("SplitViewThreshold").uint32, 200, "the administrator after the vendor")
        XCTAssertEqual(try property("KioskOrientation").string, "landscape-right", "admin1's 10-turn.conf hides vendor2's")
        XCTAssertEqual(try property("ConfigFiles").stringArray, [
            v2 + "/orientd/orientd.conf", v1 + "/orientd/orientd.conf", a2 + "/orientd/orientd.conf",
            a1 + "/orientd/orientd.conf.d/10-turn.conf", v1 + "/orientd/orientd.conf.d/20-settle.conf",
        ])
        XCTAssertFalse(orientd.log.contains("warning"), orientd.log)

        // The user's choice beats the files, survives a restart, and ResetSetting gives the files back.
        try callManager("SetSettleTime", [.u(5)])
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
        try start(environment: environment)
        XCTAssertEqual(try property("SettleTime").uint32, 5)
        let file = try String(contentsOfFile: home + "/orientd/settings.ini", encoding: .utf8)
        XCTAssertFalse(file.contains("SplitViewThreshold"), "only the user's choices are kept: \(file)")
        try callManager("ResetSetting", [.s("SettleTime")])
        XCTAssertEqual(try property("SettleTime").uint32, 30)
        XCTAssertFalse(try String(contentsOfFile: home + "/orientd/settings.ini", encoding: .utf8).contains("SettleTime"))
    }

    func testALockRefusesTheCallNamingKeyAndFileAndChangesNothing() throws {
        let file = admin + "/orientd.conf.d/50-kiosk.conf"
        try write(file, "[Manager]\nKioskMode=true\nKioskOrientation=portrait-upside-down\nLocked=KioskMode;KioskOrientation\n\n[App org.example.Video]\nAllowedOrientations=landscape\nLocked=true\n")
        try start()
        let scene = try registerRotatingPhone()
        XCTAssertEqual(try orientation(of: scene), "portrait-upside-down")
        XCTAssertEqual(try property("LockedSettings").stringArray, ["KioskMode", "KioskOrientation"])
        let recorder = try recordSignals()
        assertDBusError(Contract.errorPrefix + "NotPermitted", containing: ["KioskMode", file]) {
            try callManager("SetKioskMode", [.b(false), .s("")])
        }
        assertDBusError(Contract.errorPrefix + "NotPermitted", containing: ["KioskOrientation", file]) {
            try callManager("SetKioskMode", [.b(true), .s("portrait")])
        }
        assertDBusError(Contract.errorPrefix + "NotPermitted", containing: ["org.example.Video", file]) {
            try callManager("SetAppPolicy", [.s("org.example.Video"), .vardict([:])])
        }
        assertDBusError(Contract.errorPrefix + "NotPermitted", containing: ["org.example.Video", file]) {
            try callManager("ResetSetting", [.s("App org.example.Video")])
        }
        try drain(recorder)
        XCTAssertEqual(recorder.signals.map(\.member), [], "nothing changed, nothing was signalled")
        XCTAssertEqual(try property("KioskMode").bool, true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/orientd/settings.ini"), "nothing was saved")
        XCTAssertEqual(try policies()["org.example.Video"], [
            "allowed-orientations": .strings(["landscape-right", "landscape-left"]), "follow-sensor": .b(true),
            "source": .s(file), "locked": .b(true), "locked-by": .s(file),
        ])
        // An unlocked key still changes.
        try callManager("SetSettleTime", [.u(0)])
        XCTAssertEqual(try property("SettleTime").uint32, 0)
    }

    func testResetSettingAllAndBadKeys() throws {
        try write(admin + "/orientd.conf", "[Manager]\nRotationLocked=true\n\n[App org.example.Reader]\nFollowSensor=false\n")
        try start()
        try callManager("SetRotationLocked", [.b(false)])
        try callManager("SetAppPolicy", [.s("org.example.Reader"), .vardict(["allowed-orientations": .strings(["portrait"])])])
        try callManager("SetAppPolicy", [.s("org.example.Mine"), .vardict(["follow-sensor": .b(false)])])
        XCTAssertEqual(try property("RotationLocked").bool, false)
        XCTAssertEqual(try policies()["org.example.Reader"]?["source"], .s("user"))
        assertDBusError(Contract.invalidArgs, containing: ["Bogus", "SettleTime", "App <app-id>", "all"]) {
            try callManager("ResetSetting", [.s("Bogus")])
        }
        try callManager("ResetSetting", [.s("all")])
        XCTAssertEqual(try property("RotationLocked").bool, true)
        let after = try policies()
        XCTAssertEqual(after.keys.sorted(), ["org.example.Reader"])
        XCTAssertEqual(after["org.example.Reader"]?["source"], .s(admin + "/orientd.conf"))
        XCTAssertEqual(after["org.example.Reader"]?["follow-sensor"], .b(false))
    }

    /// Reload and SIGHUP apply at once; scenes that change carry the reason "policy".
    func testReloadAndSIGHUPApplyAtOnceWithThePolicyReason() throws {
        try start()
        let scene = try registerRotatingPhone("org.example.Video")
        let recorder = try recordSignals()
        try write(admin + "/orientd.conf.d/10-app.conf", "[App org.example.Video]\nAllowedOrientations=landscape\n")
        try callManager("Reload")
        XCTAssertEqual(try orientation(of: scene), "landscape-right")
        try drain(recorder)
        XCTAssertEqual(orientationChanges(recorder), [[scene, "portrait", "landscape-right", "policy"]])
        XCTAssertTrue(recorder.signals.contains { $0.member == "PropertiesChanged" && $0.path == Contract.managerPath },
                      "ConfigFiles changed")
        XCTAssertEqual(try property("ConfigFiles").stringArray, [admin + "/orientd.conf.d/10-app.conf"])

        recorder.clear()
        try write(admin + "/orientd.conf.d/20-kiosk.conf", "[Manager]\nKioskMode=true\nKioskOrientation=portrait-upside-down\n")
        orientd.process.send(SIGHUP)
        try eventually("SIGHUP applied the kiosk file", timeout: .seconds(20)) { try self.property("KioskMode").bool == true }
        XCTAssertEqual(try orientation(of: scene), "portrait-upside-down")
        try drain(recorder)
        XCTAssertEqual(orientationChanges(recorder), [[scene, "landscape-right", "portrait-upside-down", "policy"]])
        XCTAssertTrue(orientd.process.isRunning, "SIGHUP does not end orientd: \(orientd.log)")
        XCTAssertTrue(orientd.log.contains("SIGHUP"), orientd.log)
        XCTAssertTrue(orientd.log.contains("configuration reloaded"), orientd.log)
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
    }

    /// A file that does not parse is skipped whole, a bad value or an unknown key alone, each
    /// with a warning naming file, group and key; the rest applies, on start and on reload.
    func testBadFilesAndBadValuesAreSkippedWithAWarningAndTheRestApplies() throws {
        let broken = admin + "/orientd.conf.d/10-broken.conf"
        let mixed = admin + "/orientd.conf.d/20-mixed.conf"
        try write(broken, "[Manager\nKioskMode=true\n")
        try write(mixed, """
            [Manager]
            SettleTime=soon
            SplitViewThreshold=500
            Colour=blue
            KioskOrientation=sideways
            Locked=SettleTime;Everything

            [App not an app id]
            FollowSensor=false

            [App org.example.Good]
            AllowedOrientations=portrait;sideways
            FollowSensor=false

            [Display]
            Brightness=9
            """)
        try start()
        let log = orientd.log
        for fragment in ["\(broken) does not parse", "\(mixed) [Manager] SettleTime", "\(mixed) [Manager] Colour",
                         "\(mixed) [Manager] KioskOrientation", "\(mixed) [Manager] Locked", "\(mixed) [App not an app id]",
                         "\(mixed) [App org.example.Good] AllowedOrientations", "\(mixed) [Display]"] {
            XCTAssertTrue(log.contains(fragment), "no warning with '\(fragment)':\n\(log)")
        }
        XCTAssertEqual(try property("SplitViewThreshold").uint32, 500, "the good key applies")
        XCTAssertEqual(try property("SettleTime").uint32, 250)
        XCTAssertEqual(try property("KioskMode").bool, false, "nothing of the broken file")
        XCTAssertEqual(try property("LockedSettings").stringArray, [], "a bad Locked list is skipped whole")
        XCTAssertEqual(try policies()["org.example.Good"]?["follow-sensor"], .b(false))
        XCTAssertNil(try policies()["org.example.Good"]?["allowed-orientations"])
        XCTAssertEqual(try property("ConfigFiles").stringArray, [mixed])

        // A reload with a broken file keeps the rest working.
        try write(mixed, "[Manager]\nSplitViewThreshold=600\n")
        try write(admin + "/orientd.conf.d/30-new.conf", "\u{1}\u{2}\u{3}")
        try callManager("Reload")
        XCTAssertEqual(try property("SplitViewThreshold").uint32, 600)
        _ = try registerRotatingPhone()
        XCTAssertTrue(orientd.process.isRunning)
    }

    /// Unreadable files, missing folders, a folder where a file should be, a FIFO, symbolic
    /// links: each is skipped (or followed) with a warning, and none blocks or crashes orientd.
    func testOddFilesNeitherBlockNorCrash() throws {
        let dropIns = admin + "/orientd.conf.d"
        try FileManager.default.createDirectory(atPath: dropIns + "/10-folder.conf", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(dropIns + "/20-fifo.conf", 0o644), 0)
        // Permission denied, for any user including root: /proc/sys/vm/drop_caches is write-only.
        try FileManager.default.createSymbolicLink(atPath: dropIns + "/30-denied.conf", withDestinationPath: "/proc/sys/vm/drop_caches")
        try FileManager.default.createSymbolicLink(atPath: dropIns + "/40-dangling.conf", withDestinationPath: home + "/nowhere.conf")
        try write(home + "/real.conf", "[Manager]\nSplitViewThreshold=321\n")
        try FileManager.default.createSymbolicLink(atPath: dropIns + "/50-link.conf", withDestinationPath: home + "/real.conf")
        try write(vendor + "/orientd.conf.d", "a file where a folder should be")
        try FileManager.default.createDirectory(atPath: admin + "/orientd.conf", withIntermediateDirectories: true)
        try start(environment: ["XDG_DATA_DIRS": "\(home)/missing:\(xdg.dataDirs)"])
        let log = orientd.log
        for fragment in ["10-folder.conf is a folder", "20-fifo.conf is a FIFO", "30-denied.conf cannot be read: permission denied",
                         "40-dangling.conf is a symbolic link to a file that does not exist", "orientd.conf.d is not a folder",
                         "\(admin)/orientd.conf is a folder"] {
            XCTAssertTrue(log.contains(fragment), "no warning with '\(fragment)':\n\(log)")
        }
        XCTAssertEqual(try property("SplitViewThreshold").uint32, 321, "a symbolic link to a good file is followed")
        XCTAssertEqual(try property("ConfigFiles").stringArray, [dropIns + "/50-link.conf"])
        try callManager("Reload")
        _ = try registerRotatingPhone()
        XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
    }

    /// The desktop entry as the app's declared: phone and pad keys, a registration that
    /// overrides it, a bad value ignored, and Explain naming the source.
    func testTheDesktopEntryGivesTheSupportedOrientationsAndExplainNamesIt() throws {
        let entry = xdg.dataHome + "/applications/org.example.Video.desktop"
        try write(entry, """
            [Desktop Entry]
            Type=Application
            Name=Video
            Exec=true
            X-Orientd-SupportedOrientations=landscape;
            X-Orientd-SupportedOrientations-Pad=portrait;portrait-upside-down;
            """)
        try xdg.writeDesktopEntry("org.example.Bad", """
            [Desktop Entry]
            Type=Application
            Name=Bad
            Exec=true
            X-Orientd-SupportedOrientations=sideways
            """)
        try start()
        let phone = try register(["app-id": .s("org.example.Video")])
        XCTAssertEqual(try property("SupportedOrientations", of: phone).stringArray, ["landscape-right", "landscape-left"])
        let pad = try register(["app-id": .s("org.example.Video"), "idiom": .s("pad")])
        XCTAssertEqual(try property("SupportedOrientations", of: pad).stringArray, ["portrait", "portrait-upside-down"])
        let given = try register(["app-id": .s("org.example.Video"), "supported-orientations": .strings(["portrait"])])
        XCTAssertEqual(try property("SupportedOrientations", of: given).stringArray, ["portrait"], "the registration overrides the entry")
        let bad = try register(["app-id": .s("org.example.Bad")])
        XCTAssertEqual(try property("SupportedOrientations", of: bad).stringArray, ["portrait"], "a bad value: the idiom's default")
        XCTAssertTrue(orientd.log.contains("org.example.Bad.desktop X-Orientd-SupportedOrientations"), orientd.log)
        XCTAssertTrue(orientd.log.contains("sideways"), orientd.log)

        func explanation(_ scene: String) throws -> String { "\(try callScene(scene, "Explain").child(at: 0))" }
        let (fromEntry, fromPad, fromCall, fromDefault) = (try explanation(phone), try explanation(pad), try explanation(given), try explanation(bad))
        XCTAssertTrue(fromEntry.contains("desktop entry " + entry), fromEntry)
        XCTAssertTrue(fromPad.contains("desktop entry " + entry), fromPad)
        XCTAssertTrue(fromCall.contains("supported-orientations"), fromCall)
        XCTAssertTrue(fromDefault.contains("phone default"), fromDefault)
    }

    /// Upgrading with a state file of the old format (every value written, chosen or not): the
    /// user keeps every value they changed, and a default they never changed does not shadow a
    /// new administrator default.
    func testAnOldStateFileKeepsTheUsersChoicesAndLetsNewDefaultsThrough() throws {
        try write(home + "/orientd/settings.ini", """
            [orientd]
            RotationLocked=true
            KioskMode=false
            KioskOrientation=portrait
            SplitViewThreshold=768
            SettleTime=40

            [policy org.example.Reader]
            FollowSensor=false
            """)
        try write(admin + "/orientd.conf", "[Manager]\nSettleTime=100\nSplitViewThreshold=500\nKioskMode=true\nKioskOrientation=landscape-left\n")
        try start()
        XCTAssertEqual(try property("RotationLocked").bool, true, "changed by the user: kept")
        XCTAssertEqual(try property("SettleTime").uint32, 40, "changed by the user: kept")
        XCTAssertEqual(try property("SplitViewThreshold").uint32, 500, "the old default does not shadow the administrator's")
        XCTAssertEqual(try property("KioskMode").bool, true)
        XCTAssertEqual(try property("KioskOrientation").string, "landscape-left")
        XCTAssertEqual(try policies()["org.example.Reader"]?["follow-sensor"], .b(false))
        XCTAssertEqual(try policies()["org.example.Reader"]?["source"], .s("user"))
        // The next save writes the new format, with only the user's choices.
        try callManager("SetSettleTime", [.u(41)])
        let text = try String(contentsOfFile: home + "/orientd/settings.ini", encoding: .utf8)
        XCTAssertTrue(text.contains("Format=2") && text.contains("RotationLocked=true") && text.contains("SettleTime=41"), text)
        XCTAssertFalse(text.contains("SplitViewThreshold") || text.contains("KioskMode"), text)
        try restart()
        XCTAssertEqual(try property("SplitViewThreshold").uint32, 500)
        XCTAssertEqual(try property("RotationLocked").bool, true)
    }
}
