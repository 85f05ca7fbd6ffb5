import OrientationClient
import OrientationSettingsKit
import XCTest

/// The four choices are four app policies (or none), and a policy in force reads back as
/// the choice that sets it.
final class AppChoiceTests: XCTestCase {
    func testEachChoiceSetsItsPolicy() {
        XCTAssertNil(AppChoice.followApp.policy)
        XCTAssertEqual(AppChoice.any.policy, AppPolicy(allowed: .all))
        XCTAssertEqual(AppChoice.portraitOnly.policy, AppPolicy(allowed: .portrait))
        XCTAssertEqual(AppChoice.landscapeOnly.policy, AppPolicy(allowed: .landscape))
    }

    func testAPolicyReadsBackAsTheChoiceThatSetsIt() {
        for choice in AppChoice.allCases {
            XCTAssertEqual(AppChoice(policy: choice.policy), choice)
        }
        XCTAssertEqual(AppChoice(policy: AppPolicy(allowed: nil)), .followApp)
    }

    func testAPolicyNoChoiceGivesIsNone() {
        XCTAssertNil(AppChoice(policy: AppPolicy(allowed: [.portrait, .portraitUpsideDown])))
        XCTAssertNil(AppChoice(policy: AppPolicy(allowed: .landscapeLeft)))
        XCTAssertNil(AppChoice(policy: AppPolicy(allowed: .portrait, followSensor: false)))
    }

    func testEachChoiceHasItsOwnWords() {
        XCTAssertEqual(AppChoice.allCases.map(\.title), ["Follow the app", "Any orientation", "Portrait only", "Landscape only"])
        XCTAssertEqual(Set(AppChoice.allCases.map(\.detail)).count, 4)
    }
}
