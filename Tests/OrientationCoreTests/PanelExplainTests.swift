import OrientationCore
import XCTest

/// `explainPanel`: the panel's decision in words (which scene is in front and why, the lock,
/// kiosk, the device, the default for apps that say nothing), then only the layers that
/// apply to the app's scene; and where each setting's value comes from.
final class PanelExplainTests: XCTestCase {
    var subject = ManagerUnderTest()
    let game = "org.example.Game"
    let gameEntry = "/usr/share/applications/org.example.Game.desktop"

    /// A user who chose only an instant settle time: the rest are the built-in defaults.
    override func setUp() {
        var user = SettingLayer()
        user.settleTime = 0
        subject.manager = OrientationManager(user: user, configuration: Configuration())
    }

    func attach() throws {
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
        try subject.run(.output(.attached(.wlroots, name: "DSI-1", showing: .portrait)), as: Caller.shell)
    }

    func window(_ handle: UInt64, _ appId: String, declared: OrientationMask? = nil) throws {
        try subject.run(.window(.window(TrackedWindow(handle: handle, appId: appId, activated: true,
                                                      declared: declared.map { DeclaredOrientations(mask: $0, file: gameEntry) }))),
                        as: Caller.shell)
    }

    func sentence(_ lines: [ExplanationLine], _ name: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let found = lines.first(where: { $0.name == name }) else {
            XCTFail("no \(name) line in \(lines.map(\.name))", file: file, line: line)
            return ""
        }
        return found.sentence
    }

    func testTheAppInFrontIsExplainedWithOnlyTheLayersThatApplyToAWindow() throws {
        try attach()
        try window(1, game, declared: .landscape)
        let lines = try subject.manager.explainPanel(appId: nil)
        XCTAssertEqual(lines.map(\.name), ["front", "rotation-lock", "kiosk", "device", "undeclared-apps", "app-locks", "screen", "panel",
                                           "supported-orientations", "decision"])
        let front = sentence(lines, "front")
        XCTAssertTrue(front.hasPrefix("\(game) is in front") && front.contains("activated") && front.contains("observed"), front)
        XCTAssertTrue(sentence(lines, "panel").contains("turns it to landscape (right) for \(game) (its desktop entry allows landscape only)"),
                      sentence(lines, "panel"))
        XCTAssertTrue(sentence(lines, "supported-orientations").contains(gameEntry))
        XCTAssertEqual(sentence(lines, "decision"), "landscape-right: the first allowed orientation in canonical order.",
                       "the panel was portrait, which the game does not allow: it did not open as the screen was")
        XCTAssertEqual(sentence(lines, "rotation-lock"), "The rotation lock is off (the built-in default).")
        XCTAssertEqual(try subject.manager.explainPanel(appId: ""), lines, "\"\" is the app in front")
        XCTAssertEqual(try subject.manager.explainPanel(appId: game), lines, "the app in front by its id")
    }

    func testAWindowThatJustOpenedIsNotSaidToKeepAnOrientationItNeverChanged() throws {
        try attach()
        try window(1, "org.example.Notes")
        let lines = try subject.manager.explainPanel(appId: nil)
        let decision = sentence(lines, "decision")
        XCTAssertFalse(decision.contains("still allowed"), decision)
        XCTAssertTrue(decision.contains("opened as the screen was"), decision)
        XCTAssertTrue(sentence(lines, "supported-orientations").contains("UndeclaredAppOrientations"))
        XCTAssertFalse(lines.contains { $0.name == "app-policy" }, "no policy: the layer does not apply")
        XCTAssertTrue(sentence(lines, "panel").contains("(it says nothing, so it may take every orientation)"), sentence(lines, "panel"))
    }

