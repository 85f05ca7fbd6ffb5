import GLibBridge
@testable import OrientationClient
import Synchronization
import TestSupport
import XCTest

/// The client believes only orientd, and the bus brings it only its own scenes' signals.
final class SignalTrustTests: ClientTestCase {
    /// Another connection on the bus that sends orientd's signals itself, both to everyone
    /// and straight to `target` (a unicast passes no match rule), then makes a round trip
    /// to the bus so that they are on their way before anything sent later.
    private func forge(to target: String, path: String, interface: String, signal: String,
                       _ arguments: [Variant]) throws {
        let forger = try orientd.bus.connect()
        defer { forger.close() }
        for destination in [nil, target] {
            try forger.emitSignal(destination: destination, path: path, interface: interface, signal: signal,
                                  parameters: Variant(tuple: arguments))
        }
        try forger.syncWithBus()
    }

    func testAForgedOrientationChangedIsIgnored() async throws {
        let scene = try registerPhoneScene()
        let changes = try scene.orientationChanges()
        let devices = try library.deviceOrientationChanges()
        try forge(to: library.uniqueName, path: scene.path, interface: OrientationClient.sceneInterface,
                  signal: "OrientationChanged",
                  [Variant(string: "portrait"), Variant(string: "portrait-upside-down"), Variant(string: "forged")])
        try forge(to: library.uniqueName, path: OrientationClient.managerPath,
                  interface: OrientationClient.managerInterface, signal: "DeviceOrientationChanged",
                  [Variant(string: "portrait-upside-down")])
        // The real ones, sent after the forgeries reached the bus.
        try scene.requestOrientation(.landscapeRight)
        try library.setDeviceOrientation(.landscapeLeft)
        let firstDevice = try await withDeadline(.seconds(20), "orientd's device change") { () -> DeviceOrientation? in
            for await orientation in devices { return orientation }
            return nil
        }
        try scene.unregister()
        let received = try await collect(changes, "the scene's stream", timeout: .seconds(20))
        XCTAssertEqual(received.first?.description, "portrait -> landscape-right (request)")
        XCTAssertFalse(received.contains { $0.reason.rawValue == "forged" }, "\(received)")
        XCTAssertEqual(firstDevice, .landscapeLeft)
    }

    func testAForgedInterfacesRemovedIsIgnored() async throws {
        let scene = try registerPhoneScene()
        let changes = try scene.orientationChanges()
        try forge(to: library.uniqueName, path: OrientationClient.managerPath,
                  interface: "org.freedesktop.DBus.ObjectManager", signal: "InterfacesRemoved",
                  [Variant(objectPath: scene.path), Variant(strings: [OrientationClient.sceneInterface])])
        // Had the client believed it, the stream would have ended before this change.
        try scene.requestOrientation(.landscapeLeft)
        try scene.unregister()
        let received = try await collect(changes, "the scene's stream", timeout: .seconds(20))
        XCTAssertEqual(received.map(\.description), ["portrait -> landscape-left (request)"])
    }

    func testAnObserverOfAnotherClientsSceneBelievesOnlyOrientd() async throws {
        let scene = try registerPhoneScene(appID: "org.example.Script", detached: true)
        let observer = try makeClient()
        let observed = try observer.scene(at: scene.path).orientationChanges()
        try forge(to: observer.uniqueName, path: scene.path, interface: OrientationClient.sceneInterface,
                  signal: "OrientationChanged",
                  [Variant(string: "portrait"), Variant(string: "portrait-upside-down"), Variant(string: "forged")])
        try forge(to: observer.uniqueName, path: OrientationClient.managerPath,
                  interface: "org.freedesktop.DBus.ObjectManager", signal: "InterfacesRemoved",
                  [Variant(objectPath: scene.path), Variant(strings: [OrientationClient.sceneInterface])])
        try scene.requestOrientation(.landscapeRight)
        try scene.unregister()
        let received = try await collect(observed, "the observer's stream", timeout: .seconds(20))
        XCTAssertEqual(received.map(\.description), ["portrait -> landscape-right (request)"])
    }

