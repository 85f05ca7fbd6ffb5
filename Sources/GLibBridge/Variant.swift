import CGio

/// An owned reference to an immutable GVariant.
///
/// Creating a `Variant` sinks a floating reference (or adopts a full one); `deinit` drops it.
/// GVariants never change after construction, so a `Variant` may be shared between threads.
public final class Variant: Sendable {
    let handle: GHandle

    /// The GVariant, owned by this object. Valid while the `Variant` is alive — and Swift may
    /// end an object's life right after its last use, even before a C call that got its
    /// pointer: use `withRaw` (or `withExtendedLifetime`) around C calls.
    public var raw: OpaquePointer { handle.raw }

    /// Runs `body` with the GVariant, keeping this object (and so the GVariant) alive until
    /// `body` returns.
    public func withRaw<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(self) { () throws(E) -> R in try body(handle.raw) }
    }

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
    public var typeString: String { withRaw { copyCString(g_variant_get_type_string($0)) } }

    /// Whether the value has the type `typeString` (which may be indefinite, such as `a*`).
    public func isOfType(_ typeString: String) -> Bool {
        // A basic type or "any tuple" is one class: no GVariantType to build and free.
        if let code = Self.classCode(of: typeString) {
            return withRaw { g_variant_classify($0).rawValue == code }
        }
        return withRaw { raw in withVariantType(typeString) { g_variant_is_of_type(raw, $0) != 0 } }
    }

    /// The GVariantClass (an ASCII code) that alone decides whether a value has this type:
    /// for one basic type letter, `v`, or `r` (any tuple). Nil for other type strings.
    private static func classCode(of typeString: String) -> UInt32? {
        var bytes = typeString.utf8.makeIterator()
        guard let byte = bytes.next(), bytes.next() == nil else { return nil }
        switch byte {
        case UInt8(ascii: "r"): return UInt32(UInt8(ascii: "("))
        case UInt8(ascii: "b"), UInt8(ascii: "y"), UInt8(ascii: "n"), UInt8(ascii: "q"), UInt8(ascii: "i"),
             UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "h"), UInt8(ascii: "d"),
             UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g"), UInt8(ascii: "v"):
            return UInt32(byte)
        default: return nil
        }
    }

    /// The value in GVariant text format; with `annotated`, with type annotations where the
    /// text alone would be ambiguous (what `Variant(parsing:)` needs for an exact round trip).
    public func text(annotated: Bool = false) -> String {
        withRaw { takeCString(g_variant_print($0, annotated ? 1 : 0)) }
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
        withExtendedLifetime((lhs, rhs)) { g_variant_equal(gconstpointer(lhs.raw), gconstpointer(rhs.raw)) != 0 }
    }
}
