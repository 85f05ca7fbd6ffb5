import OrientationCore
import XCTest

/// An app that says nothing follows the device: the observed scene of an app with no policy
/// and no orientation key in its desktop entry supports `UndeclaredAppOrientations` (all four
/// by default, as the compositor's own auto-rotation), which an administrator may narrow and
/// lock. Registered scenes keep UIKit's idiom defaults.
final class UndeclaredAppTests: XCTestCase {
    static let admin = "/etc/xdg/orientd/orientd.conf.d/50-phone.conf"
    var subject = ManagerUnderTest()
    let app = "org.example.Browser"

    var applied: [InterfaceOrientation] {
        subject.events.compactMap { if case .applyOutput(let row) = $0 { return row }; return nil }
    }

    func open(_ handle: UInt64, _ appId: String, declared: DeclaredOrientations? = nil) throws -> SceneID {
        try subject.run(.window(.window(TrackedWindow(handle: handle, appId: appId, activated: true, declared: declared))),
                        as: Caller.shell)
        return try XCTUnwrap(subject.manager.windows.observedScenes[handle])
    }

    func reload(_ configure: (inout Configuration) -> Void) throws {
        var configuration = Configuration()
        configure(&configuration)
        configuration.files = [Self.admin]
        try subject.run(.reloadConfiguration(configuration), as: Caller.shell)
    }

    override func setUp() {
        super.setUp()
        XCTAssertNoThrow(try subject.run(.window(.attached(.wlroots)), as: Caller.shell))
    }

    func testAnUndeclaredAppFollowsTheDeviceEveryWay() throws {
        let id = try open(1, app)
        XCTAssertEqual(subject.snapshot(id).supported, .all)
        for device in [DeviceOrientation.landscapeLeft, .portraitUpsideDown, .landscapeRight, .portrait] {
            try subject.device(device)
            XCTAssertEqual(subject.orientation(id), device.interfaceOrientation, "device \(device)")
        }
    }

    func testRegisteredScenesKeepTheIdiomsDefaults() throws {
        try subject.device(.landscapeLeft)
        let phone = try subject.register("org.example.Registered")
        XCTAssertEqual(subject.snapshot(phone).supported, Idiom.phone.defaultSupported)
        XCTAssertEqual(subject.orientation(phone), .portrait)
        let pad = try subject.register("org.example.Tablet", idiom: .pad)
        XCTAssertEqual(subject.snapshot(pad).supported, Idiom.pad.defaultSupported)
        XCTAssertTrue(try subject.manager.explain(phone)[0].sentence.contains("phone default"))
    }

    func testAManifestOrAPolicyStillDecides() throws {
        try subject.device(.landscapeLeft)
        let pinned = try open(1, app, declared: DeclaredOrientations(mask: .portrait, file: "/a.desktop"))
        XCTAssertEqual(subject.orientation(pinned), .portrait)
        let other = try open(2, "org.example.Reader")
        try subject.run(.setAppPolicy(appId: "org.example.Reader", AppPolicy(allowed: .portrait)), as: Caller.shell)
        XCTAssertEqual(subject.orientation(other), .portrait)
    }

