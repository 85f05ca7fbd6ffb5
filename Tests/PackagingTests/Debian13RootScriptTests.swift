import Foundation
import TestSupport
import XCTest

/// scripts/debian13-root.sh's handling of its arguments and its cache, without making a root:
/// an unknown release, architecture or set is refused naming the valid ones; each release, set
/// and architecture has its own root, named by its package list's hash; `--check` reports a
/// root not made yet (the tests then skip) and returns a completed one at once.
final class Debian13RootScriptTests: XCTestCase {
    static let script = PackagingTests.root + "/scripts/debian13-root.sh"

    /// The script with its cache in a fresh folder.
    func rootScript(_ arguments: [String], cache: String) throws -> ProcessOutput {
        try runCommand([Self.script] + arguments, environment: ["ORIENTD_TEST_ROOTS": cache])
    }

    func freshCache() throws -> String {
        let cache = try OrientdInstance.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(atPath: cache) }
        return cache
    }

    func testAnUnknownArchitectureOrSetIsRefusedNamingTheValidOnes() throws {
        let cache = try freshCache()
        let architecture = try rootScript(["--arch", "riscv64", "--check"], cache: cache)
        XCTAssertEqual(architecture.status, .exited(2), "\(architecture)")
        XCTAssertTrue(architecture.stderr.contains("'riscv64' (valid: amd64, arm64)"), architecture.stderr)
        let set = try rootScript(["--set", "games", "--check"], cache: cache)
        XCTAssertEqual(set.status, .exited(2), "\(set)")
        XCTAssertTrue(set.stderr.contains("'games' (valid: compositors, gnome, swift, sysroot, runtime)"), set.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache), [], "nothing made")
    }

    /// forky (Debian's testing release) is made beside Debian 13, for what the tests run on it,
    /// and sid (unstable) for its GNOME Shell and its Swift, which forky has not taken yet.
    func testAnUnknownReleaseOrASetForkyDoesNotHaveIsRefusedNamingTheValidOnes() throws {
        let cache = try freshCache()
        let release = try rootScript(["--release", "bookworm", "--check"], cache: cache)
        XCTAssertEqual(release.status, .exited(2), "\(release)")
        XCTAssertTrue(release.stderr.contains("'bookworm' (valid: trixie, forky, sid)"), release.stderr)
        let sysroot = try rootScript(["--release", "forky", "--set", "sysroot", "--arch", "arm64", "--check"], cache: cache)
        XCTAssertEqual(sysroot.status, .exited(2), "\(sysroot)")
        XCTAssertTrue(sysroot.stderr.contains("forky has no sysroot root for arm64 (valid: --set compositors|gnome, --arch amd64)"),
                      sysroot.stderr)
        let sid = try rootScript(["--release", "sid", "--check"], cache: cache)
        XCTAssertEqual(sid.status, .exited(2), "\(sid)")
        XCTAssertTrue(sid.stderr.contains("sid has no compositors root for amd64 (valid: --set gnome|swift, --arch amd64)"), sid.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache), [], "nothing made")
    }

    /// forky's and sid's roots are named apart from Debian 13's and hashed with their release, so
    /// the same package list makes two roots; Debian 13's is named as before.
    func testForkysAndSidsRootsAreTheirOwnBesideDebian13s() throws {
        let cache = try freshCache()
        let trixie = try pendingRoot([], cache: cache)
        XCTAssertEqual(try pendingRoot(["--release", "trixie"], cache: cache), trixie)
        let forky = try pendingRoot(["--release", "forky"], cache: cache)
        let forkyGnome = try pendingRoot(["--release", "forky", "--set", "gnome"], cache: cache)
        let sidGnome = try pendingRoot(["--release", "sid", "--set", "gnome"], cache: cache)
        let sidSwift = try pendingRoot(["--release", "sid", "--set", "swift"], cache: cache)
        XCTAssertTrue(forky.hasPrefix(cache + "/forky-compositors-amd64-"), forky)
        XCTAssertTrue(forkyGnome.hasPrefix(cache + "/forky-gnome-amd64-"), forkyGnome)
        XCTAssertTrue(sidGnome.hasPrefix(cache + "/sid-gnome-amd64-"), sidGnome)
        XCTAssertTrue(sidSwift.hasPrefix(cache + "/sid-swift-amd64-"), sidSwift)
        XCTAssertNotEqual(forkyGnome.split(separator: "-").last, sidGnome.split(separator: "-").last)
        XCTAssertNotEqual(trixie.split(separator: "-").last, forky.split(separator: "-").last)
    }

    /// The root's path as `--check` names it for a root not made yet.
    func pendingRoot(_ arguments: [String], cache: String) throws -> String {
        let check = try rootScript(arguments + ["--check"], cache: cache)
        XCTAssertEqual(check.status, .exited(1), "\(check)")
        let path = try XCTUnwrap(check.stderr.split(separator: " ").first { $0.hasPrefix(cache + "/") }.map(String.init), check.stderr)
        XCTAssertTrue(check.stderr.contains("is not made yet"), check.stderr)
        return path
    }

    func testEachSetAndArchitectureHasItsOwnRootAndACompletedOneIsReusedAtOnce() throws {
        let cache = try freshCache()
        let compositors = try pendingRoot([], cache: cache)
        let swift = try pendingRoot(["--set", "swift"], cache: cache)
        let arm64 = try pendingRoot(["--set", "swift", "--arch", "arm64"], cache: cache)
        // The arm64 package's: the sysroot it is cross-built against, the root it is run in.
        let sysroot = try pendingRoot(["--set", "sysroot", "--arch", "arm64"], cache: cache)
        let runtime = try pendingRoot(["--set", "runtime", "--arch", "arm64"], cache: cache)
        XCTAssertTrue(sysroot.hasPrefix(cache + "/debian13-sysroot-arm64-"), sysroot)
        XCTAssertTrue(runtime.hasPrefix(cache + "/debian13-runtime-arm64-"), runtime)
        XCTAssertTrue(compositors.hasPrefix(cache + "/debian13-compositors-amd64-"), compositors)
        XCTAssertTrue(swift.hasPrefix(cache + "/debian13-swift-amd64-"), swift)
        XCTAssertTrue(arm64.hasPrefix(cache + "/debian13-swift-arm64-"), arm64)
        // The hash covers the architecture too, not only the folder's name.
        XCTAssertNotEqual(swift.split(separator: "-").last, arm64.split(separator: "-").last)

        try FileManager.default.createDirectory(atPath: swift, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: swift + "/.orientd-root-complete", contents: nil))
        let reused = try rootScript(["--set", "swift", "--check"], cache: cache)
        XCTAssertEqual(reused.status, .exited(0), "\(reused)")
        XCTAssertEqual(reused.stdout.trimmingCharacters(in: .newlines), swift)
        // Without --check the completed root is returned as well, before anything needs root.
        let made = try rootScript(["--set", "swift"], cache: cache)
        XCTAssertEqual(made.stdout.trimmingCharacters(in: .newlines), swift, "\(made)")
    }
}
