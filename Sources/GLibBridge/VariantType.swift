import CGio

/// Whether `typeString` is one complete GVariant type string, such as `s` or `a{sv}`.
public func isValidVariantType(_ typeString: String) -> Bool {
    var end: UnsafePointer<gchar>? = nil
    return typeString.withCString { start in
        g_variant_type_string_scan(start, nil, &end) != 0 && end?.pointee == 0
    }
}

/// Runs `body` with a GVariantType built from `typeString`, freed afterwards.
///
/// Uses `g_variant_type_new` on purpose: `G_VARIANT_TYPE(swiftString)` would keep a pointer
/// to a temporary copy of the Swift string.
func withVariantType<R, E: Error>(
    _ typeString: String, _ body: (OpaquePointer) throws(E) -> R
) throws(E) -> R {
    let type = typeString.withCString { start -> OpaquePointer in
        var end: UnsafePointer<gchar>? = nil
        precondition(g_variant_type_string_scan(start, nil, &end) != 0 && end?.pointee == 0,
                     "invalid GVariant type string '\(typeString)'")
        return g_variant_type_new(start)
    }
    defer { g_variant_type_free(type) }
    return try body(type)
}

/// Like `withVariantType`, passing nil through.
func withOptionalVariantType<R, E: Error>(
    _ typeString: String?, _ body: (OpaquePointer?) throws(E) -> R
) throws(E) -> R {
    guard let typeString else { return try body(nil) }
    return try withVariantType(typeString) { (type) throws(E) -> R in try body(type) }
}

/// `string.withCString(body)`, or `body(nil)` for nil.
func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
