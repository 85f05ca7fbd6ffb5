import OrientationCore
import XCTest

/// A sandboxed app speaks only for itself: its own app id, its own scenes, no administrator
/// methods unless the administrator trusts it, and limits per app across its connections.
final class SandboxRulesTests: XCTestCase {
    static let own = "org.example.Sandboxed"
    static let other = "org.example.Other"
    /// Two connections of the sandboxed app, and the user's own process.
    static let appA = ":1.50", appB = ":1.51", user = ":1.60"
    static let identity = CallerIdentity.sandboxed(appId: own, kind: .flatpak)

    private func sandboxedRig(limits: Limits = .default, configuration: Configuration = Configuration()) throws -> ManagerUnderTest {
        var subject = ManagerUnderTest(limits: limits)
        if configuration != Configuration() {
            subject.manager = OrientationManager(user: SettingLayer(every: subject.manager.settings), configuration: configuration,
                                             limits: limits)
        }
        try subject.run(.callerIdentified(Self.appA, Self.identity), as: "")
        try subject.run(.callerIdentified(Self.appB, Self.identity), as: "")
        return subject
    }

    // MARK: Who is calling

    func testAnIdentifiedCallerIsRememberedUntilItLeavesTheBus() throws {
        var subject = try sandboxedRig()
        XCTAssertEqual(subject.manager.identity(of: Self.appA), Self.identity)
        XCTAssertTrue(subject.manager.knowsCaller(Self.appA))
        // The user's own processes are the default: nothing is kept for them.
        try subject.run(.callerIdentified(Self.user, .user), as: "")
        XCTAssertFalse(subject.manager.knowsCaller(Self.user))
        XCTAssertEqual(subject.manager.identity(of: Self.user), .user)
        try subject.run(.clientVanished(Self.appA), as: "")
        XCTAssertFalse(subject.manager.knowsCaller(Self.appA))
        XCTAssertEqual(subject.manager.identity(of: Self.appA), .user)
        XCTAssertEqual(subject.manager.identity(of: Self.appB), Self.identity)
    }

    // MARK: Its own app id

    func testASandboxedAppRegistersOnlyUnderItsOwnAppId() throws {
        var subject = try sandboxedRig()
        let error = subject.expectFailure(.accessDenied, .registerScene(registration(Self.other)), as: Self.appA)
        XCTAssertEqual(error?.name, "org.freedesktop.DBus.Error.AccessDenied")
        XCTAssertTrue(error?.message.contains(Self.own) ?? false, error?.message ?? "")
        XCTAssertTrue(error?.message.contains(Self.other) ?? false, error?.message ?? "")
        let given = try subject.register(Self.own, as: Self.appA)
        XCTAssertEqual(subject.snapshot(given).appId, Self.own)
        // No app id given: its own.
        let implied = try subject.register("", as: Self.appB)
        XCTAssertEqual(subject.snapshot(implied).appId, Self.own)
        // The user's own process may register under any app id, but must give one.
        let users = try subject.register(Self.other, as: Self.user)
        XCTAssertEqual(subject.snapshot(users).appId, Self.other)
        subject.expectFailure(.invalidArgs, .registerScene(registration("")), as: Self.user)
    }

    // MARK: Administrator methods

    func testAdministratorMethodsAreRefusedToASandboxedApp() throws {
        let subject = try sandboxedRig()
        for method in ["SetKioskMode", "SetRotationLocked", "SetDeviceOrientation", "Reload"] {
            XCTAssertThrowsError(try subject.manager.authorize(.administrator, method: method, caller: Self.appA)) { error in
                let error = error as! OrientationError
                XCTAssertEqual(error.kind, .accessDenied)
                XCTAssertTrue(error.message.hasPrefix(method + " is an administrator method"), error.message)
                XCTAssertTrue(error.message.contains(Self.own), error.message)
                XCTAssertTrue(error.message.contains("MayAdminister=true"), error.message)
            }
            XCTAssertNoThrow(try subject.manager.authorize(.app, method: method, caller: Self.appA))
            XCTAssertNoThrow(try subject.manager.authorize(.administrator, method: method, caller: Self.user))
        }
    }

    func testMayAdministerLetsTheTrustedAppUseThemButLocksStillWin() throws {
        var configuration = Configuration()
        configuration.administrators[Self.own] = "/etc/xdg/orientd/orientd.conf"
        configuration.locks[.kioskMode] = "/etc/xdg/orientd/orientd.conf"
        configuration.values.kioskMode = false
        var subject = try sandboxedRig(configuration: configuration)
        XCTAssertEqual(subject.manager.mayAdminister(Self.own), "/etc/xdg/orientd/orientd.conf")
        XCTAssertNoThrow(try subject.manager.authorize(.administrator, method: "SetKioskMode", caller: Self.appA))
        try subject.run(.setRotationLocked(true), as: Self.appA)
        XCTAssertTrue(subject.manager.settings.rotationLocked)
        subject.expectFailure(.notPermitted, .setKioskMode(true, nil), as: Self.appA)
        // Another sandboxed app is not trusted by that line.
        try subject.run(.callerIdentified(":1.70", .sandboxed(appId: Self.other, kind: .snap)), as: "")
        XCTAssertThrowsError(try subject.manager.authorize(.administrator, method: "SetKioskMode", caller: ":1.70"))
        // Nor are its own scenes anyone else's: MayAdminister is about settings, not other apps' windows.
        let others = try subject.register(Self.other, as: ":1.70")
        subject.expectFailure(.accessDenied, on: others, .update, as: Self.appA)
    }

