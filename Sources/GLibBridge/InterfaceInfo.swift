import CGio

/// A D-Bus interface description (GDBusInterfaceInfo), parsed from introspection XML.
public final class InterfaceInfo: Sendable {
    let handle: GHandle
    var pointer: UnsafeMutablePointer<GDBusInterfaceInfo> { handle.typed(GDBusInterfaceInfo.self) }

    init(borrowing pointer: UnsafeMutablePointer<GDBusInterfaceInfo>) {
        handle = GHandle(g_dbus_interface_info_ref(pointer))
        g_dbus_interface_info_cache_build(pointer)
    }

    deinit {
        g_dbus_interface_info_cache_release(pointer)
        g_dbus_interface_info_unref(pointer)
    }

    /// Parses `<node>` introspection XML and returns every interface in it, in order.
    /// - Throws: `DBusError` (`InvalidArgs`) when the XML is malformed.
    public static func parse(xml: String) throws(DBusError) -> [InterfaceInfo] {
        try parse(cString: xml)
    }

    /// Parses `<node>` introspection XML given as bytes, which GMarkup checks are UTF-8 as it
    /// reads them (no second pass over a large file). Comments are dropped first
    /// (`XMLComments`): GMarkup reads only the markup, and checks only it.
    /// - Throws: `DBusError` (`InvalidArgs`) when the markup is not UTF-8 or not well-formed XML.
    public static func parse(xml bytes: [UInt8]) throws(DBusError) -> [InterfaceInfo] {
        let terminated = XMLComments.removed(from: bytes)
        // A Result out of the closures: Swift 6.0's withUnsafeBufferPointer does not carry a typed throw.
        let parsed = terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                Result { () throws(DBusError) in try parse(cString: text.baseAddress!) }
            }
        }
        return try parsed.get()
    }

    private static func parse(cString xml: UnsafePointer<CChar>) throws(DBusError) -> [InterfaceInfo] {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
            let message = error.map { copyCString($0.pointee.message) } ?? "malformed XML"
            g_clear_error(&error)
            throw DBusError(name: DBusError.invalidArgs, message: "introspection XML: \(message)")
        }
        defer { g_dbus_node_info_unref(node) }
        return nullTerminated(node.pointee.interfaces).map { InterfaceInfo(borrowing: $0) }
    }

    /// Parses introspection XML and returns the interface called `name`.
    /// - Throws: `DBusError` when the XML is malformed or has no such interface.
    public convenience init(xml: String, name: String) throws(DBusError) {
        try self.init(found: InterfaceInfo.parse(xml: xml), name: name)
    }

    /// Parses introspection XML given as bytes and returns the interface called `name`.
    /// - Throws: `DBusError` when the bytes are not UTF-8, not well-formed XML, or have no such interface.
    public convenience init(xml bytes: [UInt8], name: String) throws(DBusError) {
        try self.init(found: InterfaceInfo.parse(xml: bytes), name: name)
    }

    private convenience init(found interfaces: [InterfaceInfo], name: String) throws(DBusError) {
        guard let found = interfaces.first(where: { $0.name == name }) else {
            throw DBusError(name: DBusError.invalidArgs, message: "introspection XML has no interface \(name)")
        }
        self.init(borrowing: found.pointer)
    }

    /// The interface name, such as `io.github.orientd.OrientationManager1`.
    public var name: String { copyCString(pointer.pointee.name) }

    /// The method names, in XML order.
    public var methodNames: [String] { nullTerminated(pointer.pointee.methods).map { copyCString($0.pointee.name) } }

    /// The identity of method `name` of this interface, as calls to an object registered with
    /// it carry it (`MethodInvocation.method`); nil if there is no such method.
    public func method(_ name: String) -> MethodID? {
        g_dbus_interface_info_lookup_method(pointer, name).map { MethodID(UnsafePointer($0)) }
    }

    /// The type signatures of method `name`'s in arguments, in order (such as `b`, `a{sv}`);
    /// nil if there is no such method.
    public func inArgumentSignatures(_ name: String) -> [String]? {
        guard let info = g_dbus_interface_info_lookup_method(pointer, name) else { return nil }
        return nullTerminated(info.pointee.in_args).map { copyCString($0.pointee.signature) }
    }

    /// The signal names, in XML order.
    public var signalNames: [String] { nullTerminated(pointer.pointee.signals).map { copyCString($0.pointee.name) } }

    /// The property names, in XML order.
    public var propertyNames: [String] { nullTerminated(pointer.pointee.properties).map { copyCString($0.pointee.name) } }

    /// The identity of property `name` of this interface, as a `Get` routed to an object's
    /// method handler carries it (`MethodInvocation.property`); nil if there is no such property.
    public func property(_ name: String) -> PropertyID? {
        g_dbus_interface_info_lookup_property(pointer, name).map { PropertyID(UnsafePointer($0)) }
    }

    /// The type signature of a property, such as `u` or `as`; nil if there is none by that name.
    public func propertySignature(_ property: String) -> String? {
        g_dbus_interface_info_lookup_property(pointer, property).map { copyCString($0.pointee.signature) }
    }

    /// The value of an annotation on the interface, such as
    /// `org.freedesktop.DBus.Property.EmitsChangedSignal`; nil if absent.
    public func annotation(_ name: String) -> String? {
        g_dbus_annotation_info_lookup(pointer.pointee.annotations, name).map { String(cString: $0) }
    }

    /// The value of an annotation on a method; nil if the method or annotation is absent.
    public func methodAnnotation(_ method: String, _ name: String) -> String? {
        guard let info = g_dbus_interface_info_lookup_method(pointer, method) else { return nil }
        return g_dbus_annotation_info_lookup(info.pointee.annotations, name).map { String(cString: $0) }
    }

    /// The value of an annotation on a property; nil if the property or annotation is absent.
    public func propertyAnnotation(_ property: String, _ name: String) -> String? {
        guard let info = g_dbus_interface_info_lookup_property(pointer, property) else { return nil }
        return g_dbus_annotation_info_lookup(info.pointee.annotations, name).map { String(cString: $0) }
    }
}

/// Identifies one method of an interface by its introspection data (GDBusMethodInfo), which
/// lives as long as the interface: two are equal when they are the same method.
public struct MethodID: Hashable, Sendable {
    let address: UInt

    init(_ info: UnsafePointer<GDBusMethodInfo>?) { address = UInt(bitPattern: info) }

    /// No method (a property read routed to a method handler).
    public static let none = MethodID(nil)

    /// The method's name, from its introspection data; nil for `none`.
    public var name: String? {
        UnsafePointer<GDBusMethodInfo>(bitPattern: address).map { copyCString($0.pointee.name) }
    }
}

/// The elements of a NULL-terminated C array of pointers.
func nullTerminated<T>(_ array: UnsafeMutablePointer<UnsafeMutablePointer<T>?>?) -> [UnsafeMutablePointer<T>] {
    guard let array else { return [] }
    var result: [UnsafeMutablePointer<T>] = []
    var index = 0
    while let element = array[index] {
        result.append(element)
        index += 1
    }
    return result
}

/// Identifies one property of an interface by its introspection data (GDBusPropertyInfo), as
/// `MethodID` does a method.
public struct PropertyID: Hashable, Sendable {
    let address: UInt

    init(_ info: UnsafePointer<GDBusPropertyInfo>?) { address = UInt(bitPattern: info) }

    /// No property (`GetAll`, or a method).
    public static let none = PropertyID(nil)
}
