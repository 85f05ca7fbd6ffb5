import GLibBridge
import Synchronization
import TestSupport
import XCTest

final class BusConnectionTests: BusTestCase {
    func testUniqueNamesAndAddress() {
        XCTAssertTrue(bus.address.hasPrefix("unix:"), bus.address)
        XCTAssertTrue(service.uniqueName.hasPrefix(":"))
        XCTAssertNotEqual(service.uniqueName, client.uniqueName)
        XCTAssertFalse(client.connection.isClosed)
    }

    func testSyncCallBetweenConnections() throws {
        let reply = try callTest("Echo", [Variant(string: "hello")], replyType: "(s)")
        XCTAssertEqual(reply.typeString, "(s)")
        XCTAssertEqual(reply.child(at: 0).string, "hello")
        XCTAssertEqual(try callTest("Add", [Variant(uint32: 2), Variant(uint32: 40)]).child(at: 0).uint32, 42)
        XCTAssertEqual(try callTest("Shout", [Variant(string: "x")]).typeString, "()")
    }

    func testSyncCallFromAPlainConnectionWithoutALoop() throws {
        let plain = try bus.connect()
        defer { plain.close() }
        let reply = try plain.call(destination: service.uniqueName, path: TestObject.path,
                                   interface: TestObject.interface, method: "Echo",
                                   parameters: Variant(tuple: [Variant(string: "plain")]))
        XCTAssertEqual(reply.child(at: 0).string, "plain")
    }

    func testCustomErrorArrivesWithItsNameAndMessage() {
        XCTAssertThrowsError(try callTest("Fail", [Variant(string: "org.example.Error.Custom"),
                                                   Variant(string: "it broke: try again")])) { error in
            XCTAssertEqual(error as? DBusError,
                           DBusError(name: "org.example.Error.Custom", message: "it broke: try again"))
        }
    }