    // MARK: Its own scenes

    func testASandboxedAppUsesOnlyItsOwnScenes() throws {
        var subject = try sandboxedRig()
        let users = try subject.register(Self.other, as: Self.user) { $0.supported = .all }
        let detached = try subject.register(Self.other, as: Self.user) { $0.detached = true }
        let mine = try subject.register(Self.own, as: Self.appA) { $0.detached = true }
        for id in [users, detached] {
            // Even the calls open to every client, and UnregisterScene of a detached scene.
            for call: SceneCommand in [.request(.landscapeLeft), .update, .setActivation(.background)] {
                let error = subject.expectFailure(.accessDenied, on: id, call, as: Self.appA)
                XCTAssertTrue(error?.message.contains("is not one of \(Self.own)'s scenes") ?? false, error?.message ?? "")
            }
            subject.expectFailure(.accessDenied, .unregisterScene(id), as: Self.appB)
            XCTAssertThrowsError(try subject.manager.checkSceneAccess(id, caller: Self.appA))
            XCTAssertNoThrow(try subject.manager.checkSceneAccess(id, caller: Self.user))
        }
        // Its own detached scene is open to its other connection.
        XCTAssertNoThrow(try subject.manager.checkSceneAccess(mine, caller: Self.appB))
        try subject.on(mine, .update, as: Self.appB)
        // The user's own process keeps the usual rules: a request on anyone's scene.
        try subject.on(users, .request(.portrait), as: Self.user)
        XCTAssertEqual(subject.manager.visibleSceneIDs(to: Self.appA), [mine])
        XCTAssertEqual(subject.manager.visibleSceneIDs(to: Self.user), [users, detached, mine])
        XCTAssertFalse(subject.manager.isVisible(users, to: Self.appB))
        XCTAssertTrue(subject.manager.isVisible(users, to: Self.user))
        try subject.run(.unregisterScene(mine), as: Self.appB)
        XCTAssertEqual(subject.manager.visibleSceneIDs(to: Self.appA), [])
    }

    // MARK: Limits per app

    func testScenesCountPerAppAcrossItsConnections() throws {
        var limits = Limits()
        limits.scenesPerConnection = 2
        var subject = try sandboxedRig(limits: limits)
        _ = try subject.register(Self.own, as: Self.appA)
        let second = try subject.register(Self.own, as: Self.appB)
        let error = subject.expectFailure(.limitExceeded, .registerScene(registration(Self.own)), as: Self.appA)
        XCTAssertTrue(error?.message.contains("App \(Self.own)") ?? false, error?.message ?? "")
        // The user's connections count each on their own.
        _ = try subject.register(as: Self.user)
        _ = try subject.register(as: Self.user)
        // A scene leaving makes room for any of the app's connections.
        try subject.run(.unregisterScene(second), as: Self.appB)
        _ = try subject.register(Self.own, as: Self.appA)
        // A connection leaving takes its own scenes; the count follows.
        try subject.run(.clientVanished(Self.appA), as: "")
        _ = try subject.register(Self.own, as: Self.appB)
        _ = try subject.register(Self.own, as: Self.appB)
        subject.expectFailure(.limitExceeded, .registerScene(registration("")), as: Self.appB)
    }

    func testControllersCountPerAppAcrossItsConnections() throws {
        var limits = Limits()
        limits.controllersPerConnection = 3
        var subject = try sandboxedRig(limits: limits)
        let a = try subject.register(Self.own, as: Self.appA)
        let b = try subject.register(Self.own, as: Self.appB)
        try subject.on(a, .setRoot(navigation("nav")), as: Self.appA)
        try subject.on(a, .push(navigation: "nav", view("one")), as: Self.appA)
        try subject.on(b, .setRoot(view("root")), as: Self.appB)
        let error = subject.expectFailure(.limitExceeded, on: a, .push(navigation: "nav", view("two")), as: Self.appA)
        XCTAssertTrue(error?.message.contains("App \(Self.own)") ?? false, error?.message ?? "")
        // The user's own connection has its own count.
        let users = try subject.register(as: Self.user)
        try subject.on(users, .setRoot(navigation("nav")), as: Self.user)
        try subject.on(users, .push(navigation: "nav", view("one")), as: Self.user)
    }
}
