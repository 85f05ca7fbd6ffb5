import Foundation
import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// A test with a built orientd on a private bus (settle time 0) and an `OrientationClient`
/// connected to it. Prints orientd's log when a test fails.
class ClientTestCase: XCTestCase {
    var orientd: OrientdInstance!
    var client: OrientationClient!

    override func setUpWithError() throws {
        orientd = try OrientdInstance()
        addTeardownBlock { [unowned self] in
            if (self.testRun?.totalFailureCount ?? 0) > 0, let orientd = self.orientd {
                print("orientd log:\n\(orientd.log)")
            }
        }
        // Device rotations apply at once, so the tests need not wait for the settle time.
        let setup = try orientd.bus.connect()
        defer { setup.close() }
        try setup.call(destination: OrientationClient.busName, path: OrientationClient.managerPath,
                       interface: OrientationClient.managerInterface, method: "SetSettleTime",
                       parameters: Variant(tuple: [Variant(uint32: 0)]))
        client = try OrientationClient(address: orientd.bus.address, timeout: .seconds(25))
    }

    override func tearDown() {
        client?.close()
        client = nil
        orientd?.stop()
        orientd = nil
    }

    /// Another client of the same bus.
    func makeClient() throws -> OrientationClient {
        try OrientationClient(address: orientd.bus.address, timeout: .seconds(25))
    }

    /// The phone scene of the video-player flow: whitelist portrait and landscape.
    func registerPhoneScene(appID: String = "org.example.Test", detached: Bool = false,
                            on client: OrientationClient? = nil) throws -> OrientationScene {
        try (client ?? self.client).registerScene(SceneOptions(
            appID: appID, supportedOrientations: [.portrait, .landscape], detached: detached))
    }

    /// The object paths of the scenes orientd exports now (ObjectManager.GetManagedObjects).
    func exportedScenes() throws -> [String] {
        let connection = try orientd.bus.connect()
        defer { connection.close() }
        let reply = try connection.call(
            destination: OrientationClient.busName, path: OrientationClient.managerPath,
            interface: "org.freedesktop.DBus.ObjectManager", method: "GetManagedObjects",
            replyType: "(a{oa{sa{sv}}})")
        return reply.child(at: 0).children.compactMap { $0.child(at: 0).string }
    }

    /// Asserts that `body` fails with the error `code`, and returns the error.
    @discardableResult
    func assertFails<T>(_ code: OrientationClientError.Code, file: StaticString = #filePath, line: UInt = #line,
                        _ body: () throws(OrientationClientError) -> T) -> OrientationClientError? {
        do {
            let value = try body()
            XCTFail("expected \(code.rawValue), got \(value)", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.name, code.rawValue, "\(error)", file: file, line: line)
            XCTAssertEqual(error.code, code, file: file, line: line)
            XCTAssertFalse(error.message.isEmpty, file: file, line: line)
            return error
        }
    }
}

/// Runs `body` with a deadline: fails with `TestSupportError` if it has not returned by then
/// (the body is cancelled).
func withDeadline<T: Sendable>(
    _ timeout: Duration = .seconds(20), _ what: String,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw TestSupportError("timed out after \(timeout) waiting for \(what)")
        }
        return value
    }
}

/// Collects every element of `stream` until it finishes (within the deadline).
func collect<Element: Sendable>(_ stream: AsyncStream<Element>, _ what: String,
                                timeout: Duration = .seconds(20)) async throws -> [Element] {
    try await withDeadline(timeout, what) {
        var elements: [Element] = []
        for await element in stream { elements.append(element) }
        return elements
    }
}
