import CClientLibraries
import Foundation
@testable import OrientationDaemon
import XCTest

/// The compositor client libraries are opened by the connection that needs them and closed
/// after the last one, and the Wayland plugin is found only where orientd's own program is.
final class ClientLibraryTests: XCTestCase {
    /// The libraries this process maps now, by file name.
    private func mapped(_ name: String) throws -> Bool {
        // Read to its end: /proc says its size is 0, which a whole-file read may take at its word.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { throw CocoaError(.fileReadNoPermission) }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return maps.split(separator: "\n").contains { $0.hasSuffix("/" + name) || $0.contains("/\(name).") }
    }

    func testThePluginIsLookedForBesideTheProgramThenInItsPrefix() {
        XCTAssertEqual(ClientLibrary<orientd_wayland>.waylandPluginPaths(executable: "/usr/bin/orientd"),
                       ["/usr/bin/liborientd-wayland.so", "/usr/lib/orientd/liborientd-wayland.so"])
        XCTAssertEqual(ClientLibrary<orientd_wayland>.waylandPluginPaths(executable: "/src/orientd/.build/debug/orientd"),
                       ["/src/orientd/.build/debug/liborientd-wayland.so"])
        XCTAssertEqual(ClientLibrary<orientd_wayland>.waylandPluginPaths(executable: nil), [])
    }

    func testAMissingPluginIsAnErrorNamingEveryPlaceLookedIn() {
        guard case .failure(let error) = ClientLibrary<orientd_wayland>.wayland(executable: "/nonexistent/bin/orientd") else {
            return XCTFail("a plugin opened from /nonexistent")
        }
        XCTAssertTrue(error.description.contains("/nonexistent/bin/liborientd-wayland.so"), error.description)
        XCTAssertTrue(error.description.contains("/nonexistent/lib/orientd/liborientd-wayland.so"), error.description)
    }

    /// The plugin beside this test program (the build folder, as beside a built orientd) is
    /// mapped, with libwayland-client, while a user holds it, and unmapped after the last.
    func testThePluginIsMappedOnlyWhileHeld() throws {
        let before = try mapped("libwayland-client.so")
        var first: ClientLibrary<orientd_wayland>? = try ClientLibrary<orientd_wayland>.wayland().get()
        var second: ClientLibrary<orientd_wayland>? = try ClientLibrary<orientd_wayland>.wayland().get()
        XCTAssertEqual(first?.functions.pointee.orientd_wl_api_version(), UInt32(ORIENTD_WL_API_VERSION))
        XCTAssertTrue(try mapped("liborientd-wayland.so"))
        XCTAssertTrue(try mapped("libwayland-client.so"))
        first = nil
        XCTAssertTrue(try mapped("liborientd-wayland.so"), "closed while a second user holds it")
        XCTAssertNotNil(second)
        second = nil
        // Only when nothing else in this test process holds it (a test before may hold a connection).
        if !before {
            XCTAssertFalse(try mapped("liborientd-wayland.so"))
            XCTAssertFalse(try mapped("libwayland-client.so"))
        }
    }

    func testLibxcbIsMappedOnlyWhileHeld() throws {
        let before = try mapped("libxcb.so")
        var library: ClientLibrary<orientd_xcb>? = try ClientLibrary<orientd_xcb>.xcb().get()
        XCTAssertTrue(try mapped("libxcb.so"))
        XCTAssertNotNil(library?.functions.pointee.xcb_connect)
        library = nil
        if !before { XCTAssertFalse(try mapped("libxcb.so")) }
    }
}
