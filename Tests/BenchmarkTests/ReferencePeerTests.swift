import GLibBridge
import TestSupport
import XCTest

/// `orientd-reference-peer`, the benchmark's yardstick, does the same work as orientd for each
/// call shape: the same signals with the same types, and replies equal to orientd's own, at
/// orientd's own paths with orientd's interface and member names (messages of the same size).
final class ReferencePeerTests: XCTestCase {
    static let path = "/io/github/orientd/ReferencePeer"
    static let interface = "io.github.orientd.ReferencePeer1"

    var orientd: OrientdInstance!
    var peer: ChildProcess!
    var peerName = ""
    var client: LoopConnection!

    override func setUpWithError() throws {
        orientd = try OrientdInstance()
        peer = try ChildProcess([OrientdInstance.product("orientd-reference-peer")], environment: orientd.environment)
        peerName = try peer.firstLineOfOutput(timeout: .seconds(30))
        client = try orientd.bus.connectWithLoop(name: "peer-test")
    }

    override func tearDown() {
        client?.close()
        _ = peer?.stop()
        orientd?.stop()
        orientd?.bus.stop()
    }

    func callPeer(_ method: String, _ arguments: [Variant] = []) throws -> Variant {
        try client.connection.call(destination: peerName, path: Self.path, interface: Self.interface, method: method,
                                   parameters: Variant(tuple: arguments))
    }

    /// A call to the peer's scene interface at `path` (exported there by `ExportScene`).
    func callPeerScene(_ path: String, _ method: String, _ arguments: [Variant] = []) throws -> Variant {
        try client.connection.call(destination: peerName, path: path, interface: Contract.sceneInterface, method: method,
                                   parameters: Variant(tuple: arguments))
    }

    func testARotationEmitsOrientdsTwoSignalsWithTheSameTypesAndKeys() throws {
        let owner = try XCTUnwrap(try client.connection.nameOwner(Contract.busName))
        let fromOrientd = try SignalRecorder(client, sender: owner, interface: nil, path: nil)
        let fromPeer = try SignalRecorder(client, sender: peerName)
        let scene = try client.connection.call(
            destination: owner, path: Contract.managerPath, interface: Contract.managerInterface,
            method: "RegisterScene", parameters: Variant(tuple: [Variant(vardict: [
                "app-id": Variant(string: "bench.peer"),
                "supported-orientations": Variant(strings: ["portrait", "landscape-right"]),
            ])]), replyType: "(o)").child(at: 0).string!
        try fromOrientd.wait(count: 1, timeout: .seconds(30))  // InterfacesAdded
        fromOrientd.clear()
        _ = try callPeer("ExportScene", [Variant(objectPath: scene)])
        let update = try client.connection.call(destination: owner, path: scene, interface: Contract.sceneInterface,
                                                method: "UpdateOrientation")
        XCTAssertEqual(try callPeerScene(scene, "UpdateOrientation"), update)
        let reply = try client.connection.call(destination: owner, path: scene, interface: Contract.sceneInterface,
                                               method: "RequestOrientation", parameters: Variant(tuple: [Variant(string: "landscape-right")]))
        let peerReply = try callPeerScene(scene, "RequestOrientation", [Variant(string: "landscape-right")])
        XCTAssertEqual(peerReply, reply)

        // The registration's manager signals (InterfacesAdded, FrontApp and FrontScene) may still
        // be arriving when the recorder is cleared: only the scene's own signals are compared.
        let isTheScene = { (signal: ReceivedSignal) in signal.path == scene }
        let theirs = try fromOrientd.wait("orientd's two signals on the scene", timeout: .seconds(30)) {
            $0.filter(isTheScene).count >= 2
        }.filter(isTheScene)
        let ours = try fromPeer.wait(count: 2, timeout: .seconds(30))
        XCTAssertEqual(ours.map(\.member), ["OrientationChanged", "PropertiesChanged"])
        XCTAssertEqual(ours.map(\.member), theirs.map(\.member))
        XCTAssertEqual(ours.map(\.interface), theirs.map(\.interface))
        XCTAssertEqual(ours.map(\.path), theirs.map(\.path), "the same scene path")
        XCTAssertEqual(ours.map(\.parameters.typeString), theirs.map(\.parameters.typeString))
        XCTAssertEqual(ours[0].parameters, theirs[0].parameters, "the same OrientationChanged")
        let changedKeys = { (signal: ReceivedSignal) in signal.argument(1).vardict.map { Set($0.keys) } }
        XCTAssertEqual(changedKeys(ours[1]), changedKeys(theirs[1]))
        XCTAssertEqual(changedKeys(ours[1]), ["InterfaceOrientation", "Width", "Height"])
    }

