import Foundation
import GLibBridge
import OrientationCore
import OrientationWire
import XCTest

/// Every name of the contract module stands in the interface XML in `dbus/`, the contract's
/// source of truth, and the XML has no member the module leaves out.
final class WireAgainstXMLTests: XCTestCase {
    private func interface(_ file: String, _ name: String) throws -> InterfaceInfo {
        let dbus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("dbus")
        return try InterfaceInfo(xml: String(contentsOf: dbus.appendingPathComponent(file), encoding: .utf8), name: name)
    }

    private var manager: InterfaceInfo { get throws { try interface("io.github.orientd.OrientationManager1.xml", BusNames.managerInterface) } }
    private var scene: InterfaceInfo { get throws { try interface("io.github.orientd.OrientationManager1.Scene.xml", BusNames.sceneInterface) } }

    func testTheInterfaceFilesAreNamedAfterTheWireInterfaces() throws {
        XCTAssertEqual(try manager.name, BusNames.managerInterface)
        XCTAssertEqual(try scene.name, BusNames.sceneInterface)
        XCTAssertEqual(BusNames.wellKnownName, BusNames.managerInterface)
        XCTAssertEqual(BusNames.scenesPrefix, BusNames.managerPath + "/scene/")
    }

    func testMethodNamesAreTheXMLsInItsOrder() throws {
        XCTAssertEqual(try manager.methodNames, ManagerMethod.allCases.map(\.rawValue))
        XCTAssertEqual(Set(try scene.methodNames), Set(SceneMethod.allCases.map(\.rawValue)))
    }

    func testSignalNamesAreTheXMLsInItsOrder() throws {
        XCTAssertEqual(try manager.signalNames, ManagerSignal.allCases.map(\.rawValue))
        XCTAssertEqual(try scene.signalNames, SceneSignal.allCases.map(\.rawValue))
    }

    func testPropertyNamesAreTheXMLsInItsOrder() throws {
        XCTAssertEqual(try manager.propertyNames, PropertyNames.manager)
        XCTAssertEqual(try scene.propertyNames, PropertyNames.scene)
        XCTAssertEqual(try manager.propertyNames, ManagerProperty.allCases.map(\.rawValue), "the core names every manager property")
    }

    func testEveryErrorKindHasItsContractName() {
        XCTAssertEqual(ErrorNames.name(of: .saveFailed), "io.github.orientd.OrientationManager1.Error.SaveFailed")
        XCTAssertEqual(ErrorNames.name(of: .invalidArgs), "org.freedesktop.DBus.Error.InvalidArgs")
        XCTAssertEqual(ErrorNames.name(of: .accessDenied), "org.freedesktop.DBus.Error.AccessDenied")
        for kind in OrientationError.Kind.allCases {
            XCTAssertEqual(ErrorNames.kind(named: ErrorNames.name(of: kind)), kind)
        }
        XCTAssertNil(ErrorNames.kind(named: "org.freedesktop.DBus.Error.Failed"))
    }

    /// Each argument's keys, and their types, are the ones the XML's documentation names.
    func testVardictKeysAreDocumentedInTheXML() throws {
        let xml = try ["io.github.orientd.OrientationManager1.xml", "io.github.orientd.OrientationManager1.Scene.xml"].map { file in
            try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("dbus/" + file), encoding: .utf8)
        }.joined()
        for (key, _) in VardictKey.registration + VardictKey.controller + VardictKey.policy {
            XCTAssertTrue(xml.contains(key), key)
        }
        for key in [VardictKey.relation, VardictKey.mode, VardictKey.selected, VardictKey.deciding,
                    VardictKey.source, VardictKey.locked] {
            XCTAssertTrue(xml.contains(key), key)
        }
    }

    /// RegisterScene's keys are the core's option names, so the core's errors name what callers send.
    func testRegistrationKeysAreTheCoresOptionNames() {
        XCTAssertEqual(VardictKey.registration.map(\.key), RegistrationOption.allCases.map(\.rawValue))
        XCTAssertEqual(VardictKey.supportedOrientations, "supported-orientations")
    }
}
