import CGio
import GLibBridge
import Foundation
import TestSupport

/// One member of an interface as introspection XML describes it, in a form that the XML files,
/// the live Introspect data and busctl's table can all be reduced to and compared.
struct MemberDescription: Equatable, CustomStringConvertible {
    enum Kind: String { case method, property, signal }
    var kind: Kind
    var name: String
    /// Methods: the in-arguments' signature; properties: the type; signals: the arguments'.
    var signature: String
    /// Methods: the out-arguments' signature; "" otherwise.
    var result: String = ""
    /// Argument names, in order ("in:" / "out:" for methods); empty when not compared.
    var argumentNames: [String] = []
    /// Properties: the access ("read"); the EmitsChangedSignal annotation ("true", "const", ...).
    var access: String = ""
    var emitsChanged: String = ""

    var description: String {
        "\(kind.rawValue) \(name)(\(signature)) → (\(result)) args \(argumentNames) \(access) \(emitsChanged)"
    }
}

/// Reads interfaces from introspection XML with GIO's own parser (GDBusNodeInfo).
enum InterfaceDescription {
    /// The members of `interface` in `xml`, sorted by kind and name.
    static func members(of interface: String, in xml: String) throws -> [MemberDescription] {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            throw DescriptionError("introspection XML does not parse: \(message)")
        }
        defer { g_dbus_node_info_unref(node) }
        guard let info = g_dbus_node_info_lookup_interface(node, interface) else {
            throw DescriptionError("no interface \(interface) in the XML")
        }
        var result: [MemberDescription] = []
        for method in elements(info.pointee.methods) {
            let inArgs = elements(method.pointee.in_args)
            let outArgs = elements(method.pointee.out_args)
            result.append(MemberDescription(
                kind: .method, name: String(cString: method.pointee.name),
                signature: inArgs.map { String(cString: $0.pointee.signature) }.joined(),
                result: outArgs.map { String(cString: $0.pointee.signature) }.joined(),
                argumentNames: inArgs.map { "in:" + String(cString: $0.pointee.name) }
                    + outArgs.map { "out:" + String(cString: $0.pointee.name) }))
        }
        for signal in elements(info.pointee.signals) {
            let args = elements(signal.pointee.args)
            result.append(MemberDescription(
                kind: .signal, name: String(cString: signal.pointee.name),
                signature: args.map { String(cString: $0.pointee.signature) }.joined(),
                argumentNames: args.map { String(cString: $0.pointee.name) }))
        }
        for property in elements(info.pointee.properties) {
            let flags = property.pointee.flags.rawValue
            let readable = flags & GLibFlags.propertyReadable.rawValue != 0
            let writable = flags & GLibFlags.propertyWritable.rawValue != 0
            let emits = g_dbus_annotation_info_lookup(property.pointee.annotations,
                                                      "org.freedesktop.DBus.Property.EmitsChangedSignal")
            result.append(MemberDescription(
                kind: .property, name: String(cString: property.pointee.name),
                signature: String(cString: property.pointee.signature),
                access: readable && writable ? "readwrite" : writable ? "write" : "read",
                emitsChanged: emits.map { String(cString: $0) } ?? "true"))
        }
        return sorted(result)
    }

    /// The members of one interface in `busctl introspect` output (name, type, signature,
    /// result, flags). Argument names and access are not in that table and stay empty.
    static func members(of interface: String, inBusctlTable table: String) -> [MemberDescription] {
        var result: [MemberDescription] = []
        var inside = false
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard fields.count >= 5 else { continue }
            if fields[1] == "interface" {
                inside = fields[0] == interface
                continue
            }
            guard inside, fields[0].hasPrefix("."), let kind = MemberDescription.Kind(rawValue: fields[1]) else { continue }
            let signature = fields[2] == "-" ? "" : fields[2]
            var member = MemberDescription(kind: kind, name: String(fields[0].dropFirst()), signature: signature)
            switch kind {
            case .method:
                member.result = fields[3] == "-" ? "" : fields[3]
                member.emitsChanged = fields.last!  // method flags, "-" when none
            case .property:
                let flag = fields.last!
                member.emitsChanged = flag == "emits-change" ? "true" : flag == "emits-invalidation" ? "invalidates" : flag
            case .signal:
                member.emitsChanged = fields.last!  // "-" when none
            }
            result.append(member)
        }
        return sorted(result)
    }

    /// The XML as busctl's table shows it: no argument names nor access; methods and signals
    /// with no flags ("-").
    static func asBusctlShowsIt(_ members: [MemberDescription]) -> [MemberDescription] {
        members.map { member in
            var shown = member
            shown.argumentNames = []
            shown.access = ""
            if member.kind != .property { shown.emitsChanged = "-" }
            return shown
        }
    }

    /// The contract's XML file `name` in the source tree's dbus/ folder.
    static func contractXML(_ name: String) throws -> String { try ContractXML.text(name) }

    private static func sorted(_ members: [MemberDescription]) -> [MemberDescription] {
        members.sorted { ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name) }
    }

    private static func elements<T>(_ array: UnsafeMutablePointer<UnsafeMutablePointer<T>?>?) -> [UnsafeMutablePointer<T>] {
        guard let array else { return [] }
        var result: [UnsafeMutablePointer<T>] = []
        var index = 0
        while let element = array[index] {
            result.append(element)
            index += 1
        }
        return result
    }
}

struct DescriptionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