    /// The bus checks every signal against every rule of its interface, so a client's rules
    /// must not grow with its scenes: its own scenes share the rules on its namespace.
    func testAClientsMatchRulesDoNotGrowWithItsScenes() throws {
        let app = try makeClient()
        defer { app.close() }
        let bus = try orientd.bus.connect()
        defer { bus.close() }
        let matchRules = { () throws -> UInt32? in
            let stats = try bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                     interface: "org.freedesktop.DBus.Debug.Stats", method: "GetConnectionStats",
                                     parameters: Variant(tuple: [Variant(string: app.uniqueName)]), replyType: "(a{sv})")
            return stats.child(at: 0).vardict?["MatchRules"]?.uint32
        }
        let first = try registerPhoneScene(appID: "org.example.Many", on: app)
        XCTAssertTrue(first.path.hasPrefix(Contract.sceneNamespace(of: app.uniqueName) + "/"), first.path)
        _ = try app.deviceOrientation()  // a round trip: the rules added so far are in force
        let withOne = try XCTUnwrap(try matchRules())
        let scenes = try (0..<20).map { _ in try registerPhoneScene(appID: "org.example.Many", on: app) }
        _ = try app.deviceOrientation()
        XCTAssertEqual(try matchRules(), withOne, "21 scenes need no more rules than one")
        // And they bring every scene's change.
        let changed = LockedValue<Set<String>>([])
        for scene in [first] + scenes {
            let path = scene.path
            try scene.onOrientationChange { _ in changed.withLock { _ = $0.insert(path) } }
        }
        try library.setDeviceOrientation(.landscapeRight)
        try eventually("all 21 scenes' changes arrive", timeout: .seconds(30)) { changed.withLock { $0.count } == 21 }
    }

    /// 1,000 scenes over 50 apps, all following one device rotation: each app's connection
    /// receives its own 20 scenes' changes and nothing of the other 980.
    func testEachAppReceivesOnlyItsOwnScenesSignals() throws {
        let appCount = 50, scenesPerApp = 20
        var apps: [OrientationClient] = []
        var counters: [LockedValue<[String: Int]>] = []
        for index in 0..<appCount {
            let app = try makeClient()
            let counter = LockedValue<[String: Int]>([:])
            counters.append(counter)
            // Every message the app's connection receives, counted before GDBus dispatches it.
            app.connection.addFilter { message in
                guard message.isSignal else { return }
                counter.withLock { $0["\(message.interface).\(message.member)", default: 0] += 1 }
            }
            for _ in 0..<scenesPerApp {
                _ = try registerPhoneScene(appID: "org.example.App\(index)", on: app)
            }
            apps.append(app)
        }
        defer { apps.forEach { $0.close() } }
        try library.setDeviceOrientation(.landscapeRight)

        let changed = "\(OrientationClient.sceneInterface).OrientationChanged"
        try eventually("every app has its \(scenesPerApp) changes", timeout: .seconds(30)) {
            counters.allSatisfy { $0.withLock { $0[changed, default: 0] } >= scenesPerApp }
        }
        // Everything orientd sent before these replies has reached each app.
        for app in apps { _ = try app.deviceOrientation() }
        for (index, counter) in counters.enumerated() {
            let counts = counter.withLock { $0 }
            XCTAssertEqual(counts[changed], scenesPerApp, "app \(index): \(counts)")
            XCTAssertEqual(counts["\(OrientationClient.managerInterface).DeviceOrientationChanged"], 1,
                           "app \(index): \(counts)")
        }

        // Removals too: the first app sees none of the others' scenes go.
        let removed = "org.freedesktop.DBus.ObjectManager.InterfacesRemoved"
        for app in apps.dropFirst() { app.close() }
        try eventually("orientd removes the closed apps' scenes", timeout: .seconds(30)) {
            try self.exportedScenes().count == scenesPerApp
        }
        _ = try apps[0].deviceOrientation()
        XCTAssertNil(counters[0].withLock { $0[removed] }, "\(counters[0].withLock { $0 })")
    }
}
