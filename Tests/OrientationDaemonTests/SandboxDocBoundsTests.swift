import Foundation
import OrientationCore
import XCTest
@testable import OrientationDaemon

/// docs/sandboxed-apps.md states the bounds on calls that wait; they must be the code's.
final class SandboxDocBoundsTests: XCTestCase {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/sandboxed-apps.md").path

    /// `value` as the docs write numbers: 1,100; 128.
    private func written(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// The text between sentences is reflowed: lines joined with spaces.
    private func text() throws -> String {
        try String(contentsOfFile: Self.doc, encoding: .utf8).replacingOccurrences(of: "\n", with: " ")
    }

    func testTheCallsWaitingForAnIdentityAreTheCodesBound() throws {
        let text = try text()
        let waiting = written(CallerDirectory.waitingPerConnection)
        XCTAssertTrue(text.contains("(at most \(waiting) calls per connection, at most \(CallerDirectory.lookupTimeoutMilliseconds / 1000) s;"),
                      "docs/sandboxed-apps.md must say \(waiting) calls wait while a caller is identified")
        XCTAssertTrue(text.contains("\(waiting) is above the \(written(Limits.default.scenesPerConnection)) scenes a connection may register"))
        XCTAssertGreaterThan(CallerDirectory.waitingPerConnection, Limits.default.scenesPerConnection,
                             "a client sending its whole allowance at once waits rather than fails")
        XCTAssertTrue(text.contains("(The \(waiting) calls that may wait while a connection is identified are per connection"))
    }

    func testTheQueuedExpensiveReadsAreTheCodesBound() throws {
        XCTAssertTrue(try text().contains("the \(CallQueue.pendingPerConnection) expensive reads (`GetManagedObjects`, `GetControllers`, `GetAppPolicies`)"))
    }
}
