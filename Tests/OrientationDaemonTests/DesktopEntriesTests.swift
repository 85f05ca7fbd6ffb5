import Foundation
import Glibc
import OrientationCore
import TestSupport
import XCTest
@testable import OrientationDaemon

/// Desktop entries read from the entry itself: the desktop file id rules over the XDG data
/// folders, the keys that declare orientations (orientd's and Lomiri's), the cache and its invalidation, the
/// StartupWMClass index, and entries that are not regular files or are too big.
final class DesktopEntriesTests: XCTestCase {
    var xdg: XDGFolders!
    var root: String { xdg.root }
    let log = Log(verbose: false)
    var home: String { root + "/home/applications" }
    var vendor: String { root + "/vendor/applications" }
    var system: String { root + "/system/applications" }

    override func setUpWithError() throws {
        xdg = try XDGFolders(removedAfter: self)
        for folder in [home, vendor, system] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
    }

    private func entries() -> DesktopEntries { DesktopEntries(folders: [home, vendor, system]) }

    private func write(_ path: String, _ keys: String) throws {
        try xdg.write(path, "[Desktop Entry]\nType=Application\nName=App\nExec=/nowhere/on/path/app\n\(keys)\n", atomically: true)
    }

    private func supportedOrientations(_ appId: String, _ idiom: Idiom = .phone, natural: NaturalOrientation = .portrait,
                           in entries: DesktopEntries) -> (OrientationMask, String)? {
        DesktopEntry.supportedOrientations(appId: appId, idiom: idiom, natural: natural, log: log, entries: entries)
    }

