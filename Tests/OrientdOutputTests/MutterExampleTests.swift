import Foundation
import TestSupport
import XCTest

/// The GTK example on a screen orientd turns through a real mutter: the window sees
/// OutputBackend "mutter", does not turn its drawing a second time (its landscape player is
/// laid out landscape, upright), and mutter's panel follows the window's flow.
final class MutterExampleTests: OutputTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testTheGTKWindowLetsTheCompositorTurnIt() throws {
        try startMutter()
        try launchOrientd(["--output-backend", "mutter", "--output", "Meta-0"])
        try waitForProperty("OutputBackend", "mutter")
        let shots = scratch + "/shots"
        var env = childEnvironment
        env["GDK_BACKEND"] = "x11"  // under the script's Xvfb, never mutter's Wayland socket
        // The example speaks through liborientd and its GTK glue: this tree's build (make lib,
        // which make test runs first).
        let library = Self.root + "/.build/lib/orientd:" + Self.root + "/.build/lib/orientd-gtk"
        guard FileManager.default.fileExists(atPath: Self.root + "/.build/lib/orientd-gtk/OrientdGtk-1.0.typelib") else {
            throw TestSupportError("no OrientdGtk-1.0.typelib in .build/lib/orientd-gtk: build liborientd first (make lib)")
        }
        (env["GI_TYPELIB_PATH"], env["LD_LIBRARY_PATH"]) = (library, library)
        let output = try runCommand(["bash", Self.root + "/examples/gtk/screenshots.sh", shots], environment: env,
                                    timeout: .seconds(120))
        XCTAssertTrue(output.succeeded, "\(output)")
        XCTAssertTrue(output.stdout.contains("output backend mutter: the compositor turns the content; the window draws it upright"),
                      output.stdout)
        // The player is laid out landscape (wider than tall), not a portrait frame drawn turned.
        let portrait = try pngSize(shots + "/screenshot-portrait.png")
        let landscape = try pngSize(shots + "/screenshot-landscape.png")
        XCTAssertGreaterThan(portrait.height, portrait.width)
        XCTAssertGreaterThan(landscape.width, portrait.width, "the landscape layout is wider")
        XCTAssertTrue(output.stdout.contains("interface landscape-right"), output.stdout)
        // ... and once the app quit (its scene gone, none in front), the panel follows the
        // device, which the script left in landscape-right: interface landscape-left.
        try waitForProperty("FrontScene", "/")
        try compositor.waitForPanel(.quarter)
        try waitForProperty("OutputOrientation", "landscape-left")
        // The flow turned the panel with the window: landscape-right (the player, 3),
        // landscape-left (the device turned, 1), portrait (back on the list, 0), then
        // landscape-left (the app quit, 1). A turn still waiting when the next is asked for
        // is dropped for it: on a slow machine the player's 3 gave way to the 1, and the
        // portrait to the final landscape-left when the app quit right after it (the panel
        // then stayed at 1). So: those turns in that order, some skipped, ending at 1.
        func applied() -> [String] {
            orientdLogLines(containing: "ApplyMonitorsConfig").map { $0.split(separator: " ").last.map(String.init) ?? "" }
        }
        try eventually("the last turn applied is landscape-left (1) in orientd's log") { applied().last == "1" }
        XCTAssertTrue(Self.isInOrder(applied(), within: ["3", "1", "0", "1"]), "\(applied()): \(orientd.log)")
    }

    /// Whether `turns` is `flow` with some turns left out.
    static func isInOrder(_ turns: [String], within flow: [String]) -> Bool {
        var rest = flow[...]
        for turn in turns {
            guard let index = rest.firstIndex(of: turn) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    private func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path), "no file \(path)"))
        XCTAssertEqual(String(decoding: bytes[12..<16], as: UTF8.self), "IHDR")
        func big(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (big(16), big(20))
    }
}
