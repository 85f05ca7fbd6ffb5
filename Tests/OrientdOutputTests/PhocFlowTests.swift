import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The front-window flow on plain phoc (no Phosh: no DisplayConfig on the bus), nested in Xvfb:
/// the built orientd with its defaults picks the wlroots output backend and phoc's window list,
/// and real, unmodified GTK 4 apps turn the panel, read back with wlr-randr from phoc itself.
final class PhocFlowTests: OutputTestCase {
    static let game = "org.example.PhocGame"
    static let notes = "org.example.PhocNotes"
    static let panel = "X11-1"

    /// phoc in a new Xvfb, and orientd with its defaults on it, the device held portrait.
    func startPhocAndOrientd() throws {
        try startPhocAndOrientd(panel: Self.panel)
    }

    /// Waits until phoc shows the panel portrait (normal) or landscape (90 or 270).
    func waitForPhocPanel(_ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var last: String?
        try eventually("phoc's panel \(expected) (last: \(last ?? "none"))", timeout: deadline, file: file, line: line) {
            last = try wlrTransform(Self.panel)
            return expected == "portrait" ? last == "normal" : (last == "90" || last == "270")
        }
    }

    func testAppsInFrontTurnPhocsPanelAndClosingGivesItBack() throws {
        try writeDesktopEntry(Self.game, orientations: "landscape")
        try writeDesktopEntry(Self.notes, orientations: nil)
        try startPhocAndOrientd()
        try waitForPhocPanel("portrait")

        let game = try startWaylandApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try waitForPhocPanel("landscape")
        // Notes declares nothing: the phone's default follows the portrait device.
        let notes = try startWaylandAppInFront(Self.notes)
        try waitForFrontApp(Self.notes, trackedWindows: 2)
        try waitForPhocPanel("portrait")
        try closeApp(notes)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try waitForPhocPanel("landscape")
        try closeApp(game)
        try waitForFrontApp("", trackedWindows: 0)
        try waitForPhocPanel("portrait")
    }

    /// The user's policy pins an app that declares nothing; another follows the device.
    func testTheUsersPolicyPinsAnUnmodifiedAppOnPhoc() throws {
        try writeDesktopEntry(Self.game, orientations: nil)
        try writeDesktopEntry(Self.notes, orientations: nil)
        try startPhocAndOrientd()
        try callManager("SetAppPolicy", [.s(Self.game), .vardict(["allowed-orientations": .strings(["landscape-left"])])])

        let game = try startWaylandApp(Self.game)
        try waitForFrontApp(Self.game, trackedWindows: 1)
        try waitForPhocPanel("landscape")
        let steps = try explainFrontScene()
        XCTAssertTrue(steps.contains { $0.contains("The user's policy for \(Self.game) gives the window its orientations") },
                      "Explain names the user's policy: \(steps)")

        _ = try startWaylandAppInFront(Self.notes)
        try waitForFrontApp(Self.notes, trackedWindows: 2)
        try waitForPhocPanel("portrait")
        try closeApp(game)
        try waitForFrontApp(Self.notes, trackedWindows: 1)
        try waitForPhocPanel("portrait")
    }
}
