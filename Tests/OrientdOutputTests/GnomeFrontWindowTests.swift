import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The whole flow on real GNOME Shell 43, headless: orientd's extension publishes the Shell's
/// windows on the Shell's own connection, the built orientd follows them (`--window-tracking
/// auto` picks `gnome`) and turns the Shell's panel through mutter's DisplayConfig; the apps
/// are real, unmodified GTK 4 windows whose orientations come from their desktop entries in
/// orientd's `XDG_DATA_DIRS`; the panel is read back from mutter. The device is held portrait.
final class GnomeFrontWindowTests: OutputTestCase {
    static let game = "org.example.GnomeGame"
    static let notes = "org.example.GnomeNotes"
    static let landscape: Set<UInt32> = [1, 3]

    func startOrientd() throws {
        try launchOrientd(["--output-backend", "auto", "--output", Self.shellPanel, "--window-tracking", "auto"],
                          environment: waylandEnvironment.merging(appDataEnvironment) { $1 })
        try waitForProperty("OutputBackend", "mutter")
        try turnDevice("portrait")
    }

    /// Waits, outside the overview, until `appId` is in front with `windows` windows tracked,
    /// and the panel at one of `transforms`.
    func waitForFront(_ appId: String, windows: UInt32, transforms: Set<UInt32>,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        var last = ("?", UInt32(0), UInt32?.none)
        try outsideTheOverview("FrontApp '\(appId)', \(windows) windows, panel at \(transforms.sorted()) (last: \(last))",
                               file: file, line: line) {
            last = (try managerProperty("FrontApp").string ?? "?", try managerProperty("TrackedWindows").uint32 ?? 0,
                    try shellTransform())
            return last.0 == appId && last.1 == windows && last.2.map(transforms.contains) == true
        }
    }

    /// Opening a landscape app turns the Shell's panel (an observed scene whose Explain names its
    /// desktop entry); another app in front turns it back; closing the front window brings the
    /// one behind back; closing the last gives the device's.
    func testTheAppInFrontTurnsTheShellsPanelAndClosingGivesItBack() throws {
        try appsInFrontTurnTheShellsPanel(root: nil)
    }

    /// The flow above on the host's GNOME Shell, or on the Shell of `root` (a Debian 13 root).
    func appsInFrontTurnTheShellsPanel(root: String?) throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try writeDesktopEntry(Self.notes, orientations: "portrait")
        try startGnomeShell(extensionEnabled: true, root: root)
        try startOrientd()
        try waitForProperty("WindowTracking", "gnome")

        let game = try startUnmodifiedApp(Self.game)
        try waitForFront(Self.game, windows: 1, transforms: Self.landscape)
        let explain = try explainFrontScene().joined(separator: "\n")
        XCTAssertTrue(explain.contains("\(appDataHome)/applications/\(Self.game).desktop"), explain)

        let notes = try startUnmodifiedApp(Self.notes)
        try waitForFront(Self.notes, windows: 2, transforms: [0])

        try closeApp(notes)
        try waitForFront(Self.game, windows: 1, transforms: Self.landscape)

        try closeApp(game)
        try waitForFront("", windows: 0, transforms: [0])
        XCTAssertEqual(try managerProperty("WindowTracking").string, "gnome")
    }

    /// The user's policy pins an unmodified app (no orientations declared) to portrait while
    /// another unmodified app, whose entry declares nothing, follows the device both ways;
    /// Explain names the policy.
    func testTheUsersPolicyPinsAnUnmodifiedAppWhileOthersFollowTheDevice() throws {
        let reader = "org.example.GnomeReader", browser = "org.example.GnomeBrowser"
        try writeDesktopEntry(reader, orientations: nil)
        // Declares nothing, so it follows the device, as it did before orientd (it declared
        // both families while an app that said nothing was portrait on a phone).
        try writeDesktopEntry(browser, orientations: nil)
        try startGnomeShell(extensionEnabled: true)
        try startOrientd()
        try waitForProperty("WindowTracking", "gnome")
        try callManager("SetAppPolicy", [.s(reader), .vardict(["allowed-orientations": .strings(["portrait"])])])
        // The device on its side: the browser follows it, the reader stays portrait.
        try turnDevice("landscape-left")

        _ = try startUnmodifiedApp(reader)
        try waitForFront(reader, windows: 1, transforms: [0])
        let explain = try explainFrontScene().joined(separator: "\n")
        XCTAssertTrue(explain.contains("The user's policy for \(reader)"), explain)

        let browserApp = try startUnmodifiedApp(browser)
        try waitForFront(browser, windows: 2, transforms: Self.landscape)
        try turnDevice("portrait")
        try waitForFront(browser, windows: 2, transforms: [0])

        try closeApp(browserApp)
        try waitForFront(reader, windows: 1, transforms: [0])
    }

    /// Installed but not enabled: WindowTracking stays none and the log says how to enable it;
    /// enabling it (what `gnome-extensions enable` asks the Shell) attaches orientd at once.
    func testTheExtensionEnabledLaterIsPickedUp() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try startGnomeShell(extensionEnabled: false)
        try startOrientd()
        try eventually("orientd says the extension is not enabled; its log:\n\(orientd.log)", timeout: deadline) {
            orientd.log.contains("gnome-extensions enable \(Self.shellExtension)")
        }
        XCTAssertEqual(try managerProperty("WindowTracking").string, "none")

        try client.connection.call(destination: "org.gnome.Shell", path: "/org/gnome/Shell",
                                   interface: "org.gnome.Shell.Extensions", method: "EnableExtension",
                                   parameters: Variant(tuple: [.s(Self.shellExtension)]), timeoutMilliseconds: 10_000)
        try waitForProperty("WindowTracking", "gnome")
        _ = try startUnmodifiedApp(Self.game)
        try waitForFront(Self.game, windows: 1, transforms: Self.landscape)
    }

    /// Only the Shell's own connection is believed: another program sending the extension's
    /// signal, claiming a landscape app has the focus, changes nothing.
    func testAForgedWindowListFromAnotherConnectionIsNotHeard() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try writeDesktopEntry(Self.notes, orientations: "portrait")
        try startGnomeShell(extensionEnabled: true)
        try startOrientd()
        try waitForProperty("WindowTracking", "gnome")

        let forged = Variant(arrayOf: "(tsbbb)", [Variant(tuple: [Variant(uint64: 7), .s(Self.game), .b(true), .b(false), .b(false)])])
        try client.connection.emitSignal(path: Self.shellWindowsPath, interface: Self.shellWindowsInterface,
                                         signal: "WindowsChanged", parameters: Variant(tuple: [forged]))
        // A real window after the forged list: once it is in front, the forged one was weighed.
        _ = try startUnmodifiedApp(Self.notes)
        try waitForFront(Self.notes, windows: 1, transforms: [0])
        XCTAssertFalse(orientd.log.contains(Self.game), "orientd heard the forged window:\n\(orientd.log)")
    }
}
