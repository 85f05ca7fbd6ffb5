import Foundation
import GLibBridge
import OrientationClient
import TestSupport
import XCTest

/// A test with the harness's orientd on a private bus (settle time 0: device rotations apply
/// at once) and the library under test connected to it (`library`; the harness's `client` is
/// a plain connection). orientd's log is printed when a test fails.
class ClientTestCase: OrientdTestCase {
    var library: OrientationClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = try makeClient()
        // Closed before the harness stops orientd (teardown blocks run last first).
        addTeardownBlock { [unowned self] in
            self.library?.close()
            self.library = nil
        }
    }

    /// Another client of the same bus.
    func makeClient() throws -> OrientationClient {
        try OrientationClient(address: orientd.bus.address, timeout: .seconds(25))
    }

    /// The phone scene of the video-player flow: supported orientations portrait and landscape.
    func registerPhoneScene(appID: String = "org.example.Test", detached: Bool = false,
                            on library: OrientationClient? = nil) throws -> OrientationScene {
        try (library ?? self.library).registerScene(SceneOptions(
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
