/// Reading an X11 client window's properties, which any X client can set to anything: every
/// value is bounded when asked for (the request's length), and checked here before it
/// becomes an app id. Bad values are refused with a reason that shows them escaped.
enum X11WindowProperties {
    /// The longest app id taken (a D-Bus name's limit); a longer one is refused.
    static let maximumAppIdBytes = 255
    /// Bytes asked for `_GTK_APPLICATION_ID`: one more than an app id may hold, so that a
    /// longer value shows as truncated.
    static let appIdRequestBytes = UInt32(maximumAppIdBytes + 1)
    /// Bytes asked for `WM_CLASS` (instance and class, each NUL-terminated).
    static let windowClassRequestBytes = UInt32(2 * (maximumAppIdBytes + 1))
    /// Atoms asked for in `_NET_WM_STATE`: EWMH defines 13.
    static let maximumStateAtoms: UInt32 = 64

    /// An app id from a text property: nil when absent; otherwise the text or why it is refused.
    static func appId(_ value: X11PropertyValue?, utf8: UInt32) -> Result<String, Refusal>? {
        guard let value else { return nil }
        guard value.format == 8 else { return .failure(Refusal("a \(value.format)-bit value, not text")) }
        guard !value.truncated else { return .failure(Refusal("longer than \(maximumAppIdBytes) bytes: '\(escaped(value.bytes))…'")) }
        var bytes = value.bytes
        while bytes.last == 0 { bytes.removeLast() }
        return text(bytes, isUTF8: value.type == utf8)
    }

    /// The class half of `WM_CLASS` ("instance\0class\0"): nil when absent; otherwise the
    /// class or why it is refused.
    static func windowClass(_ value: X11PropertyValue?, utf8: UInt32) -> Result<String, Refusal>? {
        guard let value else { return nil }
        guard value.format == 8 else { return .failure(Refusal("a \(value.format)-bit value, not text")) }
        guard !value.truncated else { return .failure(Refusal("longer than \(windowClassRequestBytes) bytes: '\(escaped(value.bytes))…'")) }
        let parts = value.bytes.split(separator: 0, omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return .failure(Refusal("no class after the instance name: '\(escaped(value.bytes))'")) }
        return text(Array(parts[1]), isUTF8: value.type == utf8)
    }

    /// Whether `_NET_WM_STATE` holds `hidden` (minimized) and `fullscreen`.
    static func state(_ value: X11PropertyValue?, hidden: UInt32, fullscreen: UInt32) -> (minimized: Bool, fullscreen: Bool) {
        let atoms = value?.words ?? []
        return (atoms.contains(hidden), atoms.contains(fullscreen))
    }

    /// The first window of a WINDOW-valued property, nil for none.
    static func window(_ value: X11PropertyValue?) -> UInt32? {
        value?.words.first.flatMap { $0 == 0 ? nil : $0 }
    }

    /// Text: 1–255 bytes, valid UTF-8 (`UTF8_STRING`) or Latin-1 (`STRING`), no control characters.
    private static func text(_ bytes: [UInt8], isUTF8: Bool) -> Result<String, Refusal> {
        guard !bytes.isEmpty else { return .failure(Refusal("empty")) }
        guard bytes.count <= maximumAppIdBytes else { return .failure(Refusal("longer than \(maximumAppIdBytes) bytes: '\(escaped(bytes))…'")) }
        let string: String
        if isUTF8 {
            guard let decoded = String(validating: bytes, as: UTF8.self) else { return .failure(Refusal("not UTF-8: '\(escaped(bytes))'")) }
            string = decoded
        } else {
            string = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        guard !string.unicodeScalars.contains(where: isControl) else {
            return .failure(Refusal("it holds control characters: '\(escaped(bytes))'"))
        }
        return .success(string)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// At most 64 bytes of `bytes` for a log line: printable ASCII as is, anything else `\xHH`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        for byte in bytes.prefix(64) {
            if (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return bytes.count > 64 ? out + "…" : out
    }

    /// Why a property's value is not taken.
    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
