import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OrientationSettingsKit
import TestSupport
import XCTest

/// The settings app's windows are described in UI files (data/settings/) inside a GResource
/// bundle: every id the app looks up is in its file, every UI file is in the bundle, and GTK's
/// own builder tool accepts each file.
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
