import Foundation
import GLibBridge
import ProcessSupport

/// What the tests read from the contract's XML in dbus/, the source of truth, instead of
/// listing it again by hand: a member added to the XML reaches every test that counts or
/// lists members, without an edit there. Read from the XML, not from OrientationWire or
/// the core, so the tests keep spelling the contract independently of the service.
public enum ContractXML {
    /// The annotation that marks each method `app` or `administrator`.
    public static let accessAnnotation = "io.github.orientd.Access"

    /// The text of the contract file `name` in the source tree's dbus/ folder.
    public static func text(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("dbus").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The interface `name` as its file (`dbus/<name>.xml`) describes it.
    public static func interface(_ name: String) throws -> InterfaceInfo {
        try InterfaceInfo(xml: text(name + ".xml"), name: name)
    }

    /// The scene's properties, in the XML's order (the order orientd and orientctl show them in).
    public static var sceneProperties: [String] {
        get throws { try interface(Contract.sceneInterface).propertyNames }
    }

    /// The manager's properties, in the XML's order.
    public static var managerProperties: [String] {
        get throws { try interface(Contract.managerInterface).propertyNames }
    }

    /// Each method of both interfaces with its access annotation (nil: none).
    public static func methodAccess() throws -> [(method: String, access: String?)] {
        try [Contract.managerInterface, Contract.sceneInterface].flatMap { name in
            let info = try interface(name)
            return info.methodNames.map { ($0, info.methodAnnotation($0, accessAnnotation)) }
        }
    }

    /// The methods the XML marks administrator.
    public static var administratorMethods: [String] {
        get throws { try methodAccess().filter { $0.access == "administrator" }.map(\.method) }
    }

    /// What the manager's `Version` documentation says the interface's version is ("The
    /// version of this interface: N."): the number a running orientd, `--version` and
    /// orientctl are checked against, so that a version bump is the XML and the core's
    /// `ManagerSnapshot.version`, and no test.
    public static var interfaceVersion: UInt32 {
        get throws {
            let lead = "The version of this interface: "
            let xml = try text(Contract.managerInterface + ".xml")
            guard let start = xml.range(of: lead)?.upperBound, let version = UInt32(xml[start...].prefix(while: \.isNumber)) else {
                throw ProcessSupportError("dbus/\(Contract.managerInterface).xml's Version documentation does not say \"\(lead)N.\"")
            }
            return version
        }
    }
}
