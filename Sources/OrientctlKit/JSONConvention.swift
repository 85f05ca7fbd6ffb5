/// orientctl's one JSON convention, for every verb's `--json` (documented in orientctl(1)):
///
/// - keys are lowerCamelCase: D-Bus property names lose their capital (`InterfaceOrientation`
///   → `interfaceOrientation`), the contract's dashed keys are joined (`app-id` → `appId`,
///   `supported-orientations` → `supportedOrientations`);
/// - a scene is named by `path` (its object path) and `number`;
/// - a value that names nothing (no deciding controller, no parent, no preferred
///   orientation, no app policy) is `null`, never `""`;
/// - values keep the contract's words (`landscape-left`, `orientation-changed`).
public enum JSONConvention {
    /// `DeviceOrientation` → `deviceOrientation`, `app-id` → `appId`, `time-usec` → `timeUsec`.
    public static func key(_ name: String) -> String {
        var out = ""
        var upperNext = false
        for character in name {
            if character == "-" || character == "_" {
                upperNext = !out.isEmpty
                continue
            }
            if out.isEmpty {
                out += character.lowercased()
            } else {
                out += upperNext ? character.uppercased() : String(character)
            }
            upperNext = false
        }
        return out
    }

    /// Whether `key` follows the convention: a lowercase letter, then letters and digits.
    public static func isConventional(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// A string value, or `null` when it is empty.
    public static func text(_ value: String) -> PrintedJSON { value.isEmpty ? .null : .string(value) }

    /// `path` and `number` of a scene.
    public static func scene(_ path: String) -> [(String, PrintedJSON)] {
        [("path", .string(path)), ("number", SceneReference.number(of: path).map(PrintedJSON.uint) ?? .null)]
    }
}

extension PrintedJSON {
    /// Every object key in the value, recursively, for the convention's test.
    public var allKeys: [String] {
        switch self {
        case .array(let elements): return elements.flatMap(\.allKeys)
        case .object(let members): return members.flatMap { [$0.0] + $0.1.allKeys }
        default: return []
        }
    }
}
