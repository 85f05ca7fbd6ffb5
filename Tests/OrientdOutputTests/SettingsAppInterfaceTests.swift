import Foundation
import TestSupport
import XCTest

/// The settings app's windows come from its UI files (data/settings/), a GResource bundle it
/// loads at start-up: installed as `make install` lays it out — the program in PREFIX/bin, the
/// bundle in PREFIX/share/orientd-settings, no variable naming it — it finds the bundle and
/// shows the window the files describe, on real phoc, read through AT-SPI.
final class SettingsAppInterfaceTests: OutputTestCase {
    static let reader = "org.example.InterfaceReader"

    func testTheInstalledAppFindsItsUIFilesAndShowsTheWindowTheyDescribe() throws {
        let prefix = scratch + "/prefix"
        for folder in ["/bin", "/share/orientd-settings"] {
            try FileManager.default.createDirectory(atPath: prefix + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: OrientdInstance.product("orientd-settings"), toPath: prefix + "/bin/orientd-settings")
        _ = try SettingsInterfaceBundle.compile(into: prefix + "/share/orientd-settings")
        try writeDesktopEntry(Self.reader, orientations: "portrait")
        try startPhocAndOrientd(panel: "X11-1")
        try startAccessibilityBus()
        let app = try startSettingsApp(installed: prefix + "/bin/orientd-settings")

        var title = ""
        try eventually("the window shown (title: \(title); app: \(app.standardError.suffix(1000)))", timeout: deadline) {
            title = (try? drive("window")) ?? ""
            return title.contains("Orientation")
        }
        // Each control of settings-window.ui, named as the file names it, and an app's row.
        for control in ["Rotation lock", "Kiosk mode", "Why?", "Main menu", Self.reader] {
            try waitForControl(control, { _ in true }, "shown")
        }
        try waitForControl("Rotation lock", { $0.contains("sensitive") }, "changeable once orientd answers")
        let labels = try drive("labels")
        for text in ["Screen", "In front", "Apps", "How each app turns with the device", "Choose an app", "Choose an app in the list"] {
            XCTAssertTrue(labels.split(separator: "\n").contains(Substring(text)), "\(text) in the window: \(labels)")
        }
        // An app's page: its four choices (choice-row.ui), named by their titles.
        try drive("press", Self.reader)
        for choice in ["Follow the app", "Any orientation", "Portrait only", "Landscape only"] {
            try waitForControl(choice, { $0.contains("sensitive") }, "offered")
        }
        XCTAssertFalse(app.standardError.contains("Gtk-CRITICAL") || app.standardError.contains("Gtk-WARNING"), app.standardError)
    }
}
