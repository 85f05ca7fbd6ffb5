import GLibBridge
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

    init(_ contract: ContractXML) {
        manager = MethodTable(contract.manager)
        scene = MethodTable(contract.scene)
        expensive = [manager.id(of: .getAppPolicies), scene.id(of: .getControllers),
                     contract.objectManager.method("GetManagedObjects")].compactMap { $0 }
    }
}
