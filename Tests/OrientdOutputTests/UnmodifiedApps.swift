import Foundation
import TestSupport
import XCTest

/// Unmodified apps for the front-window tests: a desktop entry per app in the test's own
/// `XDG_DATA_DIRS` (never the machine's), and a real GTK 4 window of that app id
/// (`Fixtures/windows/app_window.py`) opened on the test's `compositor`. orientd reads the
/// entries; the apps themselves never speak to orientd.
extension OutputTestCase {
    /// The fixture app every front-window test runs.
    static var appWindowScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/windows/app_window.py").path
    }

    /// The data folder the test's desktop entries live in (`<scratch>/data`); put it first in
    /// orientd's `XDG_DATA_DIRS` through `appDataEnvironment`.
    var appDataHome: String { scratch + "/data" }

    /// `XDG_DATA_DIRS` (and an empty `XDG_DATA_HOME` below the scratch folder) so that orientd
    /// finds only the test's entries.
    var appDataEnvironment: [String: String] {
        ["XDG_DATA_DIRS": appDataHome, "XDG_DATA_HOME": scratch + "/data-home"]
    }

    /// Writes `<appId>.desktop` into the test's data folder. `orientations` is the value of
    /// `X-Orientd-SupportedOrientations` (nil writes none: the app declares nothing);
    /// `extraLines` are added as they are (for `StartupWMClass=`, Lomiri's key, ...).
    func writeDesktopEntry(_ appId: String, orientations: String?, extraLines: [String] = []) throws {
        let folder = appDataHome + "/applications"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var lines = ["[Desktop Entry]", "Type=Application", "Name=\(appId)", "Exec=/usr/bin/true"]
        if let orientations { lines.append("X-Orientd-SupportedOrientations=\(orientations)") }
        lines += extraLines
        try (lines.joined(separator: "\n") + "\n").write(toFile: "\(folder)/\(appId).desktop", atomically: true, encoding: .utf8)
    }

    /// Opens a GTK 4 window of `appId` on the test's `compositor` and waits until GTK
    /// presented it (`openGtkWindow`). SIGTERM closes it.
    func startUnmodifiedApp(_ appId: String) throws -> ChildProcess {
        try openGtkWindow(["/usr/bin/python3", Self.appWindowScript, appId], name: appId)
    }

    /// Opens the window of a GTK fixture (`command`, which prints `shown` once GTK presented
    /// it) on the test's `compositor` (`Compositor.openWindow`: its socket or display), with
    /// the GDK backend that reaches it, software rendering and no accessibility bus; waits
    /// until it is shown. Stopped after the test.
    @discardableResult
    func openGtkWindow(_ command: [String], name: String) throws -> ChildProcess {
        let wayland = compositor.clientEnvironment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        let environment = ["GSK_RENDERER": "cairo", "GTK_A11Y": "none", "GDK_BACKEND": wayland ? "wayland" : "x11"]
        let app = try compositor.openWindow(command, name: name, environment: environment, start: startProcess)
        XCTAssertEqual(try app.firstLineOfOutput(timeout: deadline), "shown", app.standardError)
        return app
    }
}
