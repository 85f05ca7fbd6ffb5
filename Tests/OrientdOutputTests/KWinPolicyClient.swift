import Foundation
import GLibBridge
import OrientationCore
@testable import OrientationDaemon
import TestSupport

/// The test's own Wayland client of KWin, beside orientd's: it reads KWin's outputs (each
/// one's transform and auto-rotate policy, kde_output_device_v2 version 4, or 21 from
/// KWin 6.7's device registry) and sets the policy as KWin's display settings do
/// (kde_output_configuration_v2's set_auto_rotate_policy, version 5). Its connection lives on
/// a loop thread of its own.
final class KWinPolicyClient: @unchecked Sendable {
    let loop = MainLoop.startThread(name: "kwin-policy-client")
    /// KWin's outputs as its latest listing said.
    let heads = LockedValue<[WaylandConnection.Head]>([])
    /// KWin's answers to this client's policy changes, in order.
    let answers = LockedValue<[WaylandConnection.ApplyResult]>([])
    /// Only touched on the loop's thread.
    private var connection: WaylandConnection?

    init(socketPath: String) throws {
        try loop.sync { [self] () throws(WaylandWatchError) in
            let connection = WaylandConnection(socketPath: socketPath, binds: .outputs)
            var handlers = WaylandConnection.Handlers()
            handlers.heads = { [heads] list in heads.withLock { $0 = list } }
            handlers.policyApplied = { [answers] answer in answers.withLock { $0.append(answer) } }
            try connection.open(handlers)
            self.connection = connection
        }
    }

    /// KWin's policy for `output` now (nil: not listed, or none reported).
    func policy(of output: String) -> KWinAutoRotatePolicy? {
        heads.value.first { $0.name == output }?.autoRotatePolicy
    }

    /// The outputs KWin lists to this client.
    var outputNames: [String] { heads.value.map(\.name) }

    /// KWin's transform of `output` now (wl_output's 0–7; nil: not listed, or none reported).
    func transform(of output: String) -> Int32? {
        heads.value.first { $0.name == output }?.transform
    }

    /// Sets KWin's policy for `output` as the user would, and waits for KWin's answer.
    func set(_ policy: KWinAutoRotatePolicy, on output: String, timeout: Duration) throws {
        try eventually("KWin lists \(output) with a policy to the test's client", timeout: timeout) { self.policy(of: output) != nil }
        let before = answers.value.count
        let sent = loop.sync { [self] in connection?.setAutoRotatePolicy(policy, toOutput: output) ?? false }
        guard sent else { throw TestSupportError("the test's client could not ask KWin to set \(output)'s policy to \(policy.words)") }
        try eventually("KWin answers the test's policy change", timeout: timeout) { answers.value.count > before }
        guard answers.value.last == .succeeded else { throw TestSupportError("KWin refused the test's policy \(policy.words) for \(output)") }
    }

    func stop() {
        loop.sync { [self] in
            connection?.close()
            connection = nil
        }
        loop.stopThread()
    }
}

extension OutputTestCase {
    /// The test's own client of the test's KWin, stopped after the test.
    func kwinPolicyClient() throws -> KWinPolicyClient {
        let client = try KWinPolicyClient(socketPath: scratch + "/" + Self.waylandSocket)
        addTeardownBlock { client.stop() }
        return client
    }

    /// Waits until the test's client reads KWin's policy for `output` as `policy`.
    func waitForPolicy(_ policy: KWinAutoRotatePolicy, _ client: KWinPolicyClient, output: String,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        try eventually("KWin's auto-rotate policy for \(output) is \(policy.words) (last: \(client.policy(of: output)?.words ?? "none"))",
                       timeout: deadline, file: file, line: line) {
            client.policy(of: output) == policy
        }
    }
}
