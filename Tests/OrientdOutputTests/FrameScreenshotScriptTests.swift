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
}
