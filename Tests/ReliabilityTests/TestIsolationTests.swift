import Foundation
import Glibc
import TestSupport
import XCTest

/// The suite must pass on a machine where orientd is installed: a test's private bus reads
/// no activation file of the machine's (so an installed `/usr/bin/orientd` is never started
/// with the user's state folder), and every process a test starts ends with the test process,
/// even when it is killed with SIGKILL.
final class TestIsolationTests: XCTestCase {
    static let holderVariable = "ORIENTD_TEST_HOLDER_OUTPUT"

    /// A folder laid out as a session's: `dbus-1/services` holds a decoy orientd activation
    /// file whose program writes `marker` with the `XDG_DATA_DIRS` it saw.
    private func decoySession() throws -> (root: String, marker: String, environment: [String: String]) {
        let root = try OrientdInstance.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let services = root + "/dbus-1/services"
        try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
        let marker = root + "/activated"
        let program = root + "/decoy-orientd"
        try "#!/bin/sh\necho \"$XDG_DATA_DIRS\" > '\(marker)'\nexit 1\n".write(toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        try "[D-BUS Service]\nName=\(Contract.busName)\nExec=\(program)\n"
            .write(toFile: services + "/\(Contract.busName).service", atomically: true, encoding: .utf8)
        return (root, marker, ["XDG_RUNTIME_DIR": root, "XDG_DATA_HOME": root, "XDG_DATA_DIRS": root])
    }

    private func ping(_ address: String) throws -> ProcessOutput {
        try runCommand(["dbus-send", "--bus=\(address)", "--print-reply", "--dest=\(Contract.busName)", "/",
                        "org.freedesktop.DBus.Peer.Ping"], timeout: .seconds(60))
    }

    func testAPrivateBusActivatesNothingOfTheMachines() throws {
        let decoy = try decoySession()
        // The machine's session bus (dbus-daemon --session) reads that folder: its call starts the decoy.
        let session = try ChildProcess(["dbus-daemon", "--session", "--nofork", "--print-address=1"], environment: decoy.environment)
        defer { session.stop() }
        let reached = try ping(try session.firstLineOfOutput())
        XCTAssertTrue(FileManager.default.fileExists(atPath: decoy.marker), "the session bus should start the decoy: \(reached)")
        try FileManager.default.removeItem(atPath: decoy.marker)

        // A test's bus, started in the same environment, does not.
        let bus = try PrivateBus(environment: decoy.environment)
        let refused = try ping(bus.address)
        XCTAssertEqual(refused.status, .exited(1), "\(refused)")
        XCTAssertTrue(refused.stderr.contains("org.freedesktop.DBus.Error.ServiceUnknown"), "\(refused)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: decoy.marker), "a test's bus started the decoy")
    }

    func testOnlyTheTestsServiceFoldersAreReadAndServicesSeeNoDataFolderOfTheMachines() throws {
        let decoy = try decoySession()
        let bus = try PrivateBus(serviceFolders: [decoy.root + "/dbus-1/services"])
        let output = try ping(bus.address)
        try eventually("the test's own activation file is used; \(output)") {
            FileManager.default.fileExists(atPath: decoy.marker)
        }
        let seen = try String(contentsOfFile: decoy.marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = try XCTUnwrap(bus.folder)
        XCTAssertTrue(seen.hasPrefix(folder + "/"), "an activated service sees XDG_DATA_DIRS \(seen)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: seen), "its XDG_DATA_DIRS holds nothing")
    }

    /// A test's orientd sees no display of the machine's (DISPLAY, WAYLAND_DISPLAY empty) and
    /// only the test's own XDG folders, unless the test gives its own.
    func testATestsOrientdSeesNoDisplayOrDataFolderOfTheMachines() throws {
        let orientd = try OrientdInstance(environment: [:])
        defer { orientd.stop() }
        let variables = try String(contentsOfFile: "/proc/\(orientd.process.pid)/environ", encoding: .utf8)
            .split(separator: "\0").map(String.init)
        for empty in ["DISPLAY=", "WAYLAND_DISPLAY="] { XCTAssertTrue(variables.contains(empty), "\(empty) in \(variables)") }
        for name in ["XDG_DATA_DIRS", "XDG_DATA_HOME", "XDG_CONFIG_DIRS", "XDG_STATE_HOME"] {
            let value = variables.first { $0.hasPrefix(name + "=") }?.dropFirst(name.count + 1) ?? ""
            XCTAssertTrue(value.hasPrefix(orientd.stateHome), "\(name)=\(value)")
        }
        let given = try OrientdInstance(environment: ["DISPLAY": ":4242"])
        defer { given.stop() }
        let givenVariables = try String(contentsOfFile: "/proc/\(given.process.pid)/environ", encoding: .utf8).split(separator: "\0")
        XCTAssertTrue(givenVariables.contains("DISPLAY=:4242"))
    }

    /// `XDGFolders`, through which tests write configuration files and desktop entries and
    /// which they hand to other children, names the very folders a test's orientd runs with.
    func testXDGFoldersAreTheFoldersATestsOrientdRunsWith() throws {
        let orientd = try OrientdInstance(environment: [:])
        addTeardownBlock { try? FileManager.default.removeItem(atPath: orientd.stateHome) }
        defer { orientd.stop() }
        let variables = try String(contentsOfFile: "/proc/\(orientd.process.pid)/environ", encoding: .utf8)
            .split(separator: "\0").map(String.init)
        XCTAssertEqual(orientd.xdg.environment.count, 5)
        for (name, value) in orientd.xdg.environment {
            XCTAssertTrue(variables.contains("\(name)=\(value)"), "\(name)=\(value) not in \(variables)")
        }
        XCTAssertEqual(orientd.xdg.configurationEnvironment, orientd.configurationEnvironment)
    }

    /// Runs this test binary again with only `testHoldsABusAndOrientdUntilKilled`, which starts
    /// a bus and an orientd and sleeps; kills it with SIGKILL; both must end with it.
    func testABusAndOrientdEndWithTheTestProcessThatStartedThem() throws {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let scratch = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let output = scratch + "/pids"
        let holder = try ChildProcess([exe, "ReliabilityTests.TestIsolationTests/testHoldsABusAndOrientdUntilKilled"],
                                      environment: [Self.holderVariable: output])
        var pids: [pid_t] = []
        try eventually("the holder wrote its children's pids; its output:\n\(holder.standardOutput)", timeout: .seconds(60)) {
            pids = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: " ").compactMap { pid_t($0) }
            return pids.count == 2
        }
        // Should they outlive the holder (the test failing), they are ended here.
        defer { for pid in pids where isAlive(pid) { kill(pid, SIGKILL) } }
        XCTAssertTrue(pids.allSatisfy(isAlive), "both run while the holder runs")
        holder.kill()
        try holder.wait()
        try eventually("the bus (\(pids[0])) and orientd (\(pids[1])) ended with the holder", timeout: .seconds(10)) {
            !pids.contains(where: isAlive)
        }
    }

    /// Not a test of its own: the process `testABusAndOrientdEndWithTheTestProcessThatStartedThem`
    /// starts and kills (skipped otherwise).
    func testHoldsABusAndOrientdUntilKilled() throws {
        guard let output = ProcessInfo.processInfo.environment[Self.holderVariable] else {
            throw XCTSkip("runs only as the process testABusAndOrientdEndWithTheTestProcessThatStartedThem kills")
        }
        let stateHome = (output as NSString).deletingLastPathComponent + "/state"
        let orientd = try OrientdInstance(arguments: ["--sensor", "none"], stateHome: stateHome)
        try "\(orientd.bus.process.pid) \(orientd.process.pid)".write(toFile: output, atomically: true, encoding: .utf8)
        sleep(120)
        XCTFail("the holder was not killed")
    }
}

/// Whether `pid` is a live process (not gone, not a zombie waiting for its reaper).
private func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return false }
    return !stat[close...].hasPrefix(") Z")
}
