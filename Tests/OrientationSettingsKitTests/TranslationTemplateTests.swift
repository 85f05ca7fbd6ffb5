import Foundation
import XCTest

/// The translation template holds every string the app shows: scripts/update-pot.sh run now
/// finds no message that po/orientd.pot lacks (run `make pot` after adding one).
final class TranslationTemplateTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The msgids of a .pot file.
    func messages(_ path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Set(text.split(separator: "\n").filter { $0.hasPrefix("msgid \"") && $0 != "msgid \"\"" }.map(String.init))
    }

    func testTheTemplateHasEveryMessage() throws {
        let fresh = NSTemporaryDirectory() + "orientd-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).pot"
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        let script = Process()
        script.executableURL = URL(fileURLWithPath: Self.root + "/scripts/update-pot.sh")
        script.arguments = [fresh]
        script.standardOutput = FileHandle.nullDevice
        try script.run()
        script.waitUntilExit()
        XCTAssertEqual(script.terminationStatus, 0)
        let current = try messages(fresh)
        XCTAssertTrue(current.contains("msgid \"Portrait only\""), "the app's words are extracted: \(current.count)")
        XCTAssertTrue(current.contains("msgid \"Rotation lock, and how each app turns with the device\""), "and the desktop entry's")
        // A msgid outside ASCII is kept whole: gettext looks up the string exactly as the app says it.
        XCTAssertTrue(current.contains("msgid \"%s: %s — your choice\""), "the dash is kept")
        let committed = try messages(Self.root + "/po/orientd.pot")
        XCTAssertEqual(current.subtracting(committed), [], "po/orientd.pot lacks these: run make pot")
    }
}
