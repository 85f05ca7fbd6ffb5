import CGio
import GLibBridge
import OrientationCore

/// Per-call bounds, checked on the GVariant before anything is decoded into Swift values, so
/// that an oversized call costs a few pointer reads, not memory in proportion to its size:
/// - every array (orientation lists, option and property dictionaries) holds at most
///   `maxArrayEntries` entries (the contract's longest legal list has 7 names, its largest
///   dictionary 9 keys);
/// - the whole argument list is at most `maxCallBytes` bytes serialized.
/// A call past a bound is refused with `LimitExceeded`, naming the argument and the bound.
enum CallBounds {
    static let maxArrayEntries = 32
    static let maxCallBytes = 1 << 20

    /// The refusal for `parameters` (a call's argument tuple), or nil when it is within bounds.
    static func refusal(_ parameters: Variant, method: String) -> OrientationError? {
        parameters.withRaw { tuple in
            let count = g_variant_n_children(tuple)
            for index in 0..<count {
                let argument = g_variant_get_child_value(tuple, index)!
                defer { g_variant_unref(argument) }
                if let refusal = check(argument, what: "argument \(index + 1) of \(method)", depth: 0) { return refusal }
            }
            // Arrays are short now, so computing the size walks little.
            let size = Int(g_variant_get_size(tuple))
            guard size <= maxCallBytes else {
                return .limitExceeded("The arguments of \(method) are \(size) bytes; the limit is \(maxCallBytes) bytes per call")
            }
            return nil
        }
    }

    /// `what` names the value in a refusal; it is built only for one (this runs on every call).
    private static func check(_ value: OpaquePointer, what: @autoclosure () -> String, depth: Int) -> OrientationError? {
        guard depth < 4 else { return nil }
        let kind = g_variant_classify(value).rawValue
        if kind == UInt32(UInt8(ascii: "v")) {
            let inner = g_variant_get_variant(value)!
            defer { g_variant_unref(inner) }
            return check(inner, what: what(), depth: depth + 1)
        }
        guard g_variant_is_container(value) != 0 else { return nil }
        let count = g_variant_n_children(value)
        if kind == UInt32(UInt8(ascii: "a")), count > maxArrayEntries {
            return .limitExceeded("The \(what()) has \(count) entries; the limit is \(maxArrayEntries) entries per array (duplicates count too)")
        }
        for index in 0..<min(count, gsize(maxArrayEntries)) {
            let child = g_variant_get_child_value(value, index)!
            defer { g_variant_unref(child) }
            if let refusal = check(child, what: name(of: child, in: what()), depth: depth + 1) { return refusal }
        }
        return nil
    }

    /// "key 'k' in the …" for a dictionary entry with a string key, else `what`.
    private static func name(of child: OpaquePointer, in what: String) -> String {
        guard g_variant_classify(child).rawValue == UInt32(UInt8(ascii: "{")) else { return what }
        let key = g_variant_get_child_value(child, 0)!
        defer { g_variant_unref(key) }
        guard g_variant_classify(key).rawValue == UInt32(UInt8(ascii: "s")) else { return what }
        let text = String(cString: g_variant_get_string(key, nil)).unicodeScalars
            .filter { !ControlCharacters.isControl($0) && !ControlCharacters.isFormatControl($0) }.prefix(64)
        return "key '\(String(String.UnicodeScalarView(text)))' in the \(what)"
    }
}
