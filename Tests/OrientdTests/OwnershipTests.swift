import GLibBridge
import TestSupport
import XCTest

/// A scene belongs to the connection that registered it; detached scenes belong to nobody and
/// outlive their creator; reading, Explain and RequestOrientation are open to all.
final class OwnershipTests: OrientdTestCase {
    func testOnlyTheOwnerMayChangeItsScene() throws {
        let scene = try registerRotatingPhone()
        XCTAssertEqual(try property("Owner", of: scene).string, client.uniqueName)
        let stranger = try connect()
        for (method, arguments) in [
            ("SetRootController", [Variant.s("root"), .s("view"), .vardict([:])]),
            ("SetGeometry", [.u(400), .u(800)]),
            ("SetActivationState", [.s("background")]),
            ("UpdateOrientation", []),
            ("SetWindowOrientations", [.strings(["portrait"]), .strings([])]),
        ] {
            assertDBusError(Contract.accessDenied, containing: [client.uniqueName]) {
                try callScene(scene, method, arguments, on: stranger)
            }
        }
        assertDBusError(Contract.accessDenied, containing: [client.uniqueName]) {
            try callManager("UnregisterScene", [.o(scene)], on: stranger)
        }
        XCTAssertEqual(try property("Width", of: scene).uint32, 390, "refused calls changed nothing")
        XCTAssertEqual(try property("ActivationState", of: scene).string, "foreground-active")

        // Open to everyone: reading, Explain and RequestOrientation.
        XCTAssertEqual(try callScene(scene, "RequestOrientation", [.s("landscape-left")], on: stranger).child(at: 0).string,
                       "landscape-left")
        let steps = try callScene(scene, "Explain", on: stranger)
        XCTAssertEqual(steps.typeString, "(a(sass))")
        XCTAssertEqual(steps.child(at: 0).childCount, 8, "six layers, then the path and the decision")
        XCTAssertEqual(try property("InterfaceOrientation", of: scene).string, "landscape-left")
        XCTAssertEqual(try callScene(scene, "GetControllers", on: stranger).typeString, "(a(sssa{sv}))")

        // The owner may.
        try callScene(scene, "SetGeometry", [.u(844), .u(400)])
        try callManager("UnregisterScene", [.o(scene)])
    }

    func testOtherClientsSeeAccessDeniedAndMayRequestAndExplain() throws {
        let scene = try registerRotatingPhone()
        // gdbus and busctl processes are other connections.
        let denied = try gdbusCall(scene, Contract.sceneInterface, "SetGeometry", ["400", "800"])
        XCTAssertFalse(denied.succeeded)
        XCTAssertTrue(denied.stderr.contains("GDBus.Error:\(Contract.accessDenied)"), denied.stderr)
        let requested = try gdbusCall(scene, Contract.sceneInterface, "RequestOrientation", ["landscape-right"])
        XCTAssertTrue(requested.succeeded, "\(requested)")
        XCTAssertEqual(requested.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "('landscape-right',)")
        let explained = try busctlCall(scene, Contract.sceneInterface, "Explain")
        XCTAssertTrue(explained.hasPrefix("a(sass) "), explained)
        XCTAssertTrue(explained.contains("\"landscape-right\""), explained)
    }

    func testAnOwnersScenesGoWhenItLeavesAndDetachedOnesStay() throws {
        let owner = try connect()
        let owned = try registerRotatingPhone("com.example.owned", on: owner)
        let alsoOwned = try registerRotatingPhone("com.example.owned", on: owner)
        let detached = try registerRotatingPhone("com.example.detached", extra: ["detached": .b(true)], on: owner)
        XCTAssertEqual(try property("Owner", of: detached).string, "")
        XCTAssertEqual(try property("Detached", of: detached).bool, true)
        let recorder = try recordSignals(interface: Contract.objectManager)

        owner.close()
        let removed = try recorder.wait("two InterfacesRemoved") { $0.filter { $0.member == "InterfacesRemoved" }.count >= 2 }
        try drain(recorder)
        XCTAssertEqual(recorder.signals.count, 2, "\(recorder.signals)")
        XCTAssertEqual(Set(removed.map { $0.argument(0).string! }), [owned, alsoOwned])
        for signal in removed {
            XCTAssertEqual(signal.path, Contract.managerPath)
            XCTAssertEqual(signal.parameters.typeString, "(oas)")
            XCTAssertEqual(signal.argument(1).stringArray, [Contract.sceneInterface])
        }
        let objects = try callManager("GetManagedObjects", interface: Contract.objectManager).child(at: 0)
        XCTAssertEqual(objects.dictionaryEntries?.map { $0.key.string! }, [detached])
        assertDBusError(Contract.errorPrefix + "UnknownScene") {
            try callManager("UnregisterScene", [.o(owned)])
        }
        // Anyone may change and remove a detached scene.
        try callScene(detached, "SetRootController", [.s("root"), .s("view"), .vardict([:])])
        try callManager("UnregisterScene", [.o(detached)])
    }

