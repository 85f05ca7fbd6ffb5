import Foundation
import Glibc
@testable import OrientationDaemon
import TestSupport
import XCTest

/// The file a process runs, read from `/proc/<pid>/exe`: the path it was started from, with
/// the kernel's " (deleted)" taken off and told apart once the file is removed or replaced.
final class ExecutableFileTests: XCTestCase {
    func testTheKernelsDeletedMarkIsTakenOffAndTold() {
        let present = ExecutableFile(target: "/usr/bin/orientd")
        XCTAssertEqual(present, ExecutableFile(target: "/usr/bin/orientd"))
        XCTAssertEqual(present.path, "/usr/bin/orientd")
        XCTAssertFalse(present.deleted)
        XCTAssertEqual(present.link, "/usr/bin/orientd")

        let replaced = ExecutableFile(target: "/usr/bin/orientd (deleted)")
        XCTAssertEqual(replaced.path, "/usr/bin/orientd")
        XCTAssertTrue(replaced.deleted)
        XCTAssertEqual(replaced.link, "/usr/bin/orientd (deleted)", "as another process reads the link")
    }

    func testThisProcesssFileIsTheOneItsLinkNames() throws {
        let expected = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        XCTAssertEqual(ExecutableFile.current, ExecutableFile(target: expected))
        XCTAssertEqual(ExecutableFile.current?.deleted, false)
        XCTAssertNil(ExecutableFile.read(link: "/proc/self/no-such-link"))
    }

    /// A program whose file is removed while it runs (as an upgrade replaces it): its path
    /// stays, marked deleted.
    func testAProgramWhoseFileWasRemovedKeepsItsPathMarkedDeleted() throws {
        let folder = try OrientdInstance.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/sleeper"
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: copy)
        let sleeper = try ChildProcess([copy, "30"])
        addTeardownBlock { _ = sleeper.stop() }
        let link = "/proc/\(sleeper.pid)/exe"
        try eventually("the copy runs") { ExecutableFile.read(link: link)?.path.hasSuffix("/sleeper") == true }
        let running = try XCTUnwrap(ExecutableFile.read(link: link))
        XCTAssertFalse(running.deleted)

        XCTAssertEqual(unlink(copy), 0)
        let removed = try XCTUnwrap(ExecutableFile.read(link: link))
        XCTAssertEqual(removed.path, running.path)
        XCTAssertTrue(removed.deleted)
        XCTAssertEqual(removed.link, running.path + " (deleted)")
    }
}
