import Foundation
import TestSupport
import XCTest
@testable import OrientationDaemon

/// GLib's own parser forgives what other XML readers refuse (a `--` inside a comment, for
/// one), so the contract is also read the way apps in other languages read it: by
/// gdbus-codegen, whose parser is Python's strict one.
final class ContractXMLWellFormedTests: XCTestCase {
    func testGdbusCodegenReadsEveryInterfaceFileWithoutAWarning() throws {
        let contract = try ContractXML.load()
        let output = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        // The GNOME Shell extension's interface too: the Shell reads it with GLib, other
        // clients may not.
        for file in [ContractXML.managerFile, ContractXML.sceneFile, "io.github.orientd.ShellWindows1.xml"] {
            let path = contract.directory + "/" + file
            let run = try runCommand(["gdbus-codegen", "--interface-info-header", "--output", output + "/" + file + ".h", path])
            XCTAssertEqual(run.status, .exited(0), "\(file): \(run.stderr)")
            XCTAssertEqual(run.stderr, "", "\(file): gdbus-codegen warned")
        }
    }
}
