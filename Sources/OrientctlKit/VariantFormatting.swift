import GLibBridge

/// Turns D-Bus values into orientctl's text and JSON.
public enum VariantFormatting {
    /// A value as `show` prints it (as `timedatectl show` does): strings bare, booleans
    /// `yes`/`no`, arrays of strings space-separated, numbers in decimal, anything else in
    /// GVariant text.
    public static func text(_ value: Variant) -> String {
        if let boxed = value.unboxed { return text(boxed) }
        if let bool = value.bool { return bool ? "yes" : "no" }
        if let strings = value.stringArray { return strings.joined(separator: " ") }
        if let string = value.string { return string }
        if let number = value.uint32 { return String(number) }
        if let number = value.int32 { return String(number) }
        if let number = value.uint64 { return String(number) }
        if let number = value.int64 { return String(number) }
        return value.text()
    }

    /// A value as JSON: booleans, numbers and strings as such, string-keyed dictionaries as
    /// objects (in their encoded order; a key that is a D-Bus member name, such as
    /// `SettingSources`' `SettleTime`, in lowerCamelCase), other arrays and tuples as arrays.
    public static func json(_ value: Variant) -> PrintedJSON {
        if let boxed = value.unboxed { return json(boxed) }
        if let bool = value.bool { return .bool(bool) }
        if let string = value.string { return .string(string) }
        if let number = value.uint32 { return .uint(UInt64(number)) }
        if let number = value.int32 { return .int(Int64(number)) }
        if let number = value.uint64 { return .uint(number) }
        if let number = value.int64 { return .int(number) }
        if let number = value.double { return .double(number) }
        if value.isOfType("a{s*}"), let entries = value.dictionaryEntries {
            return .object(entries.map { entry in
                let key = VariantFormatting.text(entry.key)
                let isMemberName = key.first?.isUppercase == true && key.allSatisfy { $0.isASCII && $0.isLetter }
                return (isMemberName ? JSONConvention.key(key) : key, json(entry.value))
            })
        }
        if value.isContainer { return .array(value.children.map(json)) }
        return .string(value.text())
    }

    /// Properties in `order` first, then any others by name, as JSON members: lowerCamelCase
    /// keys, and `null` for a string naming nothing (`JSONConvention`).
    public static func members(_ properties: [String: Variant], order: [String]) -> [(String, PrintedJSON)] {
        ordered(properties, order: order).map { (JSONConvention.key($0.name), propertyJSON($0.value)) }
    }

    /// A property's value as JSON: `null` for an empty string.
    public static func propertyJSON(_ value: Variant) -> PrintedJSON {
        let converted = json(value)
        if case .string(let text) = converted, text.isEmpty { return .null }
        return converted
    }

    /// Properties in `order` first, then any others by name.
    public static func ordered(_ properties: [String: Variant], order: [String]) -> [(name: String, value: Variant)] {
        let known = order.compactMap { name in properties[name].map { (name: name, value: $0) } }
        let extra = properties.keys.filter { !order.contains($0) }.sorted().map { (name: $0, value: properties[$0]!) }
        return known + extra
    }
}

/// Orientation masks in few words.
public enum MaskFormat {
    /// A mask in few words, with the contract's input shorthands `all` and `landscape` (plus
    /// any other single names), or the single names; `portrait,landscape` rather than
    /// `all-but-upside-down`, which reads worse. An empty mask is "none".
    public static func compact(_ names: [String], separator: String = ",") -> String {
        let set = Set(names)
        let landscape: Set = ["landscape-left", "landscape-right"]
        if set.isEmpty { return "none" }
        if set == ["portrait", "portrait-upside-down", "landscape-left", "landscape-right"] { return "all" }
        if landscape.isSubset(of: set) {
            let others = names.filter { !landscape.contains($0) }
            let first = others.filter { $0 == "portrait" }
            return (first + ["landscape"] + others.filter { $0 != "portrait" }).joined(separator: separator)
        }
        return names.joined(separator: separator)
    }
}
