import Foundation
import OrientationClient
import TestSupport
import XCTest

/// The installed apps, found by orientd's rules for desktop entries: the folders in XDG
/// order, ids of subfolders with `-`, the first entry of an id winning; only shown
/// applications; untrusted files read safely; the orientation keys read as orientd reads them.
final class InstalledAppsTests: XCTestCase {
    var xdg: XDGFolders!
    var root: String { xdg.root }

    override func setUpWithError() throws {
        xdg = try XDGFolders(removedAfter: self)
    }

    func write(_ path: String, _ lines: [String]) throws {
        try xdg.write(path, lines.joined(separator: "\n") + "\n", atomically: true)
    }

    func entry(_ name: String, _ extra: [String] = []) -> [String] {
        ["[Desktop Entry]", "Type=Application", "Name=\(name)", "Exec=/usr/bin/\(name.lowercased())"] + extra
    }

    func testTheFoldersFollowTheXDGVariables() {
        XCTAssertEqual(InstalledApps.folders(environment: ["XDG_DATA_HOME": "/h", "XDG_DATA_DIRS": "/a:relative:/b:/a"]),
                       ["/h/applications", "/a/applications", "/b/applications"])
        XCTAssertEqual(InstalledApps.folders(environment: ["HOME": "/home/u"]),
                       ["/home/u/.local/share/applications", "/usr/local/share/applications", "/usr/share/applications"])
    }

    func testEntriesAreListedByIdWithTheFirstFolderWinning() throws {
        try write("home/org.example.Notes.desktop", entry("Notes", ["X-Orientd-SupportedOrientations=portrait;landscape", "Icon=notes"]))
        try write("sys/org.example.Notes.desktop", entry("Old Notes"))
        try write("sys/org/example-Game.desktop", entry("Game", ["X-Orientd-SupportedOrientations=landscape"]))
        try write("sys/org.example.Reader.desktop", entry("Reader", ["X-Ubuntu-Supported-Orientations=primary"]))
        let apps = InstalledApps.list(folders: [root + "/home", root + "/sys"])
        XCTAssertEqual(apps.map(\.appID), ["org-example-Game", "org.example.Notes", "org.example.Reader"])
        XCTAssertEqual(apps.map(\.name), ["Game", "Notes", "Reader"])
        XCTAssertEqual(apps[1].icon, "notes")
        XCTAssertEqual(apps[1].declared, [.portrait, .landscapeLeft, .landscapeRight])
        XCTAssertEqual(apps[0].declared, .landscape)
        XCTAssertEqual(apps[2].declared, .portrait, "Lomiri's primary is a portrait panel's own orientation")
        XCTAssertEqual(apps[1].path, root + "/home/org.example.Notes.desktop")
    }

    func testOnlyShownApplicationsAreListed() throws {
        try write("a/hidden.desktop", entry("Hidden", ["Hidden=true"]))
        try write("a/nodisplay.desktop", entry("NoDisplay", ["NoDisplay=true"]))
        try write("a/link.desktop", ["[Desktop Entry]", "Type=Link", "Name=Link", "URL=https://example.org"])
        try write("a/broken.desktop", ["not a key file ["])
        try write("a/shown.desktop", entry("Shown"))
        XCTAssertEqual(InstalledApps.list(folders: [root + "/a"]).map(\.appID), ["shown"])
    }

    func testABadOrientationValueIsSkippedAsOrientdSkipsIt() throws {
        try write("a/odd.desktop", entry("Odd", ["X-Orientd-SupportedOrientations=sideways",
                                                 "X-Ubuntu-Supported-Orientations=landscape"]))
        try write("a/none.desktop", entry("None", ["X-Orientd-SupportedOrientations=sideways"]))
        let apps = InstalledApps.list(folders: [root + "/a"])
        XCTAssertEqual(apps.first { $0.appID == "odd" }?.declared, .landscapeRight, "then Lomiri's key")
        XCTAssertNil(apps.first { $0.appID == "none" }?.declared)
    }

    func testUntrustedFilesAreNotRead() throws {
        try FileManager.default.createDirectory(atPath: root + "/a", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(root + "/a/fifo.desktop", 0o600), 0)
        try write("a/huge.desktop", entry("Huge", [String(repeating: "X-Pad=0\n", count: 10_000)]))
        try write("a/fine.desktop", entry("Fine"))
        XCTAssertEqual(InstalledApps.list(folders: [root + "/a", root + "/missing"]).map(\.appID), ["fine"])
    }
}
