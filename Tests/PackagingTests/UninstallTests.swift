import Foundation
import TestSupport
import XCTest

/// `make uninstall` takes back everything `make install` put under DESTDIR, the folders it
/// made too, and leaves what something else put there. The binaries are stand-ins (the
/// release build is PackagingTests' part): `-o install-binaries` installs them as they are.
final class UninstallTests: XCTestCase {
    func testUninstallLeavesNoFileAndNoEmptyFolderButKeepsOthersFiles() throws {
        let root = PackagingTests.root
        let scratch = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let binaries = scratch + "/build/stripped"
        try FileManager.default.createDirectory(atPath: binaries, withIntermediateDirectories: true)
        for name in ["orientd", "orientctl", "orientd-settings", "liborientd-wayland.so"] {
            try "#!/bin/sh\n".write(toFile: binaries + "/" + name, atomically: true, encoding: .utf8)
        }
        let destination = scratch + "/root"
        let make = ["make", "-s", "-C", root, "DESTDIR=\(destination)", "INSTALL_SCRATCH=\(scratch)/build"]
        let installed = try runCommand(make + ["-o", "install-binaries", "install"], timeout: .seconds(120))
        XCTAssertEqual(installed.status, .exited(0), "\(installed)")
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: destination))
        XCTAssertTrue(files.contains("usr/local/bin/orientctl") && files.contains("usr/local/share/man/man1/orientctl.1"), "\(files)")
        XCTAssertTrue(files.contains("usr/local/lib/orientd/liborientd-wayland.so"), "the Wayland plugin where orientd looks: \(files)")
        // Something else's page beside orientd's stays, and so does its folder.
        try "other\n".write(toFile: destination + "/usr/local/share/man/man1/other.1", atomically: true, encoding: .utf8)

        let removed = try runCommand(make + ["uninstall"], timeout: .seconds(120))
        XCTAssertEqual(removed.status, .exited(0), "\(removed)")
        let left = try XCTUnwrap(FileManager.default.subpaths(atPath: destination)).sorted()
        XCTAssertEqual(left, ["etc", "usr", "usr/local", "usr/local/bin", "usr/local/share", "usr/local/share/man",
                              "usr/local/share/man/man1", "usr/local/share/man/man1/other.1"])
    }
}