    /// A busctl script: every call is a new connection, so the scene must be detached.
    func testADetachedSceneDrivenBySeparateBusctlCalls() throws {
        let recorder = try recordSignals()
        let registered = try busctlCall(Contract.managerPath, Contract.managerInterface, "RegisterScene", [
            "a{sv}", "3", "app-id", "s", "com.example.script", "detached", "b", "true",
            "supported-orientations", "as", "1", "all-but-upside-down",
        ])
        let scene = try XCTUnwrap(registered.split(separator: "\"").dropFirst().first.map(String.init), registered)
        XCTAssertTrue(scene.hasPrefix(Contract.scenePathPrefix), registered)

        try busctlCall(scene, Contract.sceneInterface, "SetRootController", ["ssa{sv}", "nav", "navigation", "0"])
        try busctlCall(scene, Contract.sceneInterface, "PushController",
                       ["sssa{sv}", "nav", "list", "view", "1", "supported-orientations", "as", "1", "portrait"])
        try busctlCall(scene, Contract.sceneInterface, "PushController", ["sssa{sv}", "nav", "detail", "view", "0"])
        XCTAssertEqual(try busctl(["get-property", Contract.busName, scene, Contract.sceneInterface, "DecidingController"]),
                       "s \"detail\"\n")
        XCTAssertEqual(try busctlCall(scene, Contract.sceneInterface, "RequestOrientation", ["s", "landscape-left"]),
                       "s \"landscape-left\"\n")
        XCTAssertEqual(try busctlCall(scene, Contract.sceneInterface, "PopController", ["s", "nav"]), "s \"detail\"\n")
        XCTAssertEqual(try busctl(["get-property", Contract.busName, scene, Contract.sceneInterface, "InterfaceOrientation"]),
                       "s \"portrait\"\n")
        XCTAssertEqual(try busctl(["get-property", Contract.busName, scene, Contract.sceneInterface, "Owner", "Detached"]),
                       "s \"\"\nb true\n")
        try busctlCall(Contract.managerPath, Contract.managerInterface, "UnregisterScene", ["o", scene])

        try recorder.wait("InterfacesRemoved") { $0.contains { $0.member == "InterfacesRemoved" } }
        try drain(recorder)
        XCTAssertEqual(orientationChanges(recorder), [
            [scene, "portrait", "landscape-left", "request"],
            [scene, "landscape-left", "portrait", "navigation"],
        ])
        XCTAssertEqual(recorder.signals.filter { $0.member == "InterfacesAdded" }.map { $0.argument(0).string }, [scene])
        XCTAssertEqual(recorder.signals.filter { $0.member == "InterfacesRemoved" }.map { $0.argument(0).string }, [scene])
        let objects = try callManager("GetManagedObjects", interface: Contract.objectManager).child(at: 0)
        XCTAssertEqual(objects.childCount, 0)
    }

    func testAnOwnedSceneRegisteredByBusctlIsGoneWhenBusctlExits() throws {
        let recorder = try recordSignals(interface: Contract.objectManager)
        let registered = try busctlCall(Contract.managerPath, Contract.managerInterface, "RegisterScene",
                                        ["a{sv}", "1", "app-id", "s", "com.example.oneshot"])
        let scene = try XCTUnwrap(registered.split(separator: "\"").dropFirst().first.map(String.init), registered)
        let signals = try recorder.wait("InterfacesAdded then InterfacesRemoved") { $0.count >= 2 }
        XCTAssertEqual(signals.map(\.member), ["InterfacesAdded", "InterfacesRemoved"])
        XCTAssertEqual(signals.map { $0.argument(0).string }, [scene, scene])
    }
}
