import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// Any app's scenes through the client: listing them, reading one by path or number, its
/// controllers and its properties as received.
final class AnySceneTests: ClientTestCase {
    func testSceneListHasEveryAppsScenesByNumber() throws {
        let other = try makeClient()
        defer { other.close() }
        let mine = try registerPhoneScene(appID: "org.example.Mine")
        let theirs = try registerPhoneScene(appID: "org.example.Theirs", detached: true, on: other)
        let list = try library.sceneList()
        XCTAssertEqual(list.map(\.path), [mine.path, theirs.path])
        XCTAssertEqual(list.map(\.appID), ["org.example.Mine", "org.example.Theirs"])
        XCTAssertEqual(list.compactMap(\.number), [1, 2])
        XCTAssertEqual(list[1].detached, true)
        XCTAssertEqual(list[0].idiom, .phone)
        XCTAssertEqual(list[0].interfaceOrientation, .portrait)
        XCTAssertEqual(list[0].supportedOrientations, [.portrait, .landscape])
        XCTAssertEqual(list[0].state, try mine.state(), "the typed state is the same as the scene's own")
    }

    func testAHandleByNumberReadsAndChangesTheScene() throws {
        let scene = try registerPhoneScene(appID: "org.example.Numbered", detached: true)
        let number = try XCTUnwrap(ScenePath.number(of: scene.path))
        let handle = library.scene(number: number)
        XCTAssertEqual(handle.path, ScenePath.short(number))
        XCTAssertEqual(try handle.properties().appID, "org.example.Numbered")
        XCTAssertEqual(try handle.property("AppId").string, "org.example.Numbered")
        assertFails(.invalidArgs) { () throws(OrientationClientError) in try handle.property("Colour") }

        try handle.setRootController("nav", kind: .navigation)
        try handle.controller("nav").push("player", properties: ControllerProperties(supportedOrientations: .landscape))
        let controllers = try handle.controllers()
        XCTAssertEqual(controllers.map(\.id), ["nav", "player"])
        XCTAssertEqual(controllers[0].kind, .navigation)
        XCTAssertEqual(controllers[0].relation, "root")
        XCTAssertEqual(controllers[1].parent, "nav")
        XCTAssertEqual(controllers[1].supportedOrientations, .landscape)
        XCTAssertEqual(controllers[1].preferredOrientation, nil)
        XCTAssertTrue(controllers[1].deciding)
        XCTAssertEqual(try scene.controllers(), controllers, "the same tree through the full path")

        // A scene that is not there: orientd's error.
        XCTAssertThrowsError(try library.scene(number: 999).controllers())
    }

    func testUserInputFailsAsOrientdDoesForTheSameWord() throws {
        let scene = try registerPhoneScene(appID: "org.example.Words", detached: true)
        let connection = try orientd.bus.connect()
        defer { connection.close() }
        func orientdRefuses(_ path: String, _ interface: String, _ method: String, _ arguments: [Variant]) -> DBusError? {
            do {
                try connection.call(destination: OrientationClient.busName, path: path, interface: interface,
                                    method: method, parameters: Variant(tuple: arguments))
                return nil
            } catch {
                return error
            }
        }
        func same(_ local: () throws(OrientationClientError) -> Void, _ remote: DBusError?, file: StaticString = #filePath, line: UInt = #line) {
            do {
                try local()
                XCTFail("accepted", file: file, line: line)
            } catch {
                XCTAssertEqual(error.name, remote?.name, file: file, line: line)
                XCTAssertEqual(error.message, remote?.message, file: file, line: line)
            }
        }
        let manager = OrientationClient.managerPath, managerInterface = OrientationClient.managerInterface
        same({ () throws(OrientationClientError) in _ = try UserInput.deviceOrientation("sideways") },
             orientdRefuses(manager, managerInterface, "SetDeviceOrientation", [Variant(string: "sideways")]))
        same({ () throws(OrientationClientError) in _ = try UserInput.kioskOrientation("up") },
             orientdRefuses(manager, managerInterface, "SetKioskMode", [Variant(bool: true), Variant(string: "up")]))
        same({ () throws(OrientationClientError) in _ = try UserInput.mask(["portrait", "up"], for: .allowedOrientations) },
             orientdRefuses(manager, managerInterface, "SetAppPolicy",
                            [Variant(string: "a.b"), Variant(vardict: ["allowed-orientations": Variant(strings: ["portrait", "up"])])]))
        same({ () throws(OrientationClientError) in _ = try UserInput.interfaceOrientation("up") },
             orientdRefuses(scene.path, OrientationClient.sceneInterface, "RequestOrientation", [Variant(string: "up")]))
        same({ () throws(OrientationClientError) in _ = try UserInput.activationState("asleep") },
             orientdRefuses(scene.path, OrientationClient.sceneInterface, "SetActivationState", [Variant(string: "asleep")]))
        XCTAssertEqual(try UserInput.mask(["landscape"], for: .supportedOrientations), .landscape)
        XCTAssertEqual(try UserInput.kioskOrientation(""), nil)
    }
}
