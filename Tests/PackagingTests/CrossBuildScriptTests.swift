import Foundation
import TestSupport
import XCTest

/// The arm64 package's commands, checked without building it (that takes minutes and two
/// Debian 13 roots: `make check-arm64`, docs/packaging.md): `make deb ARCH=arm64` hands the
/// architecture to scripts/make-deb.sh, which refuses one it cannot cross-build for, naming
/// the valid ones, before building anything; scripts/cross.sh refuses an unknown mode.
final class CrossBuildScriptTests: XCTestCase {
    func testMakeDebPassesTheArchitectureOnAndOnlyWhenGiven() throws {
        let arm64 = try runCommand(["make", "-C", PackagingTests.root, "-n", "deb", "ARCH=arm64"])
        XCTAssertEqual(arm64.status, .exited(0), "\(arm64)")
        XCTAssertTrue(arm64.stdout.contains("scripts/make-deb.sh --arch arm64"), arm64.stdout)
        let native = try runCommand(["make", "-C", PackagingTests.root, "-n", "deb"])
        XCTAssertTrue(native.stdout.contains("scripts/make-deb.sh"), native.stdout)
        XCTAssertFalse(native.stdout.contains("--arch"), native.stdout)
        let check = try runCommand(["make", "-C", PackagingTests.root, "-n", "check-arm64"])
        XCTAssertTrue(check.stdout.contains("scripts/check-deb-arm64.sh"), check.stdout)
    }

    func testAnArchitectureThatCannotBeCrossBuiltIsRefusedBeforeBuilding() throws {
        let out = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let refused = try runCommand([PackagingTests.root + "/scripts/make-deb.sh", "--arch", "riscv64", out])
        XCTAssertEqual(refused.status, .exited(1), "\(refused)")
        XCTAssertTrue(refused.stderr.contains("cannot cross-build for 'riscv64' (valid: amd64, arm64)"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [], "nothing built")
    }

    func testTheCrossScriptRefusesAnUnknownMode() throws {
        let refused = try runCommand([PackagingTests.root + "/scripts/cross.sh", "install"])
        XCTAssertEqual(refused.status, .exited(64), "\(refused)")
        XCTAssertTrue(refused.stderr.contains("unknown mode 'install' (valid: swift"), refused.stderr)
    }
}
