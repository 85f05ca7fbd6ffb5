import GLibBridge
import OrientationCore
import OrientationWire

/// The method table: every method of the interface XML with its row (`MethodRow.manager`,
/// `MethodRow.scene`), found by its `MethodID` (GDBus's method description: a call is matched
/// without comparing names). Built from the XML and checked against it at start: a method of the
/// XML without a row, a row without a method, and a row whose access class is not the XML's are
/// `problems` (logged; `MethodTableTests` fails on them). The XML's access class is the one
/// applied.
struct MethodTable {
    /// A method of the XML: its row, and its access class as the XML says.
    struct Entry {
        let row: MethodRow
        let access: MethodAccess
    }

    /// The annotation that marks each method `app` or `administrator`.
    static let accessAnnotation = "io.github.orientd.Access"

    private let entries: [MethodID: Entry]
    /// The calls whose reply grows with the state, which the CallQueue serves in turn: the
    /// rows marked `queued`, and the ObjectManager's `GetManagedObjects`.
    let queued: [MethodID]
    /// What does not match between the XML and the rows, one sentence each.
    let problems: [String]

    init(_ contract: ContractXML, manager: [MethodRow] = MethodRow.manager, scene: [MethodRow] = MethodRow.scene) {
        // Sized once: growing the table on the way was a third of building it.
        var entries = [MethodID: Entry](minimumCapacity: manager.count + scene.count)
        var queued: [MethodID] = []
        var problems: [String] = []
        for (interface, rows) in [(contract.manager, manager), (contract.scene, scene)] {
            // Read from the C description once each (both are read for every method).
            let methodNames = interface.methodNames
            var rowsByName = [String: MethodRow](minimumCapacity: rows.count)
            for row in rows where rowsByName[row.name] == nil { rowsByName[row.name] = row }
            for name in methodNames {
                let marked = Self.access(of: name, in: interface)
                if marked == nil {
                    problems.append("the interface XML does not mark \(interface.name).\(name) \(Self.accessAnnotation)=app or administrator: it is taken as an administrator method")
                }
                guard let row = rowsByName[name] else {
                    problems.append("\(interface.name).\(name) has no row in the method table: its calls are refused")
                    continue
                }
                if let marked, marked != row.access {
                    problems.append("\(interface.name).\(name) is \(marked.rawValue) in the XML but \(row.access.rawValue) in its row: the XML's class applies")
                }
                guard let id = interface.method(name) else { continue }
                entries[id] = Entry(row: row, access: marked ?? .administrator)
                if row.queued { queued.append(id) }
            }
            let named = Set(methodNames)
            for row in rows where !named.contains(row.name) {
                problems.append("the row \(row.name) names no method of \(interface.name)")
            }
        }
        if let getManagedObjects = contract.objectManager.method(StandardMember.getManagedObjects) {
            queued.append(getManagedObjects)
        }
        self.entries = entries
        self.queued = queued
        self.problems = problems
    }

    /// The access class the XML gives `method` of `interface`; nil when unmarked or invalid.
    static func access(of method: String, in interface: InterfaceInfo) -> MethodAccess? {
        interface.methodAnnotation(method, accessAnnotation).flatMap(MethodAccess.init(rawValue:))
    }

    /// The entry of the method `call` is; nil for a method with no row (or a property read).
    func entry(of call: MethodInvocation) -> Entry? { entries[call.method] }
}
