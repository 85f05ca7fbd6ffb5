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

    private func sandboxedRig(limits: Limits = .default, configuration: Configuration = Configuration()) throws -> Rig {
        var rig = Rig(limits: limits)
        if configuration != Configuration() {
            rig.manager = OrientationManager(user: SettingLayer(every: rig.manager.settings), configuration: configuration,
                                             limits: limits)
        }
        try rig.run(.callerIdentified(Self.appA, Self.identity), as: "")
        try rig.run(.callerIdentified(Self.appB, Self.identity), as: "")
        return rig
    }

    // MARK: Who is calling

    func testAnIdentifiedCallerIsRememberedUntilItLeavesTheBus() throws {
        var rig = try sandboxedRig()
        XCTAssertEqual(rig.manager.identity(of: Self.appA), Self.identity)
        XCTAssertTrue(rig.manager.knowsCaller(Self.appA))
        // The user's own processes are the default: nothing is kept for them.
        try rig.run(.callerIdentified(Self.user, .user), as: "")
        XCTAssertFalse(rig.manager.knowsCaller(Self.user))
        XCTAssertEqual(rig.manager.identity(of: Self.user), .user)
        try rig.run(.clientVanished(Self.appA), as: "")
        XCTAssertFalse(rig.manager.knowsCaller(Self.appA))
        XCTAssertEqual(rig.manager.identity(of: Self.appA), .user)
        XCTAssertEqual(rig.manager.identity(of: Self.appB), Self.identity)
    }

    // MARK: Its own app id

    func testASandboxedAppRegistersOnlyUnderItsOwnAppId() throws {
        var rig = try sandboxedRig()
        let error = rig.expectFailure(.accessDenied, .registerScene(registration(Self.other)), as: Self.appA)
        XCTAssertEqual(error?.name, "org.freedesktop.DBus.Error.AccessDenied")
        XCTAssertTrue(error?.message.contains(Self.own) ?? false, error?.message ?? "")
        XCTAssertTrue(error?.message.contains(Self.other) ?? false, error?.message ?? "")
        let given = try rig.register(Self.own, as: Self.appA)
        XCTAssertEqual(rig.snapshot(given).appId, Self.own)
        // No app id given: its own.
        let implied = try rig.register("", as: Self.appB)
        XCTAssertEqual(rig.snapshot(implied).appId, Self.own)
        // The user's own process may register under any app id, but must give one.
        let users = try rig.register(Self.other, as: Self.user)
        XCTAssertEqual(rig.snapshot(users).appId, Self.other)
        rig.expectFailure(.invalidArgs, .registerScene(registration("")), as: Self.user)
    }

    // MARK: Administrator methods

    func testAdministratorMethodsAreRefusedToASandboxedApp() throws {
        let rig = try sandboxedRig()
        for method in ["SetKioskMode", "SetRotationLocked", "SetDeviceOrientation", "Reload"] {
            XCTAssertThrowsError(try rig.manager.authorize(.administrator, method: method, caller: Self.appA)) { error in
                let error = error as! OrientationError
                XCTAssertEqual(error.kind, .accessDenied)
                XCTAssertTrue(error.message.hasPrefix(method + " is an administrator method"), error.message)
                XCTAssertTrue(error.message.contains(Self.own), error.message)
                XCTAssertTrue(error.message.contains("MayAdminister=true"), error.message)
            }
            XCTAssertNoThrow(try rig.manager.authorize(.app, method: method, caller: Self.appA))
            XCTAssertNoThrow(try rig.manager.authorize(.administrator, method: method, caller: Self.user))
        }
    }

    func testMayAdministerLetsTheTrustedAppUseThemButLocksStillWin() throws {
        var configuration = Configuration()
        configuration.administrators[Self.own] = "/etc/xdg/orientd/orientd.conf"
        configuration.locks[.kioskMode] = "/etc/xdg/orientd/orientd.conf"
        configuration.values.kioskMode = false
        var rig = try sandboxedRig(configuration: configuration)
        XCTAssertEqual(rig.manager.mayAdminister(Self.own), "/etc/xdg/orientd/orientd.conf")
        XCTAssertNoThrow(try rig.manager.authorize(.administrator, method: "SetKioskMode", caller: Self.appA))
        try rig.run(.setRotationLocked(true), as: Self.appA)
        XCTAssertTrue(rig.manager.settings.rotationLocked)
        rig.expectFailure(.notPermitted, .setKioskMode(true, nil), as: Self.appA)
        // Another sandboxed app is not trusted by that line.
        try rig.run(.callerIdentified(":1.70", .sandboxed(appId: Self.other, kind: .snap)), as: "")
        XCTAssertThrowsError(try rig.manager.authorize(.administrator, method: "SetKioskMode", caller: ":1.70"))
        // Nor are its own scenes anyone else's: MayAdminister is about settings, not other apps' windows.
        let others = try rig.register(Self.other, as: ":1.70")
        rig.expectFailure(.accessDenied, on: others, .update, as: Self.appA)
    }

    // MARK: Its own scenes

    func testASandboxedAppUsesOnlyItsOwnScenes() throws {
        var rig = try sandboxedRig()
        let users = try rig.register(Self.other, as: Self.user) { $0.supported = .all }
        let detached = try rig.register(Self.other, as: Self.user) { $0.detached = true }
        let mine = try rig.register(Self.own, as: Self.appA) { $0.detached = true }
        for id in [users, detached] {
            // Even the calls open to every client, and UnregisterScene of a detached scene.
            for call: SceneCommand in [.request(.landscapeLeft), .update, .setActivation(.background)] {
                let error = rig.expectFailure(.accessDenied, on: id, call, as: Self.appA)
                XCTAssertTrue(error?.message.contains("is not one of \(Self.own)'s scenes") ?? false, error?.message ?? "")
            }
            rig.expectFailure(.accessDenied, .unregisterScene(id), as: Self.appB)
            XCTAssertThrowsError(try rig.manager.checkSceneAccess(id, caller: Self.appA))
            XCTAssertNoThrow(try rig.manager.checkSceneAccess(id, caller: Self.user))
        }
        // Its own detached scene is open to its other connection.
        XCTAssertNoThrow(try rig.manager.checkSceneAccess(mine, caller: Self.appB))
        try rig.on(mine, .update, as: Self.appB)
        // The user's own process keeps the usual rules: a request on anyone's scene.
        try rig.on(users, .request(.portrait), as: Self.user)
        XCTAssertEqual(rig.manager.visibleSceneIDs(to: Self.appA), [mine])
        XCTAssertEqual(rig.manager.visibleSceneIDs(to: Self.user), [users, detached, mine])
        XCTAssertFalse(rig.manager.isVisible(users, to: Self.appB))
        XCTAssertTrue(rig.manager.isVisible(users, to: Self.user))
        try rig.run(.unregisterScene(mine), as: Self.appB)
        XCTAssertEqual(rig.manager.visibleSceneIDs(to: Self.appA), [])
    }

    // MARK: Limits per app

    func testScenesCountPerAppAcrossItsConnections() throws {
        var limits = Limits()
        limits.scenesPerConnection = 2
        var rig = try sandboxedRig(limits: limits)
        _ = try rig.register(Self.own, as: Self.appA)
        let second = try rig.register(Self.own, as: Self.appB)
        let error = rig.expectFailure(.limitExceeded, .registerScene(registration(Self.own)), as: Self.appA)
        XCTAssertTrue(error?.message.contains("App \(Self.own)") ?? false, error?.message ?? "")
        // The user's connections count each on their own.
        _ = try rig.register(as: Self.user)
        _ = try rig.register(as: Self.user)
        // A scene leaving makes room for any of the app's connections.
        try rig.run(.unregisterScene(second), as: Self.appB)
        _ = try rig.register(Self.own, as: Self.appA)
        // A connection leaving takes its own scenes; the count follows.
        try rig.run(.clientVanished(Self.appA), as: "")
        _ = try rig.register(Self.own, as: Self.appB)
        _ = try rig.register(Self.own, as: Self.appB)
        rig.expectFailure(.limitExceeded, .registerScene(registration("")), as: Self.appB)
    }

    func testControllersCountPerAppAcrossItsConnections() throws {
        var limits = Limits()
        limits.controllersPerConnection = 3
        var rig = try sandboxedRig(limits: limits)
        let a = try rig.register(Self.own, as: Self.appA)
        let b = try rig.register(Self.own, as: Self.appB)
        try rig.on(a, .setRoot(navigation("nav")), as: Self.appA)
        try rig.on(a, .push(navigation: "nav", view("one")), as: Self.appA)
        try rig.on(b, .setRoot(view("root")), as: Self.appB)
        let error = rig.expectFailure(.limitExceeded, on: a, .push(navigation: "nav", view("two")), as: Self.appA)
        XCTAssertTrue(error?.message.contains("App \(Self.own)") ?? false, error?.message ?? "")
        // The user's own connection has its own count.
        let users = try rig.register(as: Self.user)
        try rig.on(users, .setRoot(navigation("nav")), as: Self.user)
        try rig.on(users, .push(navigation: "nav", view("one")), as: Self.user)
    }
}
