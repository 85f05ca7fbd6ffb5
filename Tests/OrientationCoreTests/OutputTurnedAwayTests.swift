import OrientationCore
import XCTest

/// Someone else turning the panel away from what the app in front can show (a user's
/// wlr-randr under a landscape-only game): orientd turns it back once, then respects a second
/// turn as the user's choice until it decides something else, and Explain says so. A turn the
/// app can show is only read back (OutputRuleTests).
final class OutputTurnedAwayTests: XCTestCase {
    var subject = ManagerUnderTest()

    var applied: [InterfaceOrientation] {
        subject.events.compactMap { if case .applyOutput(let row) = $0 { row } else { nil } }
    }

    func read(_ row: InterfaceOrientation?) throws { try subject.run(.output(.read(row)), as: Caller.shell) }

    /// A landscape-only game in front, the panel turned for it and read back.
    func gameInFront() throws -> SceneID {
        try subject.run(.output(.attached(.wlroots, name: "DSI-1", showing: .portrait)), as: Caller.shell)
        let game = try subject.register("org.example.Game", idiom: .pad) { $0.supported = .landscape }
        let turned = try XCTUnwrap(applied.first, "turned for the game")
        XCTAssertTrue(turned.isLandscape)
        try read(turned)
        XCTAssertEqual(applied, [])
        return game
    }

    var panelSentence: String {
        (try? subject.manager.explainPanel(appId: nil).first { $0.name == "panel" }?.sentence) ?? ""
    }

    func testATurnAwayIsTurnedBackOnceThenRespectedAsTheUsersChoice() throws {
        _ = try gameInFront()
        let landscape = try XCTUnwrap(subject.manager.output.decided)
        // Someone else turns the panel to portrait, which the game cannot show: turned back once.
        try read(.portrait)
        XCTAssertEqual(applied, [landscape])
        XCTAssertTrue(subject.manager.output.turnedBack)
        try read(landscape)
        XCTAssertEqual(applied, [])
        // Turned away again: the user's choice, left so and said so.
        try read(.portrait)
        XCTAssertEqual(applied, [], "not fought a second time")
        XCTAssertEqual(subject.manager.output.keptForUser, .portrait)
        XCTAssertTrue(panelSentence.contains("turned it back once, and leaves it so as the user's choice"), panelSentence)
        try read(.portraitUpsideDown)
        XCTAssertEqual(applied, [], "still the user's")
    }

    func testANewDecisionEndsTheUsersTurn() throws {
        _ = try gameInFront()
        let landscape = try XCTUnwrap(subject.manager.output.decided)
        try read(.portrait)
        try read(landscape)
        try read(.portrait)
        XCTAssertEqual(subject.manager.output.keptForUser, .portrait)
        // Kiosk mode decides something else: applied, and a later turn away is turned back again.
        let kiosk: InterfaceOrientation = landscape == .landscapeLeft ? .landscapeRight : .landscapeLeft
        try subject.run(.setKioskMode(true, kiosk), as: Caller.shell)
        XCTAssertEqual(subject.manager.output.decided, kiosk)
        XCTAssertEqual(applied, [kiosk], "the panel is turned to what is decided now")
        XCTAssertNil(subject.manager.output.keptForUser)
        XCTAssertFalse(subject.manager.output.turnedBack)
        try read(kiosk)
        try read(.portrait)
        XCTAssertEqual(applied, [kiosk], "kiosk mode shows only its orientation: turned back once")
    }

    func testATurnTheAppCanShowIsOnlyReadBack() throws {
        _ = try gameInFront()
        let landscape = try XCTUnwrap(subject.manager.output.decided)
        let other: InterfaceOrientation = landscape == .landscapeLeft ? .landscapeRight : .landscapeLeft
        try read(other)
        XCTAssertEqual(applied, [])
        XCTAssertFalse(subject.manager.output.turnedBack)
    }

    func testABackendsNoteIsTheStatusWhileItDrivesThePanel() throws {
        _ = try gameInFront()
        try subject.run(.output(.note("orientd stopped holding Auto Rotate off")), as: Caller.shell)
        XCTAssertEqual(subject.manager.managerSnapshot.outputStatus, "orientd stopped holding Auto Rotate off")
        XCTAssertTrue(subject.events.managerPropertyChanges.contains(.outputStatus))
        XCTAssertTrue(panelSentence.hasSuffix(" orientd stopped holding Auto Rotate off"), panelSentence)
        try subject.run(.output(.note("")), as: Caller.shell)
        XCTAssertEqual(subject.manager.managerSnapshot.outputStatus, "")
    }
}
