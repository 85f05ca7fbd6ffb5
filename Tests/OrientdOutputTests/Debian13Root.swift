import Foundation
import TestSupport
import XCTest

/// Debian 13's compositors for the tests, from the cached root `Debian13Root` finds (`make
/// test` makes it before the suite), and forky's beside them, run under bwrap with orientd
/// built on the host.
extension OutputTestCase {
    /// The cached Debian 13 root; skips the test, naming why, when it is not made.
    func debian13Root(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try cachedRoot(.trixie, file: file, line: line)
    }

    /// The cached root of `release`; skips the test, naming why, when it is not made.
    func cachedRoot(_ release: Debian13Root.Release, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        do {
            return try Debian13Root.path(sourceTree: Self.sourceTree, release: release)
        } catch {
            throw XCTSkip("no \(release.displayName) root, so \(release.displayName)'s compositors are not tested: \(error.message)"
                + " (`make test` makes it when it can; it needs root and Debian's mirror)", file: file, line: line)
        }
    }

    /// `command` run inside `root` (`Debian13Root.command`), ended with the test.
    static func inRoot(_ root: String, _ command: [String], showing folders: [String] = []) -> [String] {
        Debian13Root.command(root, command, showing: folders)
    }
}