    func testTheAdministratorNarrowsTheDefaultAndExplainNamesIt() throws {
        // The user chose nothing but the settle time (ManagerUnderTest's chose every setting).
        var user = SettingLayer()
        user.settleTime = 0
        subject.manager = OrientationManager(user: user, configuration: Configuration())
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
        let id = try open(1, app)
        XCTAssertTrue(try subject.manager.explain(id)[0].sentence.contains("UndeclaredAppOrientations allows [portrait, landscape-right, landscape-left, portrait-upside-down] (the built-in default)"))
        try subject.device(.portraitUpsideDown)
        XCTAssertEqual(subject.orientation(id), .portraitUpsideDown)
        try reload { $0.values.undeclaredAppOrientations = .allButUpsideDown; $0.sources[.undeclaredAppOrientations] = Self.admin }
        XCTAssertEqual(subject.snapshot(id).supported, .allButUpsideDown)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portraitUpsideDown, .portrait, .policy)])
        XCTAssertTrue(subject.events.managerPropertyChanges.contains(.undeclaredAppOrientations))
        XCTAssertEqual(subject.manager.managerSnapshot.undeclaredAppOrientations, .allButUpsideDown)
        let supported = try subject.manager.explain(id)[0]
        XCTAssertEqual(supported.mask, .allButUpsideDown)
        XCTAssertTrue(supported.sentence.contains("UndeclaredAppOrientations allows [portrait, landscape-right, landscape-left] (set by \(Self.admin))"), supported.sentence)
        // A declared app is not touched by the key.
        let declared = try open(2, "org.example.Game", declared: DeclaredOrientations(mask: .all, file: "/g.desktop"))
        XCTAssertEqual(subject.snapshot(declared).supported, .all)
    }

    func testTheKeyIsLockable() throws {
        var user = SettingLayer()
        user.undeclaredAppOrientations = .all
        var configuration = Configuration()
        configuration.values.undeclaredAppOrientations = .portrait
        configuration.locks[.undeclaredAppOrientations] = Self.admin
        subject.manager = OrientationManager(user: user, configuration: configuration)
        XCTAssertEqual(subject.manager.settings.undeclaredAppOrientations, .portrait, "the locked value, not the user's")
        XCTAssertEqual(subject.manager.managerSnapshot.lockedSettings, [.undeclaredAppOrientations])
        _ = subject.expectFailure(.notPermitted, .resetSetting("UndeclaredAppOrientations"))
        try subject.run(.window(.attached(.wlroots)), as: Caller.shell)
        let id = try open(1, app)
        XCTAssertTrue(try subject.manager.explain(id)[0].sentence.contains("(locked by \(Self.admin))"))
    }

    func testAnUndeclaredAppLeavesALandscapePanelAsItIs() throws {
        // A laptop or tablet with a landscape panel (`--natural-orientation landscape`) and
        // no reading yet: opening an app that says nothing must not turn the panel.
        subject.manager = OrientationManager(settings: subject.manager.settings, natural: .landscape)
        try subject.run(.window(.attached(.x11)), as: Caller.shell)
        try subject.run(.output(.attached(.x11, name: "eDP-1", showing: .portrait)), as: Caller.shell)
        let shown = try XCTUnwrap(subject.manager.managerSnapshot.outputOrientation)
        XCTAssertEqual(shown, .landscapeRight, "transform normal on a landscape panel")
        let id = try open(1, app)
        XCTAssertEqual(subject.orientation(id), shown)
        // Asked, at most, for the row the panel shows (the backend skips a turn not needed).
        XCTAssertEqual(Set(applied).subtracting([.portrait]), [])
        XCTAssertEqual(subject.manager.outputOrientationRule, shown)
        // A portrait-only app turns it, and closing it brings nothing back but the panel's own.
        let notes = try open(2, "org.example.Notes", declared: DeclaredOrientations(mask: .portrait, file: "/n.desktop"))
        XCTAssertEqual(subject.orientation(notes), .portrait)
        XCTAssertEqual(applied, [InterfaceOrientation.portrait.panelRow(natural: .landscape)])
        // Without a backend the panel is taken to be upright in its natural orientation.
        var bare = ManagerUnderTest()
        bare.manager = OrientationManager(settings: bare.manager.settings, natural: .landscape)
        try bare.run(.window(.attached(.x11)), as: Caller.shell)
        try bare.run(.window(.window(TrackedWindow(handle: 1, appId: app, activated: true))), as: Caller.shell)
        XCTAssertEqual(bare.manager.scenes.values.first?.orientation, .landscapeRight)
    }

    func testAnUndeclaredAppStartsAsTheDeviceIsWhenItIsKnown() throws {
        subject.manager = OrientationManager(settings: subject.manager.settings, natural: .landscape)
        try subject.run(.window(.attached(.x11)), as: Caller.shell)
        try subject.run(.output(.attached(.x11, name: "eDP-1", showing: .portrait)), as: Caller.shell)
        try subject.device(.portrait)
        try subject.run(.output(.read(InterfaceOrientation.portrait.panelRow(natural: .landscape))), as: Caller.shell)
        let id = try open(1, app)
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(applied, [])
    }
}
