import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The tests' own spelling of the contract (`TestSupport.ContractNames`, independent of the
/// service on purpose) is the one of the interface XML in `dbus/`, the source of truth: a
/// typo there would make every test check the wrong name.
final class ContractNamesTests: XCTestCase {
    private func xml(_ file: String) throws -> String {
        try ContractXML.text(file)
    }

    func testTheInterfacesAndTheirFilesAreNamedAsTheTestsSpellThem() throws {
        let manager = try InterfaceInfo(xml: xml(Contract.managerInterface + ".xml"), name: Contract.managerInterface)
        let scene = try InterfaceInfo(xml: xml(Contract.sceneInterface + ".xml"), name: Contract.sceneInterface)
        XCTAssertEqual(manager.name, Contract.managerInterface)
        XCTAssertEqual(scene.name, Contract.sceneInterface)
        XCTAssertEqual(Contract.busName, Contract.managerInterface, "orientd owns the name of its interface")
    }

    func testThePathsAndErrorNamesAreTheOnesTheXMLDocuments() throws {
        let manager = try xml(Contract.managerInterface + ".xml")
        let scene = try xml(Contract.sceneInterface + ".xml")
        XCTAssertTrue(manager.contains("exports this interface on \(Contract.managerPath)."), "the manager's path")
        XCTAssertTrue(manager.contains(Contract.scenePathPrefix + "OWNER/N"), "the scenes' paths")
        XCTAssertTrue(manager.contains(Contract.scenePathPrefix + "_3a1_2e42 is that connection's"))
        XCTAssertEqual(Contract.sceneNamespace(of: ":1.42"), Contract.scenePathPrefix + "_3a1_2e42")
        XCTAssertTrue(scene.contains("Exported at \(Contract.scenePathPrefix)OWNER/N"))
        for name in ["UnknownScene", "UnknownController", "WrongControllerKind", "DuplicateController", "LimitExceeded",
                     "UnsupportedOrientation", "NoSupportedOrientation"] {
            XCTAssertTrue(scene.contains(Contract.errorPrefix + name), name)
        }
        XCTAssertTrue(manager.contains(Contract.errorPrefix + "SaveFailed"))
        for standard in [Contract.objectManager, Contract.properties] {
            XCTAssertTrue((manager + scene).contains(standard), standard)
        }
    }

    /// The tests take the version from the Version property's documentation, which must say
    /// it in the one form `ContractXML.interfaceVersion` reads.
    func testTheXMLDocumentsTheInterfaceVersion() throws {
        let manager = try xml(Contract.managerInterface + ".xml")
        let version = try Contract.interfaceVersion
        XCTAssertGreaterThan(version, 0)
        XCTAssertTrue(manager.contains("The version of this interface: \(version). Later additions raise it."),
                      "the Version property's documentation")
    }
}
