import Foundation
import TestSupport
import XCTest

/// `cat-config`, `reload`, `reset`, the locked marks of `status` and the sources of
/// `policies`, against an orientd whose administrator folder holds configuration files.
final class ConfigVerbTests: OrientctlTestCase {
    private var xdg: XDGFolders!
    private var dropIns: String { xdg.administrator + "/orientd.conf.d" }

    /// orientd starts on the test's configuration files, its settle time theirs.
    override var startsOrientdInSetUp: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        xdg = try makeXDGFolders()
        try write("10-settle.conf", "[Manager]\nSettleTime=120\n")
        try write("50-kiosk.conf", "# every kiosk upside down\n[Manager]\nKioskMode=true\nKioskOrientation=portrait-upside-down\nLocked=KioskMode;KioskOrientation\n")
        orientd = try launch(stateHome: xdg.root)
    }

    private func write(_ name: String, _ text: String) throws { try xdg.write(dropIns + "/" + name, text) }

    private func managerValue(_ property: String) throws -> String {
        try ok("show", "-p", property, "--value").trimmingCharacters(in: .newlines)
    }

    func testCatConfigPrintsEachAppliedFileUnderItsPath() throws {
        let output = try ok("cat-config")
        XCTAssertEqual(lines(output), [
            "# \(dropIns)/10-settle.conf", "[Manager]", "SettleTime=120", "",
            "# \(dropIns)/50-kiosk.conf", "# every kiosk upside down", "[Manager]", "KioskMode=true",
            "KioskOrientation=portrait-upside-down", "Locked=KioskMode;KioskOrientation",
        ])
        let files = try XCTUnwrap(try json("cat-config") as? [[String: Any]])
        XCTAssertEqual(files.map { $0["path"] as? String }, ["\(dropIns)/10-settle.conf", "\(dropIns)/50-kiosk.conf"])
        XCTAssertEqual(files.first?["text"] as? String, "[Manager]\nSettleTime=120\n")
    }

    func testStatusMarksLockedSettingsAndAChangeOfThemFails() throws {
        let status = lines(try ok("status"))
        // Each setting says who set it: the locked kiosk its file, the settle time the file that set it.
        XCTAssertTrue(status.contains { $0.hasPrefix("Kiosk mode") && $0.hasSuffix("[locked in \(dropIns)/50-kiosk.conf]") }, "\(status)")
        XCTAssertTrue(status.contains { $0.hasPrefix("Settle time") && $0.hasSuffix("120 ms [set in \(dropIns)/10-settle.conf]") }, "\(status)")
        XCTAssertTrue(status.contains("Rotation lock: off [default]"), "\(status)")
        let refused = try fails(1, "kiosk", "off")
        XCTAssertTrue(refused.stderr.contains("NotPermitted") || refused.stderr.contains("locked"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("50-kiosk.conf"), refused.stderr)
    }

    func testPoliciesSayWhichFileSetThemAndWhichAreLocked() throws {
        try write("60-apps.conf", "[App org.example.Video]\nAllowedOrientations=landscape\nLocked=true\n\n[App org.example.Reader]\nFollowSensor=false\n")
        try ok("reload")
        try ok("policy", "org.example.Game", "--allow", "landscape-left")
        XCTAssertEqual(lines(try ok("policies")), [
            "APP-ID\tALLOWED\tFOLLOW-SENSOR\tSOURCE\tLOCKED",
            "org.example.Game\tlandscape-left\tyes\tuser\tno",
            "org.example.Reader\tany\tno\t\(dropIns)/60-apps.conf\tno",
            "org.example.Video\tlandscape\tyes\t\(dropIns)/60-apps.conf\tyes",
        ])
        let video = try XCTUnwrap((try json("policies") as? [[String: Any]])?.last)
        XCTAssertEqual(video["source"] as? String, dropIns + "/60-apps.conf")
        XCTAssertEqual(video["locked"] as? Bool, true)
        XCTAssertEqual(try ok("policy", "org.example.Video"),
                       "org.example.Video: allowed landscape; follows the sensor; set by \(dropIns)/60-apps.conf (locked)\n")
        let refused = try fails(1, "policy", "org.example.Video", "--clear")
        XCTAssertTrue(refused.stderr.contains("60-apps.conf"), refused.stderr)
    }

    /// A later file sets a locked policy's other key: `policies` names that file as the source
    /// (the last that set it, as cat-config lists them) and the earlier one as the lock.
    func testPoliciesAndCatConfigAgreeWhenALaterFileSetsALockedPolicy() throws {
        try write("60-apps.conf", "[App org.example.Video]\nAllowedOrientations=landscape\nLocked=true\n")
        try write("70-site.conf", "[App org.example.Video]\nFollowSensor=false\n")
        try ok("reload")
        let files = lines(try ok("cat-config")).filter { $0.hasPrefix("# /") }
        XCTAssertEqual(files.suffix(2), ["# \(dropIns)/60-apps.conf", "# \(dropIns)/70-site.conf"])
        XCTAssertEqual(lines(try ok("policies", "--no-legend")),
                       ["org.example.Video\tlandscape\tno\t\(dropIns)/70-site.conf\tyes, by \(dropIns)/60-apps.conf"])
        XCTAssertEqual(try ok("policy", "org.example.Video"), "org.example.Video: allowed landscape; does not follow the sensor; "
                       + "set by \(dropIns)/70-site.conf (locked by \(dropIns)/60-apps.conf)\n")
        let video = try XCTUnwrap((try json("policies") as? [[String: Any]])?.first)
        XCTAssertEqual(video["lockedBy"] as? String, dropIns + "/60-apps.conf")
        let refused = try fails(1, "policy", "org.example.Video", "--clear")
        XCTAssertTrue(refused.stderr.contains("locked by \(dropIns)/60-apps.conf"), refused.stderr)
    }

    /// Resetting a locked key fails as resetting a locked policy does, naming the lock.
    func testResetOfALockedKeyFailsNamingTheLock() throws {
        let key = try fails(1, "reset", "KioskMode")
        XCTAssertEqual(key.stderr, "Failed to reset the setting: KioskMode is locked by \(dropIns)/50-kiosk.conf: "
                       + "the administrator's configuration decides it, and calls cannot change it\n")
        try write("60-apps.conf", "[App org.example.Video]\nLocked=true\n")
        try ok("reload")
        let app = try fails(1, "reset", "App", "org.example.Video")
        XCTAssertTrue(app.stderr.hasPrefix("Failed to reset the setting: The app policy of org.example.Video is locked by "), app.stderr)
        let both = try fails(1, "kiosk", "on", "landscape-left")
        XCTAssertEqual(both.stderr, "Failed to set kiosk mode: KioskMode and KioskOrientation are locked by \(dropIns)/50-kiosk.conf: "
                       + "the administrator's configuration decides them, and calls cannot change them\n")
    }

    func testResetAndReload() throws {
        try ok("set-settle", "5")
        XCTAssertEqual(try managerValue("SettleTime"), "5")
        try ok("reset", "SettleTime")
        XCTAssertEqual(try managerValue("SettleTime"), "120")
        try ok("policy", "org.example.Video", "--no-sensor")
        try ok("reset", "App", "org.example.Video")
        XCTAssertTrue(try ok("policies").contains("org.example.Video") == false)
        try ok("set-threshold", "600")
        try ok("reset", "all")
        XCTAssertEqual(try managerValue("SplitViewThreshold"), "768")
        let bad = try fails(64, "reset", "Colour")
        XCTAssertTrue(bad.stderr.contains("Colour") && bad.stderr.contains("SettleTime"), bad.stderr)

        try write("10-settle.conf", "[Manager]\nSettleTime=90\n")
        try ok("reload")
        XCTAssertEqual(try managerValue("SettleTime"), "90")
    }
}
