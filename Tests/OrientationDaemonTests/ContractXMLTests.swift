import Foundation
import OrientationCore
import XCTest
@testable import OrientationDaemon
import OrientationWire

final class ContractXMLTests: XCTestCase {
    func testTheSourceTreeXMLLoadsWithEveryMember() throws {
        let contract = try ContractXML.load()
        XCTAssertEqual(contract.manager.name, BusNames.managerInterface)
        XCTAssertEqual(contract.scene.name, BusNames.sceneInterface)
        for method in ["RegisterScene", "UnregisterScene", "SetDeviceOrientation", "SetRotationLocked", "SetKioskMode",
                       "SetSplitViewThreshold", "SetSettleTime", "SetAppPolicy", "GetAppPolicies", "GetHistory"] {
            XCTAssertTrue(contract.manager.methodNames.contains(method), method)
        }
        for method in ["SetRootController", "PushController", "PopController", "AddTab", "SelectTab", "PresentController",
                       "DismissController", "SetControllerProperties", "SetOrientationMode", "UpdateOrientation",
                       "RequestOrientation", "SetWindowOrientations", "SetGeometry", "SetActivationState", "Explain"] {
            XCTAssertTrue(contract.scene.methodNames.contains(method), method)
        }
    }

    /// The XML's `const` scene properties are the core's `SceneProperty.constant` (which
    /// `SceneSnapshot.changes(to:)` never compares); every other property announces changes.
    func testConstantPropertiesAgreeWithTheCore() throws {
        let contract = try ContractXML.load()
        let annotation = "org.freedesktop.DBus.Property.EmitsChangedSignal"
        let constant = Set(contract.scene.propertyNames.filter { contract.scene.propertyAnnotation($0, annotation) == "const" })
        XCTAssertEqual(constant, Set(SceneProperty.constant.map(\.rawValue)))
        XCTAssertEqual(Set(contract.scene.propertyNames), Set(SceneProperty.allCases.map(\.rawValue)))
        for name in contract.manager.propertyNames where name != "Version" {
            XCTAssertEqual(contract.manager.propertyAnnotation(name, annotation), "true", name)
        }
    }

    func testAnEnvironmentFolderComesFirstAndAMissingOneIsSkipped() throws {
        let path = ContractXML.searchPath(environment: ["ORIENTD_INTERFACES_DIR": "/nowhere"])
        XCTAssertEqual(path.first, "/nowhere")
        XCTAssertNoThrow(try ContractXML.load(searchPath: path))
    }

    /// A build from the source tree finds `dbus/` at the tree's root, whichever folder of
    /// `Sources` the lookup's file is in.
    func testTheSourceTreesXMLIsFoundHoweverDeepTheFileLies() {
        XCTAssertEqual(ContractXML.sourceRoot(of: "/src/orientd/Sources/OrientationDaemon/ContractXML.swift"), "/src/orientd")
        XCTAssertEqual(ContractXML.sourceRoot(of: "/src/orientd/Sources/OrientationDaemon/Methods/ContractXML.swift"), "/src/orientd")
        XCTAssertEqual(ContractXML.sourceRoot(of: "/Sources/OrientationDaemon/ContractXML.swift"), "")
        XCTAssertNil(ContractXML.sourceRoot(of: "/elsewhere/ContractXML.swift"))
        // This test's own file is Tests/OrientationDaemonTests/…: the root is two folders up.
        let root = SafeFile.folder(of: SafeFile.folder(of: SafeFile.folder(of: #filePath)))
        XCTAssertEqual(ContractXML.searchPath(environment: [:]).last, root + "/dbus", "the source tree's dbus/ is searched last")
    }

    /// The installed XML is found beside the executable's real path (`/usr/bin/orientd`, or a
    /// symbolic link to it, → `/usr/share/dbus-1/interfaces`).
    func testTheExecutablesPathIsMadeAbsoluteWithItsLinksResolved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder + "/usr/bin", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/usr/bin/orientd", contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: folder + "/orientd", withDestinationPath: "usr/bin/orientd")
        let real = try XCTUnwrap(realpath(folder, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) })
        XCTAssertEqual(ContractXML.resolved(folder + "/orientd"), real + "/usr/bin/orientd")
        XCTAssertEqual(ContractXML.resolved(folder + "/usr/bin/../bin/orientd"), real + "/usr/bin/orientd")
        XCTAssertEqual(ContractXML.resolved("/nowhere/bin/../orientd"), "/nowhere/orientd", "a path that is not there")
        XCTAssertEqual(ContractXML.resolved("nowhere/orientd"), FileManager.default.currentDirectoryPath + "/nowhere/orientd")
    }

    func testNoFolderWithTheXMLIsAnErrorNamingWhereItLooked() {
        XCTAssertThrowsError(try ContractXML.load(searchPath: ["/nowhere"])) { error in
            XCTAssertTrue("\(error)".contains("/nowhere"))
        }
    }

    /// A contract file that is not UTF-8 text, not XML, or without its interface stops the
    /// start with the file and what is wrong; the good file beside it is read as before.
    func testABadContractFileIsAnErrorSayingWhatIsWrong() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-contract-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = try XCTUnwrap(ContractXML.searchPath().first { FileManager.default.fileExists(atPath: $0 + "/" + ContractXML.sceneFile) })
        try FileManager.default.copyItem(atPath: good + "/" + ContractXML.sceneFile, toPath: folder + "/" + ContractXML.sceneFile)
        let manager = folder + "/" + ContractXML.managerFile
        let cases: [(contents: [UInt8], says: String)] = [
            (Array("<node><interface name='io.github.orientd.OrientationManager1'/></node>".utf8) + [0xff, 0xfe], "is not UTF-8 text"),
            (Array("<node><interface".utf8), "introspection XML"),
            (Array("<node><interface name='org.example.Other'/></node>".utf8), "has no interface io.github.orientd.OrientationManager1"),
        ]
        for (contents, says) in cases {
            XCTAssertTrue(FileManager.default.createFile(atPath: manager, contents: Data(contents)))
            XCTAssertThrowsError(try ContractXML.load(searchPath: [folder])) { error in
                XCTAssertTrue("\(error)".contains(says), "\(error)")
            }
        }
    }
}
