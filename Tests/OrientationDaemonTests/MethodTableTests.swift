import GLibBridge
import OrientationCore
import XCTest
@testable import OrientationDaemon
import OrientationWire

/// The method table is the XML's methods, one row each: a method without a row, a row without a
/// method, or a row whose access class is not the XML's fails here (docs/architecture.md,
/// "Adding a part" → "A method").
final class MethodTableTests: XCTestCase {
    func testEveryMethodOfTheXMLHasItsRowAndItsAccessClass() throws {
        let contract = try ContractXML.load()
        let table = MethodTable(contract)
        XCTAssertEqual(table.problems, [])
        XCTAssertEqual(Set(MethodRow.manager.map(\.name)), Set(contract.manager.methodNames))
        XCTAssertEqual(Set(MethodRow.scene.map(\.name)), Set(contract.scene.methodNames))
        for (interface, rows) in [(contract.manager, MethodRow.manager), (contract.scene, MethodRow.scene)] {
            for row in rows {
                XCTAssertEqual(MethodTable.access(of: row.name, in: interface), row.access, "\(row.name)'s access class")
            }
        }
    }

    func testAMissingRowIsNamed() throws {
        let contract = try ContractXML.load()
        let table = MethodTable(contract, manager: MethodRow.manager.filter { $0.name != ManagerMethod.setSettleTime.rawValue })
        XCTAssertEqual(table.problems, ["\(BusNames.managerInterface).SetSettleTime has no row in the method table: its calls are refused"])
    }

    func testARowWithAnotherAccessClassThanTheXMLIsNamed() throws {
        let contract = try ContractXML.load()
        let rows = MethodRow.scene.map { row in
            row.name == SceneMethod.explain.rawValue ? MethodRow(name: row.name, access: .administrator, queued: row.queued, persists: row.persists, action: row.action) : row
        }
        let table = MethodTable(contract, scene: rows)
        XCTAssertEqual(table.problems, ["\(BusNames.sceneInterface).Explain is app in the XML but administrator in its row: the XML's class applies"])
    }

    /// The calls whose reply grows with the state wait their turn: the rows marked queued,
    /// and GetManagedObjects.
    func testTheQueuedCalls() throws {
        let contract = try ContractXML.load()
        let queued = Set(MethodRow.manager.filter(\.queued).map(\.name) + MethodRow.scene.filter(\.queued).map(\.name))
        XCTAssertEqual(queued, [ManagerMethod.getAppPolicies.rawValue, SceneMethod.getControllers.rawValue])
        XCTAssertEqual(MethodTable(contract).queued.count, 3)
    }
}
