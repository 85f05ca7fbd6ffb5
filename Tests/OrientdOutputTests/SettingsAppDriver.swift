import Foundation
import TestSupport
import XCTest

/// The settings app (orientd-settings) driven as a person drives it, through its
/// accessibility tree (AT-SPI): what the settings app's tests share.
extension OutputTestCase {
    /// The AT-SPI driver (Fixtures/settings/drive_settings.py).
    static var settingsDriverScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/settings/drive_settings.py").path
    }

    /// One step through AT-SPI; returns its output (throws when the step fails).
    @discardableResult
    func drive(_ arguments: String...) throws -> String {
        let result = try runCommand(["/usr/bin/python3", Self.settingsDriverScript] + arguments, environment: childEnvironment)
        guard result.succeeded else { throw TestSupportError("drive_settings.py \(arguments.joined(separator: " ")): \(result)") }
        return result.stdout
    }

    /// The states of the control named `name` ("pressed,sensitive,...": a chosen choice is
    /// pressed, the lock's switch checked), nil when absent.
    func controlStates(_ name: String) throws -> String? {
        let listing = (try? drive("names")) ?? ""
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 3, fields[0] == name { return fields[2] }
        }
        return nil
    }

    /// Waits for the control named `name` to show `what`. `timeout`: the test's deadline unless
    /// given; each look walks the whole tree through AT-SPI, a round trip per node, which for
    /// 1,000 apps' rows takes seconds even on a quiet machine.
    func waitForControl(_ name: String, _ matches: @escaping (Set<String>) -> Bool, _ what: String,
                        timeout: Duration? = nil) throws {
        var last: String?
        try eventually("\(name) \(what) in the settings app (last: \(last ?? "absent"))", timeout: timeout ?? deadline) {
            last = try controlStates(name)
            return last.map { matches(Set($0.split(separator: ",").map(String.init))) } ?? false
        }
    }

    /// The session's accessibility bus, as a desktop session starts it, and its registry.
    func startAccessibilityBus() throws {
        _ = try start("at-spi-bus-launcher", ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
        let connection = try bus.connect()
        defer { connection.close() }
        try eventually("the at-spi bus is up", timeout: deadline) { try connection.nameOwner("org.a11y.Bus") != nil }
        // The registry started by the test (else the at-spi bus would start one no test ends).
        let registry = try start("at-spi2-registryd", ["/usr/libexec/at-spi2-registryd"])
        try eventually("the AT-SPI registry runs", timeout: deadline) {
            (registry.standardError + registry.standardOutput).contains("SpiRegistry daemon is running")
        }
    }

    /// Opens the settings app on the test's phoc (`compositor`), with the test's apps (and `environment`),
    /// its windows built from this tree's UI files; or `installed`, an orientd-settings that
    /// finds its UI files where `make install` puts them.
    @discardableResult
    func startSettingsApp(environment extra: [String: String] = [:], installed: String? = nil) throws -> ChildProcess {
        var environment = appDataEnvironment.merging([
            "GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "atspi",
            "GSETTINGS_SCHEMA_DIR": "/usr/share/glib-2.0/schemas", "LANGUAGE": "en",
        ]) { $1 }.merging(extra) { $1 }
        if installed == nil { environment[SettingsInterfaceBundle.variable] = try SettingsInterfaceBundle.compile(into: scratch) }
        return try compositor.openWindow([installed ?? OrientdInstance.product("orientd-settings")], name: "orientd-settings",
                                         environment: environment, start: startProcess)
    }
}
