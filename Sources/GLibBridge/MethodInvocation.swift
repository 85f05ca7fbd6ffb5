import CGio
import Glibc
import Synchronization

/// One incoming method call on a registered object (GDBusMethodInvocation).
///
/// Reply exactly once with `returnValue`, `returnValues` or `returnError`; replying is
/// thread-safe and may happen later (asynchronously). An invocation dropped without a reply
/// answers `org.freedesktop.DBus.Error.Failed` so the caller is never left hanging.
public final class MethodInvocation: Sendable {
    /// The caller's unique bus name, such as `:1.7`.
    public let sender: String
    /// The object path called (copied from the invocation at each use: a handler that knows
    /// its object need not pay for it).
    public var objectPath: String { copyCString(g_dbus_method_invocation_get_object_path(handle.raw)) }
    /// The interface name (copied at each use, as `objectPath`).
    public var interfaceName: String { copyCString(g_dbus_method_invocation_get_interface_name(handle.raw)) }
    /// The method name (copied at each use: dispatch by `method` instead).
    public var methodName: String { copyCString(g_dbus_method_invocation_get_method_name(handle.raw)) }
    /// The method called, as the registered interface's introspection data has it: comparing
    /// it with `InterfaceInfo.method(_:)` is a pointer comparison, not a string comparison.
    /// `MethodID.none` for a property read that reaches a method handler.
    public let method: MethodID
    /// For a property's `Get` or `Set` that reaches a method handler, the property, as the
    /// registered interface's introspection data has it (`InterfaceInfo.property(_:)`);
    /// `PropertyID.none` otherwise (`GetAll`, any method).
    public var property: PropertyID { PropertyID(g_dbus_method_invocation_get_property_info(handle.raw)) }
    /// The arguments, as a tuple (already checked by GDBus against the introspection data).
    public let parameters: Variant

    private let handle: GHandle
    private let replied = Mutex(false)
    private let sentSize = Atomic(0)

    /// Wraps a GDBusMethodInvocation, taking over the reference GDBus passes to the handler.
    init(adopting raw: OpaquePointer) {
        handle = GHandle(raw)
        sender = copyCString(g_dbus_method_invocation_get_sender(raw))
        method = MethodID(g_dbus_method_invocation_get_method_info(raw))
        parameters = Variant(borrowing: g_dbus_method_invocation_get_parameters(raw))
    }

    deinit {
        if !claimReply() { return }
        let message = "\(interfaceName).\(methodName) finished without a reply"
        g_dbus_method_invocation_return_dbus_error(handle.raw, DBusError.failed, message)
    }

    /// The argument at `index` of the parameters tuple.
    public func argument(_ index: Int) -> Variant { parameters.child(at: index) }

    /// Whether a reply has been sent.
    public var hasReplied: Bool { replied.withLock { $0 } }

    /// The size in bytes of the values sent with `returnValue(s)`, serialized as a GVariant
    /// (within a few bytes per value of what they take in the message); 0 before that, and
    /// after any other reply.
    public var replySize: Int { sentSize.load(ordering: .relaxed) }

    /// Replies with `tuple` (whose type must match the method's out arguments, such as `(o)`),
    /// or with no values when nil.
    public func returnValue(_ tuple: Variant?) {
        if let tuple { precondition(tuple.isOfType("r"), "a reply must be a tuple, not \(tuple.typeString)") }
        guard markReplied() else { return }
        withExtendedLifetime(tuple) {
            // Known at once for a serialized value; computed (and kept in it) for a tree.
            if let tuple { sentSize.store(Int(g_variant_get_size(tuple.raw)), ordering: .relaxed) }
            g_dbus_method_invocation_return_value(handle.raw, tuple?.raw)
        }
    }

    /// Replies with these values as the out arguments (`returnValues()` for none).
    public func returnValues(_ values: Variant...) {
        // No values: GDBus sends the empty tuple itself.
        returnValue(values.isEmpty ? nil : Variant(tuple: values))
    }

    /// Replies with one string (`(s)`), built straight into the reply: the most common reply
    /// of all, with no `Variant` object or array on the way.
    public func returnString(_ value: String) {
        guard markReplied() else { return }
        var child: OpaquePointer? = newStringVariant(value)
        // A floating tuple of a floating string: GDBus takes both over.
        g_dbus_method_invocation_return_value(handle.raw, g_variant_new_tuple(&child, 1))
    }

    /// Replies with a D-Bus error, such as
    /// `returnError(name: "io.github.orientd.OrientationManager1.Error.UnknownScene", message: ...)`.
    public func returnError(name: String, message: String) {
        guard markReplied() else { return }
        g_dbus_method_invocation_return_dbus_error(handle.raw, name, message)
    }

    /// Replies with `error`'s name and message.
    public func returnError(_ error: DBusError) {
        returnError(name: error.name, message: error.message)
    }

    /// Records the reply; false (and a warning) if one was already sent.
    private func markReplied() -> Bool {
        let first = claimReply()
        // Not the invocation's own names: the first reply released the invocation. The
        // method's introspection data lives as long as its interface.
        if !first { writeWarning("second reply to \(method.name ?? "a method call") ignored") }
        return first
    }

    /// Records the reply; false if one was already sent.
    private func claimReply() -> Bool {
        replied.withLock { alreadyReplied in
            defer { alreadyReplied = true }
            return !alreadyReplied
        }
    }
}

/// Writes a warning line to standard error.
func writeWarning(_ message: String) {
    let line = "GLibBridge-WARNING: \(message)\n"
    line.withCString { _ = write(2, $0, strlen($0)) }
}
