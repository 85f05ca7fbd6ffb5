import Foundation
import Glibc
import GLibBridge
import TestSupport
import XCTest

/// Nothing a local program binds where a compositor or an X server would can stall orientd
/// with `auto`: a Wayland socket that accepts and never speaks, an X server's socket whose
/// backlog is full (a blocking `connect()` to it waits for ever), a storm of socket files. A
/// bystander's `Properties.Get` is answered at once throughout, the storm is one probe after
/// it settles (not one per file), and SIGTERM ends orientd cleanly within a second.
final class SilentPeerTests: OutputTestCase {
    /// The slowest answer a bystander may get: far above a loaded machine's, far below what one
    /// blocking probe took (2 s each for a silent Wayland socket, for ever for a full backlog).
    static let slowestAnswer: Duration = .milliseconds(1_500)

    /// Reads `Version` as a bystander every 20 ms for `duration`, doing `meanwhile(round)` before
    /// each read; the slowest read. (The 20 ms paces the reads through the storm: it awaits nothing.)
    func slowestRead(for duration: Duration, meanwhile: (Int) throws -> Void = { _ in }) throws -> Duration {
        let clock = ContinuousClock()
        let end = clock.now + duration
        var slowest: Duration = .zero
        var round = 0
        while clock.now < end {
            try meanwhile(round)
            round += 1
            let start = clock.now
            _ = try property("Version")
            slowest = max(slowest, clock.now - start)
            usleep(20_000)
        }
        return slowest
    }

    /// SIGTERM, and how long orientd took to exit (cleanly: status 0).
    func terminateTimed() throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        orientd.process.terminate()
        let status = try orientd.process.wait(timeout: .seconds(10))
        XCTAssertEqual(status, .exited(0), orientd.log)
        return clock.now - start
    }

    func unanswering(_ path: String, fullBacklog: Bool = false) throws -> UnansweringSocket {
        let socket = try UnansweringSocket(path: path, fullBacklog: fullBacklog)
        addTeardownBlock { socket.close() }
        return socket
    }

    func testASilentWaylandSocketAndAStormOfSocketsNeverHoldTheLoop() throws {
        let silent = try unanswering(scratch + "/wayland-0")
        try launchOrientd(["--output-backend", "auto", "--window-tracking", "auto"])
        // The probes gave up on the silent socket: no backend, no tracker.
        try waitForProperty("WindowTracking", "none")
        let before = silent.accepted
        let residentBefore = residentKiB()
        // Another 300 silent sockets bound one after another while a bystander reads.
        var storm: [UnansweringSocket] = []
        addTeardownBlock { storm.forEach { $0.close() } }
        let slowest = try slowestRead(for: .seconds(3)) { round in
            for index in 0..<10 where storm.count < 300 {
                storm.append(try UnansweringSocket(path: scratch + "/wayland-\(round * 10 + index + 1)", accepts: false))
            }
        }
        XCTAssertLessThan(slowest, Self.slowestAnswer, orientd.log)
        // One probe of the session's socket at a time, after the arrivals settle, with backoff:
        // a few connections, not one (or five) per socket file.
        let probes = silent.accepted - before
        XCTAssertLessThanOrEqual(probes, 8, "connections to the silent socket during the storm\n\(orientd.log)")
        print("silent Wayland socket: slowest bystander read \(slowest), \(probes) probes for \(storm.count) sockets bound, "
              + "resident \(residentBefore) KiB before, \(residentKiB()) KiB after")
        let stop = try terminateTimed()
        XCTAssertLessThan(stop, .seconds(1), orientd.log)
    }

    /// Another program making and removing 20,000 `wayland-N` files in the runtime folder (the
    /// X11 folder's storm, where every file was a probe): a bystander is answered throughout,
    /// the silent socket is probed a few times, and orientd's memory is back after the storm.
    func testAStormOfFilesIsAFewProbesAndLeavesNoMemoryBehind() throws {
        let silent = try unanswering(scratch + "/wayland-0")
        try launchOrientd(["--output-backend", "auto", "--window-tracking", "auto"])
        try waitForProperty("WindowTracking", "none")
        let before = silent.accepted
        let residentBefore = residentKiB()
        var made = 0
        let slowest = try slowestRead(for: .seconds(2)) { _ in
            for _ in 0..<1_000 where made < 20_000 {
                let path = scratch + "/wayland-\(made + 1)"
                close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600))
                unlink(path)
                made += 1
            }
        }
        XCTAssertLessThan(slowest, Self.slowestAnswer, orientd.log)
        // An absence, with no later event to wait for (plain files make none): a window well
        // past the 150 ms quiet period after which a file taken for an arrival would be probed.
        usleep(500_000)
        let probes = silent.accepted - before
        let residentAfter = residentKiB()
        print("file storm: \(made) files made and removed, slowest bystander read \(slowest), \(probes) probes, "
              + "resident \(residentBefore) KiB before, \(residentAfter) KiB after")
        // Plain files are no compositor's socket: not one probe.
        XCTAssertEqual(probes, 0, orientd.log)
        XCTAssertLessThan(residentAfter, residentBefore + 8_192, "memory back after the storm")
        XCTAssertLessThan(try terminateTimed(), .seconds(1), orientd.log)
    }

    func testAnXServerSocketWithAFullBacklogBoundAfterTheStartNeverHoldsTheLoop() throws {
        let (display, path) = try claimFreeDisplay()
        try launchOrientd(["--output-backend", "auto", "--window-tracking", "auto"], environment: ["DISPLAY": display])
        try waitForProperty("WindowTracking", "none")
        let full = try unanswering(path, fullBacklog: true)
        XCTAssertTrue(full.backlogIsFull, "a blocking connect() would wait")
        let slowest = try slowestRead(for: .seconds(2))
        XCTAssertLessThan(slowest, Self.slowestAnswer, orientd.log)
        XCTAssertEqual(try managerProperty("WindowTracking").string, "none", "a socket that does not answer is no X server")
        let stop = try terminateTimed()
        XCTAssertLessThan(stop, .seconds(1), orientd.log)
        print("full X11 backlog after the start: slowest bystander read \(slowest), stopped in \(stop)")
    }

    func testAnXServerSocketWithAFullBacklogBeforeTheStartNeverHoldsTheLoop() throws {
        let (display, path) = try claimFreeDisplay()
        let full = try unanswering(path, fullBacklog: true)
        XCTAssertTrue(full.backlogIsFull, "a blocking connect() would wait")
        // launchOrientd waits until orientd owns its name: it did not hang in its probes.
        try launchOrientd(["--output-backend", "auto", "--window-tracking", "auto"], environment: ["DISPLAY": display])
        try waitForProperty("WindowTracking", "none")
        let slowest = try slowestRead(for: .seconds(1))
        XCTAssertLessThan(slowest, Self.slowestAnswer, orientd.log)
        let stop = try terminateTimed()
        XCTAssertLessThan(stop, .seconds(1), orientd.log)
    }

    /// orientd's resident memory (VmRSS), in KiB.
    func residentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(orientd.process.pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// A display number no X server or test uses, held by its lock file (made exclusively, as
    /// X servers do) until the test ends; its socket's path in /tmp/.X11-unix.
    func claimFreeDisplay() throws -> (display: String, socket: String) {
        guard let claimed = XServerLaunch.claimDisplay(after: 599 + Int(getpid() % 300)) else {
            throw TestSupportError("no free display number")
        }
        addTeardownBlock { unlink(claimed.lock) }
        return (claimed.display, claimed.socket)
    }
}
