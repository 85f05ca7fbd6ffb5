import CGio

extension Variant {
    /// Whether the value is a container (array, tuple, dictionary entry, maybe or variant box).
    public var isContainer: Bool { withRaw { g_variant_is_container($0) != 0 } }

    /// The number of children of a container; 0 for a basic value.
    public var childCount: Int { isContainer ? withRaw { Int(g_variant_n_children($0)) } : 0 }

    /// The child at `index` of a container (an array element, a tuple field, ...).
    public func child(at index: Int) -> Variant {
        precondition(index >= 0 && index < childCount, "child \(index) of a \(typeString) with \(childCount)")
        return withRaw { Variant(adopting: g_variant_get_child_value($0, gsize(index))) }
    }

    /// All children of a container, in order; `[]` for a basic value.
    public var children: [Variant] { (0..<childCount).map { child(at: $0) } }

    /// The text of a string, object path or signature (`s`, `o`, `g`); nil for other types.
    public var string: String? {
        guard isOfType("s") || isOfType("o") || isOfType("g") else { return nil }
        return withRaw { Variant.swiftString(g_variant_get_string($0, nil)) }
    }

    /// The value of a `b`; nil for other types.
    public var bool: Bool? { isOfType("b") ? withRaw { g_variant_get_boolean($0) != 0 } : nil }
    /// The value of a `u`; nil for other types.
    public var uint32: UInt32? { isOfType("u") ? withRaw { g_variant_get_uint32($0) } : nil }
    /// The value of an `i`; nil for other types.
    public var int32: Int32? { isOfType("i") ? withRaw { g_variant_get_int32($0) } : nil }
    /// The value of a `t`; nil for other types.
    public var uint64: UInt64? { isOfType("t") ? withRaw { UInt64(g_variant_get_uint64($0)) } : nil }
    /// The value of an `x`; nil for other types.
    public var int64: Int64? { isOfType("x") ? withRaw { Int64(g_variant_get_int64($0)) } : nil }
    /// The value of a `d`; nil for other types.
    public var double: Double? { isOfType("d") ? withRaw { g_variant_get_double($0) } : nil }

    /// The elements of an `as`, `ao` or `ag`; nil for other types.
    public var stringArray: [String]? {
        guard isOfType("as") || isOfType("ao") || isOfType("ag") else { return nil }
        return children.map { $0.string! }
    }

    /// The value inside a variant box (`v`); nil for other types.
    public var unboxed: Variant? {
        isOfType("v") ? withRaw { Variant(adopting: g_variant_get_variant($0)) } : nil
    }

    /// The entries of any dictionary (`a{..}`), in encoded order; nil for other types.
    public var dictionaryEntries: [(key: Variant, value: Variant)]? {
        guard isOfType("a{?*}") else { return nil }
        return children.map { (key: $0.child(at: 0), value: $0.child(at: 1)) }
    }

    /// A string-keyed dictionary (`a{s*}`) as Swift; values as they are (a `v` stays boxed).
    /// Nil for other types. A repeated key keeps its last value.
    public var stringDictionary: [String: Variant]? {
        guard isOfType("a{s*}"), let entries = dictionaryEntries else { return nil }
        var result: [String: Variant] = [:]
        for entry in entries { result[entry.key.string!] = entry.value }
        return result
    }

    /// A vardict (`a{sv}`) with each value unboxed; nil for other types.
    public var vardict: [String: Variant]? {
        guard isOfType("a{sv}") else { return nil }
        return stringDictionary?.mapValues { $0.unboxed! }
    }

    private static func swiftString(_ pointer: UnsafePointer<gchar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
