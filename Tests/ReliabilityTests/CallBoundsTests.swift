import Foundation
import GLibBridge
import TestSupport
import XCTest

/// Per-call bounds. An oversized array is refused before it is decoded, at
/// the cost of counting its entries, and the memory it took goes back.
final class CallBoundsTests: ReliabilityTestCase {
    func testAnArrayOfFourMillionEntriesIsRefusedCheaply() throws {
        let pid = orientd.process.pid
        let before = try XCTUnwrap(residentKilobytes(of: pid))
        let huge = Variant(strings: Array(repeating: "portrait", count: 4_000_000))
        let started = ContinuousClock.now
        let result = clientConnection.orientd(Contract.managerPath, Contract.managerInterface, "SetAppPolicy",
                                    [.s("bounds.app"), .vardict(["allowed-orientations": huge])], timeout: 120_000)
        let took = ContinuousClock.now - started
        XCTAssertEqual(result.errorName, E.limit, "\(result)")
        XCTAssertTrue(result.errorMessage.contains("key 'allowed-orientations'") && result.errorMessage.contains("4000000 entries; the limit is 32"),
                      result.errorMessage)
        XCTAssertEqual(try clientConnection.manager("GetAppPolicies").child(at: 0).childCount, 0, "nothing was set")
        let after = try XCTUnwrap(residentKilobytes(of: pid))
        // GDBus parsed the whole message (a GVariant node per name, ~700 MB) before orientd
        // refused it; the refusal has that memory trimmed once GDBus has freed the message.
        // What stays is GDBus's read buffer, as large as the largest message the connection
        // ever received (64 MB here, plus what the heap cannot give back around it: the bus's max_message_size bounds it, not orientd).
        try eventually("orientd gives the refused call's memory back (\(before) kB before it, \(after) kB after)", timeout: .seconds(30)) {
            try XCTUnwrap(residentKilobytes(of: pid)) < before + 160 * 1024
        }
        let returned = try XCTUnwrap(residentKilobytes(of: pid))

        // The legal maximum still works: 32 names, duplicates folded.
        try clientConnection.manager("SetAppPolicy", [.s("bounds.app"), .vardict(["allowed-orientations": .strings(Array(repeating: "portrait", count: 32))])])
        XCTAssertEqual(try clientConnection.manager("GetAppPolicies").child(at: 0).stringDictionary?["bounds.app"]?.vardict?["allowed-orientations"],
                       .strings(["portrait"]))
        let over = clientConnection.orientd(Contract.managerPath, Contract.managerInterface, "SetAppPolicy",
                                  [.s("bounds.app"), .vardict(["allowed-orientations": .strings(Array(repeating: "portrait", count: 33))])])
        XCTAssertEqual(over.errorName, E.limit)
        // Every array of every method has the same bound (here RegisterScene's masks).
        let registration = clientConnection.orientd(Contract.managerPath, Contract.managerInterface, "RegisterScene",
                                          [.vardict(["app-id": .s("bounds.app"), "supported-orientations": .strings(Array(repeating: "all", count: 33))])])
        XCTAssertEqual(registration.errorName, E.limit)
        XCTAssertTrue(clientConnection.orientdAnswers())
        report("huge array", "SetAppPolicy with 4,000,000 allowed-orientations refused with LimitExceeded in \(took); VmRSS \(before) kB before, \(after) kB at the reply, \(returned) kB once trimmed")
    }
}