    func testAnAppNotInFrontSaysSoAndWhoHoldsThePanel() throws {
        try attach()
        try window(1, "org.example.Notes")
        try window(2, game, declared: .landscape)
        let lines = try subject.manager.explainPanel(appId: "org.example.Notes")
        XCTAssertEqual(lines.map(\.name).prefix(2), ["front", "app"])
        XCTAssertTrue(sentence(lines, "app").contains("org.example.Notes is not in front") && sentence(lines, "app").contains("held for \(game)"),
                      sentence(lines, "app"))
        let absent = try subject.manager.explainPanel(appId: "org.example.Absent")
        XCTAssertTrue(sentence(absent, "app").contains("knows no window or scene"), sentence(absent, "app"))
        XCTAssertFalse(absent.contains { $0.name == "decision" })
        XCTAssertThrowsError(try subject.manager.explainPanel(appId: "no spaces")) {
            XCTAssertEqual(($0 as! OrientationError).kind, .invalidArgs)
        }
    }

    func testWithNothingInFrontThePanelFollowsTheDeviceAndTheLockAndKioskAreSaid() throws {
        try subject.run(.output(.attached(.mutter, name: "DSI-1", showing: .portrait)), as: Caller.shell)
        var lines = try subject.manager.explainPanel(appId: nil)
        XCTAssertTrue(sentence(lines, "front").hasPrefix("No app is in front"), sentence(lines, "front"))
        XCTAssertTrue(sentence(lines, "device").contains("no accelerometer"), sentence(lines, "device"))
        XCTAssertTrue(sentence(lines, "panel").contains("leaves it as it is"), sentence(lines, "panel"))
        try subject.device(.landscapeLeft)
        lines = try subject.manager.explainPanel(appId: nil)
        XCTAssertTrue(sentence(lines, "device").contains("held landscape-left"), sentence(lines, "device"))
        XCTAssertTrue(sentence(lines, "panel").contains("as the device is held"), sentence(lines, "panel"))
        try subject.run(.setRotationLocked(true), as: Caller.shell)
        try subject.run(.setKioskMode(true, .portrait), as: Caller.shell)
        lines = try subject.manager.explainPanel(appId: nil)
        XCTAssertTrue(sentence(lines, "rotation-lock").hasPrefix("The rotation lock is on (the user's choice)"))
        XCTAssertTrue(sentence(lines, "kiosk").hasPrefix("Kiosk mode is on (the user's choice): every app is shown in portrait"))
        XCTAssertTrue(sentence(lines, "panel").contains("for kiosk mode"), sentence(lines, "panel"))
    }

    func testEachSettingSaysWhoSetIt() throws {
        var configuration = Configuration()
        configuration.values.settleTime = 400
        configuration.sources[.settleTime] = "/etc/orientd/orientd.conf"
        configuration.values.undeclaredAppOrientations = .portrait
        configuration.sources[.undeclaredAppOrientations] = "/etc/orientd/orientd.conf"
        configuration.locks[.undeclaredAppOrientations] = "/etc/orientd/orientd.conf"
        var user = SettingLayer()
        user.rotationLocked = true
        subject.manager = OrientationManager(user: user, configuration: configuration)
        XCTAssertEqual(subject.manager.source(of: .rotationLocked), .user)
        XCTAssertEqual(subject.manager.source(of: .settleTime), .configuration(file: "/etc/orientd/orientd.conf", locked: false))
        XCTAssertEqual(subject.manager.source(of: .undeclaredAppOrientations), .configuration(file: "/etc/orientd/orientd.conf", locked: true))
        XCTAssertEqual(subject.manager.source(of: .kioskMode), .builtIn)
        XCTAssertEqual(subject.manager.source(of: .kioskMode).wireValue, "default")
        let lines = try subject.manager.explainPanel(appId: nil)
        XCTAssertEqual(sentence(lines, "undeclared-apps"), "An app that says nothing (no policy, no orientations in its desktop entry) "
                       + "may take portrait only (UndeclaredAppOrientations: locked by /etc/orientd/orientd.conf).")
    }
}
