import Foundation
import TestSupport
import XCTest

/// The settings app reaches GTK 4 and libadwaita through `Sources/CGtk/shim.h`, a copy of the
/// declarations it uses (their headers' pkg-config flags make SwiftPM warn on every build). The
/// compiler checks the copy against the real headers: each declaration must agree with the
/// library's own, and each enum value the shim spells is asserted equal to GTK's.
final class GtkShimTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testTheShimAgreesWithGtksAndLibadwaitasHeaders() throws {
        let flags = try runCommand(["pkg-config", "--cflags", "gtk4", "libadwaita-1"])
        guard flags.succeeded else { throw XCTSkip("no GTK 4 or libadwaita headers here: \(flags.stderr)") }
        let folder = try OrientdInstance.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = folder + "/shim-check.c"
        try """
        #include <gtk/gtk.h>
        #include <adwaita.h>
        #define CGTK_CHECK_AGAINST_HEADERS
        #include "\(Self.root)/Sources/CGtk/shim.h"
        """.write(toFile: check, atomically: true, encoding: .utf8)
        let arguments = flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        let compiled = try runCommand(["cc", "-fsyntax-only", "-Wall", "-Werror"] + arguments + [check])
        XCTAssertTrue(compiled.succeeded, "shim.h disagrees with the real headers:\n\(compiled.stderr)")
    }
}
