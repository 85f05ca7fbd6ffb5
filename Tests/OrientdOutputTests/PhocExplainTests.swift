import Foundation
import TestSupport
import XCTest

/// "Why is my screen like this?" answered on real phoc with unmodified apps: `orientctl
/// explain` in words, and orientd's log at its default level (no --verbose) naming the app
/// in front and each panel turn.
final class PhocExplainTests: OutputTestCase {
    static let game = "org.example.PhocGame"
    static let notes = "org.example.PhocNotes"
    static let panel = "X11-1"

    /// `orientctl explain ARGUMENTS…` as a user runs it (no colours); its standard output.
    func explain(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let output = try runCommand([OrientdInstance.product("orientctl"), "explain"] + arguments,
                                    environment: childEnvironment.merging(["NO_COLOR": "1"]) { _, new in new })
        XCTAssertTrue(output.succeeded, "\(output)", file: file, line: line)
        return output.stdout
    }

    func assertSays(_ text: String, _ facts: [String], file: StaticString = #filePath, line: UInt = #line) {
        for fact in facts {
            XCTAssertTrue(text.contains(fact), "'\(fact)' in:\n\(text)", file: file, line: line)
        }
    }

    func testExplainSaysWhichAppIsInFrontWhyAndWhatThePanelShows() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try writeDesktopEntry(Self.notes, orientations: nil)
        try startPhocAndOrientd(panel: Self.panel, verbose: false)
        _ = try startUnmodifiedApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try compositor.waitForPanel(anyOf: PanelTransform.quarterTurns)
        try eventually("orientd reads the panel back", timeout: deadline) {
            try managerProperty("OutputOrientation").string?.hasPrefix("landscape") == true
        }

        var text = try explain()
        assertSays(text, [
            "\(Self.game) is in front: the compositor's window list (wlroots) shows its window activated",
            "orientd follows the window as it is", "The rotation lock is off", "Kiosk mode is off",
            "The device is held portrait (from SetDeviceOrientation)",
            "The panel (wlroots \(Self.panel)) shows landscape", "for \(Self.game) (its desktop entry allows landscape only)",
            "The app's desktop entry \(appDataHome)/applications/\(Self.game).desktop allows",
        ])
        // An observed window has no delegates, controllers or container, and opened just now.
        for absent in ["delegate", "Deciding controller", "container", "still allowed"] {
            XCTAssertFalse(text.contains(absent), "no '\(absent)' for a window orientd only observes:\n\(text)")
        }
        XCTAssertEqual(try explain(Self.game).replacingOccurrences(of: "Why \(Self.game) is shown as it is, and the panel:",
                                                                  with: "Why the panel is as it is:"), text)

        _ = try startWaylandAppInFront(Self.notes)
        try waitForFrontApp(Self.notes, trackedWindows: 2)
        try compositor.waitForPanel(.normal)
        text = try explain()
        assertSays(text, ["\(Self.notes) is in front", "may take every orientation (UndeclaredAppOrientations: the built-in default)",
                          "No policy and no orientations in its desktop entry"])
        XCTAssertFalse(text.contains("still allowed"), text)
        assertSays(try explain(Self.game), ["\(Self.game) is not in front", "the panel is held for \(Self.notes)"])

        // The default level says, for a person, each app coming in front and each turn.
        let log = orientd.log
        assertSays(log, [
            "\(Self.game) is in front, in landscape", "(its desktop entry allows landscape only)",
            "turning the panel to landscape", "for \(Self.game) (its desktop entry allows landscape only)",
            "\(Self.notes) is in front, in portrait (it says nothing, so it may take every orientation",
            "turning the panel to portrait for \(Self.notes)",
        ])
        XCTAssertFalse(log.contains("output: apply"), "the backend's detail is for --verbose:\n\(log)")
    }
}
