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
        let manager = try InterfaceInfo(xml: xml(ContractNames.managerInterface + ".xml"), name: ContractNames.managerInterface)
        let scene = try InterfaceInfo(xml: xml(ContractNames.sceneInterface + ".xml"), name: ContractNames.sceneInterface)
        XCTAssertEqual(manager.name, ContractNames.managerInterface)
        XCTAssertEqual(scene.name, ContractNames.sceneInterface)
        XCTAssertEqual(ContractNames.busName, ContractNames.managerInterface, "orientd owns the name of its interface")
    }

    func testThePathsAndErrorNamesAreTheOnesTheXMLDocuments() throws {
        let manager = try xml(ContractNames.managerInterface + ".xml")
        let scene = try xml(ContractNames.sceneInterface + ".xml")
        XCTAssertTrue(manager.contains("exports this interface on \(ContractNames.managerPath)."), "the manager's path")
        XCTAssertTrue(manager.contains(ContractNames.scenePathPrefix + "OWNER/N"), "the scenes' paths")
        XCTAssertTrue(manager.contains(ContractNames.scenePathPrefix + "_3a1_2e42 is that connection's"))
        XCTAssertEqual(ContractNames.sceneNamespace(of: ":1.42"), ContractNames.scenePathPrefix + "_3a1_2e42")
        XCTAssertTrue(scene.contains("Exported at \(ContractNames.scenePathPrefix)OWNER/N"))
        for name in ["UnknownScene", "UnknownController", "WrongControllerKind", "DuplicateController", "LimitExceeded",
                     "UnsupportedOrientation", "NoSupportedOrientation"] {
            XCTAssertTrue(scene.contains(ContractNames.errorPrefix + name), name)
        }
        XCTAssertTrue(manager.contains(ContractNames.errorPrefix + "SaveFailed"))
        for standard in [ContractNames.objectManager, ContractNames.properties] {
            XCTAssertTrue((manager + scene).contains(standard), standard)
        }
    }

    func testTheInterfaceVersionIsTheOneTheXMLDocuments() throws {
        let manager = try xml(ContractNames.managerInterface + ".xml")
        XCTAssertTrue(manager.contains("The version of this interface: \(ContractNames.interfaceVersion). Later additions raise it."),
                      "the Version property's documentation names another version than ContractNames.interfaceVersion")
    }
}
