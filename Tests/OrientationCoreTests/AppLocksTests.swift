import OrientationCore
import XCTest

/// The user above every app (AppLocksAllowed, WCAG 2.1's 1.3.4) and iOS 26's lock
/// (prefers-orientation-locked, honoured only while the scene is in front and full-screen).
final class AppLocksTests: XCTestCase {
    var subject = ManagerUnderTest()
    let game = "org.example.Game", reader = "org.example.Reader", editor = "org.example.Editor"

    func attachPhone() throws {
        try subject.run(.output(.attached(.wlroots, name: "DSI-1", showing: .portrait)), as: Caller.shell)
        try subject.run(.output(.facts(PanelFacts(size: PanelSize(width: 720, height: 1440, scale: 2)))), as: Caller.shell)
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
    }

    @discardableResult
    func open(_ handle: UInt64, _ appId: String, phone: OrientationMask) throws -> SceneID {
        try subject.run(.window(.window(TrackedWindow(handle: handle, appId: appId, activated: true,
                                                      declared: DeclaredOrientations(mask: phone, file: "/\(appId).desktop")))),
                        as: Caller.shell)
        return try XCTUnwrap(subject.manager.windows.observedScenes[handle])
    }

    // MARK: the user's switch above every app

    func testWithAppLocksOffEveryAppFollowsTheDevice() throws {
        try attachPhone()
        try subject.device(.landscapeLeft)
        let declared = try open(1, game, phone: .portrait)
        let registered = try subject.register(editor) {
            $0.supported = .portrait
            $0.sceneDelegate = .portrait
        }
        try subject.on(registered, .setRoot(view("player", .portrait, preferred: .portrait)))
        XCTAssertEqual(subject.orientation(declared), .portrait)
        try subject.run(.setAppLocksAllowed(false), as: Caller.shell)
        XCTAssertEqual(subject.orientation(declared), .landscapeRight)
        XCTAssertEqual(subject.orientation(registered), .landscapeRight)
        XCTAssertTrue(subject.events.contains(.settingsChanged))
        XCTAssertThrowsError(try subject.on(registered, .request(.portrait))) { error in
            XCTAssertEqual((error as? OrientationError)?.kind, .notPermitted)
            XCTAssertTrue((error as? OrientationError)?.message.contains("AppLocksAllowed") ?? false)
        }
        try subject.run(.setAppLocksAllowed(true), as: Caller.shell)
        XCTAssertEqual(subject.orientation(declared), .portrait)
    }

    func testWithAppLocksOffTheUsersChoiceAndKioskStillApply() throws {
        try attachPhone()
        try subject.device(.landscapeLeft)
        try subject.run(.setAppLocksAllowed(false), as: Caller.shell)
        try subject.run(.setAppPolicy(appId: reader, AppPolicy(allowed: .portrait)), as: Caller.shell)
        let chosen = try open(1, reader, phone: .landscape)
        XCTAssertEqual(subject.orientation(chosen), .portrait)
        try subject.run(.setKioskMode(true, .portraitUpsideDown), as: Caller.shell)
        XCTAssertEqual(subject.orientation(chosen), .portraitUpsideDown)
    }

    func testAppLocksAllowedCanBeLockedAndReset() throws {
        var configuration = Configuration()
        configuration.values.appLocksAllowed = false
        configuration.locks[.appLocksAllowed] = "/etc/xdg/orientd/orientd.conf"
        configuration.files = ["/etc/xdg/orientd/orientd.conf"]
        try subject.run(.reloadConfiguration(configuration), as: Caller.shell)
        XCTAssertFalse(subject.manager.settings.appLocksAllowed)
        XCTAssertThrowsError(try subject.run(.setAppLocksAllowed(true), as: Caller.shell))
        try subject.run(.reloadConfiguration(Configuration()), as: Caller.shell)
        try subject.run(.setAppLocksAllowed(false), as: Caller.shell)
        try subject.run(.resetSetting("AppLocksAllowed"), as: Caller.shell)
        XCTAssertTrue(subject.manager.settings.appLocksAllowed)
    }

    // MARK: iOS 26's lock

    /// The controller's preference changed, then applied as UIKit's
    /// `setNeedsUpdateOfPrefersInterfaceOrientationLocked` asks (UpdateOrientation).
    func lock(_ id: SceneID, _ locked: Bool) throws {
        try subject.on(id, .setProperties("camera", ControllerPatch(prefersOrientationLocked: locked)))
        try subject.on(id, .update)
    }

    func testAPreferredLockFreezesTheSceneWhileInFrontAndFullScreen() throws {
        try subject.device(.portrait)
        let id = try subject.register("org.example.Camera", idiom: .pad) { $0.supported = .all; $0.width = 1024; $0.height = 1366 }
        try subject.on(id, .setRoot(view("camera", .all)))
        try lock(id, true)
        XCTAssertTrue(subject.snapshot(id).orientationLocked)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .portrait, "locked: the device does not turn it")
        try lock(id, false)
        XCTAssertEqual(subject.orientation(id), .landscapeRight, "the preference gone: it follows the device at once")
        XCTAssertFalse(subject.snapshot(id).orientationLocked)
    }

    func testAPreferredLockIsDroppedWhenTheSceneStopsQualifying() throws {
        try subject.device(.portrait)
        let id = try subject.register("org.example.Camera", idiom: .pad) { $0.supported = .all; $0.width = 1024; $0.height = 1366 }
        try subject.on(id, .setRoot(view("camera", .all)))
        try lock(id, true)
        try subject.device(.landscapeLeft)
        XCTAssertEqual(subject.orientation(id), .portrait)
        try subject.on(id, .setActivation(.foregroundInactive))
        XCTAssertEqual(subject.orientation(id), .landscapeRight, "covered: it follows the device")
        XCTAssertFalse(subject.snapshot(id).orientationLocked)
        XCTAssertTrue(subject.propertiesChanged[id]?.contains(.orientationLocked) ?? false)
    }
}
