/// A JSON value with ordered object members, and its serialisation.
public indirect enum PrintedJSON: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    /// A string from the bus: cut at `TerminalText.maxLength` scalars, ending with
    /// `…[N more characters]`, as in text output.
    case string(String)
    /// A text orientctl read itself (a configuration file, at most 4 MiB): never cut.
    case fileText(String)
    case array([PrintedJSON])
    /// Members in the order given.
    case object([(String, PrintedJSON)])

    /// The text: pretty (two-space indents, one member per line) or on one line.
    public func serialized(pretty: Bool) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        let closing = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .uint(let value): out += String(value)
        case .double(let value): out += value.isFinite ? "\(value)" : "null"
        case .string(let value): out += PrintedJSON.quoted(TerminalText.cut(value))
        case .fileText(let value): out += PrintedJSON.quoted(value)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "["
            for (index, element) in elements.enumerated() {
                out += (index == 0 ? "" : ",") + newline
                element.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            out += closing + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                out += (index == 0 ? "" : ",") + newline + PrintedJSON.quoted(key) + (pretty ? ": " : ":")
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            out += closing + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
