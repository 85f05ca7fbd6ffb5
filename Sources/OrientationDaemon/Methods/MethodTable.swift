import GLibBridge
import OrientationCore
import OrientationWire

/// Finds which method a call is by its `MethodID` (a pointer comparison per method), so
/// dispatch compares no strings: every call passes through it.
struct MethodTable<Method: RawRepresentable & CaseIterable> where Method.RawValue == String {
    private let entries: [(id: MethodID, method: Method)]

    /// The methods of `Method` that `interface` declares (a name missing from the XML is
    /// never called: GDBus refuses it).
    init(_ interface: InterfaceInfo) {
        entries = Method.allCases.compactMap { method in interface.method(method.rawValue).map { ($0, method) } }
    }

    /// The method `call` is, or nil (a method of the XML orientd does not know).
    func method(of call: MethodInvocation) -> Method? {
        for entry in entries where entry.id == call.method { return entry.method }
        return nil
    }

    /// The identity of `method`, if the interface declares it.
    func id(of method: Method) -> MethodID? {
        for entry in entries where entry.method == method { return entry.id }
        return nil
    }
}

/// The method tables of the interfaces orientd exports.
struct ContractMethods {
    let manager: MethodTable<ManagerMethod>
    let scene: MethodTable<SceneMethod>
    /// The calls whose reply grows with the state, which the CallQueue serves in turn.
    let expensive: [MethodID]
    /// The methods the XML marks `administrator` (or leaves unmarked), which a sandboxed app
    /// may call only when the administrator trusts it.
    let administrator: [MethodID]
    /// Methods without a valid access annotation (taken as administrator methods).
    let unmarked: [String]

    /// The annotation that marks each method `app` or `administrator`.
    static let accessAnnotation = "io.github.orientd.Access"

    /// The access class the XML gives `method` of `interface`; nil when unmarked or invalid.
    static func access(of method: String, in interface: InterfaceInfo) -> MethodAccess? {
        interface.methodAnnotation(method, accessAnnotation).flatMap(MethodAccess.init(rawValue:))
    }

    init(_ contract: ContractXML) {
        manager = MethodTable(contract.manager)
        scene = MethodTable(contract.scene)
        var administrator: [MethodID] = []
        var unmarked: [String] = []
        for interface in [contract.manager, contract.scene] {
            for name in interface.methodNames {
                let access = Self.access(of: name, in: interface)
                if access == nil { unmarked.append(interface.name + "." + name) }
                if access != .app, let id = interface.method(name) { administrator.append(id) }
            }
        }
        self.administrator = administrator
        self.unmarked = unmarked
        expensive = [manager.id(of: .getAppPolicies), scene.id(of: .getControllers),
                     contract.objectManager.method("GetManagedObjects")].compactMap { $0 }
    }

    /// Whether `call` is an administrator method (a pointer comparison per such method).
    func isAdministrator(_ call: MethodInvocation) -> Bool { administrator.contains(call.method) }
}
