// orientd-swift-floor: the least any Swift GLib D-Bus service does, for orientd-bench's memory
// and start-up rows (BENCHMARKS.md, "The Swift floor"). A GLib main loop, a session bus
// connection, one owned name and one method (Noop), on GIO directly: no GLibBridge, no
// Foundation. `make bench` builds it as `make install` builds orientd (static Swift runtime,
// the same link flags, stripped), so what orientd holds beyond it is orientd's own.
import CGio
import Glibc

let name = "io.github.orientd.SwiftFloor1"
let path = "/io/github/orientd/SwiftFloor"
let introspection = """
    <node><interface name="io.github.orientd.SwiftFloor1"><method name="Noop"/></interface></node>
    """

if CommandLine.arguments.count > 1 {
    print("Usage: orientd-swift-floor\nThe least a Swift GLib D-Bus service does, for orientd-bench: owns \(name) on the session bus.")
    exit(CommandLine.arguments[1] == "--help" || CommandLine.arguments[1] == "-h" ? 0 : 64)
}

/// Prints GLib's error and ends the process.
func fail(_ error: UnsafeMutablePointer<GError>?) -> Never {
    let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
    let line = "orientd-swift-floor: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

var error: UnsafeMutablePointer<GError>?
guard let node = g_dbus_node_info_new_for_xml(introspection, &error),
      let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { fail(error) }
var vtable = GDBusInterfaceVTable()
vtable.method_call = { _, _, _, _, _, _, invocation, _ in
    g_dbus_method_invocation_return_value(invocation, nil)
}
guard g_dbus_connection_register_object(connection, path, node.pointee.interfaces[0], &vtable, nil, nil, &error) != 0 else {
    fail(error)
}
g_dbus_connection_set_exit_on_close(connection, 1)
// G_BUS_NAME_OWNER_FLAGS_NONE, by value: GLib 2.86 and later's flag enums have no C names in Swift.
g_bus_own_name_on_connection(connection, name, GBusNameOwnerFlags(rawValue: 0), nil, nil, nil, nil)
g_main_loop_run(g_main_loop_new(nil, 0))
