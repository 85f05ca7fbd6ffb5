import GLibBridge
import OrientationCore
import OrientationWire
import ProcessSupport
import TestSupport
import XCTest
@testable import GLibBridge
@testable import OrientationDaemon

/// `BusFace` alone, on real calls from a private bus and a real core: the answers it gives
/// without a core command (manager properties, the ObjectManager's listing, a scene's
/// properties) read the core's state and keep a sandboxed app to its own scenes, and a
/// command's reply takes the shape its row says.
final class BusFaceTests: ServedObjectTestCase {
    static let methods = """
    <method name="GetManagedObjects"><arg type="a{oa{sa{sv}}}" direction="out"/></method>
    <method name="Other"/>
    <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
    <method name="Registered"><arg type="o" direction="out"/></method>
    <method name="Orientation"><arg type="s" direction="out"/></method>
    <method name="Nothing"/>
    """

    /// The face beside the core.
    final class Run: CoreOnLoop, @unchecked Sendable {
        var face: BusFace?
        /// The scene the scene calls are for.
        var scene: SceneID = 0
        /// Whether `Get` and `GetAll` read the manager's properties (else the scene's).
        var managerProperties = false
    }

    private let run = Run()

    override func setUpWithError() throws {
        let run = run
        try serve("org.example.Face1", methods: Self.methods) { call in
            let face = run.face!
            switch call.methodName {
            case "GetManagedObjects", "Other": face.answerObjectManager(call, run.manager)
            case "Get" where run.managerProperties, "GetAll" where run.managerProperties:
                face.answerManagerProperties(call, run.manager)
            case "Get", "GetAll":
                do throws(OrientationError) {
                    try face.answerSceneProperties(call, run.scene, run.manager)
                } catch {
                    call.returnError(name: error.name, message: error.message)
                }
            case "Registered": face.reply(call, .scene(run.scene), as: .scenePath, run.manager)
            case "Orientation": face.reply(call, .orientation(.landscapeLeft), as: .string, run.manager)
            default: face.reply(call, .none, as: .nothing, run.manager)
            }
        }
        let connection = served.service.connection
        try served.service.sync { () throws in
            let contract = try ContractXML.load(searchPath: [AdapterNamesTests.root + "/dbus"])
            run.face = BusFace(connection: connection, contract: contract, options: ServiceOptions(stateDirectory: "/nonexistent"),
                               log: Log(verbose: false))
        }
    }

    /// Registers a scene of `appId` for `caller` in the core; its id.
    private func register(_ appId: String, by caller: String) throws -> SceneID {
        let run = run
        guard case .scene(let id) = served.onLoop({ run.apply(.registerScene(SceneRegistration(appId: appId)), caller: caller) }) else {
            throw TestSupportError("the core did not register \(appId)")
        }
        return id
    }

    /// The manager's `Get` reads the core's state as it is at the call, `GetAll` has every
    /// property, and an unknown property names the valid ones.
    func testManagerPropertiesReadTheCoresState() throws {
        let run = run
        served.onLoop { run.managerProperties = true }
        let interface = Variant(string: BusNames.managerInterface)
        func rotationLocked() throws -> Bool? {
            try served.call("Get", [interface, Variant(string: "RotationLocked")]).child(at: 0).child(at: 0).bool
        }
        XCTAssertEqual(try rotationLocked(), false)
        _ = served.onLoop { run.apply(.setRotationLocked(true), caller: "") }
        XCTAssertEqual(try rotationLocked(), true)
        let all = try served.call("GetAll", [interface]).child(at: 0)
        XCTAssertEqual(all.childCount, ManagerProperty.allCases.count)
        XCTAssertThrowsError(try served.call("Get", [interface, Variant(string: "Bogus")])) { error in
            let error = error as? DBusError
            XCTAssertEqual(error?.name, DBusError.unknownProperty)
            XCTAssertTrue(error?.message.contains("RotationLocked") == true, error?.message ?? "")
        }
    }

    /// `GetManagedObjects` lists every scene, but to a sandboxed app only its own; any other
    /// method of the ObjectManager is unknown.
    func testTheObjectManagerKeepsASandboxedAppToItsOwnScenes() throws {
        let run = run
        let client = served.client.uniqueName
        _ = served.onLoop { run.apply(.callerIdentified(client, .sandboxed(appId: "org.example.Mine", kind: .flatpak)), caller: "") }
        let mine = try register("org.example.Mine", by: client)
        _ = try register("org.example.Other", by: ":1.99")
        let other = try served.bus.connect()
        defer { other.close() }

        XCTAssertEqual(try served.call("GetManagedObjects", from: other).child(at: 0).childCount, 2, "a user's process sees every scene")
        let own = try served.call("GetManagedObjects").child(at: 0)
        XCTAssertEqual(own.childCount, 1)
        XCTAssertEqual(own.child(at: 0).child(at: 0).string, BusNames.path(of: mine, creator: client))
        XCTAssertThrowsError(try served.call("Other")) { error in
            XCTAssertEqual((error as? DBusError)?.name, DBusError.unknownMethod)
        }
    }

    /// A scene's `Get` and `GetAll` read one snapshot of it; an unknown property names the
    /// valid ones; a scene gone is `UnknownScene`, not an empty answer.
    func testScenePropertiesReadTheSceneOrSayItIsGone() throws {
        let run = run
        let id = try register("org.example.Reader", by: ":1.99")
        served.onLoop { run.scene = id }
        let all = try served.call("GetAll", [Variant(string: BusNames.sceneInterface)]).child(at: 0)
        XCTAssertEqual(all.childCount, SceneProperty.allCases.count)
        let appId = try served.call("Get", [Variant(string: BusNames.sceneInterface), Variant(string: "AppId")])
        XCTAssertEqual(appId.child(at: 0).child(at: 0).string, "org.example.Reader")
        XCTAssertThrowsError(try served.call("Get", [Variant(string: BusNames.sceneInterface), Variant(string: "Bogus")])) { error in
            let error = error as? DBusError
            XCTAssertEqual(error?.name, DBusError.unknownProperty)
            XCTAssertTrue(error?.message.contains("AppId") == true, error?.message ?? "")
        }
        served.onLoop { run.scene = id + 1 }
        XCTAssertThrowsError(try served.call("GetAll", [Variant(string: BusNames.sceneInterface)])) { error in
            XCTAssertEqual((error as? DBusError)?.name, OrientationError(.unknownScene, "").name)
        }
    }

    /// A command's reply as its row's shape says: a new scene's path (in its creator's
    /// namespace), an orientation's name, or nothing.
    func testRepliesTakeTheRowsShape() throws {
        let run = run
        let client = served.client.uniqueName
        let id = try register("org.example.Reader", by: client)
        served.onLoop { run.scene = id }
        XCTAssertEqual(try served.call("Registered").child(at: 0).string, BusNames.path(of: id, creator: client))
        XCTAssertEqual(try served.call("Orientation").child(at: 0).string, InterfaceOrientation.landscapeLeft.rawValue)
        XCTAssertEqual(try served.call("Nothing").childCount, 0)
    }
}
