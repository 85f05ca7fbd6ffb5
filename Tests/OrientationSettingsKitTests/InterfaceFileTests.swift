import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OrientationSettingsKit
import TestSupport
import XCTest

/// The settings app's windows are described in UI files (data/settings/) inside a GResource
/// bundle: every id the app looks up is in its file, every UI file is in the bundle, GTK's own
/// builder tool accepts each file, and the app says what is wrong when the bundle is missing.
final class InterfaceFileTests: XCTestCase {
    static let folder = SettingsInterfaceBundle.sourceFolder

    /// The ids of a UI file's objects and menus, each once.
    func ids(in file: String) throws -> [String] {
        let parser = try XCTUnwrap(XMLParser(contentsOf: URL(fileURLWithPath: Self.folder + "/" + file)))
        let collector = IDCollector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "\(file): \(parser.parserError.map { "\($0)" } ?? "")")
        return collector.ids
    }

    func testEveryIdTheAppLooksUpIsInItsFile() throws {
        for file in InterfaceFile.allCases {
            let found = try ids(in: file.rawValue)
            XCTAssertEqual(Set(found).count, found.count, "\(file.rawValue) names an id twice: \(found)")
            let missing = Set(file.objectIDs).subtracting(found)
            XCTAssertEqual(missing, [], "\(file.rawValue) lacks ids the app looks up (it has: \(found.sorted()))")
        }
    }

    /// The bundle's description lists exactly the UI files in the folder, which are the files
    /// the app knows; glib-compile-resources finds each.
    func testTheBundleHoldsEveryUIFileAndNoOther() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".ui") }
        let known = InterfaceFile.allCases.map(\.rawValue)
        XCTAssertEqual(Set(onDisk), Set(known), "data/settings/*.ui and InterfaceFile's cases")
        let description = try String(contentsOfFile: SettingsInterfaceBundle.description, encoding: .utf8)
        let listed = description.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("<file>"), text.hasSuffix("</file>") else { return nil }
            return String(text.dropFirst("<file>".count).dropLast("</file>".count))
        }
        XCTAssertEqual(listed.sorted(), known.sorted(), "the files orientd-settings.gresource.xml lists")
        XCTAssertTrue(description.contains("prefix=\"\(InterfaceFile.resourcePrefix.dropLast())\""),
                      "the bundle's prefix is InterfaceFile.resourcePrefix")
        let dependencies = try runCommand(["glib-compile-resources", "--sourcedir=" + Self.folder, "--generate-dependencies",
                                           SettingsInterfaceBundle.description])
        XCTAssertTrue(dependencies.succeeded, "\(dependencies)")
        XCTAssertEqual(Set(dependencies.stdout.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }),
                       Set(known), "\(dependencies)")
    }

    /// gtk4-builder-tool builds each file's objects (so every class, property and child type is
    /// GTK's or libadwaita's), in a virtual X server (a window needs a display) with libadwaita
    /// loaded (the tool does not link it).
    func testGtksBuilderToolAcceptsEveryFile() throws {
        for tool in ["gtk4-builder-tool", "xvfb-run"] where (try? runCommand(["which", tool]))?.succeeded != true {
            throw XCTSkip("no \(tool) here (Debian: libgtk-4-bin, xvfb)")
        }
        let files = InterfaceFile.allCases.map { Self.folder + "/" + $0.rawValue }
        let script = "for file; do gtk4-builder-tool validate \"$file\" || { echo \"refused: $file\" >&2; exit 1; }; done"
        let validated = try runCommand(["xvfb-run", "-a", "env", "LD_PRELOAD=libadwaita-1.so.0", "GSK_RENDERER=cairo",
                                        "sh", "-c", script, "validate"] + files, timeout: .seconds(120))
        XCTAssertTrue(validated.succeeded, "\(validated)")
        XCTAssertEqual(validated.stderr.split(separator: "\n").filter { $0.contains("Gtk-") || $0.contains("Adwaita-") }, [],
                       "GTK warned: \(validated.stderr)")
    }

    /// Without its bundle, or with a broken one, the app does not start, and says what it looked
    /// for, where, and how to give it; the bundle of this tree is accepted.
    func testTheAppSaysWhyWhenItsInterfaceIsMissingOrBroken() throws {
        let scratch = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let app = OrientdInstance.product("orientd-settings")
        func start(_ bundle: String) throws -> ProcessOutput {
            // No display: the app stops before GTK is started when the bundle is wrong.
            try runCommand(["env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", SettingsInterfaceBundle.variable + "=" + bundle, app])
        }
        let missing = try start(scratch + "/none.gresource")
        XCTAssertEqual(missing.status, .exited(1), "\(missing)")
        XCTAssertTrue(missing.stderr.contains("orientd-settings: its interface (orientd-settings.gresource) is in none of: \(scratch)/none.gresource;"),
                      missing.stderr)
        XCTAssertTrue(missing.stderr.contains("set ORIENTD_SETTINGS_RESOURCE to its path"), missing.stderr)

        try "not a bundle".write(toFile: scratch + "/broken.gresource", atomically: true, encoding: .utf8)
        let broken = try start(scratch + "/broken.gresource")
        XCTAssertEqual(broken.status, .exited(1), "\(broken)")
        XCTAssertTrue(broken.stderr.contains("\(scratch)/broken.gresource is not a GResource bundle"), broken.stderr)

        // A bundle of one file only: the others are named.
        let partial = scratch + "/partial.gresource.xml"
        try """
            <gresources><gresource prefix="\(InterfaceFile.resourcePrefix.dropLast())"><file>about-window.ui</file></gresource></gresources>
            """.write(toFile: partial, atomically: true, encoding: .utf8)
        let compiled = try runCommand(["glib-compile-resources", "--sourcedir=" + Self.folder, "--target=" + scratch + "/partial.gresource", partial])
        XCTAssertTrue(compiled.succeeded, "\(compiled)")
        let incomplete = try start(scratch + "/partial.gresource")
        XCTAssertEqual(incomplete.status, .exited(1), "\(incomplete)")
        XCTAssertTrue(incomplete.stderr.contains("partial.gresource lacks settings-window.ui, app-detail-page.ui"), incomplete.stderr)

        // The whole bundle passes the check: the app goes on to GTK, which finds no display.
        let whole = try start(try SettingsInterfaceBundle.compile(into: scratch))
        XCTAssertFalse(whole.stderr.contains("orientd-settings: "), whole.stderr)
    }

    func testTheBundleIsLookedForBesideTheProgramThenInTheSystemsDataFolders() {
        XCTAssertEqual(InterfaceBundle.searchPath(environment: [:], prefix: "/opt/orientd"),
                       ["/opt/orientd/share/orientd-settings/orientd-settings.gresource", "/usr/local/share/orientd-settings/orientd-settings.gresource",
                        "/usr/share/orientd-settings/orientd-settings.gresource"])
        XCTAssertEqual(InterfaceBundle.searchPath(environment: [:], prefix: "/usr"),
                       ["/usr/share/orientd-settings/orientd-settings.gresource", "/usr/local/share/orientd-settings/orientd-settings.gresource"],
                       "each place once")
        XCTAssertEqual(InterfaceBundle.searchPath(environment: [:], prefix: "/").first, "/share/orientd-settings/orientd-settings.gresource")
        XCTAssertEqual(InterfaceBundle.searchPath(environment: [:], prefix: nil).count, 2)
        XCTAssertEqual(InterfaceBundle.searchPath(environment: ["ORIENTD_SETTINGS_RESOURCE": "/tmp/x.gresource"], prefix: "/usr"),
                       ["/tmp/x.gresource"], "the variable alone, when set")
        XCTAssertEqual(InterfaceBundle.searchPath(environment: ["ORIENTD_SETTINGS_RESOURCE": ""], prefix: "/usr").count, 2,
                       "an empty variable is not set")
        XCTAssertEqual(SettingsInterfaceBundle.variable, InterfaceBundle.variable, "the tests' copy of the variable's name")
    }
}

/// The `id` of each `<object>` and `<menu>` of a UI file.
private final class IDCollector: NSObject, XMLParserDelegate {
    var ids: [String] = []

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if element == "object" || element == "menu", let id = attributes["id"] { ids.append(id) }
    }
}
