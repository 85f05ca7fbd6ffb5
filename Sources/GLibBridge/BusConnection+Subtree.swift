import CGio

/// Identifies a subtree registration; pass it to `BusConnection.unregisterSubtree`.
public struct SubtreeRegistrationID: Hashable, Sendable {
    public let rawValue: UInt32
}

/// The closures of one registered subtree.
struct SubtreeHandlers {
    let interface: InterfaceInfo
    let enumerate: () -> [String]
    let methodCall: (MethodInvocation) -> Void
    /// The vtable GDBus calls for every node; it must outlive the registration.
    let vtable: UnsafeMutablePointer<GDBusInterfaceVTable>
}

extension BusConnection {
    /// Exports `interface` on every node below `path` (g_dbus_connection_register_subtree),
    /// one registration for any number of objects. `enumerate` lists the node names that
    /// exist (for Introspect); calls on any other node are dispatched too, so the handler can
    /// answer them with an error of its own rather than GDBus's "unknown object".
    ///
    /// Property reads reach `methodCall` as well, as calls with `interfaceName`
    /// `org.freedesktop.DBus.Properties` and `methodName` `Get` or `GetAll` (the vtable has no
    /// `get_property`), so a read of a node that does not exist can fail as a whole; GDBus
    /// has already checked the interface name and that the property exists and is readable
    /// (and refuses `Set` of a read-only property itself).
    ///
    /// The closures run on the registering thread's thread-default GMainContext.
    @discardableResult
    public func registerSubtree(
        path: String, interface: InterfaceInfo,
        enumerate: @escaping () -> [String],
        methodCall: @escaping (MethodInvocation) -> Void
    ) throws(DBusError) -> SubtreeRegistrationID {
        typealias Box = CallbackBox<SubtreeHandlers>
        let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = { _, _, _, _, _, _, invocation, userData in
            Box.borrow(userData).value.methodCall(MethodInvocation(adopting: invocation!))
        }
        let box = Box(SubtreeHandlers(interface: interface, enumerate: enumerate, methodCall: methodCall, vtable: vtable))
        let userData = box.retainedPointer()
        var subtree = GDBusSubtreeVTable()
        subtree.enumerate = { _, _, _, userData in
            let names = Box.borrow(userData).value.enumerate()
            let array = g_malloc0_n(gsize(names.count + 1), gsize(MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))!
                .bindMemory(to: UnsafeMutablePointer<gchar>?.self, capacity: names.count + 1)
            for (index, name) in names.enumerated() { array[index] = g_strdup(name) }
            return array
        }
        subtree.introspect = { _, _, _, node, userData in
            guard node != nil else { return nil }
            let info = Box.borrow(userData).value.interface.pointer
            let array = g_malloc0_n(2, gsize(MemoryLayout<UnsafeMutablePointer<GDBusInterfaceInfo>?>.stride))!
                .bindMemory(to: UnsafeMutablePointer<GDBusInterfaceInfo>?.self, capacity: 2)
            array[0] = g_dbus_interface_info_ref(info)
            return array
        }
        subtree.dispatch = { _, _, _, _, _, outUserData, userData in
            outUserData?.pointee = userData
            return UnsafePointer(Box.borrow(userData).value.vtable)
        }
        var error: UnsafeMutablePointer<GError>? = nil
        let id = g_dbus_connection_register_subtree(
            raw, path, &subtree, GLibFlags.subtreeDispatchToUnenumeratedNodes, userData,
            { userData in
                let vtable = Box.borrow(userData).value.vtable
                Box.release(userData)
                vtable.deallocate()
            }, &error)
        guard id != 0 else {
            if glib_check_version(2, 80, 0) != nil {
                Box.release(userData)
                vtable.deallocate()
            }
            throw DBusError(consuming: error)
        }
        return SubtreeRegistrationID(rawValue: id)
    }

    /// Removes a subtree registration. Returns false if it was not registered.
    @discardableResult
    public func unregisterSubtree(_ id: SubtreeRegistrationID) -> Bool {
        g_dbus_connection_unregister_subtree(raw, id.rawValue) != 0
    }
}
