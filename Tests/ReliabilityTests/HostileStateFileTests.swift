import Foundation
import Glibc
import GLibBridge
import TestSupport
import XCTest

/// The `scene-numbers` file is untrusted. A number that overflows any
/// arithmetic is corrupt (the clock takes over, with a warning), a 2 GB sparse file is not
/// read, and a reservation that cannot be written (a full disk) never lets a number be handed
/// out again after a restart.
final class HostileStateFileTests: OrientdTestCase {
    private var bus: PrivateBus!
    /// A plain connection to `bus`, registering scenes.
    private var probe: BusConnection!

    /// Each test starts its orientds on state folders of its own.
    override var startsOrientdInSetUp: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        bus = try makeBus()
        probe = try bus.connect()
        addTeardownBlock { [unowned self] in self.probe?.close() }
    }

    private func stateHome(numbers: String? = nil) throws -> String {
        let home = try temporaryDirectory()
        if let numbers {
            try FileManager.default.createDirectory(atPath: home + "/orientd", withIntermediateDirectories: true)
            try numbers.write(toFile: home + "/orientd/scene-numbers", atomically: true, encoding: .utf8)
        }
        return home
    }

    /// The scene number at the end of a scene's path.
    private func number(_ path: String) throws -> UInt64 {
        try XCTUnwrap(UInt64(path.split(separator: "/").last ?? ""), path)
    }

    private func registerNumber(_ app: String = "hostile.state") throws -> UInt64 {
        try number(try probe.register(app: app, supported: ["all"]))
    }

    func testNumbersThatWouldOverflowAreCorruptAndTheClockTakesOver() throws {
        let clock = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        for value in ["18446744073709551615", "18446744073709551000", "4611686018427387904"] {
            let home = try stateHome(numbers: value + "\n")
            var seen: [UInt64] = []
            for run in 0..<2 {
                let orientd = try launch(bus: bus, stateHome: home)
                defer { orientd.stop() }
                let first = try registerNumber()
                XCTAssertGreaterThan(first, clock, "\(value), run \(run): numbering from the clock")
                XCTAssertFalse(seen.contains(first), "\(value), run \(run): \(first) reused")
                seen.append(first)
                if run == 0 {
                    XCTAssertTrue(orientd.log.contains("does not hold a scene number from 0 to 2305843009213693952 ('\(value)')"), orientd.log)
                }
                let written = try XCTUnwrap(UInt64(try String(contentsOfFile: home + "/orientd/scene-numbers", encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
                XCTAssertLessThanOrEqual(written, 1 << 62, "\(value), run \(run): nothing past orientd's maximum is written")
                XCTAssertEqual(orientd.stop(), .exited(0), orientd.log)
            }
        }
        report("scene-numbers overflow", "18446744073709551615, 18446744073709551000 and 2^62 (4611686018427387904): a warning, numbering from the clock, two runs each with no crash and no number reused")
    }

    func testATwoGigabyteSparseFileIsNotRead() throws {
        let home = try stateHome(numbers: "12\n")
        XCTAssertEqual(truncate(home + "/orientd/scene-numbers", 2 << 30), 0)
        let started = ContinuousClock.now
        let orientd = try launch(bus: bus, stateHome: home)
        defer { orientd.stop() }
        let took = ContinuousClock.now - started
        XCTAssertGreaterThan(try registerNumber(), 12)
        XCTAssertTrue(orientd.log.contains("scene-numbers is 2147483648 bytes long, more than the 64 bytes read"), orientd.log)
        let status = try String(contentsOfFile: "/proc/\(orientd.process.pid)/status", encoding: .utf8)
        let peak = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let kilobytes = try XCTUnwrap(Int(peak.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""))
        XCTAssertLessThan(kilobytes, 200_000, "peak \(kilobytes) kB")
        report("2 GB scene-numbers", "a 2 GB sparse file: refused from its size; the name owned \(took) after start; peak VmHWM \(kilobytes) kB")
    }

    /// A full disk: orientd runs with its state folder on a full 16 KiB tmpfs (a mount namespace
    /// of its own, `unshare -rm`), so the reservation cannot be written and nothing reaches the
    /// real folder. The numbers it hands out must not be handed out again by the next run.
    func testAFullDiskNeverLetsANumberBeHandedOutAgain() throws {
        let home = try stateHome()
        try FileManager.default.createDirectory(atPath: home + "/orientd", withIntermediateDirectories: true)
        let probe = ChildProcessProbe.run(["unshare", "-rm", "true"])
        try XCTSkipUnless(probe, "unshare -rm (user and mount namespaces) is not available here")
        let wrapper = home + "/orientd-on-a-full-disk"
        try """
            #!/bin/sh
            state="$XDG_STATE_HOME/orientd"
            # As root, a mount namespace alone: orientd stays in the bus clients' user namespace,
            # where it can look at their processes to tell which app is calling.
            if [ "$(id -u)" = 0 ]; then ns=-m; else ns=-rm; fi
            exec unshare $ns sh -c 'mount -t tmpfs -o size=16k tmpfs "$1" || exit 97
            dd if=/dev/zero of="$1/fill" bs=1k count=64 2>/dev/null
            shift; exec "$@"' sh "$state" "\(OrientdInstance.product("orientd"))" "$@"

            """.write(toFile: wrapper, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(wrapper, 0o755), 0)

        setenv("ORIENTD_BINARY", wrapper, 1)
        let full: OrientdInstance
        do {
            defer { unsetenv("ORIENTD_BINARY") }
            full = try launch(bus: bus, stateHome: home)
        }
        let onFullDisk = try (0..<3).map { _ in try registerNumber() }
        XCTAssertTrue(full.log.contains("scene numbers continue from the clock"), full.log)
        XCTAssertEqual(full.log.components(separatedBy: "scene numbers continue from the clock").count - 1, 1, "one warning:\n\(full.log)")
        XCTAssertEqual(full.stop(), .exited(0), full.log)

        let freed = try launch(bus: bus, stateHome: home)
        defer { freed.stop() }
        let afterRestart = try (0..<3).map { _ in try registerNumber() }
        XCTAssertTrue(Set(onFullDisk).isDisjoint(with: afterRestart), "full disk \(onFullDisk), after the restart \(afterRestart)")
        XCTAssertEqual(afterRestart.first, 1, "nothing was reserved on the real disk: the next run starts at 1")
        report("full disk", "the reservation failed with one warning; the full-disk run handed out \(onFullDisk), the next run \(afterRestart): none reused")
    }
}

/// Whether a command runs and exits 0.
enum ChildProcessProbe {
    static func run(_ argv: [String]) -> Bool {
        guard let process = try? ChildProcess(argv) else { return false }
        return (try? process.wait()) == .exited(0)
    }
}
