import Foundation
import TestSupport
import XCTest

/// scripts/screenshots.sh, which makes the README's headline pictures, run as the README
/// says: it must still write a portrait screen, then a landscape one (the panel turned); and
/// the front-window and settings scripts, all three thin wrappers of orientd-screenshots.
final class FrameScreenshotScriptTests: OutputTestCase {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/screenshots.sh").path

    /// A PNG's width and height (its IHDR chunk).
    func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4e, 0x47], "\(path) is not a PNG")
        func card32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (card32(16), card32(20))
    }

    func testTheScriptWritesThePortraitListThenTheTurnedScreen() throws {
        let directory = scratch + "/shots"
        let result = try runCommand([Self.script, directory], environment: ["ORIENTD": OrientdInstance.product("orientd")],
                                    timeout: .seconds(180))
        XCTAssertTrue(result.succeeded, result.description)
        let portrait = try pngSize(directory + "/compositor-portrait.png")
        let landscape = try pngSize(directory + "/compositor-landscape.png")
        XCTAssertEqual([portrait.0, portrait.1], [800, 1280])
        XCTAssertEqual([landscape.0, landscape.1], [1280, 800])
        XCTAssertTrue(result.stdout.contains("OrientationChanged portrait -> landscape-right (presentation)"), result.stdout)
    }

    static let frontWindowScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/front-window-screenshots.sh").path

    /// The front-window headline: two unmodified apps; the panel turns for the landscape
    /// game in front and back for the notes app when the game closes.
    func testTheFrontWindowScriptWritesNotesThenTheTurnedGameThenNotesAgain() throws {
        let directory = scratch + "/front"
        let result = try runCommand([Self.frontWindowScript, directory],
                                    environment: ["ORIENTD": OrientdInstance.product("orientd"),
                                                  "ORIENTCTL": OrientdInstance.product("orientctl")],
                                    timeout: .seconds(240))
        XCTAssertTrue(result.succeeded, result.description)
        XCTAssertEqual(try [directory + "/front-notes.png", directory + "/front-game.png", directory + "/front-notes-again.png"]
                        .map { let (width, height) = try pngSize($0); return [width, height] },
                       [[800, 1280], [1280, 800], [800, 1280]])
        XCTAssertTrue(result.stdout.contains("Window tracking: wlroots, 2 app windows, org.example.RacingGame in front"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Output: wlroots turns X11-1, showing landscape-right"), result.stdout)
        XCTAssertTrue(result.stdout.contains("org.example.RacingGame is in front: the compositor's window list (wlroots)"), result.stdout)
    }

    static let settingsScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/settings-screenshots.sh").path

    /// The settings app's pictures: the phone's list and an app's page, then the tablet's.
    func testTheSettingsScriptWritesThePhoneThenTheTabletPictures() throws {
        let directory = scratch + "/settings"
        let result = try runCommand([Self.settingsScript, directory], environment: ["ORIENTD": OrientdInstance.product("orientd")],
                                    timeout: .seconds(240))
        XCTAssertTrue(result.succeeded, result.description)
        XCTAssertEqual(try ["settings-phone.png", "settings-phone-app.png", "settings-tablet.png"]
                        .map { let (width, height) = try pngSize(directory + "/" + $0); return [width, height] },
                       [[720, 1440], [720, 1440], [1280, 800]])
        XCTAssertTrue(result.stdout.contains("settings-screenshots.sh: wrote \(directory)/settings-tablet.png (1280x800)"), result.stdout)
    }

    /// A script whose orientd is missing says so, as the script, and starts nothing.
    func testAScriptWithoutOrientdNamesTheMissingBinary() throws {
        let result = try runCommand([Self.frontWindowScript, scratch + "/none"],
                                    environment: ["ORIENTD": scratch + "/no-orientd",
                                                  "ORIENTD_SCREENSHOTS": OrientdInstance.product("orientd-screenshots")])
        XCTAssertEqual(result.status, .exited(1), result.description)
        XCTAssertTrue(result.stderr.hasPrefix("front-window-screenshots.sh: no orientd at \(scratch)/no-orientd: run swift build first (or set ORIENTD)"),
                      result.stderr)
    }
}
