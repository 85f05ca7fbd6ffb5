import GLibBridge
import Synchronization
import TestSupport
import XCTest

/// A small service object for the tests: `org.example.Test1` at `/org/example/Test`.
enum TestObject {
    static let path = "/org/example/Test"
    static let interface = "org.example.Test1"
    static let xml = """
    <node>
      <interface name="org.example.Test1">
        <annotation name="org.example.Marker" value="yes"/>
        <method name="Echo">
          <arg name="text" type="s" direction="in"/>
          <arg name="echo" type="s" direction="out"/>
        </method>
        <method name="Add">
          <arg name="a" type="u" direction="in"/>
          <arg name="b" type="u" direction="in"/>
          <arg name="sum" type="u" direction="out"/>
        </method>
        <method name="Fail">
          <arg name="name" type="s" direction="in"/>
          <arg name="message" type="s" direction="in"/>
        </method>
        <method name="Shout">
          <arg name="word" type="s" direction="in"/>
        </method>
        <method name="Whisper">
          <arg name="to" type="s" direction="in"/>
          <arg name="word" type="s" direction="in"/>
        </method>
        <method name="Later">
          <arg name="result" type="s" direction="out"/>
        </method>
        <method name="Forget"/>
        <signal name="Shouted">
          <arg name="word" type="s"/>
        </signal>
        <property name="Count" type="u" access="read">
          <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="true"/>
        </property>
        <property name="Missing" type="s" access="read"/>
      </interface>
    </node>
    """

    /// Registers the object on `service`'s loop thread and returns the registration.
    /// `Count` counts the calls handled so far.
    @discardableResult
    static func register(on service: LoopConnection) throws -> ObjectRegistrationID {
        let info = try InterfaceInfo(xml: xml, name: interface)
        let connection = service.connection
        let loop = service.loop
        let calls = LockedValue<UInt32>(0)
        return try service.sync { () throws(DBusError) -> ObjectRegistrationID in
            try connection.registerObject(
                path: path, interface: info,
                methodCall: { invocation in
                    XCTAssertTrue(loop.isCurrentThread, "method calls run on the loop thread")
                    calls.withLock { $0 += 1 }
                    handle(invocation, connection: connection, loop: loop)
                },
                getProperty: { request in
                    request.propertyName == "Count" ? Variant(uint32: calls.withLock { $0 }) : nil
                })
        }
    }

    static func handle(_ invocation: MethodInvocation, connection: BusConnection, loop: MainLoop) {
        switch invocation.methodName {
        case "Echo":
            XCTAssertEqual(invocation.objectPath, path)
            XCTAssertEqual(invocation.interfaceName, interface)
            invocation.returnValues(invocation.argument(0))
        case "Add":
            let sum = invocation.argument(0).uint32! + invocation.argument(1).uint32!
            invocation.returnValue(Variant(tuple: [Variant(uint32: sum)]))
        case "Fail":
            invocation.returnError(name: invocation.argument(0).string!, message: invocation.argument(1).string!)
        case "Shout":
            do throws(DBusError) {
                try connection.emitSignal(path: path, interface: interface, signal: "Shouted",
                                          parameters: invocation.parameters)
                invocation.returnValue(nil)
            } catch {
                invocation.returnError(error)
            }
        case "Whisper":
            do throws(DBusError) {
                try connection.emitSignal(destination: invocation.argument(0).string!, path: path,
                                          interface: interface, signal: "Shouted",
                                          parameters: Variant(tuple: [invocation.argument(1)]))
                invocation.returnValues()
            } catch {
                invocation.returnError(error)
            }
        case "Later":
            // returnString: the one-string reply without a Variant object.
            loop.addTimeout(milliseconds: 20) { invocation.returnString("late") }
        default:
            break  // Forget: dropping the invocation replies Failed.
        }
    }
}
