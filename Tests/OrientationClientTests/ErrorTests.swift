import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// Failed calls throw `OrientationClientError` with orientd's D-Bus error names.
final class ErrorTests: ClientTestCase {
    func testControllerErrors() throws {
        let scene = try registerPhoneScene()
        let navigation = try scene.setRootController("nav", kind: .navigation)
        try navigation.push("list", properties: ControllerProperties(supportedOrientations: .portrait))

        assertFails(.unknownController) { () throws(OrientationClientError) in
            try scene.controller("missing").push("page")
        }
        assertFails(.duplicateController) { () throws(OrientationClientError) in try navigation.push("list") }
        assertFails(.wrongControllerKind) { () throws(OrientationClientError) in
            try scene.controller("list").push("page")
        }
        assertFails(.notPermitted) { () throws(OrientationClientError) in try navigation.pop() }
        try scene.controller("list").present("player")
        assertFails(.notPermitted) { () throws(OrientationClientError) in try scene.controller("list").present("second") }
    }

    func testOrientationErrorsNameWhatWouldBeAccepted() throws {
        let scene = try library.registerScene(SceneOptions(appID: "org.example.Portrait"))  // supported orientations: portrait
        let error = assertFails(.unsupportedOrientation) { () throws(OrientationClientError) in
            try scene.requestOrientation(.landscapeLeft)
        }
        XCTAssertTrue(error?.message.contains("landscape-left") ?? false, "\(String(describing: error))")
        assertFails(.noSupportedOrientation) { () throws(OrientationClientError) in
            try scene.setRootController("player", properties: ControllerProperties(supportedOrientations: .landscape))
        }
        assertFails(.unsupportedOrientation) { () throws(OrientationClientError) in
            try scene.setRootController("page", properties: ControllerProperties(
                supportedOrientations: .portrait, preferredOrientation: .landscapeRight))
        }
        assertFails(.invalidArgs) { () throws(OrientationClientError) in
            try scene.setRootController("page", properties: ControllerProperties(supportedOrientations: []))
        }
    }

    /// The pattern docs/client-library.md shows.
    func testCatchingByCode() throws {
        let scene = try library.registerScene(SceneOptions(appID: "org.example.Portrait"))
        var message = ""
        do {
            try scene.requestOrientation(.landscapeLeft)
        } catch {
            switch error.code {
            case .unsupportedOrientation: message = error.message
            default: XCTFail("\(error)")
            }
        }
        XCTAssertEqual(message, "Requested: landscape-left; Supported: [portrait]")
    }

    func testRegistrationErrors() {
        let error = assertFails(.invalidArgs) { () throws(OrientationClientError) in
            try library.registerScene(SceneOptions(appID: "not an app id!"))
        }
        XCTAssertTrue(error?.message.contains("app-id") ?? false, "\(String(describing: error))")
        assertFails(.invalidArgs) { () throws(OrientationClientError) in
            try library.registerScene(SceneOptions(appID: ""))
        }
    }

    func testAnotherClientsSceneIsAccessDenied() throws {
        let scene = try registerPhoneScene()
        let other = try makeClient()
        defer { other.close() }
        let foreign = try other.scene(at: scene.path)
        assertFails(.accessDenied) { () throws(OrientationClientError) in try foreign.setRootController("page") }
        // Reading, Explain and RequestOrientation are open to everyone.
        XCTAssertEqual(try foreign.interfaceOrientation(), .portrait)
        XCTAssertFalse(try foreign.explain().isEmpty)
        XCTAssertEqual(try foreign.requestOrientation(.landscapeRight), .landscapeRight)
    }

    func testARemovedSceneIsAnUnknownObject() throws {
        let scene = try registerPhoneScene()
        try scene.unregister()
        // The scene XML promises the bus library's unknown-object error for a removed path;
        // orientd answers UnknownScene. Either is a typed "this scene is gone".
        assertGone(scene) { () throws(OrientationClientError) in _ = try scene.interfaceOrientation() }
        assertGone(scene) { () throws(OrientationClientError) in _ = try scene.updateOrientation() }
        assertFails(.unknownScene) { () throws(OrientationClientError) in try scene.unregister() }
    }

    func testAClosedClientIsDisconnected() throws {
        let scene = try registerPhoneScene()
        library.close()
        XCTAssertTrue(library.isClosed)
        assertFails(.disconnected) { () throws(OrientationClientError) in try scene.interfaceOrientation() }
        assertFails(.disconnected) { () throws(OrientationClientError) in try scene.orientationChanges() }
        assertFails(.disconnected) { () throws(OrientationClientError) in
            try library.registerScene(SceneOptions(appID: "org.example.Late"))
        }
        library.close()  // again: nothing happens
    }

    func testNoOrientdIsServiceUnknown() throws {
        let emptyBus = try makeBus()
        let lonely = try OrientationClient(address: emptyBus.address)
        defer { lonely.close() }
        assertFails(.serviceUnknown) { () throws(OrientationClientError) in
            try lonely.registerScene(SceneOptions(appID: "org.example.Alone"))
        }
    }

    func testAnUnreachableBusFailsToConnect() {
        do {
            _ = try OrientationClient(address: "unix:path=/nonexistent/orientd-test-bus")
            XCTFail("connected to a bus that does not exist")
        } catch {
            XCTAssertFalse(error.name.isEmpty)
            XCTAssertFalse(error.message.isEmpty)
        }
    }

    /// Asserts that `body` fails as a call on a removed scene does.
    private func assertGone(_ scene: OrientationScene, file: StaticString = #filePath, line: UInt = #line,
                            _ body: () throws(OrientationClientError) -> Void) {
        do {
            try body()
            XCTFail("a removed scene answered", file: file, line: line)
        } catch {
            XCTAssertTrue(error.code == .unknownScene || error.code == .unknownObject, "\(error)", file: file, line: line)
            XCTAssertTrue(error.message.contains(scene.path), "\(error)", file: file, line: line)
        }
    }
}