    func testStandardErrors() {
        XCTAssertThrowsError(try callTest("NoSuchMethod")) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.unknownMethod, "\($0)")
        }
        XCTAssertThrowsError(try callTest("Echo", [Variant(uint32: 1)])) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.invalidArgs, "\($0)")
        }
        XCTAssertThrowsError(try client.connection.call(
            destination: "org.example.Nobody", path: "/", interface: "org.example.X", method: "Y")) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.serviceUnknown, "\($0)")
        }
        XCTAssertThrowsError(try callTest("Echo", [Variant(string: "x")], replyType: "(u)")) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.invalidArgs, "\($0)")
        }
    }

    func testTimeoutIsNoReply() {
        let start = ContinuousClock.now
        XCTAssertThrowsError(try client.connection.call(
            destination: service.uniqueName, path: TestObject.path, interface: TestObject.interface,
            method: "Later", timeoutMilliseconds: 1)) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.noReply, "\($0)")
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(15), "a 1 ms timeout, not the default 25 s one")
    }

    func testDroppedInvocationRepliesFailed() {
        XCTAssertThrowsError(try callTest("Forget")) { error in
            XCTAssertEqual((error as? DBusError)?.name, DBusError.failed)
            XCTAssertEqual((error as? DBusError)?.message, "org.example.Test1.Forget finished without a reply")
        }
    }

    /// `replySize` is the size of the values sent, serialized (a string: its bytes and a NUL;
    /// the wire adds 4 for its length). The CallQueue decides by it whether a reply must be
    /// written before the next expensive call runs.
    func testReplySizeIsTheSerializedSizeOfTheValuesSent() throws {
        let info = try InterfaceInfo(xml: TestObject.xml, name: TestObject.interface)
        let sizes = LockedValue<[String: Int]>([:])
        let connection = service.connection
        let path = "/org/example/Sized"
        _ = try service.sync { () throws(DBusError) -> ObjectRegistrationID in
            try connection.registerObject(path: path, interface: info, methodCall: { invocation in
                let before = invocation.replySize
                switch invocation.methodName {
                case "Echo": invocation.returnValues(invocation.argument(0))
                case "Add": invocation.returnValue(Variant(tuple: [Variant(uint32: 7)]))
                case "Later": invocation.returnString("late")
                default: invocation.returnError(name: "org.example.Error.No", message: "no reply values")
                }
                sizes.withLock { $0[invocation.methodName] = invocation.replySize + 1000 * before }
            }, getProperty: { _ in nil })
        }
        func call(_ method: String, _ arguments: [Variant]) {
            _ = try? client.connection.call(destination: service.uniqueName, path: path, interface: TestObject.interface,
                                            method: method, parameters: Variant(tuple: arguments), timeoutMilliseconds: 5_000)
        }
        let text = String(repeating: "x", count: 70_000)
        call("Echo", [Variant(string: "hello")])
        call("Add", [Variant(uint32: 3), Variant(uint32: 4)])
        call("Later", [])
        call("Fail", [Variant(string: "org.example.Error.No"), Variant(string: "no")])
        XCTAssertEqual(sizes.withLock { $0 }, ["Echo": 5 + 1, "Add": 4, "Later": 0, "Fail": 0],
                       "the serialized values' size after returnValue(s) (0 before any reply); 0 after returnString or an error")
        call("Echo", [Variant(string: text)])
        XCTAssertEqual(sizes.withLock { $0["Echo"] }, 70_000 + 1)
    }

    func testDeferredReply() throws {
        XCTAssertEqual(try callTest("Later").child(at: 0).string, "late")
    }

    func testAsyncCallCompletesOnTheCallersLoop() throws {
        let results = LockedValue<[Result<Variant, DBusError>]>([])
        let connection = client.connection, loop = client.loop, destination = service.uniqueName
        client.sync {
            for method in ["Echo", "Fail"] {
                let arguments = method == "Echo" ? [Variant(string: "async")]
                    : [Variant(string: "org.example.Error.Async"), Variant(string: "nope")]
                connection.callAsync(destination: destination, path: TestObject.path,
                                     interface: TestObject.interface, method: method,
                                     parameters: Variant(tuple: arguments)) { result in
                    XCTAssertTrue(loop.isCurrentThread)
                    results.withLock { $0.append(result) }
                }
            }
        }
        try eventually("two async replies") { results.withLock { $0.count } == 2 }
        let all = results.withLock { $0 }
        XCTAssertEqual(try all[0].get().child(at: 0).string, "async")
        XCTAssertThrowsError(try all[1].get()) {
            XCTAssertEqual($0 as? DBusError, DBusError(name: "org.example.Error.Async", message: "nope"))
        }
    }

    func testPropertiesThroughGetAndGetAll() throws {
        try callTest("Echo", [Variant(string: "one")])
        let properties = "org.freedesktop.DBus.Properties"
        let reply = try client.connection.call(
            destination: service.uniqueName, path: TestObject.path, interface: properties, method: "Get",
            parameters: Variant(tuple: [Variant(string: TestObject.interface), Variant(string: "Count")]),
            replyType: "(v)")
        XCTAssertEqual(reply.child(at: 0).unboxed?.uint32, 1)

        XCTAssertThrowsError(try client.connection.call(
            destination: service.uniqueName, path: TestObject.path, interface: properties, method: "Get",
            parameters: Variant(tuple: [Variant(string: TestObject.interface), Variant(string: "Missing")]))) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.unknownProperty, "\($0)")
        }

        let all = try client.connection.call(
            destination: service.uniqueName, path: TestObject.path, interface: properties, method: "GetAll",
            parameters: Variant(tuple: [Variant(string: TestObject.interface)]), replyType: "(a{sv})")
        XCTAssertEqual(all.child(at: 0).vardict?["Count"]?.uint32, 1, "Echo is the only method call so far")
    }

    func testUnregisterObject() throws {
        let connection = service.connection
        let info = try InterfaceInfo(xml: TestObject.xml, name: TestObject.interface)
        let id = try service.sync { () throws(DBusError) in
            try connection.registerObject(path: "/other", interface: info, methodCall: { $0.returnValues(Variant(string: "other")) })
        }
        XCTAssertEqual(try client.connection.call(destination: service.uniqueName, path: "/other",
                                                  interface: TestObject.interface, method: "Later").child(at: 0).string,
                       "other")
        XCTAssertTrue(connection.unregisterObject(id))
        XCTAssertFalse(connection.unregisterObject(id))
        XCTAssertThrowsError(try client.connection.call(destination: service.uniqueName, path: "/other",
                                                        interface: TestObject.interface, method: "Later")) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.unknownMethod, "\($0)")
        }
    }

    func testRegisteringTwiceFailsAndReleasesTheHandlers() throws {
        final class Probe: Sendable {
            let released: LockedValue<Int>
            init(_ released: LockedValue<Int>) { self.released = released }
            deinit { released.withLock { $0 += 1 } }
        }
        let released = LockedValue(0)
        let connection = service.connection
        let info = try InterfaceInfo(xml: TestObject.xml, name: TestObject.interface)
        let error = service.sync { () -> DBusError? in
            let probe = Probe(released)
            do throws(DBusError) {
                try connection.registerObject(path: TestObject.path, interface: info,
                                              methodCall: { _ in withExtendedLifetime(probe) {} })
                return nil
            } catch {
                return error
            }
        }
        XCTAssertNotNil(error)
        XCTAssertTrue(error?.message.contains(TestObject.interface) ?? false, "\(String(describing: error))")
        XCTAssertEqual(released.withLock { $0 }, 1, "the handlers were released exactly once")
    }

    func testInterfaceInfo() throws {
        let info = try InterfaceInfo(xml: TestObject.xml, name: TestObject.interface)
        XCTAssertEqual(info.name, TestObject.interface)
        XCTAssertEqual(info.methodNames, ["Echo", "Add", "Fail", "Shout", "Whisper", "Later", "Forget"])
        XCTAssertEqual(info.signalNames, ["Shouted"])
        XCTAssertEqual(info.propertyNames, ["Count", "Missing"])
        XCTAssertEqual(info.propertySignature("Count"), "u")
        XCTAssertNil(info.propertySignature("Nope"))
        XCTAssertEqual(info.annotation("org.example.Marker"), "yes")
        XCTAssertEqual(info.propertyAnnotation("Count", "org.freedesktop.DBus.Property.EmitsChangedSignal"), "true")
        XCTAssertNil(info.propertyAnnotation("Missing", "org.freedesktop.DBus.Property.EmitsChangedSignal"))
        XCTAssertThrowsError(try InterfaceInfo(xml: "<node><interface", name: "x")) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.invalidArgs)
        }
        XCTAssertThrowsError(try InterfaceInfo(xml: TestObject.xml, name: "org.example.Other"))
        XCTAssertEqual(try InterfaceInfo.parse(xml: "<node/>").count, 0)
    }

    func testBusctlCallsTheObject() throws {
        let echo = try runTool(["busctl", "--address=\(bus.address)", "call", service.uniqueName,
                                TestObject.path, TestObject.interface, "Echo", "s", "from busctl"])
        XCTAssertTrue(echo.succeeded, "\(echo)")
        XCTAssertEqual(echo.stdout, "s \"from busctl\"\n")

        let failure = try runTool(["busctl", "--address=\(bus.address)", "call", service.uniqueName,
                                   TestObject.path, TestObject.interface, "Fail", "ss",
                                   "org.example.Error.Custom", "bad thing"])
        XCTAssertFalse(failure.succeeded)
        XCTAssertTrue(failure.stderr.contains("bad thing"), "\(failure)")

        let property = try runTool(["busctl", "--address=\(bus.address)", "get-property", service.uniqueName,
                                    TestObject.path, TestObject.interface, "Count"])
        XCTAssertTrue(property.succeeded, "\(property)")
        XCTAssertTrue(property.stdout.hasPrefix("u "), "\(property)")
    }

    func testGdbusCallsTheObject() throws {
        let echo = try runTool(["gdbus", "call", "--address", bus.address, "--dest", service.uniqueName,
                                "--object-path", TestObject.path, "--method", "org.example.Test1.Add", "3", "4"])
        XCTAssertTrue(echo.succeeded, "\(echo)")
        XCTAssertEqual(echo.stdout, "(uint32 7,)\n")

        let failure = try runTool(["gdbus", "call", "--address", bus.address, "--dest", service.uniqueName,
                                   "--object-path", TestObject.path, "--method", "org.example.Test1.Fail",
                                   "org.example.Error.Custom", "bad thing"])
        XCTAssertFalse(failure.succeeded)
        XCTAssertTrue(failure.stderr.contains("GDBus.Error:org.example.Error.Custom: bad thing"), "\(failure)")

        let introspection = try runTool(["gdbus", "introspect", "--address", bus.address, "--dest",
                                         service.uniqueName, "--object-path", TestObject.path])
        XCTAssertTrue(introspection.stdout.contains("Echo(in  s text,"), "\(introspection)")
    }

    func testCloseMakesCallsFail() {
        client.connection.close()
        XCTAssertTrue(client.connection.isClosed)
        XCTAssertThrowsError(try callTest("Echo", [Variant(string: "x")])) {
            XCTAssertEqual(($0 as? DBusError)?.name, DBusError.disconnected, "\($0)")
        }
        client.connection.close()  // harmless
    }

    func testFlush() throws {
        try service.connection.emitSignal(path: TestObject.path, interface: TestObject.interface,
                                          signal: "Shouted", parameters: Variant(tuple: [Variant(string: "f")]))
        try service.connection.flush()
    }
}
