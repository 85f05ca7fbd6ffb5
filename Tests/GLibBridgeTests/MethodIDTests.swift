import GLibBridge
import TestSupport
import XCTest

/// A call carries the identity of its method (its GDBusMethodInfo), which the service finds
/// once in the interface it registered: dispatch compares pointers, not names.
final class MethodIDTests: BusTestCase {
    func testACallCarriesTheIdentityOfItsMethodInTheRegisteredInterface() throws {
        let info = try InterfaceInfo(xml: TestObject.xml, name: TestObject.interface)
        let shout = try XCTUnwrap(info.method("Shout"))
        let forget = try XCTUnwrap(info.method("Forget"))
        XCTAssertNotEqual(shout, forget)
        XCTAssertNil(info.method("NoSuchMethod"))
        XCTAssertEqual(shout.name, "Shout")
        XCTAssertNil(MethodID.none.name)

        let seen = LockedValue<[MethodID]>([])
        let connection = service.connection
        try service.sync { () throws(DBusError) in
            try connection.registerObject(path: "/org/example/Ids", interface: info, methodCall: { call in
                seen.withLock { $0.append(call.method) }
                XCTAssertEqual(call.methodName, call.method.name)
                call.returnValues()
            })
        }
        for (method, arguments) in [("Shout", [Variant(string: "x")]), ("Forget", [])] {
            try client.connection.call(destination: service.uniqueName, path: "/org/example/Ids",
                                       interface: TestObject.interface, method: method,
                                       parameters: Variant(tuple: arguments))
        }
        XCTAssertEqual(seen.value, [shout, forget])
    }
}
