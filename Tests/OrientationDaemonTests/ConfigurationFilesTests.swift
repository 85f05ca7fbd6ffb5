import Foundation
import OrientationCore
import TestSupport
import XCTest
@testable import OrientationDaemon

/// The configuration files' order and merging, read from a temporary tree (no bus).
final class ConfigurationFilesTests: XCTestCase {
    var xdg: XDGFolders!
    var root: String { xdg.root }
    let quiet = Log(verbose: false)

    override func setUpWithError() throws {
        xdg = try XDGFolders(removedAfter: self)
    }

    private func write(_ path: String, _ text: String) throws { try xdg.write(path, text) }

    private func files(data: [String], config: [String]) -> ConfigurationFiles {
        ConfigurationFiles(environment: ["XDG_DATA_DIRS": data.map { root + "/" + $0 }.joined(separator: ":"),
                                         "XDG_CONFIG_DIRS": config.map { root + "/" + $0 }.joined(separator: ":")])
    }

    func testTheXDGListsKeepAbsoluteFoldersOnceAndFallBackWhenEmpty() {
        XCTAssertEqual(ConfigurationFiles.directories("/a:relative::/b:/a", default: "/d"), ["/a", "/b"])
        XCTAssertEqual(ConfigurationFiles.directories("", default: "/usr/local/share:/usr/share"), ["/usr/local/share", "/usr/share"])
        XCTAssertEqual(ConfigurationFiles(environment: [:]).configDirectories, ["/etc/xdg"])
    }

    /// Main files: vendor then administrator, least important folder first; then drop-ins by
    /// name across every folder, the most important folder's copy of a name winning.
    func testTheOrderOfMainFilesAndDropIns() throws {
        for (path, text) in [
            ("v1/orientd/orientd.conf", "[Manager]\nSettleTime=1\n"),
            ("v2/orientd/orientd.conf", "[Manager]\nSettleTime=2\n"),
            ("a1/orientd/orientd.conf", "[Manager]\nSettleTime=3\n"),
            ("v1/orientd/orientd.conf.d/20-b.conf", "[Manager]\nSplitViewThreshold=20\n"),
            ("v2/orientd/orientd.conf.d/20-b.conf", "[Manager]\nSplitViewThreshold=99\n"),
            ("v2/orientd/orientd.conf.d/10-a.conf", "[Manager]\nSplitViewThreshold=10\n"),
            ("a2/orientd/orientd.conf.d/30-c.conf", "[Manager]\nKioskMode=true\n"),
            ("a1/orientd/orientd.conf.d/.hidden.conf", "[Manager]\nKioskMode=false\n"),
        ] { try write(path, text) }
        let configuration = files(data: ["v1", "v2"], config: ["a1", "a2"]).read(log: quiet)
        XCTAssertEqual(configuration.files, [
            "v2/orientd/orientd.conf", "v1/orientd/orientd.conf", "a1/orientd/orientd.conf",
            "v2/orientd/orientd.conf.d/10-a.conf", "v1/orientd/orientd.conf.d/20-b.conf", "a2/orientd/orientd.conf.d/30-c.conf",
        ].map { root + "/" + $0 })
        XCTAssertEqual(configuration.values.settleTime, 3, "the administrator's main file after the vendor's")
        XCTAssertEqual(configuration.values.splitViewThreshold, 20, "v1's 20-b.conf hides v2's")
        XCTAssertEqual(configuration.values.kioskMode, true, "hidden files are ignored")
        XCTAssertEqual(configuration.sources[.settleTime], root + "/a1/orientd/orientd.conf")
    }

    func testLocksAddUpAndAppPoliciesMergeKeyByKey() throws {
        try write("a/orientd/orientd.conf", "[Manager]\nLocked=SettleTime\n\n[App org.example.A]\nAllowedOrientations=landscape\nLocked=true\n")
        try write("a/orientd/orientd.conf.d/50-more.conf", "[Manager]\nLocked=KioskMode\n\n[App org.example.A]\nFollowSensor=false\n")
        let configuration = files(data: ["none"], config: ["a"]).read(log: quiet)
        XCTAssertEqual(configuration.lockedKeys, [.kioskMode, .settleTime])
        XCTAssertEqual(configuration.values.appPolicies["org.example.A"], AppPolicy(allowed: .landscape, followSensor: false))
        XCTAssertEqual(configuration.lockedPolicies["org.example.A"], root + "/a/orientd/orientd.conf")
        XCTAssertEqual(configuration.policySources["org.example.A"], root + "/a/orientd/orientd.conf.d/50-more.conf")
    }

    /// UndeclaredAppOrientations takes SupportedOrientations' words and locks like any key; a
    /// value naming nothing or something unknown is skipped.
    func testUndeclaredAppOrientations() throws {
        try write("v/orientd/orientd.conf", "[Manager]\nUndeclaredAppOrientations=all\n")
        try write("a/orientd/orientd.conf", "[Manager]\nUndeclaredAppOrientations=portrait;landscape\nLocked=UndeclaredAppOrientations\n")
        try write("a/orientd/orientd.conf.d/10-bad.conf", "[Manager]\nUndeclaredAppOrientations=sideways\n")
        try write("a/orientd/orientd.conf.d/20-empty.conf", "[Manager]\nUndeclaredAppOrientations=\n")
        try write("v/orientd/orientd.conf.d/90-vendor.conf", "[Manager]\nUndeclaredAppOrientations=portrait-upside-down\n")
        let configuration = files(data: ["v"], config: ["a"]).read(log: quiet)
        XCTAssertEqual(configuration.values.undeclaredAppOrientations, .allButUpsideDown)
        XCTAssertEqual(configuration.lockedKeys, [.undeclaredAppOrientations])
        XCTAssertEqual(configuration.sources[.undeclaredAppOrientations], root + "/a/orientd/orientd.conf",
                       "bad values skipped, and a vendor file cannot change what the administrator locked")
        let settings = Settings.effective(user: SettingLayer(), configuration: configuration)
        XCTAssertEqual(settings.undeclaredAppOrientations, .allButUpsideDown)
    }
}
