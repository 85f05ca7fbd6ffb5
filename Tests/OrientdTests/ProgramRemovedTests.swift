import Foundation
import Glibc
import TestSupport
import XCTest

/// Uninstalling ends orientd: a running orientd whose program is removed (`apt purge`, `make
/// uninstall`) stops within a few seconds as SIGTERM stops it, where it kept applying pins and
/// holding Auto Rotate until logout; an upgrade, which renames the new program over the old
/// one, leaves it running.
final class ProgramRemovedTests: OrientdTestCase {
    override var startsOrientdInSetUp: Bool { false }

    /// A copy of the built orientd in a folder of its own, started on a private bus; waits
    /// until it owns its name.
    func startCopy() throws -> (program: String, process: ChildProcess) {
        let folder = try temporaryDirectory()
        let program = folder + "/orientd"
        try FileManager.default.copyItem(atPath: OrientdInstance.product("orientd"), toPath: program)
        let bus = try makeBus()
        let xdg = try makeXDGFolders()
        let process = try start("orientd (a copy)", [program, "--sensor", "none"], environment: bus.sessionEnvironment
            .merging(xdg.environment) { $1 }
            .merging(["DISPLAY": "", "WAYLAND_DISPLAY": "", "ORIENTD_INTERFACES_DIR": Self.contractDirectory]) { $1 })
        let connection = try bus.connect()
        defer { connection.close() }
        try eventually("the copy owns its name") {
            if let status = process.exitStatus { throw TestSupportError("orientd exited (\(status)): \(process.standardError)") }
            return try connection.nameOwner(Contract.busName) != nil
        }
        return (program, process)
    }

    static var contractDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("dbus").path
    }

    func testRemovingTheProgramStopsOrientdCleanly() throws {
        let (program, process) = try startCopy()
        XCTAssertEqual(unlink(program), 0)
        let status = try process.wait(timeout: .seconds(20))
        XCTAssertEqual(status, .exited(0), process.standardError)
        XCTAssertTrue(process.standardError.contains("\(program) was removed (orientd uninstalled): exiting as on SIGTERM"),
                      process.standardError)
    }

    func testAnUpgradeThatRenamesANewProgramOverItKeepsItRunning() throws {
        let (program, process) = try startCopy()
        try FileManager.default.copyItem(atPath: program, toPath: program + ".dpkg-new")
        XCTAssertEqual(rename(program + ".dpkg-new", program), 0)
        // Past the grace period, with room for a loaded machine.
        XCTAssertThrowsError(try process.wait(timeout: .seconds(4)), "still running")
        XCTAssertTrue(process.isRunning, process.standardError)
    }
}
