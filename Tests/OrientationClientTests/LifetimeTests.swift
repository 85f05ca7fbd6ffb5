import OrientationClient
import TestSupport
import XCTest

/// A scene lives as long as the client's connection (unless detached).
final class LifetimeTests: ClientTestCase {
    func testClosingTheClientRemovesItsScenes() async throws {
        let app = try makeClient()
        let first = try registerPhoneScene(appID: "org.example.App", on: app)
        let second = try registerPhoneScene(appID: "org.example.App", on: app)
        let detached = try registerPhoneScene(appID: "org.example.App", detached: true, on: app)
        XCTAssertEqual(Set(try exportedScenes()), [first.path, second.path, detached.path])
        // An observer on another connection sees the scene go.
        let observed = try library.scene(at: first.path).orientationChanges()

        app.close()
        try eventually("orientd removes the closed client's scenes") {
            try self.exportedScenes() == [detached.path]
        }
        let received = try await collect(observed, "the observer's stream to end")
        XCTAssertEqual(received, [])
        // The detached one stays, and any client can remove it.
        try library.scene(at: detached.path).unregister()
        XCTAssertEqual(try exportedScenes(), [])
    }

    func testDroppingEveryHandleClosesTheConnection() throws {
        var path = ""
        do {
            let app = try makeClient()
            let scene = try registerPhoneScene(on: app)
            try scene.setRootController("page")
            path = scene.path
            XCTAssertEqual(try exportedScenes(), [path])
        }
        try eventually("orientd removes the scene of a client no one holds") {
            try self.exportedScenes().isEmpty
        }
    }

    func testAControllerHandleKeepsTheClientAlive() throws {
        let controller: Controller
        do {
            let app = try makeClient()
            controller = try registerPhoneScene(on: app).setRootController("page")
        }
        XCTAssertEqual(try controller.updateOrientation(), .portrait)
        XCTAssertEqual(try exportedScenes(), [controller.scene.path])
        controller.scene.client.close()
        try eventually("the scene goes with the connection") { try self.exportedScenes().isEmpty }
    }
}