    func testTheEnvironmentGivesDataHomeThenDataDirsAndIgnoresRelativePaths() {
        let folders = DesktopEntries(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative", "XDG_DATA_DIRS": "/a:rel:/b:/a"]).folders
        XCTAssertEqual(folders, ["/home/u/.local/share/applications", "/a/applications", "/b/applications"])
        let defaults = DesktopEntries(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/d"]).folders
        XCTAssertEqual(defaults, ["/d/applications", "/usr/local/share/applications", "/usr/share/applications"])
    }

    func testTheFirstFolderWinsAndAnEntryWhoseExecIsNotOnPathCounts() throws {
        try write(system + "/org.example.App.desktop", "X-Orientd-SupportedOrientations=portrait;")
        try write(vendor + "/org.example.App.desktop", "X-Orientd-SupportedOrientations=landscape;")
        let found = try XCTUnwrap(supportedOrientations("org.example.App", in: entries()))
        XCTAssertEqual(found.0, .landscape)
        XCTAssertEqual(found.1, vendor + "/org.example.App.desktop")
        try write(home + "/org.example.App.desktop", "X-Orientd-SupportedOrientations=portrait-upside-down;")
        XCTAssertEqual(supportedOrientations("org.example.App", in: entries())?.0, .portraitUpsideDown)
    }

    func testADashMayStandForASubfolder() throws {
        try write(vendor + "/kde/org-example-Tool.desktop", "X-Orientd-SupportedOrientations=landscape-left")
        try write(system + "/kde/org/example-Other.desktop", "X-Orientd-SupportedOrientations=landscape-right")
        let store = entries()
        XCTAssertEqual(supportedOrientations("kde-org-example-Tool", in: store)?.1, vendor + "/kde/org-example-Tool.desktop")
        XCTAssertEqual(supportedOrientations("kde-org-example-Other", in: store)?.0, .landscapeRight)
        XCTAssertNil(supportedOrientations("kde-org-example", in: store))
        XCTAssertNil(supportedOrientations("org-example-Tool", in: store), "the subfolder is part of the id")
        var watched: [DesktopEntries.Watched] = []
        XCTAssertNil(store.locate(id: "../vendor/applications/x.desktop", watched: &watched), "no path outside the folders")
    }

    func testAFlatpakIdIsJustAnId() throws {
        try write(root + "/system/flatpak-exports/org.gnome.Maps.desktop", "X-Orientd-SupportedOrientations=all")
        try FileManager.default.createSymbolicLink(atPath: system + "/org.gnome.Maps.desktop",
                                                   withDestinationPath: root + "/system/flatpak-exports/org.gnome.Maps.desktop")
        XCTAssertEqual(supportedOrientations("org.gnome.Maps", in: entries())?.0, .all, "a symbolic link to a regular file is followed")
    }

    func testThePadKeyFirstForAPadThenOrientdsThenLomiris() throws {
        try write(vendor + "/a.desktop", "X-Orientd-SupportedOrientations=landscape\nX-Orientd-SupportedOrientations-Pad=portrait\nX-Ubuntu-Supported-Orientations=portrait")
        try write(vendor + "/b.desktop", "X-Ubuntu-Supported-Orientations=landscape;invertedLandscape")
        try write(vendor + "/c.desktop", "X-Orientd-SupportedOrientations=sideways\nX-Ubuntu-Supported-Orientations=invertedPortrait")
        try write(vendor + "/d.desktop", "X-Lomiri-Supported-Orientations=landscape\nX-Ubuntu-Supported-Orientations=portrait")
        try write(vendor + "/e.desktop", "X-Lomiri-Supported-Orientations=inverted-portrait\nX-Ubuntu-Supported-Orientations=portrait")
        try write(vendor + "/f.desktop", "X-Lomiri-Supported-Orientations=\nX-Ubuntu-Supported-Orientations=portrait")
        let store = entries()
        XCTAssertEqual(supportedOrientations("a", in: store)?.0, .landscape)
        XCTAssertEqual(supportedOrientations("a", .pad, in: store)?.0, .portrait)
        XCTAssertEqual(supportedOrientations("b", .pad, in: store)?.0, .landscape, "Lomiri's landscape and invertedlandscape")
        XCTAssertEqual(supportedOrientations("c", in: store)?.0, .portraitUpsideDown, "a bad value of orientd's key: the next key")
        XCTAssertEqual(supportedOrientations("d", in: store)?.0, .landscapeRight, "lomiri-app-launch's key before the older one")
        // A value Lomiri cannot read means all four to Lomiri (until this change orientd
        // skipped it to the next key): the app shows the same under orientd.
        XCTAssertEqual(supportedOrientations("e", in: store)?.0, .all)
        XCTAssertEqual(supportedOrientations("f", in: store)?.0, .portrait, "an empty value declares nothing: the next key")
    }

    /// lomiri-app-launch's rules: `;` separates (a last one ends the list), whitespace is
    /// stripped, names match without case, `primary` only first; anything else is all four.
    func testLomirisNames() throws {
        func read(_ value: String, _ natural: NaturalOrientation = .portrait) -> OrientationMask? {
            LomiriOrientations.read(value, natural: natural)?.mask
        }
        XCTAssertEqual(read("portrait;landscape;invertedPortrait;invertedLandscape;"), .all)
        XCTAssertEqual(read(" PORTRAIT ; invertedportrait"), [.portrait, .portraitUpsideDown])
        XCTAssertEqual(read("landscape"), .landscapeRight)
        XCTAssertEqual(read("InvertedLandscape"), .landscapeLeft)
        XCTAssertEqual(read("primary"), .portrait, "a portrait panel's own orientation")
        XCTAssertEqual(read("Primary", .landscape), .landscapeRight, "a landscape panel's own orientation")
        XCTAssertEqual(read("primary;landscape"), .landscapeRight, "primary first declares nothing itself")
        XCTAssertNil(read(""), "an empty value declares nothing")
        // What Lomiri cannot read means all four, said once in the log.
        // (Until lomiri-app-launch's rules, ',' separated, '-' and '_' were dropped and
        // these values were refused.)
        for bad in ["landscape;primary", "sideways", "portrait,landscape", "inverted-portrait", "portrait;;landscape"] {
            let result = LomiriOrientations.read(bad, key: LomiriOrientations.ubuntuKey, natural: .portrait)
            XCTAssertEqual(result?.mask, .all, bad)
            XCTAssertTrue(result?.problem?.contains(LomiriOrientations.ubuntuKey) == true, "\(String(describing: result))")
        }
    }

    func testHiddenMissingGroupAndBadFilesGiveNothing() throws {
        try write(home + "/gone.desktop", "Hidden=true\nX-Orientd-SupportedOrientations=landscape")
        try write(vendor + "/gone.desktop", "X-Orientd-SupportedOrientations=landscape")
        try "[Something Else]\nX-Orientd-SupportedOrientations=landscape\n".write(toFile: vendor + "/nogroup.desktop", atomically: true, encoding: .utf8)
        try "not a key file at all\n".write(toFile: vendor + "/junk.desktop", atomically: true, encoding: .utf8)
        XCTAssertEqual(mkfifo(vendor + "/fifo.desktop", 0o644), 0)
        XCTAssertEqual(truncate(vendor + "/big.desktop", 0), -1, "no file yet")
        XCTAssertTrue(FileManager.default.createFile(atPath: vendor + "/big.desktop", contents: nil))
        XCTAssertEqual(truncate(vendor + "/big.desktop", 200 << 20), 0, "a sparse 200 MB entry")
        let store = entries()
        for id in ["gone", "nogroup", "junk", "fifo", "big"] {
            XCTAssertNil(supportedOrientations(id, in: store), id)
        }
    }

    func testTheCacheIsCheckedByStampsAndSeesChanges() throws {
        let path = vendor + "/org.example.App.desktop"
        try write(path, "X-Orientd-SupportedOrientations=landscape")
        let store = entries()
        let first = store.entry(id: "org.example.App.desktop", keys: DesktopEntry.keys, log: log)
        XCTAssertTrue(first.fresh)
        XCTAssertFalse(store.entry(id: "org.example.App.desktop", keys: DesktopEntry.keys, log: log).fresh, "unchanged: from the cache")
        try write(path, "X-Orientd-SupportedOrientations=portrait")
        XCTAssertEqual(supportedOrientations("org.example.App", in: store)?.0, .portrait, "a replaced entry is read again")
        try write(home + "/org.example.App.desktop", "X-Orientd-SupportedOrientations=landscape-left")
        XCTAssertEqual(supportedOrientations("org.example.App", in: store)?.0, .landscapeLeft, "a new entry in a more important folder wins")
        try FileManager.default.removeItem(atPath: home + "/org.example.App.desktop")
        XCTAssertEqual(supportedOrientations("org.example.App", in: store)?.0, .portrait, "a removed entry uncovers the next")
        // Edited in place (same inode): its own stamp changes.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("X-Orientd-SupportedOrientations-Pad=landscape\n".utf8))
        try handle.close()
        XCTAssertEqual(supportedOrientations("org.example.App", .pad, in: store)?.0, .landscape)
    }

    func testStartupWMClassMapsToTheDesktopId() throws {
        try write(vendor + "/org.example.Notes.desktop", "StartupWMClass=notes-app")
        try write(system + "/org.example.Notes.desktop", "StartupWMClass=hidden-by-vendor")
        try write(system + "/games/org.example.Game.desktop", "StartupWMClass=GameWindow")
        try write(vendor + "/org.example.Gone.desktop", "Hidden=true\nStartupWMClass=gone")
        let store = entries()
        XCTAssertEqual(store.desktopId(startupWMClass: "notes-app", log: log), "org.example.Notes")
        XCTAssertEqual(store.desktopId(startupWMClass: "gamewindow", log: log), "games-org.example.Game", "case is ignored as a fallback")
        XCTAssertNil(store.desktopId(startupWMClass: "hidden-by-vendor", log: log), "the id's first entry wins")
        XCTAssertNil(store.desktopId(startupWMClass: "gone", log: log))
        try write(home + "/org.example.New.desktop", "StartupWMClass=new-app")
        XCTAssertEqual(DesktopEntry.appId(startupWMClass: "new-app", log: log, entries: store), "org.example.New", "a new entry rescans")
    }

    /// Links to `.` and to a parent list a folder once; a tree of 300 real folders stops at
    /// 256 folders (X11ClassScanTests shows, from outside, that lookups by id go on meanwhile).
    func testTheClassScanListsAFolderOnceAndIsBoundedInFolders() throws {
        let loop = home + "/loop"
        try FileManager.default.createDirectory(atPath: loop, withIntermediateDirectories: true)
        for index in 0..<2_000 { try FileManager.default.createSymbolicLink(atPath: "\(loop)/l\(index)", withDestinationPath: ".") }
        try FileManager.default.createSymbolicLink(atPath: loop + "/up", withDestinationPath: "..")
        try write(system + "/org.example.Reader.desktop", "StartupWMClass=reader")
        let store = entries()
        let started = ContinuousClock.now
        XCTAssertEqual(store.desktopId(startupWMClass: "reader", log: log), "org.example.Reader")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5), "one listing of the loop")
        XCTAssertEqual(store.classIndex?.folders.count, 4, "home, loop, vendor, system: each once")
        XCTAssertEqual(store.classIndex?.truncated, false)

        for index in 0..<300 { try FileManager.default.createDirectory(atPath: "\(vendor)/d\(index)", withIntermediateDirectories: true) }
        let wide = entries()
        XCTAssertNil(wide.desktopId(startupWMClass: "nothing", log: log))
        XCTAssertEqual(wide.classIndex?.folders.count, DesktopEntries.maxScannedFolders)
        XCTAssertEqual(wide.classIndex?.truncated, true)
        XCTAssertLessThanOrEqual(wide.classIndex?.stats ?? .max, DesktopEntries.maxScanStats)
    }
}
