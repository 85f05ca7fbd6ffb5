import CGio
import GLibBridge
import Glibc

/// A GLib key file (the desktop-entry format), for the state file and the configuration files.
final class KeyFile {
    let raw: OpaquePointer

    init() { raw = g_key_file_new()! }
    deinit { g_key_file_free(raw) }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `bytes`; comments are dropped.
    convenience init(parsing bytes: [UInt8]) throws(ParseError) {
        self.init()
        var error: UnsafeMutablePointer<GError>?
        var text = bytes.map { CChar(bitPattern: $0) }
        text.append(0)
        let ok = g_key_file_load_from_data(raw, text, gsize(bytes.count), GLibFlags.keyFileNone, &error)
        guard ok != 0 else { throw ParseError(description: Self.takeMessage(&error)) }
    }

    var groups: [String] {
        var length: gsize = 0
        guard let list = g_key_file_get_groups(raw, &length) else { return [] }
        defer { g_strfreev(list) }
        return (0..<Int(length)).map { String(cString: list[$0]!) }
    }

    func keys(_ group: String) -> [String] {
        var length: gsize = 0
        guard let list = g_key_file_get_keys(raw, group, &length, nil) else { return [] }
        defer { g_strfreev(list) }
        return (0..<Int(length)).map { String(cString: list[$0]!) }
    }

    func has(_ group: String, _ key: String) -> Bool { g_key_file_has_key(raw, group, key, nil) != 0 }

    func bool(_ group: String, _ key: String) throws(ParseError) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let result = g_key_file_get_boolean(raw, group, key, &error)
        if error != nil { throw ParseError(description: Self.takeMessage(&error)) }
        return result != 0
    }

    /// An unsigned value up to `maximum`.
    func uint(_ group: String, _ key: String, maximum: UInt32) throws(ParseError) -> UInt32 {
        let text = try string(group, key)
        guard let value = UInt64(text.trimmingWhitespace()), value <= UInt64(maximum) else {
            throw ParseError(description: "'\(text)' is not a whole number from 0 to \(maximum)")
        }
        return UInt32(value)
    }

    func string(_ group: String, _ key: String) throws(ParseError) -> String {
        var error: UnsafeMutablePointer<GError>?
        guard let value = g_key_file_get_string(raw, group, key, &error) else {
            throw ParseError(description: Self.takeMessage(&error))
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    func strings(_ group: String, _ key: String) throws(ParseError) -> [String] {
        var error: UnsafeMutablePointer<GError>?
        var length: gsize = 0
        guard let list = g_key_file_get_string_list(raw, group, key, &length, &error) else {
            if error == nil { return [] }
            throw ParseError(description: Self.takeMessage(&error))
        }
        defer { g_strfreev(list) }
        return (0..<Int(length)).map { String(cString: list[$0]!) }.filter { !$0.isEmpty }
    }

    func set(_ group: String, _ key: String, bool value: Bool) { g_key_file_set_boolean(raw, group, key, value ? 1 : 0) }
    func set(_ group: String, _ key: String, string value: String) { g_key_file_set_string(raw, group, key, value) }
    func set(_ group: String, _ key: String, uint value: UInt32) { g_key_file_set_uint64(raw, group, key, guint64(value)) }
    func set(_ group: String, _ key: String, strings value: [String]) {
        let copies = value.map { UnsafePointer<gchar>(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        copies.withUnsafeBufferPointer { g_key_file_set_string_list(raw, group, key, $0.baseAddress, gsize(value.count)) }
    }

    /// The file's text.
    var data: [UInt8] {
        var length: gsize = 0
        guard let text = g_key_file_to_data(raw, &length, nil) else { return [] }
        defer { g_free(text) }
        return Array(UnsafeRawBufferPointer(start: text, count: Int(length)))
    }

    static func takeMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }
}
