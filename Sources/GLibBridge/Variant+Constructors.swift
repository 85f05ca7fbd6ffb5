import CGio

/// A new floating string GVariant. Through `withCString`, which hands C the String's own
/// bytes (or a stack copy of a small one): Swift's implicit String-to-pointer conversion
/// copies the string into a new array at every call (~700 instructions each).
@inline(__always)
func newStringVariant(_ value: String) -> OpaquePointer {
    value.withCString { g_variant_new_string($0) }
}

extension Variant {
    /// A string (`s`).
    public convenience init(string value: String) { self.init(adopting: newStringVariant(value)) }
    /// A boolean (`b`).
    public convenience init(bool value: Bool) { self.init(adopting: g_variant_new_boolean(value ? 1 : 0)) }
    /// An unsigned 32-bit integer (`u`).
    public convenience init(uint32 value: UInt32) { self.init(adopting: g_variant_new_uint32(value)) }
    /// A signed 32-bit integer (`i`).
    public convenience init(int32 value: Int32) { self.init(adopting: g_variant_new_int32(value)) }
    /// An unsigned 64-bit integer (`t`).
    public convenience init(uint64 value: UInt64) { self.init(adopting: g_variant_new_uint64(guint64(value))) }
    /// A signed 64-bit integer (`x`).
    public convenience init(int64 value: Int64) { self.init(adopting: g_variant_new_int64(gint64(value))) }
    /// A double (`d`).
    public convenience init(double value: Double) { self.init(adopting: g_variant_new_double(value)) }

    /// An object path (`o`). The path must be valid (see `Variant.isValidObjectPath`).
    public convenience init(objectPath value: String) {
        let raw = value.withCString { path -> OpaquePointer in
            precondition(g_variant_is_object_path(path) != 0, "invalid D-Bus object path '\(value)'")
            return g_variant_new_object_path(path)
        }
        self.init(adopting: raw)
    }

    /// Whether `path` is a valid D-Bus object path.
    public static func isValidObjectPath(_ path: String) -> Bool { path.withCString { g_variant_is_object_path($0) != 0 } }

    /// An array of strings (`as`), built in one pass: no object per element.
    public convenience init(strings: [String]) {
        let raw = withVariantType("s") { type in
            // Floating children: g_variant_new_array takes them over.
            strings.map { newStringVariant($0) as OpaquePointer? }.withUnsafeBufferPointer { children in
                g_variant_new_array(type, children.baseAddress, gsize(children.count))
            }
        }
        self.init(adopting: raw!)
    }

    /// An array of object paths (`ao`).
    public convenience init(objectPaths: [String]) {
        self.init(arrayOf: "o", objectPaths.map { Variant(objectPath: $0) })
    }

    /// A tuple of the given values, such as `(so)`; `[]` gives the empty tuple `()`.
    public convenience init(tuple elements: [Variant]) {
        // The elements must outlive the C call: Swift may release them after their last use.
        let raw = withExtendedLifetime(elements) {
            elements.map { $0.raw as OpaquePointer? }.withUnsafeBufferPointer { children in
                g_variant_new_tuple(children.baseAddress, gsize(children.count))
            }
        }
        self.init(adopting: raw!)
    }

    /// A tuple of three values, such as `(sss)` from strings built once and kept: no array,
    /// and no new child (g_variant_new_tuple takes a reference to each).
    public convenience init(tupleOf first: Variant, _ second: Variant, _ third: Variant) {
        let raw = withExtendedLifetime((first, second, third)) { () -> OpaquePointer? in
            var children: (OpaquePointer?, OpaquePointer?, OpaquePointer?) = (first.raw, second.raw, third.raw)
            return withUnsafePointer(to: &children) {
                $0.withMemoryRebound(to: OpaquePointer?.self, capacity: 3) { g_variant_new_tuple($0, 3) }
            }
        }
        self.init(adopting: raw!)
    }

    /// A variant box (`v`) holding `value`.
    public convenience init(boxing value: Variant) {
        self.init(adopting: value.withRaw { g_variant_new_variant($0) })
    }

    /// An array of `elementType` elements, such as `Variant(arrayOf: "(sass)", steps)`.
    /// Every element must have that type; the array may be empty.
    public convenience init(arrayOf elementType: String, _ elements: [Variant]) {
        let raw = withExtendedLifetime(elements) { withVariantType(elementType) { type in
            for element in elements {
                precondition(g_variant_is_of_type(element.raw, type) != 0,
                             "element of type \(element.typeString) in an array of \(elementType)")
            }
            return elements.map { $0.raw as OpaquePointer? }.withUnsafeBufferPointer { children in
                g_variant_new_array(type, children.baseAddress, gsize(children.count))
            }
        } }
        self.init(adopting: raw!)
    }

    /// A dictionary entry `{key value}`; `key` must be of a basic type (`s`, `o`, `u`, ...).
    public convenience init(dictEntry key: Variant, _ value: Variant) {
        self.init(adopting: withExtendedLifetime((key, value)) { g_variant_new_dict_entry(key.raw, value.raw) })
    }

    /// A string-keyed dictionary `a{s<valueType>}`, keys sorted for a deterministic encoding,
    /// such as `Variant(dictionary: policies, valueType: "a{sv}")` for `a{sa{sv}}`.
    public convenience init(dictionary: [String: Variant], valueType: String) {
        let entries = dictionary.keys.sorted().map { key in
            Variant(dictEntry: Variant(string: key), dictionary[key]!)
        }
        self.init(arrayOf: "{s\(valueType)}", entries)
    }

    /// A dictionary with keys of any basic type, in the given order, such as
    /// `Variant(dictionaryEntries: objects, keyType: "o", valueType: "a{sa{sv}}")`.
    public convenience init(dictionaryEntries: [(key: Variant, value: Variant)], keyType: String, valueType: String) {
        self.init(arrayOf: "{\(keyType)\(valueType)}", dictionaryEntries.map { Variant(dictEntry: $0.key, $0.value) })
    }

    /// A vardict (`a{sv}`), each value boxed in a `v`, keys sorted.
    public convenience init(vardict: [String: Variant]) {
        self.init(vardictEntries: vardict.keys.sorted().map { (key: $0, value: vardict[$0]!) })
    }

    /// A vardict (`a{sv}`) with the entries in the order given, each value boxed in a `v`,
    /// built in one pass: no object per entry.
    public convenience init(vardictEntries entries: [(key: String, value: Variant)]) {
        self.init(vardict: entries) { newStringVariant($0) }
    }

    /// The same with keys given as string values (`s`) built once and kept: no new key per
    /// entry (g_variant_new_dict_entry takes a reference to it).
    public convenience init(vardictKeyed entries: [(key: Variant, value: Variant)]) {
        self.init(vardict: entries) { $0.raw }
    }

    private convenience init<Key>(vardict entries: [(key: Key, value: Variant)], key: (Key) -> OpaquePointer) {
        let raw = withExtendedLifetime(entries) {
            withVariantType("{sv}") { type in
                // Floating entries (of a floating box): g_variant_new_array takes them over.
                entries.map { entry -> OpaquePointer? in
                    g_variant_new_dict_entry(key(entry.key), g_variant_new_variant(entry.value.raw))
                }.withUnsafeBufferPointer { children in
                    g_variant_new_array(type, children.baseAddress, gsize(children.count))
                }
            }
        }
        self.init(adopting: raw!)
    }
}