    /// `TurnScenes` sends what orientd sends when the device turns its scenes: every
    /// OrientationChanged first, then every PropertiesChanged, with the same types, arguments
    /// and keys, one pair per scene path.
    func testTurnScenesSendsADeviceTurnsSignalsInOrientdsOrder() throws {
        let owner = try XCTUnwrap(try client.connection.nameOwner(Contract.busName))
        let fromOrientd = try SignalRecorder(client, sender: owner)
        let fromPeer = try SignalRecorder(client, sender: peerName)
        for _ in 0..<3 {
            _ = try client.connection.call(
                destination: owner, path: Contract.managerPath, interface: Contract.managerInterface,
                method: "RegisterScene", parameters: Variant(tuple: [Variant(vardict: [
                    "app-id": Variant(string: "bench.peer"),
                    "supported-orientations": Variant(strings: ["portrait", "landscape-right"]),
                ])]), replyType: "(o)")
        }
        try fromOrientd.wait(count: 3, timeout: .seconds(30))  // InterfacesAdded
        fromOrientd.clear()
        _ = try client.connection.call(destination: owner, path: Contract.managerPath, interface: Contract.managerInterface,
                                       method: "SetDeviceOrientation", parameters: Variant(tuple: [Variant(string: "landscape-left")]))
        _ = try callPeer("TurnScenes", [Variant(uint32: 3), Variant(string: "landscape-right")])

        let isScene = { (signal: ReceivedSignal) in signal.path.hasPrefix(Contract.scenePathPrefix) }
        let theirs = try fromOrientd.wait("orientd's six scene signals", timeout: .seconds(30)) { $0.filter(isScene).count >= 6 }
            .filter(isScene)
        let ours = try fromPeer.wait(count: 6, timeout: .seconds(30))
        XCTAssertEqual(ours.map(\.member), ["OrientationChanged", "OrientationChanged", "OrientationChanged",
                                            "PropertiesChanged", "PropertiesChanged", "PropertiesChanged"])
        XCTAssertEqual(ours.map(\.member), theirs.map(\.member))
        XCTAssertEqual(ours.map(\.interface), theirs.map(\.interface))
        XCTAssertEqual(ours.map(\.parameters.typeString), theirs.map(\.parameters.typeString))
        XCTAssertEqual(ours[0].parameters, theirs[0].parameters, "the same OrientationChanged")
        XCTAssertEqual(ours[0].parameters, try Variant(parsing: "('portrait', 'landscape-right', 'device')", type: "(sss)"))
        XCTAssertEqual(ours.map(\.path), (0..<2).flatMap { _ in (1...3).map { Contract.scenePath(UInt64($0), registeredBy: ":1.10") } })
        let changed = { (signal: ReceivedSignal) in signal.argument(1).vardict }
        XCTAssertEqual(changed(ours[3]), changed(theirs[3]), "the same properties, with the same values")
    }

    /// `TurnPaths` sends the same pairs as `TurnScenes` on the paths it is given (the scenes of
    /// several apps, each in its own namespace), in the order given.
    func testTurnPathsSendsTheSameSignalsOnTheGivenPaths() throws {
        let fromPeer = try SignalRecorder(client, sender: peerName)
        let paths = [Contract.scenePath(4, registeredBy: ":1.20"), Contract.scenePath(9, registeredBy: ":1.31")]
        _ = try callPeer("TurnPaths", [Variant(objectPaths: paths), Variant(string: "landscape-left")])
        let ours = try fromPeer.wait(count: 4, timeout: .seconds(30))
        XCTAssertEqual(ours.map(\.member), ["OrientationChanged", "OrientationChanged", "PropertiesChanged", "PropertiesChanged"])
        XCTAssertEqual(ours.map(\.path), paths + paths)
        XCTAssertEqual(ours[1].parameters, try Variant(parsing: "('portrait', 'landscape-left', 'device')", type: "(sss)"))
        XCTAssertEqual(ours[3].argument(1).vardict?["InterfaceOrientation"], Variant(string: "landscape-left"))
    }

    func testRepliesAreCopiesOfTheTemplatesOrientdsRepliesGive() throws {
        let explain = try Variant(parsing: "[('supported-orientations', ['portrait'], \"The app's supported orientations allow [portrait].\")]", type: "a(sass)")
        let scene = Contract.scenePathPrefix + "1"
        _ = try callPeer("ExportScene", [Variant(objectPath: scene)])
        _ = try callPeer("SetExplain", [explain])
        XCTAssertEqual(try callPeerScene(scene, "Explain"), Variant(tuple: [explain]))

        let controllers = try Variant(parsing: "[('nav', 'navigation', '', {'deciding': <true>})]", type: "a(sssa{sv})")
        _ = try callPeer("SetControllers", [controllers])
        XCTAssertEqual(try callPeerScene(scene, "GetControllers"), Variant(tuple: [controllers]))

        let properties = try Variant(parsing: "{'AppId': <'bench.peer'>, 'Width': <uint32 390>}", type: "a{sv}")
        _ = try callPeer("SetScenes", [Variant(uint32: 3), properties])
        let objects = try client.connection.call(destination: peerName, path: Contract.managerPath, interface: "org.freedesktop.DBus.ObjectManager",
                                                 method: "GetManagedObjects", replyType: "(a{oa{sa{sv}}})").child(at: 0)
        XCTAssertEqual(objects.childCount, 3)
        XCTAssertEqual(objects.child(at: 2).child(at: 0).string, Contract.scenePath(3, registeredBy: ":1.10"))
        XCTAssertEqual(objects.child(at: 2).child(at: 1), try Variant(parsing: "{'\(Contract.sceneInterface)': @a{sv} {'AppId': <'bench.peer'>, 'Width': <uint32 390>}}", type: "a{sa{sv}}"))

        let version = try client.connection.call(destination: peerName, path: Contract.managerPath, interface: "org.freedesktop.DBus.Properties",
                                                 method: "Get", parameters: Variant(tuple: [Variant(string: Contract.managerInterface), Variant(string: "Version")]))
        XCTAssertEqual(version.child(at: 0).typeString, "v")
    }

    func testAnUnknownArgumentIsAUsageError() throws {
        let output = try runCommand([OrientdInstance.product("orientd-reference-peer"), "--bogus"])
        XCTAssertEqual(output.status, .exited(64), "\(output)")
    }
}
