import Foundation
import TestSupport
import XCTest

/// orientd maps the compositor client libraries only while an adapter of that compositor is
/// connected: with no compositor neither libxcb nor libwayland-client (nor orientd's Wayland
/// plugin) is in the process; on phoc the plugin and libwayland-client are, until phoc goes;
/// on an X desktop libxcb is. (A GNOME session is the first case for these libraries: its
/// adapters speak D-Bus.)
final class ClientLibraryMappingTests: OutputTestCase {
    static let libraries = ["liborientd-wayland.so", "libwayland-client.so", "libxcb.so"]

    /// Which of `libraries` orientd maps now.
    func mappedLibraries() throws -> [String] {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(orientd.process.pid)/maps") else {
            throw TestSupportError("orientd's /proc/\(orientd.process.pid)/maps cannot be read")
        }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return Self.libraries.filter { name in maps.split(separator: "\n").contains { $0.contains("/" + name) } }
    }

    func testWithNoCompositorNeitherLibraryIsMapped() throws {
        try launchOrientd([])
        try waitForProperty("OutputBackend", "none")
        try waitForProperty("WindowTracking", "none")
        XCTAssertEqual(try mappedLibraries(), [])
    }

    /// gvfs installs a GIO module offering a file system (`gio-vfs`); GLib loads it when
    /// anything asks for the default file system. orientd watches only local folders, so it
    /// never asks: here the cache names such a module that is no library, and GLib would say
    /// it failed to load it.
    func testNoGIOFileSystemModuleIsLoaded() throws {
        let modules = scratch + "/gio-modules"
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: modules + "/libfakevfs.so"))
        try Data("libfakevfs.so: gio-vfs\n".utf8).write(to: URL(fileURLWithPath: modules + "/giomodule.cache"))
        try launchOrientd([], environment: ["GIO_MODULE_DIR": modules])
        try waitForProperty("OutputBackend", "none")
        try waitForProperty("WindowTracking", "none")
        let log = orientd.process.standardError
        XCTAssertTrue(log.contains("serving "), "orientd's log is on its stderr here:\n\(log)")
        XCTAssertFalse(log.contains("libfakevfs"), "orientd asked GLib for the default file system:\n\(log)")
    }

    func testOnPhocThePluginIsMappedUntilPhocGoes() throws {
        let phoc = try startPhoc().process
        try launchOrientd(["--output", "HEADLESS-1"], environment: waylandEnvironment)
        try waitForProperty("OutputBackend", "wlroots")
        XCTAssertEqual(try mappedLibraries(), ["liborientd-wayland.so", "libwayland-client.so"])
        phoc.terminate()
        try waitForProperty("OutputBackend", "none")
        try eventually("orientd unmaps the Wayland libraries once phoc is gone (mapped: \((try? mappedLibraries()) ?? []))",
                       timeout: deadline) {
            try mappedLibraries().isEmpty
        }
    }

    func testOnAnXDesktopLibxcbIsMapped() throws {
        try launchOrientdFollowingWindows(display: try startWindowManagedScreen())
        XCTAssertEqual(try mappedLibraries(), ["libxcb.so"])
    }
}
