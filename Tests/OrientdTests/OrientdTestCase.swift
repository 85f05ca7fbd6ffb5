import Foundation
import GLibBridge
import TestSupport
import XCTest

/// The calls and command-line clients OrientdTests drive orientd with, beside the harness's.
extension OrientdTestCase {
    /// A phone scene that allows portrait and both landscapes (the default supported orientations are portrait only).
    func registerRotatingPhone(_ appId: String = "com.example.app", extra: [String: Variant] = [:],
                               on connection: LoopConnection? = nil) throws -> String {
        var options: [String: Variant] = ["app-id": .s(appId), "supported-orientations": .strings(["all-but-upside-down"])]
        options.merge(extra) { _, new in new }
        return try register(options, on: connection)
    }

    func orientation(of path: String) throws -> String? { try property("InterfaceOrientation", of: path).string }

    /// The OrientationChanged signals recorded, as (path, previous, current, reason).
    func orientationChanges(_ recorder: SignalRecorder) -> [[String]] {
        recorder.signals.filter { $0.member == "OrientationChanged" }.map { signal in
            [signal.path] + signal.parameters.children.map { $0.string ?? "?" }
        }
    }

    /// `busctl --user ARGS`, which must succeed; returns its standard output.
    @discardableResult
    func busctl(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let output = try runClient(["busctl", "--user"] + arguments)
        guard output.succeeded else {
            throw TestSupportError("busctl \(arguments.joined(separator: " ")) failed: \(output)")
        }
        return output.stdout
    }

    /// `busctl --user call` on orientd; returns its standard output.
    @discardableResult
    func busctlCall(_ path: String, _ interface: String, _ method: String, _ arguments: [String] = []) throws -> String {
        try busctl(["call", Contract.busName, path, interface, method] + arguments)
    }

    /// `gdbus call --session` on orientd (the output and status, successful or not).
    func gdbusCall(_ path: String, _ interface: String, _ method: String, _ arguments: [String] = []) throws -> ProcessOutput {
        try runClient(["gdbus", "call", "--session", "--dest", Contract.busName, "--object-path", path,
                       "--method", "\(interface).\(method)"] + arguments)
    }

    /// Runs a Python 3 script with Debian's python3-dbus (libdbus) against orientd's bus.
    func python(_ script: String, arguments: [String] = [], instance: OrientdInstance? = nil) throws -> ProcessOutput {
        try runClient(["/usr/bin/python3", "-c", script] + arguments, instance: instance)
    }
}
