import GLibBridge
import TestSupport
import XCTest

/// A call carries the identity of its method (its GDBusMethodInfo), and a property read routed
/// to the method handler that of its property, which the service finds once in the interface
/// it registered: dispatch compares pointers, not names.
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

    /// With no property handler, a property's `Get` reaches the method handler with the
    /// property's identity (`GetAll` with none), and no method.
    func testAPropertyReadReachingTheMethodHandlerCarriesThePropertysIdentity() throws {
        let xml = #"<node><interface name="org.example.Props1"><property name="Count" type="u" access="read"/>"#
            + #"<property name="Label" type="s" access="read"/></interface></node>"#
        let info = try InterfaceInfo(xml: xml, name: "org.example.Props1")
        let count = try XCTUnwrap(info.property("Count"))
        XCTAssertNotEqual(count, try XCTUnwrap(info.property("Label")))
        XCTAssertNil(info.property("NoSuchProperty"))

        let seen = LockedValue<[PropertyID]>([])
        let connection = service.connection
        try service.sync { () throws(DBusError) in
            try connection.registerObject(path: "/org/example/Props", interface: info, methodCall: { call in
                XCTAssertEqual(call.method, .none)
                seen.withLock { $0.append(call.property) }
                if call.property == count {
                    call.returnValues(Variant(boxing: Variant(uint32: 7)))
                } else {
                    call.returnValues(Variant(vardict: [:]))
                }
            }, getProperty: nil)
        }
        let properties = "org.freedesktop.DBus.Properties"
        let read = try client.connection.call(destination: service.uniqueName, path: "/org/example/Props", interface: properties,
                                              method: "Get", parameters: Variant(tuple: [Variant(string: "org.example.Props1"), Variant(string: "Count")]))
        XCTAssertEqual(read.child(at: 0).child(at: 0).uint32, 7)
        try client.connection.call(destination: service.uniqueName, path: "/org/example/Props", interface: properties,
                                   method: "GetAll", parameters: Variant(tuple: [Variant(string: "org.example.Props1")]))
        XCTAssertEqual(seen.value, [count, .none])
    }
}
