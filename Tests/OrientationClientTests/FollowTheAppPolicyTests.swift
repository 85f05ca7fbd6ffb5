import Foundation
import OrientationClient
import TestSupport
import XCTest

/// `setAppPolicyFollowingTheApp(for:)`: a user policy with no cap over a configured one, and
/// refused where the configuration locks the app's policy.
final class FollowTheAppPolicyTests: ClientTestCase {
    func writeConfiguration(_ text: String) throws {
        try orientd.xdg.writeConfiguration(text)
        try library.reloadConfiguration()
    }

    func testItOverridesAConfiguredCapAndResettingBringsTheCapBack() throws {
        try writeConfiguration("[App org.example.Video]\nAllowedOrientations=landscape\n")
        try library.setAppPolicyFollowingTheApp(for: "org.example.Video")
        var entry = try XCTUnwrap(try library.appPolicies().first { $0.appID == "org.example.Video" })
        XCTAssertEqual(entry.source, "user")
        XCTAssertNil(entry.allowed)
        XCTAssertTrue(entry.followSensor)
        try library.resetSetting(.appPolicy(appID: "org.example.Video"))
        entry = try XCTUnwrap(try library.appPolicies().first { $0.appID == "org.example.Video" })
        XCTAssertNotEqual(entry.source, "user")
        XCTAssertEqual(entry.policy?.allowed, .landscape)
    }

    func testALockedPolicyRefusesIt() throws {
        try writeConfiguration("[App org.example.Video]\nAllowedOrientations=landscape\nLocked=true\n")
        XCTAssertThrowsError(try library.setAppPolicyFollowingTheApp(for: "org.example.Video")) { error in
            XCTAssertEqual((error as? OrientationClientError)?.code, .notPermitted)
        }
    }
}
