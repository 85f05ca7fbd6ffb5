import Foundation
import GLibBridge
import TestSupport
import XCTest

/// A test of orientd turning a real compositor's output: a private session bus, the
/// compositors the test starts on it (stopped after the test), orientd started by the test
/// with its output options, and an in-process client. When a test fails, every log is printed.
///
/// The compositor backends' tests subclass it (Mutter*.swift for mutter; the other backends
/// add their own files).
class OutputTestCase: XCTestCase {
    /// The bus every process of the test uses.
    var bus: PrivateBus!
    /// An in-process client on `bus`.
    var client: LoopConnection!
    /// The orientd started by `launchOrientd`.
    var orientd: OrientdInstance!
    /// Where every process of the test writes: `XDG_RUNTIME_DIR`, config and state folders.
    var scratch = ""
    /// Logs printed if the test fails: a name and a closure reading the log.
    private var logs: [(String, () -> String)] = []
    private var processes: [ChildProcess] = []

    /// Generous: CI is a loaded 2-core machine, and a compositor takes a while to start there.
    let deadline: Duration = .seconds(30)

    override func setUpWithError() throws {
        scratch = try OrientdInstance.temporaryDirectory()
        bus = try PrivateBus()
        client = try bus.connectWithLoop(name: "output-test-client")
        addTeardownBlock { [unowned self] in
            if (self.testRun?.totalFailureCount ?? 0) > 0 {
                for (name, log) in self.logs { print("---- \(name) log (\(self.name)) ----\n\(log())---- end of log ----") }
            }
            if let orientd = self.orientd, orientd.process.isRunning { orientd.stop() }
            for process in self.processes where process.isRunning { process.stop() }
            self.client?.close()
            self.bus?.stop()
            try? FileManager.default.removeItem(atPath: self.scratch)
            (self.client, self.orientd, self.bus, self.logs, self.processes) = (nil, nil, nil, [], [])
        }
    }

    /// The environment every child of the test gets: the private bus, the scratch runtime
    /// folder, GSettings in a keyfile under the scratch folder (never the user's), and no
    /// display of the machine running the tests.
    var childEnvironment: [String: String] {
        var env = bus.sessionEnvironment
        env["XDG_RUNTIME_DIR"] = scratch
        env["XDG_CONFIG_HOME"] = scratch + "/config"
        env["GSETTINGS_BACKEND"] = "keyfile"
        env["DISPLAY"] = ""
        env["WAYLAND_DISPLAY"] = ""
        return env
    }

    /// Starts a child process whose log is printed if the test fails, stopped after the test.
    func start(_ name: String, _ argv: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        var env = childEnvironment
        env.merge(environment) { _, new in new }
        let process = try ChildProcess(argv, environment: env)
        processes.append(process)
        logs.append((name, { process.standardError + process.standardOutput }))
        return process
    }

    /// Starts orientd on the test's bus with `arguments` (after `--sensor none`) and waits
    /// until it owns its name.
    @discardableResult
    func launchOrientd(_ arguments: [String], environment: [String: String] = [:]) throws -> OrientdInstance {
        var env = childEnvironment
        env.merge(environment) { _, new in new }
        let instance = try OrientdInstance(arguments: ["--sensor", "none", "--verbose"] + arguments, environment: env,
                                           bus: bus, stateHome: scratch + "/state")
        orientd = instance
        logs.append(("orientd", { instance.log }))
        try callManager("SetSettleTime", [.u(0)])
        return instance
    }

    // MARK: orientd

    @discardableResult
    func callManager(_ method: String, _ arguments: [Variant] = []) throws -> Variant {
        try client.connection.call(destination: ContractNames.busName, path: ContractNames.managerPath,
                                   interface: ContractNames.managerInterface, method: method,
                                   parameters: Variant(tuple: arguments), timeoutMilliseconds: 10_000)
    }

    @discardableResult
    func callScene(_ path: String, _ method: String, _ arguments: [Variant] = []) throws -> Variant {
        try client.connection.call(destination: ContractNames.busName, path: path, interface: ContractNames.sceneInterface,
                                   method: method, parameters: Variant(tuple: arguments), timeoutMilliseconds: 10_000)
    }

    /// A pad scene on the built-in display that supports every orientation, made
    /// `foreground-active`; returns its path.
    func registerScene(_ appId: String = "org.example.Output") throws -> String {
        let reply = try callManager("RegisterScene", [.vardict([
            "app-id": .s(appId), "idiom": .s("pad"), "supported-orientations": .strings(["all"]),
        ])])
        let path = try XCTUnwrap(reply.child(at: 0).string)
        try callScene(path, "SetActivationState", [.s("foreground-active")])
        return path
    }

    /// A manager property (unboxed).
    func managerProperty(_ name: String) throws -> Variant {
        let reply = try client.connection.call(
            destination: ContractNames.busName, path: ContractNames.managerPath, interface: ContractNames.properties,
            method: "Get", parameters: Variant(tuple: [.s(ContractNames.managerInterface), .s(name)]),
            replyType: "(v)", timeoutMilliseconds: 10_000)
        return try XCTUnwrap(reply.child(at: 0).unboxed)
    }

    /// Waits until orientd's manager property `name` is the string (or path) `value`.
    func waitForProperty(_ name: String, _ value: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var last = ""
        try eventually("\(name) = '\(value)' (last: '\(last)')", timeout: deadline, file: file, line: line) {
            last = try managerProperty(name).string ?? "?"
            return last == value
        }
    }

    /// `orientctl status`'s `Output:` line, as a user sees it (no colours).
    func statusOutputLine(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let status = try runCommand([OrientdInstance.product("orientctl"), "status"],
                                    environment: childEnvironment.merging(["NO_COLOR": "1"]) { _, new in new })
        XCTAssertTrue(status.succeeded, "\(status)", file: file, line: line)
        return status.stdout.split(separator: "\n").first { $0.hasPrefix("Output:") }.map(String.init) ?? ""
    }

    /// Waits until `OutputStatus` is `why`, and checks `orientctl status` says it.
    func waitForOutputStatus(_ why: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitForProperty("OutputBackend", "none", file: file, line: line)
        try waitForProperty("OutputStatus", why, file: file, line: line)
        XCTAssertEqual(try statusOutputLine(file: file, line: line), "Output: none: \(why)", file: file, line: line)
    }

    /// The lines of orientd's log holding `fragment`.
    func orientdLogLines(containing fragment: String) -> [Substring] {
        orientd.log.split(separator: "\n").filter { $0.contains(fragment) }
    }
}
