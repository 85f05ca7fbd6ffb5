import CGio

/// Identifies an object registration; pass it to `BusConnection.unregisterObject`.
public struct ObjectRegistrationID: Hashable, Sendable {
    public let rawValue: UInt32
}

/// A property read on a registered object.
public struct PropertyRequest: Sendable {
    /// The reader's unique bus name.
    public let sender: String
    /// The object path.
    public let objectPath: String
    /// The interface name.
    public let interfaceName: String
    /// The property name.
    public let propertyName: String
}

extension BusConnection {
    /// Exports `interface` at `path`. GDBus checks incoming argument types against
    /// `interface`, answers unknown methods, and implements
    /// `org.freedesktop.DBus.Properties.Get`/`GetAll` with `getProperty` (whose nil means
    /// `UnknownProperty`) and `Introspect`. `Set` is refused. With `getProperty` nil, GDBus
    /// hands `Get` and `GetAll` to `methodCall` instead (interface
    /// `org.freedesktop.DBus.Properties`, method `MethodID.none`), to be answered like a call.
    ///
    /// Both closures run on the registering thread's thread-default GMainContext (see the
    /// type's documentation). They are released after `unregisterObject`.
    /// - Throws: `DBusError` if the path already has this interface.
    @discardableResult
    public func registerObject(
        path: String, interface: InterfaceInfo,
        methodCall: @escaping (MethodInvocation) -> Void,
        getProperty: ((PropertyRequest) -> Variant?)? = { _ in nil }
    ) throws(DBusError) -> ObjectRegistrationID {
        typealias Box = CallbackBox<ObjectHandlers>
        let userData = Box(ObjectHandlers(methodCall: methodCall, getProperty: getProperty)).retainedPointer()
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, _, _, _, invocation, userData in
            Box.borrow(userData).value.methodCall(MethodInvocation(adopting: invocation!))
        }
        if getProperty != nil { vtable.get_property = { _, sender, path, interface, property, error, userData in
            let request = PropertyRequest(
                sender: copyCString(sender), objectPath: copyCString(path),
                interfaceName: copyCString(interface), propertyName: copyCString(property))
            guard let value = Box.borrow(userData).value.getProperty?(request) else {
                let failure = DBusError(
                    name: DBusError.unknownProperty,
                    message: "no property \(request.propertyName) on \(request.interfaceName) at \(request.objectPath)")
                error?.pointee = failure.makeGError()
                return nil
            }
            return value.withRaw { g_variant_ref($0) }
        } }
        var error: UnsafeMutablePointer<GError>? = nil
        let id = g_dbus_connection_register_object(
            raw, path, interface.pointer, &vtable, userData, { Box.release($0) }, &error)
        guard id != 0 else {
            // GLib 2.80 and later call the destroy notify on failure; older ones do not.
            if glib_check_version(2, 80, 0) != nil { Box.release(userData) }
            throw DBusError(consuming: error)
        }
        return ObjectRegistrationID(rawValue: id)
    }

    /// Removes an object registration. Returns false if it was not registered.
    @discardableResult
    public func unregisterObject(_ id: ObjectRegistrationID) -> Bool {
        g_dbus_connection_unregister_object(raw, id.rawValue) != 0
    }
}

/// The closures of one registered object.
struct ObjectHandlers {
    let methodCall: (MethodInvocation) -> Void
    let getProperty: ((PropertyRequest) -> Variant?)?
}
