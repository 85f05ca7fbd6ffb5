import Foundation
import Glibc
import XCTest
@testable import OrientationDaemon

/// The file helpers orientd uses without Foundation: the folder a written file is synced in,
/// and the state folder's lock creating the folder it locks and naming its holder.
final class SafeFileTests: XCTestCase {
    func testFolderOfAPathIsWhatDeletingTheLastComponentLeaves() {
        XCTAssertEqual(SafeFile.folder(of: "/run/user/1000/orientd/state"), "/run/user/1000/orientd")
        XCTAssertEqual(SafeFile.folder(of: "/state"), "/")
        XCTAssertEqual(SafeFile.folder(of: "state"), "")
        XCTAssertEqual(SafeFile.folder(of: "a/b/"), "a")
        XCTAssertEqual(SafeFile.folder(of: "/a//b"), "/a")
        XCTAssertEqual(SafeFile.folder(of: "/"), "/")
    }

    func testTheStateLockCreatesMissingFoldersAndNamesWhyItCannot() {
        let base = NSTemporaryDirectory() + "orientd-safefile-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }

        guard case .acquired(let lock) = StateLock.acquire(directory: base + "/one/two") else { return XCTFail("no lock in a new folder") }
        XCTAssertEqual(lock.path, base + "/one/two/orientd.lock")
        XCTAssertEqual(access(lock.path, F_OK), 0)

        let file = base + "/file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data()))
        guard case .unavailable(let why) = StateLock.acquire(directory: file + "/state") else { return XCTFail("a lock under a file") }
        XCTAssertEqual(why, "cannot create the state folder \(file)/state: \(String(cString: strerror(ENOTDIR)))")
    }

    /// The lock file says who holds it: this process's number, whatever the last holder left,
    /// longer or shorter (the file is written over, and cut only when it was longer).
    func testTheStateLockFileHoldsTheHoldersNumberOverAnyLeftover() throws {
        let base = NSTemporaryDirectory() + "orientd-safefile-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        for leftover in ["4194304123456\n", "7\n", "", "\(getpid())\n"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: base + "/orientd.lock", contents: Data(leftover.utf8)))
            guard case .acquired(let lock) = StateLock.acquire(directory: base) else { return XCTFail("no lock over '\(leftover)'") }
            XCTAssertEqual(try String(contentsOfFile: lock.path, encoding: .utf8), "\(getpid())\n", "over '\(leftover)'")
        }
    }
}
