import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A test that runs the built `orientctl` against a built orientd on a private bus (settle
/// time 0): the harness's orientd, its log printed when a test fails.
class OrientctlTestCase: OrientdTestCase {
    static let scenePrefix = "/io/github/orientd/OrientationManager1/scene/"
    /// The paths of the scenes `register` registered, by number.
    var registeredPaths: [String: String] = [:]

    /// The environment orientctl runs with: orientd's bus and configuration folders, no colours.
    var environment: [String: String] {
        orientd.environment.merging(orientd.configurationEnvironment) { _, new in new }.merging(["NO_COLOR": "1"]) { _, new in new }
    }

    /// Runs orientctl with `arguments` against `environment` (orientd's bus by default).
    func orientctl(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessOutput {
        try runCommand([OrientdInstance.product("orientctl")] + arguments, environment: environment ?? self.environment,
                       timeout: .seconds(20))
    }

    /// Runs orientctl, expects exit status 0 and nothing on stderr, and returns stdout.
    @discardableResult
    func ok(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try ok(arguments, file: file, line: line)
    }

    /// Runs orientctl expecting `status`, and returns its output.
    @discardableResult
    func fails(_ status: Int32, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> ProcessOutput {
        let output = try orientctl(arguments)
        XCTAssertEqual(output.status, .exited(status), "orientctl \(arguments.joined(separator: " ")): \(output)", file: file, line: line)
        return output
    }

    /// Runs orientctl with `--json` appended and parses its output with JSONSerialization.
    func json(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        let output = try orientctl(arguments + ["--json"])
        XCTAssertEqual(output.status, .exited(0), "orientctl \(arguments.joined(separator: " ")) --json: \(output)", file: file, line: line)
        XCTAssertFalse(output.stdout.dropLast().contains("\n"), "not a terminal: one line", file: file, line: line)
        return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8), options: .fragmentsAllowed)
    }

    /// `json(...)` as an object.
    func jsonObject(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let output = try orientctl(arguments + ["--json"])
        XCTAssertEqual(output.status, .exited(0), "orientctl \(arguments.joined(separator: " ")) --json: \(output)", file: file, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
                             output.stdout, file: file, line: line)
    }

    /// One scene property's bare value, as `show SCENE -p NAME --value` prints it.
    func value(_ scene: String, _ property: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try ok("show", scene, "-p", property, "--value", file: file, line: line).trimmingCharacters(in: .newlines)
    }

    /// Registers a detached scene and returns its number (its path: `scenePath(_:)`).
    func register(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = try ok(["register"] + arguments, file: file, line: line).trimmingCharacters(in: .newlines)
        // <prefix><the registering connection's element>/<n>
        let parts = path.dropFirst(Self.scenePrefix.count).split(separator: "/")
        XCTAssertTrue(path.hasPrefix(Self.scenePrefix) && parts.count == 2, path, file: file, line: line)
        let number = String(parts.last ?? "")
        registeredPaths[number] = path
        return number
    }

    /// The object path of a scene `register` registered, by its number.
    func scenePath(_ number: String) -> String { registeredPaths[number] ?? "(scene \(number) not registered by register())" }

    @discardableResult
    func ok(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let output = try orientctl(arguments)
        XCTAssertEqual(output.status, .exited(0), "orientctl \(arguments.joined(separator: " ")): \(output)", file: file, line: line)
        XCTAssertEqual(output.stderr, "", "orientctl \(arguments.joined(separator: " "))", file: file, line: line)
        return output.stdout
    }

    /// The lines of a text output.
    func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}
