import Foundation
import OrientationCore
@testable import OrientationDaemon
import XCTest

/// KWin's auto-rotate policy as orientd takes it, with no KWin: the Wayland listener's rule for
/// the values KWin sends (KWin is untrusted), the one log line per KWin for a value outside
/// the protocol's enum, and the user's policy kept by an orientd that did not stop cleanly.
/// (With a real KWin: OrientdOutputTests' KWinAutoRotateTests.)
final class KWinAutoRotateUnitTests: XCTestCase {
    func head(_ policy: KWinAutoRotatePolicy?, refused: UInt32? = nil) -> WaylandConnection.Head {
        WaylandConnection.Head(name: "eDP-1", enabled: true, transform: 0, autoRotatePolicy: policy, refusedAutoRotatePolicy: refused)
    }

    func testTheListenerKeepsOnlyTheEnumsValues() {
        var kept: Int32 = -1
        for value: UInt32 in [0, 1, 2] {
            XCTAssertTrue(WaylandConnection.takeAutoRotatePolicy(value, into: &kept))
            XCTAssertEqual(kept, Int32(value))
        }
        for value: UInt32 in [3, 255, 0x8000_0000, .max] {
            XCTAssertFalse(WaylandConnection.takeAutoRotatePolicy(value, into: &kept), "\(value)")
            XCTAssertEqual(kept, 2, "the last sane policy stays after \(value)")
        }
    }

    func testAValueOutsideTheEnumIsSaidOncePerKWinAndTheLastSaneStays() {
        let policy = KWinAutoRotate(stateDirectory: nil, log: Log(verbose: false))
        policy.listed(head(.always))
        for value: UInt32 in [3, 7, .max] {
            policy.listed(head(.always, refused: value))
            XCTAssertEqual(policy.userPolicy, .always)
        }
        XCTAssertEqual(policy.refusalsSaid, 1)
        policy.newPeer()
        policy.listed(head(.inTabletMode, refused: 9))
        XCTAssertEqual(policy.refusalsSaid, 2, "a new KWin is told of once more")
        XCTAssertEqual(policy.userPolicy, .inTabletMode)
    }

    func testAKWinWithoutAPolicyIsNotHeld() {
        let policy = KWinAutoRotate(stateDirectory: nil, log: Log(verbose: false))
        policy.listed(head(nil))
        policy.holdCompositorRotation(true)
        XCTAssertFalse(policy.holding)
        XCTAssertNil(policy.userPolicy)
    }

    /// KWin keeps a policy across its restarts: the "never" an orientd held when it was killed
    /// is not the user's; the file it kept says theirs. A file of anything else is no file.
    func testThePolicyKeptByAKilledOrientdIsTheUsersNotKWinsNever() throws {
        let directory = NSTemporaryDirectory() + "kwin-auto-rotate-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/" + KWinAutoRotate.savedFileName
        try "eDP-1\nalways\n".write(toFile: file, atomically: true, encoding: .utf8)
        let policy = KWinAutoRotate(stateDirectory: directory, log: Log(verbose: false))
        policy.listed(head(.never))
        XCTAssertEqual(policy.userPolicy, .always)

        for garbage in ["eDP-1\nsometimes\n", "eDP-1\n", "", "eDP-1\nalways\nmore\n"] {
            try garbage.write(toFile: file, atomically: true, encoding: .utf8)
            let other = KWinAutoRotate(stateDirectory: directory, log: Log(verbose: false))
            other.listed(head(.never))
            XCTAssertEqual(other.userPolicy, .never, "file \(garbage.debugDescription)")
        }
    }
}
