import Foundation
import TestSupport
import XCTest

/// A real wlroots compositor (phoc) for the wlroots backend's tests, and wlr-randr reading
/// its outputs back (the test's own reading, not orientd's).
extension OutputTestCase {
    /// The Wayland socket the test's compositor binds in the scratch runtime folder.
    static let waylandSocket = "wayland-0"

    /// What a client of the test's Wayland compositor needs (besides `childEnvironment`).
    var waylandEnvironment: [String: String] { ["WAYLAND_DISPLAY": Self.waylandSocket] }

    /// Starts phoc as root on the scratch runtime folder, with wlroots' headless backend (or
    /// `backends`, such as `x11` inside an X server given by `environment`), and waits until
    /// wlr-randr lists `output`. `config`: a phoc.ini's text (its outputs' modes and scales).
    /// `root`: the phoc of that cached root (`cachedRoot`), not the host's.
    @discardableResult
    func startPhoc(backends: String = "headless", output: String = "HEADLESS-1",
                   environment: [String: String] = [:], config: String? = nil, root: String? = nil) throws -> ChildProcess {
        var launch = PhocLaunch()
        (launch.backends, launch.config, launch.root) = (backends, config, root)
        launch.configPath = config.map { _ in scratch + "/phoc.ini" }
        let (command, phocEnvironment) = try launch.prepare()
        let env = phocEnvironment.merging(environment) { _, new in new }
        let phoc = try start("phoc", command, environment: env)
        try eventually("phoc lists \(output); its log:\n\(phoc.standardError)", timeout: deadline) {
            if let status = phoc.exitStatus { throw TestSupportError("phoc exited (\(status)):\n\(phoc.standardError)") }
            // A killed compositor's socket file stays until the next one binds it: until then
            // wlr-randr cannot connect.
            return (try? wlrRandr())?.contains(output) == true
        }
        return phoc
    }

    /// Runs wlr-randr on the test's compositor; returns its listing (throws when it fails).
    @discardableResult
    func wlrRandr(_ arguments: [String] = []) throws -> String {
        var env = childEnvironment
        env.merge(waylandEnvironment) { _, new in new }
        let result = try runCommand(["wlr-randr"] + arguments, environment: env)
        guard result.succeeded else { throw TestSupportError("wlr-randr \(arguments.joined(separator: " ")) failed: \(result)") }
        return result.stdout
    }

    /// The `Transform:` wlr-randr lists for `output` (wl_output's names: normal, 90, 180, 270).
    func wlrTransform(_ output: String) throws -> String? {
        var inOutput = false
        for line in try wlrRandr().split(separator: "\n") {
            if !line.hasPrefix(" ") { inOutput = line.hasPrefix(output + " ") }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inOutput, trimmed.hasPrefix("Transform: ") { return String(trimmed.dropFirst("Transform: ".count)) }
        }
        return nil
    }

    /// Waits until wlr-randr lists `output` with `transform`.
    func waitForWlrTransform(_ output: String, _ transform: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var last: String?
        try eventually("\(output) Transform: \(transform) (last: \(last ?? "none"))", timeout: deadline, file: file, line: line) {
            last = try wlrTransform(output)
            return last == transform
        }
    }

    /// Turns the "device" (orientd runs with `--sensor none`).
    func turnDevice(_ orientation: String) throws {
        try callManager("SetDeviceOrientation", [.s(orientation)])
    }
}
