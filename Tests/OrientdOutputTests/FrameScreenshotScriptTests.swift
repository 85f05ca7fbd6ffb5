import Foundation
import TestSupport
import XCTest

/// scripts/screenshots.sh, which makes the README's headline pictures, run as the README
/// says: it must still write a portrait screen, then a landscape one (the panel turned).
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
}
