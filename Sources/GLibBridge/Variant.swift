import CGio

/// An owned reference to an immutable GVariant.
///
/// Creating a `Variant` sinks a floating reference (or adopts a full one); `deinit` drops it.
/// GVariants never change after construction, so a `Variant` may be shared between threads.
public final class Variant: Sendable {
    let handle: GHandle

    /// The GVariant, owned by this object. Valid while the `Variant` is alive.
    public var raw: OpaquePointer { handle.raw }

    /// Takes ownership of a GVariant returned with transfer full, or a new floating one.
    public init(adopting raw: OpaquePointer) {
        handle = GHandle(g_variant_take_ref(raw))
    }

    /// Takes a new reference to a GVariant the caller does not own (transfer none).
    public init(borrowing raw: OpaquePointer) {
        handle = GHandle(g_variant_ref_sink(raw))
    }

    deinit { g_variant_unref(handle.raw) }

    /// The GVariant type string, such as `s`, `a{sv}` or `(ostsss)`.
    public var typeString: String { copyCString(g_variant_get_type_string(raw)) }

    /// Whether the value has the type `typeString` (which may be indefinite, such as `a*`).
    public func isOfType(_ typeString: String) -> Bool {
        withVariantType(typeString) { g_variant_is_of_type(raw, $0) != 0 }
    }

    /// The value in GVariant text format; with `annotated`, with type annotations where the
    /// text alone would be ambiguous (what `Variant(parsing:)` needs for an exact round trip).
    public func text(annotated: Bool = false) -> String {
        takeCString(g_variant_print(raw, annotated ? 1 : 0))
    }

    /// Parses GVariant text format, such as `{'a': <uint32 1>}` or `@as []`.
    ///
    /// - Parameter type: the expected type, when the text alone leaves it open.
    /// - Throws: `DBusError` named `org.freedesktop.DBus.Error.InvalidArgs` on a syntax error.
    public convenience init(parsing text: String, type: String? = nil) throws(DBusError) {
        var error: UnsafeMutablePointer<GError>? = nil
        let parsed = withOptionalVariantType(type) { type in
            g_variant_parse(type, text, nil, nil, &error)
        }
        guard let parsed else {
            let message = error.map { copyCString($0.pointee.message) } ?? "cannot parse"
            g_clear_error(&error)
            throw DBusError(name: DBusError.invalidArgs, message: "GVariant text '\(text)': \(message)")
        }
        self.init(adopting: parsed)
    }
}

extension Variant: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value in GVariant text format (`g_variant_print` without annotations).
    public var description: String { text() }
    public var debugDescription: String { "Variant(\(typeString): \(text(annotated: true)))" }
}

extension Variant: Equatable {
    /// Deep equality of type and value (`g_variant_equal`).
    public static func == (lhs: Variant, rhs: Variant) -> Bool {
        g_variant_equal(gconstpointer(lhs.raw), gconstpointer(rhs.raw)) != 0
    }
}
